//! Boards from the command line: one board given as one or several arguments, or one
//! board per line on stdin.

use std::io::{self, BufRead, IsTerminal};

use slide::puzzle::{Board, parse_board};

use crate::cli::CliError;

/// Where a command's boards come from.
pub enum Boards {
    /// One board from the arguments.
    One(Board),
    /// One board per line from stdin.
    Stdin,
}

/// The board spelled by `words`, which may be one quoted argument or one number per
/// argument (`slide solve 1 2 3 4 5 6 7 0 8`).
pub fn board_from_words(words: &[String]) -> Result<Board, CliError> {
    if words.is_empty() {
        return Err(no_board());
    }
    Ok(parse_board(&words.join(" "))?)
}

/// One board from `words`, or stdin when `words` is `-` (or empty with stdin redirected).
pub fn board_or_stdin(words: &[String]) -> Result<Boards, CliError> {
    match words {
        [dash] if dash == "-" => Ok(Boards::Stdin),
        [] if !io::stdin().is_terminal() => Ok(Boards::Stdin),
        _ => board_from_words(words).map(Boards::One),
    }
}

fn no_board() -> CliError {
    CliError::Input(
        "no board given: pass its numbers row by row (e.g. 8 6 7 2 5 4 3 0 1), \
         or - to read one board per line from stdin"
            .to_string(),
    )
}

/// Calls `each` for every board on stdin, one a line; blank lines and `#` comments are
/// skipped. A bad line or a failed board is reported with its line number and the run goes
/// on; the result then says how many went wrong (bad input first, as it exits with 2).
pub fn for_each_stdin_board(mut each: impl FnMut(Board) -> Result<(), CliError>) -> Result<(), CliError> {
    let mut bad = 0;
    let mut failed = 0;
    let mut boards = 0;
    for (index, line) in io::stdin().lock().lines().enumerate() {
        let number = index + 1;
        let line = line.map_err(|e| CliError::Failure(format!("cannot read stdin line {number}: {e}")))?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        boards += 1;
        let outcome = parse_board(text).map_err(CliError::from).and_then(&mut each);
        match outcome {
            Ok(()) => {}
            Err(CliError::StdoutClosed) => return Err(CliError::StdoutClosed),
            Err(e) => {
                eprintln!("slide: error: line {number}: {e}");
                if e.exit_code() == 2 {
                    bad += 1;
                } else {
                    failed += 1;
                }
            }
        }
    }
    if bad > 0 {
        Err(CliError::BadLines(bad))
    } else if failed > 0 {
        Err(CliError::FailedBoards(failed))
    } else if boards == 0 {
        Err(CliError::Input("no boards on stdin".to_string()))
    } else {
        Ok(())
    }
}

/// Runs `each` on the board of `words`, or on every board from stdin.
pub fn run_boards(words: &[String], each: impl FnMut(Board) -> Result<(), CliError>) -> Result<(), CliError> {
    let mut each = each;
    match board_or_stdin(words)? {
        Boards::One(board) => each(board),
        Boards::Stdin => for_each_stdin_board(each),
    }
}
