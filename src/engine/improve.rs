//! Using the player's thinking time: on 5×5 and 6×6, better plans for one board, by bounded
//! searches with growing budgets, on 5×5 an attempt at a proof, and the best plan shortened;
//! on 3×3 and 4×4, the proof a hint ran out of time for (a busy machine, a very deep board).
//! Each step is answered with a plan only when it beats the best so far, or proves it.

use std::time::{Duration, Instant};

use crate::engine::job::Job;
use crate::engine::request::{Message, Reply};
use crate::engine::sink::Sink;
use crate::engine::small_board::is_small;
use crate::puzzle::{Board, Move, Size};
use crate::solver::{Solution, SolveError, SolveOptions, Solver, Stop};

/// The first improvement search's budget; the later ones take 4× and 8.5× as long
/// (about half a minute per position in all).
pub(crate) const IMPROVE_BUDGET: Duration = Duration::from_secs(2);

/// The budgets of an improvement's bounded searches from its first one's: 1×, 4× and 8.5×
/// (2 s, 8 s and 17 s from 2 s; with the shortening stage between the first two, about half
/// a minute per position). Each search starts afresh with the longer budget, because the
/// beam search widens its beam with time and a wider beam finds shorter plans.
pub(crate) fn improve_stages(budget: Duration) -> [Duration; 3] {
    [budget, budget * 4, budget * 17 / 2]
}

/// How long an improvement on 5×5 tries to prove a plan optimal (after its first bounded
/// search).
pub(crate) const OPTIMAL_5X5_BUDGET: Duration = Duration::from_secs(10);

/// How long an improvement shortens the best plan before its longer bounded searches.
pub(crate) const SHORTEN_BUDGET: Duration = Duration::from_millis(2500);

/// How long an improvement on 3×3 or 4×4 searches for the optimum: the 80-move positions
/// take about 24 CPU-seconds with the default tables (BENCHMARKS.md), and this thread runs
/// at a low priority, so a player who keeps looking at one gets its proof on a machine busy
/// with other work too (with the large tables, it takes well under a second).
pub(crate) const OPTIMAL_4X4_BUDGET: Duration = Duration::from_secs(180);

/// One step of an improvement.
enum Stage {
    /// A bounded search with this budget.
    Bounded(Duration),
    /// An optimal search for up to this long.
    Optimal(Duration),
    /// Shortening the best plan so far for up to [`SHORTEN_BUDGET`].
    Shorten,
}

/// The steps of an improvement of a board of `size`, the first bounded search given
/// `budget`.
fn stages(size: Size, budget: Duration) -> Vec<Stage> {
    // A small board's search (3×3, 4×4, shapes of at most 16 cells) either proves its plan
    // or is no better than the hint's: the one stage is the proof.
    if is_small(size) {
        return vec![Stage::Optimal(OPTIMAL_4X4_BUDGET)];
    }
    let [first, rest @ ..] = improve_stages(budget);
    // On 5×5 (and shapes of as many cells or fewer) an optimal search often finishes within
    // seconds; after the first plan, it gets `OPTIMAL_5X5_BUDGET` before the longer bounded
    // searches. Shortening the best plan pays sooner than a wider beam (BENCHMARKS.md), so
    // it comes next, on the classic sizes: its windows are square. Elsewhere each longer
    // search gives the shape's solver more time for its plan.
    let optimal_try = (size.cells() <= Size::FIVE.cells()).then_some(Stage::Optimal(OPTIMAL_5X5_BUDGET));
    let shorten = size.is_classic().then_some(Stage::Shorten);
    std::iter::once(Stage::Bounded(first))
        .chain(optimal_try)
        .chain(shorten)
        .chain(rest.into_iter().map(Stage::Bounded))
        .collect()
}

