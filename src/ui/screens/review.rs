//! The post-game review: a chart of the optimal distance to the goal after each move, the
//! detours and their cost, and the game replayed move by move on a small board.
//!
//! A marathon or a relay is reviewed board by board (`run_reviewing.rs`): each board against
//! its optimum, a line per board and the run's total; page up/down show another board.
//!
//! The distances come from the engine (`Engine::review`); this screen only asks and
//! draws. Esc cancels a review still computing and goes back to where it was opened.

use std::cmp::Ordering;
use std::fmt::Write as _;
use std::time::Duration;

use crate::ui::keys::{Action, Bindings};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Gauge, Paragraph, Widget, Wrap};
use slide::engine::Answer;
use slide::puzzle::{Board, Move};
use slide::review::Review;

use crate::ui::context::{Context, View};
use crate::ui::screen::{Screen, Transition};
use crate::ui::screens::help::Help;
use crate::ui::screens::review_run::RunPart;
pub use crate::ui::screens::review_state::ReviewState;
use crate::ui::theme::Theme;
use crate::ui::widgets::distance_chart::{DistanceChart, DistancePoints};

/// Time the worker may spend on the estimates of a 5×5 or 6×6 review.
const ESTIMATE_BUDGET: Duration = Duration::from_secs(3);

/// The review as a screen.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewScreen {
    /// What it shows (for a run, the board on view).
    pub state: ReviewState,
    /// A marathon's or a relay's boards, when it reviews one.
    pub run: Option<RunPart>,
}

impl ReviewScreen {
    /// The review of the game that played `moves` from `start`, asked of the engine (a hint
    /// still computing for the board is dropped: the player left it).
    /// `par` is the length of a plan known from the start (the par, or the best found on
    /// 5×5 and 6×6): no estimate of the review exceeds it.
    pub fn open(start: Board, moves: Vec<Move>, title: String, par: Option<u32>, ctx: &mut Context) -> ReviewScreen {
        ctx.engine.cancel_interactive();
        let known = par.map(|p| (start, p)).into_iter().collect();
        ctx.engine.review(start, moves.clone(), known, ESTIMATE_BUDGET);
        ReviewScreen {
            state: ReviewState {
                start,
                moves,
                title,
                computing: true,
                progress: None,
                review: None,
                error: None,
                step: 0,
            },
            run: None,
        }
    }

    /// The review of a marathon's or relay's `legs` (each board's start and moves), each
    /// board asked of the engine in turn; `pars`: the length of a plan known from each
    /// board's start, by board, where the game found one (the review then agrees with it).
    pub fn open_run(
        legs: Vec<(Board, Vec<Move>)>,
        pars: &[Option<u32>],
        title: String,
        ctx: &mut Context,
    ) -> ReviewScreen {
        let (run, state) = RunPart::start(legs, pars, title, ESTIMATE_BUDGET, ctx);
        ReviewScreen { state, run: Some(run) }
    }

    /// The state brought up to what the run's review says.
    fn sync(&mut self) {
        if let Some(run) = self.run.as_mut() {
            run.sync(&mut self.state);
        }
    }

    /// Shows the next board of the run (`forward`) or the one before.
    fn turn(&mut self, forward: bool) {
        if let Some(run) = self.run.as_mut() {
            run.turn(forward, &mut self.state);
        }
    }

    /// The review of the game on screen (just won).
    pub fn current(ctx: &mut Context) -> ReviewScreen {
        let game = &ctx.current.game;
        if let Some(run) = game.run() {
            // Every board of the run, from its boards and all its moves.
            let moves = game.log().plain_moves();
            if let Ok(legs) = slide::game::legs(&run.scrambles(), &moves) {
                let legs = legs.into_iter().map(|l| (l.start, moves[l.moves].to_vec())).collect();
                let title = run.kind().describe();
                // Each board's par as the game found it: the review starts from it.
                let pars: Vec<Option<u32>> = game.board_pars().iter().map(|p| p.optimal.or(p.best_found)).collect();
                return ReviewScreen::open_run(legs, &pars, title, ctx);
            }
        }
        let title = match game.level() {
            Some(l) => format!("{} {l}", game.size()),
            None => game.size().to_string(),
        };
        let (start, moves) = (*game.start(), game.history().to_vec());
        let par = game.par().or(game.par_estimate());
        ReviewScreen::open(start, moves, title, par, ctx)
    }
}

