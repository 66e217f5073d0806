//! Using the player's thinking time on 5×5 and 6×6: while the game waits for input, the
//! solver worker keeps looking for a shorter plan from the board on screen
//! ([`Task::Improve`](slide::solver::worker::Task::Improve)); the shortest one found becomes
//! the known plan (so hints and the solve animation use it), and on the starting board it is
//! the par estimate shown as "≈N best found" until a par is proven.
//!
//! 3×3 and 4×4 plans are optimal already, so nothing runs there.

use std::time::Duration;

use slide::solver::Solution;

use crate::ui::app::{App, Known};
use crate::ui::modes::Mode;

/// The first improvement search's budget; the later ones take 4× and 10× as long
/// (about half a minute per position in all).
pub const IMPROVE_BUDGET: Duration = Duration::from_secs(2);

impl App {
    /// Starts improving the current board's plan when the worker has nothing else to do.
    pub(crate) fn request_improve_if_idle(&mut self) {
        let size = self.game.size();
        if size.side() < 5
            || self.pending.is_some()
            || self.par_request.is_some()
            || self.placeholder
            || self.game.is_won()
            || !matches!(self.mode, Mode::Playing | Mode::Help(_))
            // While the tables build, a search would use the weaker estimate and a core.
            || !(self.solver.is_ready(size) || self.solver.build_failure(size).is_some())
        {
            return;
        }
        if self.improve_request.is_some_and(|id| self.worker.is_current(id)) {
            return;
        }
        // Any other request made the last one stale: it has stopped.
        self.improve_request = None;
        let board = *self.game.board();
        if self.improved_board == Some(board) {
            return;
        }
        let id = match self.current_plan() {
            Some(k) if k.optimal => return,
            Some(k) => {
                let plan = k.plan.clone();
                self.worker.improve_plan(board, plan, IMPROVE_BUDGET)
            }
            // Without a plan only the start is searched (for the par); elsewhere the player
            // asks for a hint first.
            None if board == *self.game.start() => self.worker.improve(board, None, IMPROVE_BUDGET),
            None => return,
        };
        self.improve_request = Some(id);
    }

    /// Stops the improvement (the board changed).
    pub(crate) fn stop_improving(&mut self) {
        if self.improve_request.take().is_some() {
            self.worker.cancel();
        }
    }

