//! How a game's attempt ends: the model decides its result (see `outcome.rs`) and writes the
//! record the history keeps. The same attempt always gives the same record id, so the
//! history holds at most one result for it however often an ending is reported.

use crate::game::play::game::Game;
use crate::game::play::solve_mode::BLIND;
use crate::game::play::written_size::WrittenSize;
use crate::game::records::attempt_record::AttemptRecord;
use crate::game::records::outcome::{Ending, Outcome, decide};
use crate::game::records::ranked::ranked;
use crate::game::records::stats::RecordKey;
use crate::puzzle::slidysim::format_scramble;

/// What the records already hold of an attempt's scramble when it ends.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Seen {
    /// Won or solver-finished in an earlier attempt: this one is a replay.
    pub finished: bool,
    /// Any earlier attempt at it was recorded (the daily tried before, say): shown before.
    pub attempted: bool,
}

impl Seen {
    /// Finished in an earlier attempt (and so attempted too).
    pub const FINISHED: Seen = Seen {
        finished: true,
        attempted: true,
    };
}

impl Game {
    /// What ending the attempt by `ending` now would record (see `outcome.rs`): `None` when
    /// nothing would be, because no tile was slid, the attempt is already over (won), or
    /// its result was recorded when it was left. The Restart dialog says it beforehand.
    pub fn would_record(&self, ending: Ending) -> Option<Outcome> {
        if self.given_up() || (self.is_won() && ending != Ending::Solved) {
            return None;
        }
        decide(
            ending,
            !self.log().is_empty(),
            self.assisted(),
            self.log().solver_moved(),
        )
    }

    /// The records this game counts towards: its daily puzzle, its board (given by hand),
    /// or its size and level.
    pub fn record_key(&self) -> RecordKey {
        if let Some(key) = self.run_record_key() {
            return key;
        }
        if self.is_ranked_blind() {
            return RecordKey::blind(self.size());
        }
        match (self.daily(), self.level()) {
            (Some(date), _) => RecordKey::daily(self.size(), date),
            (None, Some(level)) => RecordKey::level(self.size(), level),
            (None, None) => RecordKey::custom(self.start()),
        }
    }

    /// The records a run counts towards: its kind's ranked row, or, when the player chose
    /// its seed (`--seed`: the same boards at will, so they can be practised), a row of its
    /// own that ranks nothing. `None` outside a run.
    fn run_record_key(&self) -> Option<RecordKey> {
        let run = self.run()?;
        Some(if self.is_seeded_run() {
            RecordKey::seeded_run(run.kind(), run.seed())
        } else {
            RecordKey::run(run.kind())
        })
    }

