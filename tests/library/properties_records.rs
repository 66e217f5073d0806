//! The records' invariants under random play: random inputs on
//! random boards, played through the attempt model as the game plays them, each ending
//! recorded as the game records it, and the statistics checked against the history.
//!
//! Inputs: moves, segments, a hand solve of a known scramble, hints, solver play, the solution asked for and stopped before
//! the solver's first move (`p`, then a key), undo, redo, restart, replay (after a win),
//! skip (the next scramble), leave (a new game from the menu, the old one kept to resume),
//! resume, a deal from a seed or code the player chose, and a reset of the records. Each
//! win is reported twice, as a UI that called the win once per tile of a segment would.
//!
//! The ranked rule is followed here on its own terms (what was dealt how, what was shown,
//! what helped), and every record's `ranked` must agree; no best may come from an
//! unranked attempt.

use std::collections::BTreeSet;

use proptest::prelude::*;
use slide::difficulty::{Level, UtcDate};
use slide::game::{AttemptHistory, AttemptRecord, Ending, Game, Kind, Outcome, Records, SavedGame};
use slide::puzzle::slidysim::format_scramble;
use slide::puzzle::{Board, Move, SeededRng, Size};

#[derive(Debug, Clone)]
enum Input {
    Move(usize),
    Segment(usize, usize),
    Undo,
    Redo,
    Hint,
    Solver(usize),
    AskSolver,
    HandSolve,
    Restart,
    Replay,
    Skip,
    Leave,
    Resume,
    ChosenDeal,
    Reset,
}

fn input() -> impl Strategy<Value = Input> {
    prop_oneof![
        6 => (0usize..4).prop_map(Input::Move),
        2 => (0usize..4, 2usize..4).prop_map(|(d, n)| Input::Segment(d, n)),
        2 => Just(Input::Undo),
        1 => Just(Input::Redo),
        1 => Just(Input::Hint),
        1 => (1usize..4).prop_map(Input::Solver),
        1 => Just(Input::AskSolver),
        2 => Just(Input::HandSolve),
        1 => Just(Input::ChosenDeal),
        1 => Just(Input::Restart),
        1 => Just(Input::Replay),
        1 => Just(Input::Skip),
        1 => Just(Input::Leave),
        1 => Just(Input::Resume),
        1 => Just(Input::Reset),
    ]
}

const MOVES: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

/// The game as the UI drives it, with the records kept in memory as the store keeps them.
struct Harness {
    rng: SeededRng,
    game: Game,
    saved: Vec<SavedGame>,
    history: Vec<AttemptRecord>,
    records: Records,
    /// Counted independently of the model: unassisted attempts left or restarted after a
    /// move (and not replays).
    expected_dnf: u32,
    now: u64,
    today: UtcDate,
    /// The ranked rule, followed apart from the model: the game in play was dealt fairly
    /// (a seed drawn at random, or the daily), its scramble is on its first showing, and
    /// nothing helped.
    fair: bool,
    fresh: bool,
    helped: bool,
    /// Scrambles with a recorded attempt (shown before).
    seen: BTreeSet<String>,
    /// The way back to the goal from each scramble dealt.
    solutions: std::collections::BTreeMap<String, Vec<Move>>,
}

impl Harness {
    fn new(seed: u64) -> Harness {
        let mut h = Harness {
            rng: SeededRng::new(seed),
            game: Game::new(Board::goal(Size::THREE), None, None, None),
            saved: Vec::new(),
            history: Vec::new(),
            records: Records::default(),
            expected_dnf: 0,
            now: 1_796_256_000_000,
            today: UtcDate::new(2026, 12, 3).unwrap(),
            fair: false,
            fresh: false,
            helped: false,
            seen: BTreeSet::new(),
            solutions: std::collections::BTreeMap::new(),
        };
        h.game = h.deal();
        h
    }

    /// A new game in play, dealt fairly or not.
    fn start(&mut self, game: Game, fair: bool) {
        self.game = game;
        self.fair = fair;
        self.fresh = true;
        self.helped = false;
    }

    /// A new deal in play: a dealt level, a custom board or the daily.
    fn new_deal(&mut self) {
        let game = self.deal();
        let fair = game.level().is_some() || game.daily().is_some();
        self.start(game, fair);
    }

    /// A level's board from a seed or code the player chose.
    fn chosen_deal(&mut self) {
        let mut game = self.deal();
        let start = *game.start();
        game = Game::new(start, Some(Level::Easy), Some(self.rng.next_u64()), None);
        game.mark_seed_chosen();
        self.start(game, false);
    }

