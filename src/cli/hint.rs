//! `slide hint`: the next move for a board and how many moves remain.

use std::time::Duration;

use clap::Args;
use serde::Serialize;
use slide::game::proven_hint;
use slide::puzzle::{Board, Move};
use slide::solver::{Hint, SolveError, SolveOptions, Solver, TableCache};

use crate::cli::board_input::run_inputs;
use crate::cli::output::{moves, print_json, print_line};
use crate::cli::{CliError, progress, values};

/// How long a 5×5 or 6×6 hint may search for a proof that its plan is optimal, after the plan.
const PROOF_TIME: Duration = Duration::from_secs(1);

/// The next move.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  slide hint 8 6 7 2 5 4 3 0 1\n  \
slide hint \"5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12\" --json\n  \
slide generate --size 3 --level hard --count 3 | slide hint -\n\n\
From stdin, each answer names its board, and a line that is not a board is answered in its \
place (\"line 4: error: …\"); with --json, each object has the line's number (\"line\").")]
pub struct HintCommand {
    /// The board (N² numbers row by row, 0, _ or . for the blank; or rows joined by /, as
    /// slidysim writes them), or - to read one board per line from stdin.
    #[arg(value_name = "BOARD")]
    board: Vec<String>,
    /// Time budget in seconds (past it, the move of the best plan found).
    #[arg(long, value_name = "SECS", value_parser = values::seconds)]
    max_time: Option<Duration>,
    /// Print one JSON object per board.
    #[arg(long)]
    json: bool,
}

/// The hint as `--json` prints it; `move` and `tile` are null on a solved board. `line` is
/// the stdin line answered, when boards come from stdin.
#[derive(Serialize)]
struct HintLine {
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    board: String,
    size: serde_json::Value,
    #[serde(rename = "move")]
    mv: Option<String>,
    tile: Option<u8>,
    remaining: u32,
    optimal: bool,
    lower_bound: u32,
}

/// A stdin line that is not a board, answered in its place.
#[derive(Serialize)]
struct BadLine {
    line: usize,
    error: String,
}

/// Prints the next move for every board asked for. From stdin, every line is answered in
/// its place, naming its board, and a line that is not a board says so there.
pub fn run(args: &HintCommand) -> Result<(), CliError> {
    let solver = Solver::new(TableCache::default_location());
    let opts = SolveOptions {
        max_time: args.max_time,
        ..SolveOptions::default()
    };
    run_inputs(&args.board, |place, board| {
        let line = place.line;
        let board = match (board, line) {
            (Ok(board), _) => board,
            (Err(e), None) => return Err(e),
            (Err(e), Some(line)) => {
                if args.json {
                    print_json(&BadLine {
                        line,
                        error: e.to_string(),
                    })?;
                } else {
                    print_line(format_args!("line {line}: error: {e}"))?;
                }
                return Err(CliError::Reported(Box::new(e)));
            }
        };
        progress::prepare(&solver, board.size())?;
        // Settled as the game's panel settles it: the board's one bound (as `solve` and
        // `rate` report it), a short proof attempt, optimal exactly when plan = bound.
        let hint = match proven_hint(&solver, &board, &opts, PROOF_TIME) {
            Ok(hint) => Some(hint),
            Err(SolveError::AlreadySolved) => None,
            Err(e) => return Err(e.into()),
        };
        if args.json {
            print_json(&json_line(line, &board, hint.as_ref()))
        } else {
            let text = human(hint.as_ref());
            match line {
                None => print_line(text),
                Some(_) => print_line(format_args!("{board}: {text}")),
            }
        }
    })
}

fn json_line(line: Option<usize>, board: &Board, hint: Option<&Hint>) -> HintLine {
    HintLine {
        line,
        board: board.to_string(),
        size: crate::cli::output::json_size(board.size()),
        mv: hint.map(|h| h.mv.letter().to_string()),
        tile: hint.map(|h| h.tile),
        remaining: hint.map_or(0, |h| h.remaining),
        optimal: hint.is_none_or(|h| h.optimal),
        lower_bound: hint.map_or(0, |h| h.lower_bound),
    }
}

fn human(hint: Option<&Hint>) -> String {
    let Some(h) = hint else {
        return "already solved: 0 moves to go".to_string();
    };
    let rest = if h.optimal {
        format!("{} to go (optimal)", moves(h.remaining))
    } else {
        format!(
            "{} to go on the plan found (at least {})",
            moves(h.remaining),
            h.lower_bound
        )
    };
    format!(
        "{}: slide tile {} {}; {rest}",
        h.mv.letter(),
        h.tile,
        direction_word(h.mv)
    )
}

fn direction_word(m: Move) -> &'static str {
    match m {
        Move::Up => "up",
        Move::Down => "down",
        Move::Left => "left",
        Move::Right => "right",
    }
}
