//! The review of a marathon or a relay: every board reviewed against its optimum, one at a
//! time by the engine (`run_reviewing.rs`), a line per board and the run's total over the
//! board on view's chart; page up/down show another board.

use slide::puzzle::{Board, Move};
use slide::review::RunReview;

use crate::ui::context::Context;
use crate::ui::screens::review::{ESTIMATE_BUDGET, ReviewScreen, ReviewState};
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
                let side = b.board.size().side();
                let at = if i == self.board { "▸" } else { "" };
                format!(
                    "{at}{} {side}×{side}: {}/{} +{}",
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

impl ReviewScreen {
    /// The review of a marathon's or relay's `legs` (each board's start and moves), each
    /// board asked of the engine in turn.
    pub fn open_run(legs: Vec<(Board, Vec<Move>)>, title: String, ctx: &mut Context) -> ReviewScreen {
        let boards = legs.iter().map(|(b, m)| (*b, m.clone(), None)).collect();
        let reviewing = RunReviewing::start(boards, ESTIMATE_BUDGET, ctx);
        let (start, moves) = legs
            .first()
            .cloned()
            .unwrap_or_else(|| (Board::goal(slide::puzzle::Size::THREE), Vec::new()));
        let mut screen = ReviewScreen {
            state: ReviewState {
                start,
                moves,
                title: title.clone(),
                computing: true,
                progress: None,
                review: None,
                error: None,
                step: 0,
            },
            run: Some(RunPart {
                reviewing,
                legs,
                title,
                review: None,
                board: 0,
            }),
        };
        screen.sync();
        screen
    }

    /// The state brought up to what the run's review says, showing board `run.board`.
    pub(crate) fn sync(&mut self) {
        let Some(run) = self.run.as_mut() else {
            return;
        };
        let s = &mut self.state;
        match run.reviewing.state() {
            RunReviewState::Computing(p) => s.progress = Some(p),
            RunReviewState::Failed(why) => {
                s.computing = false;
                s.error = Some(why);
            }
            RunReviewState::Known(review) => {
                s.computing = false;
                run.review = Some(review);
            }
        }
        if let Some((start, moves)) = run.legs.get(run.board) {
            s.start = *start;
            s.moves.clone_from(moves);
            s.title = format!("{} · board {} of {}", run.title, run.board + 1, run.legs.len());
        }
        s.review = run.review.as_ref().and_then(|r| r.boards.get(run.board).cloned());
    }

    /// Shows the board `by` boards after (or before) the one on view.
    pub(crate) fn turn(&mut self, forward: bool) {
        if let Some(run) = self.run.as_mut() {
            let last = run.legs.len().saturating_sub(1);
            run.board = if forward {
                (run.board + 1).min(last)
            } else {
                run.board.saturating_sub(1)
            };
            self.state.step = 0;
            self.sync();
        }
    }
}
