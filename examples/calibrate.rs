//! Measures the difficulty bands, the rating calibration and the generator.
//!
//! ```text
//! cargo run --release --example calibrate -- three
//! cargo run --release --example calibrate -- fit4 --random 1000 --walks 300 [--korf F] [--data F]... [--out F]
//! cargo run --release --example calibrate -- generate --size 4 --count 200 [--solve [--solve-count K]]
//! cargo run --release --example calibrate -- large --size 5 --count 200
//! cargo run --release --example calibrate -- prove --size 5 --count 30 --limit-s 10 [--level easy]...
//! cargo run --release --example calibrate -- shapes --size 3x4 [--size 4x3]... --count 1000 --seed 34 [--limit-s 60] [--out F]
//! ```
//! `shapes --exact` instead searches the whole state space of each shape of at most 10 cells
//! breadth-first and prints its exact histogram. `shapes` solves `--count` uniformly random boards of each shape optimally (each given up
//! after `--limit-s`), appends them to `--out` (`size<TAB>optimal<TAB>linear conflict<TAB>ms<TAB>tiles`)
//! and prints the distribution the shape's bands are chosen from.
//! `fit4` reads Korf's 100 instances (known lengths; `--korf F`, by default the copy shipped in
//! tests/data/korf100-15puzzle.txt) and any earlier `--out` files given as
//! `--data`, solves `--random` uniformly random and `--walks` random-walk boards optimally,
//! and prints the rating→length table, fitted knots and the level agreement.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::time::{Duration, Instant};

use slide::difficulty::{self, Level, RatingKind, band_of, bands, expected_length, generate, level_for_length};
use slide::puzzle::{Board, SeededRng, Size};
use slide::solver::{SolveOptions, Solver, Stop, TableCache};

/// Korf's 100 instances as shipped with the tests; `fit4 --korf F` reads another copy.
/// Anchored at the crate so that the example runs from any directory.
const KORF: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/korf100-15puzzle.txt");

struct Args(Vec<String>);

impl Args {
    fn value(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .position(|a| a == name)
            .and_then(|i| self.0.get(i + 1))
            .map(String::as_str)
    }
    fn values(&self, name: &str) -> Vec<&str> {
        self.0
            .windows(2)
            .filter(|w| w[0] == name)
            .map(|w| w[1].as_str())
            .collect()
    }
    fn num(&self, name: &str, default: u64) -> u64 {
        self.value(name).map_or(default, |v| v.parse().unwrap_or(default))
    }
    fn flag(&self, name: &str) -> bool {
        self.0.iter().any(|a| a == name)
    }
}

fn main() {
    let args = Args(std::env::args().skip(1).collect());
    let solver = Solver::new(TableCache::default_location());
    match args.0.first().map(String::as_str) {
        Some("three") => three(&solver),
        Some("fit4") => fit4(&solver, &args),
        Some("generate") => generate_report(&solver, &args),
        Some("large") => large(&solver, &args),
        Some("prove") => prove(&solver, &args),
        Some("shapes") => shapes(&solver, &args),
        _ => eprintln!("usage: calibrate three | fit4 | generate | large | prove | shapes (see the source)"),
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn three(solver: &Solver) {
    let h = solver.exact3().histogram();
    let total: u64 = h.iter().sum();
    let mean = h.iter().enumerate().map(|(d, &c)| d as f64 * c as f64).sum::<f64>() / total as f64;
    println!(
        "3×3 exact histogram: {total} boards, mean {mean:.2}, max {}",
        h.len() - 1
    );
    let mut line = String::new();
    for (d, c) in h.iter().enumerate() {
        let _ = write!(line, "{d}:{c} ");
    }
    println!("{line}");
    println!("| level | band | boards | share of random boards |\n|---|---|---|---|");
    for (level, band) in bands(Size::THREE) {
        let n: u64 = (band.min..=band.max).map(|d| h[d as usize]).sum();
        println!(
            "| {level} | {}–{} | {n} | {:.1}% |",
            band.min,
            band.max,
            100.0 * n as f64 / total as f64
        );
    }
}

/// One 4×4 sample: its rating and optimal length.
struct Sample {
    source: String,
    rating: u32,
    length: u32,
}

fn solve_len(solver: &Solver, board: &Board) -> u32 {
    let opts = SolveOptions {
        optimal: true,
        ..SolveOptions::default()
    };
    solver.solve(board, &opts).map_or(0, |s| s.len() as u32)
}

fn read_samples(path: &str, solver: &Solver, source: &str) -> Vec<Sample> {
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("cannot read {path}");
        return Vec::new();
    };
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        // Korf file: length<TAB>tiles; our --out files: source<TAB>length<TAB>tiles.
        let fields: Vec<&str> = line.split('\t').collect();
        let (src, len, tiles) = match fields.as_slice() {
            [len, tiles] => (source, *len, *tiles),
            [src, len, tiles, ..] => (*src, *len, *tiles),
            _ => continue,
        };
        let (Ok(length), Ok(board)) = (len.trim().parse::<u32>(), tiles.parse::<Board>()) else {
            continue;
        };
        let rating = difficulty::rating(solver, &board).0;
        out.push(Sample {
            source: src.to_string(),
            rating,
            length,
        });
    }
    out
}

