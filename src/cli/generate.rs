//! `slide generate`: deal boards of a difficulty level, one a line.

use std::time::Instant;

use clap::Args;
use serde::Serialize;
use slide::difficulty::{Level, check_level, deal_shape, generate};
use slide::puzzle::{SeededRng, Size};
use slide::solver::{Solver, TableCache};

use crate::cli::output::{millis, print_json, print_line};
use crate::cli::{CliError, progress, values};

/// Deal boards.
#[derive(Debug, Args)]
#[command(
    after_help = "Board k (from 0) of a run uses seed S + k, so a seed always deals the same \
boards. Without --seed, a random seed below 2^40 is used, as the game deals. In --json, a seed \
is a number below 2^53 (which every JSON reader keeps exact) and a string above.\n\n\
Levels are bands of optimal length, measured on 3×3 to 6×6 and on the shapes of up to 15 \
cells (2×3 to 2×7, 3×4, 3×5, either way round; `slide levels` lists them); every other size \
(WxH, 2 to 10 each) is dealt with level random, a uniformly random solvable board.\n\n\
Examples:\n  slide generate --size 3 --level easy\n  \
slide generate --size 4 --level expert --count 10 --seed 42 --json\n  \
slide generate --size 4x3 --level hard --seed 1\n  \
slide generate --size 7x7 --level random"
)]
pub struct GenerateCommand {
    /// Board size: N for N×N, or W×H (4x3 or 4×3: W columns, H rows), 2 to 10 each.
    #[arg(long, value_name = "N", value_parser = values::size(), hide_possible_values = true)]
    size: Size,
    /// Difficulty: easy, medium, hard, expert or random.
    #[arg(long, value_name = "L", value_parser = values::level(), hide_possible_values = true)]
    level: Level,
    /// How many boards.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = values::count)]
    count: u64,
    /// Seed of the first board.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Print one JSON object per board.
    #[arg(long)]
    json: bool,
}

/// One dealt board, as `--json` prints it.
#[derive(Serialize)]
struct GenerateLine {
    board: String,
    size: serde_json::Value,
    level: Level,
    #[serde(serialize_with = "exact_seed")]
    seed: u64,
    rating: u32,
    expected_length: u32,
    length: Option<u32>,
    millis: f64,
}

/// Random seeds stay below this, as the game's own (whose puzzle codes are then short).
const RANDOM_SEED_LIMIT: u64 = 1 << 40;

/// The largest integer below which every JSON reader (JavaScript's numbers, jq) keeps an
/// integer exact: 2^53.
const JSON_EXACT_LIMIT: u64 = 1 << 53;

/// A seed as a JSON number when readers keep it exact, else as a string: a seed rounded by
/// a reader would deal another board.
#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's serialize_with passes a reference"
)]
fn exact_seed<S: serde::Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
    if *seed < JSON_EXACT_LIMIT {
        s.serialize_u64(*seed)
    } else {
        s.serialize_str(&seed.to_string())
    }
}

/// Deals the boards asked for.
pub fn run(args: &GenerateCommand) -> Result<(), CliError> {
    check_level(args.size, args.level).map_err(|e| CliError::Input(e.to_string()))?;
    if !args.size.is_classic() && args.level == Level::Random {
        return run_shape(args);
    }
    let solver = Solver::new(TableCache::default_location());
    progress::prepare(&solver, args.size)?;
    let first_seed = args
        .seed
        .unwrap_or_else(|| SeededRng::from_entropy().next_u64() & (RANDOM_SEED_LIMIT - 1));
    for k in 0..args.count {
        let seed = first_seed.wrapping_add(k);
        let start = Instant::now();
        let dealt = generate(&solver, args.size, args.level, seed);
        let elapsed = start.elapsed();
        if args.json {
            print_json(&GenerateLine {
                board: dealt.board.to_string(),
                size: crate::cli::output::json_size(args.size),
                level: dealt.level,
                seed: dealt.seed,
                rating: dealt.rating,
                expected_length: dealt.expected_length,
                length: dealt.length,
                millis: millis(elapsed),
            })?;
        } else {
            print_line(dealt.board)?;
        }
    }
    Ok(())
}

/// Deals level random on a size that is not classic, one board a line
/// (in `--json`, the board, size, level and seed, with the Manhattan-plus-conflicts bound
/// as its rating).
fn run_shape(args: &GenerateCommand) -> Result<(), CliError> {
    let first_seed = args
        .seed
        .unwrap_or_else(|| SeededRng::from_entropy().next_u64() & (RANDOM_SEED_LIMIT - 1));
    let solver = Solver::new(TableCache::disabled());
    for k in 0..args.count {
        let seed = first_seed.wrapping_add(k);
        let start = Instant::now();
        let board = deal_shape(args.size, args.level, seed).map_err(|e| CliError::Input(e.to_string()))?;
        if args.json {
            let rating = solver.rate(&board).lower_bound;
            print_json(&GenerateLine {
                board: board.to_string(),
                size: crate::cli::output::json_size(args.size),
                level: args.level,
                seed,
                rating,
                expected_length: rating,
                length: None,
                millis: millis(start.elapsed()),
            })?;
        } else {
            print_line(board)?;
        }
    }
    Ok(())
}
