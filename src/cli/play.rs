//! `slide play`: start the game (also what `slide` alone does).

use std::path::PathBuf;

use clap::Args;
use slide::difficulty::Level;
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
slide play --mode marathon --count 10 --size 3\n  slide play --mode relay --size 5"
)]
pub struct PlayCommand {
    /// Board size: 3, 4, 5 or 6 (or 4x4).
    #[arg(long, value_name = "N", value_parser = values::game_size(), hide_possible_values = true)]
    size: Option<Size>,
    /// Difficulty: easy, medium, hard, expert or random.
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
    /// on one clock; level `marathon-N`); relay (3×3, 4×4, … up to --size on one clock;
    /// level `relay-N`). Blind, marathon and relay boards are uniformly random.
    #[arg(long, value_name = "MODE", value_parser = ["single", "blind", "marathon", "relay"])]
    mode: Option<String>,
    /// How many boards a marathon has: 2 to 999999.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=999_999))]
    count: Option<u32>,
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
    let run = match (mode, args.count) {
        (Some("marathon"), Some(count)) => ui::RunAsked::Marathon { count },
        (Some("marathon"), None) => {
            return Err(CliError::Input(
                "--mode marathon needs --count N (2 to 999999 boards)".into(),
            ));
        }
        (_, Some(_)) => return Err(CliError::Input("--count goes with --mode marathon".into())),
        (Some("relay"), None) => ui::RunAsked::Relay,
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

/// Starts the game with `args` and the config file from the global `--config`.
pub fn run(args: PlayCommand, config: Option<PathBuf>) -> Result<(), CliError> {
    let board = args.board.as_deref().map(parse_board).transpose()?;
    // The game plays the square sizes from 3×3 to 6×6 for now; the library knows more.
    if let Some(size) = args.size.or(board.map(|b| b.size())) {
        size.check_classic()?;
    }
    let run = run_asked(&args)?;
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
        level: args.level,
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
