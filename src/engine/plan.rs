//! What is known about the rest of the game from the board on screen: the solver's plan,
//! whether it is proven shortest, and a true lower bound at every step along it.

use crate::puzzle::{Board, Move};
use crate::solver::{Hint, Solution};

/// The best plan known from a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownPlan {
    /// The board the plan starts from.
    pub board: Board,
    /// The plan.
    pub plan: Vec<Move>,
    /// Whether the plan is proven shortest.
    pub optimal: bool,
    /// A lower bound on the moves left.
    pub lower_bound: u32,
    /// The solver's bound for each later position along the plan (`bounds[i]` after `i`
    /// moves), so the bound shown is recomputed, not counted down. Empty when the plan is
    /// optimal (its length is exact).
    pub bounds: Vec<u32>,
    /// Whether the size's tables were ready when the plan came: a plan made without them is
    /// asked for again once they are.
    pub with_tables: bool,
}

impl KnownPlan {
    /// The plan of a hint for `board`.
    pub fn from_hint(board: Board, h: &Hint, bounds: Vec<u32>, with_tables: bool) -> KnownPlan {
        KnownPlan {
            board,
            plan: h.plan.clone(),
            optimal: h.optimal,
            lower_bound: bounds.first().copied().unwrap_or(h.lower_bound).max(h.lower_bound),
            bounds,
            with_tables,
        }
    }

    /// The plan of a solution from `board`.
    pub(crate) fn from_solution(board: Board, s: &Solution, bounds: Vec<u32>, with_tables: bool) -> KnownPlan {
        KnownPlan {
            board,
            plan: s.moves.clone(),
            optimal: s.optimal,
            lower_bound: bounds.first().copied().unwrap_or(s.lower_bound).max(s.lower_bound),
            bounds,
            with_tables,
        }
    }

    /// The plan after the player played `m` and reached `board`, if `m` followed it.
    #[must_use]
    pub fn advance(mut self, m: Move, board: Board) -> Option<KnownPlan> {
        if self.plan.first() != Some(&m) {
            return None;
        }
        self.plan.remove(0);
        self.board = board;
        if self.bounds.len() > 1 {
            self.bounds.remove(0);
            self.lower_bound = self.bounds[0];
        } else {
            // No bound known for this position: one move changes the distance by one.
            self.bounds.clear();
            self.lower_bound = self.lower_bound.saturating_sub(1);
        }
        if self.optimal {
            self.lower_bound = self.plan.len() as u32;
        }
        Some(self)
    }

    /// The plan from `board`, if `board` is where it starts or one of its moves further.
    #[must_use]
    pub fn toward(self, board: &Board) -> Option<KnownPlan> {
        if self.board == *board {
            return Some(self);
        }
        let m = *self.plan.first()?;
        let mut next = self.board;
        (next.try_move(m) && next == *board)
            .then(|| self.advance(m, next))
            .flatten()
    }

    /// Moves left on the plan.
    pub fn remaining(&self) -> u32 {
        self.plan.len() as u32
    }

    /// Whether `other` should replace this plan: shorter, or as long but proven optimal.
    pub(crate) fn is_beaten_by(&self, len: u32, optimal: bool) -> bool {
        len < self.remaining() || (optimal && !self.optimal && len == self.remaining())
    }
}

/// How many tiles were slid from `from` to reach `to`, when `to` is `from` after sliding
/// the tiles between the blank and one cell of its row or column (a key, or a whole
/// segment, or its undo); `None` for any other change (a restart, another game). An upper
/// bound on the moves between them, which is what carrying a bound needs.
pub(crate) fn tiles_between(from: &Board, to: &Board) -> Option<u32> {
    if from == to {
        return Some(0);
    }
    if from.size() != to.size() {
        return None;
    }
    let width = from.size().width();
    let (a, b) = (from.blank(), to.blank());
    let (ar, ac, br, bc) = (a / width, a % width, b / width, b % width);
    // The tile slides toward the blank: the blank goes the other way.
    let (m, n) = if ar == br && bc > ac {
        (Move::Left, bc - ac)
    } else if ar == br && bc < ac {
        (Move::Right, ac - bc)
    } else if ac == bc && br > ar {
        (Move::Up, br - ar)
    } else if ac == bc && br < ar {
        (Move::Down, ar - br)
    } else {
        return None;
    };
    let mut board = *from;
    for _ in 0..n {
        if !board.try_move(m) {
            return None;
        }
    }
    (board == *to).then_some(n as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(board: &str, moves: &[Move], optimal: bool) -> KnownPlan {
        KnownPlan {
            board: board.parse().unwrap(),
            plan: moves.to_vec(),
            optimal,
            lower_bound: moves.len() as u32,
            bounds: Vec::new(),
            with_tables: true,
        }
    }

    #[test]
    fn a_move_that_follows_the_plan_keeps_it_and_others_drop_it() {
        let p = plan("1 2 3 4 5 6 0 7 8", &[Move::Left, Move::Left], true);
        let after: Board = "1 2 3 4 5 6 7 0 8".parse().unwrap();
        let next = p.clone().toward(&after).expect("followed");
        assert_eq!(next.remaining(), 1);
        assert_eq!(next.lower_bound, 1);
        assert!(
            p.clone().toward(&"1 2 3 4 5 6 7 8 0".parse().unwrap()).is_none(),
            "two moves on"
        );
        assert_eq!(p.clone().toward(&p.board), Some(p.clone()));
        assert!(p.clone().advance(Move::Up, after).is_none());
    }

    #[test]
    fn tiles_slid_between_two_boards_are_counted_or_refused() {
        let from: Board = "1 2 3 4 5 6 0 7 8".parse().unwrap();
        let mut one = from;
        assert!(one.try_move(Move::Left));
        assert_eq!(tiles_between(&from, &one), Some(1));
        let mut two = one;
        assert!(two.try_move(Move::Left));
        assert_eq!(tiles_between(&from, &two), Some(2), "a segment of two");
        assert_eq!(tiles_between(&two, &from), Some(2), "and its undo");
        assert_eq!(tiles_between(&from, &from), Some(0));
        let mut turn = one;
        assert!(turn.try_move(Move::Down));
        assert_eq!(tiles_between(&from, &turn), None, "not one straight slide");
        let elsewhere: Board = "2 3 1 4 5 6 0 7 8".parse().unwrap();
        assert_eq!(tiles_between(&from, &elsewhere), None, "the blank did not move");
    }

    #[test]
    fn a_plan_not_proven_counts_its_bounds_along() {
        let mut p = plan("1 2 3 4 5 6 0 7 8", &[Move::Left, Move::Left], false);
        p.bounds = vec![2, 1, 0];
        let after: Board = "1 2 3 4 5 6 7 0 8".parse().unwrap();
        let next = p.toward(&after).expect("followed");
        assert_eq!((next.lower_bound, next.bounds.clone()), (1, vec![1, 0]));
        assert!(next.is_beaten_by(0, false));
        assert!(!next.is_beaten_by(1, false));
        assert!(next.is_beaten_by(1, true), "a proof of the same length");
    }
}