impl Screen for ReviewScreen {
    /// ←/→ step through the game, ↑/↓ jump between detours; Esc (or the review key) closes,
    /// cancelling a review still computing.
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        let state = &mut self.state;
        let last = state.moves.len();
        match action {
            Action::Left => state.step = state.step.saturating_sub(1),
            Action::Right => state.step = (state.step + 1).min(last),
            Action::Up => state.step = state.detour_from(false).unwrap_or(0),
            Action::Down => state.step = state.detour_from(true).unwrap_or(last),
            Action::PageUp | Action::PageDown => {
                self.turn(action == Action::PageDown);
                return Transition::Stay;
            }
            Action::Back | Action::Review | Action::Confirm => {
                match &self.run {
                    Some(run) => run.reviewing.cancel(ctx),
                    None if state.computing => ctx.engine.cancel_review(),
                    None => {}
                }
                return Transition::Pop;
            }
            Action::Help => return Transition::Push(Box::new(Help::default())),
            Action::Quit => return Transition::Quit,
            _ => {}
        }
        Transition::Stay
    }

    /// The engine's progress, then the distances (or the failure).
    fn answer(&mut self, answer: &Answer, ctx: &mut Context) -> Transition {
        if let Some(run) = self.run.as_mut() {
            if run.reviewing.answer(answer, ctx) {
                self.sync();
            }
            return Transition::Stay;
        }
        let r = &mut self.state;
        match answer {
            Answer::ReviewProgress(progress) if r.computing => r.progress = Some(*progress),
            Answer::Review(result) if r.computing => {
                r.computing = false;
                match result {
                    Ok(review) => r.review = Some(review.clone()),
                    Err(e) => r.error = Some(e.to_string()),
                }
            }
            _ => {}
        }
        Transition::Stay
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        ReviewView {
            state: &self.state,
            run: self.run.as_ref().map(RunPart::lines).unwrap_or_default(),
            keys: &view.settings.keys,
            theme: &view.settings.theme,
        }
        .render(area, buf);
    }

    fn covers(&self) -> bool {
        true
    }
}

/// The review screen, over the whole terminal.
pub struct ReviewView<'a> {
    /// What to show.
    pub state: &'a ReviewState,
    /// For a run: its total and a line for its boards.
    pub run: Vec<String>,
    /// Key names.
    pub keys: &'a Bindings,
    /// Styles.
    pub theme: &'a Theme,
}

impl Widget for ReviewView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let s = self.state;
        let t = self.theme;
        Clear.render(area, buf);
        let mut title = format!(
            " Review · {} · {} ",
            s.title,
            crate::ui::widgets::panel::moves(s.moves.len() as u32)
        );
        if let Some(r) = &s.review {
            match r.extra() {
                0 => title.push_str("· no extra move "),
                n => {
                    let _ = write!(title, "· {n} extra ");
                }
            }
            if !r.exact {
                title.push_str("· estimate ");
            }
        }
        let block = Block::bordered()
            .border_type(BorderType::Double)
            .title(title)
            .title_style(t.accent);
        let inner = block.inner(area);
        block.render(area, buf);
        let [body, keys_line] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
        let keys = self.keys;
        let back = keys.name(Action::Back);
        let pair = |a, b| format!("{}/{}", keys.name(a), keys.name(b));
        let (step, jump) = (pair(Action::Left, Action::Right), pair(Action::Up, Action::Down));
        match (&s.review, &s.error) {
            (Some(review), _) => {
                render_review(s, review, &self.run, body, buf, t);
                let boards = if self.run.is_empty() {
                    String::new()
                } else {
                    format!("{} board · ", pair(Action::PageUp, Action::PageDown))
                };
                Line::styled(
                    format!("{step} step · {jump} previous/next detour · {boards}{back} back"),
                    t.dim,
                )
                .centered()
                .render(keys_line, buf);
            }
            (None, Some(error)) => {
                Paragraph::new(vec![
                    Line::raw(""),
                    Line::styled(format!("No review: {error}."), t.accent),
                ])
                .wrap(Wrap { trim: true })
                .render(body, buf);
                Line::styled(format!("{back} back"), t.dim)
                    .centered()
                    .render(keys_line, buf);
            }
            (None, None) => {
                render_progress(s, body, buf, t);
                Line::styled(format!("{back} cancels"), t.dim)
                    .centered()
                    .render(keys_line, buf);
            }
        }
    }
}

