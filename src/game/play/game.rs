//! One game: the starting board, the current board, the move history and the counters.

use std::time::{Duration, Instant};

use crate::difficulty::{Level, PuzzleCode, UtcDate};
use crate::game::play::clock::Clock;
use crate::game::play::move_log::{Actor, MoveLog};
use crate::game::play::play_clock::PlayClock;
use crate::game::play::run::Run;
use crate::game::play::run_par::BoardPar;
pub(crate) use crate::game::play::saved_game::SavedGame;
use crate::game::play::saved_game_error::SavedGameError;
use crate::game::play::solve_mode::SolveMode;
use crate::puzzle::{Board, Move, SeededRng, Size, format_moves, parse_moves};

/// A game in progress.
///
/// The move counter counts the moves standing between the start and the board: an undo
/// takes one back, as in Tatham's Fifteen and GNOME Taquin, so the count compares with par
/// move for move. A mouse slide of a whole segment is one undo step.
#[derive(Debug, Clone)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "independent facts about a game, not a state"
)]
pub struct Game {
    id: String,
    start: Board,
    board: Board,
    level: Option<Level>,
    seed: Option<u64>,
    daily: Option<UtcDate>,
    /// A single board's par (a run keeps one a board: `board_pars`).
    par: BoardPar,
    history: Vec<Move>,
    future: Vec<Move>,
    /// The size of each undo step (a segment slide is one step), in play order.
    steps: Vec<u32>,
    /// The size of each redo step.
    future_steps: Vec<u32>,
    moves: u32,
    /// Single-tile moves made in this attempt: every tile slid, undos and redos included
    /// (an undo slides tiles back, as on a real puzzle).
    stm: u32,
    /// Multi-tile moves: like `stm`, but a segment slid at once counts as one.
    mtm: u32,
    /// The game was given up once (counted as a DNF): its later win is not timed again.
    given_up: bool,
    hints: u32,
    /// Hints were shown or the solver was asked for on this puzzle, restarts included.
    helped: bool,
    /// The scramble was on screen before this attempt began: a restart, or a game resumed
    /// from its save (the ranked rule reads it, see `records/ranked.rs`).
    shown_before: bool,
    clock: PlayClock,
    /// This attempt's number in the game: 1, then one more at each restart (and when a game
    /// given up is resumed). With the id, it names the attempt in the history.
    attempt: u32,
    /// Every tile slid in this attempt, who slid it and when.
    log: MoveLog,
    /// A blind solve hides the numbers after the first move, and has records of its own
    /// (the row `blind`).
    mode: SolveMode,
    /// A marathon's or relay's boards (see `run.rs`): the board in play is its current one.
    run: Option<Run>,
    /// A run's boards' pars, by board (see `run_par.rs`); empty outside a run.
    board_pars: Vec<BoardPar>,
    /// The seed was the player's (`--seed`, a puzzle code), not drawn at random for the deal.
    seed_chosen: bool,
}

mod par;
mod run_play;

/// A fresh game id: 16 hex digits, unique enough that two games never share a save file.
fn fresh_id() -> String {
    format!("{:016x}", SeededRng::from_entropy().next_u64())
}

impl Game {
    /// A new game from `start`. `par` is the optimal length from `start`, when known.
    pub fn new(start: Board, level: Option<Level>, seed: Option<u64>, par: Option<u32>) -> Game {
        Game {
            id: fresh_id(),
            start,
            board: start,
            level,
            seed,
            daily: None,
            par: BoardPar::known(par, None),
            history: Vec::new(),
            future: Vec::new(),
            steps: Vec::new(),
            future_steps: Vec::new(),
            moves: 0,
            stm: 0,
            mtm: 0,
            given_up: false,
            hints: 0,
            helped: false,
            shown_before: false,
            clock: PlayClock::default(),
            attempt: 1,
            log: MoveLog::new(),
            mode: SolveMode::Single,
            run: None,
            board_pars: Vec::new(),
            seed_chosen: false,
        }
    }

    /// Makes this a blind solve (or not): its records go to the row `blind`.
    pub fn set_blind(&mut self, blind: bool) {
        if self.run.is_some() {
            return;
        }
        self.mode = if blind { SolveMode::Blind } else { SolveMode::Single };
    }

