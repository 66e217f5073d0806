//! Puzzle codes: short, typable strings that deal a board again.
//!
//! Two forms, both case-insensitive and tolerant of spaces:
//! - seeded, `4H-7AE52ZHD3` : size, level letter (`E M H X R`), a dash, the seed in Crockford
//!   base 32 (digits and letters without I, L, O, U), then one check symbol that catches any
//!   single mistyped symbol and any swap of two neighbours. The seed has a fixed width, 8
//!   symbols for the game's 40-bit seeds and 13 for any larger one, so a code that lost or
//!   gained a symbol (a slip while pasting) has the wrong length and is rejected: a check
//!   symbol alone cannot catch that, as the shortened code is another seed's valid code
//!   once in 37 times;
//! - board, `3B-867254301` : size, `B`, a dash, then one base-36 symbol (`0-9`, `A-Z`) per
//!   cell in row-major order, `0` the blank. The board's own rules catch typos there.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::difficulty::level::Level;
use crate::puzzle::{Board, BoardError, Size};

const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Crockford's check symbols: the 32 digits, then `* ~ $ = U` for 32 to 36.
const CHECK_SYMBOLS: &[u8; 37] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=U";
/// Check symbols are taken modulo this prime (Crockford's choice). It exceeds every digit
/// difference (at most 31) and every position weight, so no single substitution and no swap
/// of neighbours can leave the sum unchanged; 31 would miss `0` ↔ `Z`.
const CHECK_MODULUS: u32 = 37;
/// Seed symbols of a code whose seed fits in 40 bits (every seed the game deals itself).
const SHORT_SEED_SYMBOLS: usize = 8;
/// Seed symbols of any other seed: 13 symbols of 5 bits hold 64.
const LONG_SEED_SYMBOLS: usize = 13;

/// A shareable puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleCode {
    /// Deal with [`generate`](crate::difficulty::generate) from this size, level and seed
    /// ([`PuzzleCode::deal`]).
    Seeded {
        /// The size.
        size: Size,
        /// The level.
        level: Level,
        /// The seed.
        seed: u64,
    },
    /// This exact board.
    Board(Board),
}

/// Why a puzzle code was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CodeError {
    /// Nothing but spaces.
    #[error("the puzzle code is empty")]
    Empty,
    /// The first symbol is not 3, 4, 5 or 6.
    #[error("a puzzle code starts with the size 3, 4, 5 or 6, not '{0}'")]
    BadSize(char),
    /// The second symbol is not a level letter or `B`.
    #[error("unknown level '{0}' (E, M, H, X, R; or B for a board)")]
    BadKind(char),
    /// No dash after the size and level.
    #[error("expected '-' after the size and level, as in 4H-7AE52ZHD3")]
    MissingDash,
    /// Nothing after the dash.
    #[error("the puzzle code ends after the dash")]
    MissingBody,
    /// A symbol that base 32 (seeded) or base 36 (board) does not have.
    #[error("'{symbol}' at position {position} of the code is not allowed there")]
    BadSymbol {
        /// The symbol.
        symbol: char,
        /// Its 1-based position in the code (spaces not counted).
        position: usize,
    },
    /// A seed longer than 64 bits.
    #[error("the seed in the code is too long")]
    SeedTooLong,
    /// The check symbol does not match: a typo somewhere.
    #[error("the code's check symbol does not match: a symbol is mistyped")]
    BadCheck,
    /// A seeded code with a symbol missing or extra: the seed has 8 or 13 symbols, then the
    /// check symbol.
    #[error("a seeded puzzle code has 9 or 14 symbols after the dash, got {0}: a symbol is missing or extra")]
    WrongSeedLength(usize),
    /// A board code with the wrong number of cells.
    #[error("a {size} board code needs {expected} symbols after the dash, got {got}")]
    WrongLength {
        /// The size named by the code.
        size: Size,
        /// Cells of that size.
        expected: usize,
        /// Symbols found.
        got: usize,
    },
    /// A board code whose tiles do not form a valid board.
    #[error("the code's board is not valid: {0}")]
    BadBoard(#[from] BoardError),
}

fn crockford_value(c: char) -> Option<u32> {
    let u = match c.to_ascii_uppercase() {
        'O' => '0',
        'I' | 'L' => '1',
        u => u,
    };
    CROCKFORD.iter().position(|&b| char::from(b) == u).map(|v| v as u32)
}

