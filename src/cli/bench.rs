//! `slide bench`: solve a research instance file optimally, check every length against the
//! file, and print per-instance and total figures.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use clap::Args;
use serde::Serialize;
use slide::puzzle::{Board, format_moves, parse_board};
use slide::solver::{HeuristicKind, Solution, SolveError, SolveOptions, Solver, TableCache};

use crate::cli::output::{grouped, human_duration, millis, moves, print_json, print_line, print_note};
use crate::cli::{CliError, progress};

/// Benchmark the solver.
#[derive(Debug, Args)]
#[command(
    after_help = "The file has one instance a line: the optimal length, a tab, then the \
tiles row by row; lines starting with # are comments. Exits with 1 if any length differs.\n\n\
With --max-time the bounded search runs instead (5×5, 6×6): each plan must reach the goal and \
be no shorter than the file's optimum, and the totals say how far above it the plans are.\n\n\
Examples:\n  slide bench tests/data/korf100-15puzzle.txt\n  \
slide bench instances.txt --heuristic walking-distance --threads 1 --json\n  \
slide bench tests/data/hardest17-15puzzle.txt --parallel\n  \
slide bench tests/data/korf-taylor10-24puzzle.txt --max-time 1 --threads 1"
)]
pub struct BenchCommand {
    /// The instance file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The heuristic: manhattan, linear-conflict, walking-distance, pdb or auto.
    #[arg(long, value_name = "H", default_value = "auto", value_parser = crate::cli::values::heuristic(), hide_possible_values = true)]
    heuristic: HeuristicKind,
    /// Worker threads (default: every core).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u32).range(1..))]
    threads: Option<u32>,
    /// Run the time-bounded search with this budget in seconds instead of proving optimality.
    #[arg(long, value_name = "SECS", value_parser = crate::cli::values::seconds)]
    max_time: Option<Duration>,
    /// Solve one instance at a time, each search on every core (instead of one instance per
    /// thread): parallel IDA*, or with --max-time the bounded search sharing its layers.
    #[arg(long, conflicts_with = "threads")]
    parallel: bool,
    /// Print one JSON object per instance (the totals then go to stderr).
    #[arg(long)]
    json: bool,
}

/// One line of the instance file.
struct Instance {
    line: usize,
    expected: u32,
    board: Board,
}

/// One instance's result, as `--json` prints it.
#[derive(Serialize)]
struct BenchLine {
    instance: usize,
    line: usize,
    board: String,
    size: serde_json::Value,
    expected: u32,
    length: Option<usize>,
    ok: bool,
    optimal: bool,
    nodes: u64,
    millis: f64,
    error: Option<String>,
}

/// What happened to one instance.
struct Outcome {
    result: Result<Solution, SolveError>,
    elapsed: Duration,
}

/// Solves the file and checks it.
pub fn run(args: &BenchCommand) -> Result<(), CliError> {
    let instances = read_instances(&args.file)?;
    let solver = Solver::new(TableCache::default_location());
    let (tables_time, partitions) = prepare_tables(&solver, &instances, args.heuristic)?;

    let threads = args.threads.map_or_else(
        || thread::available_parallelism().map_or(1, std::num::NonZero::get),
        |t| t as usize,
    );
    let threads = if args.parallel {
        1
    } else {
        threads.clamp(1, instances.len())
    };
    let opts = SolveOptions {
        heuristic: args.heuristic,
        optimal: args.max_time.is_none(),
        max_time: args.max_time,
        threads: if args.parallel {
            slide::solver::available_threads()
        } else {
            1
        },
        ..SolveOptions::default()
    };

    let mut totals = Totals {
        bounded: args.max_time.is_some(),
        ..Totals::default()
    };
    let wall_start = Instant::now();
    solve_in_order(&solver, &opts, &instances, threads, |index, outcome| {
        let line = totals.record(index + 1, &instances[index], &outcome);
        if args.json {
            print_json(&line)
        } else {
            print_human(&line)
        }
    })?;
    let wall = wall_start.elapsed();

    for line in &totals.summary(threads, tables_time, &partitions, wall) {
        if args.json {
            print_note(line)?;
        } else {
            print_line(line)?;
        }
    }
    if totals.mismatches > 0 {
        Err(CliError::Mismatches {
            count: totals.mismatches,
            total: instances.len(),
        })
    } else if totals.failures > 0 {
        Err(CliError::FailedBoards(totals.failures))
    } else {
        Ok(())
    }
}

