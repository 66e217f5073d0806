//! The levels a player chooses from.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// A difficulty level a player chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Short solutions: well under a random board.
    Easy,
    /// A fair challenge, still shorter than a random board.
    Medium,
    /// About as long as a typical random board.
    Hard,
    /// Longer than a typical random board, up to the hardest of the size.
    Expert,
    /// A uniformly random solvable board, the classic shuffle.
    Random,
}

impl Level {
    /// Every level, easiest first, then Random.
    pub const ALL: [Level; 5] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Random];

    /// The four levels that are bands of optimal length, easiest first.
    pub const BANDED: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

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

    /// The one-letter tag used in puzzle codes (`E M H X R`).
    pub const fn letter(self) -> char {
        match self {
            Level::Easy => 'E',
            Level::Medium => 'M',
            Level::Hard => 'H',
            Level::Expert => 'X',
            Level::Random => 'R',
        }
    }

    /// The level tagged by `letter` in a puzzle code (either case).
    pub(crate) fn from_letter(letter: char) -> Option<Level> {
        let upper = letter.to_ascii_uppercase();
        Level::ALL.into_iter().find(|l| l.letter() == upper)
    }

    /// A stable small number for the level, mixed into seeds so that levels draw apart.
    pub(crate) const fn ordinal(self) -> u64 {
        match self {
            Level::Easy => 0,
            Level::Medium => 1,
            Level::Hard => 2,
            Level::Expert => 3,
            Level::Random => 4,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level's name that is none of [`Level::ALL`]'s (the text, cut short for the message).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}': choose easy, medium, hard, expert or random")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let lower = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == lower)
            .ok_or_else(|| UnknownLevel(crate::excerpt::excerpt(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_letters_round_trip() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>().unwrap(), l);
            assert_eq!(Level::from_letter(l.letter()), Some(l));
            assert_eq!(Level::from_letter(l.letter().to_ascii_lowercase()), Some(l));
        }
        let e = "impossible".parse::<Level>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown level 'impossible': choose easy, medium, hard, expert or random"
        );
        assert_eq!(Level::from_letter('Q'), None);
    }
}
