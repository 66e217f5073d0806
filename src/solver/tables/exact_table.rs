//! The exact distance of every 3×3 board, by breadth-first search from the goal.
//!
//! 181,440 solvable boards fit in a byte each (indexed by permutation rank, 362,880 slots),
//! so 3×3 hints and ratings are exact lookups rather than searches.

use std::collections::VecDeque;

use crate::puzzle::{Board, Move, Size};

const CELLS: usize = 9;
const PERMUTATIONS: usize = 362_880;
const UNREACHED: u8 = u8::MAX;

/// Exact optimal distances for all 3×3 boards.
pub struct ExactTable {
    dist: Vec<u8>,
}

/// Lehmer-code rank of a permutation of 0..9.
fn rank(tiles: &[u8]) -> usize {
    let mut r = 0;
    for i in 0..CELLS {
        let smaller_after = tiles[i + 1..CELLS].iter().filter(|&&t| t < tiles[i]).count();
        r = r * (CELLS - i) + smaller_after;
    }
    r
}

impl ExactTable {
    /// Builds the table (about 30 ms in a release build).
    pub fn build() -> ExactTable {
        let mut dist = vec![UNREACHED; PERMUTATIONS];
        let goal = Board::goal(Size::THREE);
        dist[rank(goal.tiles())] = 0;
        let mut queue = VecDeque::from([goal]);
        while let Some(board) = queue.pop_front() {
            let d = dist[rank(board.tiles())];
            for m in Move::ALL {
                if let Some(next) = board.moved(m) {
                    let r = rank(next.tiles());
                    if dist[r] == UNREACHED {
                        dist[r] = d + 1;
                        queue.push_back(next);
                    }
                }
            }
        }
        ExactTable { dist }
    }

    /// The optimal number of moves from a 3×3 board to the goal.
    pub fn distance(&self, board: &Board) -> u32 {
        debug_assert_eq!(board.size(), Size::THREE);
        u32::from(self.dist[rank(board.tiles())])
    }

    /// An optimal move from a 3×3 board, or `None` at the goal.
    pub(crate) fn best_move(&self, board: &Board) -> Option<Move> {
        let d = self.distance(board);
        if d == 0 {
            return None;
        }
        board
            .legal_moves()
            .find(|&m| board.moved(m).is_some_and(|b| self.distance(&b) + 1 == d))
    }

    /// An optimal solution of a 3×3 board.
    pub fn solve(&self, board: &Board) -> Vec<Move> {
        let mut moves = Vec::new();
        let mut b = *board;
        while let Some(m) = self.best_move(&b) {
            b.try_move(m);
            moves.push(m);
        }
        moves
    }

    /// How many boards lie at each distance (index = distance).
    pub fn histogram(&self) -> Vec<u64> {
        let mut h = Vec::new();
        for &d in self.dist.iter().filter(|&&d| d != UNREACHED) {
            let d = d as usize;
            if h.len() <= d {
                h.resize(d + 1, 0);
            }
            h[d] += 1;
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn covers_half_the_permutations_up_to_31_moves() {
        let t = ExactTable::build();
        let h = t.histogram();
        assert_eq!(h.iter().sum::<u64>(), 181_440);
        assert_eq!(h.len(), 32, "the hardest 3×3 boards need 31 moves");
        assert_eq!(h[31], 2);
    }

    #[test]
    fn solutions_replay() {
        let t = ExactTable::build();
        let b: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
        let moves = t.solve(&b);
        assert_eq!(moves.len(), 31);
        let mut r = b;
        r.apply_all(&moves).unwrap();
        assert!(r.is_goal());
    }
}
