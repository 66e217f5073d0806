//! The app: all state the screen shows, and how actions and solver replies change it.
//!
//! Nothing here touches the terminal, so the whole state machine is tested with plain
//! values: an [`Action`] in, a new state out.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use ratatui::layout::Rect;
use slide::config::{ArrowsMove, Config};
use slide::difficulty::{DAILY_LEVEL, Generated, Level, fresh_seed};
use slide::game::{Best, Finish, Game, Record, Stats, Store};
use slide::puzzle::{Board, Move, Size};
use slide::solver::worker::{Reply, Task, Worker};
use slide::solver::{BuildProgress, Hint, Solution, Solver};

use crate::ui::action::{Action, Dir, Keymap};
use crate::ui::dealer::{DealRequest, Dealer, Dealt};
use crate::ui::layout::{Fit, fit};
use crate::ui::theme::Theme;

/// What the screen is showing.
#[derive(Debug, Clone, PartialEq)]
pub enum Mode {
    /// The board takes input.
    Playing,
    /// The help overlay; any key closes it.
    Help,
    /// The new-game menu.
    Menu(Menu),
    /// The win screen.
    Won(WinSummary),
    /// A new board is being dealt in the background; `q` goes back to the game.
    Dealing(Dealing),
    /// The solver plays its plan; any key stops it.
    Animating {
        /// Moves still to play.
        plan: VecDeque<Move>,
        /// When to play the next one.
        next_at: Instant,
    },
}

/// A deal the player is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dealing {
    /// The dealer's id for it.
    pub id: u64,
    /// What is being dealt.
    pub request: DealRequest,
    /// When the player asked (for the spinner).
    pub since: Instant,
    /// Whether this is the first game, with nothing to go back to (`q` quits).
    pub first: bool,
}

/// The next game, dealt ahead in the background so that New is instant.
#[derive(Debug)]
struct Ahead {
    id: u64,
    request: DealRequest,
    ready: Option<Generated>,
}

/// The new-game menu's choices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Menu {
    /// Index into [`Size::ALL`].
    pub size: usize,
    /// Index into [`Level::ALL`], or [`Menu::DAILY`].
    pub level: usize,
    /// The highlighted row: 0 size, 1 level, 2 start.
    pub row: usize,
    /// The win screen to return to on cancel.
    pub from_win: Option<WinSummary>,
}

impl Menu {
    /// The level index that stands for today's daily puzzle.
    pub const DAILY: usize = Level::ALL.len();
}

/// What the win screen shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinSummary {
    /// Moves made.
    pub moves: u32,
    /// Play time.
    pub time: Duration,
    /// Hints used.
    pub hints: u32,
    /// Whether the solver played.
    pub solver_used: bool,
    /// Optimal length from the start, if known.
    pub par: Option<u32>,
    /// Whether this is a new personal best.
    pub new_best: bool,
    /// The personal best for this size and level (after this game).
    pub best: Option<Best>,
    /// Games and wins at this size and level, and moves per par move (after this game).
    pub record: Option<Record>,
}

/// What is known about the rest of the game from the current board: the solver's plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Known {
    /// The board the plan starts from.
    pub board: Board,
    /// The plan.
    pub plan: Vec<Move>,
    /// Whether the plan is proven shortest.
    pub optimal: bool,
    /// A lower bound on the moves left.
    pub lower_bound: u32,
}

impl Known {
    fn from_hint(board: Board, h: &Hint) -> Known {
        Known {
            board,
            plan: h.plan.clone(),
            optimal: h.optimal,
            lower_bound: h.lower_bound,
        }
    }

    fn from_solution(board: Board, s: &Solution) -> Known {
        Known {
            board,
            plan: s.moves.clone(),
            optimal: s.optimal,
            lower_bound: s.lower_bound,
        }
    }

    /// The plan after the player played `m` and reached `board`, if `m` followed it.
    fn advance(mut self, m: Move, board: Board) -> Option<Known> {
        if self.plan.first() != Some(&m) {
            return None;
        }
        self.plan.remove(0);
        self.board = board;
        self.lower_bound = self.lower_bound.saturating_sub(1);
        Some(self)
    }

