//! The side panel: size, level, moves, time, hints, par, moves left, and the solver's state.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph, Widget, Wrap};
use slide::engine::Ask;
use std::time::Instant;

use slide::engine::{KnownPlan, Pending};
use slide::game::records::averages::format_average;
use slide::game::{Best, Game, ParSum, Speed};
use slide::puzzle::Move;
use slide::time_format::format_time;

use crate::ui::theme::Theme;
use crate::ui::widgets::notice::wrap;

/// Frames of the busy spinner, one per 100 ms.
pub const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// The panel beside the board, fed what it shows.
pub struct Panel<'a> {
    /// The game.
    pub game: &'a Game,
    /// The plan from the board, if known.
    pub plan: Option<&'a KnownPlan>,
    /// The hint or solution being computed.
    pub pending: Option<Pending>,
    /// The hint shown on the board.
    pub hint: Option<Move>,
    /// Whether direction keys move the blank.
    pub blank_convention: bool,
    /// The player's very first game: the goal is said until the first move.
    pub first_game: bool,
    /// The best that applies to this game.
    pub best: Option<&'a Best>,
    /// The size and level's speedsolving record, for dealt levels.
    pub speed: Option<&'a Speed>,
    /// Seconds of inspection left.
    pub inspection_left: Option<u64>,
    /// Table-building progress, as said ("Preparing tables: 37%").
    pub tables: Option<&'a str>,
    /// The status line.
    pub status: Option<&'a str>,
    /// The help key's name.
    pub help_key: String,
    /// Styles.
    pub theme: &'a Theme,
    /// The time of the frame (the spinner).
    pub now: Instant,
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

/// The par, or on 5×5 and 6×6 the shortest plan found from the start while none is proven;
/// in a run past its first board, also the sum of the boards' so far (what "in all" of the
/// moves compares with), said only when every one of them is known.
fn par_text(game: &Game) -> String {
    let in_run = game.run().is_some_and(|r| r.index() > 0);
    let board = match (game.par(), game.par_estimate()) {
        (Some(p), _) => p.to_string(),
        (None, Some(p)) if in_run => format!("≈{p}"),
        (None, Some(p)) => format!("≈{p} best found"),
        (None, None) => "—".into(),
    };
    match game.par_so_far() {
        ParSum::Proven(all) if in_run => format!("{board} · {all} in all"),
        ParSum::BestFound(all) if in_run => format!("{board} · ≈{all} in all"),
        _ => board,
    }
}

impl Panel<'_> {
    /// The figures: size, level, board, code, moves, time, hints, par, the moves to go, the
    /// best and the averages.
    fn figure_lines(&self, area: Rect) -> Vec<Line<'static>> {
        let t = self.theme;
        let g = self.game;
        let row = |label: &str, value: String| {
            Line::from(vec![Span::styled(format!("{label:<LABEL$}"), t.dim), Span::raw(value)])
        };
        let mut lines = vec![row("Size", g.size().to_string()), row("Level", level_text(g))];
        if let Some(run) = g.run() {
            lines.push(row("Board", format!("{} of {}", run.number(), run.kind().count())));
        }
        // Every board has a code; a long one (a 5×5 or 6×6 board's) goes on as many rows as
        // it needs, cut at its dashes.
        let room = usize::from(area.width.saturating_sub(2)).saturating_sub(LABEL);
        // A blind solve hides the code with the numbers: it spells the board (or its deal).
        if g.is_blind() && !g.log().is_empty() && !g.is_won() {
            lines.push(row("Code", "hidden (blind)".to_string()));
        } else {
            for (i, part) in code_rows(&g.code().to_string(), room).into_iter().enumerate() {
                lines.push(row(if i == 0 { "Code" } else { "" }, part));
            }
        }
        // A run's moves: this board's, and every tile slid since its start.
        let moves_made = match g.run() {
            Some(_) => format!("{} · {} in all", g.moves(), g.stm()),
            None => g.moves().to_string(),
        };
        lines.extend([
            row("Moves", moves_made),
            row("Time", time_text(g, self.inspection_left)),
            row("Hints", hints_text(g)),
            row("Par", par_text(g)),
        ]);
        // Each value fits its row, so no line wraps mid-phrase.
        match self.plan {
            Some(k) if k.optimal => lines.push(row("To go", format!("{} (optimal)", moves(k.remaining())))),
            Some(k) => {
                lines.push(row("Plan", moves(k.remaining())));
                lines.push(row("At least", moves(k.lower_bound)));
            }
            None => lines.push(row("To go", "—".into())),
        }
        match self.best {
            Some(b) => {
                let label = if b.assisted() { "Helped" } else { "Best" };
                lines.push(row(label, format!("{}, {}", moves(b.moves), slide_time(b.time_ms))));
            }
            None => lines.push(row("Best", "—".into())),
        }
        // The averages once there is an attempt (rows are short: the first game's goal
        // needs the room).
        if let Some(speed) = self.speed.filter(|s| !s.recent.is_empty()) {
            let ao = |n| speed.ao(n).map_or_else(|| "—".to_string(), format_average);
            lines.push(Line::from(vec![
                Span::styled("ao5 ", t.dim),
                Span::raw(ao(5)),
                Span::styled(" · ao12 ", t.dim),
                Span::raw(ao(12)),
            ]));
        }
        lines
    }

    /// What the player asked for or must read first: the spinner, the hint, the first
    /// game's goal.
    fn advice_lines(&self) -> Vec<Line<'static>> {
        let t = self.theme;
        let g = self.game;
        let mut advice = Vec::new();
        if let Some(p) = self.pending {
            let elapsed = self.now.saturating_duration_since(p.since);
            let frame = SPINNER[(elapsed.as_millis() / 100) as usize % SPINNER.len()];
            let what = if p.ask == Ask::Solve { "solving" } else { "thinking" };
            advice.push(Line::styled(format!("{frame} {what}…"), t.accent));
        } else if let Some(m) = self.hint {
            let text = if self.blank_convention {
                let (arrow, name) = describe(m.inverse());
                format!("move the gap {name} {arrow}")
            } else {
                let (arrow, name) = describe(m);
                let tile = g.board().tile_moved_by(m).unwrap_or(0);
                format!("slide {tile} {name} {arrow}")
            };
            advice.push(Line::from(vec![Span::styled("Hint: ", t.accent), Span::raw(text)]));
        } else if self.first_game && g.log().is_empty() && !g.can_redo() && !g.is_won() {
            advice.push(Line::styled("Goal: tiles in order,", t.accent));
            advice.push(Line::styled("gap bottom-right.", t.accent));
            advice.push(Line::styled(format!("{} help", self.help_key), t.dim));
        }
        advice
    }

    /// What the game just said, and the tables' progress: the panel's last rows, so a full
    /// panel cuts the rows above them, never them.
    fn said_lines(&self) -> Vec<Line<'static>> {
        let t = self.theme;
        let mut said = Vec::new();
        // Said from the plan on show, the one the rows above read: never beside "(optimal)".
        if self.hint.is_some() && self.plan.is_some_and(|k| !k.optimal) {
            said.push(Line::raw("Not proven optimal."));
        }
        if let Some(tables) = self.tables {
            said.push(Line::styled(tables.to_string(), t.dim));
        }
        if let Some(s) = self.status {
            said.push(Line::raw(s.to_string()));
        }
        said
    }
}

