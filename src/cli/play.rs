//! `slide play`: start the game (also what `slide` alone does).

use std::path::PathBuf;

use clap::Args;
use slide::difficulty::{Level, check_level, has_daily, levels_for};
use slide::game::RelaySizes;
use slide::puzzle::{Size, parse_board};

use crate::cli::{CliError, values};
use crate::ui;

/// Options for a new game.
#[derive(Debug, Default, PartialEq, Args)]
#[command(
    after_help = "Examples:\n  slide play\n  slide play --size 4 --level hard --seed 7\n  \
slide play --board \"8 6 7 2 5 4 3 0 1\"\n  slide play --daily --size 4\n  \
slide play --code 4H-7AE52-ZHDZ\n  slide play --picture sunset --size 3\n  \
slide play --picture ~/photos/cat.jpg\n  slide play --mode blind --size 3\n  \
slide play --mode marathon --count 10 --size 3\n  slide play --mode relay --size 5\n  \
slide play --size 5x3\n  slide play --mode relay --size 10   (3×3 to 10×10)\n  \
slide play --mode relay --sizes 3x3,4x3,4x4"
)]
pub struct PlayCommand {
    /// Board size: N for N×N, or W×H (5x3: 5 columns, 3 rows), 2 to 10 each. The square
    /// sizes 3 to 6 have the levels and the daily; the shapes of up to 15 cells have levels
    /// of their own (`slide levels`); every other size deals level random.
    #[arg(long, value_name = "N|WxH", value_parser = values::size(), hide_possible_values = true)]
    size: Option<Size>,
    /// Difficulty: easy, medium, hard, expert or random (the levels a size offers: `slide
    /// levels`; random only on the sizes without bands).
    #[arg(long, value_name = "L", value_parser = values::level(), hide_possible_values = true)]
    level: Option<Level>,
    /// Seed for the dealt board: the same seed deals the same board.
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Play this board (N² numbers row by row, 0, _ or . for the blank; or rows joined by
    /// /, as slidysim writes them: "1 2 3/4 5 6/7 0 8").
    #[arg(long, value_name = "B")]
    board: Option<String>,
    /// Play a shared puzzle code (shown in the game's side panel), such as 4H-7AE52-ZHDZ.
    #[arg(long, value_name = "CODE", conflicts_with_all = ["size", "level", "seed", "board"])]
    code: Option<String>,
    /// Play today's daily puzzle (a hard board, the same for everyone each UTC day).
    #[arg(long, conflicts_with_all = ["level", "seed", "board", "code"])]
    daily: bool,
    /// Show a picture on the tiles: a shipped picture (sunset, rings, mountains, flower) or
    /// the path of a PNG or JPEG file.
    #[arg(long, value_name = "NAME|PATH", value_parser = values::picture(), hide_possible_values = true)]
    picture: Option<String>,
    /// The kind of solve: single (the default); blind (numbers and picture hidden after
    /// the first move; level `blind`); marathon (--count random boards of --size in a row
    /// on one clock; level `marathon-N`); relay (3×3, 4×4, … up to --size N×N, 3 to 10, on
    /// one clock; level `relay-N`; or the boards of --sizes). Blind, marathon and relay
    /// boards are uniformly random.
    #[arg(long, value_name = "MODE", value_parser = ["single", "blind", "marathon", "relay"])]
    mode: Option<String>,
    /// How many boards a marathon has: 2 to 999999.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=999_999))]
    count: Option<u32>,
    /// A relay's boards, in order, joined by commas: 3x3,4x3,4x4 (each N or W×H, 2 to 10;
    /// at most 18 boards). Its level is `relay-3x3-4x3-4x4`.
    #[arg(long, value_name = "LIST", conflicts_with = "size", value_parser = relay_sizes)]
    sizes: Option<RelaySizes>,
}

/// `--sizes`: a relay's list.
fn relay_sizes(text: &str) -> Result<RelaySizes, String> {
    text.parse().map_err(|e: slide::game::RelayError| e.to_string())
}

impl PlayCommand {
    /// The size and level asked for, for the parsing tests.
    #[cfg(test)]
    pub fn size_and_level(&self) -> (Option<Size>, Option<Level>) {
        (self.size, self.level)
    }
}

/// The marathon or relay asked for: `--count` goes with a marathon only, and a run deals
/// its own boards (no board, code, daily or level).
fn run_asked(args: &PlayCommand) -> Result<Option<ui::RunAsked>, CliError> {
    let mode = args.mode.as_deref();
    if args.sizes.is_some() && mode != Some("relay") {
        return Err(CliError::Input("--sizes goes with --mode relay".into()));
    }
    let run = match (mode, args.count) {
        (Some("marathon"), Some(count)) => ui::RunAsked::Marathon { count },
        (Some("marathon"), None) => {
            return Err(CliError::Input(
                "--mode marathon needs --count N (2 to 999999 boards)".into(),
            ));
        }
        (_, Some(_)) => return Err(CliError::Input("--count goes with --mode marathon".into())),
        (Some("relay"), None) => match (args.sizes, args.size) {
            (Some(sizes), _) => ui::RunAsked::RelayOf(sizes),
            (None, Some(size)) if size.square_side().is_none_or(|n| n < 3) => {
                return Err(CliError::Input(format!(
                    "--mode relay --size N plays 3×3 up to N×N (N from 3 to 10), not {size}: \
                     give a list of sizes with --sizes (e.g. --sizes 3x3,4x3,4x4)"
                )));
            }
            (None, _) => ui::RunAsked::Relay,
        },
        _ => return Ok(None),
    };
    if args.board.is_some() || args.code.is_some() || args.daily || args.level.is_some() {
        return Err(CliError::Input(format!(
            "--mode {} deals its own random boards: no --board, --code, --daily or --level",
            mode.unwrap_or_default()
        )));
    }
    Ok(Some(run))
}

/// The level to deal at: the one asked for, if the size offers it (the daily, only on the
/// sizes that have one); on a size with one level (every shape but 3×3 to 6×6: random), that
/// level, asked for or not.
fn level_asked(args: &PlayCommand) -> Result<Option<Level>, CliError> {
    let Some(size) = args.size else {
        return Ok(args.level);
    };
    if args.daily && !has_daily(size) {
        return Err(CliError::Input(format!(
            "the daily puzzle is played on 3×3 to 6×6, not {size}"
        )));
    }
    if let Some(level) = args.level {
        return Ok(Some(
            check_level(size, level).map_err(|e| CliError::Input(e.to_string()))?,
        ));
    }
    Ok(match levels_for(size)[..] {
        [only] if args.board.is_none() && args.code.is_none() && !args.daily => Some(only),
        _ => None,
    })
}

/// Starts the game with `args` and the config file from the global `--config`.
pub fn run(args: PlayCommand, config: Option<PathBuf>) -> Result<(), CliError> {
    let board = args.board.as_deref().map(parse_board).transpose()?;
    let run = run_asked(&args)?;
    let level = if run.is_some() { args.level } else { level_asked(&args)? };
    if let (Some(size), Some(board)) = (args.size, board)
        && size != board.size()
    {
        return Err(CliError::Input(format!(
            "--size {size} does not match the {} board given with --board",
            board.size()
        )));
    }
    ui::run(ui::PlayArgs {
        size: args.size,
        level,
        seed: args.seed,
        board,
        code: args.code,
        daily: args.daily,
        picture: args.picture,
        config,
        blind: args.mode.as_deref() == Some("blind"),
        run,
    })
    .map_err(|e| {
        if e.is_bad_input() {
            CliError::Input(e.to_string())
        } else {
            CliError::Failure(e.to_string())
        }
    })
}
