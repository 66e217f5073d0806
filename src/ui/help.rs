//! The help overlay: how to play and every key.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use slide::config::KeyBindings;

use crate::ui::overlay;
use crate::ui::theme::Theme;

/// What the game is, from assets/help.txt.
pub const HELP_TEXT: &str = include_str!("../../assets/help.txt");

/// The help overlay.
pub struct Help<'a> {
    /// Bindings to list.
    pub keys: &'a KeyBindings,
    /// Styles.
    pub theme: &'a Theme,
}

impl Widget for Help<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut lines: Vec<Line> = HELP_TEXT.lines().map(Line::raw).collect();
        lines.push(Line::raw(""));
        for (action, names) in self.keys.all() {
            let keys: Vec<&str> = names.iter().map(|n| n.get_ref().as_str()).collect();
            lines.push(Line::from(vec![
                Span::styled(
                    format!("{:<10}", action.config_name().replace('_', " ")),
                    self.theme.dim,
                ),
                Span::styled(keys.join("  "), self.theme.key),
            ]));
        }
        lines.push(Line::from(vec![
            Span::styled(format!("{:<10}", "quit now"), self.theme.dim),
            Span::styled("Ctrl-c", self.theme.key),
        ]));
        lines.push(Line::raw(""));
        lines.push(Line::styled("Press any key to go back.", self.theme.dim));
        overlay::draw(area, buf, " Help ", self.theme.accent, lines);
    }
}
