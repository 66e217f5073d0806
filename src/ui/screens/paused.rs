//! Paused: the board is hidden and the clock stopped; any key goes back to the game.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Widget};

use crate::ui::context::{Context, View};
use crate::ui::keys::Action;
use crate::ui::screen::{Screen, Transition};
use crate::ui::widgets::layout::{Fit, fit};
use crate::ui::widgets::overlay;

/// The paused screen: the board area is blanked, so a pause can't be used to think.
#[derive(Debug, Default)]
pub struct Paused;

impl Screen for Paused {
    /// Any key but quit resumes.
    fn update(&mut self, action: Action, _ctx: &mut Context) -> Transition {
        if action == Action::Quit {
            Transition::Quit
        } else {
            Transition::Pop
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        if let Fit::Fits(layout) = fit(area, view.current.game.size().side() as u16) {
            Clear.render(layout.board, buf);
        }
        let theme = &view.settings.theme;
        let lines = vec![
            Line::raw("The clock is stopped and the board hidden."),
            Line::raw(""),
            Line::styled("Press any key to play on.", theme.dim),
        ];
        overlay::draw(area, buf, " Paused ", theme.accent, lines);
    }
}
