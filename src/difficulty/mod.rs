//! Difficulty levels, the rating of a board, and generation of boards for a level.
//!
//! A level is a band of *optimal* solution length per size ([`bands`]), chosen from measured
//! distributions. A board's rating is a fast admissible lower bound, calibrated into an
//! expected optimal length ([`rate_level`]). [`generate`] deals a board of a level from a
//! seed, the same everywhere; [`daily`] seeds it from the UTC date; [`PuzzleCode`] shares it.
//!
//! Imports `puzzle` and `solver` (ratings and the optimal confirmation); must not import
//! `game`, `review`, `engine` or `config`.

mod bands;
mod calibration;
mod code;
mod daily;
mod deal_judge;
mod deal_policy;
mod deal_request;
mod generator;
mod level;
mod rating;
mod rating_kind;
mod shape_deal;
mod shape_levels;
mod share;

pub use bands::{Band, band_of, bands, covered, level_bands, level_for_length};
pub use calibration::expected_length;
pub use code::{CodeError, PuzzleCode};
pub use daily::{DAILY_LEVEL, DateError, UtcDate, daily};
pub use deal_request::DealRequest;
pub use generator::{Generated, generate, generate_with_stop};
pub use level::{Level, UnknownLevel};
pub use rating::{LevelRating, rate_level, rating};
pub use rating_kind::RatingKind;
pub use shape_deal::{ShapeDealError, deal_shape};
pub use shape_levels::{
    Difficulty, LevelNotOffered, check_level, difficulty_of, has_daily, level_or_offered, levels_for, offers,
};
pub use share::ShareResult;

/// A fresh seed for a new game: 40 random bits, so that its puzzle code stays short
/// (eight symbols and a check).
pub fn fresh_seed() -> u64 {
    crate::puzzle::SeededRng::from_entropy().next_u64() & ((1 << 40) - 1)
}
