//! `slide history`: every finished attempt, oldest first, as lines of text or JSON objects
//! with the scramble and solution in slidysim's forms and the time of every move.

use clap::Args;
use slide::game::{AttemptHistory, AttemptRecord, Loaded, Store, format_time};

use crate::cli::CliError;
use crate::cli::output::{print_json, print_line};

/// Options of `slide history`.
#[derive(Debug, Args)]
#[command(
    after_help = "Every finished attempt is kept: won, DNF (left or restarted after a move, \
unassisted), gave_up (the same, with help), solver (the solver made a move), and replays of boards \
already finished. `scramble` is slidysim's form (rows of tiles separated by spaces, rows joined by /, \
0 for the blank) and `solution` its run-length letters: U, D, L, R name the way the tile moves, and a \
number after a letter repeats it (L2 = LL), as slidysim's readme defines them. `move_times_ms` has one \
entry per move, in milliseconds since the first (null for games kept by older versions).\n\n\
Examples:\n  slide history\n  slide history --json --size 4 --last 12\n  slide history --level daily"
)]
pub struct HistoryCommand {
    /// One JSON object per attempt, one a line.
    #[arg(long)]
    json: bool,
    /// Only this board size (3 to 6).
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// Only this level (easy, medium, hard, expert, daily or custom).
    #[arg(long, value_name = "L")]
    level: Option<String>,
    /// Only the last K attempts (after the other filters).
    #[arg(long, value_name = "K")]
    last: Option<usize>,
}

/// The history, or a clear error; damage found on the way is said on stderr.
pub(crate) fn load_records(store: &Store) -> Result<AttemptHistory, CliError> {
    match store.load_records() {
        Loaded::Found(h) => {
            for (reason, moved_to) in &h.moved_aside {
                eprintln!(
                    "slide: part of the records was unreadable ({reason}); the file is kept as {}",
                    moved_to.display()
                );
            }
            if h.unreadable_lines > 0 {
                eprintln!(
                    "slide: {} damaged line(s) in {} were skipped (left in the file)",
                    h.unreadable_lines,
                    store.history_dir().display()
                );
            }
            Ok(h)
        }
        Loaded::Missing => Ok(AttemptHistory::default()),
        Loaded::MovedAside { reason, moved_to } => {
            eprintln!(
                "slide: the records were unreadable ({reason}); the file is kept as {}",
                moved_to.display()
            );
            Ok(AttemptHistory::default())
        }
        Loaded::Unreadable { reason } => Err(CliError::Failure(format!(
            "the records in {} could not be read: {reason}",
            store.dir().display()
        ))),
        Loaded::Newer { version } => Err(CliError::Failure(format!(
            "the records in {} were written by a newer Slide (format {version}); this version can't read them",
            store.dir().display()
        ))),
    }
}

/// Runs `slide history`.
pub fn run(args: &HistoryCommand) -> Result<(), CliError> {
    if let Some(level) = &args.level
        && !["easy", "medium", "hard", "expert", "daily", "custom"].contains(&level.as_str())
    {
        return Err(CliError::Input(format!(
            "--level {level}: choose easy, medium, hard, expert, daily or custom"
        )));
    }
    let store = Store::locate().map_err(|e| CliError::Failure(e.to_string()))?;
    let history = load_records(&store)?;
    let chosen: Vec<&AttemptRecord> = history
        .attempts
        .iter()
        .filter(|a| args.size.is_none_or(|n| a.size == n))
        .filter(|a| args.level.as_ref().is_none_or(|l| &a.level == l))
        .collect();
    let skip = args.last.map_or(0, |k| chosen.len().saturating_sub(k));
    if !args.json && chosen.is_empty() {
        return print_line(format!(
            "No attempts recorded yet (history: {}).",
            store.history_dir().display()
        ));
    }
    for a in &chosen[skip..] {
        if args.json {
            print_json(&a.to_json())?;
        } else {
            print_line(line(a))?;
        }
    }
    Ok(())
}

/// `2026-12-03T01:02:03Z  3×3 easy     won     4.593  20 moves` and what else applies.
fn line(a: &AttemptRecord) -> String {
    let mut text = format!(
        "{}  {size}×{size} {:<7} {:<7} {:>9} {:>4} moves",
        a.date(),
        a.level,
        a.result.name(),
        format_time(a.millis),
        a.stm(),
        size = a.size
    );
    if a.replay {
        text.push_str("  replay");
    }
    if a.assisted {
        text.push_str("  assisted");
    }
    text
}
