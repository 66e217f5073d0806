//! The new-game menu (size, and a level or today's daily puzzle), and the box shown while
//! the chosen board is dealt.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Widget;
use slide::difficulty::Level;
use slide::puzzle::Size;

use crate::ui::app::{Dealing, Menu};
use crate::ui::overlay;
use crate::ui::panel::SPINNER;
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
        let mut lines = vec![
            pick(0, format!("Size   ◀ {} ▶", Size::ALL[m.size])),
            pick(1, format!("Level  ◀ {:<6} ▶", level_name(m.level))),
            pick(2, "Start".to_string()),
        ];
        if !m.resumable.is_empty() {
            lines.push(Line::raw(""));
            for (i, (_, summary)) in m.resumable.iter().enumerate() {
                lines.push(pick(3 + i, format!("Resume {summary}")));
            }
        }
        lines.extend([
            Line::raw(""),
            Line::styled("↑↓ choose  ←→ change", self.theme.dim),
            Line::styled("Enter start  q back", self.theme.dim),
        ]);
        overlay::draw(area, buf, " New game ", self.theme.accent, lines);
    }
}

fn level_name(index: usize) -> String {
    Level::ALL
        .get(index)
        .map_or_else(|| "daily".to_string(), ToString::to_string)
}

/// The box shown while a new board is dealt in the background.
pub struct DealingView<'a> {
    /// The deal in progress.
    pub dealing: &'a Dealing,
    /// Styles.
    pub theme: &'a Theme,
}

impl Widget for DealingView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let d = self.dealing;
        let frame = SPINNER[(d.since.elapsed().as_millis() / 100) as usize % SPINNER.len()];
        let what = match d.request.daily {
            Some(date) => format!("the {} daily puzzle of {date}", d.request.size),
            None => format!("a {} {} board", d.request.size, d.request.level),
        };
        let lines = vec![
            Line::styled(format!("{frame} Dealing {what}…"), self.theme.accent),
            Line::raw(""),
            Line::styled(if d.first { "q quit" } else { "q back to the game" }, self.theme.dim),
        ];
        overlay::draw(area, buf, " New game ", self.theme.accent, lines);
    }
}