fn fit4(solver: &Solver, args: &Args) {
    let seed = args.num("--seed", 4);
    let _ = solver.prepare(Size::FOUR, &|_| {});
    let korf = args.value("--korf").unwrap_or(KORF);
    let mut samples = read_samples(korf, solver, "korf");
    for path in args.values("--data") {
        samples.extend(read_samples(path, solver, "data"));
    }
    let mut out = args
        .value("--out")
        .and_then(|p| std::fs::OpenOptions::new().create(true).append(true).open(p).ok());
    let mut rng = SeededRng::new(seed);
    let (n_random, n_walks) = (args.num("--random", 0), args.num("--walks", 0));
    let mut times = Vec::new();
    for i in 0..n_random + n_walks {
        let (source, board) = if i < n_random {
            ("random", Board::random(Size::FOUR, &mut rng))
        } else {
            let steps = 20 + rng.index(140);
            ("walk", Board::scrambled(Size::FOUR, steps, &mut rng))
        };
        let t = Instant::now();
        let length = solve_len(solver, &board);
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        if let Some(f) = out.as_mut() {
            let _ = writeln!(f, "{source}\t{length}\t{board}");
        }
        let rating = difficulty::rating(solver, &board).0;
        samples.push(Sample {
            source: source.to_string(),
            rating,
            length,
        });
    }
    times.sort_by(f64::total_cmp);
    if !times.is_empty() {
        println!(
            "solved {} boards optimally: p50 {:.0} ms, p95 {:.0} ms, max {:.0} ms",
            times.len(),
            percentile(&times, 0.5),
            percentile(&times, 0.95),
            times.last().copied().unwrap_or(0.0)
        );
    }
    report4(&samples);
}

fn report4(samples: &[Sample]) {
    let mut by_source: BTreeMap<&str, usize> = BTreeMap::new();
    for s in samples {
        *by_source.entry(&s.source).or_default() += 1;
    }
    println!("4×4 samples: {by_source:?}");
    let randoms: Vec<&Sample> = samples
        .iter()
        .filter(|s| s.source == "random" || s.source == "korf")
        .collect();
    if !randoms.is_empty() {
        report_random_boards(&randoms);
    }
    report_rating_table(samples);
    report_knots(samples);
    // Agreement of the level from the rating with the level from the optimal length.
    for (name, set) in [
        ("all samples", samples.iter().collect::<Vec<_>>()),
        ("random boards", randoms.clone()),
    ] {
        if !set.is_empty() {
            report_agreement(name, &set);
        }
    }
    report_expert_threshold(&randoms);
}

/// The optimal lengths and ratings of the random boards, and their share in each band.
fn report_random_boards(randoms: &[&Sample]) {
    let mut lens: Vec<f64> = randoms.iter().map(|s| f64::from(s.length)).collect();
    lens.sort_by(f64::total_cmp);
    let mean = lens.iter().sum::<f64>() / lens.len() as f64;
    let r_mean = randoms.iter().map(|s| f64::from(s.rating)).sum::<f64>() / lens.len() as f64;
    println!(
        "random boards: {} , optimal mean {mean:.2}, min {}, p5 {}, p50 {}, p95 {}, max {}; rating mean {r_mean:.2}",
        lens.len(),
        lens[0],
        percentile(&lens, 0.05),
        percentile(&lens, 0.5),
        percentile(&lens, 0.95),
        lens[lens.len() - 1]
    );
    let mut share = String::new();
    for (level, band) in bands(Size::FOUR) {
        let n = randoms.iter().filter(|s| band.contains(s.length)).count();
        let _ = write!(share, "{level} {:.1}%  ", 100.0 * n as f64 / lens.len() as f64);
    }
    println!("share of random boards per band: {share}");
}

