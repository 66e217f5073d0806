//! `slide history`: every finished attempt, oldest first, as lines of text or JSON objects
//! with the scramble and solution in slidysim's forms and the time of every move.

use clap::Args;
use slide::game::{AttemptHistory, AttemptRecord, Kind, Loaded, Store, format_time};
use slide::puzzle::Size;

use crate::cli::CliError;
use crate::cli::output::{print_json, print_line, print_note};

/// Options of `slide history`.
#[derive(Debug, Args)]
#[command(
    after_help = "Every finished attempt is kept: won, DNF (left or restarted after a move, \
unassisted), gave_up (the same, with help), solver (the solver made a move), and replays of boards \
already finished. `scramble` is slidysim's form (rows of tiles separated by spaces, rows joined by /, \
0 for the blank) and `solution` its run-length letters: U, D, L, R name the way the tile moves, and a \
number after a letter repeats it (L2 = LL), as slidysim's readme defines them. `move_times_ms` has one \
entry per move, in milliseconds since the first (null for games kept by older versions). `ranked` \
says whether the attempt may set a best or enter an average (a scramble dealt at random and never \
shown before, no hint, no solver: the table is on the help's records page).\n\n\
--csv prints a header line, then one line per attempt: date, size (4, or 4x3 for 4 columns by 3 \
rows), level, mode, result, ranked, \
replay, assisted (true or false), hints, moves (single-tile), mtm, time (seconds, to the millisecond), \
tps (of a win of the player's), par (proven optimum), scramble, solution, id; an unknown figure is an \
empty field, and a field holding a comma, a quote or a line break is quoted (RFC 4180).\n\n\
--level takes every row name `slide stats` prints: easy, medium, hard, expert, random, daily, custom, \
blind, marathon-N, relay-N, relay-WxH-WxH-… (a relay over a list of sizes), and the runs with -seeded.\n\n\
--session keeps the attempts of the latest session: a session begins when the game starts and \
when its new-session key (B by default) is pressed; with two copies of the game running, the latest begun by either.\n\n\
Examples:\n  slide history\n  slide history --json --size 4 --last 12\n  slide history --size 4x3\n  slide history --session --json\n  slide history --level daily\n  \
slide history --csv > times.csv"
)]
pub struct HistoryCommand {
    /// One JSON object per attempt, one a line.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Comma-separated values with a header line, for a spreadsheet.
    #[arg(long)]
    csv: bool,
    /// Only this board size: N for N×N, or W×H (4x3: 4 columns, 3 rows).
    #[arg(long, value_name = "N|WxH", value_parser = crate::cli::values::size(), hide_possible_values = true)]
    size: Option<Size>,
    /// Only this row of `slide stats` (easy, …, daily, custom, blind, marathon-N, relay-N,
    /// and the -seeded runs).
    #[arg(long, value_name = "L")]
    level: Option<String>,
    /// Only the last K attempts (after the other filters).
    #[arg(long, value_name = "K")]
    last: Option<usize>,
    /// Only the attempts of the latest session: since the game last started, or since the
    /// new-session key was last pressed (in whichever copy of Slide, if two run).
    #[arg(long)]
    session: bool,
}

/// Attempts that fail the load checks named one by one, at most.
const SAID_REJECTED: usize = 5;