    /// Whether this is a blind solve.
    pub fn is_blind(&self) -> bool {
        self.mode == SolveMode::Blind
    }

    /// The attempt's number in this game (1 for the first; a restart begins the next).
    pub fn attempt(&self) -> u32 {
        self.attempt
    }

    /// The attempt's id in the history: the game's id and the attempt's number.
    pub(crate) fn attempt_id(&self) -> String {
        format!("{}-{}", self.id, self.attempt)
    }

    /// Every tile slid in this attempt (undos as the reverse move), by whom and when.
    pub fn log(&self) -> &MoveLog {
        &self.log
    }

    /// Plays `m` for the player as the solver's move (its animation): as
    /// [`play`](Game::play), but the move is the solver's.
    pub fn play_by_solver(&mut self, m: Move) -> bool {
        self.helped = true;
        self.play_as(m, Actor::Solver)
    }

    /// The game's id: its save file's name, unique per dealt game.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// A blind solve of a board dealt for it from a seed drawn at random (uniformly random:
    /// level `random`, as every blind deal is), recorded in the blind row. A given board, the
    /// daily, a level's board from a puzzle code (`--code 4H-…`), or any deal from a seed the
    /// player chose (`--seed S`, a random level's code: the same board at will) played blind
    /// keeps its own row: a board the player can choose must not set a ranked record.
    pub(crate) fn is_ranked_blind(&self) -> bool {
        self.is_blind()
            && self.level == Some(crate::difficulty::Level::Random)
            && self.daily.is_none()
            && !self.seed_chosen
    }

