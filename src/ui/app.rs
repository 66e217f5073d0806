//! The app owns the loop's state and nothing else: the screen stack, and the pieces every
//! screen reaches through its [`Context`] (settings, engine, the game in play, the look,
//! the notices, the clipboard). An action goes to the screen on top; the engine's answers
//! go to the game in play and to every screen; what a screen returns changes the stack.
//!
//! Must not hold a screen's state or draw a screen's content: screens do.

use std::any::Any;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use slide::engine::{Answer, Engine, Reply};
use slide::game::{Game, Notice, Persistence};
use slide::solver::Solver;

use crate::ui::clipboard::Clipboard;
use crate::ui::context::{Context, View, context};
use crate::ui::current_game::{CurrentGame, Origin};
use crate::ui::events::Event;
use crate::ui::keys::{Action, Keymap};
use crate::ui::look::Look;
use crate::ui::notices::{KeyTaken, Notices, Shown};
use crate::ui::screen::{Screen, Transition, draw_stack};
use crate::ui::screens::confirm_large_tables::ConfirmLargeTables;
use crate::ui::screens::menu::MenuScreen;
use crate::ui::screens::playing::Playing;
use crate::ui::settings::Settings;
use crate::ui::widgets::layout::{Fit, fit};
use crate::ui::widgets::notice::NoticeView;
use crate::ui::widgets::too_small::TooSmall;

/// The loop's state.
pub struct App {
    /// Settings, key bindings and styles.
    pub settings: Settings,
    /// Keys to actions.
    pub keymap: Keymap,
    /// The solver's work.
    pub engine: Engine,
    /// The loop's one channel: terminal input, the engine's replies, signals.
    pub events: Receiver<Event>,
    /// Where the event sources send (a clone each).
    sender: Sender<Event>,
    /// The game in play.
    pub current: CurrentGame,
    /// The tile scheme and picture mode.
    pub look: Look,
    /// Notices waiting to be read, the first on screen.
    pub notices: Notices,
    /// The copy key's clipboard (the loop writes what it holds to the terminal).
    pub clipboard: Clipboard,
    /// The screens, the board first.
    pub(crate) stack: Vec<Box<dyn Screen>>,
    /// The last screen size drawn (for clicks).
    pub area: Rect,
    /// Set when the app should exit.
    pub quit: bool,
}

impl App {
    /// An app around `game`, which `origin` says where it comes from.
    pub fn new(settings: Settings, game: Game, solver: Solver, persist: Persistence, origin: Origin) -> App {
        let options = settings.engine_options();
        let (sender, events) = mpsc::channel();
        let to_loop = sender.clone();
        let mut engine = Engine::new(solver, options, move |r| to_loop.send(Event::Engine(r)).is_ok());
        let current = CurrentGame::new(game, persist, origin, &mut engine, &settings.config);
        let look = Look::new(&settings);
        let clipboard = Clipboard::detect(settings.config.game.clipboard);
        let mut app = App {
            keymap: settings.keys.keymap(),
            settings,
            engine,
            events,
            sender,
            current,
            look,
            notices: Notices::default(),
            clipboard,
            stack: vec![Box::new(Playing)],
            area: Rect::new(0, 0, 100, 35),
            quit: false,
        };
        app.offer_a_new_game_if_solved();
        app.sync();
        app
    }

    /// A board given already solved has nothing to play: says so and offers a new game.
    pub(crate) fn offer_a_new_game_if_solved(&mut self) {
        if self.current.solved_at_start() {
            self.notify(Notice::info(
                "That board is already solved: there is nothing to play. Choose a new game.",
            ));
            let menu = MenuScreen::open(&mut context!(self, Instant::now()));
            self.apply(Transition::Push(Box::new(menu)));
        }
    }

    /// The screen on top, as `T` if it is one.
    pub fn top<T: Screen>(&self) -> Option<&T> {
        let top: &dyn Any = self.stack.last().map(AsRef::as_ref)?;
        top.downcast_ref()
    }

    /// Whether the screen on top is a `T`.
    pub fn is<T: Screen>(&self) -> bool {
        self.top::<T>().is_some()
    }

    /// A sender on the loop's channel, for an event source.
    pub fn sender(&self) -> Sender<Event> {
        self.sender.clone()
    }

    /// Queues a notice for the screen.
    pub fn notify(&mut self, notice: Notice) {
        self.notices.push(notice);
    }

    /// The notice on screen, if any.
    pub fn notice(&self) -> Option<&Shown> {
        self.notices.front()
    }

    /// Whether the terminal is big enough to show the board.
    pub fn board_visible(&self) -> bool {
        matches!(fit(self.area, self.current.game.size()), Fit::Fits(_))
    }

