//! Puzzle codes: short, typable strings that deal a board again.
//!
//! Two forms, both case-insensitive and tolerant of spaces, made of letters, digits and
//! dashes only, so that no shell mangles them:
//! - seeded, `4H-7AE52-ZHDK` : size, level letter (`E M H X R`), a dash, the seed in
//!   Crockford base 32 (digits and letters without I, L, O, U) and one check symbol, in
//!   groups of five. The check symbol is of the same alphabet (a sum over the field of 32
//!   elements, each symbol weighted by a distinct power of a generator), and catches any
//!   single mistyped symbol and any swap of two neighbours. The seed has a fixed width, 8
//!   symbols for the game's 40-bit seeds and 13 for any larger one, so a code that lost or
//!   gained a symbol (a slip while pasting) has the wrong length and is rejected: a check
//!   symbol alone cannot catch that;
//! - board, `3B-867254301` : size, `B`, a dash, then one base-36 symbol (`0-9`, `A-Z`) per
//!   cell in row-major order, `0` the blank; on 5×5 and 6×6 a dash between rows
//!   (`5B-1234G-…`), and dashes are allowed anywhere in the body. The board's own rules
//!   catch typos there.
//!
//! Every other size (2×2, 7×7 to 10×10, rectangles) writes its size as `WxH`, width first:
//! `5x3R-7AE52-ZHDZ` (its check symbol weighs the width and the height apart), `5x3B-…`;
//! a board of more than 36 cells writes each tile as two base-36 symbols.
//!
//! Codes are versioned by their groups: a seeded code whose body has no dash is of the
//! first version, `4H-7AE52ZHD3`, whose check symbol was a sum modulo 37 written with
//! Crockford's five extra symbols `* ~ $ = U` (which shells expand); those still read.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::difficulty::level::Level;
use crate::puzzle::{Board, BoardError, Size};

const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Crockford's check symbols, of the first version's codes (read, never written): the 32
/// digits, then `* ~ $ = U` for 32 to 36.
const CHECK_SYMBOLS: &[u8; 37] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=U";
/// Check symbols are taken modulo this prime (Crockford's choice). It exceeds every digit
/// difference (at most 31) and every position weight, so no single substitution and no swap
/// of neighbours can leave the sum unchanged; 31 would miss `0` ↔ `Z`.
const CHECK_MODULUS: u32 = 37;
/// Seed symbols of a code whose seed fits in 40 bits (every seed the game deals itself).
const SHORT_SEED_SYMBOLS: usize = 8;
/// Seed symbols of any other seed: 13 symbols of 5 bits hold 64.
const LONG_SEED_SYMBOLS: usize = 13;
/// Symbols a group of a code's body has (the last group may have fewer).
const GROUP: usize = 5;

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
    /// The code does not start with a size.
    #[error("a puzzle code starts with the size 3, 4, 5 or 6, or W×H such as 5x3, not '{0}'")]
    BadSize(char),
    /// The second symbol is not a level letter or `B`.
    #[error("unknown level '{0}' (E, M, H, X, R; or B for a board)")]
    BadKind(char),
    /// No dash after the size and level.
    #[error("expected '-' after the size and level, as in 4H-7AE52-ZHDK")]
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
    #[error("a seeded puzzle code has 9 or 14 symbols after the first dash, got {0}: a symbol is missing or extra")]
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
    // Only the classic sizes had codes of the first version; another width weighs the same.
    let mut sum = size.width() as u32 * 7 + level.ordinal() as u32 * 11;
    for (i, &d) in digits.iter().enumerate() {
        sum += (i as u32 + 1) * d;
    }
    sum % CHECK_MODULUS
}

/// The product of `a` and `b` in the field of 32 elements (polynomials over two elements
/// modulo x⁵ + x² + 1, a primitive polynomial: x generates every nonzero element).
fn gf32_mul(mut a: u32, mut b: u32) -> u32 {
    let mut product = 0;
    while b != 0 {
        if b & 1 != 0 {
            product ^= a;
        }
        b >>= 1;
        a <<= 1;
        if a & 0b10_0000 != 0 {
            a ^= 0b10_0101;
        }
    }
    product
}

