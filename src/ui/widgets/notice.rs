//! The notices on screen: information as lines at the foot of the screen, which take no
//! key, and a warning as a box over everything else until a key closes it; both wrapped so
//! that no word is cut off (see `ui/notices.rs` for when each goes).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget};

use crate::ui::context::View;
use crate::ui::notices::{Notices, Shown};
use crate::ui::theme::Theme;
use crate::ui::widgets::layout::{Fit, fit};

/// The notice overlay.
pub struct NoticeView<'a> {
    /// The notice on screen.
    pub shown: &'a Shown,
    /// How many more wait behind it.
    pub queued: usize,
    /// Whether a key closes it now (it has been on screen long enough to be read).
    pub readable: bool,
    /// Styles.
    pub theme: &'a Theme,
}

impl NoticeView<'_> {
    /// Draws the lines of `notices` at the foot of the screen, then the box on screen, if
    /// any, as it is at `view.now`. Under a box the board of an attempt under way is
    /// hidden, its clock being stopped.
    pub fn draw(notices: &Notices, view: &View, area: Rect, buf: &mut Buffer) {
        let theme = &view.settings.theme;
        let used = draw_lines(notices, theme, area, buf);
        // The box stands above the lines, so that both are read.
        let above = Rect::new(area.x, area.y, area.width, area.height - used);
        if let Some(shown) = notices.boxed() {
            if view.current.under_way()
                && let Fit::Fits(layout) = fit(area, view.current.game.size())
            {
                Clear.render(layout.board, buf);
            }
            let (queued, readable) = (notices.boxes() - 1, shown.readable(view.now));
            NoticeView {
                shown,
                queued,
                readable,
                theme,
            }
            .render(above, buf);
        }
    }
}

/// How many rows the lines take at most, at the foot of the screen.
const LINE_ROWS: usize = 6;

/// The lines of `notices`, each wrapped whole, at the foot of `area` (over the footer);
/// how many rows they took.
fn draw_lines(notices: &Notices, theme: &Theme, area: Rect, buf: &mut Buffer) -> u16 {
    let (shown, more) = notices.lines();
    let width = usize::from(area.width.saturating_sub(4));
    if width < 12 {
        return 0;
    }
    let mut rows: Vec<Line> = Vec::new();
    for s in shown {
        for (i, row) in wrap(&s.notice.text, width).into_iter().enumerate() {
            let mark = if i == 0 { "• " } else { "  " };
            rows.push(Line::from(vec![Span::styled(mark, theme.accent), Span::raw(row)]));
        }
    }
    if more > 0 {
        rows.push(Line::styled(format!("  ({more} more after a key)"), theme.dim));
    }
    // On a very short screen the last rows are kept; the text is cut only then.
    let max = LINE_ROWS.min(usize::from(area.height / 2));
    if rows.len() > max {
        rows.drain(..rows.len() - max);
    }
    if rows.is_empty() {
        return 0;
    }
    let height = rows.len() as u16;
    let rect = Rect::new(area.x, area.y + area.height - height, area.width, height);
    Clear.render(rect, buf);
    Paragraph::new(rows)
        .block(Block::new().padding(ratatui::widgets::Padding::horizontal(1)))
        .render(rect, buf);
    height
}

/// Splits `text` into lines of at most `width` characters, breaking at spaces where it can
/// and inside a word (a long path) where it must.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        let used = line.chars().count();
        if used > 0 && used + 1 + word.len() <= width {
            line.push(' ');
            line.extend(word.iter());
            continue;
        }
        if used > 0 {
            lines.push(std::mem::take(&mut line));
        }
        while word.len() > width {
            let rest = word.split_off(width);
            lines.push(word.iter().collect());
            word = rest;
        }
        line = word.iter().collect();
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

impl Widget for NoticeView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let width = area.width.saturating_sub(4).min(72);
        if width < 12 || area.height < 5 {
            return;
        }
        let inner = usize::from(width - 4);
        let mut lines: Vec<Line> = wrap(&self.shown.notice.text, inner)
            .into_iter()
            .map(Line::raw)
            .collect();
        let more = if self.queued > 0 {
            format!(" ({} more)", self.queued)
        } else {
            String::new()
        };
        // "any key to close" only once a key does: keys in the first moments are dropped.
        let close = if self.readable { "any key to close" } else { "" };
        lines.push(Line::styled(format!("{close}{more}").trim_start().to_string(), t.dim));
        // Keep the last lines (the key hint) even on a very short screen: the text is cut
        // only when the screen could never hold it.
        let max_lines = usize::from(area.height.saturating_sub(2));
        if lines.len() > max_lines {
            lines.drain(..lines.len() - max_lines);
        }
        let height = lines.len() as u16 + 2;
        let rect = Rect::new(
            area.x + (area.width - width) / 2,
            area.y + area.height.saturating_sub(height + 1).min(area.height - height),
            width,
            height,
        );
        let (title, style) = if self.shown.notice.warning {
            (" ⚠ Please read ", t.accent)
        } else {
            (" Notice ", t.dim)
        };
        Clear.render(rect, buf);
        Paragraph::new(lines)
            .block(
                Block::bordered()
                    .border_type(BorderType::Double)
                    .title(title)
                    .title_style(style)
                    .border_style(style)
                    .padding(ratatui::widgets::Padding::horizontal(1)),
            )
            .render(rect, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wrapping_keeps_every_character() {
        let text = "Your statistics were unreadable (expected value at line 1 column 1); the file is kept \
                    as data/some/very/long/directory/name/that/goes/on/stats.json.corrupt-1764700000.";
        for width in [10, 20, 37, 68] {
            let lines = wrap(text, width);
            assert!(lines.iter().all(|l| l.chars().count() <= width), "{lines:?}");
            let joined: String = lines.concat().split_whitespace().collect();
            let original: String = text.split_whitespace().collect();
            assert_eq!(joined, original);
        }
    }
}
