//! slidysim's text forms of a scramble and of a solution, as its readme defines them
//! ("Scrambles and solutions", `SLIDYSIM_README.md` in the `slidysim/slidysim.github.io`
//! repository):
//! - a scramble is each row's tiles separated by spaces, rows joined by `/`, `0` for the
//!   blank: `5 3 8 9/0 2 4 1/7 10 14 13/12 11 6 15`;
//! - a solution is letters naming the way the *tile* moves (`U` to the top, `L` to the
//!   left, `D` to the bottom, `R` to the right, as Slide's own letters), a number after a
//!   letter repeating it (`L2`, `R100`): `URDL2UR2DLUR2ULURDL2URDLUL`.

use crate::puzzle::{Board, BoardError, Move};

/// `board` in slidysim's scramble form: `1 2 3/4 5 6/7 8 0`.
pub fn format_scramble(board: &Board) -> String {
    board
        .tiles()
        .chunks(board.size().width())
        .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("/")
}

/// A board in slidysim's scramble form, which brings its own shape: as many columns as the
/// first row has tiles (every row must have as many), as many rows as there are; the board is then checked as any board is (range, duplicates, solvability).
/// [`crate::puzzle::parse_board`] reads this form too, so a scramble is accepted wherever a
/// board is.
pub(crate) fn parse_scramble(text: &str) -> Result<Board, BoardError> {
    crate::puzzle::parse_board(text)
}

/// Moves in slidysim's run-length form: a run of the same move is its letter followed by
/// the run's length when it is more than one (`LLL` is `L3`).
pub(crate) fn format_solution(moves: &[Move]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < moves.len() {
        let run = moves[i..].iter().take_while(|&&m| m == moves[i]).count();
        out.push(moves[i].letter());
        if run > 1 {
            out.push_str(&run.to_string());
        }
        i += run;
    }
    out
}

/// Moves from slidysim's run-length form (letters `U D L R`, each optionally followed by a
/// repeat count; spaces are ignored). A bad letter or count names its 1-based position.
pub fn parse_solution(text: &str) -> Result<Vec<Move>, BoardError> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut moves = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let letter = chars[i];
        let m = Move::from_letter(letter).ok_or(BoardError::BadMove {
            letter,
            position: i + 1,
        })?;
        let digits: String = chars[i + 1..].iter().take_while(|c| c.is_ascii_digit()).collect();
        let run = if digits.is_empty() {
            1
        } else {
            match digits.parse::<usize>() {
                Ok(n) if n > 0 && n <= 1_000_000 => n,
                _ => {
                    return Err(BoardError::BadMove {
                        letter: chars[i + 1],
                        position: i + 2,
                    });
                }
            }
        };
        moves.extend(std::iter::repeat_n(m, run));
        i += 1 + digits.len();
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::parse_moves;

    #[test]
    fn the_readmes_scramble_round_trips() {
        let text = "5 3 8 9/0 2 4 1/7 10 14 13/12 11 6 15";
        let board = parse_scramble(text).unwrap();
        assert_eq!(board.tiles()[..4], [5, 3, 8, 9]);
        assert_eq!(board.blank(), 4);
        assert_eq!(format_scramble(&board), text);
        assert_eq!(
            format_scramble(&"1 2 3 4 5 6 7 8 0".parse().unwrap()),
            "1 2 3/4 5 6/7 8 0"
        );
    }

    #[test]
    fn the_readmes_solution_round_trips() {
        let text = "URDL2UR2DLUR2ULURDL2URDLUL";
        let moves = parse_solution(text).unwrap();
        assert_eq!(moves, parse_moves("URDLLURRDLURRULURDLLURDLUL").unwrap());
        assert_eq!(format_solution(&moves), text);
        assert_eq!(parse_solution("R100").unwrap().len(), 100);
        assert_eq!(format_solution(&parse_solution("R100").unwrap()), "R100");
        assert_eq!(format_solution(&[]), "");
    }

    /// The readme's two examples are independent: its solution does not solve its scramble
    /// (its second move is already impossible there).
    /// Its letters name the way the *tile* moves, as Slide's do: on its scramble, whose blank
    /// is at the left of the second row, `U` slides tile 7 up and `R` slides nothing.
    #[test]
    fn the_readmes_letters_move_tiles_as_slides_do() {
        let board = parse_scramble("5 3 8 9/0 2 4 1/7 10 14 13/12 11 6 15").unwrap();
        let up = parse_solution("U").unwrap();
        assert_eq!(board.tile_moved_by(up[0]), Some(7));
        let mut moved = board;
        moved.apply_all(&up).unwrap();
        assert_eq!(format_scramble(&moved), "5 3 8 9/7 2 4 1/0 10 14 13/12 11 6 15");
        assert_eq!(board.tile_moved_by(parse_solution("R").unwrap()[0]), None);
        assert_eq!(board.tile_moved_by(parse_solution("L").unwrap()[0]), Some(2));
        let solution = parse_solution("URDL2UR2DLUR2ULURDL2URDLUL").unwrap();
        assert_eq!(
            {
                let mut b = board;
                b.apply_all(&solution)
            },
            Err(BoardError::IllegalMove {
                letter: 'R',
                position: 2
            })
        );
    }

    #[test]
    fn bad_forms_are_errors_that_say_where() {
        assert_eq!(
            parse_scramble("1 2 3/4 5 6/7 8"),
            Err(BoardError::RaggedRow {
                row: 3,
                found: 2,
                expected: 3
            })
        );
        assert_eq!(
            parse_scramble("1 2 3 4/5 6 7 8 0"),
            Err(BoardError::RaggedRow {
                row: 2,
                found: 5,
                expected: 4
            })
        );
        assert_eq!(
            format_scramble(&parse_scramble("1 2 3 4/5 6 0 7").unwrap()),
            "1 2 3 4/5 6 0 7"
        );
        assert!(matches!(
            parse_scramble("1 2 3/4 5 6/8 7 0"),
            Err(BoardError::Unsolvable(..))
        ));
        assert_eq!(
            parse_solution("UR2X"),
            Err(BoardError::BadMove {
                letter: 'X',
                position: 4
            })
        );
        assert!(parse_solution("U0").is_err());
    }
}