fn render_progress(s: &ReviewState, area: Rect, buf: &mut Buffer, t: &Theme) {
    let [_, text, gauge, _] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(2),
        Constraint::Length(1),
        Constraint::Fill(1),
    ])
    .areas(area);
    // The boards of at most 16 cells are solved optimally; larger ones are estimated.
    let what = if s.start.size().cells() <= 16 {
        "Computing the optimal distance to the goal after each move…"
    } else {
        "Estimating the distance to the goal after each move…"
    };
    Line::raw(what).centered().render(text, buf);
    let (done, total) = s.progress.map_or((0, s.moves.len() + 1), |p| (p.done, p.total));
    let ratio = if total == 0 {
        0.0
    } else {
        (done as f64 / total as f64).clamp(0.0, 1.0)
    };
    let width = gauge.width.min(50);
    let gauge = Rect {
        x: gauge.x + (gauge.width - width) / 2,
        width,
        ..gauge
    };
    Gauge::default()
        .ratio(ratio)
        .label(format!("{done}/{total} positions"))
        .gauge_style(t.accent)
        .render(gauge, buf);
}

fn render_review(s: &ReviewState, review: &Review, run: &[String], area: Rect, buf: &mut Buffer, t: &Theme) {
    let summary = review.summary();
    let prefix = if review.exact { "" } else { "estimate: " };
    let mut head = vec![Line::styled(format!("{prefix}{summary}"), t.accent)];
    head.extend(run.iter().map(|l| Line::styled(l.clone(), t.hint)));
    // Each line on one row when it fits, more on a narrow screen.
    let width = usize::from(area.width.max(1));
    let head_height = head
        .iter()
        .map(|l| l.width().div_ceil(width).max(1) as u16)
        .sum::<u16>();
    let board_width = s.start.size().width() as u16 * 3 + 2;
    let [head_area, middle, detour_area] = Layout::vertical([
        Constraint::Length(head_height),
        Constraint::Min(4),
        Constraint::Length(2),
    ])
    .areas(area);
    Paragraph::new(head).wrap(Wrap { trim: true }).render(head_area, buf);
    let [left, chart_area] =
        Layout::horizontal([Constraint::Length(board_width.max(24)), Constraint::Min(10)]).areas(middle);
    render_step(s, review, left, buf, t);
    render_chart(s, review, chart_area, buf, t);
    let detours: Vec<String> = summary
        .detours
        .iter()
        .map(|d| {
            if d.len == 1 {
                format!("{} +{}", d.first_move, d.cost)
            } else {
                format!("{}–{} +{}", d.first_move, d.first_move + d.len - 1, d.cost)
            }
        })
        .collect();
    let lines: Vec<Line> = if detours.is_empty() {
        vec![Line::styled(
            "Detours: none, every move brought the goal closer.",
            t.hint,
        )]
    } else {
        let rows = detour_rows(
            &detours,
            usize::from(detour_area.width),
            usize::from(detour_area.height),
        );
        rows.into_iter().map(|r| Line::styled(r, t.hint)).collect()
    };
    Paragraph::new(lines).render(detour_area, buf);
}

/// The detours' entries on at most `height` rows of `width`: never cut inside an entry;
/// when they don't all fit, the last row says how many more there are.
fn detour_rows(entries: &[String], width: usize, height: usize) -> Vec<String> {
    let mut rows = vec!["Detours (move +cost):".to_string()];
    for (i, entry) in entries.iter().enumerate() {
        let more = entries.len() - i - 1;
        let row = rows.last_mut().map_or(0, |r| r.chars().count());
        // Room for the entry, and on the last row for "· … N more" after it if any remain.
        let tail = if rows.len() == height && more > 0 {
            format!(" · … {more} more").chars().count()
        } else {
            0
        };
        let sep = if row > 0 && !rows.last().is_some_and(|r| r.ends_with(':')) {
            " · "
        } else {
            " "
        };
        if row + sep.len() + entry.chars().count() + tail <= width {
            if let Some(r) = rows.last_mut() {
                r.push_str(sep);
                r.push_str(entry);
            }
        } else if rows.len() < height && entry.chars().count() <= width {
            rows.push(entry.clone());
        } else {
            let left = entries.len() - i;
            if let Some(r) = rows.last_mut() {
                let _ = write!(r, " · … {left} more");
            }
            break;
        }
    }
    rows
}

