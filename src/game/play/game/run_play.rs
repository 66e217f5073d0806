//! A game that is a marathon or a relay (see `run.rs`): when a board of the run is solved the
//! next is dealt at once into the same game, so the clock, the move log, the hints and the
//! solver's use run on across the boards and the run ends as one attempt. Undo and redo
//! stay within a board.

use crate::game::play::game::Game;
use crate::game::play::run::{Run, RunKind};
use crate::game::play::saved_game::{SavedGame, SavedRun};
use crate::game::play::saved_game_error::SavedGameError;
use crate::game::play::solve_mode::{BLIND, MARATHON, RELAY, SINGLE, SolveMode};
use crate::game::play::written_size::WrittenSize;

impl Game {
    /// A new marathon or relay from `seed` (below 2^40), at its first board.
    pub fn new_run(kind: RunKind, seed: u64) -> Game {
        let run = Run::new(kind, seed);
        let mut game = Game::new(run.first_board(), None, Some(run.seed()), None);
        game.mode = match kind {
            RunKind::Marathon { .. } => SolveMode::Marathon,
            RunKind::Relay { .. } => SolveMode::Relay,
        };
        game.run = Some(run);
        game
    }

    /// Whether this is a marathon or relay dealt from a seed the player chose: recorded
    /// apart from the ranked row, in one that ranks nothing.
    pub fn is_seeded_run(&self) -> bool {
        self.run.is_some() && self.seed_chosen
    }

    /// The run this game is, if it is a marathon or a relay.
    pub fn run(&self) -> Option<&Run> {
        self.run.as_ref()
    }

    /// The scramble by which an earlier finish of this game's board, or of its whole run, is
    /// found: a new attempt at either is a replay.
    pub(crate) fn replay_scramble(&self) -> String {
        self.run.as_ref().map_or_else(
            || crate::puzzle::slidysim::format_scramble(self.start()),
            Run::all_scrambles,
        )
    }

    /// How the game is played.
    pub fn mode(&self) -> SolveMode {
        self.mode
    }

    /// The run's board in play (from 0; 0 outside a run): a move that changes it solved a
    /// board and dealt the next.
    pub fn board_number(&self) -> u32 {
        self.run.as_ref().map_or(0, Run::index)
    }

    /// The board in play was solved: deals the run's next board, if there is one. Its moves
    /// start afresh (nothing to undo or redo); the clock and the log run on.
    pub(super) fn next_board(&mut self) -> bool {
        let Some(next) = self.run.as_mut().and_then(Run::next) else {
            return false;
        };
        self.start = next;
        self.board = next;
        self.history.clear();
        self.future.clear();
        self.steps.clear();
        self.future_steps.clear();
        self.moves = 0;
        true
    }

    /// A restart of a run starts it again from its first board.
    pub(super) fn rewind_run(&mut self) {
        if let Some(run) = self.run.as_mut() {
            self.start = run.rewind();
        }
    }
}

impl Game {
    /// The run as its save holds it.
    pub(super) fn saved_run(&self) -> Option<SavedRun> {
        self.run.as_ref().map(|run| SavedRun {
            level: run.kind().level(),
            size: WrittenSize::of(run.kind().record_size()),
            seed: run.seed(),
            board: run.index(),
            pars: self.board_pars.clone(),
        })
    }

    /// The mode a save names.
    pub(super) fn saved_mode(saved: &SavedGame) -> Result<SolveMode, SavedGameError> {
        Ok(match saved.mode.as_deref() {
            None | Some(SINGLE) => SolveMode::Single,
            Some(BLIND) => SolveMode::Blind,
            Some(MARATHON) => SolveMode::Marathon,
            Some(RELAY) => SolveMode::Relay,
            Some(other) => return Err(SavedGameError::UnknownMode(other.to_string())),
        })
    }

