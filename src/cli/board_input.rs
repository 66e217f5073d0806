//! Boards from the command line: one board given as one or several arguments, or one
//! board per line on stdin.
//!
//! A board may be written as board text (`8 6 7 2 5 4 3 0 1`), as a JSON object with a
//! `board` string (what `generate`, `solve`, `rate` and `hint` print with `--json`) or a
//! `scramble` (what `history --json` prints), or as the `board …` line of `solve`'s and
//! `rate`'s own output, whose other lines (`length`, `moves`, …) are skipped: so the
//! commands compose (`slide solve B | slide solve -`). Board text may be slidysim's form,
//! rows joined by `/` (`1 2 3/4 5 6/7 0 8`). A marathon's or relay's scramble, its boards
//! joined by `;` (as `history` prints it), is its boards in order, each answered in turn and
//! named by its place in the run.

use std::io::{self, BufRead, IsTerminal};

use slide::game::BOARD_SEPARATOR;
use slide::puzzle::{Board, parse_board};

use crate::cli::CliError;
use crate::cli::output::print_note;

/// A stdin line longer than this is no board (the longest JSON line a command prints is a
/// few thousand bytes): it is reported, and not kept in memory.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The labels of `solve`'s and `rate`'s human output other than `board`: such a line,
/// the label followed by two spaces or more, is skipped.
const OUTPUT_LABELS: [&str; 12] = [
    "run",
    "length",
    "moves",
    "search",
    "manhattan",
    "linear conflict",
    "walking distance",
    "pattern databases",
    "lower bound",
    "optimal length",
    "level",
    "already solved",
];

/// Where a command's boards come from.
enum Source {
    /// One board from the arguments, as text.
    Arguments(String),
    /// One board per line from stdin.
    Stdin,
}

/// The board in one line of input (or one argument), or `None` for a line of another
/// command's output that holds none. A run's scramble is refused here: it is several boards.
pub fn parse_input(text: &str) -> Result<Option<Board>, CliError> {
    match parse_boards(text)? {
        None => Ok(None),
        Some(boards) if boards.len() == 1 => Ok(boards.into_iter().next()),
        Some(boards) => Err(CliError::Input(format!(
            "this is a run's scramble of {} boards joined by {BOARD_SEPARATOR}: give one board",
            boards.len()
        ))),
    }
}

/// The boards in one line of input (or one argument): one board, or a run's boards in
/// order; `None` for a line of another command's output that holds none.
pub fn parse_boards(text: &str) -> Result<Option<Vec<Board>>, CliError> {
    let text = text.trim();
    if text.starts_with('{') {
        return json_board(text).map(Some);
    }
    if let Some(rest) = text.strip_prefix("board")
        && rest.starts_with(char::is_whitespace)
    {
        return Ok(Some(run_boards_of(rest)?));
    }
    let is_output = OUTPUT_LABELS.iter().any(|label| {
        text.strip_prefix(label)
            .is_some_and(|rest| rest.starts_with("  ") || rest.is_empty())
    });
    if is_output {
        return Ok(None);
    }
    Ok(Some(run_boards_of(text)?))
}

/// The boards of `text`: one, or a run's joined by `;`. A bad board of a run is named by
/// its place in it.
fn run_boards_of(text: &str) -> Result<Vec<Board>, CliError> {
    if !text.contains(BOARD_SEPARATOR) {
        return Ok(vec![parse_board(text)?]);
    }
    let parts: Vec<&str> = text.split(BOARD_SEPARATOR).collect();
    let n = parts.len();
    parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            parse_board(part).map_err(|e| CliError::Input(format!("board {} of the run's {n}: {e}", i + 1)))
        })
        .collect()
}

/// The `board` of a JSON object line, or the `scramble` of a line of `slide history --json`
/// (a run's: its boards).
fn json_board(text: &str) -> Result<Vec<Board>, CliError> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| CliError::Input(format!("a line starting with {{ is read as JSON, and this is not: {e}")))?;
    match value.get("board").or_else(|| value.get("scramble")) {
        Some(serde_json::Value::String(board)) => run_boards_of(board),
        _ => Err(CliError::Input(
            "a JSON line needs a \"board\" string (as generate, solve, rate and hint print) \
             or a \"scramble\" (as history prints)"
                .to_string(),
        )),
    }
}

