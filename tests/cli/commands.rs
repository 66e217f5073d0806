//! The `slide` command line, run as a program: output, JSON shape and exit statuses.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use serde_json::Value;
use slide::puzzle::{Board, parse_moves};

/// Tables are cached under the target directory so that runs after the first are quick
/// and the user's own cache is never touched.
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

fn slide_with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = command(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run slide");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait for slide")
}

/// Builds the 4×4 tables once per test run, before the 4×4 tests need them, so parallel
/// tests do not each build them.
fn tables_for_4x4() {
    static READY: OnceLock<()> = OnceLock::new();
    READY.get_or_init(|| {
        let out = slide(&["tables", "build", "--size", "4"]);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
    });
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

/// Every stdout line parsed as one JSON object.
fn json_lines(out: &Output) -> Vec<Value> {
    stdout(out)
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
            assert!(v.is_object(), "{line}");
            v
        })
        .collect()
}

#[track_caller]
fn assert_keys(v: &Value, keys: &[&str]) {
    for key in keys {
        assert!(v.get(key).is_some(), "missing {key} in {v}");
    }
}

/// Checks that `moves` takes `board` to the goal in exactly `length` moves.
#[track_caller]
fn assert_solves(board: &str, moves: &str, length: usize) {
    let mut b: Board = board.parse().expect("board");
    let moves = parse_moves(moves).expect("moves");
    assert_eq!(moves.len(), length);
    b.apply_all(&moves).expect("legal moves");
    assert!(b.is_goal(), "{board} + {moves:?} does not reach the goal");
}

const HARD_3X3: &str = "8 6 7 2 5 4 3 0 1";
const EASY_4X4: [(&str, u32); 3] = [
    ("1 2 4 7 5 6 3 0 9 11 12 8 13 10 14 15", 10),
    ("0 1 2 7 5 10 12 3 9 8 6 4 13 14 11 15", 20),
    ("6 5 0 11 9 1 2 7 10 14 4 8 13 15 3 12", 28),
];

#[test]
fn every_subcommand_has_help_with_an_example() {
    let top = slide(&["--help"]);
    assert_eq!(code(&top), 0);
    for sub in [
        "play",
        "solve",
        "hint",
        "rate",
        "generate",
        "levels",
        "bench",
        "tables",
        "completions",
        "man",
    ] {
        assert!(stdout(&top).contains(sub), "top-level help lacks {sub}");
    }
    for args in [
        &["play", "--help"][..],
        &["solve", "--help"],
        &["hint", "--help"],
        &["rate", "--help"],
        &["generate", "--help"],
        &["levels", "--help"],
        &["bench", "--help"],
        &["tables", "build", "--help"],
        &["completions", "--help"],
        &["man", "--help"],
        &["tables", "--help"],
        &["tables", "list", "--help"],
        &["tables", "clean", "--help"],
    ] {
        let out = slide(args);
        assert_eq!(code(&out), 0, "{args:?}");
        assert!(stdout(&out).contains("Examples:"), "{args:?}");
    }
}

