//! The crash test: plays the real game in tmux and kills it (SIGKILL or SIGTERM, at random)
//! a random instant after `N`, `R`, a winning move or a plain move, with the history a few
//! attempts short of its seal (1,000 attempts a sealed file), then starts it again and
//! checks, attempt by attempt, that nothing was lost or duplicated: every attempt that
//! started is recorded once or still resumable, no id is recorded twice with two results,
//! and the history grows by no more than the attempts that could have ended.
//!
//! `scripts/crash_test.sh [KILLS] [SEED]` builds the game and runs it (needs tmux);
//! `cargo test --test e2e -- --ignored crash` runs a short version. Prints a line a kill and
//! a summary; exits 1 when something was lost or duplicated.

use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use slide::game::{AttemptRecord, Loaded, Outcome, SINGLE, SavedGame, Store, WrittenSize};
use slide::puzzle::slidysim::format_scramble;
use slide::puzzle::{Board, Move, SeededRng, Size};

/// Two moves from solved (`Left`, `Left`): a move, then the win, `R` or `N`.
const BOARD: &str = "1 2 3 4 5 6 0 7 8";

/// How many kills a history is used for before a fresh one, pre-filled near its seal.
const KILLS_A_HISTORY: usize = 20;

/// What was done before the kill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Win,
    Restart,
    Next,
    Move,
}

/// What the run found.
#[derive(Debug, Default)]
pub struct Report {
    /// Kills made.
    pub kills: usize,
    /// Kills whose cycle sealed a file of the history.
    pub seals: usize,
    /// Attempts followed from their first move.
    pub attempts: usize,
    /// Of those, recorded by the end (the others are still resumable).
    pub recorded: usize,
    /// Ids found twice with the same line (a seal cut short: read once by design).
    pub same_twice: usize,
    /// What was lost or duplicated, said.
    pub failures: Vec<String>,
}

/// The game in a tmux server of its own, on a data folder.
struct Rig {
    bin: PathBuf,
    socket: String,
    scratch: PathBuf,
    data: PathBuf,
}

impl Rig {
    fn tmux(&self, args: &[&str]) -> String {
        Command::new("tmux")
            .args(["-u", "-L", &self.socket])
            .args(args)
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default()
    }

    fn start(&self, args: &str) {
        let s = self.scratch.display();
        let script = format!(
            "export SLIDE_DATA_DIR='{}' SLIDE_CONFIG_DIR='{s}/config' SLIDE_CACHE_DIR='{s}/cache' \
             SLIDE_BACKGROUND_TABLES=off LC_ALL=C.UTF-8; exec '{}' {args}",
            self.data.display(),
            self.bin.display()
        );
        self.tmux(&[
            "new-session",
            "-d",
            "-s",
            "g",
            "-x",
            "80",
            "-y",
            "24",
            "sh",
            "-c",
            &script,
        ]);
    }

    fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", "g"])
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "g"];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    fn wait_for(&self, pred: impl Fn(&str) -> bool) -> Option<String> {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            let s = self.screen();
            if pred(&s) {
                return Some(s);
            }
            sleep(Duration::from_millis(20));
        }
        None
    }

    fn pid(&self) -> Option<u32> {
        self.tmux(&["display-message", "-p", "-t", "g", "#{pane_pid}"])
            .trim()
            .parse()
            .ok()
    }

    /// Kills the game with `signal` and waits until it is gone.
    fn kill(&self, signal: &str) {
        if let Some(pid) = self.pid() {
            let _ = Command::new("kill")
                .args([&format!("-{signal}"), &pid.to_string()])
                .status();
            let start = Instant::now();
            let alive = || {
                Command::new("kill")
                    .args(["-0", &pid.to_string()])
                    .stderr(std::process::Stdio::null())
                    .status()
                    .is_ok_and(|s| s.success())
            };
            while alive() && start.elapsed() < Duration::from_secs(10) {
                sleep(Duration::from_millis(10));
            }
        }
        self.tmux(&["kill-server"]);
        sleep(Duration::from_millis(50));
    }

    /// Starts `slide` alone, lets its start settle (waiting results written, the last game
    /// resumed), and ends it with SIGTERM (saved, as a closed terminal is).
    fn settle(&self) -> bool {
        self.start("");
        let shown = self.wait_for(|s| (s.contains("Moves ") || s.contains("Resumed")) && !s.contains("Loading"));
        sleep(Duration::from_millis(300));
        self.kill("TERM");
        shown.is_some()
    }
}