    /// Moves left on the plan.
    pub fn remaining(&self) -> u32 {
        self.plan.len() as u32
    }
}

/// A request the worker is answering.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pending {
    /// Its id.
    pub id: u64,
    /// Hint or Solve.
    pub task: Task,
    /// When it was sent (for the spinner and the latency display).
    pub since: Instant,
}

/// The whole game screen's state.
#[allow(
    clippy::struct_excessive_bools,
    reason = "independent flags of the screen's state, not a mode"
)]
pub struct App {
    /// Settings.
    pub config: Config,
    /// Keys to actions.
    pub keymap: Keymap,
    /// Styles.
    pub theme: Theme,
    /// The game in progress.
    pub game: Game,
    /// What is shown.
    pub mode: Mode,
    /// The solver's plan from the current board, if known.
    pub known: Option<Known>,
    /// Whether the hint marker is shown on the board.
    pub hint_visible: bool,
    /// The hint or solve request in flight.
    pub pending: Option<Pending>,
    /// A one-line message under the panel.
    pub status: Option<String>,
    /// Table-building progress for the current size.
    pub tables: Option<String>,
    /// Set when the app should exit.
    pub quit: bool,
    /// The last screen size drawn (for mouse hit-testing).
    pub area: Rect,
    /// How long the last hint took from request to reply.
    pub last_hint_latency: Option<Duration>,
    /// When the hint key was pressed, until the hint is drawn (for latency measurement).
    pub hint_asked_at: Option<Instant>,
    par_request: Option<u64>,
    par_wanted: bool,
    worker: Worker,
    dealer: Dealer,
    ahead: Option<Ahead>,
    solver: Solver,
    store: Option<Store>,
    stats: Stats,
    /// A game saved before this run, which the player did not resume: winning another game
    /// must not erase it (quitting after moves still saves the current game over it, as the
    /// start-up notice says).
    pub keep_saved_game: bool,
}

impl App {
    /// An app around `game`.
    pub fn new(config: Config, theme: Theme, game: Game, solver: Solver, store: Option<Store>, stats: Stats) -> App {
        let worker = Worker::spawn(solver.clone());
        let dealer = Dealer::new(solver.clone());
        let keymap = Keymap::new(&config.keys);
        let mut app = App {
            config,
            keymap,
            theme,
            game,
            mode: Mode::Playing,
            known: None,
            hint_visible: false,
            pending: None,
            status: None,
            tables: None,
            quit: false,
            area: Rect::new(0, 0, 100, 35),
            last_hint_latency: None,
            hint_asked_at: None,
            par_request: None,
            par_wanted: false,
            worker,
            dealer,
            ahead: None,
            solver,
            store,
            stats,
            keep_saved_game: false,
        };
        app.game_changed();
        app
    }

    /// An app whose first game is still to be dealt: it opens at once on the "Dealing…"
    /// box (over a solved board of the size) and starts the game when the deal lands.
    pub fn dealing(
        config: Config,
        theme: Theme,
        request: DealRequest,
        solver: Solver,
        store: Option<Store>,
        stats: Stats,
    ) -> App {
        let placeholder = Game::new(Board::goal(request.size), None, None, Some(0));
        let mut app = App::new(config, theme, placeholder, solver, store, stats);
        let id = app.dealer.deal(request);
        app.mode = Mode::Dealing(Dealing {
            id,
            request,
            since: Instant::now(),
            first: true,
        });
        app
    }

    /// The game a finished deal starts.
    fn game_from(request: &DealRequest, g: &Generated) -> Game {
        let game = Game::new(g.board, Some(g.level), Some(g.seed), g.length);
        match request.daily {
            Some(date) => game.with_daily(date),
            None => game,
        }
    }

    /// The statistics (for the panel and the win screen).
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The best record for the current size and level.
    pub fn best(&self) -> Option<&Best> {
        self.stats
            .record(self.game.size(), self.game.level())
            .and_then(|r| r.best.as_ref())
    }

    /// The hint to draw on the board: the plan's first move, when shown and current.
    pub fn visible_hint(&self) -> Option<Move> {
        let k = self.known.as_ref()?;
        (self.hint_visible && k.board == *self.game.board())
            .then(|| k.plan.first().copied())
            .flatten()
    }

