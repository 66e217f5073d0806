//! The help overlay: how to play and every key.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use slide::config::KeyBindings;
use slide::difficulty::{DAILY_LEVEL, Level, bands};
use slide::puzzle::Size;

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
        lines.extend(level_lines(self.theme));
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

/// The levels' bands of optimal moves per size, as a small table.
fn level_lines(theme: &Theme) -> Vec<Line<'static>> {
    let cells = |first: String, rest: Vec<String>| {
        let row: String = std::iter::once(format!("{first:<6}"))
            .chain(rest.iter().map(|c| format!("{c:<9}")))
            .collect();
        row.trim_end().to_string()
    };
    let header = cells(
        String::new(),
        Level::BANDED.iter().map(|l| l.name().to_string()).collect(),
    );
    let mut lines = vec![
        Line::raw("Levels, by the moves a board needs at best:"),
        Line::styled(header, theme.dim),
    ];
    for size in Size::ALL {
        let ranges = bands(size)
            .iter()
            .map(|(_, b)| format!("{}-{}", b.min, b.max))
            .collect();
        lines.push(Line::raw(cells(size.to_string(), ranges)));
    }
    lines.push(Line::raw("random: any solvable board, the classic shuffle."));
    lines.push(Line::raw(format!(
        "daily: {}, one board per size per UTC day, for all.",
        DAILY_LEVEL.name()
    )));
    lines
}