    /// The record of this attempt ending by `ending` at `at` (milliseconds since the Unix
    /// epoch), or `None` when nothing is to be recorded (left before any move), with what
    /// the records already hold of its scramble. A board `seen.finished` (won or
    /// solver-finished in an earlier attempt), or a game resumed after it was given up, is a
    /// replay: counted under replays only. A board seen before either way is unranked (see
    /// `ranked.rs`).
    pub fn ending_record(&self, ending: Ending, seen: Seen, at: u64) -> Option<AttemptRecord> {
        let finished_before = seen.finished;
        let log = self.log();
        if self.given_up() && ending != Ending::Solved {
            // Its result was recorded when it was given up: only a finish adds a replay.
            return None;
        }
        let result = decide(ending, !log.is_empty(), self.assisted(), log.solver_moved())?;
        let run = self.run();
        let (level, daily) = match (self.daily(), self.level()) {
            // A run's row: its ranked one, or its own when the player chose its seed.
            _ if run.is_some() => (self.record_key().kind.name(), None),
            _ if self.is_ranked_blind() => (BLIND.to_string(), None),
            (Some(d), _) => ("daily".to_string(), Some(d.to_string())),
            (None, Some(level)) => (level.name().to_string(), None),
            (None, None) => ("custom".to_string(), None),
        };
        Some(AttemptRecord {
            id: self.attempt_id(),
            at,
            size: WrittenSize::of(run.map_or(self.size(), |r| r.kind().record_size())),
            level,
            daily,
            mode: self.mode().name().into(),
            result,
            // For a run, `finished_before` is about the whole run (its seed's boards): an `R`
            // replay of a won marathon is a replay, a new run never is.
            replay: finished_before || self.given_up(),
            assisted: self.assisted(),
            hints: self.hints_used(),
            millis: self.clock().elapsed().as_millis() as u64,
            scramble: run.map_or_else(|| format_scramble(self.start()), crate::game::play::run::Run::scrambles),
            moves: log.letters(),
            gaps: log.gaps_ms(),
            par: self.attempt_par().proven(),
            seed: self.seed().filter(|_| self.level().is_some() || run.is_some()),
            mtm: Some(self.mtm()),
            carried: false,
            ranked: Some(ranked(self.rank_facts(finished_before || seen.attempted))),
            // A run's look is its first board's only: its splits say more.
            memo_ms: self.memo().filter(|_| run.is_none()).map(|d| d.as_millis() as u64),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::difficulty::Level;
    use crate::game::play::game::Game;
    use crate::game::records::ending::Seen;
    use crate::game::records::outcome::{Ending, Outcome};
    use crate::puzzle::Move;

    fn game() -> Game {
        Game::new(
            "1 2 3 4 5 6 0 7 8".parse().unwrap(),
            Some(Level::Easy),
            Some(4),
            Some(2),
        )
    }

    #[test]
    fn an_attempt_ends_with_one_record_that_replays_it() {
        let mut g = game();
        assert_eq!(
            g.ending_record(Ending::Left, Seen::default(), 0),
            None,
            "no move: not played"
        );
        assert!(g.play(Move::Left));
        g.undo();
        g.play_segment(Move::Left, 2);
        assert!(g.is_won());
        let r = g.ending_record(Ending::Solved, Seen::default(), 5).unwrap();
        assert_eq!((r.result, r.moves.as_str(), r.stm()), (Outcome::Won, "LRLL", 4));
        assert_eq!(r.id, g.attempt_id());
        assert_eq!(
            g.ending_record(Ending::Solved, Seen::default(), 9).unwrap().id,
            r.id,
            "the same attempt, the same id"
        );
        let mut b = r.start_board().unwrap();
        b.apply_all(&r.log().unwrap().plain_moves()).unwrap();
        assert!(b.is_goal());
        assert_eq!(r.gaps.len(), 4);
    }

    #[test]
    fn a_solve_keeps_its_look_before_the_first_move_and_a_resumed_one_none() {
        let mut g = game();
        g.show(true);
        std::thread::sleep(std::time::Duration::from_millis(40));
        g.play(Move::Left);
        let memo = g.ending_record(Ending::Left, Seen::default(), 0).unwrap().memo_ms;
        assert!(memo.is_some_and(|ms| ms >= 40), "{memo:?}");
        let mut resumed = Game::from_saved(&g.to_saved()).unwrap();
        resumed.show(true);
        resumed.play(Move::Left);
        assert_eq!(
            resumed
                .ending_record(Ending::Solved, Seen::default(), 0)
                .unwrap()
                .memo_ms,
            None
        );
        resumed.restart();
        std::thread::sleep(std::time::Duration::from_millis(10));
        resumed.play(Move::Left);
        let again = resumed.ending_record(Ending::Left, Seen::default(), 0).unwrap().memo_ms;
        assert!(
            again.is_some_and(|ms| ms >= 10),
            "a restart on screen is a new look: {again:?}"
        );
    }

    #[test]
    fn the_solver_the_restart_and_the_resume_after_leaving() {
        let mut g = game();
        g.play(Move::Left);
        assert_eq!(
            g.ending_record(Ending::Restarted, Seen::default(), 0).unwrap().result,
            Outcome::Dnf
        );
        let first = g.attempt_id();
        g.restart();
        assert_ne!(g.attempt_id(), first, "a restart is a new attempt");
        g.play(Move::Left);
        g.play_by_solver(Move::Left);
        let r = g.ending_record(Ending::Solved, Seen::default(), 0).unwrap();
        assert_eq!((r.result, r.moves.as_str()), (Outcome::Solver, "Ll"));
        let mut h = game();
        h.play(Move::Left);
        h.note_given_up();
        let back = Game::from_saved(&h.to_saved()).unwrap();
        assert!(back.given_up());
        let mut back = back;
        back.play(Move::Left);
        let r = back.ending_record(Ending::Solved, Seen::default(), 0).unwrap();
        assert!(r.replay, "finishing a game given up is a replay");
        assert_eq!(r.moves, "LL", "with every move since the scramble");
    }

    /// A board of the random level (seed 4) played blind, two moves from solved.
    fn blind_random_deal() -> Game {
        let mut g = Game::new(
            "1 2 3 4 5 6 0 7 8".parse().unwrap(),
            Some(Level::Random),
            Some(4),
            Some(2),
        );
        g.set_blind(true);
        g
    }

    #[test]
    fn a_blind_solve_is_recorded_under_its_own_level_with_its_own_averages() {
        // Dealt for a blind solve: uniformly random.
        let mut g = blind_random_deal();
        g.play_segment(Move::Left, 2);
        let r = g.ending_record(Ending::Solved, Seen::default(), 5).unwrap();
        assert_eq!((r.level.as_str(), r.mode.as_str()), ("blind", "blind"));
        assert_eq!(r.record_key(), Some(g.record_key()));
        let mut stats = crate::game::records::stats::Stats::default();
        crate::game::records::figures::count(&mut stats, &r);
        let size = g.size();
        let blind = stats
            .row(size, crate::game::records::stats::Kind::Blind)
            .expect("a blind row");
        assert_eq!((blind.played, blind.won, blind.speed.solves), (1, 1, 1));
        assert!(
            stats
                .row(size, crate::game::records::stats::Kind::Level(Level::Easy))
                .is_none()
        );
        // Kept through a save.
        let back = Game::from_saved(&g.to_saved()).unwrap();
        assert!(back.is_blind());
    }

    #[test]
    fn a_random_deal_from_a_seed_the_player_chose_played_blind_is_no_ranked_deal() {
        // `slide play --mode blind --seed 4`, or a random level's code played blind: the same
        // board at will, so not the uniformly random deal the blind row ranks.
        let mut g = blind_random_deal();
        g.mark_seed_chosen();
        assert!(!g.is_ranked_blind());
        // Kept through a save (a game resumed after the terminal closed).
        let mut g = Game::from_saved(&g.to_saved()).unwrap();
        assert!(g.is_blind() && !g.is_ranked_blind());
        g.play_segment(Move::Left, 2);
        let r = g.ending_record(Ending::Solved, Seen::default(), 5).unwrap();
        assert_eq!((r.level.as_str(), r.mode.as_str()), ("random", "blind"));
        assert_eq!(r.record_key(), Some(g.record_key()));
        let mut stats = crate::game::records::stats::Stats::default();
        crate::game::records::figures::count(&mut stats, &r);
        assert!(
            stats.row(g.size(), crate::game::records::stats::Kind::Blind).is_none(),
            "no ranked blind row"
        );
        let random = stats.row(g.size(), crate::game::records::stats::Kind::Level(Level::Random));
        assert_eq!(random.map(|r| r.won), Some(1), "its level's row");
    }

    #[test]
    fn a_levels_board_from_a_code_played_blind_keeps_its_levels_row() {
        // `slide play --mode blind --code 4H-…`: a hard board, not a ranked (random) deal.
        let mut g = game();
        g.set_blind(true);
        g.play_segment(Move::Left, 2);
        let r = g.ending_record(Ending::Solved, Seen::default(), 5).unwrap();
        assert_eq!((r.level.as_str(), r.mode.as_str()), ("easy", "blind"));
        assert_eq!(r.record_key(), Some(g.record_key()));
    }

    #[test]
    fn a_board_given_by_hand_played_blind_keeps_its_custom_row() {
        let mut g = Game::new("1 2 3 4 5 6 0 7 8".parse().unwrap(), None, None, None);
        g.set_blind(true);
        g.play_segment(Move::Left, 2);
        let r = g.ending_record(Ending::Solved, Seen::default(), 5).unwrap();
        assert_eq!((r.level.as_str(), r.mode.as_str()), ("custom", "blind"));
        assert_eq!(r.record_key(), Some(g.record_key()));
    }
}
