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
Bests and averages read ranked attempts only: a scramble dealt at random and never shown before (no \
restart, resume, chosen seed, code or typed board), with no hint and no solver (the table: `?` in the \
game, records page). Each row keeps three single bests: the fastest time, the fewest moves and the best \
TPS.\n\nao5 and ao12 are the means of the last 5 and 12 ranked attempts of a row, best and worst \
dropped (two DNFs make the average a DNF). In --json, an average is its milliseconds, \"DNF\", or null \
until there are enough attempts; mean_tps is all the counted wins' moves over all their time.\n\n\
Examples:\n  slide stats\n  slide stats --json\n  \
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
    /// A square's side, as always (absent for a rectangle).
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<usize>,
    /// A rectangle's columns and rows (absent for a square).
    #[serde(skip_serializing_if = "Option::is_none")]
    width: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    height: Option<usize>,
    /// For the table: `4×4`, `4×3`.
    #[serde(skip)]
    label: String,
    level: String,
    played: u32,
    won: u32,
    /// The fastest ranked win's time, and its moves.
    fastest_millis: Option<u64>,
    fastest_moves: Option<u32>,
    /// The ranked win with the fewest moves: its moves, and its time.
    fewest_moves: Option<u32>,
    fewest_millis: Option<u64>,
    /// The best tiles per second of a ranked win.
    best_tps: Option<f64>,
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
    /// The current averages of ranked attempts, in milliseconds, or "DNF": null until
    /// there are enough attempts (5, 12, 50, 100).
    ao5_millis: Option<AverageJson>,
    ao12_millis: Option<AverageJson>,
    ao50_millis: Option<AverageJson>,
    ao100_millis: Option<AverageJson>,
    best_single_millis: Option<u64>,
    best_ao5_millis: Option<u64>,
    best_ao12_millis: Option<u64>,
    best_ao50_millis: Option<u64>,
    best_ao100_millis: Option<u64>,
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

/// An average in `--json`: its milliseconds, or the string `"DNF"`.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum AverageJson {
    Millis(u64),
    Dnf(&'static str),
}

impl From<Average> for AverageJson {
    fn from(a: Average) -> AverageJson {
        match a.millis() {
            Some(ms) => AverageJson::Millis(ms),
            None => AverageJson::Dnf("DNF"),
        }
    }
}

fn row(stats: &Stats, size: Size, kind: Kind, r: &Record, today: UtcDate) -> Row {
    let rect = size.square_side().is_none();
    Row {
        size: size.square_side(),
        width: rect.then(|| size.width()),
        height: rect.then(|| size.height()),
        label: size.to_string(),
        level: kind.name(),
        played: r.played,
        won: r.won,
        fastest_millis: r.bests.fastest.as_ref().map(|b| b.time_ms),
        fastest_moves: r.bests.fastest.as_ref().map(|b| b.moves),
        fewest_moves: r.bests.fewest.as_ref().map(|b| b.moves),
        fewest_millis: r.bests.fewest.as_ref().map(|b| b.time_ms),
        best_tps: r
            .bests
            .best_tps
            .as_ref()
            .and_then(slide::game::Best::tps)
            .map(|x| (x * 1000.0).round() / 1000.0),
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
        ao5_millis: r.speed.ao(5).map(AverageJson::from),
        ao12_millis: r.speed.ao(12).map(AverageJson::from),
        ao50_millis: r.speed.ao(50).map(AverageJson::from),
        ao100_millis: r.speed.ao(100).map(AverageJson::from),
        best_single_millis: r.speed.best_single(),
        best_ao5_millis: r.speed.best_ao5_ms,
        best_ao12_millis: r.speed.best_ao12_ms,
        best_ao50_millis: r.speed.best_ao50_ms,
        best_ao100_millis: r.speed.best_ao100_ms,
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
    let rows: Vec<Row> = stats
        .sizes()
        .into_iter()
        .flat_map(|size| stats.kinds().into_iter().map(move |kind| (size, kind)))
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
                r.label,
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
        "{:<5} {:<lw$} {:>9} {:>6} {:>6} {:>9} {:>9}",
        "size", "level", "best time", "fewest", "TPS", "ao5", "ao12"
    ))?;
    for r in &rows {
        print_line(format!(
            "{:<5} {:<lw$} {:>9} {:>6} {:>6} {:>9} {:>9}",
            r.label,
            r.level,
            r.fastest_millis.map_or_else(|| "—".into(), format_time),
            r.fewest_moves.map_or_else(|| "—".into(), |m| m.to_string()),
            r.best_tps.map_or_else(|| "—".into(), |x| format!("{x:.2}")),
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
    let waiting = |lock: &std::path::Path| {
        let _ = crate::cli::output::print_note(format!(
            "Waiting for another copy of Slide to finish writing the history (it holds {})…",
            lock.display()
        ));
    };
    match store.reset_history(waiting) {
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
