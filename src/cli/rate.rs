//! `slide rate`: every heuristic's value for a board, its level and expected length.

use clap::Args;
use serde::Serialize;
use slide::difficulty::{Difficulty, Level, LevelRating, band_of, difficulty_of, rate_level};
use slide::puzzle::Board;
use slide::solver::{Rating, SolveOptions, Solver, TableCache};

use crate::cli::board_input::run_boards;
use crate::cli::output::{print_json, print_line};
use crate::cli::{CliError, progress};

/// Rate boards.
#[derive(Debug, Args)]
#[command(
    after_help = "Values are lower bounds on the optimal number of moves; `exact` is the \
optimal length where it is known cheaply (3×3). `lower bound` is the largest of them, the \
bound `solve` and `hint` report too.\n\n\
On the shapes with bands that are not 3×3 to 6×6 (2×3 to 2×7, 3×4, 3×5, either way round) \
the board is solved optimally and its level is the band of its optimal length. Every other \
shape has no bands: its difficulty is the length of the solver's plan, an estimate (not \
proven optimal unless it says so), beside the lower bound.\n\n\
Boards are written as for `slide solve`, slidysim's form (rows joined by /) included.\n\n\
Examples:\n  slide rate 8 6 7 2 5 4 3 0 1\n  slide rate \"8 6 7/2 5 4/3 0 1\"\n  slide generate --size 4 --level hard --count 3 | slide rate - --json"
)]
pub struct RateCommand {
    /// The board, or - to read one board per line from stdin.
    #[arg(value_name = "BOARD")]
    board: Vec<String>,
    /// Print one JSON object per board.
    #[arg(long)]
    json: bool,
}

/// One rated board, as `--json` prints it.
#[derive(Serialize)]
struct RateLine {
    board: String,
    size: serde_json::Value,
    manhattan: u32,
    linear_conflict: u32,
    walking_distance: Option<u32>,
    pdb: Option<u32>,
    exact: Option<u32>,
    lower_bound: u32,
    /// A level's name; `solved` for the goal, `trivial` below the easy band.
    level: String,
    expected_length: u32,
    /// Whether the board is the goal (every value is then 0).
    solved: bool,
    /// On a size without bands, the length of the solver's plan: the difficulty, an estimate.
    plan_length: Option<u32>,
    /// Whether the solver proved `plan_length` optimal.
    plan_optimal: Option<bool>,
}

/// The solver's plan for a board of a size without bands: its length and whether it was
/// proven optimal.
#[derive(Clone, Copy)]
struct Plan {
    length: u32,
    optimal: bool,
}

/// What `rate` adds to the rating on a shape that is not classic: the optimal length where
/// the shape has bands (its boards are proven within milliseconds), the solver's plan where
/// it has none (the difficulty, as an estimate).
fn solved_shape(solver: &Solver, board: &Board, a: LevelRating) -> Result<(LevelRating, Option<Plan>), CliError> {
    if board.size().is_classic() || board.is_goal() {
        return Ok((a, None));
    }
    // A banded shape's boards are proven in milliseconds; elsewhere a plan within the usual
    // second is the estimate.
    let bands = difficulty_of(board.size()) == Difficulty::Bands;
    let opts = SolveOptions {
        optimal: bands,
        ..SolveOptions::default()
    };
    let s = solver
        .solve(board, &opts)
        .map_err(|e| CliError::Failure(e.to_string()))?;
    let length = s.len() as u32;
    if bands && s.optimal {
        return Ok((a.with_length(board.size(), length), None));
    }
    Ok((
        a,
        Some(Plan {
            length,
            optimal: s.optimal,
        }),
    ))
}

/// Rates every board asked for.
pub fn run(args: &RateCommand) -> Result<(), CliError> {
    let solver = Solver::new(TableCache::default_location());
    let mut first = true;
    run_boards(&args.board, |_, board| {
        progress::prepare(&solver, board.size())?;
        let rating = solver.rate(&board);
        let (assessment, plan) = solved_shape(&solver, &board, rate_level(&solver, &board))?;
        if args.json {
            print_json(&RateLine {
                board: board.to_string(),
                size: crate::cli::output::json_size(board.size()),
                manhattan: rating.manhattan,
                linear_conflict: rating.linear_conflict,
                walking_distance: rating.walking_distance,
                pdb: rating.pdb,
                exact: rating.exact.or(assessment.length),
                lower_bound: rating.lower_bound,
                level: level_word(&board, &assessment),
                expected_length: assessment.expected_length,
                solved: board.is_goal(),
                plan_length: plan.map(|p| p.length),
                plan_optimal: plan.map(|p| p.optimal),
            })
        } else {
            if !first {
                print_line("")?;
            }
            first = false;
            print_human(&board, &rating, &assessment, plan)
        }
    })
}

fn print_human(board: &Board, r: &Rating, a: &LevelRating, plan: Option<Plan>) -> Result<(), CliError> {
    let maybe = |v: Option<u32>| v.map_or_else(|| "n/a".to_string(), |v| v.to_string());
    print_line(format_args!("board              {board}"))?;
    if board.is_goal() {
        // Heuristics and a level say nothing useful about the goal itself.
        return print_line("already solved     0 moves to go");
    }
    print_line(format_args!("manhattan          {}", r.manhattan))?;
    print_line(format_args!("linear conflict    {}", r.linear_conflict))?;
    print_line(format_args!("walking distance   {}", maybe(r.walking_distance)))?;
    print_line(format_args!("pattern databases  {}", maybe(r.pdb)))?;
    print_line(format_args!("lower bound        {}", r.lower_bound))?;
    if let Some(exact) = a.length {
        print_line(format_args!("optimal length     {exact} (exact)"))?;
    }
    if let Some(plan) = plan {
        // No bands on this size: the plan's length is the difficulty, and an estimate unless
        // the solver proved it.
        let what = if plan.optimal {
            "proven optimal"
        } else {
            "an estimate, not proven optimal"
        };
        print_line(format_args!("plan length        {} ({what})", plan.length))?;
        return print_line(format_args!(
            "level              random (no bands on {}: the difficulty is the plan's length)",
            board.size()
        ));
    }
    let level = level_word(board, a);
    let below = match band_of(board.size(), Level::Easy) {
        Some(easy) if level == "trivial" => format!(", below easy's {}–{}", easy.min, easy.max),
        _ => String::new(),
    };
    print_line(format_args!(
        "level              {level} (expected length {}{below})",
        a.expected_length
    ))
}

/// The level's name, or what a board is when it is in none: `solved` (the goal), `trivial`
/// (shorter than the easy band, a move or two from the goal).
fn level_word(board: &Board, a: &LevelRating) -> String {
    if board.is_goal() {
        return "solved".to_string();
    }
    let length = a.length.unwrap_or(a.expected_length);
    match band_of(board.size(), Level::Easy) {
        Some(easy) if length < easy.min => "trivial".to_string(),
        _ => a.level.name().to_string(),
    }
}
