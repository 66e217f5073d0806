//! THROWAWAY STUB — replace with the real `src/ui` from the game branch on merge.
//!
//! It exists only so the `cli` branch builds on its own: it has exactly the signature the
//! command line calls (`ui::run(ui::PlayArgs { .. })`) and does nothing useful.

use std::fmt;
use std::path::PathBuf;

use slide::difficulty::Level;
use slide::puzzle::{Board, Size};

/// What `slide play` asks the game to start with.
#[allow(dead_code, reason = "the throwaway stub reads none of them")]
#[derive(Debug, Clone, Default)]
pub struct PlayArgs {
    /// Board size.
    pub size: Option<Size>,
    /// Difficulty level.
    pub level: Option<Level>,
    /// Seed for the dealt board.
    pub seed: Option<u64>,
    /// A specific board to play.
    pub board: Option<Board>,
    /// A shared puzzle code.
    pub code: Option<String>,
    /// A config file to use instead of the default one.
    pub config: Option<PathBuf>,
}

/// Why the game could not run.
#[derive(Debug)]
pub struct UiError(String);

impl fmt::Display for UiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Runs the game (stub: prints a notice and returns).
#[allow(clippy::unnecessary_wraps, reason = "the stub keeps the real game's signature")]
pub fn run(args: PlayArgs) -> Result<(), UiError> {
    drop(args);
    println!("game not built yet");
    Ok(())
}
