//! How the game was asked to start, from the command line.

use std::path::PathBuf;

use slide::difficulty::Level;
use slide::game::RunKind;
use slide::puzzle::{Board, Size};

/// How to start the game (from the command line).
#[derive(Debug, Clone, Default)]
pub struct PlayArgs {
    /// Board side for a dealt game.
    pub size: Option<Size>,
    /// Level for a dealt game.
    pub level: Option<Level>,
    /// Seed for a dealt game.
    pub seed: Option<u64>,
    /// A given board.
    pub board: Option<Board>,
    /// A puzzle code.
    pub code: Option<String>,
    /// Today's daily puzzle (at `size`, or the configured size).
    pub daily: bool,
    /// A picture for the tiles: a shipped picture's name or a PNG/JPEG file (overrides
    /// the config's `game.picture`).
    pub picture: Option<String>,
    /// A config file instead of the default lookup.
    pub config: Option<PathBuf>,
    /// Blind solves: the numbers (and the picture) hidden after the first move.
    pub blind: bool,
    /// A marathon or relay (`--mode marathon --count N`, `--mode relay`), its size still to
    /// come from `size` or the config.
    pub run: Option<RunAsked>,
}

/// The marathon or relay asked for on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunAsked {
    /// `count` boards of the size asked for (or the config's).
    Marathon {
        /// How many boards.
        count: u32,
    },
    /// 3×3 up to the size asked for (or the config's).
    Relay,
    /// These sizes, in order (`--sizes`).
    RelayOf(slide::game::RelaySizes),
}

impl RunAsked {
    /// The run, at `size`.
    pub fn at(self, size: Size) -> RunKind {
        match self {
            RunAsked::Marathon { count } => RunKind::Marathon { size, count },
            RunAsked::Relay => RunKind::relay_to(size),
            RunAsked::RelayOf(sizes) => RunKind::Relay { sizes },
        }
    }
}