    /// A board a few moves from the goal (so that random play wins often): a dealt level,
    /// a custom board or the daily.
    fn deal(&mut self) -> Game {
        let size = if self.rng.index(4) == 0 {
            Size::FOUR
        } else {
            Size::THREE
        };
        // A walk from the goal, whose reverse the player may know (`HandSolve`).
        let (mut start, mut walk) = (Board::goal(size), Vec::new());
        while walk.len() < 2 + self.rng.index(5) || start.is_goal() {
            let legal: Vec<Move> = start.legal_moves().collect();
            let m = legal[self.rng.index(legal.len())];
            start.try_move(m);
            walk.push(m);
        }
        let solution = walk.iter().rev().map(|m| m.inverse()).collect();
        self.solutions.insert(format_scramble(&start), solution);
        match self.rng.index(3) {
            0 => Game::new(start, Some(Level::Easy), Some(self.rng.next_u64()), None),
            1 => Game::new(start, None, None, None),
            _ => Game::new(start, None, None, None).with_daily(self.today),
        }
    }

    fn end(&mut self, ending: Ending) -> bool {
        let scramble = format_scramble(self.game.start());
        let seen = self.records.seen_before(&scramble);
        if ending != Ending::Solved
            && !self.game.log().is_empty()
            && !self.game.assisted()
            && !self.game.given_up()
            && !seen.finished
        {
            self.expected_dnf += 1;
        }
        self.now += 1000;
        let Some(record) = self.game.ending_record(ending, seen, self.now) else {
            return false;
        };
        if self.records.contains(&record.id) {
            return false;
        }
        let ranked = self.fair && self.fresh && !self.helped && !self.seen.contains(&scramble);
        assert_eq!(record.ranked, Some(ranked), "the ranked rule: {record:?}");
        assert_eq!(record.is_ranked(), ranked);
        self.seen.insert(scramble);
        let counted = self.records.add(&record);
        assert!(counted.is_some());
        self.history.push(record);
        true
    }

    fn after_move(&mut self) {
        if self.game.is_won() {
            self.end(Ending::Solved);
            // Reported again (a segment's every tile): no second result.
            assert!(!self.end(Ending::Solved), "a second result for one attempt");
        }
    }

    /// The solver plays up to `k` random legal moves, stopping at the goal.
    fn solver_plays(&mut self, k: usize) {
        for _ in 0..k {
            let legal: Vec<Move> = self.game.board().legal_moves().collect();
            if self.game.is_won() || legal.is_empty() {
                break;
            }
            let m = legal[self.rng.index(legal.len())];
            self.helped = true;
            if self.game.play_by_solver(m) {
                self.after_move();
            }
        }
    }

    /// Leaves the game in play for another, unless it is won: its ending recorded, and its
    /// save to resume (given up if the ending was recorded) if it has a move.
    fn leave(&mut self) -> Option<SavedGame> {
        if self.game.is_won() {
            return None;
        }
        let recorded = self.end(Ending::Left);
        let mut kept = self.game.clone();
        if recorded {
            kept.note_given_up();
        }
        (!kept.log().is_empty()).then(|| kept.to_saved())
    }

    /// The player plays the way back from the scramble, when at it (known by heart).
    fn hand_solve(&mut self) {
        let at_start = self.game.board() == self.game.start() && !self.game.is_won();
        let plan = self.solutions.get(&format_scramble(self.game.start())).cloned();
        for m in plan.filter(|_| at_start).unwrap_or_default() {
            if self.game.play(m) {
                self.after_move();
            }
        }
    }

    /// The game kept longest is resumed from its save; the one in play is left for it.
    fn resume(&mut self) {
        if let Some(saved) = self.saved.pop() {
            if let Some(kept) = self.leave() {
                self.saved.insert(0, kept);
            }
            let game = Game::from_saved(&saved).expect("a save loads");
            // Shown before: its fairness no longer matters.
            self.start(game, false);
            self.fresh = false;
        }
    }

    fn apply(&mut self, input: &Input) {
        match *input {
            Input::Move(d) => {
                if self.game.play(MOVES[d]) {
                    self.after_move();
                }
            }
            Input::Segment(d, n) => {
                if !self.game.play_segment(MOVES[d], n).is_empty() {
                    self.after_move();
                }
            }
            Input::Undo => {
                self.game.undo();
            }
            Input::Redo => {
                if !self.game.redo().is_empty() {
                    self.after_move();
                }
            }
            Input::Hint => {
                if !self.game.is_won() {
                    self.game.note_hint();
                    self.helped = true;
                }
            }
            Input::Solver(k) => self.solver_plays(k),
            Input::AskSolver => {
                // `p`, then any key before the solver's first move: help, no solver move.
                if !self.game.is_won() {
                    self.game.note_solver();
                    self.helped = true;
                }
            }
            Input::HandSolve => self.hand_solve(),
            Input::Restart => {
                if !self.game.is_won() {
                    self.end(Ending::Restarted);
                }
                self.game.restart();
                self.fresh = false;
            }
            Input::Replay => {
                if self.game.is_won() {
                    self.game.restart();
                    self.fresh = false;
                }
            }
            Input::Skip => {
                if !self.game.is_won() {
                    self.end(Ending::Left);
                }
                self.new_deal();
            }
            Input::Leave => {
                if let Some(kept) = self.leave() {
                    self.saved.push(kept);
                }
                self.new_deal();
            }
            Input::ChosenDeal => {
                if let Some(kept) = self.leave() {
                    self.saved.push(kept);
                }
                self.chosen_deal();
            }
            Input::Resume => self.resume(),
            Input::Reset => {
                self.history.clear();
                self.records = Records::default();
                self.expected_dnf = 0;
                self.seen.clear();
            }
        }
    }

