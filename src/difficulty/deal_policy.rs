//! How the generator finds boards of each size and level: where candidates come from, the
//! rating window they must fall in, and whether the optimal solver confirms them. Measured
//! with `examples/calibrate.rs`; CALIBRATION.md records the data.

use crate::difficulty::bands::{Band, band_of};
use crate::difficulty::calibration::expected_length;
use crate::difficulty::level::Level;
use crate::difficulty::rating_kind::RatingKind;
use crate::puzzle::Size;

/// Where the generator draws candidate boards from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    /// Uniformly random solvable boards.
    Uniform,
    /// Random walks from the goal (never undoing the last move) of a length drawn uniformly
    /// from `min..=max`; only for levels well below a random board.
    Walk { min: u32, max: u32 },
}

/// How the generator finds a board of one size and level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Policy {
    /// Where candidates come from.
    pub source: Source,
    /// Ratings accepted before any confirmation, inclusive.
    pub window: (u32, u32),
    /// Whether the optimal solver must confirm that the length lies in the band.
    pub confirm: bool,
}

const fn policy(source: Source, lo: u32, hi: u32, confirm: bool) -> Policy {
    Policy {
        source,
        window: (lo, hi),
        confirm,
    }
}

/// The generator's policy for a banded level (not Random).
///
/// 3×3 ratings are exact, so the window is the band. 4×4 draws from the rating windows that
/// make a band likely and confirms with the optimal solver where the band has an upper end
/// that the rating cannot vouch for; Expert needs only its lower end, and a rating window
/// that high puts about 95% of boards in the band (CALIBRATION.md). 5×5 and 6×6 place by
/// the expected length of Manhattan plus linear conflict alone (not the pattern databases,
/// whose readiness must not change which board a seed deals).
/// A policy without confirmation whose window holds the ratings (Manhattan plus linear
/// conflict) that the calibrated map places inside the level's band.
fn from_band(size: Size, level: Level, source: Source) -> Policy {
    let band = band_of(size, level).unwrap_or(Band { min: 0, max: 0 });
    let inside = |r: &u32| band.contains(expected_length(size, RatingKind::LinearConflict, *r));
    let lo = (0..=band.max).find(inside).unwrap_or(band.min);
    let hi = (lo..=band.max).rev().find(inside).unwrap_or(lo);
    policy(source, lo, hi, false)
}

pub(crate) fn policy_for(size: Size, level: Level) -> Option<Policy> {
    use Source::{Uniform, Walk};
    let p = match (size.side(), level) {
        (_, Level::Random) => return None,
        (3, Level::Easy) => policy(Uniform, 10, 16, false),
        (3, Level::Medium) => policy(Uniform, 17, 20, false),
        (3, Level::Hard) => policy(Uniform, 21, 24, false),
        (3, Level::Expert) => policy(Uniform, 25, 31, false),
        (4, Level::Easy) => policy(Walk { min: 30, max: 70 }, 16, 28, true),
        (4, Level::Medium) => policy(Walk { min: 60, max: 160 }, 28, 35, true),
        (4, Level::Hard) => policy(Uniform, 37, 39, true),
        (4, Level::Expert) => policy(Uniform, 50, 80, false),
        (5, Level::Easy) => from_band(size, level, Walk { min: 50, max: 90 }),
        (5, Level::Medium) => from_band(size, level, Walk { min: 90, max: 300 }),
        (6, Level::Easy) => from_band(size, level, Walk { min: 80, max: 160 }),
        (6, Level::Medium) => from_band(size, level, Walk { min: 160, max: 600 }),
        _ => from_band(size, level, Uniform),
    };
    Some(p)
}