/// The board spelled by `words`, which may be one quoted argument or one number per
/// argument (`slide solve 1 2 3 4 5 6 7 0 8`).
pub fn board_from_words(words: &[String]) -> Result<Board, CliError> {
    if words.is_empty() {
        return Err(no_board());
    }
    parse_input(&words.join(" "))?.ok_or_else(no_board)
}

fn source(words: &[String]) -> Result<Source, CliError> {
    match words {
        [dash] if dash == "-" => Ok(Source::Stdin),
        [] if !io::stdin().is_terminal() => Ok(Source::Stdin),
        [] => Err(no_board()),
        _ => Ok(Source::Arguments(words.join(" "))),
    }
}

fn no_board() -> CliError {
    CliError::Input(
        "no board given: pass its numbers row by row (e.g. 8 6 7 2 5 4 3 0 1), \
         or - to read one board per line from stdin"
            .to_string(),
    )
}

/// Reads one line into `buf` (without its end), keeping at most [`MAX_LINE_BYTES`] of it.
/// Returns `None` at the end of input, else whether the line was longer than that.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<bool>> {
    buf.clear();
    let mut read_any = false;
    let mut too_long = false;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(read_any.then_some(too_long));
        }
        read_any = true;
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], Some(i + 1)),
            None => (available, None),
        };
        let room = MAX_LINE_BYTES.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        too_long |= chunk.len() > room;
        let used = done.unwrap_or(available.len());
        input.consume(used);
        if done.is_some() {
            return Ok(Some(too_long));
        }
    }
}

/// Where a board was read: its line of stdin (`None` for the arguments) and, for a run's
/// scramble, its place in the run (board `k` of `n`, from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The line of stdin.
    pub line: Option<usize>,
    /// Board `k` of a run of `n`.
    pub part: Option<(usize, usize)>,
}

/// What went wrong on stdin, counted: bad input first, as it exits with 2.
#[derive(Default)]
struct Tally {
    bad: usize,
    failed: usize,
    boards: usize,
}

impl Tally {
    /// Counts what `each` made of one board (or one line that is none), reporting its error
    /// with its line unless it was already.
    fn take(&mut self, number: usize, done: Result<(), CliError>) -> Result<(), CliError> {
        self.boards += 1;
        match done {
            Ok(()) => Ok(()),
            Err(CliError::OutputClosed) => Err(CliError::OutputClosed),
            Err(e) => {
                if !matches!(e, CliError::Reported(_)) {
                    print_note(format_args!("slide: error: line {number}: {e}"))?;
                }
                if e.exit_code() == 2 {
                    self.bad += 1;
                } else {
                    self.failed += 1;
                }
                Ok(())
            }
        }
    }

    fn result(&self) -> Result<(), CliError> {
        if self.bad > 0 {
            Err(CliError::BadLines(self.bad))
        } else if self.failed > 0 {
            Err(CliError::FailedBoards(self.failed))
        } else if self.boards == 0 {
            Err(CliError::Input("no boards on stdin".to_string()))
        } else {
            Ok(())
        }
    }
}

/// Calls `each` for every board on stdin (every board of a run's scramble, in order), and
/// for every line that is not one; blank lines, `#` comments and other lines of a
/// command's output are skipped. An error `each` returns (a bad line, a failed board) is
/// reported with its line number, unless it was already (`CliError::Reported`), and the
/// run goes on; the result then says how many went wrong (bad input first, as it exits
/// with 2).
fn for_each_stdin_line(
    each: &mut dyn FnMut(Place, Result<Board, CliError>) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let mut tally = Tally::default();
    let mut buf = Vec::new();
    let mut input = io::stdin().lock();
    let mut number = 0;
    loop {
        number += 1;
        let too_long = match read_line(&mut input, &mut buf) {
            Ok(Some(too_long)) => too_long,
            Ok(None) => break,
            Err(e) => return Err(CliError::Failure(format!("cannot read stdin line {number}: {e}"))),
        };
        let parsed = if too_long {
            Err(CliError::Input(format!(
                "the line is longer than {MAX_LINE_BYTES} bytes: no board is"
            )))
        } else {
            match std::str::from_utf8(&buf) {
                Err(_) => Err(CliError::Input("the line is not text (it is not UTF-8)".to_string())),
                Ok(text) if text.trim().is_empty() || text.trim_start().starts_with('#') => continue,
                Ok(text) => match parse_boards(text) {
                    Ok(None) => continue,
                    Ok(Some(boards)) => Ok(boards),
                    Err(e) => Err(e),
                },
            }
        };
        let line = Some(number);
        match parsed {
            Ok(boards) if boards.len() > 1 => {
                let n = boards.len();
                for (k, board) in boards.into_iter().enumerate() {
                    let place = Place {
                        line,
                        part: Some((k + 1, n)),
                    };
                    tally.take(number, each(place, Ok(board)))?;
                }
            }
            parsed => {
                let board = parsed.and_then(|b| b.into_iter().next().ok_or_else(no_board));
                tally.take(number, each(Place { line, part: None }, board))?;
            }
        }
    }
    tally.result()
}

