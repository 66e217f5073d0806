//! The win screen: moves, time, hints, par, and the personal best.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use slide::config::{KeyAction, KeyBindings};
use slide::game::{Beaten, Best, Clock};

use crate::ui::app::WinSummary;
use crate::ui::overlay;
use crate::ui::theme::Theme;

/// The win overlay.
pub struct WinView<'a> {
    /// The result.
    pub win: &'a WinSummary,
    /// Key names.
    pub keys: &'a KeyBindings,
    /// Styles.
    pub theme: &'a Theme,
}

impl Widget for WinView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let w = self.win;
        let t = self.theme;
        let row =
            |label: &str, value: String| Line::from(vec![Span::styled(format!("{label:<8}"), t.dim), Span::raw(value)]);
        let par = match w.par {
            Some(p) if w.moves == p => format!("{p}  (optimal!)"),
            Some(p) if w.moves > p => format!("{p}  (+{} over par)", w.moves - p),
            Some(p) => p.to_string(),
            None => "unknown".into(),
        };
        let help = match (w.hints, w.solver_used) {
            (0, false) => "none".to_string(),
            (h, false) => h.to_string(),
            (h, true) => format!("{h}, and the solver played"),
        };
        let mut lines = vec![
            row("Moves", w.moves.to_string()),
            row("Time", Clock::stopped_at(w.time).display()),
            row("Hints", help),
            row("Par", par),
        ];
        let best_text = |b: &Best| {
            let time = Clock::stopped_at(std::time::Duration::from_millis(b.time_ms)).display();
            format!("{} moves, {time}", b.moves)
        };
        if let Some(b) = &w.best {
            lines.push(row("Best", best_text(b)));
        }
        if let Some(b) = &w.best_assisted {
            lines.push(row("Helped", format!("{} (best with help)", best_text(b))));
        }
        if let Some(r) = &w.record {
            let avg = r
                .mean_par_ratio()
                .map_or(String::new(), |x| format!(", {x:.2}× par avg"));
            lines.push(row("Record", format!("{} of {} won{avg}", r.won, r.played)));
        }
        if let Some(reason) = &w.not_stored {
            lines.push(Line::styled("⚠ Not recorded: progress can't be saved", t.accent));
            lines.push(Line::styled(format!("  ({})", shorten(reason, 44)), t.dim));
        } else {
            match &w.beaten {
                Some(Beaten::First { assisted: false }) => {
                    lines.push(Line::styled("★ First unassisted win: your best!", t.accent));
                }
                Some(Beaten::Better {
                    assisted: false,
                    previous,
                }) => lines.push(Line::styled(
                    format!("★ New personal best! (was {})", best_text(previous)),
                    t.accent,
                )),
                Some(Beaten::First { assisted: true }) => {
                    lines.push(Line::raw("First win with help (kept apart from"));
                    lines.push(Line::raw("your unassisted best)"));
                }
                Some(Beaten::Better {
                    assisted: true,
                    previous,
                }) => {
                    lines.push(Line::raw(format!("New best with help (was {})", best_text(previous))));
                }
                None => {}
            }
            if w.assisted && w.hints == 0 && !w.solver_used {
                lines.push(Line::styled(
                    "Counted as helped: hints were used before a restart",
                    t.dim,
                ));
            }
            if w.daily_replay {
                lines.push(Line::styled(
                    "A replay: the streak counts the first win of the day",
                    t.dim,
                ));
            }
        }
        lines.push(Line::raw(""));
        let k = |a| self.keys.first(a).map_or_else(String::new, |k| k.to_string());
        lines.push(Line::styled(
            format!(
                "{} new game  {} replay  {} quit",
                k(KeyAction::NewGame),
                k(KeyAction::Restart),
                k(KeyAction::Quit)
            ),
            t.dim,
        ));
        overlay::draw(area, buf, " ★ Solved! ", t.accent, lines);
    }
}

/// `text` cut to `max` characters with an ellipsis.
fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut s: String = text.chars().take(max.saturating_sub(1)).collect();
    s.push('…');
    s
}
