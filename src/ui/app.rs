//! The app: all state the screen shows, and how actions and solver replies change it.
//!
//! Nothing here touches the terminal, so the whole state machine is tested with plain
//! values: an [`Action`] in, a new state out.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use ratatui::layout::Rect;
use slide::config::Config;
use slide::engine::{Answer, Ask, Engine, EngineError, Focus, KnownPlan, Options, Reply};
use slide::game::{Best, Game, Notice, Persistence, Stats};
use slide::puzzle::{Board, Move};
use slide::solver::{BuildProgress, Solver};

use slide::difficulty::DealRequest;

use crate::ui::keys::{Action, Bindings, Keymap};
pub use crate::ui::modes::Mode;
use crate::ui::settings::Settings;
use crate::ui::theme::Theme;
use crate::ui::widgets::layout::{Fit, fit};

/// A notice on screen, and since when.
#[derive(Debug, Clone)]
pub struct Shown {
    /// The notice.
    pub notice: Notice,
    /// When it was first queued for the screen.
    pub since: Instant,
}

/// How long a notice that is not a warning stays when no key is pressed.
pub const NOTICE_TIME: Duration = Duration::from_secs(8);

/// Where the game in an [`App`] comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Just dealt or given: it counts as played now.
    New,
    /// A saved game resumed.
    Resumed,
    /// A stand-in while the first game is dealt: never saved nor counted.
    Placeholder,
}

/// The whole game screen's state.
#[allow(
    clippy::struct_excessive_bools,
    reason = "independent flags of the screen's state, not a mode"
)]
pub struct App {
    /// Settings.
    pub config: Config,
    /// The keys of each action.
    pub keys: Bindings,
    /// Keys to actions.
    pub keymap: Keymap,
    /// Styles.
    pub theme: Theme,
    /// The game in progress.
    pub game: Game,
    /// What is shown.
    pub mode: Mode,
    /// Whether the hint marker is shown on the board.
    pub hint_visible: bool,
    /// A one-line message under the panel.
    pub status: Option<String>,
    /// Table-building progress for the current size.
    pub tables: Option<String>,
    /// Set when the app should exit.
    pub quit: bool,
    /// The last screen size drawn (for mouse hit-testing).
    pub area: Rect,
    /// When the hint key was pressed, until the hint is drawn (for latency measurement).
    pub hint_asked_at: Option<Instant>,
    /// The solver's work: hints, solutions, deals, reviews, and what runs meanwhile.
    pub(crate) engine: Engine,
    /// The engine's replies (handed back to it by [`App::drain_replies`]).
    pub(crate) replies: std::sync::mpsc::Receiver<Reply>,
    pub(crate) persist: Persistence,
    /// Notices waiting to be read, the first on screen.
    pub notices: VecDeque<Shown>,
    /// The game on screen is a stand-in while the first deal runs.
    pub(crate) placeholder: bool,
    /// A move was made in this sitting: the clock may run (a resumed game's clock waits for
    /// the first move, as a new game's does).
    pub(crate) clock_armed: bool,
    /// The player is following hints: the next move of the plan stays shown after each
    /// move that follows it, until a move leaves the plan.
    pub(crate) hint_mode: bool,
    /// The player's very first game: the panel shows the goal until the first move.
    pub(crate) first_game: bool,
    /// When an impossible move was tried (the frame flashes for [`BUMP_TIME`]).
    pub(crate) bumped_at: Option<Instant>,
    /// Picture mode: the picture on the tiles, if one is chosen.
    pub picture: Option<crate::ui::picture_mode::PictureMode>,
    /// How a picture's colours reach the terminal.
    pub picture_colours: crate::ui::picture_mode::PictureColours,
    /// Whether the copy key can reach the clipboard.
    pub clipboard: crate::ui::clipboard::ClipboardSupport,
    /// Text for the clipboard, written to the terminal by the event loop (the app never
    /// touches the terminal itself).
    pub(crate) clipboard_out: Option<String>,
    /// The tile colour scheme (from `[look]`, cycled by the scheme key).
    pub scheme: crate::ui::scheme::Scheme,
    /// When the inspection of a fresh board runs out (the clock then starts by itself).
    pub(crate) inspection_until: Option<Instant>,
}

/// How long the board's frame flashes after an impossible move.
pub const BUMP_TIME: Duration = Duration::from_millis(180);

impl App {
    /// An app around `game`, which `origin` says where it comes from.
    pub fn new(settings: Settings, game: Game, solver: Solver, persist: Persistence, origin: Origin) -> App {
        let options = Options {
            prewarm: false,
            par_budget: settings.config.hint_budget().max(Duration::from_secs(10)),
        };
        let (engine, replies) = Engine::with_channel(solver, options);
        let scheme = settings.scheme();
        let Settings { config, keys, theme } = settings;
        let keymap = keys.keymap();
        let picture_colours = crate::ui::picture_mode::PictureColours::for_theme(&theme);
        let clipboard = crate::ui::clipboard::ClipboardSupport::detect(config.game.clipboard);
        let mut app = App {
            config,
            keys,
            keymap,
            theme,
            game,
            mode: Mode::Playing,
            hint_visible: false,
            status: None,
            tables: None,
            quit: false,
            area: Rect::new(0, 0, 100, 35),
            hint_asked_at: None,
            engine,
            replies,
            persist,
            notices: VecDeque::new(),
            placeholder: origin == Origin::Placeholder,
            clock_armed: false,
            hint_mode: false,
            first_game: false,
            bumped_at: None,
            picture: None,
            picture_colours,
            clipboard,
            clipboard_out: None,
            scheme,
            inspection_until: None,
        };
        app.first_game =
            app.persist.store().is_some() && app.persist.stats().records.values().map(|r| r.played).sum::<u32>() <= 1;
        if origin != Origin::Placeholder {
            app.persist.start(&app.game, origin == Origin::New);
        }
        app.par_from_table();
        if origin != Origin::Placeholder && app.game.is_won() && app.game.moves() == 0 {
            // A board given already solved: nothing to play. Say so and offer a new game.
            app.notify(Notice::info(
                "That board is already solved: there is nothing to play. Choose a new game.",
            ));
            app.open_menu();
        }
        app.take_notices();
        app.game_changed();
        app
    }

