//! `slide tables`: build or load the solver's tables ahead of time.

use std::time::Instant;

use clap::Subcommand;
use slide::puzzle::Size;
use slide::solver::{Solver, TableCache};

use crate::cli::output::{human_duration, print_line};
use crate::cli::{CliError, progress};

/// Table commands.
#[derive(Debug, Subcommand)]
pub enum TablesCommand {
    /// Build (or load from the cache) the tables of one size, or of every size.
    #[command(after_help = "Tables are cached on disk (under $SLIDE_CACHE_DIR when set, else the \
user's cache directory) and rebuilt if missing or corrupt.\n\n\
Examples:\n  slide tables build --size 4\n  slide tables build")]
    Build {
        /// Board size: 3, 4, 5 or 6 (or 4x4); every size when left out.
        #[arg(long, value_name = "N")]
        size: Option<Size>,
    },
}

/// Runs a table command.
pub fn run(command: &TablesCommand) -> Result<(), CliError> {
    match command {
        TablesCommand::Build { size } => build(*size),
    }
}

fn build(size: Option<Size>) -> Result<(), CliError> {
    let solver = Solver::new(TableCache::default_location());
    let sizes = size.map_or_else(|| Size::ALL.to_vec(), |s| vec![s]);
    for size in sizes {
        let start = Instant::now();
        progress::prepare(&solver, size)?;
        print_line(format_args!(
            "{size} tables ready in {}",
            human_duration(start.elapsed())
        ))?;
    }
    if let Some(dir) = solver.cache().dir() {
        print_line(format_args!("cache: {}", dir.display()))?;
    }
    Ok(())
}
