//! The solver plays its plan as an animation; any key stops it. The game counts as helped
//! from the first move the solver plays.

use std::collections::VecDeque;
use std::time::Instant;

use crate::ui::keys::Action;
use slide::puzzle::Move;

use crate::ui::app::{App, Mode};

/// The plan being played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Animation {
    /// Moves still to play.
    pub plan: VecDeque<Move>,
    /// When to play the next one.
    pub next_at: Instant,
}

impl App {
    /// Starts playing `plan` for the player.
    pub(crate) fn start_animation(&mut self, plan: VecDeque<Move>) {
        self.game.note_solver();
        self.changed();
        self.hint_visible = false;
        self.hint_mode = false;
        self.status = Some("The solver is playing. Press any key to stop.".into());
        self.mode = Mode::Animating(Animation {
            plan,
            next_at: Instant::now() + self.config.animation_delay(),
        });
    }

    /// Any key stops the animation.
    pub(crate) fn update_animating(&mut self, action: Action) {
        if action == Action::Quit {
            self.quit = true;
            return;
        }
        self.mode = Mode::Playing;
        self.status = Some("Stopped the solution. Your move.".into());
    }

    /// Plays the next move when its time has come.
    pub(crate) fn tick_animation(&mut self, now: Instant) {
        let Mode::Animating(a) = &mut self.mode else { return };
        if now < a.next_at {
            return;
        }
        let next = a.plan.pop_front();
        let done = a.plan.is_empty();
        a.next_at = now + self.config.animation_delay();
        match next {
            Some(m) if self.game.play_by_solver(m) => {
                if done && !self.game.is_won() {
                    self.mode = Mode::Playing;
                }
                self.after_move(m);
            }
            _ => self.mode = Mode::Playing,
        }
    }
}
