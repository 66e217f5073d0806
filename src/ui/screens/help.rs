//! The help overlay: how to play and every key.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use slide::config::ArrowsMove;
use slide::difficulty::{DAILY_LEVEL, Level, bands};
use slide::puzzle::Size;

use crate::ui::context::{Context, View};
use crate::ui::keys::{Action, Bindings};
use crate::ui::screen::{Screen, Transition};
use crate::ui::theme::Theme;
use crate::ui::widgets::overlay;

/// What the game is, from assets/help.txt.
pub const HELP_TEXT: &str = include_str!("../../../assets/help.txt");

/// What counts in the records, from assets/records.txt.
pub const RECORDS_TEXT: &str = include_str!("../../../assets/records.txt");

/// The help, scrolled.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Help {
    /// The first line shown.
    pub scroll: u16,
}

impl Screen for Help {
    /// ↑/↓ and Page Up/Down scroll; any other key closes the help (and never quits).
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        let blank = ctx.settings.config.game.arrows_move == ArrowsMove::Blank;
        let total = help_lines(&ctx.settings.keys, &ctx.settings.theme, blank).len() as u16;
        let page = visible_rows(ctx.area).max(1);
        let max = total.saturating_sub(page);
        self.scroll = match action {
            Action::Up => self.scroll.saturating_sub(1),
            Action::Down => (self.scroll + 1).min(max),
            Action::PageUp => self.scroll.saturating_sub(page),
            Action::PageDown => (self.scroll + page).min(max),
            _ => return Transition::Pop,
        };
        Transition::Stay
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        HelpView {
            keys: &view.settings.keys,
            theme: &view.settings.theme,
            scroll: self.scroll,
            blank: view.settings.config.game.arrows_move == ArrowsMove::Blank,
        }
        .render(area, buf);
    }

    fn watches_board(&self) -> bool {
        true
    }
}

/// The rows of help text the box shows at once on a screen of `area`: the screen less
/// the footer line, the box's borders and its own last line.
fn visible_rows(area: Rect) -> u16 {
    area.height.saturating_sub(4)
}

/// Every line of the help: the goal first, then the keys, the levels and the records.
fn help_lines(keys: &Bindings, theme: &Theme, blank: bool) -> Vec<Line<'static>> {
    let direction = if blank {
        "A direction key moves the gap that way: the tile\nbeside it slides the other way."
    } else {
        "A direction key slides the tile beside the gap\nthat way (Left slides the tile right of it left)."
    };
    let intro = HELP_TEXT.replace("{direction}", direction);
    let mut lines: Vec<Line> = intro.lines().map(|l| Line::raw(l.to_string())).collect();
    lines.push(Line::raw(""));
    lines.extend(key_lines(keys, theme));
    lines.push(Line::raw(""));
    lines.extend(level_lines(theme));
    lines.push(Line::raw(""));
    lines.extend(RECORDS_TEXT.lines().map(|l| Line::raw(l.to_string())));
    lines
}

/// The help box: the text, scrolled, with how to scroll and close it.
pub struct HelpView<'a> {
    /// Bindings to list.
    pub keys: &'a Bindings,
    /// Styles.
    pub theme: &'a Theme,
    /// Where it is scrolled to.
    pub scroll: u16,
    /// Whether direction keys move the blank.
    pub blank: bool,
}

impl Widget for HelpView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let all = help_lines(self.keys, self.theme, self.blank);
        let rows = usize::from(visible_rows(area));
        // The footer's line stays visible below the box.
        let area = Rect {
            height: area.height.saturating_sub(1),
            ..area
        };
        let total = all.len();
        let scroll = usize::from(self.scroll).min(total.saturating_sub(rows));
        let mut lines: Vec<Line> = all.into_iter().skip(scroll).take(rows).collect();
        let last = if total > rows {
            let shown_to = (scroll + rows).min(total);
            format!("↑↓ PgUp PgDn scroll ({shown_to}/{total}) · other keys close")
        } else {
            "Press any key to go back.".to_string()
        };
        lines.push(Line::styled(last, self.theme.dim));
        overlay::draw(area, buf, " Help ", self.theme.accent, lines);
    }
}

/// Every action and its keys, in two columns to keep the box short.
fn key_lines(keys: &Bindings, theme: &Theme) -> Vec<Line<'static>> {
    let mut entries: Vec<(String, String)> = keys
        .written()
        .map(|(action, names)| (action.config_name().replace('_', " "), names.join(" ")))
        .collect();
    entries.push(("quit now".to_string(), "Ctrl-c".to_string()));
    let half = entries.len().div_ceil(2);
    let label = entries.iter().map(|(a, _)| a.chars().count()).max().unwrap_or(0) + 1;
    let key_width = entries[..half]
        .iter()
        .map(|(_, k)| k.chars().count())
        .max()
        .unwrap_or(0);
    (0..half)
        .map(|row| {
            let (action, names) = &entries[row];
            let mut spans = vec![
                Span::styled(format!("{action:<label$}"), theme.dim),
                Span::styled(format!("{names:<key_width$}"), theme.key),
            ];
            if let Some((action, names)) = entries.get(row + half) {
                spans.push(Span::styled(format!("   {action:<label$}"), theme.dim));
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
