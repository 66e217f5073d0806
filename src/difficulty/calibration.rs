//! Calibrated constants: the map from a rating to the expected optimal length, and how the
//! generator finds boards of each level. `examples/calibrate.rs` measures and prints these;
//! CALIBRATION.md records the data behind them.

use crate::difficulty::bands::band_of;
use crate::difficulty::rating::RatingKind;
use crate::difficulty::{Band, Level};
use crate::puzzle::Size;

/// Points `(rating, mean optimal length)` of a piecewise-linear map, by increasing rating.
type Knots = &'static [(u32, f32)];

/// 4×4, walking distance with linear conflict by max, against optimal lengths of random
/// boards and random-walk boards (`calibrate fit4`).
const FOUR_WALKING_CONFLICT: Knots = &[
    (0, 0.0),
    (10, 11.0),
    (14, 18.3),
    (18, 22.6),
    (22, 29.0),
    (25, 35.5),
    (30, 41.0),
    (34, 46.0),
    (38, 50.3),
    (41, 54.1),
    (45, 57.1),
    (49, 60.5),
    (54, 64.8),
];

/// 5×5, Manhattan plus linear conflict (and the pattern databases until their own fit):
/// through Korf and Taylor's ten random instances with known optimal lengths (mean bound 81,
/// mean optimal 102.6), one for one above them.
const FIVE_LOWER_BOUND: Knots = &[(0, 0.0), (40, 48.0), (80, 101.5), (208, 229.5)];

/// 6×6, as for 5×5.
const SIX_LOWER_BOUND: Knots = &[(0, 0.0), (60, 70.0), (139, 167.0), (400, 440.0)];

fn knots(size: Size, kind: RatingKind) -> Option<Knots> {
    match (size.side(), kind) {
        (_, RatingKind::Exact) => None,
        (4, _) => Some(FOUR_WALKING_CONFLICT),
        (5, _) => Some(FIVE_LOWER_BOUND),
        _ => Some(SIX_LOWER_BOUND),
    }
}

/// Interpolates `knots` at `x`; past the last knot the length grows one for one, since an
/// admissible rating never exceeds the optimal length.
fn interpolate(knots: Knots, x: u32) -> f32 {
    let Some(&(last_x, last_y)) = knots.last() else {
        return x as f32;
    };
    if x >= last_x {
        return last_y + (x - last_x) as f32;
    }
    for w in knots.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if x <= x1 {
            let t = (x - x0) as f32 / (x1 - x0) as f32;
            return y0 + t * (y1 - y0);
        }
    }
    last_y
}

/// The optimal length expected for a board of `size` whose rating of `kind` is `rating`:
/// never below the rating itself.
pub fn expected_length(size: Size, kind: RatingKind, rating: u32) -> u32 {
    match knots(size, kind) {
        None => rating,
        Some(k) => (interpolate(k, rating).round() as u32).max(rating),
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_length_is_monotone_and_admissible() {
        for size in [Size::FOUR, Size::FIVE, Size::SIX] {
            let mut prev = 0;
            for r in 0..300 {
                let e = expected_length(size, RatingKind::WalkingConflict, r);
                assert!(e >= r && e >= prev, "{size} rating {r}");
                prev = e;
            }
        }
    }
}
