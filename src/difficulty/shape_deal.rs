//! The "random" deal of the sizes that are not classic (rectangles, 2×2, 7×7 to 10×10): a
//! uniformly random solvable board, the deal ranked speedsolving uses (their banded levels
//! are the generator's). The same seed
//! deals the same board of a shape on every run and platform.

use crate::difficulty::level::Level;
use crate::puzzle::{Board, SeededRng, Size};

/// Why a deal of a shape was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeDealError {
    /// A level band asked for: bands are dealt by the generator
    /// ([`generate`](crate::difficulty::generate)), this deals "random" only.
    #[error("{size} boards of a level other than random are dealt by the generator, which checks the size offers it")]
    NoLevels {
        /// The size asked for.
        size: Size,
    },
}

/// The board `seed` deals on `size` at `level`, which must be [`Level::Random`] (the
/// generator deals the bands). The seed is mixed with the shape, so that one seed deals
/// unrelated boards of different shapes.
pub fn deal_shape(size: Size, level: Level, seed: u64) -> Result<Board, ShapeDealError> {
    if level != Level::Random {
        return Err(ShapeDealError::NoLevels { size });
    }
    let mut rng = SeededRng::new(shape_stream_seed(size, level, seed));
    Ok(Board::random(size, &mut rng))
}

/// The seed of a shape's deals at `level`: the shape and the level mixed into `seed`, so
/// that one seed deals unrelated boards per shape and level.
pub(crate) fn shape_stream_seed(size: Size, level: Level, seed: u64) -> u64 {
    let shape = ((size.width() as u64) << 52) ^ ((size.height() as u64) << 56);
    seed ^ shape ^ (level.ordinal() << 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_deals_the_same_board_of_each_shape() {
        let size = Size::rect(4, 3).unwrap();
        let a = deal_shape(size, Level::Random, 7).unwrap();
        assert_eq!(a, deal_shape(size, Level::Random, 7).unwrap());
        assert_ne!(a, deal_shape(size, Level::Random, 8).unwrap());
        assert_eq!(a.size(), size);
        // Pinned: if these change, every shared seed of these shapes deals another board.
        assert_eq!(a.to_string(), "5 7 3 0/8 4 10 2/11 9 6 1");
        let wide = deal_shape(Size::rect(10, 2).unwrap(), Level::Random, 7).unwrap();
        assert_eq!(wide.to_string(), "12 16 7 15 19 1 11 18 4 8/3 6 5 10 13 2 0 9 14 17");
        let tall = deal_shape(Size::rect(3, 4).unwrap(), Level::Random, 7).unwrap();
        assert_eq!(tall.size().to_string(), "3×4");
        assert_eq!(
            deal_shape(size, Level::Hard, 7).unwrap_err().to_string(),
            "4×3 boards of a level other than random are dealt by the generator, which checks the size offers it"
        );
    }
}