/// A finished 4×4 attempt (a random walk undone), for pre-filling the history.
fn filler(i: usize, rng: &mut SeededRng) -> AttemptRecord {
    let mut board = Board::goal(Size::FOUR);
    let mut walk = Vec::new();
    while walk.len() < 30 {
        let m = Move::ALL[rng.index(4)];
        if board.try_move(m) {
            walk.push(m);
        }
    }
    let moves: String = walk.iter().rev().map(|m| m.inverse().letter()).collect();
    AttemptRecord {
        id: format!("fill{:012x}-1", rng.next_u64()),
        at: 1_796_256_000_000 + i as u64 * 30_000,
        size: WrittenSize::square(4),
        level: "medium".into(),
        daily: None,
        mode: SINGLE.into(),
        result: Outcome::Won,
        replay: false,
        assisted: false,
        hints: 0,
        millis: 30 * 100,
        scramble: format_scramble(&board),
        moves,
        gaps: (0..30).map(|k| if k == 0 { 0 } else { 100 }).collect(),
        par: Some(30),
        seed: Some(rng.next_u64()),
        mtm: Some(30),
        carried: false,
        ranked: Some(true),
        memo_ms: None,
    }
}

/// Every history line's id and the line, read raw (the reader would merge duplicates).
fn raw_lines(data: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(data.join("history")) else {
        return out;
    };
    for e in entries.flatten() {
        let path = e.path();
        let ext = path.extension().map(|x| x.to_string_lossy().to_lowercase());
        let Ok(bytes) = std::fs::read(&path) else { continue };
        let text = if ext.as_deref() == Some("gz") {
            let mut s = String::new();
            let _ = flate2::read::MultiGzDecoder::new(&bytes[..]).read_to_string(&mut s);
            s
        } else if ext.as_deref() == Some("jsonl") {
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            continue;
        };
        for line in text.lines() {
            let id = serde_json::from_str::<serde_json::Value>(line)
                .ok()
                .and_then(|v| v.get("id").and_then(|i| i.as_str()).map(String::from));
            if let Some(id) = id {
                out.push((id, line.to_string()));
            }
        }
    }
    out
}

/// The saves on disk, read without touching them.
fn saves(data: &Path) -> Vec<SavedGame> {
    let Ok(entries) = std::fs::read_dir(data.join("games")) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .filter_map(|e| serde_json::from_str(&std::fs::read_to_string(e.path()).ok()?).ok())
        .collect()
}

/// The attempt under way: the save with moves saved last, as `id-attempt`.
fn under_way(data: &Path) -> Option<String> {
    saves(data)
        .into_iter()
        .filter(|g| g.moves > 0 && !g.finished)
        .max_by_key(|g| g.saved_at)
        .map(|g| format!("{}-{}", g.id, g.attempt.max(1)))
}

/// How many attempts are recorded or wait in a save to be.
fn ended(data: &Path) -> usize {
    let (history, waiting) = recorded(data);
    history.union(&waiting).count()
}

/// The ids the history holds (as read), and what waits in saves.
fn recorded(data: &Path) -> (HashSet<String>, HashSet<String>) {
    let history = match Store::at(data.to_path_buf()).load_records() {
        Loaded::Found(h) => h.attempts.into_iter().map(|a| a.id).collect(),
        _ => HashSet::new(),
    };
    let waiting = saves(data)
        .iter()
        .flat_map(|g| g.pending.iter().filter_map(|p| p.get("id")?.as_str().map(String::from)))
        .collect();
    (history, waiting)
}

/// Whether the attempt `id` can still be resumed: a save holds it as its attempt.
fn resumable(data: &Path, id: &str) -> bool {
    saves(data)
        .iter()
        .any(|g| !g.finished && format!("{}-{}", g.id, g.attempt.max(1)) == id)
}

fn sealed_count(data: &Path) -> usize {
    std::fs::read_dir(data.join("history")).map_or(0, |e| {
        e.flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with("sealed-"))
            .count()
    })
}