    /// On 3×3 the par is a lookup in the solver's exact table, so it is shown from the
    /// first frame rather than after a search.
    pub(crate) fn par_from_table(&mut self) {
        if self.game.par().is_none()
            && let Some(par) = self.engine.instant_par(self.game.start())
        {
            self.game.set_par(par);
        }
    }

    /// Prepares every size's tables in the background, the current size first, so that a
    /// new game of another size deals and hints at full strength at once.
    pub fn enable_prewarm(&mut self) {
        self.engine.enable_prewarm();
    }

    /// Queues a notice for the screen.
    pub fn notify(&mut self, notice: Notice) {
        if !self.notices.iter().any(|s| s.notice == notice) {
            self.notices.push_back(Shown {
                notice,
                since: Instant::now(),
            });
        }
    }

    /// Moves the notices the disk layer gathered onto the screen's queue.
    pub(crate) fn take_notices(&mut self) {
        for n in self.persist.take_notices() {
            self.notify(n);
        }
    }

    /// The notice on screen, if any.
    pub fn notice(&self) -> Option<&Shown> {
        self.notices.front()
    }

    /// Drops notices that are not warnings once they have been up long enough. The time
    /// counts from when a notice reaches the front of the queue.
    pub(crate) fn expire_notices(&mut self, now: Instant) {
        if let Some(front) = self.notices.front()
            && !front.notice.warning
            && now.saturating_duration_since(front.since) >= NOTICE_TIME
        {
            self.notices.pop_front();
            if let Some(next) = self.notices.front_mut() {
                next.since = now;
            }
        }
    }

    /// Saves the game after a change (on the writer thread: the screen never waits).
    pub(crate) fn changed(&mut self) {
        if !self.placeholder {
            self.persist.changed(&self.game);
        }
    }

    /// A handle that saves the game from another thread (the signal watcher).
    pub fn writer_handle(&self) -> Option<slide::game::WriterHandle> {
        self.persist.writer_handle()
    }

    /// An app whose first game is still to be dealt: it opens at once on the "Dealing…"
    /// box (over a solved board of the size) and starts the game when the deal lands.
    pub fn dealing(settings: Settings, request: DealRequest, solver: Solver, persist: Persistence) -> App {
        let placeholder = Game::new(Board::goal(request.size), None, None, Some(0));
        let mut app = App::new(settings, placeholder, solver, persist, Origin::Placeholder);
        app.deal(request, true);
        app
    }

    /// The statistics (for the panel and the win screen).
    pub fn stats(&self) -> &Stats {
        self.persist.stats()
    }

    /// The best that applies to this game: the unassisted one, or else the assisted one.
    pub fn best(&self) -> Option<&Best> {
        let bests = self.persist.stats().bests(&self.game.record_key())?;
        bests.best.as_ref().or(bests.best_assisted.as_ref())
    }

    /// The hint to draw on the board: the plan's first move, when shown and current.
    pub fn visible_hint(&self) -> Option<Move> {
        let k = self.current_plan()?;
        self.hint_visible.then(|| k.plan.first().copied()).flatten()
    }

    /// The plan from the current board, if known.
    pub fn current_plan(&self) -> Option<&KnownPlan> {
        self.engine.plan().filter(|k| k.board == *self.game.board())
    }

    /// What the engine's background work is about: the game on screen, unless it is the
    /// stand-in shown while the first game is dealt.
    pub(crate) fn focus(&self) -> Option<Focus> {
        (!self.placeholder).then(|| Focus {
            start: *self.game.start(),
            board: *self.game.board(),
            par: self.game.par(),
            par_estimate: self.game.par_estimate(),
            won: self.game.is_won(),
            watching: matches!(self.mode, Mode::Playing | Mode::Help(_)),
        })
    }

    /// Tells the engine what is on screen now.
    pub(crate) fn refocus(&mut self) {
        let focus = self.focus();
        self.engine.focus(focus);
    }