    /// Every best of `stats` is a ranked win of its row (or of its puzzle, in its row).
    fn check_bests(&self, stats: &slide::game::Stats) -> Result<(), TestCaseError> {
        let ranked_wins: BTreeSet<(String, u32, u64)> = self
            .history
            .iter()
            .filter(|r| r.is_ranked() && r.result == Outcome::Won)
            .filter_map(|r| Some((r.record_key()?.row(), r.stm(), r.millis)))
            .collect();
        for (row, record) in &stats.records {
            let b = &record.bests;
            for best in [&b.fastest, &b.fewest, &b.best_tps].into_iter().flatten() {
                prop_assert!(
                    ranked_wins.contains(&(row.clone(), best.moves, best.time_ms)),
                    "a best of {} from no ranked win: {:?}",
                    row,
                    best
                );
            }
        }
        Ok(())
    }

    fn check(&self) -> Result<(), TestCaseError> {
        let history = AttemptHistory {
            attempts: self.history.clone(),
            ..AttemptHistory::default()
        };
        let stats = history.figures();
        prop_assert_eq!(
            &stats,
            self.records.stats(),
            "the statistics are the fold of the history"
        );
        let ids: BTreeSet<&str> = self.history.iter().map(|r| r.id.as_str()).collect();
        prop_assert_eq!(ids.len(), self.history.len(), "at most one result per attempt");
        let mut finished = BTreeSet::new();
        for r in &self.history {
            if finished.contains(&r.scramble) {
                prop_assert!(r.replay, "an attempt at a board already finished is a replay");
            }
            if !r.replay && matches!(r.result, Outcome::Won | Outcome::Solver) {
                finished.insert(r.scramble.clone());
            }
        }
        let mut streak_days = BTreeSet::new();
        let mut timed = 0;
        for r in &self.history {
            let solver_moved = r.moves.chars().any(|c| c.is_ascii_lowercase());
            if !r.assisted {
                prop_assert_eq!(r.hints, 0, "an unassisted attempt has no hint");
                prop_assert!(!solver_moved, "an unassisted attempt has no solver move");
            }
            if solver_moved {
                prop_assert!(r.result != Outcome::Won, "solver-finished is never won");
            }
            if r.result == Outcome::Solver {
                prop_assert!(solver_moved, "solver-finished only if the solver made a move");
            }
            if r.is_ranked() {
                prop_assert!(
                    !r.assisted && !solver_moved && !r.replay,
                    "a ranked attempt had no help"
                );
            }
            if !r.replay && r.level == "easy" && r.is_ranked() && matches!(r.result, Outcome::Dnf | Outcome::Won) {
                timed += 1;
            }
            if !r.replay && r.result == Outcome::Won && r.daily.as_deref() == Some(&r.day().to_string()) {
                streak_days.insert((r.size.text(), r.day().to_string()));
            }
        }
        let stats = &stats;
        let rows = |kind: Kind| Size::ALL.into_iter().filter_map(move |s| stats.row(s, kind));
        let in_averages: usize = rows(Kind::Level(Level::Easy)).map(|r| r.speed.recent.len()).sum();
        prop_assert_eq!(in_averages, timed, "the averages hold the ranked attempts only");
        self.check_bests(stats)?;
        let dnf: u32 = Kind::all().into_iter().flat_map(rows).map(|r| r.dnf).sum();
        prop_assert_eq!(
            dnf,
            self.expected_dnf,
            "DNFs are the unassisted attempts left after a move"
        );
        let days: BTreeSet<(String, String)> = stats
            .daily_wins
            .iter()
            .flat_map(|(size, days)| {
                let side = size.split_once('x').map_or(size.as_str(), |(w, _)| w).to_string();
                days.iter().map(move |d| (side.clone(), d.clone()))
            })
            .collect();
        prop_assert_eq!(days, streak_days, "a streak day is a daily the player won on its day");
        for s in Size::ALL {
            if let Some(r) = stats.row(s, Kind::Daily) {
                prop_assert!(r.won + r.solver_finished + r.dnf <= r.played);
            }
        }
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn records_hold_their_invariants_under_any_play(seed in any::<u64>(), inputs in prop::collection::vec(input(), 1..80)) {
        let mut h = Harness::new(seed);
        h.fair = h.game.level().is_some() || h.game.daily().is_some();
        h.fresh = true;
        for i in &inputs {
            h.apply(i);
        }
        h.check()?;
    }
}
