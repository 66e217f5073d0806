//! The heuristic of a window search: Manhattan distance plus linear conflicts toward the
//! window's end state.

use crate::puzzle::Board;
use crate::solver::heuristic::linear_conflict::{LcState, LinearConflict};
use crate::solver::heuristic::{Incremental, SearchBoard};

/// Manhattan distance plus linear conflicts toward an arbitrary end state
/// ([`LinearConflict::toward`]), with a cheaper cut-off: most children of a window search
/// exceed the bound on Manhattan alone, so they skip the line rescoring.
pub(crate) struct Toward(LinearConflict);

impl Toward {
    pub fn new(end: &Board) -> Toward {
        Toward(LinearConflict::toward(end))
    }
}

impl Incremental for Toward {
    type State = LcState;

    fn init(&self, board: &SearchBoard) -> LcState {
        self.0.init(board)
    }

    #[inline]
    fn h(&self, s: &LcState) -> u32 {
        self.0.h(s)
    }

    #[inline]
    fn update(&self, s: &mut LcState, board: &SearchBoard, tile: u8, from: usize, to: usize) {
        self.0.update(s, board, tile, from, to);
    }

    #[inline]
    fn update_within(&self, s: &mut LcState, board: &SearchBoard, tile: u8, from: usize, to: usize, limit: u32) -> u32 {
        let floor = self.0.floor_after(s, tile, from, to);
        if floor > limit {
            return floor;
        }
        self.0.update(s, board, tile, from, to);
        self.0.h(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{SeededRng, Size};
    use crate::solver::ExactTable;

    #[test]
    fn the_target_heuristic_is_zero_at_its_end_and_never_overestimates_on_3x3() {
        let exact = ExactTable::build();
        let goal = Board::goal(Size::THREE);
        let h = Toward::new(&goal);
        let mut rng = SeededRng::new(11);
        for _ in 0..200 {
            let b = Board::random(Size::THREE, &mut rng);
            let v = h.h(&h.init(&SearchBoard::new(&b)));
            assert!(v <= exact.distance(&b), "{b}");
            assert_eq!(
                v,
                crate::solver::heuristic::linear_conflict::value(&b),
                "toward the goal it is linear conflict"
            );
        }
        assert_eq!(h.h(&h.init(&SearchBoard::new(&goal))), 0);
    }
}
