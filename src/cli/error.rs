//! The binary's catch-all error: what went wrong, and which exit status it deserves.

use std::fmt;
use std::process::ExitCode;

use slide::puzzle::BoardError;
use slide::solver::SolveError;

/// Why a command failed. Bad input exits with 2, everything else with 1.
#[derive(Debug)]
pub enum CliError {
    /// The user gave something we cannot use (a bad board, a bad file line, …).
    Input(String),
    /// Input was fine but the work failed (out of time, tables unwritable, I/O, …).
    Failure(String),
    /// Some lines of a multi-board run were bad; each was already reported.
    BadLines(usize),
    /// Some boards of a multi-board run failed; each was already reported.
    FailedBoards(usize),
    /// Benchmark lengths that differ from the file; each was already reported.
    Mismatches {
        /// How many differ.
        count: usize,
        /// How many instances were solved.
        total: usize,
    },
    /// Whoever reads stdout went away (e.g. `| head`): stop quietly.
    StdoutClosed,
}

impl CliError {
    /// The exit status for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input(_) | CliError::BadLines(_) => 2,
            CliError::Failure(_) | CliError::FailedBoards(_) | CliError::Mismatches { .. } => 1,
            CliError::StdoutClosed => 0,
        }
    }

    /// Prints the error on stderr (unless there is nothing useful to say) and gives the
    /// exit status.
    pub fn report(&self) -> ExitCode {
        if !matches!(self, CliError::StdoutClosed) {
            eprintln!("slide: error: {self}");
        }
        ExitCode::from(self.exit_code())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(m) | CliError::Failure(m) => f.write_str(m),
            CliError::BadLines(1) => f.write_str("1 line was not a valid board"),
            CliError::BadLines(n) => write!(f, "{n} lines were not valid boards"),
            CliError::FailedBoards(1) => f.write_str("1 board could not be solved"),
            CliError::FailedBoards(n) => write!(f, "{n} boards could not be solved"),
            CliError::Mismatches { count, total } => {
                write!(f, "{count} of {total} solution lengths differ from the file")
            }
            CliError::StdoutClosed => f.write_str("stdout was closed"),
        }
    }
}

impl From<BoardError> for CliError {
    fn from(e: BoardError) -> CliError {
        CliError::Input(e.to_string())
    }
}

impl From<SolveError> for CliError {
    fn from(e: SolveError) -> CliError {
        match e {
            // Asking for a heuristic the size lacks is a mistake in the arguments.
            SolveError::HeuristicUnavailable { .. } => CliError::Input(e.to_string()),
            _ => CliError::Failure(e.to_string()),
        }
    }
}
