//! `slide generate`: deal boards of a difficulty level, one a line.

use std::time::Instant;

use clap::Args;
use serde::Serialize;
use slide::difficulty::{Level, generate};
use slide::puzzle::{SeededRng, Size};
use slide::solver::{Solver, TableCache};

use crate::cli::output::{millis, print_json, print_line};
use crate::cli::{CliError, progress, values};

/// Deal boards.
#[derive(Debug, Args)]
#[command(
    after_help = "Board k (from 0) of a run uses seed S + k, so a seed always deals the same \
boards. Without --seed, a random seed is used.\n\n\
Examples:\n  slide generate --size 3 --level easy\n  \
slide generate --size 4 --level expert --count 10 --seed 42 --json"
)]
pub struct GenerateCommand {
    /// Board size: 3, 4, 5 or 6 (or 4x4).
    #[arg(long, value_name = "N")]
    size: Size,
    /// Difficulty: easy, medium, hard, expert or random.
    #[arg(long, value_name = "L")]
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
    size: usize,
    level: Level,
    seed: u64,
    rating: u32,
    expected_length: u32,
    length: Option<u32>,
    millis: f64,
}

/// Deals the boards asked for.
pub fn run(args: &GenerateCommand) -> Result<(), CliError> {
    let solver = Solver::new(TableCache::default_location());
    progress::prepare(&solver, args.size)?;
    let first_seed = args.seed.unwrap_or_else(|| SeededRng::from_entropy().next_u64());
    for k in 0..args.count {
        let seed = first_seed.wrapping_add(k);
        let start = Instant::now();
        let dealt = generate(&solver, args.size, args.level, seed);
        let elapsed = start.elapsed();
        if args.json {
            print_json(&GenerateLine {
                board: dealt.board.to_string(),
                size: args.size.side(),
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
