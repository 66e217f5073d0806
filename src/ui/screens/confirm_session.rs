//! "Begin a new session?": the new-session key again (or Enter) begins it, any other key
//! keeps the session. The answer is said where the player looks: the session screen's
//! title then shows the new start, and the board's status line says it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::ui::context::{Context, View};
use crate::ui::keys::Action;
use crate::ui::screen::{Screen, Transition};
use crate::ui::widgets::overlay;

/// The new-session question.
#[derive(Debug, Default)]
pub struct ConfirmNewSession;

impl Screen for ConfirmNewSession {
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        match action {
            Action::NewSession | Action::Confirm => {
                ctx.current.persist.new_session();
                let since = ctx.current.persist.session_figures().since;
                let at = slide::game::utc_date_time(std::time::UNIX_EPOCH + std::time::Duration::from_millis(since));
                let time = at.get(11..16).unwrap_or(&at);
                ctx.current.status = Some(format!("A new session began at {time} UTC."));
                Transition::Pop
            }
            Action::Quit => Transition::Quit,
            _ => {
                ctx.current.status = Some("Kept this session.".into());
                Transition::Pop
            }
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        let theme = &view.settings.theme;
        let keys = &view.settings.keys;
        let again = keys.name(Action::NewSession);
        let or_enter = match keys.name(Action::Confirm) {
            enter if enter == "Enter" => " (or Enter)".to_string(),
            _ => String::new(),
        };
        let lines = vec![
            Line::raw("Begin a new session?"),
            Line::raw("Its count, averages and histograms start empty."),
            Line::styled("Your records and history are kept.", theme.dim),
            Line::raw(""),
            Line::styled(
                format!("{again} again{or_enter} begins it · any other key keeps this one"),
                theme.dim,
            ),
        ];
        overlay::draw(area, buf, " New session? ", theme.accent, lines);
    }
}