    /// Says that the game's seed was the player's (`--seed`, a puzzle code), not drawn at
    /// random: no ranked deal (no ranked blind solve, a run's row apart from the ranked one).
    pub fn mark_seed_chosen(&mut self) {
        self.seed_chosen = true;
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The board the game started from.
    pub fn start(&self) -> &Board {
        &self.start
    }
    /// The board's size.
    pub fn size(&self) -> Size {
        self.board.size()
    }
    /// The level it was dealt for (`None` for a board given by hand).
    pub fn level(&self) -> Option<Level> {
        self.level
    }
    /// The seed it was dealt from.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }
    /// Marks the game as the daily puzzle of `date`.
    #[must_use]
    pub fn with_daily(mut self, date: UtcDate) -> Game {
        self.daily = Some(date);
        self
    }
    /// The day whose daily puzzle this is, if it is one.
    pub fn daily(&self) -> Option<UtcDate> {
        self.daily
    }
    /// The code that deals this puzzle again: size, level and seed for a dealt game, the
    /// starting board itself otherwise.
    pub fn code(&self) -> PuzzleCode {
        match (self.level, self.seed) {
            (Some(level), Some(seed)) => PuzzleCode::Seeded {
                size: self.size(),
                level,
                seed,
            },
            _ => PuzzleCode::Board(self.start),
        }
    }
    /// Slides made so far.
    pub fn moves(&self) -> u32 {
        self.moves
    }
    /// Single-tile moves (STM) made in this attempt, undos and redos included.
    pub fn stm(&self) -> u32 {
        self.stm
    }
    /// Multi-tile moves (MTM): a segment slid at once (a click, a hover) counts as one.
    pub fn mtm(&self) -> u32 {
        self.mtm
    }
    /// Whether this game was counted as given up (a DNF) in the averages.
    pub fn given_up(&self) -> bool {
        self.given_up
    }
    /// Marks the attempt as ended without a finish (its result, a DNF or given up, is
    /// recorded). The game stays resumable: finishing it later is a new attempt that
    /// counts as a replay, never a second result for this one.
    pub fn note_given_up(&mut self) {
        if !self.given_up {
            self.given_up = true;
            self.attempt = self.attempt.saturating_add(1);
        }
    }
    /// Hints asked for in this attempt (since the start or the last restart).
    pub fn hints_used(&self) -> u32 {
        self.hints
    }
    /// Whether hints or the solver ever helped on this puzzle, restarts included (asking
    /// for the solution is help, whether or not the solver then slid a tile).
    pub fn assisted(&self) -> bool {
        self.helped || self.hints > 0
    }
    /// Whether the scramble was on screen before this attempt began: the attempt is a
    /// restart, or the game was resumed from its save.
    pub fn shown_before(&self) -> bool {
        self.shown_before
    }
    /// Whether the seed was the player's (`--seed`, a puzzle code), not drawn at random.
    pub fn seed_chosen(&self) -> bool {
        self.seed_chosen
    }
    /// The play clock.
    pub fn clock(&self) -> &Clock {
        self.clock.clock()
    }
    /// Whether the board is on screen: the clock runs only then (see `play_clock.rs`).
    pub fn show(&mut self, shown: bool) {
        self.clock.show(shown);
    }
    /// How long the board was on screen before this attempt's clock started (its memo
    /// time); `None` before then, and for an attempt resumed from a save.
    pub fn memo(&self) -> Option<Duration> {
        self.clock.memo()
    }
    /// Time passed: an inspection that ran out starts the clock.
    pub fn tick(&mut self, now: Instant) {
        self.clock.tick(now);
    }
    /// Starts the inspection of a fresh attempt (no move logged, no time on its clock, not
    /// solved): `length` from `now`, then the clock starts by itself. Zero: no inspection.
    /// An attempt resumed after its inspection ran out gets no second one.
    pub fn inspect(&mut self, length: Duration, now: Instant) {
        let fresh =
            self.log.is_empty() && self.future.is_empty() && !self.is_won() && self.clock.elapsed() == Duration::ZERO;
        self.clock.inspect(if fresh { length } else { Duration::ZERO }, now);
    }
    /// Whole seconds of inspection left, while it runs.
    pub fn inspection_left(&self, now: Instant) -> Option<u64> {
        self.clock.inspection_left(now)
    }
    /// Whether an inspection is running.
    pub fn inspecting(&self) -> bool {
        self.clock.inspecting()
    }
    /// Stops the clock before the game is saved on quit.
    pub fn stop_clock(&mut self) {
        self.clock.stop();
    }
    /// The moves from the start to the current board (after undos, the ones still standing).
    pub fn history(&self) -> &[Move] {
        &self.history
    }
    /// Whether there is a move to undo.
    #[cfg(test)]
    pub(crate) fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }
    /// Whether there is a move to redo.
    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }
    /// Whether the board is solved.
    pub fn is_won(&self) -> bool {
        self.board.is_goal()
    }

    /// Plays `m` if possible, as one undo step. A new move clears redo, unless it is the
    /// very move redo would have played.
    pub fn play(&mut self, m: Move) -> bool {
        self.play_as(m, Actor::Player)
    }

    fn play_as(&mut self, m: Move, by: Actor) -> bool {
        let on = self.board_number();
        if !self.slide(m, by) {
            return false;
        }
        self.stm = self.stm.saturating_add(1);
        self.mtm = self.mtm.saturating_add(1);
        if self.board_number() != on {
            // The move solved a run's board and the next is in play: nothing to undo yet.
        } else if self.future.last() == Some(&m) && self.future_steps.last() == Some(&1) {
            self.future.pop();
            self.future_steps.pop();
        } else {
            self.future.clear();
            self.future_steps.clear();
        }
        if self.board_number() == on {
            self.steps.push(1);
        }
        true
    }

    /// Plays `m` up to `count` times (a mouse slide of a segment), as one undo step;
    /// returns the moves made.
    pub fn play_segment(&mut self, m: Move, count: usize) -> Vec<Move> {
        let (mut played, on) = (Vec::new(), self.board_number());
        // A segment that solves a run's board stops there: the next board is new.
        while played.len() < count && self.board_number() == on && self.slide(m, Actor::Player) {
            played.push(m);
        }
        if !played.is_empty() {
            self.future.clear();
            self.future_steps.clear();
            if self.board_number() == on {
                self.steps.push(played.len() as u32);
            }
            self.stm = self.stm.saturating_add(played.len() as u32);
            self.mtm = self.mtm.saturating_add(1);
        }
        played
    }

    fn slide(&mut self, m: Move, by: Actor) -> bool {
        if self.is_won() || !self.board.try_move(m) {
            return false;
        }
        self.moved(by);
        self.log.push(m, by, self.clock.elapsed().as_millis() as u64);
        self.history.push(m);
        self.moves = self.moves.saturating_add(1);
        if self.is_won() && !self.next_board() {
            // The time of a win (a run's: its last board) is final.
            self.clock.finish();
        }
        true
    }

    /// A tile is about to slide: the clock follows who slides it (see `play_clock.rs`).
    fn moved(&mut self, by: Actor) {
        match by {
            Actor::Player => self.clock.player_moved(),
            Actor::Solver => self.clock.solver_moved(),
        }
    }

    /// Takes back the last step (one move, or a whole segment slide); returns the moves
    /// taken back, last played first.
    pub fn undo(&mut self) -> Vec<Move> {
        if self.is_won() || self.history.is_empty() {
            return Vec::new();
        }
        let n = self.steps.pop().unwrap_or(1).min(self.history.len() as u32);
        self.moved(Actor::Player);
        let mut undone = Vec::new();
        for _ in 0..n {
            let Some(m) = self.history.pop() else { break };
            self.board.try_move(m.inverse());
            self.log
                .push(m.inverse(), Actor::Player, self.clock.elapsed().as_millis() as u64);
            self.future.push(m);
            self.moves = self.moves.saturating_sub(1);
            undone.push(m);
        }
        self.future_steps.push(undone.len() as u32);
        self.stm = self.stm.saturating_add(undone.len() as u32);
        self.mtm = self.mtm.saturating_add(u32::from(!undone.is_empty()));
        undone
    }

    /// Plays again the last step undone; returns its moves in play order.
    pub fn redo(&mut self) -> Vec<Move> {
        let Some(n) = self.future_steps.pop() else {
            return Vec::new();
        };
        let (mut redone, on) = (Vec::new(), self.board_number());
        for _ in 0..n {
            let Some(m) = self.future.pop().filter(|_| self.board_number() == on) else {
                break;
            };
            if !self.slide(m, Actor::Player) {
                break;
            }
            redone.push(m);
        }
        if !redone.is_empty() {
            if self.board_number() == on {
                self.steps.push(redone.len() as u32);
            }
            self.stm = self.stm.saturating_add(redone.len() as u32);
            self.mtm = self.mtm.saturating_add(1);
        }
        redone
    }

    /// Goes back to the starting board for a new attempt: moves, clock, hint count and
    /// solver use start afresh, but a puzzle once helped stays [`assisted`](Game::assisted),
    /// so a restart never hides help from the records.
    pub fn restart(&mut self) {
        self.helped = self.assisted();
        self.rewind_run();
        self.board = self.start;
        self.history.clear();
        self.future.clear();
        self.steps.clear();
        self.future_steps.clear();
        self.moves = 0;
        self.stm = 0;
        self.mtm = 0;
        self.hints = 0;
        self.shown_before = true;
        // A new attempt: its clock starts afresh, on screen as the old one was.
        let shown = std::mem::take(&mut self.clock).shown();
        self.clock.show(shown);
        self.attempt = self.attempt.saturating_add(1);
        self.log = MoveLog::new();
        self.given_up = false;
    }

    /// Counts one hint.
    pub fn note_hint(&mut self) {
        self.hints = self.hints.saturating_add(1);
        self.helped = true;
    }

    /// Records that the player asked the solver to play: the puzzle is helped from now,
    /// whether or not the solver slides a tile (only a tile it slid makes the attempt
    /// solver-finished, see `records/outcome.rs`).
    pub fn note_solver(&mut self) {
        self.helped = true;
    }

    /// The game as saved on disk.
    pub fn to_saved(&self) -> SavedGame {
        SavedGame {
            version: SavedGame::VERSION,
            id: self.id.clone(),
            helped: self.assisted(),
            saved_at: unix_millis(),
            start: self.start.to_string(),
            history: format_moves(&self.history),
            future: format_moves(&self.future),
            level: self.level.map(|l| l.name().to_string()),
            seed: self.seed,
            daily: self.daily.map(|d| d.to_string()),
            par: self.par.optimal,
            par_estimate: self.par.best_found,
            moves: self.moves,
            hints: self.hints,
            // No longer kept apart from `helped`; written for older versions, which need it.
            solver_used: false,
            elapsed_ms: self.clock.elapsed().as_millis() as u64,
            stm: Some(self.stm),
            mtm: Some(self.mtm),
            given_up: self.given_up,
            attempt: self.attempt,
            log: (!self.log.is_empty()).then(|| self.log.letters()),
            log_gaps: self.log.gaps_ms(),
            log_first_ms: self.log.moves().first().map_or(0, |m| m.at_ms),
            mode: (self.mode != SolveMode::Single).then(|| self.mode.name().to_string()),
            run: self.saved_run(),
            seed_chosen: self.seed_chosen,
            pending: Vec::new(),
            finished: false,
        }
    }

    /// Restores a saved game; the clock stays stopped until the next move.
    pub fn from_saved(saved: &SavedGame) -> Result<Game, SavedGameError> {
        if saved.version > SavedGame::VERSION {
            return Err(SavedGameError::Newer {
                found: saved.version,
                reads: SavedGame::VERSION,
            });
        }
        let start: Board = saved.start.parse().map_err(SavedGameError::StartBoard)?;
        let history = parse_moves(&saved.history).map_err(SavedGameError::History)?;
        let future = parse_moves(&saved.future).map_err(SavedGameError::RedoList)?;
        let mut board = start;
        board.apply_all(&history).map_err(SavedGameError::HistoryDoesNotFit)?;
        board
            .clone()
            .apply_all(&future.iter().rev().copied().collect::<Vec<_>>())
            .map_err(SavedGameError::RedoListDoesNotFit)?;
        let level = match &saved.level {
            Some(l) => Some(l.parse::<Level>().map_err(SavedGameError::Level)?),
            None => None,
        };
        let daily = match &saved.daily {
            Some(d) => Some(d.parse::<UtcDate>().map_err(SavedGameError::Daily)?),
            None => None,
        };
        let id = if saved.id.is_empty() {
            fresh_id()
        } else {
            saved.id.clone()
        };
        if !id.chars().all(|c| c.is_ascii_alphanumeric()) || id.len() > 32 {
            return Err(SavedGameError::BadId(id));
        }
        let mut log = match &saved.log {
            Some(letters) => MoveLog::from_parts(letters, &saved.log_gaps).ok_or(SavedGameError::DamagedLog)?,
            // A save from before the log was kept: the standing moves, untimed.
            None => MoveLog::from_parts(&saved.history, &[]).unwrap_or_default(),
        };
        log.shift(saved.log_first_ms);
        // Undo steps are not saved: after a resume each move is a step of its own.
        let steps = vec![1; history.len()];
        let future_steps = vec![1; future.len()];
        Ok(Game {
            id,
            start,
            board,
            level,
            seed: saved.seed,
            daily,
            par: BoardPar::known(saved.par, saved.par_estimate),
            moves: history.len() as u32,
            // A save from before the counters were kept: every standing move counts once.
            stm: saved.stm.unwrap_or(history.len() as u32),
            mtm: saved.mtm.unwrap_or(history.len() as u32),
            given_up: saved.given_up,
            history,
            future,
            steps,
            future_steps,
            hints: saved.hints,
            // An older save's solver flag is help, as asking for the solver is now.
            helped: saved.helped || saved.solver_used,
            // A resumed attempt was on screen before: it ranks nothing.
            shown_before: true,
            clock: PlayClock::resumed(Duration::from_millis(saved.elapsed_ms)),
            attempt: saved.attempt.max(1),
            log,
            mode: Game::saved_mode(saved)?,
            run: Game::run_from_saved(saved)?,
            board_pars: saved.run.as_ref().map(|r| r.pars.clone()).unwrap_or_default(),
            seed_chosen: saved.seed_chosen,
        })
    }
}