    /// Applies one action of the player; whether the screen may have changed.
    pub fn update(&mut self, action: Action) -> bool {
        let now = Instant::now();
        if action == Action::ForceQuit {
            self.quit = true;
            return true;
        }
        if let Action::Hover { .. } = action {
            // Mouse motion is no key: it only slides tiles (hover control) on the board, and
            // never closes a notice or a screen; it highlights what a click would slide.
            // Motion that moves and highlights nothing new changes nothing.
            let before = (self.current.game.stm(), self.current.hovered);
            if self.notices.boxed().is_none() && self.board_visible() && self.top_screen().clock_runs() {
                self.dispatch(now, |screen, ctx| screen.update(action, ctx));
            }
            if (self.current.game.stm(), self.current.hovered) == before {
                return false;
            }
        } else if self.notices.take_key(now) != KeyTaken::NoNotice {
            // A box takes the first key once it can have been read, not typed past.
        } else if !self.board_visible() {
            // While the board is hidden (the terminal is too small), a key must not move a
            // tile nobody can see: only quitting is taken.
            self.quit |= action == Action::Quit;
        } else {
            self.dispatch(now, |screen, ctx| screen.update(action, ctx));
        }
        self.sync();
        true
    }

    /// Time passed: the screen on top, inspection, the writer, notices that time out.
    /// Whether the screen may have changed (something on it moves with time, or a notice
    /// left or began to take keys).
    pub fn tick(&mut self, now: Instant) -> bool {
        let moving = self.poll_timeout(now) < Duration::from_secs(1);
        let notices = (self.notices.len(), self.notices.readable_at(now));
        self.dispatch(now, Screen::tick);
        self.current.tick(now);
        if let Some(n) = self.look.check_picture(self.area, self.current.game.size()) {
            self.notify(n);
        }
        self.sync();
        moving || (self.notices.len(), self.notices.readable_at(now)) != notices
    }

    /// Hands one of the engine's replies back to it and applies what it answers; whether
    /// there was anything to apply (a superseded request's reply changes nothing).
    pub fn handle_reply(&mut self, reply: Reply) -> bool {
        let answers = self.engine.handle(reply);
        for answer in &answers {
            self.answer(answer);
        }
        self.sync();
        !answers.is_empty()
    }

    /// Gives an answer of the engine to every screen, the top first.
    pub fn answer(&mut self, answer: &Answer) {
        let now = Instant::now();
        for i in (0..self.stack.len()).rev() {
            let t = self.stack[i].answer(answer, &mut context!(self, now));
            if !matches!(t, Transition::Stay) {
                self.stack.truncate(i + 1);
                self.apply(t);
                return;
            }
        }
    }

    /// The screen on top (the board when nothing is over it).
    pub fn top_screen(&self) -> &dyn Screen {
        self.stack.last().map_or(&Playing, AsRef::as_ref)
    }

    /// Runs `f` on the screen on top with a fresh context, then applies its transition.
    fn dispatch(&mut self, now: Instant, f: impl FnOnce(&mut dyn Screen, &mut Context) -> Transition) {
        let Some(mut top) = self.stack.pop() else { return };
        let t = f(top.as_mut(), &mut context!(self, now));
        self.stack.push(top);
        self.apply(t);
    }

    /// Changes the stack as `t` says; the board at the bottom always stays.
    pub(crate) fn apply(&mut self, t: Transition) {
        let pop = |stack: &mut Vec<Box<dyn Screen>>| {
            if stack.len() > 1 {
                stack.pop();
            }
        };
        match t {
            Transition::Stay => {}
            Transition::Push(s) => self.stack.push(s),
            Transition::Pop => pop(&mut self.stack),
            Transition::Replace(s) => {
                pop(&mut self.stack);
                self.stack.push(s);
            }
            Transition::Home => self.stack.truncate(1),
            Transition::Reset(s) => {
                self.stack.truncate(1);
                self.stack.push(s);
            }
            Transition::Quit => self.quit = true,
        }
    }

    /// After any event: the clock runs only on the board, the engine learns what is on
    /// screen, and the game's notices join the queue.
    pub(crate) fn sync(&mut self) {
        let runs = self.top_screen().clock_runs() && self.board_visible() && self.notices.boxed().is_none();
        self.current.sync_clock(runs);
        self.current.watching = self.top_screen().watches_board();
        self.engine.focus(self.current.focus());
        for n in self.current.take_notices() {
            self.notices.push(n);
        }
        if let Some(question) = self.current.large_question.take() {
            self.stack.push(Box::new(ConfirmLargeTables { question }));
        }
    }

    /// How long to wait for input before the next tick (at most until the notice on screen
    /// starts taking keys, to say so).
    pub fn poll_timeout(&self, now: Instant) -> Duration {
        let calm = self.notices.boxed().is_none();
        let wait = (self.top_screen().wake_in(now)).unwrap_or_else(|| self.current.wake_in(now, &self.engine, calm));
        self.notices.readable_at(now).map_or(wait, |at| wait.min(at - now))
    }

    /// Draws the screens, from the highest one that covers the terminal up to the top, and
    /// the notice on screen over everything.
    pub fn render(&self, area: Rect, buf: &mut Buffer) {
        let view = View {
            settings: &self.settings,
            engine: &self.engine,
            current: &self.current,
            look: &self.look,
            clipboard: &self.clipboard,
            now: Instant::now(),
        };
        match fit(area, self.current.game.size()) {
            Fit::TooSmall { need, have } => TooSmall::new(need, have, &self.settings.keys).render(area, buf),
            Fit::Fits(_) => draw_stack(&self.stack, area, buf, &view),
        }
        NoticeView::draw(&self.notices, &view, area, buf);
        if !self.settings.caps.unicode {
            crate::ui::widgets::ascii::downgrade(buf);
        }
    }
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        App::render(self, area, buf);
    }
}
