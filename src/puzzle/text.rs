//! Board text: parsing what people type and formatting what scripts read.

use std::fmt;
use std::str::FromStr;

use crate::puzzle::board::Board;
use crate::puzzle::error::BoardError;
use crate::puzzle::size::Size;

/// Splits board text into its entries: numbers separated by spaces, commas or newlines.
fn entries(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
}

/// Parses board text, reporting the first problem: wrong count, a non-number, a number
/// out of range, a duplicate, or (last) an unsolvable permutation.
pub fn parse_board(text: &str) -> Result<Board, BoardError> {
    let raw: Vec<&str> = entries(text).collect();
    let count = raw.len();
    let size = Size::from_cells(count);
    let mut tiles = Vec::with_capacity(count);
    for (i, token) in raw.iter().enumerate() {
        let value: u64 = match *token {
            "_" | "." => 0,
            t => t.parse().map_err(|_| BoardError::NotANumber {
                token: crate::excerpt::excerpt(t),
                position: i + 1,
            })?,
        };
        if let Some(size) = size
            && value >= size.cells() as u64
        {
            return Err(BoardError::OutOfRange {
                value,
                side: size.side(),
                max: size.cells() - 1,
            });
        }
        tiles.push(u8::try_from(value).unwrap_or(u8::MAX));
    }
    if size.is_none() {
        return Err(BoardError::WrongCount(count));
    }
    Board::from_tiles(&tiles)
}

impl FromStr for Board {
    type Err = BoardError;

    fn from_str(s: &str) -> Result<Board, BoardError> {
        parse_board(s)
    }
}

/// One line: the tiles in row-major order separated by spaces, `0` for the blank. This is
/// the form the CLI prints and reads back.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.tiles().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

impl Board {
    /// The board as a right-aligned grid, one row a line, `.` for the blank.
    pub fn to_grid(&self) -> String {
        let n = self.size().side();
        let width = (self.size().cells() - 1).to_string().len();
        let mut out = String::new();
        for r in 0..n {
            let row: Vec<String> = (0..n)
                .map(|c| match self.tile_at(self.size().index(r, c)) {
                    0 => format!("{:>width$}", "."),
                    t => format!("{t:>width$}"),
                })
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_separators_and_blank_markers() {
        let a: Board = "1 2 3\n4 5 6\n7 8 0".parse().unwrap();
        let b: Board = "1,2,3,4,5,6,7,8,_".parse().unwrap();
        let c: Board = "1, 2, 3, 4, 5, 6, 7, 8, .".parse().unwrap();
        assert!(a.is_goal() && b.is_goal() && c.is_goal());
    }

    #[test]
    fn each_error_has_its_message() {
        let msg = |s: &str| s.parse::<Board>().unwrap_err().to_string();
        assert_eq!(
            msg("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0"),
            "expected 9, 16, 25 or 36 numbers, got 15"
        );
        assert_eq!(msg("1 2 3 4 5 6 7 7 0"), "tile 7 appears twice");
        assert_eq!(
            msg("1 2 3 4 5 6 7 8 9 10 11 12 13 14 17 0"),
            "17 is out of range for a 4×4 board (tiles are 1 to 15, 0 is the blank)"
        );
        assert!(msg("1 2 3 4 x 6 7 8 0").contains("'x'"));
        assert_eq!(
            msg("1 2 3 4 5 6 8 7 0"),
            "this board can't be solved; swapping tiles 7 and 8 would make it solvable"
        );
        assert_eq!(msg(""), "expected 9, 16, 25 or 36 numbers, got 0");
        assert_eq!(
            msg("1 2 3 4 5 6 7 8 99999999999999999999"),
            "entry 9 ('99999999999999999999') is not a number; use 0, _ or . for the blank"
        );
    }

    #[test]
    fn display_round_trips() {
        let b: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
        assert_eq!(b.to_string(), "8 6 7 2 5 4 3 0 1");
        assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
        assert_eq!(b.to_grid(), "8 6 7\n2 5 4\n3 . 1\n");
    }
}