/// The value of a check symbol: a digit, or one of Crockford's five extra symbols.
fn check_value(c: char) -> Option<u32> {
    crockford_value(c).or_else(|| {
        let u = c.to_ascii_uppercase();
        CHECK_SYMBOLS[32..]
            .iter()
            .position(|&b| char::from(b) == u)
            .map(|v| v as u32 + 32)
    })
}

fn check_symbol(size: Size, level: Level, digits: &[u32]) -> u32 {
    let mut sum = size.side() as u32 * 7 + level.ordinal() as u32 * 11;
    for (i, &d) in digits.iter().enumerate() {
        sum += (i as u32 + 1) * d;
    }
    sum % CHECK_MODULUS
}

/// The seed's base-32 digits, most significant first, padded with zeros to the fixed width.
fn seed_digits(seed: u64) -> Vec<u32> {
    let width = if seed >> (5 * SHORT_SEED_SYMBOLS) == 0 {
        SHORT_SEED_SYMBOLS
    } else {
        LONG_SEED_SYMBOLS
    };
    (0..width).rev().map(|i| ((seed >> (5 * i)) % 32) as u32).collect()
}

impl PuzzleCode {
    /// The size of the board the code deals.
    pub fn size(&self) -> Size {
        match self {
            PuzzleCode::Seeded { size, .. } => *size,
            PuzzleCode::Board(b) => b.size(),
        }
    }
}

impl fmt::Display for PuzzleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PuzzleCode::Seeded { size, level, seed } => {
                let digits = seed_digits(seed);
                write!(f, "{}{}-", size.side(), level.letter())?;
                for &d in &digits {
                    write!(f, "{}", char::from(CROCKFORD[d as usize]))?;
                }
                let check = check_symbol(size, level, &digits);
                write!(f, "{}", char::from(CHECK_SYMBOLS[check as usize]))
            }
            PuzzleCode::Board(board) => {
                write!(f, "{}B-", board.size().side())?;
                for &t in board.tiles() {
                    let c = char::from_digit(u32::from(t), 36).unwrap_or('?');
                    write!(f, "{}", c.to_ascii_uppercase())?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for PuzzleCode {
    type Err = CodeError;

    fn from_str(s: &str) -> Result<PuzzleCode, CodeError> {
        let symbols: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
        let first = *symbols.first().ok_or(CodeError::Empty)?;
        let size = first
            .to_digit(10)
            .and_then(|n| Size::new(n as usize).ok())
            .ok_or(CodeError::BadSize(first))?;
        let kind = *symbols.get(1).ok_or(CodeError::MissingDash)?;
        if symbols.get(2) != Some(&'-') {
            return Err(CodeError::MissingDash);
        }
        let body = &symbols[3..];
        if body.is_empty() {
            return Err(CodeError::MissingBody);
        }
        let bad = |i: usize| CodeError::BadSymbol {
            symbol: body[i],
            position: i + 4,
        };
        if kind.eq_ignore_ascii_case(&'B') {
            if body.len() != size.cells() {
                return Err(CodeError::WrongLength {
                    size,
                    expected: size.cells(),
                    got: body.len(),
                });
            }
            let tiles = body
                .iter()
                .enumerate()
                .map(|(i, c)| c.to_digit(36).map(|v| v as u8).ok_or_else(|| bad(i)))
                .collect::<Result<Vec<u8>, _>>()?;
            return Ok(PuzzleCode::Board(Board::from_tiles(&tiles)?));
        }
        let level = Level::from_letter(kind).ok_or(CodeError::BadKind(kind))?;
        if body.len() != SHORT_SEED_SYMBOLS + 1 && body.len() != LONG_SEED_SYMBOLS + 1 {
            return Err(CodeError::WrongSeedLength(body.len()));
        }
        let (check_char, digit_chars) = body.split_last().ok_or(CodeError::MissingBody)?;
        let digits = digit_chars
            .iter()
            .enumerate()
            .map(|(i, &c)| crockford_value(c).ok_or_else(|| bad(i)))
            .collect::<Result<Vec<u32>, _>>()?;
        let check = check_value(*check_char).ok_or_else(|| bad(body.len() - 1))?;
        let digits = &digits[..];
        let mut seed: u64 = 0;
        for &d in digits {
            seed = seed
                .checked_mul(32)
                .and_then(|s| s.checked_add(u64::from(d)))
                .ok_or(CodeError::SeedTooLong)?;
        }
        if check_symbol(size, level, digits) != check {
            return Err(CodeError::BadCheck);
        }
        Ok(PuzzleCode::Seeded { size, level, seed })
    }
}
