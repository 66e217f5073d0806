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

/// A policy without confirmation whose window holds the ratings (Manhattan plus linear
/// conflict) that the calibrated map places inside the level's band.
fn from_band(size: Size, level: Level, source: Source) -> Policy {
    let band = band_of(size, level).unwrap_or(Band { min: 0, max: 0 });
    let inside = |r: &u32| band.contains(expected_length(size, RatingKind::LinearConflict, *r));
    let lo = (0..=band.max).find(inside).unwrap_or(band.min);
    let hi = (lo..=band.max).rev().find(inside).unwrap_or(lo);
    policy(source, lo, hi, false)
}

/// A shape's short side, long side, Hard's window and Expert's (`None`: not dealt).
type ShapeWindows = (usize, usize, (u32, u32), Option<(u32, u32)>);

/// The windows of linear conflict (Manhattan plus linear conflicts) the generator draws
/// Hard and Expert boards of a measured shape from: its short side, its long side, then
/// Hard's window and Expert's. Chosen on the calibration sample (CALIBRATION.md, "Shapes")
/// for a short deal: a window of boards mostly in the band, and whose proofs are quick.
/// Expert is not dealt on 2×7 and 3×5 (either way round): proving a board that long takes
/// seconds too often (a deal's p95 was 3.2–3.4 s), so those shapes offer three levels and
/// "random" until the solver is faster.
const SHAPE_WINDOWS: &[ShapeWindows] = &[
    (2, 3, (0, 15), Some((0, 21))),
    (2, 4, (0, 26), Some((0, 36))),
    (2, 5, (0, 38), Some((18, 55))),
    (2, 6, (0, 54), Some((41, 80))),
    (2, 7, (10, 40), None),
    (3, 4, (0, 38), Some((29, 53))),
    (3, 5, (20, 35), None),
];

/// The policy for a banded level of a shape that is not classic, where the shape deals it:
/// every candidate is proven by the optimal solver. Easy and Medium come from random walks
/// (a walk of k moves needs at most k), Hard and Expert from uniform boards in the shape's
/// window.
fn shape_policy(size: Size, level: Level) -> Option<Policy> {
    let band = band_of(size, level)?;
    let (short, long) = (size.width().min(size.height()), size.width().max(size.height()));
    let &(_, _, hard, expert) = SHAPE_WINDOWS.iter().find(|(s, l, _, _)| (*s, *l) == (short, long))?;
    let p = match level {
        // A walk of k moves needs at most k; Medium's walks are longer, to reach its band.
        Level::Easy | Level::Medium => {
            let stretch = if level == Level::Easy { 2 } else { 3 };
            policy(
                Source::Walk {
                    min: band.min,
                    max: stretch * band.max,
                },
                0,
                band.max,
                true,
            )
        }
        Level::Hard => policy(Source::Uniform, hard.0, hard.1, true),
        Level::Expert => {
            let (lo, hi) = expert?;
            policy(Source::Uniform, lo, hi, true)
        }
        Level::Random => return None,
    };
    Some(p)
}

/// The generator's policy for `level` on `size`; `None` for "random", and for a band the
/// size does not deal (see [`SHAPE_WINDOWS`]).
///
/// 3×3 ratings are exact, so the window is the band. 4×4 draws from the rating windows that
/// make a band likely and confirms with the optimal solver where the band has an upper end
/// that the rating cannot vouch for; Expert needs only its lower end, and a rating window
/// that high puts about 95% of boards in the band (CALIBRATION.md). 5×5 and 6×6 place by
/// the expected length of Manhattan plus linear conflict alone (not the pattern databases,
/// whose readiness must not change which board a seed deals). The other shapes: see
/// [`shape_policy`].
pub(crate) fn policy_for(size: Size, level: Level) -> Option<Policy> {
    use Source::{Uniform, Walk};
    if !size.is_classic() {
        return shape_policy(size, level);
    }
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
    use crate::difficulty::bands::level_bands;

    #[test]
    fn every_band_of_every_size_has_a_policy_but_the_slow_experts() {
        for w in 2..=10 {
            for h in 2..=10 {
                let size = Size::rect(w, h).unwrap();
                for (level, band) in level_bands(size) {
                    let slow = level == Level::Expert && matches!(size.cells(), 14 | 15);
                    let Some(p) = policy_for(size, level) else {
                        assert!(slow, "{size} {level} has no policy");
                        continue;
                    };
                    assert!(!slow, "{size} {level}");
                    assert!(p.window.0 <= p.window.1 && p.window.0 <= band.max, "{size} {level}");
                    assert!(size.is_classic() || p.confirm, "{size} {level}: shape deals are proven");
                }
                assert_eq!(policy_for(size, Level::Random), None);
            }
        }
    }
}