impl Widget for Panel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let mut lines = self.figure_lines(area);
        lines.push(Line::raw(""));
        let advice = self.advice_lines();
        let mut said = self.said_lines();
        let block = Block::bordered()
            .border_type(BorderType::Rounded)
            .title(" Slide ")
            .title_style(t.accent);
        let inner = block.inner(area);
        block.render(area, buf);
        let rows = |ls: &[Line<'_>]| -> usize {
            ls.iter()
                .map(|l| wrap(&l.to_string(), usize::from(inner.width)).len().max(1))
                .sum()
        };
        // Below the figures when they leave room; else with the rows that are never cut
        // (a 6×6 panel at 80×24 with a plan's two rows, the averages or the tables' progress
        // has none to spare).
        if rows(&lines) + rows(&advice) + rows(&said) <= usize::from(inner.height) {
            lines.extend(advice);
        } else {
            said.splice(0..0, advice);
        }
        let said_rows: usize = said
            .iter()
            .map(|l| wrap(&l.to_string(), usize::from(inner.width)).len())
            .sum();
        let said_rows = (said_rows as u16).min(inner.height);
        let said = Paragraph::new(said).wrap(Wrap { trim: true });
        let [main, bottom] = ratatui::layout::Layout::vertical([
            ratatui::layout::Constraint::Min(0),
            ratatui::layout::Constraint::Length(said_rows),
        ])
        .areas(inner);
        // Not trimmed: a code's second row keeps the label's indent.
        Paragraph::new(lines).wrap(Wrap { trim: false }).render(main, buf);
        said.render(bottom, buf);
    }
}

/// The width of the panel's labels.
const LABEL: usize = 9;

/// `code` in rows of at most `width`, cut after its dashes.
fn code_rows(code: &str, width: usize) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    let mut row = String::new();
    for part in code.split_inclusive('-') {
        if !row.is_empty() && row.chars().count() + part.chars().count() > width {
            rows.push(std::mem::take(&mut row));
        }
        row.push_str(part);
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows
}

/// The hints of this attempt; a puzzle helped before a restart says it stays assisted.
fn hints_text(g: &Game) -> String {
    match g.hints_used() {
        0 if g.assisted() => "0 (assisted)".into(),
        n => n.to_string(),
    }
}

fn level_text(g: &Game) -> String {
    if let Some(run) = g.run() {
        // A chosen seed's run is recorded apart, unranked: the panel says which row.
        return if g.is_seeded_run() {
            format!("{} (seeded)", run.kind().level())
        } else {
            run.kind().level()
        };
    }
    match (g.daily(), g.level()) {
        (Some(date), _) => format!("daily {date}"),
        (None, Some(l)) => l.to_string(),
        (None, None) => "custom board".into(),
    }
}

/// "1 move", "12 moves".
pub fn moves(n: u32) -> String {
    if n == 1 { "1 move".into() } else { format!("{n} moves") }
}

fn slide_time(ms: u64) -> String {
    format_time(ms)
}

/// The time row: the inspection countdown, the running clock in tenths (a moving
/// millisecond digit can't be read), or the stopped time to the millisecond.
fn time_text(game: &Game, inspection_left: Option<u64>) -> String {
    if let Some(left) = inspection_left {
        return format!("inspect {left} s");
    }
    let clock = game.clock();
    let text = format_time(clock.elapsed().as_millis() as u64);
    if clock.is_running() {
        // Cut to tenths: "12.345" reads "12.3".
        text[..text.len() - 2].to_string()
    } else {
        text
    }
}