/// The history, or a clear error; damage found on the way is said on stderr.
pub(crate) fn load_records(store: &Store) -> Result<AttemptHistory, CliError> {
    match store.load_records() {
        Loaded::Found(h) => {
            for (reason, moved_to) in &h.moved_aside {
                print_note(format_args!(
                    "slide: part of the records was unreadable ({reason}); the file is kept as {}",
                    moved_to.display()
                ))?;
            }
            if h.unreadable_lines > 0 {
                print_note(format_args!(
                    "slide: {} damaged line(s) in {} were skipped (left in the file)",
                    h.unreadable_lines,
                    store.history_dir().display()
                ))?;
            }
            for (id, why) in h.rejected.iter().take(SAID_REJECTED) {
                print_note(format_args!("slide: attempt {id} is not counted: {why}"))?;
            }
            if h.rejected.len() > SAID_REJECTED {
                print_note(format_args!(
                    "slide: and {} more attempt(s) not counted",
                    h.rejected.len() - SAID_REJECTED
                ))?;
            }
            Ok(h)
        }
        Loaded::Missing => Ok(AttemptHistory::default()),
        Loaded::MovedAside { reason, moved_to } => {
            print_note(format_args!(
                "slide: the records were unreadable ({reason}); the file is kept as {}",
                moved_to.display()
            ))?;
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
    let kind = match &args.level {
        Some(level) => Some(
            Kind::from_name(level)
                .ok_or_else(|| CliError::Input(format!("--level {level}: choose {}", Kind::NAMES)))?,
        ),
        None => None,
    };
    let store = Store::locate().map_err(|e| CliError::Failure(e.to_string()))?;
    let since = if args.session {
        match store.load_session_start() {
            Ok(Some(ms)) => Some(ms),
            // No game started yet: no session, so no attempt is in one.
            Ok(None) => Some(u64::MAX),
            Err(e) => {
                return Err(CliError::Failure(format!(
                    "--session: the session's start could not be read: {e}"
                )));
            }
        }
    } else {
        None
    };
    let history = load_records(&store)?;
    let chosen: Vec<&AttemptRecord> = history
        .attempts
        .iter()
        .filter(|a| since.is_none_or(|ms| a.at >= ms))
        .filter(|a| args.size.is_none_or(|size| a.board_size() == Some(size)))
        .filter(|a| kind.is_none_or(|k| a.kind() == Some(k)))
        .collect();
    let skip = args.last.map_or(0, |k| chosen.len().saturating_sub(k));
    if args.csv {
        print_line(CSV_HEADER)?;
        for a in &chosen[skip..] {
            print_line(csv_line(a))?;
        }
        return Ok(());
    }
    if !args.json && chosen.is_empty() && args.session {
        return print_line("No attempts in this session yet.");
    }
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
        "{}  {size} {:<7} {:<7} {:>9} {:>4} {}",
        a.date(),
        a.level,
        a.result.name(),
        format_time(a.millis),
        a.stm(),
        if a.stm() == 1 { "move" } else { "moves" },
        size = a.size
    );
    if a.replay {
        text.push_str("  replay");
    }
    if a.assisted {
        text.push_str("  assisted");
    }
    if !a.is_ranked() {
        text.push_str("  unranked");
    }
    text
}

/// The columns of `--csv`.
const CSV_HEADER: &str =
    "date,size,level,mode,result,ranked,replay,assisted,hints,moves,mtm,time,tps,par,scramble,solution,id,memo";

/// One attempt as a line of `--csv`: time and memo in seconds to the millisecond, so that
/// a spreadsheet reads them as numbers.
fn csv_line(a: &AttemptRecord) -> String {
    let json = a.to_json();
    let time = slide::time_format::format_seconds(a.millis);
    let known = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
    [
        json.date.as_str(),
        &a.size.text(),
        &json.level,
        &json.mode,
        json.result,
        &json.ranked.to_string(),
        &json.replay.to_string(),
        &json.assisted.to_string(),
        &json.hints.to_string(),
        &json.moves.to_string(),
        &known(json.mtm),
        &time,
        &json.tps.map(|x| format!("{x:.3}")).unwrap_or_default(),
        &known(json.par),
        &json.scramble,
        &json.solution,
        &json.id,
        &json.memo_ms.map(slide::time_format::format_seconds).unwrap_or_default(),
    ]
    .iter()
    .map(|field| csv_field(field))
    .collect::<Vec<_>>()
    .join(",")
}

/// A field as RFC 4180 writes it: quoted, with its quotes doubled, when it holds a comma, a
/// quote or a line break (a level or mode written by a newer version may).
fn csv_field(field: &str) -> std::borrow::Cow<'_, str> {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\"")).into()
    } else {
        field.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_only_when_they_must_be() {
        assert_eq!(csv_field("1 2 3/4 5 6/7 8 0"), "1 2 3/4 5 6/7 8 0");
        assert_eq!(csv_field(""), "");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv_field("cr\r"), "\"cr\r\"");
    }
}
