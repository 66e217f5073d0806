//! A game's par: the optimal length from its start once proven, or on the larger boards
//! (5×5, 6×6, and every shape past 16 cells, 10×10 included) the shortest plan found. In a marathon or relay each board has its own, kept by board (see
//! `run_par.rs`), and the run's par is their sum.

use crate::game::play::game::Game;
use crate::game::play::run_par::{BoardPar, ParSum};

impl Game {
    /// The optimal length from the start (in a run: from the board in play's start), when
    /// known.
    pub fn par(&self) -> Option<u32> {
        self.known_par().and_then(|p| p.optimal)
    }

    /// Records the optimal length from the start (in a run: the board in play's) once the
    /// solver finds it.
    pub fn set_par(&mut self, par: u32) {
        self.known_par_mut().prove(par);
    }

    /// The shortest plan found from the start (in a run: the board in play's), where no par
    /// is proven (5×5, 6×6, the larger shapes): saved with the game, so that a resumed game still shows it.
    pub fn par_estimate(&self) -> Option<u32> {
        self.known_par().and_then(|p| p.best_found)
    }

    /// Records a plan of `len` moves found from the start (in a run: the board in play's);
    /// the estimate keeps the shortest.
    pub fn note_par_estimate(&mut self, len: u32) {
        self.known_par_mut().found(len);
    }

    /// What is known of each board's par in a run, by board (boards never reached, or of
    /// which nothing was found, may be missing); empty outside a run.
    pub fn board_pars(&self) -> &[BoardPar] {
        &self.board_pars
    }

    /// The par of the whole attempt: a single board's, or the sum of a run's boards' (every
    /// board's, those not reached yet included; unknown until each is known).
    pub(crate) fn attempt_par(&self) -> ParSum {
        match &self.run {
            Some(run) => ParSum::of((0..run.kind().count() as usize).map(|i| self.board_pars.get(i))),
            None => ParSum::of([Some(&self.par)]),
        }
    }

    /// The par of the boards reached so far, the one in play included: a single board's, or
    /// what a run's moves so far compare with.
    pub fn par_so_far(&self) -> ParSum {
        match &self.run {
            Some(run) => ParSum::of((0..=run.index() as usize).map(|i| self.board_pars.get(i))),
            None => ParSum::of([Some(&self.par)]),
        }
    }

    /// What is known of the par of the board in play: the game's, or in a run its board's
    /// (`None` for a run's board of which nothing is known yet).
    fn known_par(&self) -> Option<&BoardPar> {
        match &self.run {
            Some(run) => self.board_pars.get(run.index() as usize),
            None => Some(&self.par),
        }
    }

    /// The board in play's entry (in a run, made when first needed).
    fn known_par_mut(&mut self) -> &mut BoardPar {
        let Some(i) = self.run.as_ref().map(|r| r.index() as usize) else {
            return &mut self.par;
        };
        if self.board_pars.len() <= i {
            self.board_pars.resize(i + 1, BoardPar::default());
        }
        &mut self.board_pars[i]
    }
}

#[cfg(test)]
mod tests {
    use crate::game::play::game::Game;
    use crate::game::play::run::RunKind;
    use crate::game::play::run_par::ParSum;
    use crate::game::records::ending::Seen;
    use crate::game::records::outcome::Ending;
    use crate::puzzle::Size;
    use crate::solver::{SolveOptions, Solver, TableCache};

    /// Proves the board in play's par with the library's solver and solves it in that many
    /// moves plus `extra` (a move and its reverse, each extra pair), as a player would.
    fn solve_board(game: &mut Game, detour: bool) -> u32 {
        let options = SolveOptions {
            optimal: true,
            ..SolveOptions::default()
        };
        let plan = Solver::new(TableCache::disabled())
            .solve(game.board(), &options)
            .expect("a plan")
            .moves;
        game.set_par(plan.len() as u32);
        if detour {
            let m = *plan.first().expect("an unsolved board");
            assert!(game.play(m));
            assert!(game.play(m.inverse()));
        }
        for m in &plan {
            assert!(game.play(*m));
        }
        plan.len() as u32
    }

    #[test]
    fn a_runs_par_is_the_sum_of_its_boards_kept_through_a_save_and_a_restart() {
        let kind = RunKind::Marathon {
            size: Size::THREE,
            count: 2,
        };
        let mut g = Game::new_run(kind, 42);
        g.show(true);
        assert_eq!((g.attempt_par(), g.par_so_far()), (ParSum::Unknown, ParSum::Unknown));
        let first = solve_board(&mut g, false);
        assert_eq!(g.par(), None, "the second board's par is not the first's");
        assert_eq!(g.par_so_far(), ParSum::Unknown, "the board in play is not known yet");
        assert_eq!(g.attempt_par(), ParSum::Unknown);
        // A run resumed after the terminal was closed still knows the first board's par.
        let mut g = Game::from_saved(&g.to_saved()).expect("the save reads back");
        assert_eq!(g.board_pars().first().and_then(|p| p.optimal), Some(first));
        let second = solve_board(&mut g, true);
        assert!(g.is_won());
        assert_eq!(g.attempt_par(), ParSum::Proven(first + second));
        assert_eq!(g.par_so_far(), ParSum::Proven(first + second));
        assert_eq!(g.stm(), first + second + 2, "the detour's two moves count");
        let record = g.ending_record(Ending::Solved, Seen::default(), 1).expect("a record");
        assert_eq!(record.par, Some(first + second), "the history keeps the run's par");
        // A restart deals the same boards: their pars stay known.
        g.restart();
        assert_eq!(g.par(), Some(first));
        assert_eq!(g.attempt_par(), ParSum::Proven(first + second));
    }

    #[test]
    fn a_run_with_a_board_only_estimated_has_a_best_found_par() {
        let kind = RunKind::relay_to(Size::FIVE);
        let mut g = Game::new_run(kind, 7);
        g.set_par(20);
        g.note_par_estimate(99);
        assert_eq!(g.par_so_far(), ParSum::Proven(20), "a proof stands over a plan found");
        assert_eq!(g.attempt_par(), ParSum::Unknown, "the 4×4 and 5×5 are not known");
        let mut saved = g.to_saved();
        let run = saved.run.as_mut().expect("a run");
        run.board = 2;
        run.pars.resize(3, crate::game::play::run_par::BoardPar::default());
        run.pars[1].optimal = Some(50);
        run.pars[2].best_found = Some(130);
        // The save's start is the third board's (a 5×5).
        saved.start = kind.board(7, 2).to_string();
        saved.history.clear();
        saved.future.clear();
        let g = Game::from_saved(&saved).expect("a run on its third board");
        assert_eq!(g.par(), None);
        assert_eq!(g.par_estimate(), Some(130));
        assert_eq!(
            g.attempt_par(),
            ParSum::BestFound(200),
            "not proven: the 5×5's is a plan"
        );
    }

    #[test]
    fn an_old_save_of_a_run_without_pars_still_loads() {
        let g = Game::new_run(
            RunKind::Marathon {
                size: Size::THREE,
                count: 2,
            },
            42,
        );
        let json = serde_json::to_string(&g.to_saved()).unwrap();
        assert!(!json.contains("pars"), "nothing known, nothing written: {json}");
        let g = Game::from_saved(&serde_json::from_str(&json).unwrap()).unwrap();
        assert_eq!(g.attempt_par(), ParSum::Unknown);
    }
}
