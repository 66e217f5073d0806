//! Difficulty levels, the rating of a board, and generation of boards for a level.
//!
//! (Skeleton: the API the game and the CLI build against; calibrated bands come with the
//! difficulty work.)

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::puzzle::{Board, SeededRng, Size};
use crate::solver::Solver;

/// A difficulty level a player chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Few moves.
    Easy,
    /// A fair challenge.
    Medium,
    /// Long solutions.
    Hard,
    /// Close to the hardest boards of the size.
    Expert,
    /// A uniformly random solvable board, the classic shuffle.
    Random,
}

impl Level {
    /// Every level, easiest first, then Random.
    pub const ALL: [Level; 5] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Random];

    /// The level's name in lower case, as typed on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Random => "random",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        let lower = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == lower)
            .ok_or_else(|| format!("unknown level '{s}': choose easy, medium, hard, expert or random"))
    }
}

/// A board dealt for a level, with what is known about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The board.
    pub board: Board,
    /// The level it was dealt for.
    pub level: Level,
    /// The seed that produced it.
    pub seed: u64,
    /// The rating used to place it (a lower bound on its optimal length).
    pub rating: u32,
    /// The expected optimal length given the rating.
    pub expected_length: u32,
    /// The exact optimal length, when it is known.
    pub length: Option<u32>,
}

/// Deals a board for `size` and `level` from `seed`: the same inputs give the same board.
pub fn generate(solver: &Solver, size: Size, level: Level, seed: u64) -> Generated {
    let mut rng = SeededRng::new(seed);
    let board = Board::random(size, &mut rng);
    let rating = solver.rate(&board);
    Generated {
        board,
        level,
        seed,
        rating: rating.lower_bound,
        expected_length: rating.exact.unwrap_or(rating.lower_bound),
        length: rating.exact,
    }
}
