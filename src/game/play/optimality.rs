//! What may be said about the moves left from a position: a plan's length, a proven lower
//! bound, and "optimal" exactly when the two meet.
//!
//! Two rules keep every view truthful and in agreement:
//! - [`proven_hint`] is the one way a hint is settled, for `slide hint` and the game's panel
//!   alike: the plan's length, the best lower bound of the board (the search's own, raised
//!   to every heuristic's), a short proof attempt on 5×5 and 6×6, and `optimal` if and only
//!   if the plan's length equals the proven bound;
//! - along a game, [`BoundTracker`] keeps the best bound known: a move changes the true
//!   distance by exactly one, so a bound `b` proven `k` moves ago still proves `b − k`. The
//!   bound shown then falls by at most one a move, however weak a fresh estimate is.

use std::time::{Duration, Instant};

use crate::puzzle::Board;
use crate::solver::{Hint, SolveError, SolveOptions, Solver, lower_bound};

/// Raises `hint`'s lower bound to `board_bound` (another admissible bound for the same
/// board) and marks it optimal when the plan is as short as the bound. A bound above the
/// plan cannot be (the plan is a solution): it is capped at the plan's length.
pub fn settle(hint: &mut Hint, board_bound: u32) {
    if hint.optimal {
        hint.lower_bound = hint.remaining;
        return;
    }
    hint.lower_bound = hint.lower_bound.max(board_bound).min(hint.remaining);
    hint.optimal = hint.remaining == hint.lower_bound;
}

/// The hint for `board`, settled: the solver's hint (optimal on 3×3 and 4×4, the best plan
/// within `opts`' budget on 5×5 and 6×6), its bound raised to the board's best lower bound,
/// and then, for at most `proof` more, one bounded search per step trying to prove the plan
/// optimal (no solution two moves shorter, since every solution of a position has the same
/// parity) or to find a shorter one. `proof` of zero skips that search.
///
/// `slide hint` and the game's panel both call this, so the same board gets the same
/// `optimal` and the same bound in both (up to what the time budgets allow).
pub fn proven_hint(solver: &Solver, board: &Board, opts: &SolveOptions, proof: Duration) -> Result<Hint, SolveError> {
    let mut hint = solver.hint(board, opts)?;
    settle(&mut hint, lower_bound(solver, board));
    if hint.optimal || proof.is_zero() {
        return Ok(hint);
    }
    let stop = opts.stop.without_deadline().with_deadline(Instant::now() + proof);
    while !hint.optimal && hint.remaining >= 2 {
        match solver.solve_within(board, hint.remaining - 2, &stop) {
            Ok(None) => {
                let proven = hint.remaining;
                settle(&mut hint, proven);
            }
            Ok(Some(shorter)) if !shorter.is_empty() && (shorter.len() as u32) < hint.remaining => {
                let bound = hint.lower_bound;
                hint.mv = shorter[0];
                hint.tile = board.tile_moved_by(shorter[0]).unwrap_or(0);
                hint.remaining = shorter.len() as u32;
                hint.plan = shorter;
                settle(&mut hint, bound);
            }
            // Out of proof time (not a cancellation from outside), or no shorter plan after
            // all: keep what is known.
            Ok(Some(_)) | Err(SolveError::OutOfTime) => break,
            Err(SolveError::Cancelled) if !opts.stop.is_cancelled() => break,
            Err(e) => return Err(e),
        }
    }
    Ok(hint)
}

/// The best lower bound known along a game, carried from position to position.
///
/// Feed it every tile slid ([`moved`](BoundTracker::moved), undos included: an undo is a
/// move on the board) and every bound proven for the current position
/// ([`learn`](BoundTracker::learn)); [`judge`](BoundTracker::judge) settles a hint with it.
/// A jump to an unrelated position (a restart) forgets the bound.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoundTracker {
    /// The best bound proven, and the move count when it was.
    known: Option<(u32, u64)>,
    /// Tiles slid since the tracker started.
    moves: u64,
}

impl BoundTracker {
    /// A tracker that knows nothing yet.
    pub fn new() -> BoundTracker {
        BoundTracker::default()
    }

    /// `tiles` tiles were slid (one key, or a whole segment).
    pub fn moved(&mut self, tiles: u32) {
        self.moves = self.moves.saturating_add(u64::from(tiles));
    }

    /// The board jumped to a position not reached by moves (a restart, a new game).
    pub(crate) fn jumped(&mut self) {
        self.known = None;
    }

