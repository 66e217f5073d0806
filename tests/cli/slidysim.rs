//! slidysim's forms on the command line: a scramble (`1 2 3/4 5 6/7 0 8`) is
//! a board wherever a board is read, a run-length solution (`L2`) is moves for `review`,
//! and `slide history --csv` exports the attempts with their scrambles and solutions.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use slide::puzzle::slidysim::parse_solution;
use slide::puzzle::{Board, parse_board};

fn temp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("slide-cli-slidysim-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// The cache the other CLI tests use, so that tables are built once.
fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("slide-cli-cache")
}

fn run(data: &Path, args: &[&str], input: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(args)
        .env("SLIDE_DATA_DIR", data)
        .env("SLIDE_CACHE_DIR", cache_dir())
        .stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("slide runs");
    if let Some(text) = input {
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(text.as_bytes()).expect("write stdin");
    }
    child.wait_with_output().expect("slide ends")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The JSON line printed, but its time, which differs from run to run.
fn answer(out: &Output) -> serde_json::Value {
    let mut json: serde_json::Value = serde_json::from_str(stdout(out).trim()).expect("one JSON line");
    json.as_object_mut().expect("an object").remove("millis");
    json
}

#[test]
fn a_slidysim_scramble_is_a_board_for_every_command() {
    let d = temp("boards");
    let flat = "1 2 3 4 5 6 7 0 8";
    let rows = "1 2 3/4 5 6/7 0 8";
    for cmd in ["solve", "hint", "rate"] {
        let as_rows = run(&d, &[cmd, rows, "--json"], None);
        assert!(as_rows.status.success(), "{cmd}: {}", stderr(&as_rows));
        let as_flat = run(&d, &[cmd, flat, "--json"], None);
        assert_eq!(answer(&as_rows), answer(&as_flat), "{cmd}");
        // One number per argument, the slash inside a word or on its own.
        let split = run(
            &d,
            &[cmd, "1", "2", "3/4", "5", "6", "/", "7", "0", "8", "--json"],
            None,
        );
        assert!(split.status.success(), "{cmd}: {}", stderr(&split));
        assert_eq!(answer(&split), answer(&as_flat), "{cmd}");
    }
    let review = run(&d, &["review", "1 2 3/4 5 6/0 7 8", "L2", "--json"], None);
    assert!(review.status.success(), "{}", stderr(&review));
    let json: serde_json::Value = serde_json::from_str(stdout(&review).trim()).expect("JSON");
    assert_eq!((json["moves"].as_str(), json["extra"].as_u64()), (Some("LL"), Some(0)));
    let no_moves = run(&d, &["review", "1 2 3/4 5 6/0 7 8"], None);
    assert_eq!(no_moves.status.code(), Some(2));
    assert!(stderr(&no_moves).contains("no moves given"), "{}", stderr(&no_moves));

    // Ragged rows are bad input, said in one line, everywhere.
    let ragged = "1 2 3/4 5 6 7/0 8";
    let said = "row 2 has 4 tiles, but row 1 has 3 tiles: every row needs as many";
    for args in [
        &["solve", ragged][..],
        &["hint", ragged],
        &["rate", ragged],
        &["review", ragged, "L"],
        &["play", "--board", ragged],
    ] {
        let out = run(&d, args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(said) && err.trim().lines().count() == 1, "{args:?}: {err}");
    }

    // On stdin, one board a line in any form; a ragged line is said in place.
    let lines = format!("{rows}\n1 2 3/4 5/6 7 8 0\n{{\"board\":\"1 2 3/4 5 6/0 7 8\"}}\n{flat}\n");
    let out = run(&d, &["hint", "-"], Some(&lines));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let answers: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(answers.len(), 4, "{answers:?}");
    assert!(answers[0].starts_with(flat), "{answers:?}");
    assert!(
        answers[1].starts_with("line 2: error: row 2 has 2 tiles"),
        "{answers:?}"
    );
    assert!(answers[2].starts_with("1 2 3 4 5 6 0 7 8"), "{answers:?}");
    let _ = std::fs::remove_dir_all(&d);
}

/// A history of two attempts: a won 3×3 (`LL` in 1.5 s) and a DNF whose level and mode, as
/// a newer version might write them, need quoting in CSV.
fn history(data: &Path) {
    let dir = data.join("history");
    std::fs::create_dir_all(&dir).expect("history dir");
    let lines = [
        r#"{"slide_history":1}"#,
        r#"{"id":"00000000000000ab-1","at":1796259723000,"size":3,"level":"easy","result":"won","millis":1500,"scramble":"1 2 3/4 5 6/0 7 8","moves":"LL","gaps":[0,700],"par":2}"#,
        r#"{"id":"00000000000000cd-1","at":1796259783000,"size":4,"level":"odd, \"new\" level","mode":"relay\n5","result":"dnf","millis":61234,"scramble":"1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15","moves":"LRL","gaps":[0,100,100]}"#,
    ];
    std::fs::write(dir.join("active.jsonl"), lines.join("\n") + "\n").expect("write history");
}

/// Splits CSV text into records of fields (RFC 4180: quoted fields may hold commas, doubled
/// quotes and line breaks).
fn read_csv(text: &str) -> Vec<Vec<String>> {
    let mut records = vec![];
    let mut record = vec![];
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (_, c) => field.push(c),
        }
    }
    assert!(field.is_empty() && record.is_empty() && !quoted, "the last line ends");
    records
}

