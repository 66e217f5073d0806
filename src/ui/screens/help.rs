//! The help overlay: every key first, then how to play (naming the keys as bound), the
//! levels and what counts in the records.

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

/// The help, scrolled. Its place is the text at the top of the box (which piece, and where
/// in it), not a line number, so that it stays on the same text when a resize wraps the
/// paragraphs anew.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Help {
    /// The piece of text at the top of the box, and the character its top line starts at.
    pub top: (usize, usize),
}

impl Screen for Help {
    /// The up and down keys, Page Up and Page Down scroll; any other key closes the help
    /// (and never quits).
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        let blank = ctx.settings.config.game.arrows_move == ArrowsMove::Blank;
        let lines = laid_out(
            &pieces(&ctx.settings.keys, &ctx.settings.theme, blank),
            text_width(ctx.area),
        );
        let page = usize::from(visible_rows(ctx.area)).max(1);
        let max = lines.len().saturating_sub(page);
        let at = top_index(&lines, self.top).min(max);
        let to = match action {
            Action::Up => at.saturating_sub(1),
            Action::Down => (at + 1).min(max),
            Action::PageUp => at.saturating_sub(page),
            Action::PageDown => (at + page).min(max),
            _ => return Transition::Pop,
        };
        self.top = lines.get(to).map_or((0, 0), |l| l.at);
        Transition::Stay
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        HelpView {
            keys: &view.settings.keys,
            theme: &view.settings.theme,
            top: self.top,
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

/// The width the help's paragraphs are wrapped to on a screen of `area`.
fn text_width(area: Rect) -> usize {
    usize::from(area.width.saturating_sub(8)).clamp(20, 72)
}

/// A piece of the help: a line drawn as it is (a table's row, a title), or a paragraph
/// wrapped to the box (its continuation lines indented by `indent`).
enum Piece {
    Fixed(Line<'static>),
    Text { text: String, indent: usize },
}

/// One line of the help as drawn, and where it starts: (piece, character).
struct Laid {
    line: Line<'static>,
    at: (usize, usize),
}

/// Every piece of the help: the keys first, then the goal and the rules (naming the keys
/// as bound), the levels, and what counts in the records.
fn pieces(keys: &Bindings, theme: &Theme, blank: bool) -> Vec<Piece> {
    let mut pieces = vec![Piece::Fixed(Line::styled("Keys", theme.accent))];
    pieces.extend(key_lines(keys, theme).into_iter().map(Piece::Fixed));
    pieces.push(Piece::Fixed(Line::raw("")));
    let arrows = keys.names(&[Action::Up, Action::Down, Action::Left, Action::Right]);
    let direction = if blank {
        format!("A direction key ({arrows}) moves the gap that way: the tile beside it slides the other way.")
    } else {
        format!(
            "A direction key ({arrows}) slides the tile beside the gap that way ({} slides the tile right of the gap to the left).",
            keys.name(Action::Left)
        )
    };
    let mut intro = HELP_TEXT.replace("{direction}", &direction);
    for action in Action::BOUND {
        intro = intro.replace(&format!("{{{}}}", action.config_name()), &keys.name(action));
    }
    pieces.extend(paragraphs(&intro));
    pieces.push(Piece::Fixed(Line::raw("")));
    pieces.extend(level_lines(theme).into_iter().map(Piece::Fixed));
    pieces.push(Piece::Fixed(Line::raw("")));
    pieces.extend(paragraphs(RECORDS_TEXT).into_iter().map(|piece| match piece {
        Piece::Text { text, indent } => Piece::Text {
            text: name_keys(&text, keys),
            indent,
        },
        fixed @ Piece::Fixed(_) => fixed,
    }));
    pieces
}

/// A paragraph with every "the … key" of its prose ("the copy key") replaced by the key's
/// name as bound.
fn name_keys(text: &str, keys: &Bindings) -> String {
    let mut text = text.to_string();
    let phrases = Action::BOUND
        .iter()
        .map(|&a| (a.config_name().replace('_', "-"), a))
        .chain([("replay".to_string(), Action::Restart)]);
    for (words, action) in phrases {
        let name = keys.name(action);
        for the in ["the", "The"] {
            text = text.replace(&format!("{the} {words} key"), &name);
        }
    }
    text
}

/// The paragraphs of a text file: a blank line or a "- " item starts one; the other lines
/// continue the paragraph before.
fn paragraphs(text: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut current: Option<(String, usize)> = None;
    let flush = |current: &mut Option<(String, usize)>, pieces: &mut Vec<Piece>| {
        if let Some((text, indent)) = current.take() {
            pieces.push(Piece::Text { text, indent });
        }
    };
    for line in text.lines() {
        if line.trim().is_empty() {
            flush(&mut current, &mut pieces);
            if !pieces.is_empty() {
                pieces.push(Piece::Fixed(Line::raw("")));
            }
            continue;
        }
        if line.starts_with("- ") {
            flush(&mut current, &mut pieces);
            current = Some((line.to_string(), 2));
            continue;
        }
        match &mut current {
            Some((text, _)) => {
                // A word broken at a hyphen across lines ("next-" / "scramble") is one word.
                if !text.ends_with('-') {
                    text.push(' ');
                }
                text.push_str(line.trim());
            }
            None => current = Some((line.trim().to_string(), 0)),
        }
    }
    flush(&mut current, &mut pieces);
    pieces
}

/// The help's lines at `width`.
fn laid_out(pieces: &[Piece], width: usize) -> Vec<Laid> {
    let mut lines = Vec::new();
    for (i, piece) in pieces.iter().enumerate() {
        match piece {
            Piece::Fixed(line) => lines.push(Laid {
                line: line.clone(),
                at: (i, 0),
            }),
            Piece::Text { text, indent } => {
                let mut start = 0;
                for (k, row) in wrap(text, width, *indent).into_iter().enumerate() {
                    let shown = if k == 0 {
                        row.clone()
                    } else {
                        format!("{}{row}", " ".repeat(*indent))
                    };
                    lines.push(Laid {
                        line: Line::raw(shown),
                        at: (i, start),
                    });
                    start += row.chars().count() + 1;
                }
            }
        }
    }
    lines
}

/// `text` wrapped at spaces to `width` characters, lines after the first `indent` narrower.
fn wrap(text: &str, width: usize, indent: usize) -> Vec<String> {
    let mut rows = Vec::new();
    let mut row = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let room = if rows.is_empty() {
            width
        } else {
            width.saturating_sub(indent)
        };
        let len = row.chars().count();
        if len > 0 && len + 1 + word.chars().count() > room {
            rows.push(std::mem::take(&mut row));
        }
        if !row.is_empty() {
            row.push(' ');
        }
        row.push_str(word);
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows
}

/// The index of the line at the top for the place `top`: the last line that starts at or
/// before it.
fn top_index(lines: &[Laid], top: (usize, usize)) -> usize {
    lines.iter().rposition(|l| l.at <= top).unwrap_or(0)
}

/// The help box: the text, scrolled, with how to scroll and close it.
pub struct HelpView<'a> {
    /// Bindings to list.
    pub keys: &'a Bindings,
    /// Styles.
    pub theme: &'a Theme,
    /// The place at the top of the box.
    pub top: (usize, usize),
    /// Whether direction keys move the blank.
    pub blank: bool,
}

impl Widget for HelpView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let all = laid_out(&pieces(self.keys, self.theme, self.blank), text_width(area));
        let rows = usize::from(visible_rows(area));
        // The footer's line stays visible below the box.
        let area = Rect {
            height: area.height.saturating_sub(1),
            ..area
        };
        let total = all.len();
        let scroll = top_index(&all, self.top).min(total.saturating_sub(rows));
        let mut lines: Vec<Line> = all.into_iter().skip(scroll).take(rows).map(|l| l.line).collect();
        let last = if total > rows {
            let shown_to = (scroll + rows).min(total);
            let keys = self.keys;
            format!(
                "{} {} {} scroll ({shown_to}/{total}) · other keys close",
                keys.names(&[Action::Up, Action::Down]),
                keys.name(Action::PageUp),
                keys.name(Action::PageDown)
            )
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
    entries.push(("suspend".to_string(), "Ctrl-z".to_string()));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The help's prose, each paragraph joined as one text.
    fn prose(keys: &Bindings) -> Vec<String> {
        let theme = Theme::new(&slide::config::Config::default().theme, true);
        pieces(keys, &theme, false)
            .into_iter()
            .filter_map(|p| match p {
                Piece::Text { text, .. } => Some(text),
                Piece::Fixed(_) => None,
            })
            .collect()
    }

    #[test]
    fn a_word_broken_at_a_hyphen_is_joined_and_every_key_is_named() {
        let texts = prose(&Bindings::default());
        let all = texts.join("\n");
        assert!(all.contains("N after a move gives the game up"), "{all}");
        assert!(!all.contains("- scramble"), "{all}");
        // No "the … key" is left for the player to look up.
        for action in Action::BOUND {
            let phrase = format!("{} key", action.config_name().replace('_', "-"));
            assert!(!all.contains(&phrase), "{phrase}: {all}");
        }
    }
}
