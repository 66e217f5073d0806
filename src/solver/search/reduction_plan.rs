//! The plan for the boards no search of Slide's handles (7×7 to 10×10, rectangles past 36
//! cells, and any shape whose search ran out of time): the constructive reduction, tried
//! several ways within the time, each with its loops cut, the shortest kept. On a board of
//! more than 20 cells whose shorter side is at least 3, the caller's search finishes the
//! bottom-right square (`square_remainder.rs`): the reduction's tries get a share of the
//! time to reach it, the search the rest.
//!
//! The reduction places a line's tiles in groups, each group by a search that is optimal for
//! it; a larger group sees more of how its tiles get in each other's way, so its plan is
//! shorter, and its search is slower ((free cells)^(tiles + 1) states). The tries go from
//! cheap to dear; the first, one tile at a time, always finishes (a few milliseconds even on
//! 10×10), so there is a plan whatever the time.

use std::time::Instant;

use crate::puzzle::{Board, Move};
use crate::solver::Stop;
use crate::solver::search::constructive::{self, Grouping};
use crate::solver::search::loop_cutting::cut_loops;
use crate::solver::search::square_remainder;

/// A search that solves a square board (3×3 to 6×6) before the stop, or gives up.
pub(crate) type Finisher<'a> = dyn Fn(&Board, &Stop) -> Option<Vec<Move>> + 'a;

/// The least and the most of the time left that the reduction's tries get when a search
/// finishes the square (the search gets the rest): between them, the share of the board's
/// cells outside the square, so that 10×10 (64 of 100) gives most of its time to the
/// reduction's tries, and 7×7 (13 of 49) most to the search.
const REDUCTION_SHARE: (f64, f64) = (0.2, 0.7);

/// The first reduction: one tile at a time, rows first; the fastest.
const SINGLES: Grouping = Grouping {
    max_states: 0,
    row_on_tie: true,
};

/// The tries after the first, cheapest first: the states a step may hold, and the line
/// taken on a square region.
const TRIES: [Grouping; 4] = [
    Grouping {
        max_states: 200_000,
        row_on_tie: true,
    },
    Grouping {
        max_states: 200_000,
        row_on_tie: false,
    },
    Grouping {
        max_states: 2_000_000,
        row_on_tie: true,
    },
    Grouping {
        max_states: 2_000_000,
        row_on_tie: false,
    },
];

/// The shortest plan found for `board` before `stop`, with `finish` solving the square the
/// reduction leaves where the board has one; `None` only for an unsolvable board.
pub(crate) fn plan(board: &Board, stop: &Stop, finish: Option<&Finisher>) -> Option<Vec<Move>> {
    let mut best = cut_loops(board, &constructive::solve(board)?);
    if let (Some(side), Some(finish)) = (square_remainder::side(board.size()), finish) {
        if let Some(p) = finished_by_search(board, side, finish, stop)
            && p.len() < best.len()
        {
            best = p;
        }
        return Some(best);
    }
    Some(shortest_of_tries(board, best, stop, |g, s| {
        constructive::solve_grouped(board, g, s)
    }))
}

/// The shortest of `first` and the [`TRIES`] made by `reduce` before `stop`, loops cut.
fn shortest_of_tries(
    board: &Board,
    first: Vec<Move>,
    stop: &Stop,
    reduce: impl Fn(Grouping, &Stop) -> Option<Vec<Move>>,
) -> Vec<Move> {
    let mut best = first;
    for grouping in TRIES {
        if stop.should_stop() {
            break;
        }
        if let Some(p) = reduce(grouping, stop) {
            let p = cut_loops(board, &p);
            if p.len() < best.len() {
                best = p;
            }
        }
    }
    best
}

/// The reduction to the bottom-right `side`×`side` square (the shortest of the tries made
/// in a share of the time, [`REDUCTION_SHARE`]), then `finish` on the square, loops cut; `None` if
/// the search gives up or the stop comes first.
fn finished_by_search(board: &Board, side: usize, finish: &Finisher, stop: &Stop) -> Option<Vec<Move>> {
    let now = Instant::now();
    let cells = board.size().cells();
    let share = ((cells - side * side) as f64 / cells as f64).clamp(REDUCTION_SHARE.0, REDUCTION_SHARE.1);
    let tries_stop = match stop.deadline() {
        Some(d) => stop
            .clone()
            .with_deadline(now + d.saturating_duration_since(now).mul_f64(share)),
        None => stop.clone(),
    };
    let first = cut_loops(board, &constructive::reduce_to_square(board, SINGLES, side, stop)?);
    let reduced = shortest_of_tries(board, first, &tries_stop, |g, s| {
        constructive::reduce_to_square(board, g, side, s)
    });
    let mut mid = *board;
    mid.apply_all(&reduced).ok()?;
    let rest = finish(&square_remainder::square(&mid, side)?, stop)?;
    let whole = cut_loops(board, &[reduced, rest].concat());
    // The square's moves are checked, not trusted: the plan must reach the goal.
    let mut end = *board;
    (end.apply_all(&whole).is_ok() && end.is_goal()).then_some(whole)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{SeededRng, Size};

    #[test]
    fn plans_solve_their_boards_and_time_makes_them_no_longer() {
        let mut rng = SeededRng::new(35);
        for (w, h) in [(7, 7), (10, 10), (8, 3), (3, 9), (10, 4)] {
            let size = Size::rect(w, h).unwrap();
            let board = Board::random(size, &mut rng);
            let quick = plan(&board, &Stop::never().with_deadline(Instant::now()), None).unwrap();
            let full = plan(&board, &Stop::never(), None).unwrap();
            for moves in [&quick, &full] {
                let mut b = board;
                b.apply_all(moves).unwrap();
                assert!(b.is_goal(), "{board}");
            }
            assert!(full.len() <= quick.len(), "{board}");
        }
    }

    #[test]
    fn the_finisher_gets_the_square_and_a_wrong_answer_is_not_taken() {
        let mut rng = SeededRng::new(36);
        for (w, h) in [(8, 8), (10, 4), (5, 7)] {
            let board = Board::random(Size::rect(w, h).unwrap(), &mut rng);
            let asked = std::cell::Cell::new(None);
            let finish = |square: &Board, _: &Stop| {
                asked.set(Some(square.size()));
                constructive::solve(square)
            };
            let wrong = |_: &Board, _: &Stop| Some(vec![Move::Up]);
            for f in [&finish as &Finisher, &wrong] {
                let moves = plan(&board, &Stop::never(), Some(f)).unwrap();
                let mut b = board;
                b.apply_all(&moves).unwrap();
                assert!(b.is_goal(), "{board}");
            }
            let side = w.min(h).min(6);
            assert_eq!(asked.get(), Some(Size::new(side).unwrap()));
        }
    }
}
