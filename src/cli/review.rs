//! `slide review`: the optimal distance along a game, and where it lost moves.

use clap::Args;
use serde::Serialize;
use slide::puzzle::slidysim::parse_solution;
use slide::puzzle::{Board, format_moves, parse_moves};
use slide::review::{Review, ReviewError, ReviewOptions, review};
use slide::solver::{Solver, TableCache};

use crate::cli::board_input::board_from_words;
use crate::cli::output::{print_json, print_line};
use crate::cli::{CliError, progress};

/// Review a game.
#[derive(Debug, Args)]
#[command(
    after_help = "MOVES is a string of tile moves, U D L R (the tile slides into the blank); a \
number after a letter repeats it (L2 = LL), as in slidysim's solutions and `slide history`. The \
board may also be written in slidysim's form, rows joined by /.\n\n\
Examples:\n  slide review \"1 2 3 4 5 6 0 7 8\" LL\n  \
slide review \"1 2 3/4 5 6/0 7 8\" L2\n  \
slide review 8 6 7 2 5 4 3 0 1 RDLURDLUR --json"
)]
pub struct ReviewCommand {
    /// The start board (N² numbers row by row, 0, _ or . for the blank, or rows joined by /;
    /// as one argument or one number per argument), then the moves played.
    #[arg(value_name = "BOARD MOVES", required = true, num_args = 1..)]
    words: Vec<String>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// The review as `--json` prints it.
#[derive(Serialize)]
struct ReviewLine {
    board: String,
    size: usize,
    moves: String,
    distances: Vec<u32>,
    exact: bool,
    /// For estimates (5×5, 6×6): each position's proven lower bound; absent when exact.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    lower_bounds: Vec<u32>,
    extra: u32,
}

/// Reviews the game given on the command line.
pub fn run(args: &ReviewCommand) -> Result<(), CliError> {
    let (board, moves_text) = split(&args.words)?;
    // A number after a letter is slidysim's run-length form (`L2` = `LL`), as `slide history`
    // prints a solution.
    let moves = if moves_text.chars().any(|c| c.is_ascii_digit()) {
        parse_solution(moves_text)
    } else {
        parse_moves(moves_text)
    }
    .map_err(|e| CliError::Input(format!("MOVES: {e}")))?;
    let solver = Solver::new(TableCache::default_location());
    if board.size().side() > 3 {
        progress::prepare(&solver, board.size())?;
    }
    let result = review(&solver, &board, &moves, &ReviewOptions::default(), &mut |_| {});
    let r = match result {
        Ok(r) => r,
        Err(e @ ReviewError::IllegalMove { .. }) => return Err(CliError::Input(format!("MOVES: {e}"))),
        Err(ReviewError::Solve(e)) => return Err(e.into()),
    };
    if args.json {
        print_json(&ReviewLine {
            board: r.board.to_string(),
            size: r.board.size().side(),
            moves: format_moves(&r.moves),
            distances: r.distances.clone(),
            exact: r.exact,
            lower_bounds: r.lower_bounds.clone(),
            extra: r.extra(),
        })
    } else {
        print_human(&r)
    }
}

/// The board (every word but the last) and the moves (the last word). When the last word
/// is a number, the moves are missing (`slide review 1 2 3 4 5 6 0 7 8`): said so, after
/// any fault of the board itself.
fn split(words: &[String]) -> Result<(Board, &str), CliError> {
    let example = "e.g. slide review \"1 2 3 4 5 6 0 7 8\" LL";
    let Some((moves, board)) = words.split_last() else {
        return Err(CliError::Input(format!(
            "give the start board, then the moves ({example})"
        )));
    };
    let looks_like_tiles = |w: &str| {
        !w.is_empty()
            && w.chars()
                .all(|c| c.is_ascii_digit() || c.is_whitespace() || matches!(c, ',' | '_' | '.' | '/'))
    };
    if looks_like_tiles(moves) {
        board_from_words(words)?;
        return Err(CliError::Input(format!(
            "no moves given: after the board, give the moves played as one word of U D L R ({example})"
        )));
    }
    if board.is_empty() {
        return Err(CliError::Input(format!(
            "no board given: give the start board before the moves ({example})"
        )));
    }
    Ok((board_from_words(board)?, moves.as_str()))
}

fn print_human(r: &Review) -> Result<(), CliError> {
    let s = r.summary();
    let kind = if r.exact { "optimal" } else { "estimated" };
    let first = r.distances.first().copied().unwrap_or(0);
    print_line(format_args!(
        "{}; {kind} at the start: {first}; {} extra",
        crate::cli::output::moves(r.moves.len() as u64),
        r.extra()
    ))?;
    print_line(&s)?;
    let distances: Vec<String> = r.distances.iter().map(u32::to_string).collect();
    print_line(format_args!("distances: {}", distances.join(" ")))?;
    if !r.exact {
        let bounds: Vec<String> = r.lower_bounds.iter().map(u32::to_string).collect();
        print_line(format_args!("proven at least: {}", bounds.join(" ")))?;
    }
    for d in &s.detours {
        let moves = if d.len == 1 {
            format!("move {}", d.first_move)
        } else {
            format!("moves {}–{}", d.first_move, d.first_move + d.len - 1)
        };
        print_line(format_args!("detour at {moves}: +{}", d.cost))?;
    }
    if !r.exact {
        print_line(
            "(5×5 and 6×6 distances are estimates: the shortest way to the goal through the plans found along \
             the game; proven where they equal the bound below them)",
        )?;
    }
    Ok(())
}