#[test]
fn solve_3x3_prints_an_optimal_solution() {
    let out = slide(&["solve", HARD_3X3]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("31 (optimal)"), "{text}");

    let out = slide(&["solve", HARD_3X3, "--json"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    let v = &lines[0];
    assert_keys(
        v,
        &[
            "board",
            "size",
            "length",
            "moves",
            "optimal",
            "lower_bound",
            "nodes",
            "millis",
        ],
    );
    assert_eq!(v["board"], HARD_3X3);
    assert_eq!(v["size"], 3);
    assert_eq!(v["length"], 31);
    assert_eq!(v["optimal"], true);
    assert_eq!(v["lower_bound"], 31);
    assert!(v["nodes"].is_u64() && v["millis"].is_number());
    assert_solves(HARD_3X3, v["moves"].as_str().expect("moves"), 31);
}

#[test]
fn a_board_may_be_one_argument_or_many() {
    let one = slide(&["solve", "1,2,3,4,5,6,7,_,8", "--json"]);
    let mut args = vec!["solve"];
    args.extend("1 2 3 4 5 6 7 0 8".split(' '));
    args.push("--json");
    let many = slide(&args);
    assert_eq!(code(&one), 0, "{}", stderr(&one));
    assert_eq!(code(&many), 0, "{}", stderr(&many));
    assert_eq!(json_lines(&one)[0]["moves"], "L");
    assert_eq!(json_lines(&one)[0]["board"], json_lines(&many)[0]["board"]);
}

#[test]
fn a_run_s_scramble_is_solved_board_by_board_in_order() {
    let run = "1 2 3/4 5 6/0 7 8;1 2 3/4 5 6/7 0 8";
    let out = slide_with_stdin(
        &["solve", "-"],
        &format!("{{\"scramble\":\"{run}\",\"mode\":\"marathon\"}}\n"),
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    let labels: Vec<&str> = text.lines().filter(|l| l.starts_with("run ")).collect();
    assert_eq!(labels, ["run     board 1 of 2", "run     board 2 of 2"], "{text}");
    let moves: Vec<&str> = text.lines().filter(|l| l.starts_with("moves")).collect();
    assert_eq!(moves, ["moves   LL", "moves   L"], "{text}");
    // Its output reads back, one board a `board` line.
    let again = slide_with_stdin(&["solve", "-", "--json"], &text);
    assert_eq!(code(&again), 0, "{}", stderr(&again));
    assert_eq!(json_lines(&again).len(), 2);
    let json = json_lines(&slide(&["solve", run, "--json"]));
    assert_eq!(
        (json[1]["run_board"].as_u64(), json[1]["run_boards"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(json[1]["moves"], "L");
    // A board alone prints as before, with no run's keys.
    let one = json_lines(&slide(&["solve", "1 2 3/4 5 6/0 7 8", "--json"]));
    assert!(one[0].get("run_board").is_none());
    let bad = slide(&["solve", "1 2 3/4 5 6/0 7 8;1 2"]);
    assert_eq!(code(&bad), 2);
    assert!(stderr(&bad).contains("board 2 of the run's 2"), "{}", stderr(&bad));
}

#[test]
fn solve_quick_4x4_boards_optimally() {
    tables_for_4x4();
    for (board, length) in EASY_4X4 {
        let out = slide(&["solve", board, "--json"]);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        let v = &json_lines(&out)[0];
        assert_eq!(v["size"], 4);
        assert_eq!(v["length"], length, "{board}");
        assert_eq!(v["optimal"], true);
        assert_solves(board, v["moves"].as_str().expect("moves"), length as usize);
    }
    let out = slide(&["solve", EASY_4X4[1].0, "--heuristic", "manhattan", "--json"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(json_lines(&out)[0]["length"], EASY_4X4[1].1);
}

#[test]
fn hint_gives_the_next_move_and_what_remains() {
    let out = slide(&["hint", HARD_3X3]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("31 moves to go (optimal)"), "{}", stdout(&out));

    let out = slide(&["hint", HARD_3X3, "--json"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_keys(v, &["board", "move", "tile", "remaining", "optimal", "lower_bound"]);
    assert_eq!(v["remaining"], 31);
    assert_eq!(v["optimal"], true);
    // Following the hint leaves an optimal 30-move board.
    let letter = v["move"].as_str().expect("move");
    let board: Board = HARD_3X3.parse().expect("board");
    let mv = parse_moves(letter).expect("letter")[0];
    assert_eq!(v["tile"], board.tile_moved_by(mv).expect("legal"));
    let next = board.moved(mv).expect("legal").to_string();
    let out = slide(&["hint", &next, "--json"]);
    assert_eq!(json_lines(&out)[0]["remaining"], 30);
}

#[test]
fn hint_on_4x4_and_on_a_solved_board() {
    tables_for_4x4();
    let (board, length) = EASY_4X4[2];
    let out = slide(&["hint", board, "--json"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(json_lines(&out)[0]["remaining"], length);

    let out = slide(&["hint", "1 2 3 4 5 6 7 8 0", "--json"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert!(v["move"].is_null() && v["tile"].is_null());
    assert_eq!(v["remaining"], 0);
}

#[test]
fn rate_prints_every_heuristic_and_the_level() {
    let out = slide(&["rate", HARD_3X3, "--json"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert_keys(
        v,
        &[
            "board",
            "manhattan",
            "linear_conflict",
            "walking_distance",
            "pdb",
            "lower_bound",
            "level",
            "expected_length",
            "exact",
        ],
    );
    assert_eq!(v["exact"], 31);
    assert_eq!(v["lower_bound"], 31);
    assert_eq!(v["expected_length"], 31);
    let manhattan = v["manhattan"].as_u64().expect("manhattan");
    assert!(v["linear_conflict"].as_u64().expect("lc") >= manhattan);
    assert!(v["walking_distance"].as_u64().expect("wd") >= manhattan);
    assert!(v["level"].is_string());

    let out = slide(&["rate", HARD_3X3]);
    assert_eq!(code(&out), 0);
    for word in [
        "manhattan",
        "linear conflict",
        "walking distance",
        "lower bound",
        "level",
    ] {
        assert!(stdout(&out).contains(word), "{word}");
    }
}

#[test]
fn rate_4x4_has_no_exact_length() {
    tables_for_4x4();
    let out = slide(&["rate", EASY_4X4[2].0, "--json"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let v = &json_lines(&out)[0];
    assert!(v["exact"].is_null());
    assert!(v["lower_bound"].as_u64().expect("bound") <= u64::from(EASY_4X4[2].1));
}

#[test]
fn generate_is_deterministic_by_seed() {
    let args = [
        "generate", "--size", "3", "--level", "medium", "--count", "3", "--seed", "42", "--json",
    ];
    let first = slide(&args);
    assert_eq!(code(&first), 0, "{}", stderr(&first));
    let lines = json_lines(&first);
    assert_eq!(lines.len(), 3);
    for v in &lines {
        assert_keys(
            v,
            &[
                "board",
                "size",
                "level",
                "rating",
                "expected_length",
                "length",
                "millis",
            ],
        );
        assert_eq!(v["size"], 3);
        assert_eq!(v["level"], "medium");
        let board: Board = v["board"].as_str().expect("board").parse().expect("valid");
        assert_eq!(board.size().side(), 3);
    }
    let again = slide(&args);
    let boards = |o: &Output| -> Vec<Value> { json_lines(o).iter().map(|v| v["board"].clone()).collect() };
    assert_eq!(boards(&first), boards(&again));

    let plain = slide(&["generate", "--size", "3", "--level", "easy", "--count", "2"]);
    assert_eq!(code(&plain), 0);
    let text = stdout(&plain);
    assert_eq!(text.lines().count(), 2);
    for line in text.lines() {
        line.parse::<Board>().expect("each line is a board");
    }
}

#[test]
fn levels_lists_a_band_per_size_and_level() {
    let out = slide(&["levels", "--json"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let lines = json_lines(&out);
    assert!(lines.len() >= 16, "{}", lines.len());
    for v in &lines {
        assert_keys(v, &["size", "level", "min", "max"]);
        assert!(v["min"].as_u64() <= v["max"].as_u64());
    }
    for size in 3..=6 {
        assert!(lines.iter().any(|v| v["size"] == size && v["level"] == "easy"));
    }
    assert_eq!(code(&slide(&["levels"])), 0);
}

#[test]
fn each_bad_board_gets_its_message_and_exit_2() {
    let cases = [
        (
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0",
            "expected a square board's count of numbers (4, 9, 16, … 100) or rows joined by /, got 15",
        ),
        ("1 2 3 4 5 6 7 7 0", "tile 7 appears twice"),
        (
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 17 0",
            "17 is out of range for a 4×4 board",
        ),
        ("1 2 3 4 x 6 7 8 0", "'x'"),
        (
            "1 2 3 4 5 6 8 7 0",
            "this board can't be solved; swapping tiles 7 and 8 would make it solvable",
        ),
    ];
    for (board, message) in cases {
        for sub in ["solve", "hint", "rate"] {
            let out = slide(&[sub, board]);
            assert_eq!(code(&out), 2, "{sub} {board}");
            assert!(out.stdout.is_empty(), "{sub} {board}");
            let err = stderr(&out);
            assert!(err.starts_with("slide: error: "), "{err}");
            assert!(err.contains(message), "{sub} {board}: {err}");
        }
    }
    let out = slide(&["solve", "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("swapping tiles 14 and 15 would make it solvable"),
        "{}",
        stderr(&out)
    );
    let out = slide(&["play", "--board", "1 2 3"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("got 3"));
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        &["solve", HARD_3X3, "--heuristic", "magic"][..],
        &["solve", HARD_3X3, "--max-time", "0"],
        &["generate", "--size", "7", "--level", "easy"],
        &["generate", "--size", "3", "--level", "impossible"],
        &["generate", "--size", "3"],
        &["hint"],
        &["frobnicate"],
    ] {
        assert_eq!(code(&slide(args)), 2, "{args:?}");
    }
}

#[test]
fn bad_game_flags_at_the_top_level_exit_2() {
    // The game's flags work without `play`; a bad value is reported before any screen.
    for (args, message) in [
        (&["--size", "11"][..], "width and height are each 2 to 10"),
        (&["--level", "impossible"], "unknown level 'impossible'"),
        (&["--board", "1 2 3"], "got 3"),
        (&["--code", "4M-97TNWRX8"], "a symbol is missing or extra"),
        (&["--code", "4Q-7AE52ZHD3"], "unknown level 'Q'"),
        (&["--size", "3", "solve", HARD_3X3], "the game's options"),
    ] {
        let out = slide(args);
        assert_eq!(code(&out), 2, "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn hint_reads_boards_from_stdin() {
    let input = format!("{HARD_3X3}\n1 2 3 4 5 6 7 7 0\n\n1 2 3 4 5 6 7 0 8\n");
    let out = slide_with_stdin(&["hint", "-", "--json"], &input);
    assert_eq!(code(&out), 2, "the bad line makes it exit 2");
    let lines = json_lines(&out);
    assert_eq!(
        lines.len(),
        3,
        "the good lines still get a hint, the bad one its error in place"
    );
    assert_eq!(lines[0]["remaining"], 31);
    assert_eq!(
        (lines[1]["line"].as_u64(), lines[1]["error"].as_str()),
        (Some(2), Some("tile 7 appears twice"))
    );
    assert_eq!(lines[2]["remaining"], 1);
    assert_eq!(lines[2]["move"], "L");
    assert!(
        stderr(&out).contains("1 line was not a valid board"),
        "{}",
        stderr(&out)
    );

    let out = slide_with_stdin(&["hint", "-"], &format!("{HARD_3X3}\n1 2 3 4 5 6 7 0 8\n"));
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.contains("31 moves to go (optimal)"), "{text}");
}

#[test]
fn one_move_is_said_in_the_singular() {
    let out = slide(&["hint", "1 2 3 4 5 6 7 0 8"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), "L: slide tile 8 left; 1 move to go (optimal)\n");
    let out = slide(&["solve", "1 2 3 4 5 6 7 0 8"]);
    assert!(!stdout(&out).contains("1 moves"), "{}", stdout(&out));
}

#[test]
fn the_goal_board_is_reported_solved() {
    let goal = "1 2 3 4 5 6 7 8 0";
    let out = slide(&["rate", goal]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("already solved"), "{}", stdout(&out));
    let out = slide(&["rate", goal, "--json"]);
    let v = &json_lines(&out)[0];
    assert_eq!(v["solved"], true);
    assert_eq!(v["lower_bound"], 0);
    let out = slide(&["rate", HARD_3X3, "--json"]);
    assert_eq!(json_lines(&out)[0]["solved"], false);

    let out = slide(&["hint", goal]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), "already solved: 0 moves to go\n");

    let out = slide(&["solve", goal]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("length  0 (optimal)"), "{}", stdout(&out));
    assert!(stdout(&out).contains("already solved"), "{}", stdout(&out));
    let out = slide(&["solve", goal, "--json"]);
    let v = &json_lines(&out)[0];
    assert_eq!((v["length"].as_u64(), v["lower_bound"].as_u64()), (Some(0), Some(0)));
}

#[test]
fn generate_count_zero_is_refused_plainly() {
    let out = slide(&["generate", "--size", "3", "--level", "easy", "--count", "0"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("count must be at least 1"), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
}

#[test]
fn completions_are_printed_for_each_shell() {
    for shell in ["bash", "zsh", "fish"] {
        let out = slide(&["completions", shell]);
        assert_eq!(code(&out), 0, "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        assert!(script.len() > 100, "{shell}: {script}");
        assert!(script.contains("slide"), "{shell}");
        assert!(script.contains("solve"), "{shell}: the subcommands are completed");
    }
    assert_eq!(code(&slide(&["completions", "powershell-7"])), 2);
}

#[test]
fn the_man_page_is_roff_naming_every_subcommand() {
    let out = slide(&["man"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let page = stdout(&out);
    assert!(page.starts_with(".ie") || page.starts_with(".TH"), "not roff: {page}");
    assert!(page.contains(".TH \"slide\" 1 \"\" \"slide "), "{page}");
    for section in ["NAME", "SYNOPSIS", "OPTIONS", "SUBCOMMANDS"] {
        assert!(page.contains(&format!(".SH {section}")), "no {section} section");
    }
    for sub in [
        "play",
        "solve",
        "hint",
        "rate",
        "generate",
        "levels",
        "bench",
        "stats",
        "history",
        "review",
        "replay",
        "tables",
        "completions",
        "man",
    ] {
        // roff escapes the hyphen in a page's name: slide\-solve(1).
        assert!(page.contains(&format!("slide\\-{sub}(1)")), "the page lacks {sub}");
    }
    assert!(!page.contains("slide\\-help(1)"), "clap's help subcommand has no page");
}

#[test]
fn the_man_page_of_a_subcommand_has_its_options() {
    let out = slide(&["man", "solve"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let page = stdout(&out);
    assert!(page.contains(".TH \"slide-solve\" 1 "), "{page}");
    assert!(page.contains("max\\-time"), "{page}");
    let out = slide(&["man", "tables", "build"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("large"), "{}", stdout(&out));

    let out = slide(&["man", "unsolve"]);
    assert_eq!(code(&out), 2);
    assert!(stdout(&out).is_empty());
    assert!(stderr(&out).contains("unsolve"), "{}", stderr(&out));
    assert_eq!(code(&slide(&["man", "solve", "fast"])), 2);
}

/// Builds one size's tables once per test run (see `tables_for_4x4`).
fn tables_for(size: usize) {
    static READY: [OnceLock<()>; 2] = [OnceLock::new(), OnceLock::new()];
    READY[size - 5].get_or_init(|| {
        let out = slide(&["tables", "build", "--size", &size.to_string()]);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
    });
}

#[test]
fn solve_hint_and_rate_report_one_lower_bound() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/korf-taylor10-24puzzle.txt"
    ))
    .expect("tests/data/korf-taylor10-24puzzle.txt");
    // Two boards whose linear conflict beats the pattern databases (51 against 49, 66
    // against 64): `solve` used to report its search's pattern-database bound there.
    let mut boards = vec![
        "1 2 4 5 12 7 19 3 15 10 23 11 13 0 24 21 6 8 20 17 14 16 22 18 9".to_string(),
        "14 4 0 10 2 6 1 16 9 26 12 24 7 13 8 3 5 17 32 23 15 11 22 18 19 25 20 33 35 29 31 21 28 27 34 30".to_string(),
    ];
    boards.extend(
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .take(2)
            .map(|l| l.split_once('\t').expect("length<TAB>tiles").1.trim().to_string()),
    );
    boards.push(Board::random(slide::puzzle::Size::SIX, &mut slide::puzzle::SeededRng::new(1)).to_string());
    for (i, board) in boards.iter().enumerate() {
        let side = board.split_whitespace().count().isqrt();
        tables_for(side);
        let bound = |args: &[&str]| -> u64 {
            let out = slide(args);
            assert_eq!(code(&out), 0, "{args:?}: {}", stderr(&out));
            json_lines(&out)[0]["lower_bound"].as_u64().expect("lower_bound")
        };
        let rated = bound(&["rate", board, "--json"]);
        let solved = bound(&["solve", board, "--max-time", "0.2", "--json"]);
        let hinted = bound(&["hint", board, "--max-time", "0.2", "--json"]);
        assert_eq!((solved, hinted), (rated, rated), "{board}");
        if i < 2 {
            assert_eq!(rated, [51, 66][i], "{board}: the linear-conflict bound");
        }
    }
}

#[test]
fn stdin_mode_reports_bad_lines_and_goes_on() {
    let input = format!("{HARD_3X3}\n1 2 3 4 5 6 7 7 0\n\n1 2 3 4 5 6 7 0 8\n");
    let out = slide_with_stdin(&["solve", "-", "--json"], &input);
    assert_eq!(code(&out), 2);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2, "the good lines are still solved");
    assert_eq!(lines[0]["length"], 31);
    assert_eq!(lines[1]["length"], 1);
    let err = stderr(&out);
    assert!(err.contains("line 2: tile 7 appears twice"), "{err}");

    let out = slide_with_stdin(&["rate", "-", "--json"], &input);
    assert_eq!(code(&out), 2);
    assert_eq!(json_lines(&out).len(), 2);
    assert!(stderr(&out).contains("line 2"));

    let out = slide_with_stdin(&["solve", "-"], &format!("{HARD_3X3}\n\n1 2 3 4 5 6 7 0 8\n"));
    assert_eq!(code(&out), 0, "{}", stderr(&out));
}

fn bench_file(name: &str, lengths: [u32; 3]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let lines: Vec<String> = EASY_4X4
        .iter()
        .zip(lengths)
        .map(|((board, _), length)| format!("{length}\t{board}\n"))
        .collect();
    let text = format!("# three easy 4×4 instances\n{}", lines.concat());
    std::fs::write(&path, text).expect("write bench file");
    path
}

#[test]
fn bench_checks_lengths_against_the_file() {
    tables_for_4x4();
    let good = bench_file("bench-good.txt", EASY_4X4.map(|(_, l)| l));
    let good = good.to_str().expect("path");
    let out = slide(&["bench", good]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("3 (3 ok"), "{text}");
    assert!(text.contains("nodes"), "{text}");

    let out = slide(&["bench", good, "--json", "--threads", "1"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    for (v, (board, length)) in lines.iter().zip(EASY_4X4) {
        assert_eq!(v["board"], board, "results come in file order");
        assert_eq!(v["length"], length);
        assert_eq!(v["ok"], true);
        assert_keys(v, &["nodes", "millis"]);
    }

    let wrong = bench_file("bench-wrong.txt", [10, 20, 30]);
    let out = slide(&["bench", wrong.to_str().expect("path")]);
    assert_eq!(code(&out), 1);
    assert!(stdout(&out).contains("MISMATCH"), "{}", stdout(&out));
    assert!(stderr(&out).contains("1 of 3"), "{}", stderr(&out));
}

#[test]
fn bench_rejects_a_bad_file_with_exit_2() {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-bad.txt");
    std::fs::write(&path, "10\t1 2 3\n").expect("write");
    let out = slide(&["bench", path.to_str().expect("path")]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out)
            .contains(":1: expected a square board's count of numbers (4, 9, 16, … 100) or rows joined by /, got 3")
    );
    assert_eq!(code(&slide(&["bench", "/no/such/file.txt"])), 2);
}

#[test]
fn tables_build_and_default_config() {
    let out = slide(&["tables", "build", "--size", "3"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("3×3 tables ready"));

    let out = slide(&["--print-default-config"]);
    assert_eq!(code(&out), 0);
    assert!(!out.stdout.is_empty());
}

#[test]
fn a_corrupt_cache_is_rebuilt_with_a_notice_on_stderr_only() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("slide-cli-corrupt-cache");
    let _ = std::fs::remove_dir_all(&dir);
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_slide"))
            .args(args)
            .env("SLIDE_CACHE_DIR", &dir)
            .stdin(Stdio::null())
            .output()
            .expect("run slide")
    };
    assert_eq!(code(&run(&["tables", "build", "--size", "3"])), 0);
    let files: Vec<_> = std::fs::read_dir(&dir)
        .expect("cache dir")
        .map(|e| e.expect("entry").path())
        .collect();
    assert!(!files.is_empty(), "tables build wrote no cache file");
    for file in &files {
        std::fs::write(file, b"not a table").expect("corrupt the cache");
    }
    let out = run(&["rate", HARD_3X3, "--json"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(json_lines(&out).len(), 1, "stdout holds only the JSON line");
    assert!(stderr(&out).contains("rebuilding"), "{}", stderr(&out));
}

#[test]
fn bench_with_a_time_budget_compares_plans_with_the_optimum() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/korf-taylor10-24puzzle.txt");
    let out = slide(&["bench", file, "--max-time", "0.05", "--threads", "2"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("10 (10 ok"), "{text}");
    assert!(text.contains("above the optimum"), "{text}");
}

/// `slide` with its cache in `dir` (and nothing else of the caller's environment about it).
fn slide_in_cache(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(args)
        .env("SLIDE_CACHE_DIR", dir)
        .stdin(Stdio::null())
        .output()
        .expect("run slide")
}

#[test]
fn tables_lists_the_cache_and_clean_removes_only_stale_files() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("slide-cli-tables-list");
    let _ = std::fs::remove_dir_all(&dir);

    let out = slide_in_cache(&dir, &["tables"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("no cached tables"), "{}", stdout(&out));

    assert_eq!(code(&slide_in_cache(&dir, &["tables", "build", "--size", "3"])), 0);
    // A file from an older format, and one that is not ours.
    let stale = dir.join("pdb-v1-3x3-4-4-0123456789abcdef.bin");
    std::fs::write(&stale, b"SLIDEPDB old").expect("write");
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, b"keep me").expect("write");

    let out = slide_in_cache(&dir, &["tables"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains(&format!("cache: {}", dir.display())), "{text}");
    let current_line = text.lines().find(|l| l.contains("current")).expect("a current file");
    assert!(
        current_line.contains("3×3 4-4 (default)") && current_line.contains("bytes"),
        "{text}"
    );
    let stale_line = text
        .lines()
        .find(|l| l.starts_with("pdb-v1-3x3"))
        .expect("the stale file is listed");
    assert!(stale_line.contains("stale"), "{text}");
    assert!(!text.contains("notes.txt"), "{text}");
    assert!(text.contains("2 files") && text.contains("1 stale"), "{text}");

    let out = slide_in_cache(&dir, &["tables", "list", "--json"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    for v in &lines {
        assert_keys(v, &["file", "bytes", "current"]);
    }
    assert_eq!(lines.iter().filter(|v| v["current"] == true).count(), 1);

    let out = slide_in_cache(&dir, &["tables", "clean"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("removed pdb-v1-3x3-4-4-0123456789abcdef.bin"), "{text}");
    assert!(text.contains("removed 1 file,"), "{text}");
    assert!(!stale.exists() && notes.exists());

    let out = slide_in_cache(&dir, &["tables", "clean"]);
    assert!(stdout(&out).contains("nothing to remove"), "{}", stdout(&out));
    std::fs::write(&stale, b"junk").expect("write");
    let out = slide_in_cache(&dir, &["tables", "clean", "--json"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1, "{}", stdout(&out));
    assert_keys(&lines[0], &["file", "bytes", "reason"]);
    assert!(!stale.exists());
    let out = slide_in_cache(&dir, &["tables"]);
    assert!(
        stdout(&out).contains("1 file,") && stdout(&out).contains("0 stale"),
        "{}",
        stdout(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_empty_cache_variable_means_the_user_cache_directory() {
    let home = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("slide-cli-empty-env-home");
    let _ = std::fs::remove_dir_all(&home);
    let xdg = home.join("xdg-cache");
    let out = Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(["tables"])
        .env("SLIDE_CACHE_DIR", "")
        .env("HOME", &home)
        .env("XDG_CACHE_HOME", &xdg)
        .stdin(Stdio::null())
        .output()
        .expect("run slide");
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains(&format!("cache: {}", xdg.join("slide").display())),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_bad_picture_exits_2_before_the_screen_changes() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pictures");
    let broken = data.join("broken.png");
    let notes = data.join("notes.txt");
    let missing = data.join("missing.png");
    for (args, message) in [
        (vec!["--picture", "sunsett"], "no picture 'sunsett'".to_string()),
        (
            vec!["play", "--picture", "nope", "--size", "3"],
            "sunset, rings, mountains, flower".to_string(),
        ),
        (
            vec!["--picture", broken.to_str().expect("path")],
            "could not be decoded".to_string(),
        ),
        (
            vec!["play", "--picture", notes.to_str().expect("path")],
            "is not a PNG or JPEG".to_string(),
        ),
        (
            vec!["--picture", missing.to_str().expect("path")],
            "cannot read the picture".to_string(),
        ),
    ] {
        let out = slide(&args);
        assert_eq!(code(&out), 2, "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(&message), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("--picture"), "names the flag: {}", stderr(&out));
        // Nothing was drawn: no escape sequence reached the terminal.
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // The same from the config file's `game.picture`.
    let dir = std::env::temp_dir().join(format!("slide-cli-picture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let config = dir.join("config.toml");
    std::fs::write(&config, "[game]\npicture = \"no/such/picture.jpg\"\n").expect("write");
    let out = slide(&["--config", config.to_str().expect("path"), "--size", "3"]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("config.toml:2:11: game.picture: "),
        "{}",
        stderr(&out)
    );
    assert!(out.stdout.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_game_without_a_terminal_says_so_and_names_the_headless_commands() {
    let dir = std::env::temp_dir().join(format!("slide-cli-no-tty-{}", std::process::id()));
    for args in [&[][..], &["play", "--board", HARD_3X3], &["--size", "4"]] {
        let out = command(args)
            .env("SLIDE_DATA_DIR", &dir)
            .stdin(Stdio::null())
            .output()
            .expect("run slide");
        let err = stderr(&out);
        assert_eq!(code(&out), 1, "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(err.contains("the game needs a terminal"), "{err}");
        assert!(err.contains("slide solve") && err.contains("generate"), "{err}");
        assert!(!err.contains("os error"), "{err}");
        assert!(out.stdout.is_empty(), "nothing drawn");
    }
    assert!(!dir.exists(), "nothing was dealt, resumed or saved");
}

#[test]
fn daily_and_picture_flags_parse_at_the_top_level_and_after_play() {
    // `--daily` refuses what would pick another board; `--picture` needs a value.
    for args in [
        &["play", "--daily", "--seed", "3"][..],
        &["--daily", "--board", HARD_3X3],
        &["play", "--daily", "--size", "7"],
        &["play", "--picture"],
        &["--daily", "stats"],
    ] {
        assert_eq!(code(&slide(args)), 2, "{args:?}");
    }
    let help = stdout(&slide(&["play", "--help"]));
    assert!(help.contains("--daily") && help.contains("--picture"), "{help}");
}

#[test]
fn large_tables_exist_for_4x4_5x5_and_6x6_and_are_never_built_by_accident() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("slide-cli-tables-large");
    let _ = std::fs::remove_dir_all(&dir);
    let out = slide_in_cache(&dir, &["tables", "build", "--size", "3", "--large"]);
    assert_ne!(code(&out), 0);
    assert!(stderr(&out).contains("4×4, 5×5 and 6×6"), "{}", stderr(&out));
    // Without them, a 4×4 solve builds and uses the default tables only.
    let out = slide_in_cache(&dir, &["solve", "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let out = slide_in_cache(&dir, &["tables"]);
    let text = stdout(&out);
    assert!(
        text.contains("4×4 6-6-3 (default)") && text.contains("1 file"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
