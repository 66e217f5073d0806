//! The daily puzzle's part of the win screen (a component the win screen owns): the
//! streak, the line to share, and the copy key that sends it to the clipboard through the
//! terminal (OSC 52).

use ratatui::text::{Line, Span};

use crate::ui::clipboard::{Clipboard, ClipboardSupport};
use crate::ui::keys::{Action, Bindings};
use crate::ui::theme::Theme;

/// What the win screen of a daily puzzle adds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailyWin {
    /// The result line to share ([`ShareResult`]).
    pub share: String,
    /// The size's current streak, after this win.
    pub streak: u32,
    /// The size's best streak.
    pub best_streak: u32,
    /// The copy key was pressed: the line went to the terminal's clipboard.
    pub copied: bool,
}

impl DailyWin {
    /// The copy key: the share line to the clipboard, where it can go.
    pub fn copy(&mut self, clipboard: &mut Clipboard) {
        if clipboard.copy(&self.share) {
            self.copied = true;
        }
    }
}

/// The win box's lines for a daily puzzle: streak, share line, and how to copy it.
pub fn daily_lines(d: &DailyWin, keys: &Bindings, t: &Theme, clipboard: &ClipboardSupport) -> Vec<Line<'static>> {
    let days = |n: u32| {
        if n == 1 {
            "1 day".to_string()
        } else {
            format!("{n} days")
        }
    };
    let copy = keys.name(Action::Copy);
    let mut lines = vec![
        Line::from(vec![
            Span::styled("Streak  ", t.dim),
            Span::raw(format!("{} (best {})", days(d.streak), d.best_streak)),
        ]),
        Line::raw(""),
        Line::styled("Share your result:", t.dim),
    ];
    lines.extend(share_rows(&d.share).into_iter().map(Line::raw));
    lines.push(match clipboard {
        ClipboardSupport::Unavailable(why) => Line::styled(format!("Select the line above to copy it ({why})."), t.dim),
        ClipboardSupport::Osc52 if d.copied => Line::styled("Copied (if your terminal allows).", t.accent),
        ClipboardSupport::Osc52 => Line::styled(format!("{copy} copies it to the clipboard"), t.dim),
    });
    lines
}

/// The widest share line drawn on one row: the win box (two columns of border and padding
/// a side) fits an 80-column screen.
const SHARE_WIDTH: usize = 76;

/// The share line as drawn: one row, or two split at a " · " when it is too wide for an
/// 80-column screen (the copy key still copies it whole).
fn share_rows(share: &str) -> Vec<String> {
    if share.chars().count() <= SHARE_WIDTH {
        return vec![share.to_string()];
    }
    let cut = share
        .match_indices(" · ")
        .map(|(i, _)| i)
        .filter(|&i| share[..i].chars().count() <= SHARE_WIDTH)
        .last();
    match cut {
        Some(i) => vec![share[..i].to_string(), share[i + 1..].to_string()],
        None => vec![share.to_string()],
    }
}

#[cfg(test)]
mod tests {
    use super::{SHARE_WIDTH, share_rows};

    #[test]
    fn a_long_share_line_is_drawn_on_two_rows() {
        let short = "Slide daily 2026-12-02 · 4×4 · 47 moves (par 41) · 2:13 · no hints";
        assert_eq!(share_rows(short), vec![short.to_string()]);
        // A replay's line stays on one row at 80 columns, to be copied by hand in one go.
        let replay = "Slide daily 2026-12-02 · 4×4 · 47 moves (par 41) · 2:13 · no hints · replay";
        assert_eq!(share_rows(replay), vec![replay.to_string()]);
        let long = "Slide daily 2026-12-02 · 6×6 · 187 moves (par 150) · 1:02:33 · 12 hints · replay";
        let rows = share_rows(long);
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert!(rows.iter().all(|r| r.chars().count() <= SHARE_WIDTH), "{rows:?}");
        assert_eq!(rows.join(" "), long, "nothing lost");
    }
}
