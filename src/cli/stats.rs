//! `slide stats`: the records, as a table or one JSON object per size and kind, all from
//! the one fold of the history (`slide::game::records::figures`) that every screen reads; `--reset`
//! clears them (statistics, history, speed records) after asking, keeping the old files.

use std::io::{BufRead, IsTerminal, Write};

use clap::Args;
use serde::Serialize;
use slide::difficulty::UtcDate;
use slide::game::records::averages::{Average, format_average};
use slide::game::{Kind, Record, Stats, Store, format_time};
use slide::puzzle::Size;

use crate::cli::CliError;
use crate::cli::output::{print_json, print_line};

/// Options of `slide stats`.
#[derive(Debug, Args)]
#[command(
    after_help = "Every count comes from the history of finished attempts (see `slide history`). A game \
is played from its first move; one the solver helped finish is solver-finished, not won; leaving or \
restarting it unassisted after a move is a DNF; a board already finished is a replay, counted apart. \
Bests are unassisted (no hint, no solver) unless named \"assisted\"; a restarted \
puzzle that was helped before stays assisted.\n\nao5 and ao12 are the means of the last 5 and 12 \
unassisted attempts of a size and level, best and worst dropped (DNF: a game given up; two DNFs make \
the average a DNF). In --json, the *_millis averages are null until there are enough attempts, and for \
a DNF.\n\nExamples:\n  slide stats\n  slide stats --json\n  \
slide stats --reset"
)]
pub struct StatsCommand {
    /// One JSON object per size and kind, one a line.
    #[arg(long)]
    json: bool,
    /// Clear every statistic, the history and the speed records (after asking; the old
    /// files are kept beside the new ones).
    #[arg(long)]
    reset: bool,
    /// With --reset: do not ask.
    #[arg(long, requires = "reset")]
    yes: bool,
}

/// One row of `slide stats --json`.
#[derive(Debug, Serialize)]
struct Row {
    size: usize,
    level: String,
    played: u32,
    won: u32,
    best_moves: Option<u32>,
    best_millis: Option<u64>,
    best_assisted_moves: Option<u32>,
    best_assisted_millis: Option<u64>,
    mean_par_ratio: Option<f64>,
    streak: u32,
    /// The longest daily streak ever at this size (0 for other kinds).
    best_streak: u32,
    /// Attempts at a board already finished (not in played, won or the averages).
    replays: u32,
    /// Games the solver helped finish (not in `won`).
    solver_finished: u32,
    /// Unassisted games left or restarted after a move.
    dnf: u32,
    /// The current averages of unassisted games, in milliseconds: null until there are
    /// enough attempts (5, 12, 100), and null for a DNF average.
    ao5_millis: Option<u64>,
    ao12_millis: Option<u64>,
    ao50_millis: Option<u64>,
    ao100_millis: Option<u64>,
    best_single_millis: Option<u64>,
    best_ao5_millis: Option<u64>,
    best_ao12_millis: Option<u64>,
    /// Tiles (single-tile moves) per second over the unassisted wins counted.
    mean_tps: Option<f64>,
    /// For the table: the averages as written ("12.345", "DNF", "—").
    #[serde(skip)]
    ao5_text: String,
    #[serde(skip)]
    ao12_text: String,
    #[serde(skip)]
    win_percent: Option<f64>,
}

fn row(stats: &Stats, size: Size, kind: Kind, r: &Record, today: UtcDate) -> Row {
    Row {
        size: size.side(),
        level: kind.name(),
        played: r.played,
        won: r.won,
        best_moves: r.bests.best.as_ref().map(|b| b.moves),
        best_millis: r.bests.best.as_ref().map(|b| b.time_ms),
        best_assisted_moves: r.bests.best_assisted.as_ref().map(|b| b.moves),
        best_assisted_millis: r.bests.best_assisted.as_ref().map(|b| b.time_ms),
        mean_par_ratio: r.mean_par_ratio().map(|x| (x * 1000.0).round() / 1000.0),
        streak: if kind == Kind::Daily {
            stats.daily_streak(size, today)
        } else {
            0
        },
        best_streak: if kind == Kind::Daily {
            stats.best_daily_streak(size)
        } else {
            0
        },
        replays: r.replays,
        solver_finished: r.solver_finished,
        dnf: r.dnf,
        ao5_millis: r.speed.ao(5).and_then(Average::millis),
        ao12_millis: r.speed.ao(12).and_then(Average::millis),
        ao50_millis: r.speed.ao(50).and_then(Average::millis),
        ao100_millis: r.speed.ao(100).and_then(Average::millis),
        best_single_millis: r.speed.best_single(),
        best_ao5_millis: r.speed.best_ao5_ms,
        best_ao12_millis: r.speed.best_ao12_ms,
        mean_tps: r.speed.mean_tps().map(|x| (x * 1000.0).round() / 1000.0),
        ao5_text: r.speed.ao(5).map_or_else(|| "—".into(), format_average),
        ao12_text: r.speed.ao(12).map_or_else(|| "—".into(), format_average),
        win_percent: r.win_percent(),
    }
}