/// Rating → optimal length, against the shipped expectation.
fn report_rating_table(samples: &[Sample]) {
    let mut table: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for s in samples {
        table.entry(s.rating).or_default().push(s.length);
    }
    println!("\n| rating | n | mean optimal | min | max | shipped expected |\n|---|---|---|---|---|---|");
    for (r, lens) in &table {
        let mean = lens.iter().map(|&l| f64::from(l)).sum::<f64>() / lens.len() as f64;
        println!(
            "| {r} | {} | {mean:.1} | {} | {} | {} |",
            lens.len(),
            lens.iter().min().unwrap_or(&0),
            lens.iter().max().unwrap_or(&0),
            expected_length(Size::FOUR, RatingKind::WalkingConflict, *r)
        );
    }
}

/// Fitted knots: mean length per 4-wide rating bucket (centre), for calibration.rs.
fn report_knots(samples: &[Sample]) {
    let mut knots = String::from("fitted knots (bucket centre, mean): ");
    let mut bucket: BTreeMap<u32, (f64, f64)> = BTreeMap::new();
    for s in samples {
        let e = bucket.entry(s.rating / 4).or_default();
        e.0 += f64::from(s.rating);
        e.1 += f64::from(s.length);
    }
    for (b, (rs, ls)) in &bucket {
        let n = samples.iter().filter(|s| s.rating / 4 == *b).count() as f64;
        let _ = write!(knots, "({:.0}, {:.1}), ", rs / n, ls / n);
    }
    println!("{knots}");
}

/// How often the level from the rating is the level from the optimal length, in `set`.
fn report_agreement(name: &str, set: &[&Sample]) {
    let agree = set
        .iter()
        .filter(|s| {
            let e = expected_length(Size::FOUR, RatingKind::WalkingConflict, s.rating);
            level_for_length(Size::FOUR, e) == level_for_length(Size::FOUR, s.length)
        })
        .count();
    let within2 = set
        .iter()
        .filter(|s| {
            let e = expected_length(Size::FOUR, RatingKind::WalkingConflict, s.rating);
            e.abs_diff(s.length) <= 2
        })
        .count();
    let mae = set
        .iter()
        .map(|s| f64::from(expected_length(Size::FOUR, RatingKind::WalkingConflict, s.rating).abs_diff(s.length)))
        .sum::<f64>()
        / set.len() as f64;
    println!(
        "{name}: n {}, level from rating = level from optimal: {:.1}%, |expected − optimal| ≤ 2: {:.1}%, mean abs error {mae:.2}",
        set.len(),
        100.0 * agree as f64 / set.len() as f64,
        100.0 * within2 as f64 / set.len() as f64
    );
}

/// Expert threshold: P(optimal ≥ Expert min | rating ≥ t) on random boards.
fn report_expert_threshold(randoms: &[&Sample]) {
    let Some(expert) = band_of(Size::FOUR, Level::Expert) else {
        return;
    };
    let mut line = format!("random boards, P(optimal ≥ {} | rating ≥ t): ", expert.min);
    for t in 40..=54 {
        let sel: Vec<_> = randoms.iter().filter(|s| s.rating >= t).collect();
        if sel.is_empty() {
            continue;
        }
        let ok = sel.iter().filter(|s| s.length >= expert.min).count();
        let _ = write!(
            line,
            "t={t}: {:.1}% (n {}, {:.1}% of boards); ",
            100.0 * ok as f64 / sel.len() as f64,
            sel.len(),
            100.0 * sel.len() as f64 / randoms.len() as f64
        );
    }
    println!("{line}");
}

