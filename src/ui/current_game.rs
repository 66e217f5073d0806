//! The game in play as the screens share it: the game and its saving, and what the board
//! screen shows about it (the hint on show, the status line, the clock's arming, the
//! inspection countdown). Every call into `slide::game` that changes a game or its records
//! is made here or in `moves.rs`, so that the attempt model can take their place at one spot.
//!
//! Owns: the `Game`, its `Persistence`, the per-game view state. Must not import a screen,
//! a widget or the terminal crates.

use std::time::{Duration, Instant};

use slide::config::Config;
use slide::difficulty::{DAILY_LEVEL, DealRequest, Level, fresh_seed};
use slide::engine::{Engine, Focus, KnownPlan};
use slide::game::{Best, Game, Notice, Persistence, Speed};
use slide::puzzle::{Board, Move};

/// Where a session's game comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Just dealt or given: it counts as played now.
    New,
    /// A saved game resumed.
    Resumed,
    /// A stand-in while the first game is dealt: never saved nor counted.
    Placeholder,
}

/// How long the board's frame flashes after an impossible move.
pub const BUMP_TIME: Duration = Duration::from_millis(180);

/// The game in play and what the board screen shows about it.
#[allow(
    clippy::struct_excessive_bools,
    reason = "independent facts about the game on screen, not a mode"
)]
pub struct CurrentGame {
    /// The game.
    pub game: Game,
    /// Where it is saved, with the records.
    pub persist: Persistence,
    /// The game is a stand-in while the first deal runs.
    pub placeholder: bool,
    /// The player's very first game: the panel shows the goal until the first move.
    pub first_game: bool,
    /// Whether the hint marker is shown on the board.
    pub hint_visible: bool,
    /// The player is following hints: the next move of the plan stays shown after each
    /// move that follows it, until a move leaves the plan.
    pub hint_mode: bool,
    /// When the hint key was pressed, until the hint is drawn (for latency measurement).
    pub hint_asked_at: Option<Instant>,
    /// A one-line message under the panel.
    pub status: Option<String>,
    /// Table-building progress for the current size.
    pub tables: Option<String>,
    /// The large tables' background build, as the panel says it.
    pub building: Option<String>,
    /// Sizes whose large tables the game offered to build this run (`game.large_tables =
    /// "ask"`: asked once).
    pub(crate) asked_large: Vec<slide::puzzle::Size>,
    /// The question to put to the player about a size's large tables, for the app to open.
    pub(crate) large_question: Option<LargeQuestion>,
    /// When an impossible move was tried (the frame flashes for [`BUMP_TIME`]).
    pub bumped_at: Option<Instant>,
    /// The board cell under the mouse, while clicks slide tiles and hover control is off:
    /// the tiles a click there would slide are highlighted.
    pub hovered: Option<usize>,
    /// Whether the player looks at the board (the screen on top is the board or the help):
    /// the engine improves its plan only then. Set by the app before each event.
    pub watching: bool,
    /// Blind solves were asked for (`--mode blind`): every new game is one.
    pub blind: bool,
    /// The seed the player chose (`--seed`, a puzzle code) for the deal being waited for:
    /// the game it deals is told so (the model decides what that means for its records).
    chosen_seed: Option<u64>,
    /// The board of a marathon or relay the screen last showed (0 outside one): when the
    /// game's moves on, the next board is new to the engine.
    run_board: u32,
    /// Notices for the screen, taken by the app.
    outbox: Vec<Notice>,
}

/// "Build the large tables?", for a size the player plays often (`game.large_tables =
/// "ask"`), for the app to put on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LargeQuestion {
    /// The size played often.
    pub size: slide::puzzle::Size,
    /// How big its large tables are, in MB (on disk, and in memory once built).
    pub mb: u64,
}

impl CurrentGame {
    /// A session around `game`, which `origin` says where it comes from.
    pub fn new(game: Game, persist: Persistence, origin: Origin, engine: &mut Engine, config: &Config) -> CurrentGame {
        let mut s = CurrentGame {
            game,
            persist,
            placeholder: origin == Origin::Placeholder,
            first_game: false,
            hint_visible: false,
            hint_mode: false,
            hint_asked_at: None,
            status: None,
            tables: None,
            building: None,
            asked_large: Vec::new(),
            large_question: None,
            bumped_at: None,
            hovered: None,
            watching: true,
            blind: false,
            chosen_seed: None,
            run_board: 0,
            outbox: Vec::new(),
        };
        s.first_game = s.persist.store().is_some() && s.persist.stats().is_new_player();
        if origin != Origin::Placeholder {
            s.persist.start(&s.game, origin == Origin::New);
        }
        s.par_from_table(engine);
        s.game_changed(engine, config);
        s
    }