/// Runs `kills` cycles of the game at `bin`, from `seed`, in a scratch folder of its own.
pub fn run(bin: &Path, kills: usize, seed: u64, mut say: impl FnMut(&str)) -> Report {
    let scratch = std::env::temp_dir().join(format!("slide-crash-{}-{seed}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let rig = Rig {
        bin: bin.to_path_buf(),
        socket: format!("slide-crash-{}", std::process::id()),
        data: scratch.join("data"),
        scratch,
    };
    let mut rng = SeededRng::new(seed);
    let mut report = Report::default();
    let mut followed: Vec<String> = Vec::new();
    for cycle in 0..kills {
        if cycle % KILLS_A_HISTORY == 0 {
            tally(&rig.data, &followed, &mut report);
            followed.clear();
            fresh_history(&rig, &mut rng);
        }
        let line = one_cycle(&rig, &mut rng, &mut followed, &mut report);
        say(&format!("kill {}: {line}", cycle + 1));
    }
    tally(&rig.data, &followed, &mut report);
    rig.tmux(&["kill-server"]);
    let _ = std::fs::remove_dir_all(&rig.scratch);
    report
}

/// Counts the attempts followed on one history, and those recorded by now.
fn tally(data: &Path, followed: &[String], report: &mut Report) {
    let (history, _) = recorded(data);
    report.attempts += followed.len();
    report.recorded += followed.iter().filter(|id| history.contains(*id)).count();
}

/// A fresh data folder whose history is 1 to 12 attempts short of its seal.
fn fresh_history(rig: &Rig, rng: &mut SeededRng) {
    let _ = std::fs::remove_dir_all(&rig.data);
    let store = Store::at(rig.data.clone());
    let count = 988 + rng.index(12);
    let records: Vec<AttemptRecord> = (0..count).map(|i| filler(i, rng)).collect();
    if let Err(e) = store.append_attempts(&records) {
        eprintln!("crash test: the history could not be pre-filled: {e}");
    }
}

/// One start, a move, an action, a kill, a start again: then the checks.
fn one_cycle(rig: &Rig, rng: &mut SeededRng, followed: &mut Vec<String>, report: &mut Report) -> String {
    let before = ended(&rig.data);
    let sealed = sealed_count(&rig.data);
    // Half the starts resume the last game, half ask for a board (which ends the one left).
    if rng.index(2) == 0 {
        rig.start(&format!("--board '{BOARD}'"));
    } else {
        rig.start("");
    }
    let Some(s) = rig.wait_for(|s| (s.contains("Moves ") || s.contains("Resumed")) && !s.contains("Loading")) else {
        rig.kill("KILL");
        report.failures.push("the game never showed".into());
        return "no game".into();
    };
    if s.contains("Resumed") {
        rig.keys(&["Escape"]);
        sleep(Duration::from_millis(100));
    }
    let moves_before = rig.screen().contains("Moves    0");
    rig.keys(&["Left"]);
    let moved = moves_before && rig.wait_for(|s| s.contains("Moves    1")).is_some();
    sleep(Duration::from_millis(150));
    let attempt = if moved { under_way(&rig.data) } else { None };
    let action = [Action::Win, Action::Restart, Action::Next, Action::Move][rng.index(4)];
    match action {
        Action::Win => rig.keys(&["Left"]),
        Action::Restart => rig.keys(&["R", "Enter"]),
        Action::Next => rig.keys(&["n", "Enter"]),
        Action::Move => rig.keys(&["Up"]),
    }
    let delay = rng.index(250) as u64;
    sleep(Duration::from_millis(delay));
    let signal = if rng.index(2) == 0 { "KILL" } else { "TERM" };
    rig.kill(signal);
    report.kills += 1;
    if !rig.settle() {
        report
            .failures
            .push("the game did not start again after the kill".into());
    }
    if let Some(id) = &attempt
        && !followed.contains(id)
    {
        followed.push(id.clone());
    }
    let after = ended(&rig.data);
    if sealed_count(&rig.data) > sealed {
        report.seals += 1;
    }
    check(rig, followed, before, after, report);
    format!(
        "{action:?}, {signal} after {delay} ms, attempt {}: attempts ended {before} -> {after}{}",
        attempt.as_deref().unwrap_or("(none new)"),
        if sealed_count(&rig.data) > sealed {
            " (sealed)"
        } else {
            ""
        }
    )
}

/// Attempt by attempt: recorded (or waiting in a save) once, or resumable; no id with two
/// different lines; the attempts ended grew by at most the two a cycle can end (the one
/// left at start, the one under way) and never shrank.
fn check(rig: &Rig, followed: &[String], before: usize, after: usize, report: &mut Report) {
    let (history, waiting) = recorded(&rig.data);
    for id in followed {
        if !history.contains(id) && !waiting.contains(id) && !resumable(&rig.data, id) {
            report
                .failures
                .push(format!("attempt {id} is neither recorded nor resumable"));
        }
    }
    let mut lines: HashMap<String, Vec<String>> = HashMap::new();
    for (id, line) in raw_lines(&rig.data) {
        lines.entry(id).or_default().push(line);
    }
    for (id, all) in &lines {
        if all.len() > 1 {
            if all.iter().all(|l| l == &all[0]) {
                report.same_twice += 1;
            } else {
                report
                    .failures
                    .push(format!("id {id} recorded {} times with different lines", all.len()));
            }
        }
    }
    if after < before {
        report
            .failures
            .push(format!("the attempts ended went from {before} to {after}"));
    }
    if after > before + 2 {
        report
            .failures
            .push(format!("{} attempts ended in one cycle", after - before));
    }
}

#[allow(dead_code, reason = "the e2e test includes this file for `run` and has its own main")]
fn main() {
    let mut args = std::env::args().skip(1);
    let kills: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs())
    });
    let bin = std::env::var_os("SLIDE_BIN").map_or_else(|| PathBuf::from("target/release/slide"), PathBuf::from);
    println!("crash test: {kills} kills, seed {seed}, game {}", bin.display());
    let report = run(&bin, kills, seed, |line| println!("{line}"));
    println!(
        "{} kills ({} during a cycle that sealed the history): {} attempts followed, {} recorded, the rest \
         resumable; {} id(s) twice with the same line (a seal cut short, read once)",
        report.kills, report.seals, report.attempts, report.recorded, report.same_twice
    );
    if report.failures.is_empty() {
        println!("nothing lost or duplicated");
    } else {
        for f in &report.failures {
            println!("FAILED: {f}");
        }
        std::process::exit(1);
    }
}
