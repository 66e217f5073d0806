//! "Restart this puzzle?": the restart key again confirms, any other key keeps the game.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::ui::context::{Context, View};
use crate::ui::keys::Action;
use crate::ui::screen::{Screen, Transition};
use crate::ui::widgets::overlay;

/// The restart question.
#[derive(Debug, Default)]
pub struct ConfirmRestart;

impl Screen for ConfirmRestart {
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        match action {
            Action::Restart | Action::Confirm => {
                ctx.session.restart(ctx.engine, &ctx.settings.config);
                Transition::Pop
            }
            Action::Quit => Transition::Quit,
            _ => {
                ctx.session.status = Some("Kept your game.".into());
                Transition::Pop
            }
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        let theme = &view.settings.theme;
        let keys = &view.settings.keys;
        let restart_key = keys.name(Action::Restart);
        let or_enter = match keys.name(Action::Confirm) {
            enter if enter == "Enter" => " (or Enter)".to_string(),
            _ => String::new(),
        };
        let lines = vec![
            Line::raw("Start this puzzle again from the first position?"),
            Line::raw("Your moves so far are taken back."),
            Line::raw(""),
            Line::styled(
                format!("{restart_key} again{or_enter} restarts · any other key plays on"),
                theme.dim,
            ),
        ];
        overlay::draw(area, buf, " Restart? ", theme.accent, lines);
    }
}