fn generate_report(solver: &Solver, args: &Args) {
    let size = args.value("--size").and_then(|s| s.parse().ok()).unwrap_or(Size::FOUR);
    let count = args.num("--count", 200);
    let first = args.num("--first-seed", 0);
    let solve = args.flag("--solve");
    let solve_count = args.num("--solve-count", count);
    let _ = solver.prepare(size, &|_| {});
    println!(
        "\n{size}: {count} boards per level (seeds {first}..{}){}",
        first + count,
        if solve { ", optimal lengths checked" } else { "" }
    );
    println!(
        "| level | band | gen p50 ms | gen p95 ms | gen max ms | rating min–mean–max | confirmed by generator | in band (optimal) |\n|---|---|---|---|---|---|---|---|"
    );
    for level in difficulty::levels_for(size) {
        let mut times = Vec::new();
        let mut ratings = Vec::new();
        let mut confirmed = 0;
        let mut in_band = 0;
        let mut checked = 0;
        for seed in first..first + count {
            let g = generate(solver, size, level, seed);
            times.push(g.millis());
            ratings.push(g.rating);
            assert!(slide::puzzle::parity::is_solvable(size, g.board.tiles()));
            if g.length.is_some() {
                confirmed += 1;
            }
            if let Some(band) = band_of(size, level) {
                let len = match g.length {
                    Some(l) => Some(l),
                    None if solve && size.cells() <= 16 && seed - first < solve_count => {
                        Some(solve_len(solver, &g.board))
                    }
                    None => None,
                };
                if let Some(len) = len {
                    checked += 1;
                    if band.contains(len) {
                        in_band += 1;
                    }
                }
            }
        }
        times.sort_by(f64::total_cmp);
        let band = band_of(size, level).map_or("—".to_string(), |b| format!("{}–{}", b.min, b.max));
        let mean = ratings.iter().map(|&r| f64::from(r)).sum::<f64>() / ratings.len() as f64;
        let in_band = if checked == 0 {
            "—".to_string()
        } else {
            format!("{in_band}/{checked} = {:.1}%", 100.0 * in_band as f64 / checked as f64)
        };
        println!(
            "| {level} | {band} | {:.2} | {:.2} | {:.2} | {}–{mean:.1}–{} | {confirmed}/{count} | {in_band} |",
            percentile(&times, 0.5),
            percentile(&times, 0.95),
            times.last().copied().unwrap_or(0.0),
            ratings.iter().min().unwrap_or(&0),
            ratings.iter().max().unwrap_or(&0),
        );
    }
}

