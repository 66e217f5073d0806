//! The solver plays its plan as an animation; any key stops it. The game counts as helped
//! from the first move the solver plays.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use slide::puzzle::Move;

use crate::ui::context::{Context, View};
use crate::ui::keys::Action;
use crate::ui::moves::Played;
use crate::ui::screen::{Screen, Transition};
use crate::ui::screens::win::WinScreen;

/// The plan being played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Animation {
    /// Moves still to play.
    pub plan: VecDeque<Move>,
    /// When to play the next one.
    pub next_at: Instant,
}

impl Animation {
    /// Starts playing `plan` for the player.
    pub fn start(plan: VecDeque<Move>, ctx: &mut Context) -> Animation {
        ctx.current.solver_plays();
        Animation {
            plan,
            next_at: ctx.now + ctx.settings.config.animation_delay(),
        }
    }
}

impl Screen for Animation {
    /// Any key stops the animation.
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        if action == Action::Quit {
            return Transition::Quit;
        }
        ctx.current.status = Some("Stopped the solution. Your move.".into());
        Transition::Pop
    }

    /// Plays the next move when its time has come.
    fn tick(&mut self, ctx: &mut Context) -> Transition {
        if ctx.now < self.next_at {
            return Transition::Stay;
        }
        let next = self.plan.pop_front();
        let last = self.plan.is_empty();
        self.next_at = ctx.now + ctx.settings.config.animation_delay();
        let played = next.and_then(|m| ctx.current.play_for(m, last, ctx.engine, &ctx.settings.config));
        match played {
            Some(Played::Won(w)) => Transition::Replace(Box::new(WinScreen::new(*w))),
            Some(Played::Moved | Played::Nothing) if !last => Transition::Stay,
            _ => Transition::Pop,
        }
    }

    /// The solver's moves are seen on the board.
    fn shows_board(&self) -> bool {
        true
    }

    /// The board below shows the moves; the panel says the solver plays.
    fn draw(&self, _area: Rect, _buf: &mut Buffer, _view: &View) {}

    fn wake_in(&self, now: Instant) -> Option<Duration> {
        Some(
            self.next_at
                .saturating_duration_since(now)
                .clamp(Duration::from_millis(5), Duration::from_millis(100)),
        )
    }
}
