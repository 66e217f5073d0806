//! Beam windows: the window ending at a state whose blank is in a corner, reflected so that
//! the corner is the goal's and relabelled so that the end state is the goal, solved by the
//! solver's bounded search within a time slice.

use std::time::{Duration, Instant};

use crate::puzzle::{Board, Move, SEARCH_CELLS};
use crate::solver::cancel::Stop;
use crate::solver::options::SolveOptions;
use crate::solver::search::plan_shortening::reflection::Turn;
use crate::solver::search::plan_shortening::window_solver::WindowSolver;
use crate::solver::search::plan_shortening::windows::Window;

/// A beam window is not started with less time than this left: the bounded search may run
/// a little past its deadline before its first plan (`bounded_search::FIRST_PLAN_GRACE`).
const MIN_SLICE: Duration = Duration::from_millis(20);

/// The bounded search on the window `from` → `to`, turned and relabelled so that `to` is
/// the goal; a path shorter than `limit`, or `Unknown` (a beam proves nothing; tried
/// windows are remembered by the caller so as not to repeat them at the same slice).
pub(crate) fn beam_window(
    solver: &dyn WindowSolver,
    from: &Board,
    to: &Board,
    limit: u32,
    slice: Duration,
    stop: &Stop,
) -> Window {
    let side = from.size().side();
    let Some(turn) = Turn::to_goal_corner(to.blank(), side) else {
        return Window::Unknown;
    };
    let left = stop
        .deadline()
        .map_or(slice, |d| d.saturating_duration_since(Instant::now()));
    if left < MIN_SLICE {
        return Window::Unknown;
    }
    let (start, end) = (turn.board_tiles(from), turn.board_tiles(to));
    let goal = Board::goal(from.size());
    let mut label = [0u8; SEARCH_CELLS];
    for (cell, &t) in end.iter().enumerate().take(side * side) {
        label[t as usize] = goal.tile_at(cell);
    }
    let relabelled: Vec<u8> = start[..side * side].iter().map(|&t| label[t as usize]).collect();
    let Ok(problem) = Board::from_tiles(&relabelled) else {
        return Window::Unknown;
    };
    let opts = SolveOptions {
        max_time: Some(slice.min(left)),
        stop: stop.clone(),
        threads: 1,
        skip_shortening: true,
        ..SolveOptions::default()
    };
    let Ok(solution) = solver.solve_window(&problem, &opts) else {
        return Window::Unknown;
    };
    if solution.moves.len() as u32 >= limit {
        return if solution.optimal {
            Window::Shortest
        } else {
            Window::Unknown
        };
    }
    let moves: Vec<Move> = solution.moves.iter().map(|&m| turn.apply_move(m)).collect();
    // The turn and relabelling are checked, not trusted: the path must join the two states.
    let mut check = *from;
    if check.apply_all(&moves).is_ok() && check == *to {
        Window::Shorter(moves)
    } else {
        Window::Unknown
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{SeededRng, Size};
    use crate::solver::search::plan_shortening::test_walks::{end_of, random_walk, small_solver};

    #[test]
    fn beam_windows_on_3x3_reach_the_optimum_between_their_states() {
        // On 3×3 the solver answers from its exact table, so a beam window is optimal.
        let solver = small_solver();
        let exact = solver.exact3();
        let mut rng = SeededRng::new(4);
        for _ in 0..30 {
            let board = Board::random(Size::THREE, &mut rng);
            let walk = random_walk(&board, 25, &mut rng);
            let end = end_of(&board, &walk);
            let window = beam_window(
                &solver,
                &board,
                &end,
                walk.len() as u32,
                Duration::from_secs(1),
                &Stop::never(),
            );
            let Some(turn) = Turn::to_goal_corner(end.blank(), 3) else {
                assert!(matches!(window, Window::Unknown));
                continue;
            };
            let (a, b) = (turn.board_tiles(&board), turn.board_tiles(&end));
            let goal = Board::goal(Size::THREE);
            let mut label = [0u8; SEARCH_CELLS];
            for cell in 0..9 {
                label[b[cell] as usize] = goal.tile_at(cell);
            }
            let r: Vec<u8> = a[..9].iter().map(|&t| label[t as usize]).collect();
            let distance = exact.distance(&Board::from_tiles(&r).expect("solvable"));
            match window {
                Window::Shorter(moves) => {
                    assert_eq!(end_of(&board, &moves), end);
                    assert_eq!(moves.len() as u32, distance);
                }
                Window::Shortest => assert_eq!(distance as usize, walk.len()),
                Window::Unknown => panic!("the exact table always answers"),
            }
        }
    }
}
