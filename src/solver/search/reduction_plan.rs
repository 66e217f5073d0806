//! The plan for the boards no search of Slide's handles (7×7 to 10×10, rectangles past 36
//! cells, and any shape whose search ran out of time): the constructive reduction, tried
//! several ways within the time, each with its loops cut, the shortest kept.
//!
//! The reduction places a line's tiles in groups, each group by a search that is optimal for
//! it; a larger group sees more of how its tiles get in each other's way, so its plan is
//! shorter, and its search is slower ((free cells)^(tiles + 1) states). The tries go from
//! cheap to dear; the first, one tile at a time, always finishes (a few milliseconds even on
//! 10×10), so there is a plan whatever the time.

use crate::puzzle::{Board, Move};
use crate::solver::Stop;
use crate::solver::search::constructive::{self, Grouping};
use crate::solver::search::loop_cutting::cut_loops;

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

/// The shortest plan found for `board` before `stop`; `None` only for an unsolvable board.
pub(crate) fn plan(board: &Board, stop: &Stop) -> Option<Vec<Move>> {
    let mut best = cut_loops(board, &constructive::solve(board)?);
    for grouping in TRIES {
        if stop.should_stop() {
            break;
        }
        if let Some(p) = constructive::solve_grouped(board, grouping, stop) {
            let p = cut_loops(board, &p);
            if p.len() < best.len() {
                best = p;
            }
        }
    }
    Some(best)
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
            let quick = plan(&board, &Stop::never().with_deadline(std::time::Instant::now())).unwrap();
            let full = plan(&board, &Stop::never()).unwrap();
            for moves in [&quick, &full] {
                let mut b = board;
                b.apply_all(moves).unwrap();
                assert!(b.is_goal(), "{board}");
            }
            assert!(full.len() <= quick.len(), "{board}");
        }
    }
}
