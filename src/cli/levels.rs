//! `slide levels`: the band of optimal lengths of each level, per size.

use clap::Args;
use serde::Serialize;
use slide::difficulty::{Level, bands};
use slide::puzzle::Size;

use crate::cli::CliError;
use crate::cli::output::{print_json, print_line};

/// List the levels.
#[derive(Debug, Args)]
#[command(
    after_help = "Random deals a uniformly random solvable board and has no band. Sizes other \
than 3×3 to 6×6 (2×2 to 10×10, rectangles) deal random only.\n\n\
Examples:\n  slide levels\n  slide levels --json"
)]
pub struct LevelsCommand {
    /// Print one JSON object per size and level.
    #[arg(long)]
    json: bool,
}

/// One band, as `--json` prints it.
#[derive(Serialize)]
struct LevelLine {
    size: usize,
    level: Level,
    min: u32,
    max: u32,
}

/// Prints every band.
pub fn run(args: &LevelsCommand) -> Result<(), CliError> {
    if !args.json {
        print_line("size  level    optimal moves")?;
    }
    for size in Size::ALL {
        for (level, band) in bands(size) {
            if args.json {
                print_json(&LevelLine {
                    size: size.side(),
                    level,
                    min: band.min,
                    max: band.max,
                })?;
            } else {
                print_line(format_args!(
                    "{:<5} {:<8} {}–{}",
                    size.to_string(),
                    level.name(),
                    band.min,
                    band.max
                ))?;
            }
        }
    }
    Ok(())
}
