//! How much [`slide::solver::search::plan_shortening`] shortens the bounded search's plans.
//!
//! Reads boards on stdin, one per line, as `slide solve -` does; a line may start with the
//! board's optimal length and a tab (the format of `tests/data/korf-taylor10-24puzzle.txt`),
//! and `#` lines are skipped. For each board: the bounded search's plan at `--beam` seconds
//! (default 1), then that plan shortened with each budget of `--budgets` (seconds, default
//! `0.25,0.5,1,3`), from the same starting plan each time. Prints per board and the mean:
//! lengths, and the ratio to the optimum where it is given.
//!
//! `cargo run --release --example plan_shortening < tests/data/korf-taylor10-24puzzle.txt`
//! `target/release/slide generate --size 6 --level random --count 50 --seed 1 | cargo run --release --example plan_shortening -- --beam 0.5 --budgets 0.5`

use std::error::Error;
use std::io::BufRead;
use std::time::{Duration, Instant};

use slide::puzzle::Board;
use slide::solver::search::plan_shortening::{Options, shorten_with};
use slide::solver::{SolveOptions, Solver, Stop, TableCache, available_threads};

fn main() -> Result<(), Box<dyn Error>> {
    let args = parse_args()?;
    let base = &args.base;
    eprintln!(
        "options: threads {} window {}..{} (x{}%) budget {} (x{}) tail {} beam {:?} {:?} pdb {}",
        base.threads,
        base.first_window,
        base.max_window,
        base.window_growth,
        base.first_budget,
        base.budget_growth,
        base.max_tail,
        base.beam_slice,
        args.beam_windows,
        args.pdb
    );
    let solver = Solver::new(TableCache::default_location());
    print!("board  opt  beam@{}s", args.beam);
    for b in &args.budgets {
        print!("  +{b}s");
    }
    println!();
    let mut totals = Totals::new(args.budgets.len() + 1);
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (optimal, text) = match line.split_once('\t') {
            Some((o, rest)) => (Some(o.trim().parse::<u32>()?), rest),
            None => (None, line),
        };
        let board: Board = text.parse()?;
        let lens = lengths(&solver, &board, &args)?;
        totals.add(optimal, &lens);
    }
    totals.print_mean();
    Ok(())
}

/// What the command line asks for.
struct Args {
    /// The bounded search's time, in seconds.
    beam: f64,
    /// The shortening's budgets, in seconds.
    budgets: Vec<f64>,
    /// Whether the shortening uses the solver (not with `--no-solver`).
    pdb: bool,
    /// The shortening's options, but for the solver and the beam windows.
    base: Options<'static>,
    beam_windows: Vec<usize>,
}

fn parse_args() -> Result<Args, Box<dyn Error>> {
    let mut beam = 1.0f64;
    let mut budgets = vec![0.25, 0.5, 1.0, 3.0];
    let mut pdb = true;
    let mut base = Options::default();
    let mut beam_windows = base.beam_windows.to_vec();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--beam" => beam = args.next().ok_or("--beam needs seconds")?.parse()?,
            "--budgets" => {
                budgets = args
                    .next()
                    .ok_or("--budgets needs seconds")?
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, _>>()?;
            }
            "--no-solver" => pdb = false,
            "--first-window" => base.first_window = args.next().ok_or("a number")?.parse()?,
            "--max-window" => base.max_window = args.next().ok_or("a number")?.parse()?,
            "--first-budget" => base.first_budget = args.next().ok_or("a number")?.parse()?,
            "--budget-growth" => base.budget_growth = args.next().ok_or("a number")?.parse()?,
            "--window-growth" => base.window_growth = args.next().ok_or("a number")?.parse()?,
            "--max-tail" => base.max_tail = args.next().ok_or("a number")?.parse()?,
            "--beam-slice" => {
                base.beam_slice = Duration::from_millis(args.next().ok_or("milliseconds")?.parse()?);
            }
            "--beam-windows" => {
                let list: Vec<usize> = args
                    .next()
                    .ok_or("percents")?
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, _>>()?;
                beam_windows = list;
            }
            "--threads" => base.threads = args.next().ok_or("a number")?.parse()?,
            other => return Err(format!("unknown argument {other}").into()),
        }
    }
    Ok(Args {
        beam,
        budgets,
        pdb,
        base,
        beam_windows,
    })
}

/// The length of the bounded search's plan for `board`, then of that plan shortened with
/// each budget.
fn lengths(solver: &Solver, board: &Board, args: &Args) -> Result<Vec<usize>, Box<dyn Error>> {
    solver.prepare(board.size(), &|_| {})?;
    let opts = SolveOptions {
        max_time: Some(Duration::from_secs_f64(args.beam)),
        threads: available_threads(),
        ..SolveOptions::default()
    };
    let plan = solver.solve(board, &opts)?.moves;
    let mut lens = vec![plan.len()];
    for &b in &args.budgets {
        let shorten_opts = Options {
            solver: args.pdb.then_some(solver),
            beam_windows: &args.beam_windows,
            ..args.base.clone()
        };
        let stop = Stop::never().with_deadline(Instant::now() + Duration::from_secs_f64(b));
        let short = shorten_with(board, &plan, &stop, &shorten_opts);
        let mut end = *board;
        end.apply_all(&short)?;
        assert!(end.is_goal() && short.len() <= plan.len(), "a bad shortening");
        lens.push(short.len());
    }
    Ok(lens)
}

/// The lengths summed over the boards, and their ratios to the optimum where it is given.
struct Totals {
    boards: u32,
    sums: Vec<f64>,
    ratios: Vec<f64>,
    with_opt: u32,
}

impl Totals {
    /// Totals of `columns` lengths a board.
    fn new(columns: usize) -> Totals {
        Totals {
            boards: 0,
            sums: vec![0.0; columns],
            ratios: vec![0.0; columns],
            with_opt: 0,
        }
    }

    /// Adds a board's lengths, printing its line.
    fn add(&mut self, optimal: Option<u32>, lens: &[usize]) {
        self.boards += 1;
        let n = self.boards;
        print!("{n:>5}  {:>3}", optimal.map_or(String::from("-"), |o| o.to_string()));
        for (i, &l) in lens.iter().enumerate() {
            self.sums[i] += l as f64;
            match optimal {
                Some(o) => {
                    self.ratios[i] += l as f64 / f64::from(o);
                    print!("  {l:>4} ({:.3})", l as f64 / f64::from(o));
                }
                None => print!("  {l:>4}"),
            }
        }
        self.with_opt += u32::from(optimal.is_some());
        println!();
    }

    /// Prints the mean line, if there was a board.
    fn print_mean(&self) {
        let n = self.boards;
        if n == 0 {
            return;
        }
        print!(" mean      ");
        for (i, s) in self.sums.iter().enumerate() {
            if self.with_opt == n {
                print!("  {:>6.1} ({:.3})", s / f64::from(n), self.ratios[i] / f64::from(n));
            } else {
                print!("  {:>6.1}", s / f64::from(n));
            }
        }
        println!();
    }
}
