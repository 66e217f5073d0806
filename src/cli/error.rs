//! The binary's errors: what went wrong, and which exit status it deserves.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use slide::game::StoreError;
use slide::puzzle::{BoardError, Size};
use slide::solver::SolveError;
use thiserror::Error;

/// Why a command failed. Bad input exits with 2, everything else with 1.
#[derive(Debug, Error)]
pub enum CliError {
    /// The user gave something we cannot use, in the command line's own words.
    #[error("{0}")]
    Input(String),
    /// A board that is malformed or cannot be solved.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A file named on the command line that cannot be read.
    #[error("cannot read {}: {source}", slide::excerpt::excerpt(&path.display().to_string()))]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A search failed (or was asked for a heuristic the size lacks).
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A size's tables could not be loaded or built.
    #[error("cannot prepare the {size} tables: {source}")]
    Tables {
        /// The size.
        size: Size,
        /// Why.
        source: SolveError,
    },
    /// The data directory could not be used.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Input was fine but the work failed (out of time, tables unwritable, I/O, …).
    #[error("{0}")]
    Failure(String),
    /// Some lines of a multi-board run were bad; each was already reported.
    #[error("{}", if *.0 == 1 { "1 line was not a valid board".to_string() } else { format!("{} lines were not valid boards", .0) })]
    BadLines(usize),
    /// Some boards of a multi-board run failed; each was already reported.
    #[error("{}", if *.0 == 1 { "1 board could not be solved".to_string() } else { format!("{} boards could not be solved", .0) })]
    FailedBoards(usize),
    /// Benchmark lengths that differ from the file; each was already reported.
    #[error("{count} of {total} solution lengths differ from the file")]
    Mismatches {
        /// How many differ.
        count: usize,
        /// How many instances were solved.
        total: usize,
    },
    /// An error already reported where it belongs (in place of a line's answer); it still
    /// counts for the exit status.
    #[error(transparent)]
    Reported(Box<CliError>),
    /// Whoever reads stdout or stderr went away (e.g. `| head`): stop quietly.
    #[error("the output was closed")]
    OutputClosed,
}

impl CliError {
    /// The exit status for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            // Asking for a heuristic the size lacks is a mistake in the arguments.
            CliError::Input(_)
            | CliError::Board(_)
            | CliError::Read { .. }
            | CliError::BadLines(_)
            | CliError::Solve(SolveError::HeuristicUnavailable { .. }) => 2,
            CliError::Reported(inner) => inner.exit_code(),
            CliError::OutputClosed => 0,
            CliError::Solve(_)
            | CliError::Tables { .. }
            | CliError::Store(_)
            | CliError::Failure(_)
            | CliError::FailedBoards(_)
            | CliError::Mismatches { .. } => 1,
        }
    }

    /// Prints the error on stderr as one line (unless there is nothing useful to say, or
    /// no one to say it to) and gives the exit status.
    pub fn report(&self) -> ExitCode {
        if !matches!(self, CliError::OutputClosed | CliError::Reported(_)) {
            let _ = writeln!(std::io::stderr().lock(), "slide: error: {self}");
        }
        ExitCode::from(self.exit_code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_input_exits_2_and_counts_read_as_words() {
        assert_eq!(CliError::BadLines(1).to_string(), "1 line was not a valid board");
        assert_eq!(CliError::BadLines(3).to_string(), "3 lines were not valid boards");
        assert_eq!(CliError::FailedBoards(2).to_string(), "2 boards could not be solved");
        assert_eq!(CliError::Board(BoardError::WrongCount(3)).exit_code(), 2);
        assert_eq!(CliError::Reported(Box::new(CliError::BadLines(1))).exit_code(), 2);
        assert_eq!(CliError::Solve(SolveError::OutOfTime).exit_code(), 1);
        assert_eq!(CliError::OutputClosed.exit_code(), 0);
    }
}
