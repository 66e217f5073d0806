//! The win screen: moves, time, hints, par, and the personal best.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use slide::config::{KeyAction, KeyBindings};
use slide::game::Clock;

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
        if let Some(b) = &w.best {
            let mark = if b.assisted() { " (assisted)" } else { "" };
            let time = Clock::stopped_at(std::time::Duration::from_millis(b.time_ms)).display();
            lines.push(row("Best", format!("{} moves, {time}{mark}", b.moves)));
        }
        if let Some(r) = &w.record {
            let avg = r
                .moves_per_par()
                .map_or(String::new(), |x| format!(", {x:.2}× par avg"));
            lines.push(row("Record", format!("{} of {} won{avg}", r.wins, r.games)));
        }
        if w.new_best {
            lines.push(Line::styled("★ New personal best!", t.accent));
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
