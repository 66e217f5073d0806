//! What to deal: a size and level from a seed chosen beforehand, or a day's daily puzzle.

use crate::difficulty::{DAILY_LEVEL, Level, UtcDate};
use crate::puzzle::Size;

/// What to deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealRequest {
    /// The size.
    pub size: Size,
    /// The level.
    pub level: Level,
    /// The seed (chosen by the caller, so the board is determined before any thread runs).
    pub seed: u64,
    /// The day, when this is the daily puzzle (dealt at the daily level from the day's seed).
    pub daily: Option<UtcDate>,
}

impl DealRequest {
    /// Today's daily puzzle of `size`: the daily level, from the UTC date's seed.
    pub fn daily_today(size: Size) -> DealRequest {
        let date = UtcDate::today();
        DealRequest {
            size,
            level: DAILY_LEVEL,
            seed: date.seed(),
            daily: Some(date),
        }
    }
}
