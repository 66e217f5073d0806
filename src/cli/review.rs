//! `slide review`: the optimal distance along a game, and where it lost moves.

use clap::Args;
use serde::Serialize;
use slide::puzzle::slidysim::parse_solution;
use slide::puzzle::{Board, format_moves, parse_moves};
use slide::review::{Review, ReviewError, ReviewOptions, RunReview, review};
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
slide review \"1 2 3/4 5 6/0 7 8;1 2 3/4 5 6/7 0 8\" L3   (a marathon or relay: its boards joined by ;)\n  \
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
    /// A square's side, or a rectangle's `W×H`.
    size: serde_json::Value,
    moves: String,
    distances: Vec<u32>,
    exact: bool,
    /// For estimates (5×5, 6×6): each position's proven lower bound; absent when exact.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    lower_bounds: Vec<u32>,
    extra: u32,
}

/// A marathon's or relay's review as `--json` prints it: each board's, and the totals.
#[derive(Serialize)]
struct RunLine {
    boards: Vec<ReviewLine>,
    moves: usize,
    optimal: u32,
    exact: bool,
    extra: u32,
}

/// The moves as given: U D L R, or slidysim's run-length form (`L2` = `LL`), as
/// `slide history` prints a solution.
fn read_moves(text: &str) -> Result<Vec<slide::puzzle::Move>, CliError> {
    if text.chars().any(|c| c.is_ascii_digit()) {
        parse_solution(text)
    } else {
        parse_moves(text)
    }
    .map_err(|e| CliError::Input(format!("MOVES: {e}")))
}

/// Reviews the game given on the command line.
pub fn run(args: &ReviewCommand) -> Result<(), CliError> {
    if let [boards, moves] = args.words.as_slice()
        && boards.contains(slide::game::BOARD_SEPARATOR)
    {
        return review_run(boards, &read_moves(moves)?, args.json);
    }
    let (board, moves_text) = split(&args.words)?;
    let moves = read_moves(moves_text)?;
    // Exact on 3×3 and 4×4; every other size and shape is estimated, and said so.
    let solver = Solver::new(TableCache::default_location());
    if needs_tables(board.size()) {
        progress::prepare(&solver, board.size())?;
    }
    let result = review(&solver, &board, &moves, &ReviewOptions::default(), &mut |_| {});
    let r = match result {
        Ok(r) => r,
        Err(e @ ReviewError::IllegalMove { .. }) => return Err(CliError::Input(format!("MOVES: {e}"))),
        Err(ReviewError::Solve(e)) => return Err(e.into()),
    };
    if args.json {
        print_json(&line(&r))
    } else {
        print_human(&r)
    }
}

/// Whether a review of `size` wants its tables prepared first (with a progress bar): the
/// classic sizes past 3×3, whose exact table builds in an instant.
fn needs_tables(size: slide::puzzle::Size) -> bool {
    size.is_classic() && size != slide::puzzle::Size::THREE
}

/// One board's review as `--json` prints it.
fn line(r: &Review) -> ReviewLine {
    ReviewLine {
        board: r.board.to_string(),
        size: crate::cli::output::json_size(r.board.size()),
        moves: format_moves(&r.moves),
        distances: r.distances.clone(),
        exact: r.exact,
        lower_bounds: r.lower_bounds.clone(),
        extra: r.extra(),
    }
}

/// Reviews a marathon or a relay: its boards (joined by `;`, as the history keeps them)
/// and all its moves, split where each board is solved; each board against its optimum.
fn review_run(boards: &str, moves: &[slide::puzzle::Move], json: bool) -> Result<(), CliError> {
    let legs = slide::game::legs(boards, moves).map_err(|e| CliError::Input(format!("BOARD MOVES: {e}")))?;
    let solver = Solver::new(TableCache::default_location());
    let mut reviews = Vec::with_capacity(legs.len());
    for leg in &legs {
        if needs_tables(leg.start.size()) {
            progress::prepare(&solver, leg.start.size())?;
        }
        let r = review(
            &solver,
            &leg.start,
            &moves[leg.moves.clone()],
            &ReviewOptions::default(),
            &mut |_| {},
        )
        .map_err(|e| match e {
            e @ ReviewError::IllegalMove { .. } => CliError::Input(format!("MOVES: {e}")),
            ReviewError::Solve(e) => e.into(),
        })?;
        reviews.push(r);
    }
    let run = RunReview { boards: reviews };
    if json {
        return print_json(&RunLine {
            boards: run.boards.iter().map(line).collect(),
            moves: run.moves(),
            optimal: run.optimal(),
            exact: run.exact(),
            extra: run.extra(),
        });
    }
    let kind = if run.exact() { "optimal" } else { "best found" };
    for (i, r) in run.boards.iter().enumerate() {
        print_line(format_args!(
            "board {} ({}): {}; {kind} {}; {} extra · {}",
            i + 1,
            r.board.size(),
            crate::cli::output::moves(r.moves.len() as u64),
            r.distances.first().copied().unwrap_or(0),
            r.extra(),
            r.summary()
        ))?;
    }
    print_line(format_args!(
        "run of {} boards: {}; {kind} {}; {} extra",
        run.boards.len(),
        crate::cli::output::moves(run.moves() as u64),
        run.optimal(),
        run.extra()
    ))
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
            "(distances outside 3×3 and 4×4 are estimates: the shortest way to the goal through the plans found along \
             the game; proven where they equal the bound below them)",
        )?;
    }
    Ok(())
}
