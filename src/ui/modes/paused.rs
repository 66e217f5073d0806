//! Paused: the board is hidden and the clock stopped; any key goes back to the game.

use crate::ui::keys::Action;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Widget};

use crate::ui::app::{App, Mode};
use crate::ui::theme::Theme;
use crate::ui::widgets::overlay;

impl App {
    /// Pauses the game (from playing).
    pub(crate) fn pause(&mut self) {
        self.mode = Mode::Paused;
    }

    /// Any key but quit resumes.
    pub(crate) fn update_paused(&mut self, action: Action) {
        if action == Action::Quit {
            self.quit = true;
        } else {
            self.mode = Mode::Playing;
        }
    }
}

/// The paused screen: the board area is blanked, so a pause can't be used to think.
pub struct PausedView<'a> {
    /// Where the board is.
    pub board: Rect,
    /// Styles.
    pub theme: &'a Theme,
}

impl Widget for PausedView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        Clear.render(self.board, buf);
        let lines = vec![
            Line::raw("The clock is stopped and the board hidden."),
            Line::raw(""),
            Line::styled("Press any key to play on.", self.theme.dim),
        ];
        overlay::draw(area, buf, " Paused ", self.theme.accent, lines);
    }
}
