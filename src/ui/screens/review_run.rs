//! The review of a marathon or a relay: every board reviewed against its optimum, one at a
//! time by the engine (`run_reviewing.rs`), a line per board and the run's total over the
//! board on view's chart; page up/down show another board.

use std::time::Duration;

use slide::puzzle::{Board, Move};
use slide::review::RunReview;

use crate::ui::context::Context;
use crate::ui::screens::review_state::ReviewState;
use crate::ui::screens::run_reviewing::{RunReviewState, RunReviewing};

/// The boards of a run under review.
#[derive(Debug, Clone, PartialEq)]
pub struct RunPart {
    /// The engine's reviews, board by board.
    pub(crate) reviewing: RunReviewing,
    /// Each board's start and moves.
    legs: Vec<(Board, Vec<Move>)>,
    /// What the run was ("marathon-2 3×3").
    title: String,
    /// Every board's review, once all are known.
    review: Option<RunReview>,
    /// The board on view (from 0).
    board: usize,
}

impl RunPart {
    /// The lines over the chart: the run's total and each board's moves against its optimum.
    pub fn lines(&self) -> Vec<String> {
        let Some(r) = &self.review else {
            return Vec::new();
        };
        let kind = if r.exact() { "optimal" } else { "best found" };
        let total = format!(
            "Run of {} boards: {} moves · {kind} {} · {} extra",
            r.boards.len(),
            r.moves(),
            r.optimal(),
            r.extra()
        );
        let boards: Vec<String> = r
            .boards
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let size = b.board.size();
                let at = if i == self.board { "▸" } else { "" };
                format!(
                    "{at}{} {size}: {}/{} +{}",
                    i + 1,
                    b.moves.len(),
                    b.distances.first().copied().unwrap_or(0),
                    b.extra()
                )
            })
            .collect();
        vec![total, format!("Boards (moves/{kind} +extra): {}", boards.join(" · "))]
    }
}

impl RunPart {
    /// The review of a marathon's or relay's `legs` (each board's start and moves), each
    /// board asked of the engine in turn (`budget` for one board's estimates), and the
    /// state it shows first.
    pub fn start(
        legs: Vec<(Board, Vec<Move>)>,
        pars: &[Option<u32>],
        title: String,
        budget: Duration,
        ctx: &mut Context,
    ) -> (RunPart, ReviewState) {
        let boards = legs
            .iter()
            .enumerate()
            .map(|(i, (b, m))| (*b, m.clone(), pars.get(i).copied().flatten()))
            .collect();
        let reviewing = RunReviewing::start(boards, budget, ctx);
        let (start, moves) = legs
            .first()
            .cloned()
            .unwrap_or_else(|| (Board::goal(slide::puzzle::Size::THREE), Vec::new()));
        let mut state = ReviewState {
            start,
            moves,
            title: title.clone(),
            computing: true,
            progress: None,
            review: None,
            error: None,
            step: 0,
        };
        let mut run = RunPart {
            reviewing,
            legs,
            title,
            review: None,
            board: 0,
        };
        run.sync(&mut state);
        (run, state)
    }

    /// `s` brought up to what the run's review says, showing the board on view.
    pub fn sync(&mut self, s: &mut ReviewState) {
        match self.reviewing.state() {
            RunReviewState::Computing(p) => s.progress = Some(p),
            RunReviewState::Failed(why) => {
                s.computing = false;
                s.error = Some(why);
            }
            RunReviewState::Known(review) => {
                s.computing = false;
                self.review = Some(review);
            }
        }
        if let Some((start, moves)) = self.legs.get(self.board) {
            s.start = *start;
            s.moves.clone_from(moves);
            s.title = format!("{} · board {} of {}", self.title, self.board + 1, self.legs.len());
        }
        s.review = self.review.as_ref().and_then(|r| r.boards.get(self.board).cloned());
    }

    /// Shows the next board (`forward`) or the one before, from its start.
    pub fn turn(&mut self, forward: bool, s: &mut ReviewState) {
        let last = self.legs.len().saturating_sub(1);
        self.board = if forward {
            (self.board + 1).min(last)
        } else {
            self.board.saturating_sub(1)
        };
        s.step = 0;
        self.sync(s);
    }
}