    /// How long to wait for input before the next tick.
    pub fn poll_timeout(&self, now: Instant) -> Duration {
        if let Mode::Animating(a) = &self.mode {
            return a
                .next_at
                .saturating_duration_since(now)
                .clamp(Duration::from_millis(5), Duration::from_millis(100));
        }
        if self.bumped() {
            return Duration::from_millis(30);
        }
        if self.engine.pending().is_some() || self.engine.reviewing() {
            // A hint is on its way: wake often so it is drawn as soon as it lands.
            Duration::from_millis(25)
        } else if matches!(self.mode, Mode::Dealing(_)) {
            Duration::from_millis(100)
        } else if self.game.clock().is_running() || self.inspection_until.is_some() {
            // The clock shows tenths while it runs, and inspection counts down.
            Duration::from_millis(100)
        } else if self.tables.is_some() || !self.notices.is_empty() {
            Duration::from_millis(250)
        } else {
            Duration::from_secs(1)
        }
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action) {
        if action == Action::ForceQuit {
            self.quit = true;
            return;
        }
        // Mouse motion is no key: it only slides tiles (hover control) while playing, and
        // never closes a notice or an overlay.
        if let Action::Hover { column, row } = action {
            if self.notices.is_empty() && self.board_visible() {
                self.hover(column, row);
                self.sync_clock();
            }
            return;
        }
        // A notice on screen takes the first key, so that it is read, not typed past.
        if self.notices.pop_front().is_some() {
            if let Some(next) = self.notices.front_mut() {
                next.since = Instant::now();
            }
            return;
        }
        // While the board is hidden (the terminal is too small), a key must not move a tile
        // nobody can see: only quitting is taken.
        if !self.board_visible() {
            if action == Action::Quit {
                self.quit = true;
            }
            return;
        }
        match self.mode.clone() {
            Mode::Playing => self.update_playing(action),
            Mode::Help(h) => self.update_help(h, action),
            Mode::Menu(menu) => self.update_menu(menu, action),
            Mode::Won(w) => self.update_won(&w, action),
            Mode::Dealing(d) => self.update_dealing(d, action),
            Mode::Animating(_) => self.update_animating(action),
            Mode::Paused => self.update_paused(action),
            Mode::ConfirmRestart => self.update_confirm_restart(action),
            Mode::Review(r) => self.update_review(*r, action),
            Mode::Stats(s) => self.update_stats(s, action),
        }
        self.sync_clock();
        self.refocus();
    }

    /// Whether the terminal is big enough to show the board.
    pub fn board_visible(&self) -> bool {
        matches!(fit(self.area, self.game.size().side() as u16), Fit::Fits(_))
    }

    /// Runs the clock only while the player can play: in the playing mode, with the board
    /// on screen, after the first move of this sitting, and until the win. Help, the menu,
    /// the win box, a pause and the solver's animation all stop it.
    pub(crate) fn sync_clock(&mut self) {
        let run = self.mode == Mode::Playing && self.clock_armed && !self.game.is_won() && self.board_visible();
        let clock = self.game.clock_mut();
        if run {
            clock.start();
        } else {
            clock.stop();
        }
    }

    /// Replaces the game with a new one, which counts as played from now. The game it
    /// replaces stays saved (and in the menu) if any move was made in it.
    pub fn start_game(&mut self, game: Game) {
        self.switch_to(game, Origin::New);
    }

    pub(crate) fn switch_to(&mut self, game: Game, origin: Origin) {
        if !self.placeholder {
            self.persist.leave(&self.game);
        }
        // The goal is shown on the very first game only (the one that replaces the stand-in
        // shown while it is dealt), not on every fresh board after it.
        self.first_game &= self.placeholder;
        self.placeholder = false;
        self.game = game;
        self.mode = Mode::Playing;
        self.status = None;
        self.persist.start(&self.game, origin == Origin::New);
        self.par_from_table();
        self.take_notices();
        self.game_changed();
    }

    /// Forgets everything tied to the previous game and starts the background work for this one.
    pub(crate) fn game_changed(&mut self) {
        let focus = self.focus();
        self.engine.start_game(focus);
        self.hint_visible = false;
        self.hint_mode = false;
        self.clock_armed = false;
        self.start_inspection();
        self.tables = None;
        self.deal_ahead();
    }

    pub(crate) fn cancel_pending(&mut self) {
        self.engine.cancel_interactive();
    }

    pub(crate) fn player_move(&mut self, m: Move) {
        if self.game.play(m) {
            self.after_move(m);
        } else if !self.game.is_won() {
            // No tile can move that way: the board's frame flashes (no bell).
            self.bumped_at = Some(Instant::now());
        }
    }

    /// Whether the board's frame is flashing for an impossible move.
    pub fn bumped(&self) -> bool {
        self.bumped_at.is_some_and(|t| t.elapsed() < BUMP_TIME)
    }

    /// After an undo took back `m`: the board is as if `m`'s inverse was played.
    pub(crate) fn after_undo(&mut self, m: Move) {
        self.after_move(m.inverse());
    }

    /// Keeps the plan when the move followed it, drops a search that went stale, and
    /// notices a win.
    pub(crate) fn after_move(&mut self, m: Move) {
        self.clock_armed = true;
        self.inspection_until = None;
        self.changed();
        // The engine's plan follows the move when it followed the plan.
        let _ = m;
        self.refocus();
        // Hint mode: a move that follows the plan shows its next move at once; a move that
        // leaves it ends hint mode.
        let followed = self.current_plan().is_some_and(|k| !k.plan.is_empty());
        self.hint_mode &= followed;
        self.hint_visible = self.hint_mode && !matches!(self.mode, Mode::Animating(_));
        self.hint_asked_at = None;
        let pending = self.engine.pending();
        let hint_pending = pending.is_some_and(|p| p.ask == Ask::Hint);
        if pending.is_some() {
            self.cancel_pending();
            self.status = None;
        } else if !matches!(self.mode, Mode::Animating(_)) {
            self.status = None;
        }
        if hint_pending && !self.game.is_won() {
            // The player moved while the hint was computing: compute it for the new board.
            self.request_hint();
            self.status = Some("Thinking again for the new position…".into());
        }
        if self.game.is_won() {
            self.win();
        }
    }

