//! The bands of optimal solution length that define Easy, Medium, Hard and Expert per size.
//!
//! Chosen from measured distributions (see CALIBRATION.md): on 3×3 the exact histogram of all
//! 181,440 boards (random boards average 22 moves, the hardest need 31); on 4×4 optimal
//! lengths of random boards (average about 53, the hardest 80). Hard holds the typical random
//! board, Medium and Easy lie below it, Expert is the hardest fifth to quarter of random
//! boards and beyond; neighbouring bands' centres are at least four moves apart on 3×3 and
//! ten on 4×4. 5×5 and 6×6 follow the same shape, scaled to
//! the estimated random averages (about 100 and 170 moves); their lengths are estimates.
//!
//! The other shapes whose random boards the solver proves within milliseconds (2×3 to 2×7,
//! 3×4 and 3×5, either way round) have bands of the same shape, chosen from the exact
//! distribution (at most 10 cells) or optimal lengths of random boards (CALIBRATION.md). A
//! W×H board and its H×W transpose are the same puzzle with the tiles renamed (the blank
//! stays in the last cell), so they share their bands; the samples of both agree. Shapes
//! too small for four distinct bands have fewer, from the top: Expert and Hard keep their
//! meaning (the hardest quarter, the typical board), and there is no room below.

use serde::Serialize;

use crate::difficulty::Level;
use crate::puzzle::Size;

/// An inclusive range of optimal solution lengths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Band {
    /// The fewest moves a board of the band needs.
    pub min: u32,
    /// The most moves a board of the band needs.
    pub max: u32,
}

impl Band {
    /// Whether `length` lies in the band.
    pub const fn contains(self, length: u32) -> bool {
        self.min <= length && length <= self.max
    }

    /// How far `length` lies outside the band (0 inside).
    pub const fn distance(self, length: u32) -> u32 {
        if length < self.min {
            self.min - length
        } else {
            length.saturating_sub(self.max)
        }
    }
}

pub(crate) const fn band(min: u32, max: u32) -> Band {
    Band { min, max }
}

/// Bands per size, Easy to Expert; each starts one above the previous one's end.
const BANDS: [[Band; 4]; 4] = [
    // 3×3: exact; the last band ends at the hardest board (31).
    [band(10, 16), band(17, 20), band(21, 24), band(25, 31)],
    // 4×4: the hardest board needs 80.
    [band(20, 36), band(37, 46), band(47, 56), band(57, 80)],
    // 5×5: 208 bounds the hardest board from above.
    [band(40, 69), band(70, 89), band(90, 109), band(110, 208)],
    // 6×6: no bound on the hardest board is known; 400 is far above any random board.
    [band(60, 119), band(120, 149), band(150, 179), band(180, 400)],
];

/// The bands of a shape other than the classic sizes: its short side, its long side, and
/// its levels with their bands, easiest first.
type ShapeBands = (usize, usize, &'static [(Level, Band)]);

/// The measured shapes' bands (CALIBRATION.md, "Shapes"). The top of Expert is the longest
/// board there is where the whole space was searched (at most 10 cells), else a cap well
/// above the longest board of the sample.
const SHAPE_BANDS: &[ShapeBands] = &[
    // 2×3 (360 boards, the hardest 21): below Medium only boards of one to three moves.
    (
        2,
        3,
        &[
            (Level::Medium, band(4, 9)),
            (Level::Hard, band(10, 15)),
            (Level::Expert, band(16, 21)),
        ],
    ),
    (
        2,
        4,
        &[
            (Level::Easy, band(9, 12)),
            (Level::Medium, band(13, 19)),
            (Level::Hard, band(20, 26)),
            (Level::Expert, band(27, 36)),
        ],
    ),
    (
        2,
        5,
        &[
            (Level::Easy, band(14, 22)),
            (Level::Medium, band(23, 30)),
            (Level::Hard, band(31, 38)),
            (Level::Expert, band(39, 55)),
        ],
    ),
    (
        2,
        6,
        &[
            (Level::Easy, band(20, 32)),
            (Level::Medium, band(33, 43)),
            (Level::Hard, band(44, 54)),
            (Level::Expert, band(55, 80)),
        ],
    ),
    (
        2,
        7,
        &[
            (Level::Easy, band(26, 42)),
            (Level::Medium, band(43, 57)),
            (Level::Hard, band(58, 72)),
            (Level::Expert, band(73, 108)),
        ],
    ),
    (
        3,
        4,
        &[
            (Level::Easy, band(14, 24)),
            (Level::Medium, band(25, 31)),
            (Level::Hard, band(32, 38)),
            (Level::Expert, band(39, 53)),
        ],
    ),
    (
        3,
        5,
        &[
            (Level::Easy, band(21, 37)),
            (Level::Medium, band(38, 46)),
            (Level::Hard, band(47, 55)),
            (Level::Expert, band(56, 84)),
        ],
    ),
];

/// The bands of a shape that is not classic, or none.
fn shape_bands(size: Size) -> &'static [(Level, Band)] {
    let (short, long) = (size.width().min(size.height()), size.width().max(size.height()));
    SHAPE_BANDS
        .iter()
        .find(|(s, l, _)| (*s, *l) == (short, long))
        .map_or(&[], |(_, _, bands)| bands)
}

