//! A review of several boards (a marathon's or a relay's) asked of the engine one board at a
//! time: the engine keeps one review in flight, so each board's review is asked when the one
//! before it is answered. A single solve is a run of one board. The replay and the review
//! screens share it.

use std::time::Duration;

use slide::engine::Answer;
use slide::puzzle::{Board, Move};
use slide::review::{Progress, Review, RunReview};

use crate::ui::context::Context;

/// What the engine has said so far about a run's boards.
#[derive(Debug, Clone, PartialEq)]
pub struct RunReviewing {
    /// Each board's start, its moves and the length of a plan known from its start.
    boards: Vec<(Board, Vec<Move>, Option<u32>)>,
    /// The reviews answered, in order.
    done: Vec<Review>,
    /// How far the board being reviewed has come.
    progress: Option<Progress>,
    /// Why the engine failed, if it did.
    failed: Option<String>,
    /// Time the engine may spend on one board's estimates.
    budget: Duration,
}

/// Where a run's review stands.
#[derive(Debug, Clone, PartialEq)]
pub enum RunReviewState {
    /// Being computed: positions done of all.
    Computing(Progress),
    /// Every board reviewed.
    Known(RunReview),
    /// The engine failed (why).
    Failed(String),
}

impl RunReviewing {
    /// Asks the engine for the first board's review (a hint still computing is dropped: the
    /// player left its board). `boards`: each board's start, moves and known plan length.
    pub fn start(boards: Vec<(Board, Vec<Move>, Option<u32>)>, budget: Duration, ctx: &mut Context) -> RunReviewing {
        ctx.engine.cancel_interactive();
        let r = RunReviewing {
            boards,
            done: Vec::new(),
            progress: None,
            failed: None,
            budget,
        };
        r.ask(ctx);
        r
    }

    /// Asks for the next board not yet reviewed.
    fn ask(&self, ctx: &mut Context) {
        if let Some((start, moves, par)) = self.boards.get(self.done.len()) {
            let known = par.map(|p| (*start, p)).into_iter().collect();
            ctx.engine.review(*start, moves.clone(), known, self.budget);
        }
    }

    /// Whether the engine is still at it.
    pub fn computing(&self) -> bool {
        self.failed.is_none() && self.done.len() < self.boards.len()
    }

    /// Takes the engine's answer; `true` when it was this review's.
    pub fn answer(&mut self, answer: &Answer, ctx: &mut Context) -> bool {
        if !self.computing() {
            return false;
        }
        match answer {
            Answer::ReviewProgress(p) => self.progress = Some(*p),
            Answer::Review(Ok(review)) => {
                self.done.push(review.clone());
                self.progress = None;
                self.ask(ctx);
            }
            Answer::Review(Err(e)) => self.failed = Some(e.to_string()),
            _ => return false,
        }
        true
    }

    /// Stops a review still computing.
    pub fn cancel(&self, ctx: &mut Context) {
        if self.computing() {
            ctx.engine.cancel_review();
        }
    }

    /// Where it stands.
    pub fn state(&self) -> RunReviewState {
        if let Some(why) = &self.failed {
            return RunReviewState::Failed(why.clone());
        }
        if !self.computing() {
            return RunReviewState::Known(RunReview {
                boards: self.done.clone(),
            });
        }
        let positions = |b: &(Board, Vec<Move>, Option<u32>)| b.1.len() + 1;
        let total = self.boards.iter().map(positions).sum();
        let before: usize = self.boards.iter().take(self.done.len()).map(positions).sum();
        RunReviewState::Computing(Progress {
            done: before + self.progress.map_or(0, |p| p.done),
            total,
        })
    }
}
