//! Cutting the loops out of a plan: wherever a plan comes back to a board it has already
//! been on, the moves in between do nothing, and are dropped. A move undone at once is the
//! shortest such loop. The reduction plan's steps are each optimal for their own tiles, but
//! one step may undo what the previous did to others, and only the whole plan shows it.

use std::collections::HashMap;

use crate::puzzle::{Board, Move};

/// `plan` from `board` without its loops: the same end, never longer. Moves that are not
/// legal end the cutting, and the rest of the plan is kept as it is.
pub(crate) fn cut_loops(board: &Board, plan: &[Move]) -> Vec<Move> {
    let mut kept: Vec<Move> = Vec::with_capacity(plan.len());
    // Every board on the kept path, and where on it it is.
    let mut path: Vec<Board> = vec![*board];
    let mut seen: HashMap<Board, usize> = HashMap::from([(*board, 0)]);
    for (i, &m) in plan.iter().enumerate() {
        let at = path.last().copied().unwrap_or(*board);
        let Some(next) = at.moved(m) else {
            kept.extend_from_slice(&plan[i..]);
            return kept;
        };
        if let Some(&back) = seen.get(&next) {
            for b in path.drain(back + 1..) {
                seen.remove(&b);
            }
            kept.truncate(back);
        } else {
            seen.insert(next, path.len());
            path.push(next);
            kept.push(m);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{SeededRng, Size};

    #[test]
    fn a_move_and_its_inverse_go() {
        let board = Board::goal(Size::rect(4, 3).unwrap());
        let plan = [Move::Down, Move::Up, Move::Right, Move::Left, Move::Down];
        assert_eq!(cut_loops(&board, &plan), vec![Move::Down]);
    }

    #[test]
    fn a_longer_cycle_goes_and_the_end_stays() {
        let mut rng = SeededRng::new(9);
        for _ in 0..50 {
            let board = Board::random(Size::rect(5, 4).unwrap(), &mut rng);
            // A random wander: it crosses its own path often.
            let mut plan = Vec::new();
            let mut b = board;
            for _ in 0..30 {
                let legal: Vec<Move> = b.legal_moves().collect();
                let m = legal[rng.index(legal.len())];
                b.try_move(m);
                plan.push(m);
            }
            let end = b;
            let cut = cut_loops(&board, &plan);
            let mut c = board;
            c.apply_all(&cut).unwrap();
            assert_eq!(c, end);
            assert!(cut.len() <= plan.len());
            // No board repeats on the cut path.
            let mut seen = std::collections::HashSet::from([board]);
            let mut c = board;
            for &m in &cut {
                c.try_move(m);
                assert!(seen.insert(c));
            }
        }
    }
}
