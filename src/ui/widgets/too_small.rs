//! The screen shown when the terminal is smaller than the smallest layout.

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// "terminal too small: need W×H, have w×h".
pub struct TooSmall {
    /// Needed (w, h).
    pub need: (u16, u16),
    /// Current (w, h).
    pub have: (u16, u16),
    /// The quit key's name (the only key taken while the board is hidden).
    pub quit: String,
}

impl TooSmall {
    /// The screen for a terminal of `have` that needs `need`, naming the quit key of `keys`.
    pub fn new(need: (u16, u16), have: (u16, u16), keys: &crate::ui::keys::Bindings) -> TooSmall {
        let quit = keys.name(crate::ui::keys::Action::Quit);
        TooSmall { need, have, quit }
    }
}

impl Widget for TooSmall {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = vec![
            Line::from(format!(
                "terminal too small: need {}×{}, have {}×{}",
                self.need.0, self.need.1, self.have.0, self.have.1
            )),
            Line::from(format!("enlarge the window, or press {} to quit", self.quit)),
        ];
        let top = area.height.saturating_sub(2) / 2;
        let inner = Rect::new(area.x, area.y + top, area.width, area.height - top);
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .render(inner, buf);
    }
}
