//! "Restart this puzzle?": the restart key again confirms, any other key keeps the game.
//! The question says what the attempt given up will count as, as the model decides it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use slide::game::{Ending, Game, Outcome};

use crate::ui::context::{Context, View};
use crate::ui::keys::Action;
use crate::ui::screen::{Screen, Transition};
use crate::ui::theme::Theme;
use crate::ui::widgets::overlay;

/// What the attempt counts as if it ends by `ending` now, as the model decides it: a line
/// for a DNF or a give-up, none when nothing would be recorded.
pub fn counts_as(game: &Game, ending: Ending, theme: &Theme) -> Option<Line<'static>> {
    match game.would_record(ending) {
        Some(Outcome::Dnf) => Some(Line::styled("This attempt then counts as a DNF.", theme.accent)),
        Some(Outcome::GaveUp) => Some(Line::raw("This attempt then counts as given up (it was helped).")),
        _ => None,
    }
}

/// " (or Enter)" while Enter is free to confirm, else nothing.
pub fn or_enter(view: &View) -> String {
    match view.settings.keys.name(Action::Confirm) {
        enter if enter == "Enter" => " (or Enter)".to_string(),
        _ => String::new(),
    }
}

/// The restart question.
#[derive(Debug, Default)]
pub struct ConfirmRestart;

impl Screen for ConfirmRestart {
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        match action {
            Action::Restart | Action::Confirm => {
                ctx.current.restart(ctx.engine, &ctx.settings.config);
                Transition::Pop
            }
            Action::Quit => Transition::Quit,
            _ => {
                ctx.current.status = Some("Kept your game.".into());
                Transition::Pop
            }
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        let theme = &view.settings.theme;
        let keys = &view.settings.keys;
        let restart_key = keys.name(Action::Restart);
        let or_enter = or_enter(view);
        let game = &view.current.game;
        let mut lines = vec![
            Line::raw("Start this puzzle again from the first position?"),
            Line::raw("Your moves so far are taken back."),
        ];
        lines.extend(counts_as(game, Ending::Restarted, theme));
        if game.assisted() {
            lines.push(Line::styled("The puzzle stays assisted after a restart.", theme.dim));
        }
        lines.extend([
            Line::raw(""),
            Line::styled(
                format!("{restart_key} again{or_enter} restarts · any other key plays on"),
                theme.dim,
            ),
        ]);
        overlay::draw(area, buf, " Restart? ", theme.accent, lines);
    }
}
