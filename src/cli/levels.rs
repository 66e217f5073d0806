//! `slide levels`: the band of optimal lengths of each level, per size.

use clap::Args;
use serde::Serialize;
use slide::difficulty::{Difficulty, Level, difficulty_of, level_bands, levels_for};
use slide::puzzle::Size;

use crate::cli::output::{print_json, print_line};
use crate::cli::{CliError, values};

/// List the levels.
#[derive(Debug, Args)]
#[command(
    after_help = "Random deals a uniformly random solvable board and has no band. Besides \
3×3 to 6×6, the shapes whose boards the solver proves within milliseconds have bands of their \
own (2×3 to 2×7, 3×4 and 3×5, either way round; 2×3 has no easy band). Every other size \
(2×2, 2×8, 4×5, 7×7 …) deals random only, and `slide rate` gives a board's difficulty as the \
length of the solver's plan, an estimate.\n\n\
Examples:\n  slide levels\n  slide levels --size 4x3\n  slide levels --json"
)]
pub struct LevelsCommand {
    /// Only this size: N for N×N, or W×H (4x3 or 4×3: W columns, H rows).
    #[arg(long, value_name = "N", value_parser = values::size(), hide_possible_values = true)]
    size: Option<Size>,
    /// Print one JSON object per size and level.
    #[arg(long)]
    json: bool,
}

/// One band, as `--json` prints it.
#[derive(Serialize)]
struct LevelLine {
    size: serde_json::Value,
    level: Level,
    min: u32,
    max: u32,
    /// Whether the size deals the level (2×7's and 3×5's Expert is measured, not dealt).
    dealt: bool,
}

/// The sizes with bands: the classic sizes, then the other shapes by cells, then width.
fn banded_sizes() -> Vec<Size> {
    let mut shapes: Vec<Size> = (2..=10)
        .flat_map(|w| (2..=10).filter_map(move |h| Size::rect(w, h).ok()))
        .filter(|s| !s.is_classic() && difficulty_of(*s) == Difficulty::Bands)
        .collect();
    shapes.sort_by_key(|s| (s.cells(), s.width()));
    Size::ALL.into_iter().chain(shapes).collect()
}

/// Prints every band (or one size's).
pub fn run(args: &LevelsCommand) -> Result<(), CliError> {
    let sizes = args.size.map_or_else(banded_sizes, |s| vec![s]);
    if !args.json {
        print_line("size  level    optimal moves")?;
    }
    for size in sizes {
        let bands = level_bands(size);
        if bands.is_empty() && !args.json {
            print_line(format_args!(
                "{:<5} random   (no bands: the difficulty is the solver's plan length, an estimate)",
                size.to_string()
            ))?;
        }
        let dealt = levels_for(size);
        for (level, band) in bands {
            let dealt = dealt.contains(&level);
            if args.json {
                print_json(&LevelLine {
                    size: crate::cli::output::json_size(size),
                    level,
                    min: band.min,
                    max: band.max,
                    dealt,
                })?;
            } else {
                print_line(format_args!(
                    "{:<5} {:<8} {}–{}{}",
                    size.to_string(),
                    level.name(),
                    band.min,
                    band.max,
                    if dealt {
                        ""
                    } else {
                        "   (measured, not dealt: its proofs take seconds)"
                    }
                ))?;
            }
        }
    }
    Ok(())
}
