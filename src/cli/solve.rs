//! `slide solve`: solve one board, or one board per line from stdin (a run's scramble:
//! each of its boards in turn).

use std::time::Duration;

use clap::Args;
use serde::Serialize;
use slide::puzzle::{Board, format_moves};
use slide::solver::{HeuristicKind, Solution, SolveOptions, Solver, TableCache, lower_bound};

use crate::cli::board_input::run_boards;
use crate::cli::output::{grouped, human_duration, millis, print_json, print_line};
use crate::cli::{CliError, progress, values};

/// Solve boards.
#[derive(Debug, Args)]
#[command(after_help = "Boards are N² numbers row by row (N = 3..6), separated by spaces or \
commas, with 0, _ or . for the blank; give them as one argument or several. Rows may be joined \
by / as slidysim writes a scramble (1 2 3/4 5 6/7 0 8). On stdin, the JSON lines of generate, \
solve, rate, hint and history are read too. A marathon's or relay's scramble (its boards joined \
by ;, as history prints it) is solved board by board, each named by its place in the run.\n\n\
Examples:\n  slide solve 8 6 7 2 5 4 3 0 1\n  slide solve \"1 2 3/4 5 6/7 0 8\"\n  slide solve \"1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15\" --json\n  \
slide generate --size 4 --level medium --count 5 | slide solve - --json")]
pub struct SolveCommand {
    /// The board, or - to read one board per line from stdin.
    #[arg(value_name = "BOARD")]
    board: Vec<String>,
    /// The heuristic: manhattan, linear-conflict, walking-distance, pdb or auto.
    #[arg(long, value_name = "H", default_value = "auto", value_parser = values::heuristic(), hide_possible_values = true)]
    heuristic: HeuristicKind,
    /// Time budget in seconds (5×5 and 6×6 return their best plan when it runs out).
    #[arg(long, value_name = "SECS", value_parser = values::seconds)]
    max_time: Option<Duration>,
    /// Insist on a proven optimal solution on any size. With --max-time, the search stops
    /// there and returns the best plan found with its lower bound, marked not proven.
    #[arg(long)]
    optimal: bool,
    /// Print one JSON object per board.
    #[arg(long)]
    json: bool,
}

/// One solved board, as `--json` prints it.
#[derive(Serialize)]
struct SolveLine {
    /// A run's board: its place in the run, from 1 (absent for a single board).
    #[serde(skip_serializing_if = "Option::is_none")]
    run_board: Option<usize>,
    /// A run's board: how many boards the run has.
    #[serde(skip_serializing_if = "Option::is_none")]
    run_boards: Option<usize>,
    board: String,
    size: serde_json::Value,
    length: usize,
    moves: String,
    optimal: bool,
    lower_bound: u32,
    nodes: u64,
    millis: f64,
}

/// Solves every board asked for.
pub fn run(args: &SolveCommand) -> Result<(), CliError> {
    let solver = Solver::new(TableCache::default_location());
    let opts = SolveOptions {
        heuristic: args.heuristic,
        max_time: args.max_time,
        optimal: args.optimal,
        threads: slide::solver::available_threads(),
        ..SolveOptions::default()
    };
    let mut first = true;
    run_boards(&args.board, |place, board| {
        // The classic sizes' optimal searches end within seconds, and say nothing as they go.
        let spin = args.optimal && !args.json && !board.size().is_classic();
        if spin && matches!(opts.heuristic, HeuristicKind::Auto | HeuristicKind::Pdb) {
            // The tables' bar first, then the search's spinner: never both at once.
            progress::prepare(&solver, board.size())?;
        }
        let solution = progress::with_search_spinner(spin, |callback| {
            let opts = SolveOptions {
                progress: callback,
                ..opts.clone()
            };
            solve_one(&solver, &board, &opts)
        })?;
        if args.json {
            print_json(&SolveLine {
                run_board: place.part.map(|(k, _)| k),
                run_boards: place.part.map(|(_, n)| n),
                board: board.to_string(),
                size: crate::cli::output::json_size(board.size()),
                length: solution.len(),
                moves: format_moves(&solution.moves),
                optimal: solution.optimal,
                lower_bound: solution.lower_bound,
                nodes: solution.nodes,
                millis: millis(solution.elapsed),
            })
        } else {
            if !first {
                print_line("")?;
            }
            first = false;
            // A run's board is named by its place, on a line the commands skip when read back.
            if let Some((k, n)) = place.part {
                print_line(format_args!("run     board {k} of {n}"))?;
            }
            print_human(&board, &solution, args.optimal)
        }
    })
}

/// Prepares the tables the heuristic needs, then solves.
pub fn solve_one(solver: &Solver, board: &Board, opts: &SolveOptions) -> Result<Solution, CliError> {
    if matches!(opts.heuristic, HeuristicKind::Auto | HeuristicKind::Pdb) {
        progress::prepare(solver, board.size())?;
    }
    let solution = solver.solve(board, opts)?;
    Ok(with_best_bound(solver, board, solution))
}

/// Reports the board's one lower bound (the one `rate` and `hint` report too), raised to
/// what the search proved; a plan as short as that bound is optimal, whoever found it.
fn with_best_bound(solver: &Solver, board: &Board, mut s: Solution) -> Solution {
    // An optimal plan's length is the best bound there is; skip the heuristics.
    if !s.optimal {
        s.lower_bound = s.lower_bound.max(lower_bound(solver, board));
        s.optimal = s.len() as u32 == s.lower_bound;
    }
    s
}

fn print_human(board: &Board, s: &Solution, asked_optimal: bool) -> Result<(), CliError> {
    print_line(format_args!("board   {board}"))?;
    let quality = if s.optimal {
        "optimal".to_string()
    } else if asked_optimal {
        format!("not proven optimal within --max-time, at least {}", s.lower_bound)
    } else {
        format!("not proven optimal, at least {}", s.lower_bound)
    };
    print_line(format_args!("length  {} ({quality})", s.len()))?;
    if s.is_empty() {
        print_line("moves   none: already solved, 0 moves")?;
    } else {
        print_line(format_args!("moves   {}", format_moves(&s.moves)))?;
    }
    print_line(format_args!(
        "search  {} nodes in {}",
        grouped(s.nodes),
        human_duration(s.elapsed)
    ))
}
