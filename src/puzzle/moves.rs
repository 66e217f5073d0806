//! Moves, named by the direction the *tile* slides into the blank.

use std::fmt;

use crate::puzzle::error::BoardError;

/// A move: the direction in which a tile slides into the blank.
///
/// `Up` slides the tile *below* the blank up, so the blank goes down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The tile below the blank moves up.
    Up,
    /// The tile above the blank moves down.
    Down,
    /// The tile right of the blank moves left.
    Left,
    /// The tile left of the blank moves right.
    Right,
}

impl Move {
    /// All four moves, in the order `U D L R`.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// The move's letter: `U`, `D`, `L` or `R`.
    pub const fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }

    /// The move named by a letter (either case).
    pub(crate) fn from_letter(c: char) -> Option<Move> {
        match c.to_ascii_uppercase() {
            'U' => Some(Move::Up),
            'D' => Some(Move::Down),
            'L' => Some(Move::Left),
            'R' => Some(Move::Right),
            _ => None,
        }
    }

    /// The move that undoes this one.
    pub const fn inverse(self) -> Move {
        match self {
            Move::Up => Move::Down,
            Move::Down => Move::Up,
            Move::Left => Move::Right,
            Move::Right => Move::Left,
        }
    }

    /// A small index 0..4, in the order of [`Move::ALL`].
    pub const fn index(self) -> usize {
        match self {
            Move::Up => 0,
            Move::Down => 1,
            Move::Left => 2,
            Move::Right => 3,
        }
    }

    /// The cell the moving tile comes from, given the blank's cell, if it is on the board.
    ///
    /// After the move the blank is at the returned cell. `side` is a square board's: see
    /// [`Move::source_in`] for any shape.
    #[inline]
    pub const fn source(self, blank: usize, side: usize) -> Option<usize> {
        self.source_in(blank, side, side)
    }

    /// [`Move::source`] on a board `width` columns wide and `height` rows tall.
    #[inline]
    pub const fn source_in(self, blank: usize, width: usize, height: usize) -> Option<usize> {
        let (row, col) = (blank / width, blank % width);
        match self {
            Move::Up if row + 1 < height => Some(blank + width),
            Move::Down if row > 0 => Some(blank - width),
            Move::Left if col + 1 < width => Some(blank + 1),
            Move::Right if col > 0 => Some(blank - 1),
            _ => None,
        }
    }

    /// The move that slides the tile at `from` into an adjacent blank at `blank`; `side` is
    /// the board's width (the rows' stride), so it serves rectangles too.
    pub const fn between(from: usize, blank: usize, side: usize) -> Option<Move> {
        if from == blank + side {
            Some(Move::Up)
        } else if from + side == blank {
            Some(Move::Down)
        } else if from == blank + 1 && blank % side + 1 < side {
            Some(Move::Left)
        } else if from + 1 == blank && from % side + 1 < side {
            Some(Move::Right)
        } else {
            None
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Parses a move string such as `"UULDR"` (spaces and commas are ignored).
pub fn parse_moves(text: &str) -> Result<Vec<Move>, BoardError> {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != ',')
        .enumerate()
        .map(|(i, c)| {
            Move::from_letter(c).ok_or(BoardError::BadMove {
                letter: c,
                position: i + 1,
            })
        })
        .collect()
}

/// Formats moves as a `U D L R` string without separators.
pub fn format_moves(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_is_an_involution() {
        for m in Move::ALL {
            assert_eq!(m.inverse().inverse(), m);
            assert_ne!(m.inverse(), m);
        }
    }

    #[test]
    fn source_and_between_agree() {
        for width in 2..=10 {
            for height in 2..=10 {
                for blank in 0..width * height {
                    for m in Move::ALL {
                        if let Some(from) = m.source_in(blank, width, height) {
                            assert!(from < width * height);
                            assert_eq!(Move::between(from, blank, width), Some(m));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn parse_and_format_moves() {
        let moves = parse_moves("ul d,R").unwrap();
        assert_eq!(format_moves(&moves), "ULDR");
        assert!(matches!(
            parse_moves("UX"),
            Err(BoardError::BadMove {
                letter: 'X',
                position: 2
            })
        ));
    }
}
