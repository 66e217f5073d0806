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

/// What counts in the records, from assets/records.txt.
pub const RECORDS_TEXT: &str = include_str!("../../assets/records.txt");

/// The help overlay.
pub struct Help<'a> {
    /// Bindings to list.
    pub keys: &'a KeyBindings,
    /// Styles.
    pub theme: &'a Theme,
}

impl Widget for Help<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        // The footer's line stays visible below the box.
        let area = Rect {
            height: area.height.saturating_sub(1),
            ..area
        };
        let intro: Vec<Line> = HELP_TEXT.lines().map(Line::raw).collect();
        let records: Vec<Line> = RECORDS_TEXT.lines().map(Line::raw).collect();
        let levels = level_lines(self.theme);
        let keys = key_lines(self.keys, self.theme);
        let footer = Line::styled("Press any key to go back.", self.theme.dim);
        // On a short screen the record rules go first (`slide stats --help` has them too),
        // then the intro, then the level table (`slide levels` has it too); the keys always
        // stay, since they are what a player opens help for.
        let room = usize::from(area.height.saturating_sub(2));
        let needed = |parts: &[&Vec<Line>]| parts.iter().map(|p| p.len() + 1).sum::<usize>() + 1;
        let mut sections: Vec<Vec<Line>> = Vec::new();
        if needed(&[&intro, &levels, &records, &keys]) <= room {
            sections.push(intro);
            sections.push(levels);
            sections.push(records);
        } else if needed(&[&intro, &levels, &keys]) <= room {
            sections.push(intro);
            sections.push(levels);
        } else if needed(&[&levels, &keys]) <= room {
            sections.push(levels);
        }
        sections.push(keys);
        let mut lines = Vec::new();
        for section in sections {
            lines.extend(section);
            lines.push(Line::raw(""));
        }
        lines.push(footer);
        overlay::draw(area, buf, " Help ", self.theme.accent, lines);
    }
}

/// Every action and its keys, in two columns to keep the box short.
fn key_lines(keys: &KeyBindings, theme: &Theme) -> Vec<Line<'static>> {
    let mut entries: Vec<(String, String)> = keys
        .all()
        .into_iter()
        .map(|(action, names)| {
            let names: Vec<&str> = names.iter().map(|n| n.get_ref().as_str()).collect();
            (action.config_name().replace('_', " "), names.join(" "))
        })
        .collect();
    entries.push(("quit now".to_string(), "Ctrl-c".to_string()));
    let half = entries.len().div_ceil(2);
    let key_width = entries[..half]
        .iter()
        .map(|(_, k)| k.chars().count())
        .max()
        .unwrap_or(0);
    (0..half)
        .map(|row| {
            let (action, names) = &entries[row];
            let mut spans = vec![
                Span::styled(format!("{action:<9}"), theme.dim),
                Span::styled(format!("{names:<key_width$}"), theme.key),
            ];
            if let Some((action, names)) = entries.get(row + half) {
                spans.push(Span::styled(format!("   {action:<9}"), theme.dim));
                spans.push(Span::styled(names.clone(), theme.key));
            }
            Line::from(spans)
        })
        .collect()
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
