//! The levels each size offers: the one list the game, its menu and the command line read.
//!
//! The classic sizes (square 3×3 to 6×6) offer the four bands of measured optimal length
//! and "random"; every other shape offers "random", the uniformly random deal ranked
//! speedsolving uses, until its bands are measured.

use crate::difficulty::level::Level;
use crate::puzzle::Size;

/// The levels `size` offers, easiest first, "random" last.
pub fn levels_for(size: Size) -> Vec<Level> {
    if size.is_classic() {
        Level::ALL.to_vec()
    } else {
        vec![Level::Random]
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
        }
        for (w, h) in [(2, 2), (4, 3), (3, 4), (7, 7), (10, 10), (10, 2)] {
            let size = Size::rect(w, h).unwrap();
            assert_eq!(levels_for(size), vec![Level::Random], "{size}");
            assert!(offers(size, Level::Random) && !offers(size, Level::Hard));
            assert_eq!(level_or_offered(size, Level::Medium), Level::Random);
        }
        assert_eq!(level_or_offered(Size::FOUR, Level::Medium), Level::Medium);
        let refused = check_level(Size::rect(5, 3).unwrap(), Level::Hard).unwrap_err();
        assert_eq!(refused.to_string(), "5×3 boards are dealt at level random, not hard");
        assert_eq!(check_level(Size::FOUR, Level::Hard), Ok(Level::Hard));
        assert!(has_daily(Size::SIX) && !has_daily(Size::new(7).unwrap()) && !has_daily(Size::rect(4, 3).unwrap()));
    }
}