    /// The plan from the current board, if known.
    pub fn current_plan(&self) -> Option<&Known> {
        self.known.as_ref().filter(|k| k.board == *self.game.board())
    }

    /// How long to wait for input before the next tick.
    pub fn poll_timeout(&self, now: Instant) -> Duration {
        if let Mode::Animating { next_at, .. } = &self.mode {
            return next_at
                .saturating_duration_since(now)
                .clamp(Duration::from_millis(5), Duration::from_millis(100));
        }
        if self.pending.is_some() {
            // A hint is on its way: wake often so it is drawn as soon as it lands.
            Duration::from_millis(25)
        } else if matches!(self.mode, Mode::Dealing(_)) {
            Duration::from_millis(100)
        } else if self.tables.is_some() || self.game.clock().is_running() {
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
        match self.mode.clone() {
            Mode::Help => self.mode = Mode::Playing,
            Mode::Animating { .. } => {
                self.mode = Mode::Playing;
                self.status = Some("Stopped the solution. Your move.".into());
            }
            Mode::Menu(menu) => self.update_menu(menu, action),
            Mode::Dealing(d) => {
                if action == Action::Quit {
                    self.dealer.cancel(d.id);
                    self.mode = Mode::Playing;
                    self.quit = d.first;
                }
            }
            Mode::Won(_) => match action {
                Action::NewGame | Action::Confirm => self.open_menu(),
                Action::Restart => self.restart(),
                Action::Quit => self.quit = true,
                _ => {}
            },
            Mode::Playing => self.update_playing(action),
        }
    }

    fn update_playing(&mut self, action: Action) {
        match action {
            Action::Dir(d) => {
                let m = match (d, self.config.game.arrows_move) {
                    (Dir::Up, ArrowsMove::Tile) | (Dir::Down, ArrowsMove::Blank) => Move::Up,
                    (Dir::Down, ArrowsMove::Tile) | (Dir::Up, ArrowsMove::Blank) => Move::Down,
                    (Dir::Left, ArrowsMove::Tile) | (Dir::Right, ArrowsMove::Blank) => Move::Left,
                    (Dir::Right, ArrowsMove::Tile) | (Dir::Left, ArrowsMove::Blank) => Move::Right,
                };
                self.player_move(m);
            }
            Action::Click { column, row } => self.click(column, row),
            Action::Hint => self.ask_hint(),
            Action::Solve => self.ask_solve(),
            Action::Undo => {
                if let Some(m) = self.game.undo() {
                    self.after_move(m.inverse());
                }
            }
            Action::Redo => {
                if let Some(m) = self.game.redo() {
                    self.after_move(m);
                }
            }
            Action::Restart => self.restart(),
            Action::NewGame => self.open_menu(),
            Action::Help => self.mode = Mode::Help,
            Action::Quit | Action::ForceQuit => self.quit = true,
            Action::Confirm | Action::Other => {}
        }
    }

    fn update_menu(&mut self, mut menu: Menu, action: Action) {
        let cycle = |i: usize, n: usize, forward: bool| {
            if forward { (i + 1) % n } else { (i + n - 1) % n }
        };
        match action {
            Action::Dir(Dir::Up) => menu.row = cycle(menu.row, 3, false),
            Action::Dir(Dir::Down) => menu.row = cycle(menu.row, 3, true),
            Action::Dir(d @ (Dir::Left | Dir::Right)) => {
                let fwd = d == Dir::Right;
                match menu.row {
                    0 => menu.size = cycle(menu.size, Size::ALL.len(), fwd),
                    1 => menu.level = cycle(menu.level, Menu::DAILY + 1, fwd),
                    _ => {}
                }
            }
            Action::Confirm | Action::NewGame => {
                let size = Size::ALL[menu.size];
                let request = if let Some(&level) = Level::ALL.get(menu.level) {
                    DealRequest {
                        size,
                        level,
                        seed: fresh_seed(),
                        daily: None,
                    }
                } else {
                    DealRequest::daily_today(size)
                };
                self.new_game(request);
                return;
            }
            Action::Quit => {
                self.mode = match menu.from_win {
                    Some(w) => Mode::Won(w),
                    None => Mode::Playing,
                };
                return;
            }
            _ => {}
        }
        self.mode = Mode::Menu(menu);
    }

    /// Starts the game `request` asks for: at once when it was dealt ahead, otherwise once
    /// the background deal lands (the screen says so meanwhile and stays live).
    fn new_game(&mut self, request: DealRequest) {
        let same = |a: &DealRequest| a.size == request.size && a.level == request.level && a.daily == request.daily;
        match self.ahead.take() {
            Some(Ahead {
                ready: Some(g),
                request: r,
                ..
            }) if same(&r) => {
                self.start_game(App::game_from(&r, &g));
                return;
            }
            Some(Ahead { id, request: r, .. }) if same(&r) => {
                self.mode = Mode::Dealing(Dealing {
                    id,
                    request: r,
                    since: Instant::now(),
                    first: false,
                });
                return;
            }
            Some(a) => self.dealer.cancel(a.id),
            None => {}
        }
        let id = self.dealer.deal(request);
        self.mode = Mode::Dealing(Dealing {
            id,
            request,
            since: Instant::now(),
            first: false,
        });
    }

    /// Deals the next game of this size and level in the background, once the solver's
    /// tables for the size are ready (the deal confirms with them).
    fn deal_ahead(&mut self) {
        let size = self.game.size();
        // While a deal is awaited, the game on screen is not the one to follow.
        if self.ahead.is_some() || !self.solver.is_ready(size) || matches!(self.mode, Mode::Dealing(_)) {
            return;
        }
        let request = DealRequest {
            size,
            level: self.next_level(),
            seed: fresh_seed(),
            daily: None,
        };
        let id = self.dealer.deal(request);
        self.ahead = Some(Ahead {
            id,
            request,
            ready: None,
        });
    }

    /// The level New offers after this game: the same, or Hard after a daily puzzle.
    fn next_level(&self) -> Level {
        match self.game.daily() {
            Some(_) => DAILY_LEVEL,
            None => self.game.level().unwrap_or(self.config.level()),
        }
    }

    fn handle_dealt(&mut self, dealt: Dealt) {
        if let Mode::Dealing(d) = &self.mode
            && d.id == dealt.id
        {
            match dealt.result {
                Ok(g) => self.start_game(App::game_from(&dealt.request, &g)),
                Err(e) => {
                    self.mode = Mode::Playing;
                    self.status = Some(format!("Could not deal a board: {e}."));
                }
            }
            return;
        }
        if let Some(a) = &mut self.ahead
            && a.id == dealt.id
        {
            match dealt.result {
                Ok(g) => a.ready = Some(g),
                Err(_) => self.ahead = None,
            }
        }
    }

    fn open_menu(&mut self) {
        let size = Size::ALL.iter().position(|s| *s == self.game.size()).unwrap_or(1);
        let level = self.game.level().unwrap_or(self.config.level());
        let level = if self.game.daily().is_some() {
            Menu::DAILY
        } else {
            Level::ALL.iter().position(|l| *l == level).unwrap_or(1)
        };
        let from_win = match &self.mode {
            Mode::Won(w) => Some(w.clone()),
            _ => None,
        };
        self.mode = Mode::Menu(Menu {
            size,
            level,
            row: 2,
            from_win,
        });
    }

    /// Replaces the game (a game left unfinished counts as played).
    pub fn start_game(&mut self, game: Game) {
        if !self.game.is_won() && self.game.moves() > 0 {
            self.stats.record_abandoned(self.game.size(), self.game.level());
            self.save_stats();
        }
        self.game = game;
        self.mode = Mode::Playing;
        self.status = None;
        self.game_changed();
    }

    /// Forgets everything tied to the previous game and starts the background work for this one.
    fn game_changed(&mut self) {
        self.worker.cancel();
        self.pending = None;
        self.par_request = None;
        self.known = None;
        self.hint_visible = false;
        self.tables = None;
        self.par_wanted = self.game.par().is_none() && self.game.size().side() <= 4;
        if !self.solver.is_ready(self.game.size()) {
            self.worker.prepare(self.game.size());
        }
        let (size, level) = (self.game.size(), self.next_level());
        if let Some(a) = self
            .ahead
            .take_if(|a| a.request.size != size || a.request.level != level)
        {
            self.dealer.cancel(a.id);
        }
        self.deal_ahead();
        self.request_par_if_idle();
    }

    fn request_par_if_idle(&mut self) {
        if self.par_wanted && self.pending.is_none() && self.par_request.is_none() {
            let budget = self.config.hint_budget().max(Duration::from_secs(10));
            self.par_request = Some(self.worker.request(*self.game.start(), Task::Par, budget));
        }
    }

    fn restart(&mut self) {
        self.game.restart();
        self.cancel_pending();
        self.known = None;
        self.hint_visible = false;
        self.mode = Mode::Playing;
        self.status = Some("Restarted from the first position.".into());
    }

    fn cancel_pending(&mut self) {
        if self.pending.take().is_some() {
            self.worker.cancel();
            self.par_request = None;
        }
    }

    fn player_move(&mut self, m: Move) {
        if self.game.play(m) {
            self.after_move(m);
        }
    }

    /// Keeps the plan when the move followed it, drops a search that went stale, and
    /// notices a win.
    fn after_move(&mut self, m: Move) {
        let board = *self.game.board();
        self.known = self.known.take().and_then(|k| k.advance(m, board));
        self.hint_visible = false;
        self.hint_asked_at = None;
        if self.pending.is_some() {
            self.cancel_pending();
            self.status = Some("Hint cancelled: the board changed.".into());
        } else if !matches!(self.mode, Mode::Animating { .. }) {
            self.status = None;
        }
        if self.game.is_won() {
            self.win();
        }
    }

    fn click(&mut self, column: u16, row: u16) {
        if !self.config.game.mouse {
            return;
        }
        let Fit::Fits(layout) = fit(self.area, self.game.size().side() as u16) else {
            return;
        };
        let Some(cell) = layout.cell_at(column, row) else {
            return;
        };
        let side = self.game.size().side();
        let blank = self.game.board().blank();
        let (br, bc) = (blank / side, blank % side);
        let (cr, cc) = (cell / side, cell % side);
        let (m, count) = if cr == br && cc > bc {
            (Move::Left, cc - bc)
        } else if cr == br && cc < bc {
            (Move::Right, bc - cc)
        } else if cc == bc && cr > br {
            (Move::Up, cr - br)
        } else if cc == bc && cr < br {
            (Move::Down, br - cr)
        } else {
            return;
        };
        for _ in 0..count {
            if self.game.is_won() {
                break;
            }
            self.player_move(m);
        }
    }

    fn ask_hint(&mut self) {
        if self.game.is_won() {
            return;
        }
        if self.pending.is_none() {
            self.hint_asked_at = Some(Instant::now());
        }
        let big = self.game.size().side() >= 5;
        if let Some(k) = self.current_plan()
            && !k.plan.is_empty()
            && (k.optimal || big)
        {
            // Following the plan: the next hint is already known. (A plan on 3×3 or 4×4 that
            // is not proven optimal is asked again: the tables may be ready by now.)
            if !self.hint_visible {
                self.game.note_hint();
            }
            self.hint_visible = true;
            return;
        }
        if self.pending.is_some() {
            return;
        }
        self.par_request = None;
        let id = self
            .worker
            .request(*self.game.board(), Task::Hint, self.config.hint_budget());
        self.pending = Some(Pending {
            id,
            task: Task::Hint,
            since: Instant::now(),
        });
    }

    fn ask_solve(&mut self) {
        if self.game.is_won() {
            return;
        }
        if let Some(k) = self.current_plan()
            && !k.plan.is_empty()
        {
            let plan = k.plan.clone().into();
            self.start_animation(plan);
            return;
        }
        if matches!(self.pending, Some(p) if p.task == Task::Solve) {
            return;
        }
        self.par_request = None;
        let id = self
            .worker
            .request(*self.game.board(), Task::Solve, self.config.hint_budget());
        self.pending = Some(Pending {
            id,
            task: Task::Solve,
            since: Instant::now(),
        });
    }

    fn start_animation(&mut self, plan: VecDeque<Move>) {
        self.game.note_solver();
        self.hint_visible = false;
        self.status = Some("The solver is playing. Press any key to stop.".into());
        self.mode = Mode::Animating {
            plan,
            next_at: Instant::now() + self.config.animation_delay(),
        };
    }

    /// Advances timers: the animation, and the par search when the worker is free.
    pub fn tick(&mut self, now: Instant) {
        if let Mode::Animating { plan, next_at } = &mut self.mode
            && now >= *next_at
        {
            let next = plan.pop_front();
            let done = plan.is_empty();
            *next_at = now + self.config.animation_delay();
            match next {
                Some(m) if self.game.play(m) => {
                    if done && !self.game.is_won() {
                        self.mode = Mode::Playing;
                    }
                    self.after_move(m);
                }
                _ => self.mode = Mode::Playing,
            }
        }
        self.request_par_if_idle();
    }

    /// Takes every reply the worker has sent.
    pub fn drain_replies(&mut self) -> bool {
        let mut any = false;
        while let Some(reply) = self.worker.try_recv() {
            self.handle_reply(reply);
            any = true;
        }
        while let Some(dealt) = self.dealer.try_recv() {
            self.handle_dealt(dealt);
            any = true;
        }
        any
    }

    /// Waits for a background deal the player asked for and handles it (tests).
    #[cfg(test)]
    pub fn wait_dealt(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while matches!(self.mode, Mode::Dealing(_)) && Instant::now() < deadline {
            if let Some(d) = self.dealer.recv_timeout(Duration::from_millis(50)) {
                self.handle_dealt(d);
            }
        }
        !matches!(self.mode, Mode::Dealing(_))
    }

    /// Waits for one reply and handles it (tests).
    #[cfg(test)]
    pub fn wait_reply(&mut self, timeout: Duration) -> bool {
        match self.worker.recv_timeout(timeout) {
            Some(r) => {
                self.handle_reply(r);
                true
            }
            None => false,
        }
    }

    fn is_pending(&self, id: u64, task: Task) -> bool {
        self.worker.is_current(id) && matches!(self.pending, Some(p) if p.id == id && p.task == task)
    }

    /// Applies one reply; replies to stale requests are dropped.
    pub fn handle_reply(&mut self, reply: Reply) {
        match reply {
            Reply::Hint { id, board, result } => {
                if !self.is_pending(id, Task::Hint) {
                    return;
                }
                self.last_hint_latency = self.pending.map(|p| p.since.elapsed());
                self.pending = None;
                if board != *self.game.board() {
                    return;
                }
                match result {
                    Ok(h) => {
                        if board == *self.game.start() && h.optimal {
                            self.game.set_par(h.remaining);
                        }
                        self.known = Some(Known::from_hint(board, &h));
                        self.game.note_hint();
                        self.hint_visible = true;
                        self.status = (!h.optimal).then(|| "Best plan found in time; not proven optimal.".to_string());
                    }
                    Err(e) => self.status = Some(format!("No hint: {e}.")),
                }
            }
            Reply::Solution {
                id,
                task: Task::Par,
                board,
                result,
            } => {
                if self.par_request != Some(id) {
                    return;
                }
                self.par_request = None;
                match result {
                    Ok(s) if s.optimal && board == *self.game.start() => {
                        self.game.set_par(s.len() as u32);
                        self.par_wanted = false;
                    }
                    // Cancelled by a hint: ask again when the worker is free.
                    Err(slide::solver::SolveError::Cancelled) => {}
                    _ => self.par_wanted = false,
                }
            }
            Reply::Solution { id, board, result, .. } => {
                if !self.is_pending(id, Task::Solve) {
                    return;
                }
                self.pending = None;
                if board != *self.game.board() {
                    return;
                }
                match result {
                    Ok(s) => {
                        self.known = Some(Known::from_solution(board, &s));
                        self.start_animation(s.moves.into());
                    }
                    Err(e) => self.status = Some(format!("No solution: {e}.")),
                }
            }
            Reply::Progress { size, progress } => {
                if size == self.game.size() {
                    self.tables = match progress {
                        BuildProgress::Building { what, done, total } => {
                            Some(format!("{what} {}%", done * 100 / total.max(1)))
                        }
                        BuildProgress::Notice(n) => {
                            self.status = Some(n);
                            self.tables.take()
                        }
                    };
                }
            }
            Reply::Prepared { size, error } => {
                if size == self.game.size() {
                    self.tables = None;
                    self.deal_ahead();
                }
                if let Some(e) = error {
                    self.status = Some(format!("Solver tables unavailable ({e}); hints are slower."));
                }
            }
            Reply::Crashed { id, message } => {
                if self.pending.is_some_and(|p| p.id == id) {
                    self.pending = None;
                }
                if self.par_request == Some(id) {
                    self.par_request = None;
                    self.par_wanted = false;
                }
                self.status = Some(format!("The solver failed ({message}); play on without it."));
            }
        }
    }

    fn win(&mut self) {
        self.cancel_pending();
        self.known = None;
        self.hint_visible = false;
        self.status = None;
        let finish = Finish {
            moves: self.game.moves(),
            time_ms: self.game.clock().elapsed().as_millis() as u64,
            hints: self.game.hints_used(),
            solver_used: self.game.solver_used(),
            par: self.game.par(),
        };
        let new_best = self.stats.record_win(self.game.size(), self.game.level(), &finish);
        self.save_stats();
        if let Some(store) = &self.store
            && !self.keep_saved_game
            && let Err(e) = store.clear_game()
        {
            self.status = Some(format!("Could not remove the saved game: {e}"));
        }
        self.mode = Mode::Won(WinSummary {
            moves: finish.moves,
            time: self.game.clock().elapsed(),
            hints: finish.hints,
            solver_used: finish.solver_used,
            par: finish.par,
            new_best,
            best: self.best().cloned(),
            record: self.stats.record(self.game.size(), self.game.level()).cloned(),
        });
    }

    fn save_stats(&mut self) {
        if let Some(store) = &self.store
            && let Err(e) = store.save_stats(&self.stats)
        {
            self.status = Some(format!("Could not save statistics: {e}"));
        }
    }

    /// Saves an unfinished game before exit; returns a message if that failed.
    pub fn save_on_exit(&mut self) -> Option<String> {
        let store = self.store.as_ref()?;
        if self.game.is_won() || self.game.moves() == 0 {
            return None;
        }
        self.game.clock_mut().stop();
        store
            .save_game(&self.game.to_saved())
            .err()
            .map(|e| format!("could not save the game: {e}"))
    }
}

/// An app around `game` with default settings, no disk and no table cache, for tests.
#[cfg(test)]
pub(crate) fn test_app(game: Game) -> App {
    App::new(
        Config::default(),
        Theme::mono(),
        game,
        Solver::new(slide::solver::TableCache::disabled()),
        None,
        Stats::default(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

    fn app_with(board: &str) -> App {
        test_app(Game::new(board.parse().unwrap(), Some(Level::Easy), Some(1), None))
    }

    fn key(app: &mut App, code: KeyCode) {
        let ev = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        if let Some(a) = app.keymap.action(&ev) {
            app.update(a);
        }
    }

    #[test]
    fn winning_a_chosen_game_keeps_the_game_saved_before_it() {
        let dir = std::env::temp_dir().join(format!("slide-keep-saved-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::at(dir.clone());
        let saved = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), None, None, None).to_saved();
        store.save_game(&saved).unwrap();
        let one_move = Game::new("1 2 3 4 5 6 7 0 8".parse().unwrap(), None, None, None);
        let mut app = App::new(
            Config::default(),
            Theme::mono(),
            one_move,
            Solver::new(slide::solver::TableCache::disabled()),
            Some(store.clone()),
            Stats::default(),
        );
        app.keep_saved_game = true;
        key(&mut app, KeyCode::Left);
        assert!(matches!(app.mode, Mode::Won(_)));
        assert!(matches!(store.load_game(), slide::game::Loaded::Found(s) if s == saved));
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn wait_hint(app: &mut App) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while app.pending.is_some() && Instant::now() < deadline {
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
        assert!(app.pending.is_some());
        key(&mut app, KeyCode::Char('i'));
        wait_hint(&mut app);
        assert_eq!(app.visible_hint(), Some(Move::Left));
        assert_eq!(app.game.hints_used(), 1, "pressing twice queued nothing");
        assert_eq!(app.current_plan().map(Known::remaining), Some(2));
        assert_eq!(app.game.par(), Some(2));
        key(&mut app, KeyCode::Left);
        assert_eq!(app.visible_hint(), None);
        key(&mut app, KeyCode::Char('i'));
        assert!(app.pending.is_none(), "the next hint comes from the plan");
        assert_eq!(app.visible_hint(), Some(Move::Left));
        assert_eq!(app.game.hints_used(), 2);
    }

    #[test]
    fn a_move_cancels_a_pending_hint_and_stale_replies_are_dropped() {
        let mut app = app_with("8 6 7 2 5 4 3 0 1");
        key(&mut app, KeyCode::Char('i'));
        let first = app.pending.expect("pending").id;
        key(&mut app, KeyCode::Down);
        assert!(app.pending.is_none());
        let stale = Reply::Hint {
            id: first,
            board: *app.game.board(),
            result: Err(slide::solver::SolveError::Cancelled),
        };
        app.handle_reply(stale);
        assert_eq!(app.visible_hint(), None);
        assert_eq!(app.game.hints_used(), 0);
    }

    #[test]
    fn solve_animates_and_any_key_stops() {
        let mut app = app_with("8 6 7 2 5 4 3 0 1");
        key(&mut app, KeyCode::Char('p'));
        let deadline = Instant::now() + Duration::from_secs(10);
        while !matches!(app.mode, Mode::Animating { .. }) && Instant::now() < deadline {
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
        assert!(w.best.as_ref().is_some_and(Best::assisted));
    }

    #[test]
    fn menu_deals_a_new_game_and_help_closes() {
        let mut app = app_with("1 2 3 4 5 6 7 0 8");
        key(&mut app, KeyCode::Char('?'));
        assert_eq!(app.mode, Mode::Help);
        key(&mut app, KeyCode::Char('x'));
        assert_eq!(app.mode, Mode::Playing);
        key(&mut app, KeyCode::Char('n'));
        assert!(matches!(app.mode, Mode::Menu(_)));
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
        key(&mut app, KeyCode::Up); // level row
        key(&mut app, KeyCode::Left); // easy → daily (the last entry)
        key(&mut app, KeyCode::Enter);
        assert!(app.wait_dealt(Duration::from_secs(60)));
        let date = slide::difficulty::UtcDate::today();
        assert_eq!(app.game.daily(), Some(date));
        let expected = slide::difficulty::daily(&app.solver, Size::THREE, date);
        assert_eq!(*app.game.start(), expected.board);
        assert_eq!(app.game.code(), expected.code());
    }

    #[test]
    fn the_next_game_is_dealt_ahead_and_starts_at_once() {
        let mut app = app_with("1 2 3 4 5 6 7 0 8");
        // Dealing ahead waits for the size's tables.
        let deadline = Instant::now() + Duration::from_secs(30);
        while app.ahead.is_none() && Instant::now() < deadline {
            app.wait_reply(Duration::from_millis(100));
        }
        let ahead = app.ahead.as_ref().map(|a| a.id).expect("dealt ahead for 3×3");
        while app.ahead.as_ref().is_some_and(|a| a.ready.is_none()) {
            let d = app.dealer.recv_timeout(Duration::from_secs(30)).expect("dealt");
            assert_eq!(d.id, ahead);
            app.handle_dealt(d);
        }
        let ready = app.ahead.as_ref().and_then(|a| a.ready.clone()).expect("ready");
        key(&mut app, KeyCode::Char('n'));
        key(&mut app, KeyCode::Enter);
        assert_eq!(app.mode, Mode::Playing, "no wait");
        assert_eq!(*app.game.start(), ready.board);
        assert_eq!(app.game.seed(), Some(ready.seed));
        assert!(app.ahead.is_some(), "and the one after is on its way");
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
        let dealing = || {
            App::dealing(
                Config::default(),
                Theme::mono(),
                request,
                solver.clone(),
                None,
                Stats::default(),
            )
        };
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
    fn ctrl_c_quits_from_anywhere() {
        let mut app = app_with("1 2 3 4 5 6 7 0 8");
        key(&mut app, KeyCode::Char('n'));
        app.update(Action::ForceQuit);
        assert!(app.quit);
    }
}
