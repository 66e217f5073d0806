//! The replay: a recorded solve played back at its real speed with its clock (or at ×0.5,
//! ×2, ×4), paused, stepped move by move, with its tiles a second over time under the
//! board and, on 3×3 and 4×4, the optimal distance after each move with its detours, as
//! the review has them.
//!
//! A marathon or a relay plays back board after board on its one clock, its distances
//! reviewed board by board (`run_reviewing.rs`).
//!
//! The timeline is the library's (`slide::game::Replay`); the distances come from the engine's review
//! (`Engine::review`), asked for when the screen opens. Opened from the statistics, it
//! goes back there; opened by `slide replay ID`, closing it ends the program.

use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use slide::engine::Answer;
use slide::game::{AttemptRecord, ReplayError};

use crate::ui::context::{Context, View};
use crate::ui::keys::Action;
use crate::ui::screen::{Screen, Transition};
use crate::ui::screens::help::Help;
use crate::ui::screens::replay_state::{Distances, ReplayState};
use crate::ui::screens::replay_view::ReplayView;
use crate::ui::screens::run_reviewing::{RunReviewState, RunReviewing};

/// How often the clock on screen is brought up to date while playing.
const FRAME: Duration = Duration::from_millis(40);

/// Time the engine may spend on a review's estimates (only 3×3 and 4×4 are asked, which
/// are exact: this bounds nothing there).
const REVIEW_BUDGET: Duration = Duration::from_secs(3);

/// The replay as a screen.
#[derive(Debug, Clone)]
pub struct ReplayScreen {
    /// What it shows.
    pub state: ReplayState,
    /// When the clock was last moved on (while playing).
    last: Option<Instant>,
    /// Opened by `slide replay`: closing it ends the program.
    alone: bool,
    /// The engine's review of each board, where the distances are shown.
    reviewing: Option<RunReviewing>,
}

impl ReplayScreen {
    /// The replay of `record`, playing from its start; the distances are asked of the
    /// engine on 3×3 and 4×4 (a hint still computing for the board is dropped: the player
    /// left it). `alone`: opened by `slide replay`, so closing it quits.
    pub fn open(record: &AttemptRecord, alone: bool, ctx: &mut Context) -> Result<ReplayScreen, ReplayError> {
        let state = ReplayState::new(record)?;
        let reviewing = (state.distances != Distances::NotShown).then(|| {
            let r = &state.replay;
            // Each board on its own; the par recorded with a single solve is its board's: no
            // figure of the review exceeds it.
            let single = r.legs().len() == 1;
            // The 3×3 and 4×4 boards only: a 5×5's or 6×6's distances are not shown.
            let boards = r
                .legs()
                .iter()
                .take(state.reviewed)
                .map(|l| {
                    let par = record.par.filter(|_| single);
                    (l.start, r.moves()[l.moves.clone()].to_vec(), par)
                })
                .collect();
            RunReviewing::start(boards, REVIEW_BUDGET, ctx)
        });
        Ok(ReplayScreen {
            state,
            last: Some(ctx.now),
            alone,
            reviewing,
        })
    }

    /// Leaves the replay: back to the statistics, or out of the program.
    fn close(&self, ctx: &mut Context) -> Transition {
        if let Some(r) = &self.reviewing {
            r.cancel(ctx);
        }
        if self.alone { Transition::Quit } else { Transition::Pop }
    }
}

impl Screen for ReplayScreen {
    /// The pause key (or Enter) pauses and plays on (from the start once at the end),
    /// left/right step a move back or on (pausing), up/down change the speed, restart plays
    /// from the start; back closes.
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        let s = &mut self.state;
        match action {
            Action::Pause | Action::Confirm => s.toggle(),
            Action::Left => s.go_to(s.step.saturating_sub(1)),
            Action::Right => s.go_to(s.step + 1),
            Action::Up => s.faster(),
            Action::Down => s.slower(),
            Action::Restart => {
                s.go_to(0);
                s.paused = false;
            }
            Action::Back | Action::Playback => return self.close(ctx),
            Action::Help => {
                // The help stops the replay's clock as it stops the game's.
                s.paused = true;
                return Transition::Push(Box::new(Help::default()));
            }
            Action::Quit => return Transition::Quit,
            _ => {}
        }
        self.last = Some(ctx.now);
        Transition::Stay
    }

    /// The distances, as the review computes them board by board.
    fn answer(&mut self, answer: &Answer, ctx: &mut Context) -> Transition {
        if let Some(r) = self.reviewing.as_mut()
            && r.answer(answer, ctx)
        {
            self.state.distances = match r.state() {
                RunReviewState::Computing(p) => Distances::Computing(Some(p)),
                RunReviewState::Known(review) => Distances::Known(review),
                RunReviewState::Failed(why) => Distances::Failed(why),
            };
        }
        Transition::Stay
    }

    /// The clock moves on by the time passed since the last tick, at the chosen speed.
    fn tick(&mut self, ctx: &mut Context) -> Transition {
        let real = self
            .last
            .map_or(Duration::ZERO, |t| ctx.now.saturating_duration_since(t));
        self.state.advance(real);
        self.last = Some(ctx.now);
        Transition::Stay
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        ReplayView {
            state: &self.state,
            view,
            terminal: area,
        }
        .render(area, buf);
    }

    fn covers(&self) -> bool {
        true
    }

    fn wake_in(&self, _now: Instant) -> Option<Duration> {
        (!self.state.paused).then_some(FRAME)
    }
}
