//! The rating of a board: a fast admissible lower bound, the optimal length it predicts,
//! and the level that length falls in.

use serde::Serialize;

use crate::difficulty::bands::level_for_length;
use crate::difficulty::calibration;
use crate::difficulty::level::Level;
use crate::difficulty::rating_kind::RatingKind;
use crate::puzzle::{Board, Size};
use crate::solver::Solver;

/// What the rating says about a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LevelRating {
    /// The rating: an admissible lower bound on the optimal length.
    pub rating: u32,
    /// Which measure `rating` is.
    pub kind: RatingKind,
    /// The optimal length the rating predicts (calibrated), or the exact length when known.
    pub expected_length: u32,
    /// The exact optimal length, when known.
    pub length: Option<u32>,
    /// The level of `length` if known, else of `expected_length`.
    pub level: Level,
}

impl LevelRating {
    /// This rating with the exact optimal length filled in (from a solver run): the
    /// expected length and the level then follow the exact length.
    #[must_use]
    pub fn with_length(self, size: Size, length: u32) -> LevelRating {
        LevelRating {
            expected_length: length,
            length: Some(length),
            level: level_for_length(size, length),
            ..self
        }
    }
}

/// The rating measure alone, in microseconds: the exact length on 3×3, walking distance and
/// linear conflict by max on 4×4, the pattern databases on 5×5 and 6×6 when ready (else
/// Manhattan plus linear conflict).
pub fn rating(solver: &Solver, board: &Board) -> (u32, RatingKind) {
    if !board.size().is_classic() {
        return (solver.rate(board).linear_conflict, RatingKind::LinearConflict);
    }
    if board.size().side() == 3 {
        return (solver.exact3().distance(board), RatingKind::Exact);
    }
    let r = solver.rate(board);
    match (board.size().side(), r.walking_distance, r.pdb) {
        (4, wd, _) => (wd.unwrap_or(0).max(r.linear_conflict), RatingKind::WalkingConflict),
        // The databases' value, or linear conflict where that is larger (both admissible).
        (_, _, Some(_)) => (r.lower_bound, RatingKind::PatternDb),
        _ => (r.linear_conflict, RatingKind::LinearConflict),
    }
}

/// Rates a board: its rating, the calibrated expected optimal length and the level. Uses the
/// exact length where it is cheap (3×3); see [`LevelRating::with_length`] for others.
pub fn rate_level(solver: &Solver, board: &Board) -> LevelRating {
    let size = board.size();
    let (value, kind) = rating(solver, board);
    if kind == RatingKind::Exact {
        return LevelRating {
            rating: value,
            kind,
            expected_length: value,
            length: Some(value),
            level: level_for_length(size, value),
        };
    }
    let expected = calibration::expected_length(size, kind, value);
    LevelRating {
        rating: value,
        kind,
        expected_length: expected,
        length: None,
        level: level_for_length(size, expected),
    }
}
