//! The new-game menu: size and level.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Widget;
use slide::difficulty::Level;
use slide::puzzle::Size;

use crate::ui::app::Menu;
use crate::ui::overlay;
use crate::ui::theme::Theme;

/// The menu overlay.
pub struct MenuView<'a> {
    /// The choices.
    pub menu: &'a Menu,
    /// Styles.
    pub theme: &'a Theme,
}

impl Widget for MenuView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let m = self.menu;
        let pick = |row: usize, text: String| {
            let selected = m.row == row;
            let style = if selected {
                Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
            } else {
                Style::new()
            };
            Line::styled(format!("{} {text}", if selected { "▸" } else { " " }), style)
        };
        let lines = vec![
            pick(0, format!("Size   ◀ {} ▶", Size::ALL[m.size])),
            pick(1, format!("Level  ◀ {:<6} ▶", Level::ALL[m.level])),
            pick(2, "Start".to_string()),
            Line::raw(""),
            Line::styled("↑↓ choose  ←→ change", self.theme.dim),
            Line::styled("Enter start  q back", self.theme.dim),
        ];
        overlay::draw(area, buf, " New game ", self.theme.accent, lines);
    }
}