/// Improves `job`'s board's plan on one thread (the other core stays free for the game and
/// the rest of the machine): a bounded search, on 5×5 an optimal attempt, the best plan
/// shortened, then longer bounded searches; on 3×3 and 4×4, one optimal search for up to
/// [`OPTIMAL_4X4_BUDGET`]. Steps with news go to `sink`; the last step is
/// returned. Stops at once when `stop` does.
pub(crate) fn improve(
    solver: &Solver,
    job: &Job,
    best: Option<u32>,
    plan: &[Move],
    stop: &Stop,
    sink: &Sink,
) -> Message {
    let (ticket, board) = (job.ticket, job.board);
    let mut best = best.unwrap_or(u32::MAX);
    // The best plan itself, when the game sent it.
    let mut best_plan = (!plan.is_empty() && best == plan.len() as u32).then(|| plan.to_vec());
    let stages = stages(board.size(), job.budget);
    for (i, stage) in stages.iter().enumerate() {
        let opts = match stage {
            Stage::Bounded(budget) => SolveOptions {
                max_time: Some(*budget),
                stop: stop.clone(),
                threads: 1,
                ..SolveOptions::default()
            },
            Stage::Optimal(budget) => SolveOptions {
                optimal: true,
                stop: stop.clone().with_deadline(Instant::now() + *budget),
                threads: 1,
                ..SolveOptions::default()
            },
            Stage::Shorten => SolveOptions {
                stop: stop.clone().with_deadline(Instant::now() + SHORTEN_BUDGET),
                ..SolveOptions::default()
            },
        };
        let result = match (stage, &best_plan) {
            (Stage::Shorten, Some(plan)) => Ok(shortened(solver, &board, plan, &opts.stop)),
            (Stage::Shorten, None) => Err(SolveError::OutOfTime),
            _ => solver.solve(&board, &opts),
        };
        if stop.is_cancelled() {
            return Message::Cancelled { ticket };
        }
        let (plan, optimal) = match result {
            // A proven optimum as long as the best is still news: the plan is optimal.
            Ok(s) if (s.len() as u32) < best || (s.optimal && s.len() as u32 == best) => {
                best = s.len() as u32;
                best_plan = Some(s.moves.clone());
                let optimal = s.optimal;
                (Some(s), optimal)
            }
            Ok(s) => (None, s.optimal),
            // The optimal search ran out of time: the bounded ones go on.
            Err(SolveError::OutOfTime) => (None, false),
            Err(_) => (None, true),
        };
        let finished = optimal || i + 1 == stages.len();
        let bounds = match &plan {
            Some(s) if !s.optimal => bounds_along(solver, board, &s.moves, s.lower_bound),
            _ => Vec::new(),
        };
        let step = Message::Improved {
            ticket,
            board,
            plan,
            bounds,
            finished,
        };
        if finished {
            return step;
        }
        if matches!(&step, Message::Improved { plan: Some(_), .. }) && !sink.send(Reply(step)) {
            // Nobody listens any more.
            return Message::Cancelled { ticket };
        }
    }
    // Not reached: the last stage is always finished.
    Message::Cancelled { ticket }
}

/// `plan` shortened on one thread until `stop`, as a solution (its bound: the board's
/// rating's).
pub(crate) fn shortened(solver: &Solver, board: &Board, plan: &[Move], stop: &Stop) -> Solution {
    let start = Instant::now();
    let opts = crate::solver::search::plan_shortening::Options {
        solver: Some(solver),
        threads: 1,
        ..crate::solver::search::plan_shortening::Options::default()
    };
    let moves = crate::solver::search::plan_shortening::shorten_with(board, plan, stop, &opts);
    let lower_bound = solver.rate(board).lower_bound;
    Solution {
        optimal: moves.len() as u32 == lower_bound,
        moves,
        lower_bound,
        nodes: 0,
        generated: 0,
        elapsed: start.elapsed(),
    }
}

/// The lower bound of every position along `plan`: the solver's bound for the position, or
/// the start's bound less the moves made, whichever is larger (both are admissible: one
/// move changes the distance by exactly one).
pub(crate) fn bounds_along(solver: &Solver, start: Board, plan: &[Move], lower_bound: u32) -> Vec<u32> {
    let mut board = start;
    let mut bounds = Vec::with_capacity(plan.len() + 1);
    for i in 0..=plan.len() {
        let carried = lower_bound.saturating_sub(i as u32);
        bounds.push(crate::solver::lower_bound(solver, &board).max(carried));
        if let Some(&m) = plan.get(i)
            && !board.try_move(m)
        {
            break;
        }
    }
    bounds
}