fn slot(size: Size) -> usize {
    size.side() - 3
}

/// The band of `level` on `size`; `None` for [`Level::Random`], which is not a band, and on
/// the sizes the game does not play (their levels are not measured).
pub fn band_of(size: Size, level: Level) -> Option<Band> {
    if !size.is_classic() {
        return shape_bands(size).iter().find(|(l, _)| *l == level).map(|(_, b)| *b);
    }
    let bands = &BANDS[slot(size)];
    match level {
        Level::Easy => Some(bands[0]),
        Level::Medium => Some(bands[1]),
        Level::Hard => Some(bands[2]),
        Level::Expert => Some(bands[3]),
        Level::Random => None,
    }
}

/// The bands of any size with their levels, easiest first: four on the classic sizes, fewer
/// on the smallest shapes, none where the bands were not measured.
pub fn level_bands(size: Size) -> Vec<(Level, Band)> {
    if size.is_classic() {
        bands(size).to_vec()
    } else {
        shape_bands(size).to_vec()
    }
}

/// The four bands of a classic size (3×3 to 6×6) with their levels, easiest first (any
/// size: [`level_bands`]).
pub fn bands(size: Size) -> [(Level, Band); 4] {
    let b = &BANDS[slot(size)];
    [
        (Level::Easy, b[0]),
        (Level::Medium, b[1]),
        (Level::Hard, b[2]),
        (Level::Expert, b[3]),
    ]
}

/// The whole range the bands cover: from the easiest band's minimum to the longest possible
/// board (the empty band 0–0 on a size without bands).
pub fn covered(size: Size) -> Band {
    let b = level_bands(size);
    match (b.first(), b.last()) {
        (Some((_, first)), Some((_, last))) => band(first.min, last.max),
        _ => band(0, 0),
    }
}

/// The level of a board that needs `length` moves. Shorter than the easiest band counts as
/// that band, longer than Expert's end (only possible with an estimate) as Expert; on a
/// size without bands, every board is "random".
pub fn level_for_length(size: Size, length: u32) -> Level {
    let bands = level_bands(size);
    if bands.is_empty() {
        return Level::Random;
    }
    bands
        .into_iter()
        .find(|(_, b)| length <= b.max)
        .map_or(Level::Expert, |(l, _)| l)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_touch_without_overlap() {
        for size in Size::ALL {
            let b = bands(size);
            for w in b.windows(2) {
                assert!(w[0].1.min <= w[0].1.max);
                assert_eq!(w[0].1.max + 1, w[1].1.min, "{size}: gap or overlap");
            }
        }
    }

    #[test]
    fn every_shapes_bands_touch_and_are_the_same_either_way_round() {
        for w in 2..=10 {
            for h in 2..=10 {
                let size = Size::rect(w, h).unwrap();
                let b = level_bands(size);
                assert_eq!(b, level_bands(Size::rect(h, w).unwrap()), "{size}");
                for pair in b.windows(2) {
                    assert!(pair[0].0 < pair[1].0 && pair[0].1.min <= pair[0].1.max, "{size}");
                    assert_eq!(pair[0].1.max + 1, pair[1].1.min, "{size}: gap or overlap");
                }
                // Bands stop where the solver stops proving random boards in milliseconds.
                assert_eq!(
                    b.is_empty(),
                    !(size.is_classic() || (6..=15).contains(&size.cells())),
                    "{size}"
                );
            }
        }
        // Expert ends at the hardest board where the whole space was searched (CALIBRATION.md).
        for ((w, h), hardest) in [((2, 3), 21), ((2, 4), 36), ((2, 5), 55)] {
            assert_eq!(covered(Size::rect(w, h).unwrap()).max, hardest);
        }
        let small = Size::rect(3, 2).unwrap();
        assert_eq!(level_for_length(small, 2), Level::Medium);
        assert_eq!(level_for_length(small, 21), Level::Expert);
        assert_eq!(band_of(small, Level::Easy), None);
        assert_eq!(level_for_length(Size::rect(2, 2).unwrap(), 5), Level::Random);
        assert_eq!(covered(Size::new(7).unwrap()), band(0, 0));
    }

    #[test]
    fn length_to_level() {
        assert_eq!(level_for_length(Size::THREE, 3), Level::Easy);
        assert_eq!(level_for_length(Size::THREE, 16), Level::Easy);
        assert_eq!(level_for_length(Size::THREE, 17), Level::Medium);
        assert_eq!(level_for_length(Size::THREE, 31), Level::Expert);
        assert_eq!(level_for_length(Size::FOUR, 999), Level::Expert);
    }
}
