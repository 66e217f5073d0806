//! The bands of optimal solution length that define Easy, Medium, Hard and Expert per size.
//!
//! Chosen from measured distributions (see CALIBRATION.md): on 3×3 the exact histogram of all
//! 181,440 boards (random boards average 22 moves, the hardest need 31); on 4×4 optimal
//! lengths of random boards (average about 53, the hardest 80). Hard holds the typical random
//! board, Medium and Easy lie below it, Expert is the hardest fifth to quarter of random
//! boards and beyond; neighbouring bands' centres are at least four moves apart on 3×3 and
//! ten on 4×4. 5×5 and 6×6 follow the same shape, scaled to
//! the estimated random averages (about 100 and 170 moves); their lengths are estimates.

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

const fn band(min: u32, max: u32) -> Band {
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

fn slot(size: Size) -> usize {
    size.side() - 3
}

/// The band of `level` on `size`; `None` for [`Level::Random`], which is not a band, and on
/// the sizes the game does not play (their levels are not measured).
pub fn band_of(size: Size, level: Level) -> Option<Band> {
    if !size.is_classic() {
        // Levels are bands measured on the game's sizes; other shapes deal "random".
        return None;
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

/// The four bands of a size with their levels, easiest first.
pub fn bands(size: Size) -> [(Level, Band); 4] {
    let b = &BANDS[slot(size)];
    [
        (Level::Easy, b[0]),
        (Level::Medium, b[1]),
        (Level::Hard, b[2]),
        (Level::Expert, b[3]),
    ]
}

/// The whole range the bands cover: from Easy's minimum to the longest possible board.
pub fn covered(size: Size) -> Band {
    let b = &BANDS[slot(size)];
    band(b[0].min, b[3].max)
}

/// The level of a board that needs `length` moves. Shorter than Easy counts as Easy, longer
/// than Expert's end (only possible with an estimate) as Expert.
pub fn level_for_length(size: Size, length: u32) -> Level {
    if !size.is_classic() {
        return Level::Random;
    }
    bands(size)
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
    fn length_to_level() {
        assert_eq!(level_for_length(Size::THREE, 3), Level::Easy);
        assert_eq!(level_for_length(Size::THREE, 16), Level::Easy);
        assert_eq!(level_for_length(Size::THREE, 17), Level::Medium);
        assert_eq!(level_for_length(Size::THREE, 31), Level::Expert);
        assert_eq!(level_for_length(Size::FOUR, 999), Level::Expert);
    }
}