/// The position at the step shown, the move that led to it and what it did.
fn render_step(s: &ReviewState, review: &Review, area: Rect, buf: &mut Buffer, t: &Theme) {
    let board = review.board_after(s.step);
    let (cols, rows) = (board.size().width(), board.size().height());
    let moved_tile = s
        .step
        .checked_sub(1)
        .map(|i| review.board_after(i).tile_moved_by(s.moves[i]).unwrap_or(0));
    let mut lines = Vec::new();
    for row in 0..rows {
        let mut spans = Vec::new();
        for col in 0..cols {
            let tile = board.tile_at(row * cols + col);
            let style = if tile == 0 {
                t.dim
            } else if Some(tile) == moved_tile {
                t.hint
            } else if board.is_home(row * cols + col) {
                t.tile_home
            } else {
                t.tile
            };
            let text = if tile == 0 {
                "  ·".to_string()
            } else {
                format!("{tile:>3}")
            };
            spans.push(Span::styled(text, style));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(""));
    let d = review.distances.get(s.step).copied().unwrap_or(0);
    // An estimate is marked ≈ and its proven lower bound said beside it.
    let figure = |i: usize| {
        let d = review.distances.get(i).copied().unwrap_or(0);
        if review.is_proven(i) {
            d.to_string()
        } else {
            format!("≈{d}")
        }
    };
    match s.step.checked_sub(1) {
        None if review.is_proven(0) => {
            lines.push(Line::raw("Start"));
            lines.push(Line::raw(format!("{d} to go at best")));
        }
        None => {
            lines.push(Line::raw("Start"));
            lines.push(Line::raw(format!("≈{d} to go (estimate)")));
        }
        Some(i) => {
            let before = review.distances[i];
            lines.push(Line::raw(format!(
                "Move {}/{}: {} tile {}",
                s.step,
                s.moves.len(),
                s.moves[i].letter(),
                moved_tile.unwrap_or(0)
            )));
            let verdict = match d.cmp(&before) {
                Ordering::Less => Span::styled("closer", t.tile_home),
                Ordering::Greater => Span::styled(format!("away (+{})", 2 * (d - before)), t.hint),
                Ordering::Equal => Span::styled("level", t.dim),
            };
            let (from, to) = (figure(i), figure(s.step));
            lines.push(Line::from(vec![Span::raw(format!("{from} → {to} ")), verdict]));
        }
    }
    if !review.is_proven(s.step)
        && let Some(lb) = review.lower_bounds.get(s.step)
    {
        lines.push(Line::styled(format!("proven at least {lb}"), t.dim));
    }
    let block = Block::bordered().border_style(t.dim);
    Paragraph::new(lines).block(block).render(area, buf);
}

/// The distance after each move, the ideal straight line, the detours and the step shown.
fn render_chart(s: &ReviewState, review: &Review, area: Rect, buf: &mut Buffer, t: &Theme) {
    let title = if review.exact {
        " moves to the goal, at best "
    } else {
        " moves to the goal (estimate) "
    };
    DistanceChart {
        points: DistancePoints::new(&review.distances, usize::MAX),
        moves: review.moves.len(),
        cursor: s.step,
        played: usize::MAX,
        ideal: true,
        title: title.to_string(),
        theme: t,
    }
    .render(area, buf);
}

#[cfg(test)]
mod tests {
    use super::detour_rows;

    #[test]
    fn detours_that_do_not_fit_are_counted_never_cut() {
        let entries: Vec<String> = (0..18)
            .map(|i| format!("{}–{} +{}", 10 * i + 3, 10 * i + 5, 2 + i % 3))
            .collect();
        for width in [40, 60, 76, 120] {
            let rows = detour_rows(&entries, width, 2);
            assert!(
                rows.len() <= 2 && rows.iter().all(|r| r.chars().count() <= width),
                "{rows:?}"
            );
            let text = rows.join(" ");
            let shown = entries.iter().filter(|e| text.contains(e.as_str())).count();
            let more: usize = text
                .split("… ")
                .nth(1)
                .and_then(|t| t.split(' ').next())
                .map_or(0, |n| n.parse().expect("a count"));
            assert_eq!(shown + more, 18, "width {width}: {rows:?}");
        }
        let all = detour_rows(&entries[..2], 76, 2);
        assert_eq!(all, vec!["Detours (move +cost): 3–5 +2 · 13–15 +3"]);
    }
}