    /// The run a save holds: there exactly when its mode is a marathon or a relay, and then
    /// one this version plays, on a board it has, with the size it deals there.
    pub(super) fn run_from_saved(saved: &SavedGame) -> Result<Option<Run>, SavedGameError> {
        let mode = Game::saved_mode(saved)?;
        let is_run = matches!(mode, SolveMode::Marathon | SolveMode::Relay);
        let run = match (&saved.run, is_run) {
            (None, false) => return Ok(None),
            (Some(r), true) => r
                .size
                .size()
                .and_then(|size| RunKind::from_level(&r.level, size))
                .filter(|kind| kind.mode() == mode.name())
                .and_then(|kind| Run::at(kind, r.seed, r.board)),
            _ => None,
        };
        let fits = |run: &Run| {
            let start = saved.start.parse::<crate::puzzle::Board>().ok();
            start.is_some_and(|b| b.size() == run.kind().size_of(run.index()))
        };
        match run {
            Some(run) if fits(&run) => Ok(Some(run)),
            _ => Err(SavedGameError::DamagedRun),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::play::game::Game;
    use crate::game::play::relay_sizes::RelaySizes;
    use crate::game::play::run::{BOARD_SEPARATOR, RunKind};
    use crate::game::play::written_size::WrittenSize;
    use crate::game::records::ending::Seen;
    use crate::game::records::outcome::{Ending, Outcome};
    use crate::game::records::stats::{Kind, Stats};
    use crate::puzzle::{Board, Move, Size};
    use crate::solver::{SolveOptions, Solver, TableCache};

    /// Solves the board in play with the library's solver (a quick plan, optimal or not),
    /// move by move as a player would.
    fn solve_board(game: &mut Game) {
        let options = SolveOptions {
            max_time: Some(std::time::Duration::from_millis(300)),
            ..SolveOptions::default()
        };
        let solver = Solver::new(TableCache::disabled());
        let plan = solver.solve(game.board(), &options).expect("a plan").moves;
        for m in plan {
            assert!(game.play(m));
        }
    }

    fn marathon(count: u32) -> Game {
        Game::new_run(
            RunKind::Marathon {
                size: Size::THREE,
                count,
            },
            42,
        )
    }

    #[test]
    fn a_run_resumed_between_boards_waits_for_the_first_move_with_no_inspection() {
        // The first board is fresh: an inspection, then the clock starts by itself.
        let now = std::time::Instant::now();
        let three = std::time::Duration::from_secs(3);
        let mut g = marathon(2);
        g.inspect(three, now);
        assert!(g.inspecting());
        // Its second board has no moves yet but time on the run's clock: resumed there, it
        // must wait for the player's first move, as any resumed game does.
        g.show(true);
        solve_board(&mut g);
        assert_eq!((g.board_number(), g.moves()), (1, 0), "on the second board");
        g.stop_clock();
        let mut g = Game::from_saved(&g.to_saved()).unwrap();
        g.inspect(three, now);
        assert!(!g.inspecting());
        g.show(true);
        g.tick(now + 2 * three);
        assert!(!g.clock().is_running(), "the clock waits for a move");
        let before = g.clock().elapsed();
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert_eq!(g.clock().elapsed(), before);
    }

    #[test]
    fn a_marathon_of_two_records_exactly_one_result_under_marathon_2() {
        let mut g = marathon(2);
        g.show(true);
        let first = *g.board();
        solve_board(&mut g);
        assert!(!g.is_won(), "one board of two");
        assert_eq!(g.run().unwrap().number(), 2);
        assert_ne!(*g.board(), first);
        assert!(g.clock().is_running(), "one clock, running on into the next board");
        assert!(!g.can_undo(), "undo stays within a board");
        solve_board(&mut g);
        assert!(g.is_won());
        let r = g.ending_record(Ending::Solved, Seen::default(), 9).unwrap();
        assert_eq!(
            (r.level.as_str(), r.mode.as_str(), r.result, r.size),
            ("marathon-2", "marathon", Outcome::Won, WrittenSize::square(3))
        );
        // The scramble lists both boards; the moves solve them in turn.
        let boards: Vec<Board> = r
            .scramble
            .split(BOARD_SEPARATOR)
            .map(|s| crate::puzzle::slidysim::parse_scramble(s).unwrap())
            .collect();
        assert_eq!(boards.len(), 2);
        assert_eq!(boards[0], first);
        let mut at = 0;
        let mut b = boards[0];
        for m in r.log().unwrap().plain_moves() {
            assert!(b.try_move(m));
            if b.is_goal() && at + 1 < boards.len() {
                at += 1;
                b = boards[at];
            }
        }
        assert!(b.is_goal() && at == 1);
        // Its splits, in the history and in the win box: one a board, adding up to its time.
        let splits = r.to_json().splits_ms.expect("a run has splits");
        assert_eq!((splits.len(), splits.iter().sum::<u64>()), (2, r.millis));
        let report =
            crate::game::records::win_report::WinReport::of(&g, crate::game::records::win_report::Recorded::default());
        assert_eq!(report.splits, splits);
        assert_eq!(r.memo_ms, None, "a run keeps no memo");
        let mut stats = Stats::default();
        crate::game::records::figures::count(&mut stats, &r);
        let row = stats.row(Size::THREE, Kind::Marathon(2)).expect("a marathon-2 row");
        assert_eq!((row.played, row.won, row.speed.solves), (1, 1, 1));
        assert_eq!(stats.records.len(), 1, "one result, in one row");
        assert_eq!(r.record_key(), Some(g.record_key()));
        // The won run is found again by its boards: `R` and a win again is a replay.
        assert_eq!(r.scramble, g.replay_scramble());
        let mut records = crate::game::records::history_view::Records::default();
        assert!(!records.seen_before(&g.replay_scramble()).finished);
        records.add(&r);
        g.restart();
        assert!(
            records.seen_before(&g.replay_scramble()).finished,
            "the same run, from its start"
        );
        solve_board(&mut g);
        solve_board(&mut g);
        let again = g.ending_record(Ending::Solved, Seen::FINISHED, 10).unwrap();
        assert!(again.replay, "a replayed run sets no record");
        assert!(
            !records.seen_before(&marathon_seeded(2, 43).replay_scramble()).finished,
            "another run is not a replay"
        );
    }

    fn marathon_seeded(count: u32, seed: u64) -> Game {
        Game::new_run(
            RunKind::Marathon {
                size: Size::THREE,
                count,
            },
            seed,
        )
    }

    #[test]
    fn leaving_a_marathon_after_a_move_is_one_dnf() {
        let mut g = marathon(3);
        assert_eq!(
            g.ending_record(Ending::Left, Seen::default(), 0),
            None,
            "not played yet"
        );
        let m = Move::ALL.into_iter().find(|&m| g.board().clone().try_move(m)).unwrap();
        assert!(g.play(m));
        let r = g.ending_record(Ending::Left, Seen::default(), 0).unwrap();
        assert_eq!((r.result, r.level.as_str()), (Outcome::Dnf, "marathon-3"));
        let mut stats = Stats::default();
        crate::game::records::figures::count(&mut stats, &r);
        let row = stats.row(Size::THREE, Kind::Marathon(3)).unwrap();
        assert_eq!((row.played, row.dnf, row.won), (1, 1, 0));
    }

    #[test]
    fn a_relay_goes_three_then_four_and_survives_a_save() {
        let mut g = Game::new_run(RunKind::relay_to(Size::FOUR), 9);
        g.show(true);
        assert_eq!(g.size(), Size::THREE);
        solve_board(&mut g);
        assert_eq!((g.size(), g.run().unwrap().number()), (Size::FOUR, 2));
        // Saved and resumed mid-run: the board, k, N and the time are kept.
        let m = Move::ALL.into_iter().find(|&m| g.board().clone().try_move(m)).unwrap();
        g.play(m);
        g.stop_clock();
        let back = Game::from_saved(&g.to_saved()).unwrap();
        assert_eq!(back.board(), g.board());
        assert_eq!(back.run(), g.run());
        assert_eq!(back.clock().elapsed().as_millis(), g.clock().elapsed().as_millis());
        assert_eq!(back.log().len(), g.log().len());
        let mut back = back;
        back.undo();
        solve_board(&mut back);
        assert!(back.is_won());
        let r = back.ending_record(Ending::Solved, Seen::default(), 0).unwrap();
        assert_eq!(
            (r.level.as_str(), r.mode.as_str(), r.size),
            ("relay-4", "relay", WrittenSize::square(4))
        );
        assert_eq!(r.scramble.split(BOARD_SEPARATOR).count(), 2);
        assert_eq!(r.par, None, "a run has no par");
    }

    #[test]
    fn a_restart_starts_the_run_again_and_a_damaged_run_is_refused() {
        let mut g = marathon(2);
        let first = *g.board();
        solve_board(&mut g);
        g.restart();
        assert_eq!((*g.board(), g.run().unwrap().number(), g.log().len()), (first, 1, 0));
        let mut saved = g.to_saved();
        saved.run = None;
        assert!(Game::from_saved(&saved).is_err(), "a marathon without its run");
        let mut saved = g.to_saved();
        if let Some(r) = saved.run.as_mut() {
            r.board = 5;
        }
        assert!(Game::from_saved(&saved).is_err(), "a board the run does not have");
    }

    #[test]
    fn a_run_from_a_chosen_seed_is_recorded_apart_and_ranks_nothing() {
        // `slide play --mode marathon --count 2 --seed 42`: the same boards at will.
        let mut g = marathon(2);
        g.mark_seed_chosen();
        assert!(g.is_seeded_run());
        g.show(true);
        solve_board(&mut g);
        // Kept through a save (a run resumed after the terminal closed).
        g.stop_clock();
        let mut g = Game::from_saved(&g.to_saved()).unwrap();
        assert!(g.is_seeded_run(), "the flag survives the save");
        g.show(true);
        solve_board(&mut g);
        assert!(g.is_won());
        let seeded = g.ending_record(Ending::Solved, Seen::default(), 9).unwrap();
        assert_eq!(
            (seeded.level.as_str(), seeded.mode.as_str(), seeded.seed),
            ("marathon-2-seeded", "marathon", Some(42))
        );
        assert!(seeded.seed_chosen());
        assert_eq!(seeded.record_key(), Some(g.record_key()));
        assert_eq!(g.record_key().puzzle.as_deref(), Some("3x3 marathon-2-seeded 42"));
        let mut stats = Stats::default();
        let counted = crate::game::records::figures::count(&mut stats, &seeded);
        assert!(
            stats.row(Size::THREE, Kind::Marathon(2)).is_none(),
            "the ranked row is untouched"
        );
        let own = stats
            .row(Size::THREE, Kind::SeededMarathon(2))
            .expect("a row of its own");
        assert_eq!((own.played, own.won, own.speed.solves), (1, 1, 0), "no averages");
        assert_eq!(counted.solve, None);
        assert_eq!(stats.speed(&g.record_key()), None, "it ranks nothing");
        assert!(stats.kinds().contains(&Kind::SeededMarathon(2)), "listed by the views");
        // The same run dealt from a seed drawn at random is ranked.
        let mut ranked = marathon(2);
        assert!(!ranked.is_seeded_run());
        ranked.show(true);
        solve_board(&mut ranked);
        solve_board(&mut ranked);
        let r = ranked.ending_record(Ending::Solved, Seen::default(), 10).unwrap();
        assert_eq!(r.level, "marathon-2");
        crate::game::records::figures::count(&mut stats, &r);
        let row = stats.row(Size::THREE, Kind::Marathon(2)).unwrap();
        assert_eq!((row.played, row.won, row.speed.solves), (1, 1, 1));
        let own = stats.row(Size::THREE, Kind::SeededMarathon(2)).unwrap();
        assert_eq!((own.played, own.won), (1, 1), "each in its own row");
    }

    #[test]
    fn a_relay_from_a_chosen_seed_and_a_save_without_the_flag() {
        let mut g = Game::new_run(RunKind::relay_to(Size::FOUR), 9);
        // A save written before the flag was kept (or of a run dealt at random) has none:
        // the run loads ranked, as before.
        let saved = serde_json::to_string(&g.to_saved()).unwrap();
        assert!(!saved.contains("seed_chosen"), "{saved}");
        let back = Game::from_saved(&serde_json::from_str(&saved).unwrap()).unwrap();
        assert!(!back.is_seeded_run());
        assert_eq!(back.record_key().kind, Kind::Relay(RelaySizes::up_to(Size::FOUR)));
        g.mark_seed_chosen();
        let back =
            Game::from_saved(&serde_json::from_str(&serde_json::to_string(&g.to_saved()).unwrap()).unwrap()).unwrap();
        assert!(back.is_seeded_run());
        let key = back.record_key();
        assert_eq!(
            (key.kind, key.row()),
            (
                Kind::SeededRelay(RelaySizes::up_to(Size::FOUR)),
                "4x4 relay-4-seeded".to_string()
            )
        );
        assert_eq!(
            Kind::from_name("relay-4-seeded"),
            Some(Kind::SeededRelay(RelaySizes::up_to(Size::FOUR)))
        );
        assert_eq!(Kind::from_name("marathon-3-seeded"), Some(Kind::SeededMarathon(3)));
        assert_eq!(Kind::from_name("easy-seeded"), None);
        assert_eq!(Kind::from_name("relay-4-seeded-seeded"), None);
    }

    #[test]
    fn a_run_the_solver_finished_replays_at_the_times_it_recorded() {
        use crate::game::records::replay::Replay;
        use std::time::Duration;
        // The player solves the first board (the clock running from the first move), stops
        // for a while on the second, the game is saved and resumed, one more move of the
        // player's, and the solver finishes: its moves stop the clock.
        let plan = |g: &Game| {
            Solver::new(TableCache::disabled())
                .solve(g.board(), &SolveOptions::default())
                .expect("a plan")
                .moves
        };
        let mut g = marathon(2);
        g.show(true);
        for m in plan(&g) {
            std::thread::sleep(Duration::from_millis(3));
            assert!(g.play(m));
        }
        std::thread::sleep(Duration::from_millis(60));
        let second = plan(&g);
        assert!(g.play(second[0]));
        g.stop_clock();
        let mut g = Game::from_saved(&g.to_saved()).unwrap();
        g.show(true);
        std::thread::sleep(Duration::from_millis(30));
        assert!(g.play(second[1]));
        std::thread::sleep(Duration::from_millis(30));
        for m in plan(&g) {
            assert!(g.play_by_solver(m));
        }
        assert!(g.is_won());
        let r = g.ending_record(Ending::Solved, Seen::default(), 0).unwrap();
        assert_eq!(r.result, Outcome::Solver);
        let replay = Replay::of(&r).expect("a good run");
        assert_eq!(replay.total_ms(), r.millis, "the replay ends at the time recorded");
        let logged: Vec<u64> = g.log().moves().iter().map(|m| m.at_ms).collect();
        let shown: Vec<u64> = (1..=replay.len()).map(|i| replay.time_of(i)).collect();
        assert_eq!(shown, logged, "each move at the play time it was made");
        assert!(shown.windows(2).all(|w| w[0] <= w[1]), "monotone");
        assert_eq!(
            shown.last().copied(),
            Some(r.millis),
            "the solver's moves stopped the clock"
        );
        assert_eq!(replay.step_at(r.millis), replay.len());
    }
}