/// Runs `slide stats`.
pub fn run(args: &StatsCommand) -> Result<(), CliError> {
    let store = Store::locate().map_err(|e| CliError::Failure(e.to_string()))?;
    if args.reset {
        return reset(&store, args.yes);
    }
    let stats: Stats = crate::cli::history::load_records(&store)?.figures();
    let today = UtcDate::today();
    let rows: Vec<Row> = Size::ALL
        .iter()
        .flat_map(|&size| stats.kinds().into_iter().map(move |kind| (size, kind)))
        .filter_map(|(size, kind)| stats.row(size, kind).map(|r| row(&stats, size, kind, r, today)))
        .collect();
    if args.json {
        for r in &rows {
            print_json(r)?;
        }
        return Ok(());
    }
    if rows.is_empty() {
        return print_line(format!(
            "No games recorded yet (history: {}).",
            store.history_dir().display()
        ));
    }
    // Two tables, each within 80 columns: what was played, then the bests and averages.
    // (A level name longer than the column widens it.)
    let lw = rows.iter().map(|r| r.level.chars().count()).max().unwrap_or(0).max(8);
    print_line(
        format!(
            "{:<5} {:<lw$} {:>6} {:>5} {:>5} {:>7} {:>6} {:>5}  {:>9}  {:<12}",
            "size", "level", "played", "won", "win%", "replays", "solver", "DNF", "moves/par", "streak"
        )
        .trim_end(),
    )?;
    for r in &rows {
        let rate = r.win_percent.map_or_else(|| "—".into(), |p| format!("{p:.0}%"));
        let streak = if r.level == "daily" {
            format!("{} (best {})", r.streak, r.best_streak)
        } else {
            String::new()
        };
        print_line(
            format!(
                "{:<5} {:<lw$} {:>6} {:>5} {:>5} {:>7} {:>6} {:>5}  {:>9}  {:<12}",
                format!("{0}×{0}", r.size),
                r.level,
                r.played,
                r.won,
                rate,
                r.replays,
                r.solver_finished,
                r.dnf,
                r.mean_par_ratio.map_or("—".into(), |x| format!("{x:.2}")),
                streak,
            )
            .trim_end(),
        )?;
    }
    print_line("")?;
    print_line(format!(
        "{:<5} {:<lw$} {:<16} {:<16} {:>9} {:>9}",
        "size", "level", "best", "best with help", "ao5", "ao12"
    ))?;
    for r in &rows {
        let best = |moves: Option<u32>, ms: Option<u64>| match (moves, ms) {
            (Some(m), Some(ms)) => format!("{m} in {}", format_time(ms)),
            _ => "—".to_string(),
        };
        print_line(format!(
            "{:<5} {:<lw$} {:<16} {:<16} {:>9} {:>9}",
            format!("{0}×{0}", r.size),
            r.level,
            best(r.best_moves, r.best_millis),
            best(r.best_assisted_moves, r.best_assisted_millis),
            r.ao5_text,
            r.ao12_text
        ))?;
    }
    Ok(())
}

fn reset(store: &Store, yes: bool) -> Result<(), CliError> {
    // Whatever stands where the history should be (a link that loops included) is for
    // `reset_history` to judge: it says what is wrong rather than that nothing is there.
    let anything =
        store.history_dir().symlink_metadata().is_ok() || store.stats_path().exists() || store.history_path().exists();
    if !anything {
        return print_line("No statistics to clear.");
    }
    if !yes {
        let stdin = std::io::stdin();
        if !stdin.is_terminal() {
            return Err(CliError::Input(
                "slide stats --reset asks before clearing; with no terminal to ask on, add --yes".into(),
            ));
        }
        eprint!(
            "Clear every statistic, the history and the speed records in {}? [y/N] ",
            store.dir().display()
        );
        let _ = std::io::stderr().flush();
        let mut answer = String::new();
        stdin
            .lock()
            .read_line(&mut answer)
            .map_err(|e| CliError::Failure(format!("cannot read the answer: {e}")))?;
        if !matches!(answer.trim(), "y" | "Y" | "yes" | "Yes") {
            return print_line("Nothing cleared.");
        }
    }
    match store.reset_history() {
        Ok(kept) if kept.is_empty() => print_line("No statistics to clear."),
        Ok(kept) => {
            let kept: Vec<String> = kept.iter().map(|p| p.display().to_string()).collect();
            print_line(format!(
                "Statistics, history and speed records cleared; the old ones are kept as {}.",
                kept.join(", ")
            ))
        }
        Err(e) => Err(CliError::Failure(format!("could not clear the statistics: {e}"))),
    }
}
