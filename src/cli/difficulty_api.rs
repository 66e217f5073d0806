//! The difficulty facts the command line prints, gathered in one place.
//!
//! `slide::difficulty` today offers `Level` and `generate`, not yet its calibrated bands nor
//! a board rating; until it does, the bands below are provisional (from the published
//! averages and maxima of optimal lengths: random 3×3 boards average 22 moves, at most 31;
//! random 4×4 about 53, at most 80) and the expected length is the best lower bound (the
//! exact length on 3×3). When the library grows `bands` and a rating of its own, this
//! module becomes a thin re-export of them and nothing else in the CLI changes.

use slide::difficulty::Level;
use slide::puzzle::Size;
use slide::solver::Rating;

/// The optimal lengths a level deals, inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Band {
    /// The level.
    pub level: Level,
    /// The shortest optimal length of the level.
    pub min: u32,
    /// The longest optimal length of the level.
    pub max: u32,
}

/// Provisional bands: (min, max) for easy, medium, hard and expert, per side 3..=6.
const PROVISIONAL: [[(u32, u32); 4]; 4] = [
    [(1, 14), (15, 20), (21, 25), (26, 31)],
    [(1, 38), (39, 48), (49, 57), (58, 80)],
    [(1, 70), (71, 90), (91, 110), (111, 208)],
    [(1, 120), (121, 155), (156, 185), (186, 400)],
];

/// The bands of the four graded levels for `size`, easiest first (Random has no band).
pub fn bands(size: Size) -> Vec<Band> {
    let row = PROVISIONAL[size.side() - 3];
    [Level::Easy, Level::Medium, Level::Hard, Level::Expert]
        .into_iter()
        .zip(row)
        .map(|(level, (min, max))| Band { level, min, max })
        .collect()
}

/// What the difficulty model says about one rated board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Assessment {
    /// The level whose band holds the expected length.
    pub level: Level,
    /// The expected optimal length.
    pub expected_length: u32,
    /// The optimal length, when known exactly.
    pub exact: Option<u32>,
}

/// The level and expected length of a board of `size` with `rating`.
pub fn assess(size: Size, rating: &Rating) -> Assessment {
    let expected_length = rating.exact.unwrap_or(rating.lower_bound);
    let level = bands(size)
        .into_iter()
        .find(|b| expected_length <= b.max)
        .map_or(Level::Expert, |b| b.level);
    Assessment {
        level,
        expected_length,
        exact: rating.exact,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_are_ordered_and_touch() {
        for size in Size::ALL {
            let bands = bands(size);
            assert_eq!(bands.len(), 4);
            for pair in bands.windows(2) {
                assert!(pair[0].min <= pair[0].max);
                assert_eq!(pair[0].max + 1, pair[1].min, "{size}");
            }
        }
    }
}