/// The time now in milliseconds since the Unix epoch (0 if the clock is before it): the one
/// wall clock of saves and of "2 h ago".
pub fn unix_millis() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        Game::new(
            "1 2 3 4 5 6 7 0 8".parse().unwrap(),
            Some(Level::Easy),
            Some(7),
            Some(1),
        )
    }

    #[test]
    fn undo_redo_and_win() {
        let mut g = game();
        assert!(!g.play(Move::Up), "no tile below the blank");
        assert_eq!(g.moves(), 0);
        assert!(g.play(Move::Right));
        assert_eq!(g.undo(), vec![Move::Right]);
        assert_eq!(g.board(), g.start());
        assert_eq!(g.moves(), 0, "an undo takes the move back");
        assert_eq!(g.redo(), vec![Move::Right]);
        assert_eq!(g.moves(), 1);
        g.undo();
        assert!(g.play(Move::Left));
        assert!(g.is_won());
        assert!(!g.clock().is_running());
        assert!(!g.play(Move::Right), "a won game takes no moves");
    }

    #[test]
    fn fourteen_moves_and_fourteen_undos_are_zero_moves() {
        let mut g = Game::new("1 2 3 4 5 6 7 0 8".parse().unwrap(), None, None, None);
        let moves = [Move::Right, Move::Left];
        for i in 0..14 {
            assert!(g.play(moves[i % 2]));
        }
        for _ in 0..14 {
            assert_eq!(g.undo().len(), 1);
        }
        assert_eq!(g.moves(), 0);
        assert_eq!(g.board(), g.start());
    }

    #[test]
    fn a_segment_slide_is_one_undo_step() {
        // Blank bottom-left: two tiles slide left into it at once.
        let mut g = Game::new("1 2 3 4 5 6 0 7 8".parse().unwrap(), None, None, None);
        assert_eq!(g.play_segment(Move::Left, 2), vec![Move::Left, Move::Left]);
        assert!(g.is_won());
        let mut g = Game::new("0 1 2 4 5 3 7 8 6".parse().unwrap(), None, None, None);
        assert_eq!(g.play_segment(Move::Left, 2).len(), 2);
        assert_eq!(g.moves(), 2);
        assert_eq!(g.undo().len(), 2, "one undo takes the whole slide back");
        assert_eq!(g.moves(), 0);
        assert_eq!(g.redo().len(), 2);
        assert_eq!(g.moves(), 2);
    }

    #[test]
    fn save_round_trip() {
        let mut g = game();
        g.play(Move::Right);
        g.play(Move::Down);
        g.undo();
        g.note_hint();
        let saved = g.to_saved();
        let json = serde_json::to_string(&saved).unwrap();
        let back = Game::from_saved(&serde_json::from_str(&json).unwrap()).unwrap();
        assert_eq!(back.board(), g.board());
        let mut again = back.to_saved();
        again.saved_at = saved.saved_at;
        assert_eq!(again, saved);
        assert_eq!(back.id(), g.id());
    }

    #[test]
    fn a_damaged_save_says_which_part_is_wrong() {
        let good = game().to_saved();
        type Damage = fn(&mut SavedGame);
        let cases: [(Damage, &str); 4] = [
            (|s| s.start = "1 2 3".into(), "start board: "),
            (|s| s.history = "Q".into(), "history: "),
            (|s| s.version = SavedGame::VERSION + 1, "made by a newer Slide"),
            (|s| s.id = "no/id".into(), "id 'no/id' is not a game id"),
        ];
        for (damage, said) in cases {
            let mut saved = good.clone();
            damage(&mut saved);
            let error = Game::from_saved(&saved).expect_err("a damaged save is refused");
            assert!(error.to_string().starts_with(said), "{error} should start with {said}");
        }
    }

    #[test]
    fn code_and_daily_survive_a_save() {
        let date = UtcDate::new(2026, 12, 2).unwrap();
        let g = game().with_daily(date);
        assert_eq!(g.code().to_string().parse::<PuzzleCode>().unwrap(), g.code());
        let back = Game::from_saved(&g.to_saved()).unwrap();
        assert_eq!(back.daily(), Some(date));
        assert_eq!(back.code(), g.code());
        let custom = Game::new(*g.start(), None, None, None);
        assert_eq!(custom.code(), PuzzleCode::Board(*g.start()));
        // A save without the field still loads.
        let old = r#"{"version":1,"start":"1 2 3 4 5 6 7 0 8","history":"","future":"","level":null,"seed":null,"par":null,"moves":0,"hints":0,"solver_used":false,"elapsed_ms":0}"#;
        assert!(
            Game::from_saved(&serde_json::from_str(old).unwrap())
                .unwrap()
                .daily()
                .is_none()
        );
    }

    #[test]
    fn restart_starts_a_new_attempt_but_stays_assisted() {
        let mut g = game();
        g.note_hint();
        g.play(Move::Right);
        g.restart();
        assert_eq!((g.moves(), g.hints_used()), (0, 0), "a fresh attempt");
        assert!(g.assisted(), "the puzzle was helped before");
        let back = Game::from_saved(&g.to_saved()).unwrap();
        assert!(back.assisted(), "and a save keeps that");
        assert!(!game().assisted());
    }

    #[test]
    fn summaries_name_size_kind_moves_and_age() {
        let mut s = game().to_saved();
        s.moves = 12;
        s.saved_at = 1_000;
        assert_eq!(s.summary(1_000 + 2 * 3_600_000), "3×3 easy · 12 moves · 2 h ago");
        s.level = None;
        s.moves = 1;
        assert_eq!(s.summary(1_000), "3×3 custom · 1 move · just now");
    }

    #[test]
    fn keys_count_one_stm_and_one_mtm_each() {
        let mut g = Game::new("1 2 3 4 0 5 7 8 6".parse().unwrap(), None, None, None);
        assert!(g.play(Move::Left));
        assert!(g.play(Move::Right));
        assert!(g.play(Move::Up));
        assert!(!g.play(Move::Up), "an impossible move is no move");
        assert_eq!((g.stm(), g.mtm()), (3, 3));
        // An undo slides a tile back: a move on a real puzzle.
        g.undo();
        assert_eq!((g.moves(), g.stm(), g.mtm()), (2, 4, 4));
        g.redo();
        assert_eq!((g.moves(), g.stm(), g.mtm()), (3, 5, 5));
    }

    #[test]
    fn a_mouse_segment_is_many_stm_and_one_mtm() {
        // Blank top-left: tiles 1 and 2 slide left at once.
        let mut g = Game::new("0 1 2 4 5 3 7 8 6".parse().unwrap(), None, None, None);
        assert_eq!(g.play_segment(Move::Left, 2).len(), 2);
        assert_eq!((g.stm(), g.mtm()), (2, 1));
        // Then the 3 and the 6 up, one key each.
        assert!(g.play(Move::Up));
        assert!(g.play(Move::Up));
        assert_eq!((g.stm(), g.mtm()), (4, 3));
        assert!(g.is_won());
        // Undoing a segment slides it back as one multi-tile move.
        let mut g = Game::new("0 1 2 4 5 3 7 8 6".parse().unwrap(), None, None, None);
        g.play_segment(Move::Left, 2);
        g.undo();
        assert_eq!((g.moves(), g.stm(), g.mtm()), (0, 4, 2));
        g.restart();
        assert_eq!((g.stm(), g.mtm()), (0, 0), "a restart is a new attempt");
    }

    #[test]
    fn move_counters_survive_a_save_and_old_saves_count_the_history() {
        let mut g = Game::new("0 1 2 4 5 3 7 8 6".parse().unwrap(), Some(Level::Easy), Some(1), None);
        g.play_segment(Move::Left, 2);
        g.play(Move::Up);
        g.note_given_up();
        let back = Game::from_saved(&g.to_saved()).unwrap();
        assert_eq!((back.stm(), back.mtm(), back.given_up()), (3, 2, true));
        let mut old = g.to_saved();
        old.stm = None;
        old.mtm = None;
        old.given_up = false;
        let text = serde_json::to_string(&old).unwrap();
        assert!(!text.contains("stm"), "{text}");
        let back = Game::from_saved(&serde_json::from_str(&text).unwrap()).unwrap();
        assert_eq!((back.stm(), back.mtm(), back.given_up()), (3, 3, false));
    }

    #[test]
    fn bad_save_is_an_error_not_a_panic() {
        let mut s = game().to_saved();
        s.history = "UUUUUU".into();
        assert!(Game::from_saved(&s).is_err());
    }
}