    /// Takes a [`Reply::Improved`](slide::solver::worker::Reply::Improved): a shorter plan
    /// replaces the known one.
    pub(crate) fn improved(
        &mut self,
        id: u64,
        board: slide::puzzle::Board,
        plan: Option<Solution>,
        bounds: Vec<u32>,
        finished: bool,
    ) {
        if self.improve_request != Some(id) || !self.worker.is_current(id) {
            return;
        }
        if finished {
            self.improve_request = None;
            self.improved_board = Some(board);
        }
        let Some(s) = plan else { return };
        let len = s.len() as u32;
        if board == *self.game.start() {
            if s.optimal {
                self.game.set_par(len);
            } else {
                self.game.note_par_estimate(len);
            }
            // Saved with the game, so that a resumed game shows it.
            self.changed();
        }
        // A plan replaces the known one when shorter, or as long but now proven optimal.
        let better = |k: &Known| len < k.remaining() || (s.optimal && !k.optimal && len == k.remaining());
        if board != *self.game.board() || self.current_plan().is_some_and(|k| !better(k)) {
            return;
        }
        let with_tables = self.solver.is_ready(board.size());
        self.known = Some(Known {
            board,
            lower_bound: bounds.first().copied().unwrap_or(s.lower_bound).max(s.lower_bound),
            optimal: s.optimal,
            plan: s.moves,
            bounds,
            with_tables,
        });
        self.changed();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use slide::game::Game;
    use slide::puzzle::{Board, Move, SeededRng, Size};
    use slide::solver::worker::Reply;

    fn five_by_five() -> App {
        let board = Board::scrambled(Size::new(5).expect("size"), 300, &mut SeededRng::new(7));
        crate::ui::app::test_app(Game::new(board, None, None, None))
    }

    fn solution(len: usize) -> Solution {
        Solution {
            moves: vec![Move::Left; len],
            optimal: false,
            lower_bound: 4,
            nodes: 0,
            generated: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// Makes `app` wait for an improvement (one that ends at once in the worker: its best is
    /// already 1 move), as `request_improve_if_idle` does once the tables are ready.
    fn improving(app: &mut App) -> u64 {
        let id = app.worker.improve(*app.game.board(), Some(1), Duration::from_millis(1));
        app.improve_request = Some(id);
        id
    }

    fn reply(app: &App, id: u64, len: usize, finished: bool) -> Reply {
        Reply::Improved {
            id,
            board: *app.game.board(),
            plan: Some(solution(len)),
            bounds: Vec::new(),
            finished,
        }
    }

    #[test]
    fn a_shorter_plan_replaces_the_known_one_and_a_longer_one_does_not() {
        let mut app = five_by_five();
        let id = improving(&mut app);
        app.handle_reply(reply(&app, id, 120, false));
        assert_eq!(app.current_plan().map(Known::remaining), Some(120));
        assert_eq!(app.game.par_estimate(), Some(120));
        assert_eq!(app.game.par(), None, "an estimate is never a proven par");

        app.handle_reply(reply(&app, id, 130, false));
        assert_eq!(app.current_plan().map(Known::remaining), Some(120));
        assert_eq!(app.game.par_estimate(), Some(120));

        app.handle_reply(reply(&app, id, 104, true));
        assert_eq!(app.current_plan().map(Known::remaining), Some(104));
        assert_eq!(app.game.par_estimate(), Some(104));
        // Finished: not asked again for this board.
        assert_eq!(app.improve_request, None);
        assert_eq!(app.improved_board, Some(*app.game.board()));
        app.request_improve_if_idle();
        assert_eq!(app.improve_request, None);
    }

    #[test]
    fn a_proof_of_the_same_length_makes_the_plan_optimal_and_the_par_proven() {
        let mut app = five_by_five();
        let id = improving(&mut app);
        app.handle_reply(reply(&app, id, 60, false));
        let proof = Reply::Improved {
            id,
            board: *app.game.board(),
            plan: Some(Solution {
                optimal: true,
                lower_bound: 60,
                ..solution(60)
            }),
            bounds: Vec::new(),
            finished: true,
        };
        app.handle_reply(proof);
        assert!(app.current_plan().is_some_and(|k| k.optimal && k.remaining() == 60));
        assert_eq!(app.game.par(), Some(60));
    }

    #[test]
    fn a_move_stops_the_improvement_and_its_late_replies_are_dropped() {
        let mut app = five_by_five();
        let id = improving(&mut app);
        let m = app.game.board().legal_moves().next().expect("a legal move");
        app.player_move(m);
        assert_eq!(app.improve_request, None);
        assert!(!app.worker.is_current(id), "the worker's search went stale");
        let late = reply(&app, id, 50, true);
        app.handle_reply(late);
        assert_eq!(app.current_plan(), None);
        assert_eq!(app.game.par_estimate(), None);
    }

    #[test]
    fn a_hint_request_outranks_the_improvement() {
        let mut app = five_by_five();
        let id = improving(&mut app);
        app.request_hint();
        assert!(!app.worker.is_current(id));
        // While the hint computes, no improvement is asked for.
        app.request_improve_if_idle();
        assert_eq!(app.improve_request, Some(id), "the stale id is only cleared when idle");
        app.handle_reply(reply(&app, id, 50, true));
        assert_eq!(app.current_plan(), None);
    }

    #[test]
    fn nothing_runs_on_four_by_four() {
        let board = Board::scrambled(Size::FOUR, 100, &mut SeededRng::new(3));
        let mut app = crate::ui::app::test_app(Game::new(board, None, None, None));
        app.request_improve_if_idle();
        assert_eq!(app.improve_request, None);
    }

    /// A 5×5 app whose solver has (small) tables, so that searches may be asked for.
    fn ready_five_by_five() -> App {
        let app = five_by_five();
        let groups = (0..8u8).map(|g| (3 * g + 1..3 * g + 4).collect()).collect();
        let partition = slide::solver::Partition::new(Size::FIVE, groups).expect("a partition");
        app.solver.install_partition(partition, &|_| {}).expect("3-tile tables");
        app
    }

    #[test]
    fn a_game_left_before_its_par_estimate_asks_for_one_and_keeps_it() {
        let mut app = ready_five_by_five();
        // On the start, the start's own improvement gives the estimate.
        app.request_par_if_idle();
        assert_eq!(app.par_request, None);

        let m = app.game.board().legal_moves().next().expect("a legal move");
        app.player_move(m);
        app.request_par_if_idle();
        let id = app.par_request.expect("a par search of the start");
        app.handle_reply(Reply::Solution {
            id,
            task: slide::solver::worker::Task::Par,
            board: *app.game.start(),
            result: Ok(solution(120)),
        });
        assert_eq!(app.game.par_estimate(), Some(120));
        assert_eq!(app.game.par(), None, "an estimate is never a proven par");
        assert_eq!(app.par_request, None);
        app.request_par_if_idle();
        assert_eq!(app.par_request, None, "asked once");

        // Saved with the game: a resumed game shows it without searching again.
        let resumed = Game::from_saved(&app.game.to_saved()).expect("the save reads back");
        assert_eq!(resumed.par_estimate(), Some(120));
        let mut again = crate::ui::app::test_app(resumed);
        again.solver = app.solver.clone();
        again.request_par_if_idle();
        assert_eq!(again.par_request, None);
    }

    #[test]
    fn a_resumed_game_without_an_estimate_asks_for_one() {
        let mut app = ready_five_by_five();
        let m = app.game.board().legal_moves().next().expect("a legal move");
        app.player_move(m);
        let saved = app.game.to_saved();
        assert_eq!(saved.par_estimate, None);
        let mut resumed = crate::ui::app::test_app(Game::from_saved(&saved).expect("the save reads back"));
        resumed.solver = app.solver.clone();
        resumed.request_par_if_idle();
        assert!(resumed.par_request.is_some());
    }
}