/// The check symbol of the second version: the sum over the field of 32 elements of the
/// size, the level and every seed symbol, each times its own power of x (x¹, x², …). Two
/// distinct powers never cancel a single change, and a swap of neighbours changes the sum
/// by xⁱ(a − b)(1 + x), never 0, so both are caught.
fn check_symbol_v2(size: Size, level: Level, digits: &[u32]) -> u32 {
    // A classic size weighs its side, as before shapes had codes; any other its width and
    // its height apart.
    let shape: Vec<u32> = if size.is_classic() {
        vec![size.width() as u32]
    } else {
        vec![size.width() as u32, size.height() as u32]
    };
    let values = shape
        .into_iter()
        .chain([level.ordinal() as u32])
        .chain(digits.iter().copied());
    let mut weight = 1;
    let mut sum = 0;
    for v in values {
        weight = gf32_mul(weight, 2);
        sum ^= gf32_mul(weight, v & 31);
    }
    sum
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

/// The size as a code writes it: `4` for a classic size, `5x3` for any other.
fn size_prefix(size: Size) -> String {
    if size.is_classic() {
        size.width().to_string()
    } else {
        format!("{}x{}", size.width(), size.height())
    }
}

/// Base-36 symbols per tile of a board code: two past 36 cells (tiles up to 99).
fn symbols_per_tile(size: Size) -> usize {
    if size.cells() > 36 { 2 } else { 1 }
}

/// The size a code starts with and the symbols it takes: one digit (a classic size), or
/// `WxH`.
fn read_size(symbols: &[char]) -> Result<(Size, usize), CodeError> {
    let first = *symbols.first().ok_or(CodeError::Empty)?;
    let digits = |from: usize| {
        symbols[from.min(symbols.len())..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let number = |from: usize, len: usize| -> Option<usize> {
        (1..=2)
            .contains(&len)
            .then(|| symbols[from..from + len].iter().collect::<String>().parse().ok())?
    };
    let w = digits(0);
    // `x` then a digit: a width and a height (`3X-` is 3×3 at level Expert).
    if matches!(symbols.get(w), Some('x' | 'X')) && symbols.get(w + 1).is_some_and(char::is_ascii_digit) {
        let h = digits(w + 1);
        let size = number(0, w)
            .zip(number(w + 1, h))
            .and_then(|(w, h)| Size::rect(w, h).ok())
            .ok_or(CodeError::BadSize(first))?;
        return Ok((size, w + 1 + h));
    }
    let size = first
        .to_digit(10)
        .and_then(|n| Size::classic(n as usize).ok())
        .ok_or(CodeError::BadSize(first))?;
    Ok((size, 1))
}

impl fmt::Display for PuzzleCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PuzzleCode::Seeded { size, level, seed } => {
                let digits = seed_digits(seed);
                write!(f, "{}{}-", size_prefix(size), level.letter())?;
                let check = check_symbol_v2(size, level, &digits);
                let symbols: Vec<char> = digits
                    .iter()
                    .chain(std::iter::once(&check))
                    .map(|&d| char::from(CROCKFORD[d as usize]))
                    .collect();
                let groups: Vec<String> = symbols.chunks(GROUP).map(|g| g.iter().collect()).collect();
                f.write_str(&groups.join("-"))
            }
            PuzzleCode::Board(board) => {
                let size = board.size();
                let width = size.width();
                write!(f, "{}B-", size_prefix(size))?;
                for (i, &t) in board.tiles().iter().enumerate() {
                    // Rows apart on the larger boards, so that a long code reads row by row.
                    if width >= 5 && i > 0 && i % width == 0 {
                        f.write_str("-")?;
                    }
                    let t = u32::from(t);
                    let places = if symbols_per_tile(size) == 2 {
                        [t / 36, t % 36].to_vec()
                    } else {
                        vec![t]
                    };
                    for v in places {
                        let c = char::from_digit(v, 36).unwrap_or('?');
                        write!(f, "{}", c.to_ascii_uppercase())?;
                    }
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
        let (size, k) = read_size(&symbols)?;
        let kind = *symbols.get(k).ok_or(CodeError::MissingDash)?;
        if symbols.get(k + 1) != Some(&'-') {
            return Err(CodeError::MissingDash);
        }
        // The body's symbols with their places in the code (1-based), the groups' dashes
        // left out; a body in groups is of the second version.
        let grouped = symbols[k + 2..].contains(&'-');
        let body: Vec<(usize, char)> = symbols
            .iter()
            .enumerate()
            .skip(k + 2)
            .filter(|(_, c)| **c != '-')
            .map(|(i, &c)| (i + 1, c))
            .collect();
        if body.is_empty() {
            return Err(CodeError::MissingBody);
        }
        let bad = |i: usize| CodeError::BadSymbol {
            symbol: body[i].1,
            position: body[i].0,
        };
        if kind.eq_ignore_ascii_case(&'B') {
            return board_from_body(size, &body);
        }
        let level = Level::from_letter(kind).ok_or(CodeError::BadKind(kind))?;
        if body.len() != SHORT_SEED_SYMBOLS + 1 && body.len() != LONG_SEED_SYMBOLS + 1 {
            return Err(CodeError::WrongSeedLength(body.len()));
        }
        let (check_char, digit_chars) = body.split_last().ok_or(CodeError::MissingBody)?;
        let digits = digit_chars
            .iter()
            .enumerate()
            .map(|(i, &(_, c))| crockford_value(c).ok_or_else(|| bad(i)))
            .collect::<Result<Vec<u32>, _>>()?;
        let last = body.len() - 1;
        let (check, expected) = if grouped {
            let check = crockford_value(check_char.1).ok_or_else(|| bad(last))?;
            (check, check_symbol_v2(size, level, &digits))
        } else if size.is_classic() {
            let check = check_value(check_char.1).ok_or_else(|| bad(last))?;
            (check, check_symbol(size, level, &digits))
        } else {
            // Shapes had no codes of the first version.
            return Err(CodeError::BadCheck);
        };
        let mut seed: u64 = 0;
        for &d in &digits {
            seed = seed
                .checked_mul(32)
                .and_then(|s| s.checked_add(u64::from(d)))
                .ok_or(CodeError::SeedTooLong)?;
        }
        if expected != check {
            return Err(CodeError::BadCheck);
        }
        Ok(PuzzleCode::Seeded { size, level, seed })
    }
}

/// A board code's body (its symbols with their places in the code): the tiles, each in
/// [`symbols_per_tile`] base-36 symbols, in reading order.
fn board_from_body(size: Size, body: &[(usize, char)]) -> Result<PuzzleCode, CodeError> {
    let per = symbols_per_tile(size);
    if body.len() != size.cells() * per {
        return Err(CodeError::WrongLength {
            size,
            expected: size.cells() * per,
            got: body.len(),
        });
    }
    let values = body
        .iter()
        .map(|&(position, symbol)| symbol.to_digit(36).ok_or(CodeError::BadSymbol { symbol, position }))
        .collect::<Result<Vec<u32>, _>>()?;
    let tiles = values
        .chunks(per)
        .map(|c| c.iter().fold(0, |n, &v| n * 36 + v))
        .map(|t| u8::try_from(t).unwrap_or(u8::MAX))
        .collect::<Vec<u8>>();
    let board = if size.is_classic() {
        Board::from_tiles(&tiles)?
    } else {
        Board::from_shape(size, &tiles)?
    };
    Ok(PuzzleCode::Board(board))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_has_a_generator_and_codes_use_no_shell_character() {
        // x generates all 31 nonzero elements.
        let mut seen = std::collections::BTreeSet::new();
        let mut e = 1;
        for _ in 0..31 {
            e = gf32_mul(e, 2);
            seen.insert(e);
        }
        assert_eq!(seen.len(), 31);
        assert!(!seen.contains(&0));
        for seed in (0..2000u64).map(|i| i * 7_919_000_003 % (1 << 40)) {
            let text = PuzzleCode::Seeded {
                size: Size::FOUR,
                level: Level::Hard,
                seed,
            }
            .to_string();
            assert!(text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'), "{text}");
        }
    }

    #[test]
    fn every_single_change_and_swap_of_neighbours_is_caught() {
        let code = PuzzleCode::Seeded {
            size: Size::FIVE,
            level: Level::Medium,
            seed: 0x3A_9C51_7E2D,
        }
        .to_string();
        let symbols: Vec<char> = code.chars().collect();
        let body: Vec<usize> = (3..symbols.len()).filter(|&i| symbols[i] != '-').collect();
        for &i in &body {
            for &c in CROCKFORD {
                let c = char::from(c);
                if c == symbols[i] {
                    continue;
                }
                let mut typo = symbols.clone();
                typo[i] = c;
                let typo: String = typo.into_iter().collect();
                assert!(typo.parse::<PuzzleCode>().is_err(), "{typo} passes for {code}");
            }
        }
        for pair in body.windows(2) {
            let mut swapped = symbols.clone();
            swapped.swap(pair[0], pair[1]);
            if swapped != symbols {
                let swapped: String = swapped.into_iter().collect();
                assert!(swapped.parse::<PuzzleCode>().is_err(), "{swapped} passes for {code}");
            }
        }
    }

    #[test]
    fn every_shape_has_codes_that_read_back_and_classic_codes_are_unchanged() {
        for level in Level::ALL {
            let classic = PuzzleCode::Seeded {
                size: Size::FOUR,
                level,
                seed: 0x7_AE52,
            };
            let text = classic.to_string();
            assert!(text.starts_with(&format!("4{}-", level.letter())), "{text}");
            assert_eq!(text.parse::<PuzzleCode>(), Ok(classic));
            assert_eq!(text.to_lowercase().parse::<PuzzleCode>(), Ok(classic), "{text}");
            let shape = PuzzleCode::Seeded {
                size: Size::rect(5, 3).unwrap(),
                level,
                seed: 0x7_AE52,
            };
            assert_eq!(shape.to_string().to_lowercase().parse::<PuzzleCode>(), Ok(shape));
        }
        let mut rng = crate::puzzle::SeededRng::new(8);
        for (w, h) in [(5, 3), (3, 5), (2, 2), (7, 7), (10, 10), (10, 2)] {
            let size = Size::rect(w, h).unwrap();
            let seeded = PuzzleCode::Seeded {
                size,
                level: Level::Random,
                seed: 0x3A_9C51_7E2D,
            };
            let text = seeded.to_string();
            assert!(text.starts_with(&format!("{w}x{h}R-")), "{text}");
            assert_eq!(text.parse::<PuzzleCode>(), Ok(seeded), "{text}");
            assert_eq!(text.to_lowercase().parse::<PuzzleCode>(), Ok(seeded), "{text}");
            let board = PuzzleCode::Board(Board::random(size, &mut rng));
            let text = board.to_string();
            assert!(text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'), "{text}");
            assert_eq!(text.parse::<PuzzleCode>(), Ok(board), "{text}");
        }
        // The same seed on 5×3 and 3×5 is two codes; a typo in the size is caught.
        let a = PuzzleCode::Seeded {
            size: Size::rect(5, 3).unwrap(),
            level: Level::Random,
            seed: 9,
        }
        .to_string();
        let swapped = a.replacen("5x3", "3x5", 1);
        assert_eq!(swapped.parse::<PuzzleCode>(), Err(CodeError::BadCheck));
        for bad in ["11x3R-123", "x3R-123", "5x3", "5xR-1"] {
            assert!(bad.parse::<PuzzleCode>().is_err(), "{bad}");
        }
    }
}
