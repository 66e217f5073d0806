//! Big digits for big tiles: each digit 3 pixels wide and 5 high, drawn with half blocks
//! (two pixels a cell, so 3 cells wide and 3 rows high), or with `#` a pixel a cell where
//! the terminal has no UTF-8 (3 wide, 5 high).

/// Each digit's five rows of three pixels, top first (bit 2 is the left pixel).
const FONT: [[u8; 5]; 10] = [
    [0b111, 0b101, 0b101, 0b101, 0b111],
    [0b010, 0b110, 0b010, 0b010, 0b111],
    [0b111, 0b001, 0b111, 0b100, 0b111],
    [0b111, 0b001, 0b111, 0b001, 0b111],
    [0b101, 0b101, 0b111, 0b001, 0b001],
    [0b111, 0b100, 0b111, 0b001, 0b111],
    [0b111, 0b100, 0b111, 0b101, 0b111],
    [0b111, 0b001, 0b001, 0b001, 0b001],
    [0b111, 0b101, 0b111, 0b101, 0b111],
    [0b111, 0b101, 0b111, 0b001, 0b111],
];

/// Columns between two digits.
const SPACING: usize = 1;

/// The rows of `number` in big digits: three rows of half blocks, or five of `#` without
/// UTF-8. Every row has the same width (3 a digit, 1 between digits).
pub fn big_number(number: u32, unicode: bool) -> Vec<String> {
    let digits: Vec<usize> = number.to_string().bytes().map(|b| usize::from(b - b'0')).collect();
    let pixel = |d: usize, row: usize, col: usize| row < 5 && FONT[d][row] & (0b100 >> col) != 0;
    let rows = if unicode { 3 } else { 5 };
    (0..rows)
        .map(|r| {
            let mut line = String::new();
            for (i, &d) in digits.iter().enumerate() {
                if i > 0 {
                    line.push_str(&" ".repeat(SPACING));
                }
                for col in 0..3 {
                    let c = if unicode {
                        match (pixel(d, 2 * r, col), pixel(d, 2 * r + 1, col)) {
                            (true, true) => '█',
                            (true, false) => '▀',
                            (false, true) => '▄',
                            (false, false) => ' ',
                        }
                    } else if pixel(d, r, col) {
                        '#'
                    } else {
                        ' '
                    };
                    line.push(c);
                }
            }
            line
        })
        .collect()
}

/// The width of `number` in big digits.
pub fn big_width(number: u32) -> usize {
    let n = number.to_string().len();
    3 * n + SPACING * (n - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_drawn_with_half_blocks_or_hashes() {
        assert_eq!(big_number(1, true), vec!["▄█ ", " █ ", "▀▀▀"]);
        assert_eq!(big_number(10, true), vec!["▄█  █▀█", " █  █ █", "▀▀▀ ▀▀▀"]);
        assert_eq!(big_number(7, false), vec!["###", "  #", "  #", "  #", "  #"]);
        assert_eq!(big_width(35), 7);
        for n in 1..36 {
            let rows = big_number(n, true);
            assert!(rows.iter().all(|r| r.chars().count() == big_width(n)), "{n}");
        }
    }
}