    /// Whether the attempt is under way: its clock has time on it (or its inspection runs)
    /// and it is not solved. A screen that stops its clock must hide its board.
    pub fn under_way(&self) -> bool {
        !self.placeholder
            && !self.game.is_won()
            && (self.game.clock().elapsed() > std::time::Duration::ZERO || self.game.inspecting())
    }

    /// A board given already solved: nothing to play.
    pub fn solved_at_start(&self) -> bool {
        !self.placeholder && self.game.is_won() && self.game.moves() == 0
    }

    /// Replaces the game with `game`. The game it replaces stays saved (and in the menu)
    /// if any move was made in it.
    pub fn start(&mut self, game: Game, origin: Origin, engine: &mut Engine, config: &Config) {
        if !self.placeholder {
            self.persist.leave(&self.game);
        }
        // The goal is shown on the very first game only (the one that replaces the stand-in
        // shown while it is dealt), not on every fresh board after it.
        self.first_game &= self.placeholder;
        self.placeholder = false;
        self.game = game;
        if origin == Origin::New && self.blind {
            self.game.set_blind(true);
        }
        if let Some(seed) = self.chosen_seed.take()
            && origin == Origin::New
            && self.game.seed() == Some(seed)
        {
            self.game.mark_seed_chosen();
        }
        self.status = None;
        self.persist.start(&self.game, origin == Origin::New);
        self.par_from_table(engine);
        self.game_changed(engine, config);
    }

    /// The next game dealt is from `seed`, which the player chose: it is told so when it
    /// starts.
    pub fn note_chosen_seed(&mut self, seed: u64) {
        self.chosen_seed = Some(seed);
    }

    /// Resumes the unfinished game `id` (from the menu); on failure the game in play stays.
    pub fn resume(&mut self, id: &str, engine: &mut Engine, config: &Config) {
        match self.persist.resume(id) {
            Ok(game) => {
                // Claimed before the current one is left: `start` must not release it.
                self.start(game, Origin::Resumed, engine, config);
                self.status = Some("Resumed. Your other game is kept in the menu.".into());
            }
            Err(e) => self.notify(Notice::warning(format!("Could not resume that game: {e}."))),
        }
    }

    /// Forgets everything tied to the previous game and starts the background work for
    /// this one.
    fn game_changed(&mut self, engine: &mut Engine, config: &Config) {
        self.run_board = self.game.board_number();
        engine.start_game(self.focus());
        self.offer_large_tables(engine, config);
        self.hint_visible = false;
        self.hint_mode = false;
        self.start_inspection(config);
        self.tables = None;
        self.deal_ahead(engine, config);
    }

    /// On 3×3 the par is a lookup in the solver's exact table, so it is shown from the first
    /// frame rather than after a search.
    fn par_from_table(&mut self, engine: &Engine) {
        if self.game.par().is_none()
            && let Some(par) = engine.instant_par(self.game.start())
        {
            self.game.set_par(par);
        }
    }

    /// What the engine's background work is about: the game on screen, unless it is the
    /// stand-in shown while the first game is dealt.
    pub fn focus(&self) -> Option<Focus> {
        (!self.placeholder).then(|| Focus {
            start: *self.game.start(),
            board: *self.game.board(),
            par: self.game.par(),
            par_estimate: self.game.par_estimate(),
            won: self.game.is_won(),
            watching: self.watching,
        })
    }

    /// The level New offers after this game: the same, or Hard after a daily puzzle.
    pub fn next_level(&self, config: &Config) -> Level {
        match self.game.daily() {
            Some(_) => DAILY_LEVEL,
            None => self.game.level().unwrap_or(config.level()),
        }
    }

    /// Deals the next game of this size and level ahead, so that New needs no wait.
    pub fn deal_ahead(&self, engine: &mut Engine, config: &Config) {
        engine.deal_ahead(DealRequest {
            size: self.game.size(),
            level: self.next_level(config),
            seed: fresh_seed(),
            daily: None,
        });
    }