    /// `bound` is proven for the current position; the tracker keeps the better one.
    pub(crate) fn learn(&mut self, bound: u32) {
        if self.bound().is_none_or(|b| bound > b) {
            self.known = Some((bound, self.moves));
        }
    }

    /// The best bound for the current position: a bound proven `k` moves ago, minus `k`.
    pub fn bound(&self) -> Option<u32> {
        self.known.map(|(b, at)| {
            let since = self.moves - at;
            u32::try_from(u64::from(b).saturating_sub(since)).unwrap_or(0)
        })
    }

    /// Settles a hint for the current position with the bound carried along the game, and
    /// learns from it: the answer's bound never falls by more than one a move, and it is
    /// optimal exactly when the plan is as short as the bound.
    #[cfg(test)]
    pub(crate) fn judge(&mut self, hint: &Hint) -> Hint {
        let mut settled = hint.clone();
        settle(&mut settled, self.bound().unwrap_or(0));
        self.learn(settled.lower_bound);
        settled
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Move, SeededRng, Size};
    use crate::solver::TableCache;

    fn hint(remaining: u32, lower_bound: u32, optimal: bool) -> Hint {
        Hint {
            mv: Move::Up,
            tile: 1,
            remaining,
            optimal,
            lower_bound,
            plan: vec![Move::Up; remaining as usize],
        }
    }

    #[test]
    fn a_plan_as_short_as_the_bound_is_optimal_and_never_the_other_way() {
        let mut h = hint(19, 17, false);
        settle(&mut h, 19);
        assert!(h.optimal);
        assert_eq!(h.lower_bound, 19);
        let mut h = hint(19, 17, false);
        settle(&mut h, 15);
        assert!(!h.optimal);
        assert_eq!(h.lower_bound, 17);
        let mut h = hint(19, 21, false);
        settle(&mut h, 0);
        assert_eq!(h.lower_bound, 19, "a bound is never above a plan");
        assert!(h.optimal);
    }

    #[test]
    fn the_bound_falls_at_most_one_a_move() {
        // A reported 6×6 game: 19 proven at move 75, a fresh estimate of 16 at move 76.
        let mut t = BoundTracker::new();
        let at_75 = t.judge(&hint(19, 19, false));
        assert!(at_75.optimal, "plan 19, at least 19: optimal");
        t.moved(1);
        let at_76 = t.judge(&hint(18, 16, false));
        assert_eq!(at_76.lower_bound, 18, "19 a move ago proves 18 now");
        assert!(at_76.optimal);
        t.moved(3);
        assert_eq!(t.bound(), Some(15));
        t.learn(12);
        assert_eq!(t.bound(), Some(15), "a weaker bound changes nothing");
        t.learn(17);
        assert_eq!(t.bound(), Some(17));
        t.jumped();
        assert_eq!(t.bound(), None);
        t.moved(100);
        t.learn(3);
        t.moved(10);
        assert_eq!(t.bound(), Some(0));
    }

    #[test]
    fn a_reported_5x5_board_is_proven_optimal_at_57() {
        // 5E-65YE3CXE7 after Left, Right, Up; its optimum is 57 (`slide solve --optimal`).
        let board: Board = "8 3 17 14 9 13 6 0 10 4 2 11 12 5 15 1 7 22 23 19 16 18 21 24 20"
            .parse()
            .unwrap();
        let solver = Solver::new(TableCache::disabled());
        let opts = SolveOptions {
            max_time: Some(Duration::from_millis(300)),
            ..SolveOptions::default()
        };
        let h = proven_hint(&solver, &board, &opts, Duration::from_secs(60)).unwrap();
        assert_eq!((h.remaining, h.lower_bound, h.optimal), (57, 57, true));
        assert_eq!(h.plan.len(), 57);
        let mut b = board;
        b.apply_all(&h.plan).unwrap();
        assert!(b.is_goal());
    }

    #[test]
    fn proven_hints_on_small_boards_are_the_optimum() {
        let solver = Solver::new(TableCache::disabled());
        let mut rng = SeededRng::new(3);
        for size in [Size::THREE, Size::FOUR] {
            let board = Board::scrambled(size, 30, &mut rng);
            if board.is_goal() {
                continue;
            }
            let h = proven_hint(&solver, &board, &SolveOptions::default(), Duration::ZERO).unwrap();
            let optimal = solver.solve(&board, &SolveOptions::default()).unwrap().len() as u32;
            assert_eq!((h.remaining, h.lower_bound, h.optimal), (optimal, optimal, true));
        }
    }
}