    /// Advances timers: the animation, and the par search when the worker is free.
    pub fn tick(&mut self, now: Instant) {
        self.tick_animation(now);
        self.tick_inspection(now);
        self.refocus();
        self.sync_clock();
        self.persist.tick();
        self.take_notices();
        self.check_picture_fits();
        self.expire_notices(now);
    }

    /// Takes every reply the engine has sent.
    pub fn drain_replies(&mut self) -> bool {
        let mut any = false;
        while let Ok(reply) = self.replies.try_recv() {
            self.handle_reply(reply);
            any = true;
        }
        any
    }

    /// Hands one of the engine's replies back to it and applies what it answers.
    pub fn handle_reply(&mut self, reply: Reply) {
        for answer in self.engine.handle(reply) {
            self.answer(answer);
        }
        self.refocus();
    }

    /// Waits for a deal the player asked for and handles it (tests).
    #[cfg(test)]
    pub fn wait_dealt(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while matches!(self.mode, Mode::Dealing(_)) && Instant::now() < deadline {
            self.wait_reply(Duration::from_millis(50));
        }
        !matches!(self.mode, Mode::Dealing(_))
    }

    /// Waits for one reply and handles it (tests).
    #[cfg(test)]
    pub fn wait_reply(&mut self, timeout: Duration) -> bool {
        match self.replies.recv_timeout(timeout) {
            Ok(r) => {
                self.handle_reply(r);
                true
            }
            Err(_) => false,
        }
    }

    /// Applies what the engine answers.
    pub fn answer(&mut self, answer: Answer) {
        match answer {
            Answer::Hint { board, result } => {
                if board != *self.game.board() {
                    return;
                }
                match result {
                    Ok(h) => {
                        if board == *self.game.start() && h.optimal {
                            self.game.set_par(h.remaining);
                        } else if board == *self.game.start() && board.size().side() >= 5 {
                            self.game.note_par_estimate(h.remaining);
                        }
                        self.game.note_hint();
                        self.changed();
                        self.hint_visible = true;
                        self.hint_mode = true;
                        self.status = (!h.optimal).then(|| "Not proven optimal.".to_string());
                    }
                    Err(e) => self.status = Some(failure("No hint", &e)),
                }
            }
            Answer::Solution { board, result } => {
                if board != *self.game.board() {
                    return;
                }
                match result {
                    Ok(s) => self.start_animation(s.moves.into()),
                    Err(e) => self.status = Some(failure("No solution", &e)),
                }
            }
            Answer::Par { start, length, optimal } => {
                if start != *self.game.start() {
                    return;
                }
                if optimal {
                    self.game.set_par(length);
                } else {
                    self.game.note_par_estimate(length);
                }
                // Saved with the game, so that a resumed game shows it.
                self.changed();
            }
            Answer::PlanImproved => {}
            Answer::ReviewProgress(progress) => self.review_progress(progress),
            Answer::Review(result) => self.review_done(result),
            Answer::Tables { size, progress } => {
                if size == self.game.size() {
                    self.tables = match progress {
                        // Only the share done: the tables' names would wrap the panel's line.
                        BuildProgress::Building { done, total, .. } => Some(format!("{}%", done * 100 / total.max(1))),
                        BuildProgress::Notice(n) => {
                            let mut chars = n.chars();
                            let text = chars
                                .next()
                                .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect());
                            self.notify(Notice::info(format!("{text}.")));
                            self.tables.take()
                        }
                    };
                }
            }
            Answer::Prepared { size, error } => {
                if size == self.game.size() {
                    self.tables = None;
                    self.deal_ahead();
                }
                if let Some(e) = error {
                    self.notify(Notice::warning(format!(
                        "The solver's tables for {size} could not be built ({e}). Hints still work, from a \
                         simpler estimate, and may be slower or not proven optimal."
                    )));
                }
            }
            Answer::Dealt { request, result } => self.handle_dealt(request, result),
            Answer::BackgroundFailed(e) => self.status = Some(failure("", &e)),
        }
    }

    /// Saves the unfinished game before exit (quit, a signal, a closed terminal); returns
    /// a message if that failed.
    pub fn save_on_exit(&mut self) -> Option<String> {
        if self.placeholder {
            return None;
        }
        self.game.clock_mut().stop();
        self.persist.flush(&self.game).err().map(|e| e.to_string())
    }

    /// Whether the game has changes not yet on disk.
    pub fn unsaved(&self) -> bool {
        self.persist.is_dirty()
    }
}

/// The status line for a request that failed: a crash says the game goes on without the
/// solver; other failures follow `what` ("No hint: …").
fn failure(what: &str, e: &EngineError) -> String {
    match e {
        EngineError::Crashed { message } => format!("The solver failed ({message}); play on without it."),
        e if what.is_empty() => format!("The solver failed ({e}); play on without it."),
        e => format!("{what}: {e}."),
    }
}