/// Prepares the pattern databases of every size in the file when the heuristic uses them:
/// the time it took, and which databases will run (the larger 4×4 ones replace the default
/// when cached), as "size partition".
fn prepare_tables(
    solver: &Solver,
    instances: &[Instance],
    heuristic: HeuristicKind,
) -> Result<(Duration, Vec<String>), CliError> {
    let start = Instant::now();
    let sizes: BTreeSet<_> = instances.iter().map(|i| i.board.size()).collect();
    if matches!(heuristic, HeuristicKind::Auto | HeuristicKind::Pdb) {
        for &size in &sizes {
            progress::prepare(solver, size)?;
        }
    }
    let time = start.elapsed();
    let partitions = sizes
        .iter()
        .filter_map(|&size| solver.pdb(size).map(|db| format!("{size} {}", db.partition().name())))
        .collect();
    Ok((time, partitions))
}

/// Solves every instance on `threads` threads, one instance per thread at a time, and hands
/// each outcome to `report` in file order, with its index.
fn solve_in_order(
    solver: &Solver,
    opts: &SolveOptions,
    instances: &[Instance],
    threads: usize,
    mut report: impl FnMut(usize, Outcome) -> Result<(), CliError>,
) -> Result<(), CliError> {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, Outcome)>();
    thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(instance) = instances.get(index) else {
                        break;
                    };
                    let start = Instant::now();
                    let result = solver.solve(&instance.board, opts);
                    let outcome = Outcome {
                        result,
                        elapsed: start.elapsed(),
                    };
                    if tx.send((index, outcome)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Results arrive in any order; hold the early ones so output follows the file.
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (index, outcome) in rx {
            waiting.insert(index, outcome);
            while let Some(outcome) = waiting.remove(&due) {
                report(due, outcome)?;
                due += 1;
            }
        }
        Ok(())
    })
}

/// Reads every instance, reporting each bad line with its number.
fn read_instances(path: &Path) -> Result<Vec<Instance>, CliError> {
    let text = std::fs::read_to_string(path).map_err(|source| CliError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let mut instances = Vec::new();
    let mut bad = 0;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        match parse_instance(text) {
            Ok((expected, board)) => instances.push(Instance { line, expected, board }),
            Err(message) => {
                print_note(format_args!("slide: error: {}:{line}: {message}", path.display()))?;
                bad += 1;
            }
        }
    }
    if bad > 0 {
        return Err(CliError::BadLines(bad));
    }
    if instances.is_empty() {
        return Err(CliError::Input(format!(
            "{} has no instances (lines of: optimal length, tab, tiles)",
            path.display()
        )));
    }
    Ok(instances)
}

fn parse_instance(text: &str) -> Result<(u32, Board), String> {
    let (length, tiles) = text
        .split_once(|c: char| c.is_whitespace())
        .ok_or("expected an optimal length, a tab, then the tiles")?;
    let expected = length
        .trim()
        .parse()
        .map_err(|_| format!("'{}' is not an optimal length", slide::excerpt::excerpt(length)))?;
    let board = parse_board(tiles).map_err(|e| e.to_string())?;
    Ok((expected, board))
}

/// Running totals over the instances, in file order.
#[derive(Default)]
struct Totals {
    solved: usize,
    mismatches: usize,
    failures: usize,
    solve_time: Duration,
    max_time: Duration,
    max_instance: usize,
    nodes: u64,
    /// Plans from the bounded search are checked against the optimum, not for equality.
    bounded: bool,
    plan_moves: u64,
    optimal_moves: u64,
}