/// Runs `each` on the board of `words` (line `None`), or on every board from stdin with its
/// place; a run's scramble is its boards in turn. A bad board in the arguments is the
/// command's error; on stdin, it is reported with its line and the run goes on.
pub fn run_boards(
    words: &[String],
    mut each: impl FnMut(Place, Board) -> Result<(), CliError>,
) -> Result<(), CliError> {
    run_inputs(words, move |place, board| each(place, board?))
}

/// As [`run_boards`], but `each` also gets the lines that are not boards, with why, so
/// that it can answer them in place (returning [`CliError::Reported`]).
pub fn run_inputs(
    words: &[String],
    mut each: impl FnMut(Place, Result<Board, CliError>) -> Result<(), CliError>,
) -> Result<(), CliError> {
    match source(words)? {
        Source::Arguments(text) => {
            let boards = parse_boards(&text)?.ok_or_else(no_board)?;
            let n = boards.len();
            for (k, board) in boards.into_iter().enumerate() {
                let part = (n > 1).then_some((k + 1, n));
                each(Place { line: None, part }, Ok(board))?;
            }
            Ok(())
        }
        Source::Stdin => for_each_stdin_line(&mut each),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_s_output_reads_back_as_its_board() {
        let board = |t: &str| parse_input(t).map(|b| b.map(|b| b.to_string()));
        let b = Some("8 6 7 2 5 4 3 0 1".to_string());
        assert_eq!(board("8 6 7 2 5 4 3 0 1").unwrap(), b);
        assert_eq!(board(r#"{"board":"8 6 7 2 5 4 3 0 1","size":3,"seed":7}"#).unwrap(), b);
        assert_eq!(board("board   8 6 7 2 5 4 3 0 1").unwrap(), b);
        assert_eq!(board("board              8 6 7 2 5 4 3 0 1").unwrap(), b);
        for skipped in [
            "length  31 (optimal)",
            "moves   DDLURRULLDRRDLLURURDDLUURDDLLUU",
            "moves   none: already solved, 0 moves",
            "search  0 nodes in 8 µs",
            "linear conflict    12",
            "level              hard (expected length 21)",
            "already solved     0 moves to go",
        ] {
            assert_eq!(board(skipped).unwrap(), None, "{skipped}");
        }
        assert!(board(r#"{"size":3}"#).unwrap_err().to_string().contains("\"board\""));
        assert!(board("{ nope").unwrap_err().to_string().contains("JSON"));
        assert!(matches!(board("lengthy 3"), Err(CliError::Board(_))));
    }

    proptest::proptest! {
        #[test]
        fn any_line_is_a_board_an_error_or_skipped(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300)) {
            let text = String::from_utf8_lossy(&bytes);
            let _ = parse_input(&text);
            let mut input = io::Cursor::new(bytes);
            let mut buf = Vec::new();
            while read_line(&mut input, &mut buf).unwrap().is_some() {}
        }

        #[test]
        fn json_and_output_lines_near_valid(text in "[{}\\\":, a-z0-9]{0,80}") {
            let _ = parse_input(&text);
            let _ = parse_input(&format!("board {text}"));
            let _ = parse_input(&format!("{{\"board\":\"{text}\"}}"));
        }
    }

    #[test]
    fn long_lines_are_cut_and_said_to_be() {
        let mut input =
            io::Cursor::new([b"short\n".to_vec(), vec![b'x'; MAX_LINE_BYTES + 10], b"\nlast".to_vec()].concat());
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
        assert_eq!(buf, b"short");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(true));
        assert_eq!(buf.len(), MAX_LINE_BYTES);
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), Some(false));
        assert_eq!(buf, b"last");
        assert_eq!(read_line(&mut input, &mut buf).unwrap(), None);
    }
}
