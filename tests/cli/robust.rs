//! The command line on odd input: it never panics, says what is wrong in one line, and
//! its commands compose (each reads what the others print).

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::Value;
use slide::puzzle::{Board, parse_moves};

const HARD_3X3: &str = "8 6 7 2 5 4 3 0 1";

/// The cache the other CLI tests use, so that tables are built once.
fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("slide-cli-cache")
}

fn command(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_slide"));
    cmd.args(args).env("SLIDE_CACHE_DIR", cache_dir());
    cmd
}

fn slide(args: &[&str]) -> Output {
    command(args).stdin(Stdio::null()).output().expect("run slide")
}

fn slide_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run slide");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // Written on a thread: a child that stops reading early must not block the test.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for slide");
    let _ = writer.join();
    out
}

fn code(out: &Output) -> i32 {
    out.status.code().expect("exit status")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json_lines(out: &Output) -> Vec<Value> {
    stdout(out)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// Bad input: exit 2, one line on stderr, no panic.
#[track_caller]
fn assert_one_line_refusal(out: &Output) -> String {
    let err = stderr(out);
    assert_eq!(code(out), 2, "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("slide: error"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

fn tables_for(size: usize) {
    static READY: [OnceLock<()>; 4] = [OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new()];
    READY[size - 3].get_or_init(|| {
        let out = slide(&["tables", "build", "--size", &size.to_string()]);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
    });
}

fn bench_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/korf-taylor10-24puzzle.txt")
}

// Items 5 and 9: durations.

#[test]
fn huge_and_infinite_time_limits_are_refused_in_words_never_a_panic() {
    let bench = bench_file();
    for args in [
        vec!["solve", "--max-time", "1e19", HARD_3X3],
        vec!["bench", "--max-time", "1e19", bench.to_str().expect("path")],
        vec!["hint", "--max-time", "1e19", HARD_3X3],
        vec!["solve", "--max-time", "1e309", HARD_3X3],
        vec!["solve", "--max-time", "inf", HARD_3X3],
    ] {
        let err = assert_one_line_refusal(&slide(&args));
        assert!(err.contains("a year"), "{args:?}: {err}");
        assert!(!err.contains("more than 0"), "{args:?}: {err}");
        assert!(err.contains("--max-time"), "{args:?}: {err}");
    }
    let err = assert_one_line_refusal(&slide(&["solve", "--max-time", "0", HARD_3X3]));
    assert!(err.contains("more than 0 seconds"), "{err}");
    // A year is taken, and a 3×3 board needs none of it.
    let out = slide(&["solve", "--max-time", "31536000", HARD_3X3]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
}

// Item 6: a closed output.

/// Runs `slide` with stdout and stderr into one pipe, reads one line and closes the pipe,
/// as `2>&1 | head -1` does; returns the exit status and the line.
fn closed_after_one_line(args: &[&str], input: &[u8]) -> (Option<i32>, String) {
    let (mut reader, writer) = std::io::pipe().expect("a pipe");
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(writer.try_clone().expect("clone"))
        .stderr(writer)
        .spawn()
        .expect("run slide");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut first = Vec::new();
    let mut byte = [0u8];
    while reader.read(&mut byte).expect("read") == 1 && byte[0] != b'\n' {
        first.push(byte[0]);
    }
    drop(reader);
    let status = child.wait().expect("wait");
    let _ = feeder.join();
    (status.code(), String::from_utf8_lossy(&first).into_owned())
}

#[test]
fn a_closed_stdout_or_stderr_ends_the_run_quietly() {
    // Errors on stderr, the reader gone after the first: `yes foo | slide solve - 2>&1 | head -1`.
    let bad_lines = "foo\n".repeat(5000);
    let (status, first) = closed_after_one_line(&["solve", "-"], bad_lines.as_bytes());
    assert!(first.contains("line 1"), "{first}");
    assert_eq!(status, Some(0), "a closed output is no failure, and no panic (101)");
    // Answers on stdout: `slide generate --count 100000 | head -1`.
    let (status, first) = closed_after_one_line(
        &["generate", "--size", "3", "--level", "easy", "--count", "100000"],
        b"",
    );
    assert_eq!(first.split_whitespace().count(), 9, "{first}");
    assert_eq!(status, Some(0));
}

// Items 7 and 8: what is quoted, and binary input.

#[test]
fn a_huge_token_is_quoted_short() {
    // On stdin (a megabyte: one argument may not be longer than 128 kB).
    let token = "x".repeat(1_000_000);
    let out = slide_with_stdin(&["solve", "-"], format!("1 2 3 {token} 5\n").as_bytes());
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).len() < 400, "{} bytes", stderr(&out).len());
    // In the arguments, and as a value clap rejects.
    let token = "x".repeat(100_000);
    let err = assert_one_line_refusal(&slide(&["solve", &token]));
    assert!(err.len() < 300, "{} bytes", err.len());
    assert!(err.contains("(100000 characters)"), "{err}");
    let err = assert_one_line_refusal(&slide(&["generate", "--size", "3", "--level", &token]));
    assert!(err.len() < 400, "{} bytes: {err}", err.len());
}

#[test]
fn binary_stdin_is_bad_input() {
    let mut bytes: Vec<u8> = (0..=255u8).cycle().take(10_000).collect();
    bytes.extend_from_slice(b"\n\xff\xfe\x00\n");
    for command in ["solve", "hint", "rate"] {
        let out = slide_with_stdin(&[command, "-"], &bytes);
        assert_eq!(code(&out), 2, "{command}: {}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    }
    let out = slide_with_stdin(&["solve", "-"], b"\xff\xfe\n");
    assert!(stderr(&out).contains("not text"), "{}", stderr(&out));
    // A line with no end, longer than any board.
    let out = slide_with_stdin(&["solve", "-"], &vec![b'7'; 5_000_000]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("longer than"), "{}", stderr(&out));
    assert!(stderr(&out).len() < 400);
}

#[test]
fn argument_mistakes_are_one_line() {
    for args in [
        &["solve", "--jsn", HARD_3X3][..],
        &["generate", "--size", "11", "--level", "easy"],
        &["generate", "--size", "3", "--level", "impossible"],
        &["generate", "--size", "3"],
        &["bench"],
        &["nonsense"],
    ] {
        let err = assert_one_line_refusal(&slide(args));
        assert!(err.contains("--help"), "{args:?}: {err}");
    }
    let err = assert_one_line_refusal(&slide(&["solve", "--jsn", HARD_3X3]));
    assert!(err.contains("'--json'"), "the tip is kept: {err}");
    let err = assert_one_line_refusal(&slide(&["generate", "--size", "3"]));
    assert!(
        err.contains("missing argument: --level"),
        "names what is missing: {err}"
    );
    let err = assert_one_line_refusal(&slide(&["generate", "--size", "3x3x3", "--level", "easy"]));
    assert!(err.contains("'3x3x3'"), "a size has one or two sides: {err}");
}

#[cfg(target_os = "linux")]
#[test]
fn help_that_cannot_be_written_is_an_error() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = command(&["--help"]).stdout(full).output().expect("run slide");
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(stderr(&out).contains("cannot write to stdout"), "{}", stderr(&out));
}

#[test]
fn a_closed_stdout_is_an_error_and_dev_null_is_not() {
    let bin = env!("CARGO_BIN_EXE_slide");
    let shell = |redirect: &str| {
        Command::new("sh")
            .arg("-c")
            .arg(format!("\"$0\" levels {redirect}"))
            .arg(bin)
            .env("SLIDE_CACHE_DIR", cache_dir())
            .output()
            .expect("run sh")
    };
    let out = shell(">&-");
    if cfg!(target_os = "linux") {
        assert_eq!(code(&out), 1, "{}", stderr(&out));
        assert!(
            stderr(&out).contains("cannot write to stdout: it is closed"),
            "{}",
            stderr(&out)
        );
    }
    let out = shell(">/dev/null");
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
}

// Item 11: --optimal with a time limit.

#[test]
fn optimal_with_a_time_limit_keeps_the_limit_and_says_not_proven() {
    tables_for(5);
    // Korf and Taylor's first 24-puzzle: its optimal solution takes hours to prove.
    let text = std::fs::read_to_string(bench_file()).expect("the instances");
    let board = text
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .and_then(|l| l.split_once('\t'))
        .map(|(_, tiles)| tiles.to_string())
        .expect("an instance");
    let start = Instant::now();
    let out = slide(&["solve", "--optimal", "--max-time", "0.5", &board]);
    let took = start.elapsed();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    // Generous for a loaded machine: without the limit, this runs for hours.
    assert!(took < Duration::from_secs(60), "{took:?}");
    assert!(
        stdout(&out).contains("not proven optimal within --max-time, at least"),
        "{}",
        stdout(&out)
    );
    let out = slide(&["solve", "--optimal", "--max-time", "0.5", "--json", &board]);
    let v = &json_lines(&out)[0];
    assert_eq!(v["optimal"], false);
    let moves = parse_moves(v["moves"].as_str().expect("moves")).expect("moves");
    let mut b: Board = board.parse().expect("board");
    b.apply_all(&moves).expect("legal");
    assert!(b.is_goal());
    assert!(v["length"].as_u64() >= v["lower_bound"].as_u64());
    // A board proven in time is optimal as before.
    let out = slide(&[
        "solve",
        "--optimal",
        "--max-time",
        "5",
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15 16 17 18 19 20 21 22 23 24",
    ]);
    assert!(stdout(&out).contains("(optimal)"), "{}", stdout(&out));
}

// Items 18–20: composing commands.

#[test]
fn generate_json_feeds_solve_hint_and_rate() {
    tables_for(4);
    let generated = slide(&[
        "generate", "--size", "4", "--level", "easy", "--count", "3", "--seed", "5", "--json",
    ]);
    assert_eq!(code(&generated), 0, "{}", stderr(&generated));
    let boards: Vec<String> = json_lines(&generated)
        .iter()
        .map(|v| v["board"].as_str().expect("board").to_string())
        .collect();
    for command in ["solve", "hint", "rate"] {
        let out = slide_with_stdin(&[command, "-", "--json"], &generated.stdout);
        assert_eq!(code(&out), 0, "{command}: {}", stderr(&out));
        let read: Vec<String> = json_lines(&out)
            .iter()
            .map(|v| v["board"].as_str().expect("board").to_string())
            .collect();
        assert_eq!(read, boards, "{command}");
    }
}

#[test]
fn solve_output_feeds_solve_again() {
    let first = slide(&["solve", HARD_3X3]);
    assert_eq!(code(&first), 0);
    let again = slide_with_stdin(&["solve", "-"], &first.stdout);
    assert_eq!(code(&again), 0, "{}", stderr(&again));
    assert_eq!(stdout(&again).lines().next(), stdout(&first).lines().next());
    assert!(stdout(&again).contains("length  31 (optimal)"));
    // Two boards, human and JSON, back to back; rate's output too.
    let two = slide_with_stdin(&["solve", "-"], format!("{HARD_3X3}\n1 2 3 4 5 6 7 0 8\n").as_bytes());
    let again = slide_with_stdin(&["solve", "-", "--json"], &two.stdout);
    assert_eq!(json_lines(&again).len(), 2, "{}", stderr(&again));
    let rated = slide(&["rate", HARD_3X3]);
    let again = slide_with_stdin(&["rate", "-", "--json"], &rated.stdout);
    assert_eq!(json_lines(&again)[0]["board"], HARD_3X3, "{}", stderr(&again));
}

#[test]
fn hint_from_stdin_answers_every_line_in_place() {
    let input = format!("{HARD_3X3}\n1 2 3\n\n1 2 3 4 5 6 7 0 8\n");
    let out = slide_with_stdin(&["hint", "-"], input.as_bytes());
    assert_eq!(code(&out), 2, "the bad line still counts: {}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with(HARD_3X3), "names its board: {text}");
    assert!(
        lines[1].starts_with(
            "line 2: error: expected a square board's count of numbers (4, 9, 16, … 100) or rows joined by /, got 3"
        ),
        "{text}"
    );
    assert!(
        lines[2].starts_with("1 2 3 4 5 6 7 0 8: L: slide tile 8 left"),
        "{text}"
    );
    assert!(
        stderr(&out).contains("1 line was not a valid board"),
        "{}",
        stderr(&out)
    );
    let out = slide_with_stdin(&["hint", "-", "--json"], input.as_bytes());
    let v = json_lines(&out);
    assert_eq!(v.len(), 3);
    assert_eq!((v[0]["line"].as_u64(), v[0]["size"].as_u64()), (Some(1), Some(3)));
    assert_eq!(v[1]["line"], 2);
    assert!(v[1]["error"].as_str().expect("error").contains("got 3"));
    assert_eq!(v[2]["line"], 4);
    // One board from the arguments: as before, plus its size.
    let out = slide(&["hint", HARD_3X3, "--json"]);
    let v = &json_lines(&out)[0];
    assert_eq!(v["size"], 3);
    assert!(v.get("line").is_none());
}

#[test]
fn seeds_stay_exact_in_json() {
    for _ in 0..5 {
        let out = slide(&["generate", "--size", "3", "--level", "easy", "--json"]);
        let seed = json_lines(&out)[0]["seed"].as_u64().expect("a number");
        assert!(seed < 1 << 40, "{seed}");
    }
    let big = "13849628772103848291";
    let out = slide(&["generate", "--size", "3", "--level", "easy", "--seed", big, "--json"]);
    let v = &json_lines(&out)[0];
    assert_eq!(v["seed"], big, "a seed past 2^53 is a string: {v}");
    let plain = slide(&["generate", "--size", "3", "--level", "easy", "--seed", big]);
    assert_eq!(stdout(&plain).trim(), v["board"], "the same board");
}

// Items 21 and 22: completions, review, rate.

#[test]
fn completions_offer_the_values_and_config_only_where_accepted() {
    let bash = stdout(&slide(&["completions", "bash"]));
    for values in [
        "easy medium hard expert random",
        "3 4 5 6",
        "sunset rings mountains flower",
    ] {
        assert!(bash.contains(values), "{values}");
    }
    assert!(bash.contains("manhattan linear-conflict walking-distance pdb auto"));
    for (args, offered) in [
        (&["--help"][..], true),
        (&["play", "--help"], true),
        (&["solve", "--help"], false),
        (&["stats", "--help"], false),
        (&["tables", "build", "--help"], false),
    ] {
        assert_eq!(stdout(&slide(args)).contains("--config"), offered, "{args:?}");
    }
}

#[test]
fn review_says_what_is_missing() {
    let err = assert_one_line_refusal(&slide(&["review", "1", "2", "3", "4", "5", "6", "0", "7", "8"]));
    assert!(err.contains("no moves given"), "{err}");
    let err = assert_one_line_refusal(&slide(&["review", "1 2 3 4 5 6 0 7 8"]));
    assert!(err.contains("no moves given"), "{err}");
    let err = assert_one_line_refusal(&slide(&["review", "1 2 3 4 5 6 0 7", "LL"]));
    assert!(err.contains("got 8"), "{err}");
}

#[test]
fn rate_says_solved_and_trivial_below_the_easy_band() {
    for (board, level) in [
        ("1 2 3 4 5 6 7 8 0", "solved"),
        ("1 2 3 4 5 6 7 0 8", "trivial"),
        (HARD_3X3, "expert"),
    ] {
        let out = slide(&["rate", board, "--json"]);
        assert_eq!(json_lines(&out)[0]["level"], level, "{board}");
    }
    let out = slide(&["rate", "1 2 3 4 5 6 7 0 8"]);
    assert!(
        stdout(&out).contains("trivial (expected length 1, below easy's 10–16)"),
        "{}",
        stdout(&out)
    );
}
