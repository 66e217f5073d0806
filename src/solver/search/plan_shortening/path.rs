//! A plan as the states it passes through: their keys, and the plan with its loops cut.

use std::collections::HashMap;

use crate::puzzle::{Board, Move, SEARCH_CELLS};
use crate::solver::heuristic::SearchBoard;
use crate::solver::search::zobrist::Zobrist;

/// The plan with every stretch between two visits of the same state removed.
pub(crate) fn cut_loops(board: &Board, plan: &[Move]) -> Vec<Move> {
    let zobrist = Zobrist::shared();
    let mut b = SearchBoard::new(board);
    let mut key = zobrist.board(&b);
    // Where each state first appears in the output path: key → (output index, board).
    let mut seen: HashMap<u64, (usize, [u8; SEARCH_CELLS])> = HashMap::new();
    let mut out: Vec<Move> = Vec::with_capacity(plan.len());
    // The keys of the states along `out`, to forget the states of a cut loop.
    let mut keys: Vec<u64> = vec![key];
    seen.insert(key, (0, b.tiles));
    for &m in plan {
        let Some(from) = m.source(b.blank, b.side) else {
            return plan.to_vec();
        };
        let tile = b.tiles[from];
        key ^= zobrist.key(tile, from) ^ zobrist.key(tile, b.blank);
        b.tiles[b.blank] = tile;
        b.tiles[from] = 0;
        b.blank = from;
        match seen.get(&key) {
            Some(&(at, tiles)) if tiles == b.tiles => {
                for k in keys.drain(at + 1..) {
                    seen.remove(&k);
                }
                out.truncate(at);
            }
            _ => {
                out.push(m);
                keys.push(key);
                seen.insert(key, (out.len(), b.tiles));
            }
        }
    }
    out
}

/// The states along a legal plan, the board first.
pub(crate) fn states_along(board: &Board, plan: &[Move]) -> Vec<Board> {
    let mut b = *board;
    let mut states = Vec::with_capacity(plan.len() + 1);
    states.push(b);
    for &m in plan {
        b.try_move(m);
        states.push(b);
    }
    states
}

/// The Zobrist keys of the states along a path.
pub(crate) fn keys_along(states: &[Board]) -> Vec<u64> {
    let z = Zobrist::shared();
    states.iter().map(|b| z.board(&SearchBoard::new(b))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_with_a_cycle_loses_the_cycle() {
        let board = Board::goal(crate::puzzle::Size::FOUR);
        let prefix = [Move::Down, Move::Down, Move::Right];
        // Twelve moves round a 2×2 square bring all three tiles back: a cycle.
        let square = [Move::Down, Move::Right, Move::Up, Move::Left].repeat(3);
        let suffix = [Move::Down, Move::Right];
        let plan = [&prefix[..], &square, &suffix].concat();
        assert_eq!(cut_loops(&board, &plan), [&prefix[..], &suffix].concat());
        // Undoing moves is a cycle of two; cycles inside cycles go too, in one pass.
        let back = [Move::Left, Move::Up, Move::Up];
        let plan = [&prefix[..], &square, &back, &suffix].concat();
        assert_eq!(cut_loops(&board, &plan), suffix);
        let plan = [&prefix[..], &square, &back].concat();
        assert!(cut_loops(&board, &plan).is_empty(), "a plan from the goal back to it");
    }
}