    /// After a move: when it solved a board of a marathon or relay, the next board is in
    /// play, new to the engine (its plan, its tables); says which board it is.
    pub fn next_run_board(&mut self, engine: &mut Engine) -> bool {
        let Some(run) = self.game.run().filter(|r| r.index() != self.run_board) else {
            return false;
        };
        self.status = Some(format!("Board {} of {}.", run.number(), run.kind().count()));
        self.run_board = run.index();
        // Each board's par is found as a single board's is; the run's is their sum.
        self.par_from_table(engine);
        engine.start_game(self.focus());
        self.hint_visible = false;
        self.hint_mode = false;
        true
    }

    /// Saves the game after a change (on the writer thread: the screen never waits).
    pub fn changed(&mut self) {
        if !self.placeholder {
            self.persist.changed(&self.game);
        }
    }

    /// Queues a notice for the screen.
    pub fn notify(&mut self, notice: Notice) {
        self.outbox.push(notice);
    }

    /// The notices gathered since the last call (the disk layer's among them).
    pub fn take_notices(&mut self) -> Vec<Notice> {
        let mut all = std::mem::take(&mut self.outbox);
        all.extend(self.persist.take_notices());
        all
    }

    /// Tells the model whether the board is on screen (the board screen is on top and the
    /// terminal shows it): its clock runs only then (see `slide::game::Game::show`).
    pub fn sync_clock(&mut self, playing: bool) {
        self.game.show(playing && !self.placeholder);
    }

    /// Timers: inspection running out, and the writer's pace.
    pub fn tick(&mut self, now: Instant) {
        if !self.placeholder {
            self.game.tick(now);
            self.persist.clock_ran(&self.game, now);
        }
        self.persist.tick();
    }

    /// Starts the inspection countdown of a fresh board, when the config asks for one.
    pub fn start_inspection(&mut self, config: &Config) {
        let seconds = Duration::from_secs(config.game.inspection_s);
        self.game.inspect(seconds, Instant::now());
    }

    /// Whole seconds of inspection left (rounded up), while it runs.
    pub fn inspection_left(&self, now: Instant) -> Option<u64> {
        self.game.inspection_left(now)
    }

    /// Whether the board's frame is flashing for an impossible move.
    pub fn bumped(&self, now: Instant) -> bool {
        self.bumped_at
            .is_some_and(|t| now.saturating_duration_since(t) < BUMP_TIME)
    }

    /// The plan from the current board, if known.
    pub fn current_plan<'e>(&self, engine: &'e Engine) -> Option<&'e KnownPlan> {
        engine.plan().filter(|k| k.board == *self.game.board())
    }

    /// The hint to draw on the board: the plan's first move, when shown and current.
    pub fn visible_hint(&self, engine: &Engine) -> Option<Move> {
        let k = self.current_plan(engine)?;
        self.hint_visible.then(|| k.plan.first().copied()).flatten()
    }

    /// The best that applies to this game: its row's or puzzle's fastest ranked win.
    pub fn best(&self) -> Option<&Best> {
        self.persist.stats().bests(&self.game.record_key())?.fastest.as_ref()
    }

    /// The speedsolving record of this game's size and level (`None` for custom boards and
    /// daily puzzles, which have no averages).
    pub fn speed(&self) -> Option<&Speed> {
        self.persist.stats().speed(&self.game.record_key())
    }

    /// This session's speedsolving record of this game's size and level.
    pub fn session_speed(&self) -> Option<&Speed> {
        self.persist.session().speed(&self.game.record_key())
    }

    /// How soon the board needs redrawing with nothing else happening: the frame's flash,
    /// an answer on its way, the running clock or inspection, table progress or a notice
    /// (`calm` when none waits).
    pub fn wake_in(&self, now: Instant, engine: &Engine, calm: bool) -> Duration {
        if self.bumped(now) {
            Duration::from_millis(30)
        } else if engine.pending().is_some() || engine.reviewing() {
            // An answer is on its way: wake often so it is drawn as soon as it lands.
            Duration::from_millis(25)
        } else if self.game.clock().is_running() || self.game.inspecting() {
            // The clock shows tenths while it runs, and inspection counts down.
            Duration::from_millis(100)
        } else if self.tables.is_some() || self.building.is_some() || !calm {
            Duration::from_millis(250)
        } else {
            Duration::from_secs(1)
        }
    }

    /// The board the session shows (the goal while the first game is dealt).
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// Saves the unfinished game before exit (quit, a signal, a closed terminal); returns
    /// why that failed, if it did.
    pub fn save_on_exit(&mut self) -> Option<String> {
        if self.placeholder {
            return None;
        }
        self.game.stop_clock();
        self.persist.flush(&self.game).err().map(|e| e.to_string())
    }
}
