//! The footer: the main keys, the hint key among them.

use crate::ui::keys::{Action, Bindings};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::ui::theme::Theme;

/// One line naming the main keys, cut to the width.
pub struct Footer<'a> {
    /// Bindings to name.
    pub keys: &'a Bindings,
    /// Styles.
    pub theme: &'a Theme,
}

/// The footer's entries: (keys, what they do).
pub fn entries(keys: &Bindings) -> Vec<(String, &'static str)> {
    let first = |a| keys.first(a).map_or_else(|| "-".to_string(), |k| k.to_string());
    let arrows = [Action::Up, Action::Down, Action::Left, Action::Right]
        .map(first)
        .concat();
    vec![
        (arrows, "move"),
        (first(Action::Hint), "hint"),
        (first(Action::Solve), "solve"),
        (first(Action::Undo), "undo"),
        (first(Action::Redo), "redo"),
        (first(Action::Restart), "restart"),
        (first(Action::NewGame), "new"),
        (first(Action::NextScramble), "next"),
        (first(Action::Scheme), "scheme"),
        (first(Action::Pause), "pause"),
        (first(Action::Stats), "stats"),
        (first(Action::Help), "help"),
        (first(Action::Quit), "quit"),
    ]
}

/// Entries dropped first when the line is too narrow (by index in [`entries`]): scheme,
/// next, stats, pause, redo, restart, solve, undo, new. Moving, the hint, help and quit
/// always stay, and when any entry is dropped, help says "more" so the player knows where
/// the rest is.
const DROP_ORDER: [usize; 9] = [8, 7, 10, 9, 4, 5, 2, 3, 6];

/// The help entry's index in [`entries`].
const HELP: usize = 11;

impl Widget for Footer<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut all = entries(self.keys);
        let mut shown: Vec<bool> = vec![true; all.len()];
        let width = |all: &[(String, &str)], shown: &[bool]| -> usize {
            all.iter()
                .zip(shown)
                .filter(|(_, s)| **s)
                .map(|((k, w), _)| k.chars().count() + 1 + w.len() + 2)
                .sum::<usize>()
                .saturating_sub(2)
        };
        for i in DROP_ORDER {
            if width(&all, &shown) <= usize::from(area.width) {
                break;
            }
            shown[i] = false;
            all[HELP].1 = "more";
        }
        let mut spans = Vec::new();
        for ((k, what), _) in all.into_iter().zip(&shown).filter(|(_, s)| **s) {
            if !spans.is_empty() {
                spans.push(Span::raw("  "));
            }
            spans.push(Span::styled(k, self.theme.key));
            spans.push(Span::raw(format!(" {what}")));
        }
        Line::from(spans).centered().render(area, buf);
    }
}
