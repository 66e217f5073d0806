//! The levels each size offers: the one list the game, its menu and the command line read.
//!
//! The classic sizes (square 3×3 to 6×6) offer the four bands of measured optimal length
//! and "random"; so do the shapes whose random boards the solver proves within
//! milliseconds (2×4 to 2×6 and 3×4, either way round), from their own measured bands; 2×3
//! has no Easy band, and 2×7 and 3×5 deal no Expert (its proofs take seconds). Every other shape offers "random", the uniformly random deal ranked
//! speedsolving uses, and its difficulty is the length of the solver's plan, an estimate
//! ([`difficulty_of`]).

use crate::difficulty::bands::level_bands;
use crate::difficulty::deal_policy::policy_for;
use crate::difficulty::level::Level;
use crate::puzzle::Size;

/// The levels `size` offers, easiest first, "random" last: the bands it deals (every band,
/// but Expert on 2×7 and 3×5 either way round, whose proofs take seconds).
pub fn levels_for(size: Size) -> Vec<Level> {
    let mut levels: Vec<Level> = level_bands(size)
        .into_iter()
        .map(|(level, _)| level)
        .filter(|level| policy_for(size, *level).is_some())
        .collect();
    levels.push(Level::Random);
    levels
}

/// How the difficulty of a board of a size is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Difficulty {
    /// By the bands of [`levels_for`]: a board's level is the band of its optimal length.
    Bands,
    /// By the length of the solver's plan, an estimate: the size has no bands (its boards
    /// are too large to prove a calibration sample, or too few for bands), so a board's
    /// difficulty is the plan's length beside the lower bound, never called optimal unless
    /// the solver proved it.
    PlanEstimate,
}

/// How the difficulty of a board of `size` is told: by bands where it has them, else by an
/// estimate from the plan's length.
pub fn difficulty_of(size: Size) -> Difficulty {
    if level_bands(size).is_empty() {
        Difficulty::PlanEstimate
    } else {
        Difficulty::Bands
    }
}

/// Whether `size` has a daily puzzle: the classic sizes only (the daily is a level's deal,
/// and the same board for everyone; it stays 3×3 to 6×6).
pub fn has_daily(size: Size) -> bool {
    size.is_classic()
}

/// Whether `size` offers `level` (see [`levels_for`]).
pub fn offers(size: Size, level: Level) -> bool {
    levels_for(size).contains(&level)
}

/// The level a game of `size` is dealt at when none is asked for: `preferred` where the
/// size offers it, else the size's last level ("random").
pub fn level_or_offered(size: Size, preferred: Level) -> Level {
    let levels = levels_for(size);
    if levels.contains(&preferred) {
        preferred
    } else {
        levels.last().copied().unwrap_or(Level::Random)
    }
}

/// Why a level was refused for a size.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{size} boards are dealt at level {offered}, not {level}")]
pub struct LevelNotOffered {
    /// The size asked for.
    pub size: Size,
    /// The level asked for.
    pub level: Level,
    /// The levels the size offers, in words (`easy, medium, hard, expert or random`).
    pub offered: String,
}

/// `level`, if `size` offers it; an error naming the levels it does offer otherwise.
pub fn check_level(size: Size, level: Level) -> Result<Level, LevelNotOffered> {
    let levels = levels_for(size);
    if levels.contains(&level) {
        return Ok(level);
    }
    let names: Vec<&str> = levels.iter().map(|l| l.name()).collect();
    let offered = match names.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    Err(LevelNotOffered { size, level, offered })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_sizes_keep_their_bands_and_other_shapes_deal_random() {
        for size in Size::ALL {
            assert_eq!(levels_for(size), Level::ALL.to_vec(), "{size}");
            assert_eq!(difficulty_of(size), Difficulty::Bands);
        }
        for (w, h) in [(2, 2), (2, 8), (8, 2), (4, 5), (7, 7), (10, 10), (10, 2)] {
            let size = Size::rect(w, h).unwrap();
            assert_eq!(levels_for(size), vec![Level::Random], "{size}");
            assert!(offers(size, Level::Random) && !offers(size, Level::Hard));
            assert_eq!(level_or_offered(size, Level::Medium), Level::Random);
            assert_eq!(difficulty_of(size), Difficulty::PlanEstimate, "{size}");
        }
        assert_eq!(level_or_offered(Size::FOUR, Level::Medium), Level::Medium);
        let refused = check_level(Size::rect(4, 5).unwrap(), Level::Hard).unwrap_err();
        assert_eq!(refused.to_string(), "4×5 boards are dealt at level random, not hard");
        assert_eq!(check_level(Size::FOUR, Level::Hard), Ok(Level::Hard));
        assert!(has_daily(Size::SIX) && !has_daily(Size::new(7).unwrap()) && !has_daily(Size::rect(4, 3).unwrap()));
    }
}

#[cfg(test)]
mod shape_tests {
    use super::*;
    use crate::difficulty::band_of;

    #[test]
    fn measured_shapes_offer_their_bands_either_way_round() {
        for (w, h) in [(2, 4), (2, 5), (2, 6), (3, 4)] {
            for size in [Size::rect(w, h).unwrap(), Size::rect(h, w).unwrap()] {
                assert_eq!(levels_for(size), Level::ALL.to_vec(), "{size}");
                assert_eq!(difficulty_of(size), Difficulty::Bands);
            }
            let (a, b) = (Size::rect(w, h).unwrap(), Size::rect(h, w).unwrap());
            for level in Level::BANDED {
                assert_eq!(band_of(a, level), band_of(b, level), "{a} and {b} share bands");
            }
        }
        let small = Size::rect(3, 2).unwrap();
        assert_eq!(
            levels_for(small),
            vec![Level::Medium, Level::Hard, Level::Expert, Level::Random]
        );
        assert_eq!(level_or_offered(small, Level::Easy), Level::Random);
        assert_eq!(level_or_offered(small, Level::Hard), Level::Hard);
        assert_eq!(
            check_level(small, Level::Easy).unwrap_err().to_string(),
            "3×2 boards are dealt at level medium, hard, expert or random, not easy"
        );
        assert!(!has_daily(Size::rect(4, 3).unwrap()));
        for (w, h) in [(2, 7), (7, 2), (3, 5), (5, 3)] {
            let size = Size::rect(w, h).unwrap();
            let dealt = vec![Level::Easy, Level::Medium, Level::Hard, Level::Random];
            assert_eq!(levels_for(size), dealt, "{size}: no Expert, its proofs take seconds");
            assert!(
                band_of(size, Level::Expert).is_some(),
                "{size}: but its band is measured"
            );
        }
    }
}
