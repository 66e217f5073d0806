//! The side panel: size, level, moves, time, hints, par, moves left, and the solver's state.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph, Widget, Wrap};
use slide::game::{Clock, Game};
use slide::puzzle::Move;
use slide::solver::worker::Task;

use crate::ui::app::App;

/// Frames of the busy spinner, one per 100 ms.
pub const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// The panel beside the board.
pub struct Panel<'a> {
    /// The app.
    pub app: &'a App,
}

/// A move's arrow and name.
pub fn describe(m: Move) -> (&'static str, &'static str) {
    match m {
        Move::Up => ("▲", "up"),
        Move::Down => ("▼", "down"),
        Move::Left => ("◀", "left"),
        Move::Right => ("▶", "right"),
    }
}

impl Widget for Panel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let t = &app.theme;
        let g = &app.game;
        let row =
            |label: &str, value: String| Line::from(vec![Span::styled(format!("{label:<7}"), t.dim), Span::raw(value)]);
        let mut lines = vec![row("Size", g.size().to_string()), row("Level", level_text(g))];
        if let Some(code) = shown_code(g) {
            lines.push(row("Code", code));
        }
        lines.extend([
            row("Moves", g.moves().to_string()),
            row("Time", g.clock().display()),
            row("Hints", g.hints_used().to_string()),
            row("Par", g.par().map_or("—".into(), |p| p.to_string())),
        ]);
        if let Some(k) = app.current_plan() {
            let left = if k.optimal {
                let n = k.remaining();
                format!("{n} move{} (optimal)", if n == 1 { "" } else { "s" })
            } else {
                format!("{} planned, ≥{} left", k.remaining(), k.lower_bound)
            };
            lines.push(row("Left", left));
        } else {
            lines.push(row("Left", "—".into()));
        }
        if let Some(b) = app.best() {
            let mark = if b.assisted() { " (assisted)" } else { "" };
            let time = slide_time(b.time_ms);
            lines.push(row("Best", format!("{} moves, {time}{mark}", b.moves)));
        } else {
            lines.push(row("Best", "—".into()));
        }
        lines.push(Line::raw(""));
        if let Some(p) = app.pending {
            let frame = SPINNER[(p.since.elapsed().as_millis() / 100) as usize % SPINNER.len()];
            let what = if p.task == Task::Solve { "solving" } else { "thinking" };
            lines.push(Line::styled(format!("{frame} {what}…"), t.accent));
        } else if let Some(m) = app.visible_hint() {
            let (arrow, name) = describe(m);
            let tile = g.board().tile_moved_by(m).unwrap_or(0);
            lines.push(Line::from(vec![
                Span::styled("Hint: ", t.accent),
                Span::raw(format!("slide {tile} {name} {arrow}")),
            ]));
        }
        if let Some(tables) = &app.tables {
            lines.push(Line::styled(format!("Preparing tables: {tables}"), t.dim));
        }
        if let Some(s) = &app.status {
            lines.push(Line::raw(s.clone()));
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(
                Block::bordered()
                    .border_type(BorderType::Rounded)
                    .title(" Slide ")
                    .title_style(t.accent),
            )
            .render(area, buf);
    }
}

/// A board-form code longer than this (5×5 and 6×6) is left out: nobody types it.
const MAX_CODE_CHARS: usize = 20;

fn level_text(g: &Game) -> String {
    match (g.daily(), g.level()) {
        (Some(date), _) => format!("daily {date}"),
        (None, Some(l)) => l.to_string(),
        (None, None) => "custom board".into(),
    }
}

/// The puzzle's code, when short enough to share.
fn shown_code(g: &Game) -> Option<String> {
    Some(g.code().to_string()).filter(|c| c.len() <= MAX_CODE_CHARS)
}

fn slide_time(ms: u64) -> String {
    Clock::stopped_at(std::time::Duration::from_millis(ms)).display()
}
