//! What a screen is: a type that owns its state, takes actions (and the engine's answers,
//! and the clock's ticks) through a [`Context`], says what comes next with a
//! [`Transition`], and draws itself from a [`View`].
//!
//! The screens form a stack over the board: the top one takes the input, and drawing goes
//! from the highest screen that covers the whole terminal up to the top, so that a box
//! shows over what it was opened from. (After ratatui's component template and helix's
//! compositor of layers; see ARCHITECTURE.md.)

use std::any::Any;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use slide::engine::Answer;

use crate::ui::context::{Context, View};
use crate::ui::keys::Action;
use crate::ui::widgets::layout::{Fit, fit};

/// What happens to the stack after a screen took an event.
pub enum Transition {
    /// Nothing changes.
    Stay,
    /// A screen opens over this one.
    Push(Box<dyn Screen>),
    /// This screen closes: the one below shows again.
    Pop,
    /// This screen gives way to another.
    Replace(Box<dyn Screen>),
    /// Every screen over the board closes.
    Home,
    /// Every screen over the board closes, and this one opens over it.
    Reset(Box<dyn Screen>),
    /// The game ends (it is saved).
    Quit,
}

/// One screen of the game.
pub trait Screen: Any {
    /// Takes one action of the player.
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition;

    /// Takes one of the engine's answers (every screen on the stack sees each one).
    fn answer(&mut self, answer: &Answer, ctx: &mut Context) -> Transition {
        let _ = (answer, ctx);
        Transition::Stay
    }

    /// Time passed (only the screen on top is ticked).
    fn tick(&mut self, ctx: &mut Context) -> Transition {
        let _ = ctx;
        Transition::Stay
    }

    /// Draws the screen into `area`.
    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View);

    /// Whether the screen draws the whole terminal, so what is below it is not drawn.
    fn covers(&self) -> bool {
        false
    }

    /// Whether the game's clock may run while this screen is on top (the board only).
    fn clock_runs(&self) -> bool {
        false
    }

    /// Whether the board may stay in view under this screen while an attempt is under way
    /// with its clock stopped: the board itself, and the solver playing it. Under any other
    /// screen (a dialog, the menu, the help) the board of an attempt under way is hidden, so
    /// that stopping the clock is never a free look.
    fn shows_board(&self) -> bool {
        self.clock_runs()
    }

    /// Whether the player looks at the board while this screen is on top (the board, or
    /// the help over it): the engine improves the board's plan meanwhile.
    fn watches_board(&self) -> bool {
        false
    }

    /// Whether the screen takes typed text now (a field being edited): keys then type
    /// characters rather than act ([`crate::ui::keys::Keymap::text_action`]).
    fn takes_text(&self) -> bool {
        false
    }

    /// How soon this screen needs a tick (a running animation, a spinner), if at all.
    fn wake_in(&self, now: Instant) -> Option<Duration> {
        let _ = now;
        None
    }
}

/// Draws `stack` from the highest screen that covers the terminal up to the top. While an
/// attempt is under way, the board is blanked under a screen on top that stops the clock and
/// does not show the board.
pub fn draw_stack(stack: &[Box<dyn Screen>], area: Rect, buf: &mut Buffer, view: &View) {
    let from = stack.iter().rposition(|s| s.covers()).unwrap_or(0);
    let hides = stack.len() > 1 && stack.last().is_some_and(|top| !top.shows_board()) && view.current.under_way();
    let hidden = match fit(area, view.current.game.size()) {
        Fit::Fits(layout) if hides => Some(layout.board),
        _ => None,
    };
    for (i, screen) in stack[from..].iter().enumerate() {
        screen.draw(area, buf, view);
        if i == 0
            && let Some(rect) = hidden
        {
            ratatui::widgets::Widget::render(ratatui::widgets::Clear, rect, buf);
        }
    }
}