/// 5×5 and 6×6: lower bounds of generated boards, and plan lengths within a time budget.
fn large(solver: &Solver, args: &Args) {
    let size = Size::new(args.num("--size", 5) as usize).unwrap_or(Size::FIVE);
    let count = args.num("--count", 50);
    let budget = Duration::from_millis(args.num("--budget-ms", 1000));
    let _ = solver.prepare(size, &|_| {});
    println!("\n{size}: {count} boards per level; plans within {budget:?}");
    println!(
        "| level | band | lower bound min–mean–max | expected mean | plans found | plan length min–mean–max | plan/lower bound |\n|---|---|---|---|---|---|---|"
    );
    for level in Level::ALL {
        let mut lbs = Vec::new();
        let mut exp = Vec::new();
        let mut plans = Vec::new();
        let mut ratio = Vec::new();
        for seed in 0..count {
            let g = generate(solver, size, level, seed);
            lbs.push(g.rating);
            exp.push(g.expected_length);
            if !budget.is_zero() {
                let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
                let f2 = flag.clone();
                let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
                let d2 = done.clone();
                let watchdog = std::thread::spawn(move || {
                    let end = Instant::now() + budget;
                    while Instant::now() < end && !d2.load(std::sync::atomic::Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    f2.store(true, std::sync::atomic::Ordering::Relaxed);
                });
                let opts = SolveOptions {
                    max_time: Some(budget),
                    stop: Stop::never().with_flag(flag),
                    ..SolveOptions::default()
                };
                if let Ok(s) = solver.solve(&g.board, &opts) {
                    plans.push(s.len() as u32);
                    ratio.push(s.len() as f64 / f64::from(g.rating.max(1)));
                }
                done.store(true, std::sync::atomic::Ordering::Relaxed);
                let _ = watchdog.join();
            }
        }
        let stats = |v: &[u32]| {
            if v.is_empty() {
                return "—".to_string();
            }
            let mean = v.iter().map(|&x| f64::from(x)).sum::<f64>() / v.len() as f64;
            format!(
                "{}–{mean:.1}–{}",
                v.iter().min().unwrap_or(&0),
                v.iter().max().unwrap_or(&0)
            )
        };
        let band = band_of(size, level).map_or("—".to_string(), |b| format!("{}–{}", b.min, b.max));
        let emean = exp.iter().map(|&x| f64::from(x)).sum::<f64>() / exp.len() as f64;
        let rmean = if ratio.is_empty() {
            "—".to_string()
        } else {
            format!("{:.3}", ratio.iter().sum::<f64>() / ratio.len() as f64)
        };
        println!(
            "| {level} | {band} | {} | {emean:.1} | {}/{count} | {} | {rmean} |",
            stats(&lbs),
            plans.len(),
            stats(&plans)
        );
    }
}

/// Deals boards of each level and solves them optimally within a time limit each: how many
/// are proven, whether their proven length lies in the level's band, and how far the rating's
/// expected length is from the proven length. For 5×5, where only easier boards can be proven.
fn prove(solver: &Solver, args: &Args) {
    let size = Size::new(args.num("--size", 5) as usize).unwrap_or(Size::FIVE);
    let count = args.num("--count", 30);
    let limit = Duration::from_secs(args.num("--limit-s", 10));
    let levels: Vec<Level> = match args.values("--level").as_slice() {
        [] => vec![Level::Easy, Level::Medium],
        names => names.iter().filter_map(|n| n.parse().ok()).collect(),
    };
    let _ = solver.prepare(size, &|_| {});
    println!("\n{size}: {count} dealt boards per level (seeds 0..{count}), optimal search up to {limit:?} each");
    println!(
        "| level | band | proven | proven length min–mean–max | in band | expected − proven (mean, mean abs) | level from rating = level from length | time to prove p50 / max |\n|---|---|---|---|---|---|---|---|"
    );
    for level in levels {
        let band = band_of(size, level);
        let mut lengths = Vec::new();
        let mut diffs = Vec::new();
        let mut agree = 0;
        let mut times = Vec::new();
        for seed in 0..count {
            let g = generate(solver, size, level, seed);
            let start = Instant::now();
            // An optimal search takes no time budget, only a stop.
            let opts = SolveOptions {
                optimal: true,
                stop: Stop::never().with_deadline(start + limit),
                ..SolveOptions::default()
            };
            let Ok(s) = solver.solve(&g.board, &opts) else { continue };
            if !s.optimal {
                continue;
            }
            times.push(start.elapsed().as_secs_f64());
            let len = s.len() as u32;
            lengths.push(len);
            diffs.push(f64::from(g.expected_length) - f64::from(len));
            let by_length = Level::BANDED
                .iter()
                .copied()
                .find(|l| band_of(size, *l).is_some_and(|b| b.contains(len)));
            let by_rating = Level::BANDED
                .iter()
                .copied()
                .find(|l| band_of(size, *l).is_some_and(|b| b.contains(g.expected_length)));
            agree += usize::from(by_length.is_some() && by_length == by_rating);
        }
        let n = lengths.len();
        let in_band = band.map_or(0, |b| lengths.iter().filter(|&&l| b.contains(l)).count());
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
        let lens: Vec<f64> = lengths.iter().map(|&l| f64::from(l)).collect();
        let abs: Vec<f64> = diffs.iter().map(|d| d.abs()).collect();
        times.sort_by(f64::total_cmp);
        println!(
            "| {level} | {} | {n}/{count} | {}–{:.1}–{} | {in_band}/{n} | {:+.1}, {:.1} | {agree}/{n} | {:.2} s / {:.2} s |",
            band.map_or("—".to_string(), |b| format!("{}–{}", b.min, b.max)),
            lengths.iter().min().unwrap_or(&0),
            mean(&lens),
            lengths.iter().max().unwrap_or(&0),
            mean(&diffs),
            mean(&abs),
            percentile(&times, 0.5),
            percentile(&times, 1.0),
        );
    }
}

/// Optimal lengths of uniformly random boards of each `--size`, with their linear-conflict
/// bound and solve time: the sample a shape's bands are chosen from (CALIBRATION.md).
fn shapes(solver: &Solver, args: &Args) {
    let count = args.num("--count", 1000);
    let seed = args.num("--seed", 34);
    let limit = Duration::from_secs(args.num("--limit-s", 60));
    let mut out = args
        .value("--out")
        .and_then(|p| std::fs::OpenOptions::new().create(true).append(true).open(p).ok());
    for name in args.values("--size") {
        let Ok(size) = name.parse::<Size>() else {
            eprintln!("not a size: {name}");
            continue;
        };
        if args.flag("--exact") {
            exact_histogram(size);
            continue;
        }
        let shape = ((size.width() as u64) << 52) ^ ((size.height() as u64) << 56);
        let mut rng = SeededRng::new(seed ^ shape);
        let (mut lens, mut times, mut unproven) = (Vec::new(), Vec::new(), 0);
        let mut histogram: BTreeMap<u32, u32> = BTreeMap::new();
        for _ in 0..count {
            let board = Board::random(size, &mut rng);
            let start = Instant::now();
            let opts = SolveOptions {
                optimal: true,
                stop: Stop::never().with_deadline(start + limit),
                ..SolveOptions::default()
            };
            let Ok(s) = solver
                .solve(&board, &opts)
                .map_err(|_| ())
                .and_then(|s| if s.optimal { Ok(s) } else { Err(()) })
            else {
                unproven += 1;
                continue;
            };
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            let (len, lc) = (s.len() as u32, solver.rate(&board).linear_conflict);
            if let Some(f) = out.as_mut() {
                let _ = writeln!(f, "{size}\t{len}\t{lc}\t{ms:.1}\t{board}");
            }
            *histogram.entry(len).or_default() += 1;
            lens.push(f64::from(len));
            times.push(ms);
        }
        println!(
            "{size}: {} proven of {count} (seed {seed}, {unproven} not within {limit:?})",
            lens.len()
        );
        report_sample(size, &mut lens, &mut times, &histogram);
    }
}

/// The distribution of a shape's sample: quantiles, solve times, the histogram and the
/// share of each band.
fn report_sample(size: Size, lens: &mut [f64], times: &mut [f64], histogram: &BTreeMap<u32, u32>) {
    lens.sort_by(f64::total_cmp);
    times.sort_by(f64::total_cmp);
    let mean = lens.iter().sum::<f64>() / lens.len().max(1) as f64;
    let q = |p: f64| percentile(lens, p);
    println!(
        "{size}: optimal mean {mean:.2}, min {}, p5 {}, p15 {}, p25 {}, p50 {}, p75 {}, p78 {}, p95 {}, max {}; solve p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        q(0.0),
        q(0.05),
        q(0.15),
        q(0.25),
        q(0.5),
        q(0.75),
        q(0.78),
        q(0.95),
        q(1.0),
        percentile(times, 0.5),
        percentile(times, 0.95),
        percentile(times, 1.0)
    );
    let mut line = String::new();
    for (len, n) in histogram {
        let _ = write!(line, "{len}:{n} ");
    }
    println!("{line}");
    let mut share = String::new();
    for (level, band) in difficulty::level_bands(size) {
        let n = lens.iter().filter(|&&l| band.contains(l as u32)).count();
        let _ = write!(
            share,
            "{level} {}–{} {:.1}%  ",
            band.min,
            band.max,
            100.0 * n as f64 / lens.len().max(1) as f64
        );
    }
    println!("share of random boards per band: {share}");
}

/// The exact histogram of optimal lengths of a shape of at most 10 cells, by breadth-first
/// search from the goal over all its boards (moves are reversible).
fn exact_histogram(size: Size) {
    if size.cells() > 10 {
        eprintln!("{size}: --exact takes shapes of at most 10 cells");
        return;
    }
    let key = |b: &Board| b.tiles().iter().fold(0u64, |k, &t| (k << 4) | u64::from(t));
    let goal = Board::goal(size);
    let mut seen = std::collections::HashSet::from([key(&goal)]);
    let mut layer = vec![goal];
    let mut histogram = Vec::new();
    while !layer.is_empty() {
        histogram.push(layer.len() as u64);
        let mut next = Vec::new();
        for b in &layer {
            for m in slide::puzzle::Move::ALL {
                if let Some(n) = b.moved(m)
                    && seen.insert(key(&n))
                {
                    next.push(n);
                }
            }
        }
        layer = next;
    }
    let total: u64 = histogram.iter().sum();
    let mean = histogram
        .iter()
        .enumerate()
        .map(|(d, &c)| d as f64 * c as f64)
        .sum::<f64>()
        / total as f64;
    println!(
        "{size} exact histogram: {total} boards, mean {mean:.2}, max {}",
        histogram.len() - 1
    );
    let mut line = String::new();
    for (d, c) in histogram.iter().enumerate() {
        let _ = write!(line, "{d}:{c} ");
    }
    println!("{line}");
    for (level, band) in difficulty::level_bands(size) {
        let n: u64 = (band.min..=band.max).filter_map(|d| histogram.get(d as usize)).sum();
        println!(
            "| {level} | {}–{} | {n} | {:.1}% |",
            band.min,
            band.max,
            100.0 * n as f64 / total as f64
        );
    }
}
