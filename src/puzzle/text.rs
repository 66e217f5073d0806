//! Board text: parsing what people type and formatting what scripts read.

use std::fmt;
use std::str::FromStr;

use crate::puzzle::board::Board;
use crate::puzzle::error::BoardError;
use crate::puzzle::size::Size;

/// Splits board text into its entries: numbers separated by spaces, commas, newlines or
/// the `/` between rows.
fn entries(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == '/')
        .filter(|s| !s.is_empty())
}

/// The shape that rows joined by `/` give: as many columns as the first row has tiles,
/// as many rows as there are; a row of another length is an error.
fn slashed_shape(text: &str) -> Result<(usize, usize), BoardError> {
    let rows: Vec<usize> = text.split('/').map(|row| entries(row).count()).collect();
    let expected = rows[0];
    let bad = rows.iter().position(|&found| found == 0);
    match bad.or_else(|| rows.iter().position(|&found| found != expected)) {
        Some(i) => Err(BoardError::RaggedRow {
            row: i + 1,
            found: rows[i],
            expected,
        }),
        None => Ok((expected, rows.len())),
    }
}

/// The shape of a grid written one row a line, if the text has two lines or more of
/// entries and they are all as long; otherwise the entries bring no shape (numbers wrapped
/// anyhow, as they always were accepted, make a square board by their count).
fn grid_shape(text: &str) -> Option<(usize, usize)> {
    let lines: Vec<usize> = text.lines().map(|l| entries(l).count()).filter(|&n| n > 0).collect();
    (lines.len() >= 2 && lines[0] >= 2 && lines.iter().all(|&n| n == lines[0])).then(|| (lines[0], lines.len()))
}

/// The size that the text's own shape gives, or `None` when it has none.
fn shape_of(text: &str) -> Result<Option<Size>, BoardError> {
    let shape = if text.contains('/') {
        Some(slashed_shape(text)?)
    } else {
        grid_shape(text)
    };
    shape.map(|(w, h)| Size::rect(w, h)).transpose()
}

/// Parses a board from text: its entries separated by spaces, commas or newlines, with `0`,
/// `_` or `.` for the blank. Rows joined by `/` (slidysim's form) or a grid of lines bring
/// their own shape (`1 2 3 4/5 6 7 0` is 4×2); entries with no shape make a square board
/// by their count (16 entries: 4×4).
pub fn parse_board(text: &str) -> Result<Board, BoardError> {
    let raw: Vec<&str> = entries(text).collect();
    let count = raw.len();
    let size = match shape_of(text)? {
        Some(size) => Some(size),
        None => Size::square_from_cells(count),
    };
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
                width: size.width(),
                height: size.height(),
                max: size.cells() - 1,
            });
        }
        tiles.push(u8::try_from(value).unwrap_or(u8::MAX));
    }
    match size {
        Some(size) => Board::from_shape(size, &tiles),
        None => Err(BoardError::WrongCount(count)),
    }
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
    /// The tiles in row-major order separated by spaces; a rectangle's rows are joined by
    /// `/` (slidysim's form), so that the text brings its shape back when parsed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.size().width();
        let square = self.size().is_square();
        for (i, t) in self.tiles().iter().enumerate() {
            if i > 0 {
                f.write_str(if !square && i % width == 0 { "/" } else { " " })?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

impl Board {
    /// The board as a right-aligned grid, one row a line, `.` for the blank.
    pub fn to_grid(&self) -> String {
        let (w, h) = (self.size().width(), self.size().height());
        let width = (self.size().cells() - 1).to_string().len();
        let mut out = String::new();
        for r in 0..h {
            let row: Vec<String> = (0..w)
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
    fn rows_joined_by_slashes_are_slidysims_form() {
        let b: Board = "1 2 3/4 5 6/7 0 8".parse().unwrap();
        assert_eq!(b.to_string(), "1 2 3 4 5 6 7 0 8");
        let b: Board = " 5 3 8 9 / 0 2 4 1 / 7 10 14 13 / 12 11 6 15 ".parse().unwrap();
        assert_eq!(b.tiles()[4], 0);
        assert_eq!("1,2,3/4,5,6/7,8,_".parse::<Board>().unwrap(), Board::goal(Size::THREE));
        let msg = |s: &str| s.parse::<Board>().unwrap_err().to_string();
        assert_eq!(
            msg("1 2 3/4 5 6/7 8"),
            "row 3 has 2 tiles, but row 1 has 3 tiles: every row needs as many"
        );
        assert_eq!(
            msg("1 2 3 4/5 6 7 8 0"),
            "row 2 has 5 tiles, but row 1 has 4 tiles: every row needs as many"
        );
        assert_eq!(
            msg("1 2 3/4 5 6/7 8 0/"),
            "row 4 has 0 tiles, but row 1 has 3 tiles: every row needs as many"
        );
        assert!(msg("1 2 3 4 5 6 7 8 9 10 11/0").contains("row 2 has 1 tile,"));
        assert_eq!(
            msg("1 2 3 4 5 6 7 8 9 10 0/"),
            "row 2 has 0 tiles, but row 1 has 11 tiles: every row needs as many"
        );
        assert!(msg("1 2 3/4 x 6/7 8 0").contains("entry 5 ('x')"));
        assert!(msg("1 2 3/4 5 6/8 7 0").contains("can't be solved"));
    }

    #[test]
    fn each_error_has_its_message() {
        let msg = |s: &str| s.parse::<Board>().unwrap_err().to_string();
        assert_eq!(
            msg("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0"),
            "expected a square board's count of numbers (4, 9, 16, … 100) or rows joined by /, got 15"
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
        assert!(msg("").ends_with("got 0"));
        assert_eq!(
            msg("1 2 3 4 5 6 7 8 99999999999999999999"),
            "entry 9 ('99999999999999999999') is not a number; use 0, _ or . for the blank"
        );
    }

    #[test]
    fn rows_and_lines_bring_their_shape() {
        let b: Board = "1 2 3 4/5 6 7 0".parse().unwrap();
        assert_eq!((b.size().width(), b.size().height()), (4, 2));
        assert!(b.is_goal());
        assert_eq!(b.to_string(), "1 2 3 4/5 6 7 0");
        assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
        assert_eq!(b.to_grid(), "1 2 3 4\n5 6 7 .\n");
        assert_eq!(b.to_grid().parse::<Board>().unwrap(), b);
        let tall: Board = "1 2\n3 4\n5 0".parse().unwrap();
        assert_eq!(tall.size().to_string(), "2×3");
        assert_eq!("1 2/3 0".parse::<Board>().unwrap(), Board::goal(Size::new(2).unwrap()));
        let msg = |s: &str| s.parse::<Board>().unwrap_err().to_string();
        assert_eq!(
            msg("1 2 3 4/5 6 0 7 8 9 10 11 12"),
            "row 2 has 9 tiles, but row 1 has 4 tiles: every row needs as many"
        );
        assert_eq!(
            msg("1 2 3 4/5 7 6 0"),
            "this board can't be solved; swapping tiles 6 and 7 would make it solvable"
        );
        assert_eq!(
            msg("8 1 2 3/4 5 6 7"),
            "8 is out of range for a 4×2 board (tiles are 1 to 7, 0 is the blank)"
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
