//! `slide replay ID`: a recorded attempt played back in the terminal at its real speed,
//! with its clock (the ids are those `slide history --json` prints); a marathon or a relay
//! board after board on its one clock.

use std::path::Path;

use clap::Args;
use slide::game::Store;

use crate::cli::CliError;
use crate::cli::history::load_records;
use crate::ui;

/// Options of `slide replay`.
#[derive(Debug, Args)]
#[command(
    after_help = "In the replay: the pause key pauses and plays on, left and right step a move back or on, \
down and up play slower or faster (×0.5, ×1, ×2, ×4), the restart key plays from the start, back closes \
(keys as bound in config.toml). On 3×3 and 4×4 the optimal distance after each move is shown, with the \
detours, as in the review. A marathon or a relay plays back board after board on its one clock.\n\n\
Examples:\n  slide history --json --last 1\n  slide replay 0193a0c2f1d4e5b6-1"
)]
pub struct ReplayCommand {
    /// The attempt's id, as `slide history --json` prints it.
    #[arg(value_name = "ID")]
    id: String,
}

/// Runs `slide replay`, with the game's settings from `config` (or the default file).
pub fn run(args: &ReplayCommand, config: Option<&Path>) -> Result<(), CliError> {
    let store = Store::locate().map_err(|e| CliError::Failure(e.to_string()))?;
    let history = load_records(&store)?;
    let Some(record) = history.attempts.iter().find(|a| a.id == args.id) else {
        // A line that failed the checks on load is not in the history: said as such.
        if let Some((_, why)) = history.rejected.iter().find(|(id, _)| *id == args.id) {
            return Err(CliError::Input(format!("attempt {} can't be replayed: {why}", args.id)));
        }
        return Err(CliError::Input(format!(
            "no attempt with id '{}' in the history (slide history --json shows the ids)",
            args.id
        )));
    };
    // A record that can't be played back is said so before the terminal is taken.
    if let Err(e) = slide::game::Replay::of(record) {
        return Err(CliError::Input(format!("attempt {} can't be replayed: {e}", args.id)));
    }
    ui::replay(record, config).map_err(|e| {
        if e.is_bad_input() {
            CliError::Input(e.to_string())
        } else {
            CliError::Failure(e.to_string())
        }
    })
}