impl Totals {
    /// Checks one outcome against the file and adds it to the totals.
    fn record(&mut self, number: usize, instance: &Instance, outcome: &Outcome) -> BenchLine {
        self.solve_time += outcome.elapsed;
        if outcome.elapsed >= self.max_time {
            self.max_time = outcome.elapsed;
            self.max_instance = number;
        }
        let mut line = BenchLine {
            instance: number,
            line: instance.line,
            board: instance.board.to_string(),
            size: crate::cli::output::json_size(instance.board.size()),
            expected: instance.expected,
            length: None,
            ok: false,
            optimal: false,
            nodes: 0,
            millis: millis(outcome.elapsed),
            error: None,
        };
        match &outcome.result {
            Ok(s) => {
                self.solved += 1;
                self.nodes += s.nodes;
                line.length = Some(s.len());
                line.optimal = s.optimal;
                line.nodes = s.nodes;
                let mut replay = instance.board;
                let reaches_goal = replay.apply_all(&s.moves).is_ok() && replay.is_goal();
                if !reaches_goal {
                    line.error = Some(format!(
                        "the solution {} does not reach the goal",
                        format_moves(&s.moves)
                    ));
                }
                let exact = s.len() == instance.expected as usize;
                line.ok = if self.bounded {
                    reaches_goal && s.len() >= instance.expected as usize && (exact || !s.optimal)
                } else {
                    reaches_goal && s.optimal && exact
                };
                self.plan_moves += s.len() as u64;
                self.optimal_moves += u64::from(instance.expected);
                if !line.ok {
                    self.mismatches += 1;
                }
            }
            Err(e) => {
                self.failures += 1;
                line.error = Some(e.to_string());
            }
        }
        line
    }

    fn summary(&self, threads: usize, tables: Duration, partitions: &[String], wall: Duration) -> Vec<String> {
        let count = self.solved + self.failures;
        let ok = count - self.mismatches - self.failures;
        let per_second = self.nodes as f64 / wall.as_secs_f64().max(1e-9);
        let mut lines = vec![
            format!(
                "instances    {count} ({ok} ok, {} wrong, {} failed)",
                self.mismatches, self.failures
            ),
            format!("threads      {threads}"),
            if partitions.is_empty() {
                format!("tables       {}", human_duration(tables))
            } else {
                format!("tables       {} ({})", human_duration(tables), partitions.join(", "))
            },
            format!("wall time    {}", human_duration(wall)),
            format!(
                "solve time   {} summed over instances, slowest {} (#{})",
                human_duration(self.solve_time),
                human_duration(self.max_time),
                self.max_instance
            ),
            format!(
                "nodes        {} ({}/s over the wall time)",
                grouped(self.nodes),
                grouped(per_second as u64)
            ),
        ];
        if self.bounded && self.optimal_moves > 0 {
            lines.push(format!(
                "plans        {} against {} optimal: {:.1}% above the optimum",
                moves(self.plan_moves),
                self.optimal_moves,
                100.0 * (self.plan_moves as f64 / self.optimal_moves as f64 - 1.0)
            ));
        }
        if let Some(kb) = peak_memory_kb() {
            lines.push(format!("peak memory  {:.1} MB", kb as f64 / 1024.0));
        }
        lines
    }
}

fn print_human(line: &BenchLine) -> Result<(), CliError> {
    let status = match (&line.error, line.length) {
        (Some(e), _) => format!("FAILED: {e}"),
        (None, Some(l)) if line.ok && !line.optimal => {
            let over = l as i64 - i64::from(line.expected);
            format!("ok, +{}", moves(over.unsigned_abs()))
        }
        (None, Some(_)) if line.ok => "ok".to_string(),
        (None, Some(_)) if !line.optimal => "NOT PROVEN OPTIMAL".to_string(),
        (None, _) => format!("MISMATCH: the file says {}", line.expected),
    };
    let length = line.length.map_or_else(|| "-".to_string(), |l| l.to_string());
    print_line(format_args!(
        "#{:<4} length {:>3}  {:>10}  {:>15} nodes  {status}",
        line.instance,
        length,
        human_duration(Duration::from_secs_f64(line.millis / 1000.0)),
        grouped(line.nodes),
    ))
}

/// The process's peak resident memory in kB (`VmHWM`), where the system reports it.
fn peak_memory_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn any_instance_line_parses_or_is_refused(text in "[0-9\t ,x_.-]{0,80}") {
            let _ = parse_instance(&text);
        }
    }

    #[test]
    fn parses_instance_lines() {
        let (len, board) = parse_instance("2\t1 2 3 4 5 6 0 7 8").unwrap();
        assert_eq!(len, 2);
        assert_eq!(board.to_string(), "1 2 3 4 5 6 0 7 8");
        assert!(parse_instance("x\t1 2 3 4 5 6 0 7 8").is_err());
        assert!(parse_instance("2").is_err());
        assert!(parse_instance("2\t1 2 3").is_err());
    }
}