/// Milliseconds since the Unix epoch (for "2 h ago").
pub(crate) fn slide_now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// An app around `game` with default settings, no disk and no table cache, for tests.
#[cfg(test)]
pub(crate) fn test_app(game: Game) -> App {
    App::new(
        Settings::plain(),
        game,
        Solver::new(slide::solver::TableCache::disabled()),
        Persistence::disabled(),
        Origin::New,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::modes::menu::Menu;
    use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    use slide::config::ArrowsMove;
    use slide::difficulty::Level;
    use slide::game::Beaten;
    use slide::puzzle::Size;

    fn app_with(board: &str) -> App {
        test_app(Game::new(board.parse().unwrap(), Some(Level::Easy), Some(1), None))
    }

    fn key(app: &mut App, code: KeyCode) {
        let ev = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        if let Some(a) = app.keymap.action(&ev) {
            app.update(a);
        }
    }

    fn temp_store(tag: &str) -> slide::game::Store {
        let dir = std::env::temp_dir().join(format!("slide-app-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        slide::game::Store::at(dir)
    }

    fn app_on_disk(store: &slide::game::Store, game: Game, origin: Origin) -> App {
        App::new(
            Settings::plain(),
            game,
            Solver::new(slide::solver::TableCache::disabled()),
            Persistence::open(Ok(store.clone())),
            origin,
        )
    }

    #[test]
    fn winning_a_chosen_game_keeps_the_game_saved_before_it() {
        let store = temp_store("keep-saved");
        let mut earlier = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), None, None, None);
        earlier.play(Move::Left);
        store.save_game(&earlier.to_saved()).unwrap();
        let one_move = Game::new("1 2 3 4 5 6 7 0 8".parse().unwrap(), None, None, None);
        let mut app = app_on_disk(&store, one_move, Origin::New);
        key(&mut app, KeyCode::Left);
        let Mode::Won(w) = &app.mode else { panic!("won") };
        assert_eq!(w.beaten, Some(Beaten::First { assisted: false }));
        assert!(w.not_stored.is_none());
        let (games, _) = store.list_games();
        assert_eq!(games.len(), 1, "only the earlier game is left");
        assert_eq!(games[0].id, earlier.id());
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn every_move_is_saved_shortly_after_and_the_menu_resumes_another_game() {
        let store = temp_store("continuous");
        let mut earlier = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), Some(Level::Easy), Some(5), None);
        earlier.play(Move::Left);
        store.save_game(&earlier.to_saved()).unwrap();
        let game = Game::new("1 2 3 4 0 5 7 8 6".parse().unwrap(), None, None, None);
        let id = game.id().to_string();
        let mut app = app_on_disk(&store, game, Origin::New);
        key(&mut app, KeyCode::Left);
        assert!(app.writer_handle().unwrap().flush(slide::game::FLUSH_TIMEOUT));
        assert!(!app.unsaved());
        // The game in play is claimed, so it is read from its file.
        let file = store.dir().join("games").join(format!("{id}.json"));
        let saved: slide::game::SavedGame = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
        assert_eq!(saved.moves, 1);
        // The menu offers the earlier game; choosing it keeps this one.
        key(&mut app, KeyCode::Char('n'));
        let Mode::Menu(menu) = &app.mode else { panic!("menu") };
        assert_eq!(menu.resumable.len(), 1);
        assert!(
            menu.resumable[0].1.starts_with("3×3 easy · 1 move"),
            "{:?}",
            menu.resumable
        );
        key(&mut app, KeyCode::Down); // the resume row, below Start
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.mode, Mode::Playing);
        assert_eq!(app.game.id(), earlier.id());
        assert_eq!(app.game.moves(), 1);
        let ids: Vec<String> = store.list_games().0.into_iter().map(|g| g.id).collect();
        assert!(ids.contains(&id), "the game left is kept: {ids:?}");
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_notice_stays_until_a_key_and_that_key_only_closes_it() {
        let mut app = app_with("1 2 3 4 0 5 7 8 6");
        app.notify(Notice::warning("Progress can't be saved."));
        app.tick(Instant::now() + Duration::from_secs(60));
        assert!(app.notice().is_some(), "a warning does not time out");
        key(&mut app, KeyCode::Left);
        assert!(app.notice().is_none());
        assert_eq!(app.game.moves(), 0, "the key closed the notice and did nothing else");
        app.notify(Notice::info("Resumed."));
        app.tick(Instant::now() + NOTICE_TIME + Duration::from_secs(1));
        assert!(app.notice().is_none(), "an information leaves by itself");
    }

    #[test]
    fn a_restart_counts_hints_afresh_but_the_win_stays_assisted() {
        let mut app = app_with("1 2 3 4 5 6 0 7 8");
        key(&mut app, KeyCode::Char('i'));
        wait_hint(&mut app);
        assert_eq!(app.game.hints_used(), 1);
        key(&mut app, KeyCode::Left);
        key(&mut app, KeyCode::Char('R'));
        assert_eq!(app.mode, Mode::ConfirmRestart, "a restart asks first");
        key(&mut app, KeyCode::Char('x'));
        assert_eq!(app.mode, Mode::Playing);
        assert_eq!(app.game.moves(), 1, "any other key keeps the game");
        key(&mut app, KeyCode::Char('R'));
        key(&mut app, KeyCode::Char('R'));
        assert_eq!((app.game.moves(), app.game.hints_used()), (0, 0));
        key(&mut app, KeyCode::Left);
        key(&mut app, KeyCode::Left);
        let Mode::Won(w) = &app.mode else { panic!("won") };
        assert_eq!(w.hints, 0);
        assert!(w.assisted);
    }

    fn wait_hint(app: &mut App) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while app.engine.pending().is_some() && Instant::now() < deadline {
            app.wait_reply(Duration::from_millis(100));
        }
    }

    #[test]
    fn arrows_slide_tiles_in_their_direction() {
        // Blank in the middle.
        let mut app = app_with("1 2 3 4 0 5 7 8 6");
        key(&mut app, KeyCode::Left);
        assert_eq!(app.game.board().to_string(), "1 2 3 4 5 0 7 8 6");
        assert_eq!(app.game.moves(), 1);
        key(&mut app, KeyCode::Left);
        assert_eq!(app.game.moves(), 1, "an illegal move changes nothing");
        assert_eq!(app.status, None);
        key(&mut app, KeyCode::Char('u'));
        assert_eq!(app.game.board().to_string(), "1 2 3 4 0 5 7 8 6");
        key(&mut app, KeyCode::Char('r'));
        assert_eq!(app.game.board().to_string(), "1 2 3 4 5 0 7 8 6");
    }

    #[test]
    fn blank_convention_inverts() {
        let mut app = app_with("1 2 3 4 0 5 7 8 6");
        app.config.game.arrows_move = ArrowsMove::Blank;
        key(&mut app, KeyCode::Left);
        assert_eq!(app.game.board().to_string(), "1 2 3 0 4 5 7 8 6");
    }

    #[test]
    fn click_slides_a_segment() {
        let mut app = app_with("1 2 3 4 5 6 0 7 8");
        let Fit::Fits(l) = fit(app.area, 3) else { panic!() };
        let r = l.tile_rect(8);
        app.update(Action::Click {
            column: r.x + 1,
            row: r.y + 1,
        });
        assert!(matches!(app.mode, Mode::Won(_)));
        assert_eq!(app.game.moves(), 2);
    }

    #[test]
    fn hint_arrives_then_follows_the_plan() {
        let mut app = app_with("1 2 3 4 5 6 0 7 8");
        key(&mut app, KeyCode::Char('i'));
        assert!(app.engine.pending().is_some());
        key(&mut app, KeyCode::Char('i'));
        wait_hint(&mut app);
        assert_eq!(app.visible_hint(), Some(Move::Left));
        assert_eq!(app.game.hints_used(), 1, "pressing twice queued nothing");
        assert_eq!(app.current_plan().map(KnownPlan::remaining), Some(2));
        assert_eq!(app.game.par(), Some(2));
        key(&mut app, KeyCode::Left);
        assert_eq!(
            app.visible_hint(),
            Some(Move::Left),
            "hint mode: the next move shows at once"
        );
        assert_eq!(app.game.hints_used(), 1, "following a hint asks no new one");
        assert_eq!(app.current_plan().map(KnownPlan::remaining), Some(1));
        key(&mut app, KeyCode::Char('u'));
        assert_eq!(app.visible_hint(), None, "leaving the plan ends hint mode");
        key(&mut app, KeyCode::Char('i'));
        assert!(app.engine.pending().is_some(), "a new board needs a new hint");
    }

    #[test]
    fn a_move_while_a_hint_computes_asks_again_for_the_new_board() {
        let mut app = app_with("8 6 7 2 5 4 3 0 1");
        key(&mut app, KeyCode::Char('i'));
        let first = app.engine.pending().expect("pending");
        key(&mut app, KeyCode::Down);
        let again = app.engine.pending().expect("asked again for the new board");
        assert_ne!(again.ticket, first.ticket);
        assert_eq!(again.board, *app.game.board());
        assert!(app.status.as_deref().is_some_and(|s| s.contains("new position")));
        // The first request's answer (Cancelled, or a hint for the old board) changes
        // nothing.
        assert!(app.wait_reply(Duration::from_secs(10)));
        assert_eq!(app.visible_hint(), None, "the stale reply is dropped");
        assert_eq!(app.game.hints_used(), 0);
        wait_hint(&mut app);
        assert!(app.visible_hint().is_some(), "the new board's hint arrives");
        assert_eq!(app.game.hints_used(), 1, "one request, one hint");
    }

    #[test]
    fn solve_animates_and_any_key_stops() {
        let mut app = app_with("8 6 7 2 5 4 3 0 1");
        key(&mut app, KeyCode::Char('p'));
        let deadline = Instant::now() + Duration::from_secs(10);
        while !matches!(app.mode, Mode::Animating(_)) && Instant::now() < deadline {
            app.wait_reply(Duration::from_millis(100));
        }
        let later = Instant::now() + Duration::from_secs(1);
        app.tick(later);
        app.tick(later + Duration::from_secs(1));
        assert_eq!(app.game.moves(), 2);
        key(&mut app, KeyCode::Char('x'));
        assert_eq!(app.mode, Mode::Playing);
        assert!(app.game.solver_used());
        // Let it finish: the win is marked as assisted.
        key(&mut app, KeyCode::Char('p'));
        let mut t = later + Duration::from_secs(2);
        for _ in 0..40 {
            t += Duration::from_secs(1);
            app.tick(t);
        }
        let Mode::Won(w) = &app.mode else { panic!("won") };
        assert!(w.solver_used);
        assert!(w.assisted);
        assert!(w.best.is_none(), "the solver's win is no unassisted best");
    }

    #[test]
    fn menu_deals_a_new_game_and_help_closes() {
        let mut app = app_with("1 2 3 4 5 6 7 0 8");
        key(&mut app, KeyCode::Char('?'));
        assert!(matches!(app.mode, Mode::Help(_)));
        key(&mut app, KeyCode::Char('x'));
        assert_eq!(app.mode, Mode::Playing);
        key(&mut app, KeyCode::Char('n'));
        assert!(matches!(app.mode, Mode::Menu(_)));
        key(&mut app, KeyCode::Up); // picture row
        key(&mut app, KeyCode::Up); // level row
        key(&mut app, KeyCode::Up); // size row
        key(&mut app, KeyCode::Right); // 3×3 → 4×4
        key(&mut app, KeyCode::Enter);
        assert!(matches!(app.mode, Mode::Dealing(_)), "dealt in the background");
        assert!(app.wait_dealt(Duration::from_secs(60)));
        assert_eq!(app.mode, Mode::Playing);
        assert_eq!(app.game.size(), Size::FOUR);
        assert_eq!(app.game.moves(), 0);
    }

    #[test]
    fn menu_deals_the_daily_puzzle() {
        let mut app = app_with("1 2 3 4 5 6 7 0 8");
        key(&mut app, KeyCode::Char('n'));
        key(&mut app, KeyCode::Up); // picture row
        key(&mut app, KeyCode::Up); // level row
        key(&mut app, KeyCode::Left); // easy → daily (the last entry)
        key(&mut app, KeyCode::Enter);
        assert!(app.wait_dealt(Duration::from_secs(60)));
        let date = slide::difficulty::UtcDate::today();
        assert_eq!(app.game.daily(), Some(date));
        let expected = slide::difficulty::daily(app.engine.solver(), Size::THREE, date);
        assert_eq!(*app.game.start(), expected.board);
        assert_eq!(app.game.code(), expected.code());
    }

    /// Waits until the deal made ahead has its board; returns it.
    fn ahead_ready(app: &mut App) -> (DealRequest, slide::difficulty::Generated) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some((request, Some(g))) = app.engine.dealt_ahead() {
                return (request, g.clone());
            }
            assert!(Instant::now() < deadline, "nothing dealt ahead");
            app.wait_reply(Duration::from_millis(100));
        }
    }

    #[test]
    fn the_next_game_is_dealt_ahead_and_starts_at_once() {
        let mut app = app_with("1 2 3 4 5 6 7 0 8");
        // Dealing ahead waits for the size's tables.
        let (request, ready) = ahead_ready(&mut app);
        assert_eq!((request.size, request.level), (Size::THREE, Level::Easy));
        key(&mut app, KeyCode::Char('n'));
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.mode, Mode::Playing, "no wait");
        assert_eq!(*app.game.start(), ready.board);
        assert_eq!(app.game.seed(), Some(ready.seed));
        assert!(app.engine.dealt_ahead().is_some(), "and the one after is on its way");
    }

    #[test]
    fn the_menu_deals_the_highlighted_choice_ahead_so_start_needs_no_wait() {
        let mut app = app_with("1 2 3 4 5 6 7 0 8");
        ahead_ready(&mut app);
        key(&mut app, KeyCode::Char('n'));
        key(&mut app, KeyCode::Up); // picture row
        key(&mut app, KeyCode::Up); // level row
        key(&mut app, KeyCode::Right);
        let Mode::Menu(menu) = &app.mode else {
            panic!("the menu is open")
        };
        let chosen = menu.request();
        let (ahead, _) = app.engine.dealt_ahead().expect("the choice is dealt ahead");
        assert_eq!((ahead.size, ahead.level), (chosen.size, chosen.level));
        let (_, ready) = ahead_ready(&mut app);
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.mode, Mode::Playing, "no wait");
        assert_eq!(*app.game.start(), ready.board);
        assert_eq!(app.game.level(), Some(chosen.level));
        // The daily puzzle too, as soon as it is highlighted.
        key(&mut app, KeyCode::Char('n'));
        key(&mut app, KeyCode::Up);
        key(&mut app, KeyCode::Up);
        for _ in 0..=Menu::DAILY {
            if matches!(&app.mode, Mode::Menu(m) if m.level == Menu::DAILY) {
                break;
            }
            key(&mut app, KeyCode::Right);
        }
        let today = slide::difficulty::UtcDate::today();
        assert_eq!(app.engine.dealt_ahead().and_then(|(r, _)| r.daily), Some(today));
    }

    #[test]
    fn a_par_found_in_the_background_is_kept_and_saved_with_the_game() {
        let board = Board::scrambled(Size::FIVE, 300, &mut slide::puzzle::SeededRng::new(7));
        let mut app = test_app(Game::new(board, None, None, None));
        app.answer(Answer::Par {
            start: board,
            length: 120,
            optimal: false,
        });
        assert_eq!(app.game.par_estimate(), Some(120));
        assert_eq!(app.game.par(), None, "an estimate is never a proven par");
        // Saved with the game: a resumed game shows it (and the engine asks for it no more).
        let resumed = Game::from_saved(&app.game.to_saved()).expect("the save reads back");
        assert_eq!(resumed.par_estimate(), Some(120));
        let other = Board::scrambled(Size::FIVE, 300, &mut slide::puzzle::SeededRng::new(8));
        app.answer(Answer::Par {
            start: other,
            length: 60,
            optimal: true,
        });
        assert_eq!(app.game.par(), None, "another game's par is not this one's");
    }

    #[test]
    fn the_first_game_is_dealt_in_the_background_from_its_seed() {
        let solver = Solver::new(slide::solver::TableCache::disabled());
        let request = DealRequest {
            size: Size::THREE,
            level: Level::Medium,
            seed: 99,
            daily: None,
        };
        let dealing = || App::dealing(Settings::plain(), request, solver.clone(), Persistence::disabled());
        let mut app = dealing();
        assert!(matches!(app.mode, Mode::Dealing(d) if d.first));
        assert!(app.wait_dealt(Duration::from_secs(60)));
        let expected = slide::difficulty::generate(&solver, Size::THREE, Level::Medium, 99);
        assert_eq!(*app.game.start(), expected.board);
        assert_eq!(app.game.code(), expected.code());
        // Nothing to go back to: q while the first deal runs quits.
        let mut app = dealing();
        key(&mut app, KeyCode::Char('q'));
        assert!(app.quit);
    }

    #[test]
    fn undo_takes_the_move_and_the_count_back_and_a_mouse_slide_is_one_step() {
        let mut app = app_with("0 1 2 4 5 3 7 8 6");
        let Fit::Fits(l) = fit(app.area, 3) else { panic!() };
        let r = l.tile_rect(2);
        app.update(Action::Click {
            column: r.x + 1,
            row: r.y + 1,
        });
        assert_eq!(app.game.moves(), 2, "two tiles slid");
        key(&mut app, KeyCode::Char('u'));
        assert_eq!(app.game.moves(), 0, "one undo takes the whole slide back");
        assert_eq!(*app.game.board(), *app.game.start());
        key(&mut app, KeyCode::Char('r'));
        assert_eq!(app.game.moves(), 2);
        key(&mut app, KeyCode::Char('u'));
        for _ in 0..7 {
            key(&mut app, KeyCode::Left);
            key(&mut app, KeyCode::Right);
        }
        assert_eq!(app.game.moves(), 14);
        for _ in 0..14 {
            key(&mut app, KeyCode::Char('u'));
        }
        assert_eq!(app.game.moves(), 0, "14 moves and 14 undos read 0");
    }

    #[test]
    fn esc_closes_every_overlay_and_never_quits() {
        let mut app = app_with("1 2 3 4 5 6 7 0 8");
        key(&mut app, KeyCode::Char('?'));
        key(&mut app, KeyCode::Esc);
        assert_eq!(app.mode, Mode::Playing, "help");
        key(&mut app, KeyCode::Char('n'));
        key(&mut app, KeyCode::Esc);
        assert_eq!(app.mode, Mode::Playing, "menu");
        key(&mut app, KeyCode::Char(' '));
        assert_eq!(app.mode, Mode::Paused);
        key(&mut app, KeyCode::Esc);
        assert_eq!(app.mode, Mode::Playing, "pause");
        key(&mut app, KeyCode::Right);
        key(&mut app, KeyCode::Left);
        key(&mut app, KeyCode::Char('R'));
        assert_eq!(app.mode, Mode::ConfirmRestart);
        key(&mut app, KeyCode::Esc);
        assert_eq!(app.mode, Mode::Playing, "restart question");
        key(&mut app, KeyCode::Esc);
        assert!(!app.quit, "Esc while playing does not quit");
        key(&mut app, KeyCode::Left);
        assert!(matches!(app.mode, Mode::Won(_)));
        key(&mut app, KeyCode::Esc);
        assert_eq!(app.mode, Mode::Playing, "the win box closes onto the solved board");
        assert!(app.game.is_won());
        assert!(!app.quit);
        key(&mut app, KeyCode::Char('q'));
        assert!(app.quit, "q quits");
    }

    #[test]
    fn while_the_board_is_hidden_only_quit_is_taken() {
        let mut app = app_with("1 2 3 4 5 6 7 0 8");
        app.area = Rect::new(0, 0, 30, 8);
        for code in [
            KeyCode::Left,
            KeyCode::Char('i'),
            KeyCode::Char('n'),
            KeyCode::Char('?'),
            KeyCode::Char(' '),
        ] {
            key(&mut app, code);
        }
        assert_eq!(app.game.moves(), 0, "no tile moved behind the message");
        assert_eq!(app.mode, Mode::Playing);
        assert!(app.engine.pending().is_none());
        key(&mut app, KeyCode::Char('q'));
        assert!(app.quit);
    }

    #[test]
    fn pause_stops_the_clock_and_so_do_overlays() {
        let mut app = app_with("1 2 3 4 0 5 7 8 6");
        key(&mut app, KeyCode::Left);
        assert!(app.game.clock().is_running(), "the first move starts the clock");
        key(&mut app, KeyCode::Char(' '));
        assert!(!app.game.clock().is_running(), "paused");
        key(&mut app, KeyCode::Char('x'));
        assert!(app.game.clock().is_running());
        key(&mut app, KeyCode::Char('?'));
        assert!(!app.game.clock().is_running(), "help");
        key(&mut app, KeyCode::Esc);
        key(&mut app, KeyCode::Char('n'));
        assert!(!app.game.clock().is_running(), "menu");
    }

    #[test]
    fn a_solved_starting_board_says_so_and_offers_a_new_game() {
        let app = app_with("1 2 3 4 5 6 7 8 0");
        assert!(matches!(app.mode, Mode::Menu(_)), "the new-game menu is open");
        assert!(app.notice().is_some_and(|n| n.notice.text.contains("already solved")));
    }

    #[test]
    fn par_is_known_from_the_first_frame_on_three_by_three() {
        let app = test_app(Game::new("8 6 7 2 5 4 3 0 1".parse().unwrap(), None, None, None));
        assert_eq!(app.game.par(), Some(31));
    }

    #[test]
    fn ctrl_c_quits_from_anywhere() {
        let mut app = app_with("1 2 3 4 5 6 7 0 8");
        key(&mut app, KeyCode::Char('n'));
        app.update(Action::ForceQuit);
        assert!(app.quit);
    }
}
