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
    let first = |a| keys.name(a);
    let arrows = keys.names(&[Action::Up, Action::Down, Action::Left, Action::Right]);
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
        (first(Action::Peek), "goal"),
        (first(Action::Settings), "settings"),
        (first(Action::Pause), "pause"),
        (first(Action::Stats), "stats"),
        (first(Action::Help), "help"),
        (first(Action::Quit), "quit"),
    ]
}

/// Entries dropped first when the line is too narrow (by what they do): scheme, next,
/// goal, stats, pause, redo, restart, settings, solve, undo, new. Moving, the hint, help and
/// quit always stay, and when any entry is dropped, help says "more" so the player knows
/// where the rest is (the help lists every key, the settings among them).
const DROP_ORDER: [&str; 11] = [
    "scheme", "next", "goal", "stats", "pause", "redo", "restart", "settings", "solve", "undo", "new",
];

impl Widget for Footer<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut all = entries(self.keys);
        // An action with no key has nothing to say here.
        let mut shown: Vec<bool> = all.iter().map(|(k, _)| !k.contains("no key")).collect();
        let width = |all: &[(String, &str)], shown: &[bool]| -> usize {
            all.iter()
                .zip(shown)
                .filter(|(_, s)| **s)
                .map(|((k, w), _)| k.chars().count() + 1 + w.len() + 2)
                .sum::<usize>()
                .saturating_sub(2)
        };
        for what in DROP_ORDER {
            if width(&all, &shown) <= usize::from(area.width) {
                break;
            }
            if let Some(i) = all.iter().position(|(_, w)| *w == what) {
                shown[i] = false;
            }
            if let Some(help) = all.iter_mut().find(|(_, w)| *w == "help") {
                help.1 = "more";
            }
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