#[test]
fn history_exports_csv_with_scrambles_and_solutions() {
    let d = temp("csv");
    let empty = run(&d, &["history", "--csv"], None);
    assert!(empty.status.success(), "{}", stderr(&empty));
    assert_eq!(
        stdout(&empty),
        "date,size,level,mode,result,ranked,replay,assisted,hints,moves,mtm,time,tps,par,scramble,solution,id,memo\n"
    );
    history(&d);
    let out = run(&d, &["history", "--csv"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows = read_csv(&stdout(&out));
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert_eq!(
        rows[1],
        [
            "2026-12-03T01:02:03Z",
            "3",
            "easy",
            "single",
            "won",
            // A line of an older version with no seed: not shown to be a random deal.
            "false",
            "false",
            "false",
            "0",
            "2",
            "",
            "1.500",
            "1.333",
            "2",
            "1 2 3/4 5 6/0 7 8",
            "L2",
            "00000000000000ab-1",
            ""
        ]
    );
    assert_eq!(rows[2][2], "odd, \"new\" level");
    assert_eq!(rows[2][3], "relay\n5");
    assert_eq!((rows[2][4].as_str(), rows[2][11].as_str()), ("dnf", "61.234"));
    // The scramble and solution read back: the solution solves the won attempt's board.
    let mut board: Board = parse_board(&rows[1][14]).expect("the scramble is a board");
    board
        .apply_all(&parse_solution(&rows[1][15]).expect("the solution is moves"))
        .expect("legal moves");
    assert!(board.is_goal());
    // Filters apply as for the other forms; --csv and --json don't go together.
    let last = run(&d, &["history", "--csv", "--size", "3"], None);
    assert_eq!(read_csv(&stdout(&last)).len(), 2);
    let both = run(&d, &["history", "--csv", "--json"], None);
    assert_eq!(both.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn history_json_lines_feed_the_board_commands() {
    let d = temp("feed");
    history(&d);
    let lines = run(&d, &["history", "--json", "--size", "3"], None);
    assert!(lines.status.success(), "{}", stderr(&lines));
    let solved = run(&d, &["solve", "-", "--json"], Some(&stdout(&lines)));
    assert!(solved.status.success(), "{}", stderr(&solved));
    let json: serde_json::Value = serde_json::from_str(stdout(&solved).trim()).expect("JSON");
    assert_eq!(
        (json["board"].as_str(), json["length"].as_u64()),
        (Some("1 2 3 4 5 6 0 7 8"), Some(2))
    );
    let _ = std::fs::remove_dir_all(&d);
}
