//! `slide review`: JSON keys, distances, the plain summary and errors.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Tables are cached under the target directory, never in the user's cache.
fn cache_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("slide-cli-cache")
}

fn slide(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(args)
        .env("SLIDE_CACHE_DIR", cache_dir())
        .stdin(Stdio::null())
        .output()
        .expect("run slide")
}

fn json(args: &[&str]) -> Value {
    let out = slide(args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn json_has_exactly_the_documented_keys() {
    // Two moves from the goal, then a detour and back: 2 1 0 1 0.
    let v = json(&["review", "1 2 3 4 5 6 0 7 8", "LLRL", "--json"]);
    let mut keys: Vec<&str> = v.as_object().expect("object").keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["board", "distances", "exact", "extra", "moves", "size"]);
    assert_eq!(v["size"], 3);
    assert_eq!(v["moves"], "LLRL");
    assert_eq!(v["distances"], serde_json::json!([2, 1, 0, 1, 0]));
    assert_eq!(v["exact"], true);
    assert_eq!(v["extra"], 2);
}

#[test]
fn a_4x4_review_is_exact_and_one_longer_than_the_moves() {
    // One move from the goal; the game reaches it, steps away and comes back.
    let board = "1 2 3 4 5 6 7 8 9 10 11 0 13 14 15 12";
    let v = json(&["review", board, "URL", "--json"]);
    assert_eq!(v["exact"], true);
    assert_eq!(v["size"], 4);
    assert_eq!(v["distances"], serde_json::json!([1, 0, 1, 0]));
    assert_eq!(v["extra"], 2);
}

#[test]
fn the_board_may_be_given_word_by_word() {
    let v = json(&["review", "1", "2", "3", "4", "5", "6", "0", "7", "8", "LL", "--json"]);
    assert_eq!(v["distances"], serde_json::json!([2, 1, 0]));
    assert_eq!(v["extra"], 0);
}

#[test]
fn an_illegal_move_exits_2_and_names_its_position() {
    // After LL the board is solved, the blank bottom-right: no tile below it to slide up.
    let out = slide(&["review", "1 2 3 4 5 6 0 7 8", "LLU"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 3"), "{err}");
    let out = slide(&["review", "1 2 3 4 5 6 0 7 8", "LXL"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 2"), "{err}");
}

#[test]
fn a_bad_board_or_missing_moves_exit_2() {
    assert_eq!(slide(&["review", "1 2 3 4 5 6 7 8 8", "L"]).status.code(), Some(2));
    assert_eq!(slide(&["review", "1 2 3 4 5 6 0 7 8"]).status.code(), Some(2));
}

#[test]
fn plain_output_says_the_summary() {
    let out = slide(&["review", "1 2 3 4 5 6 0 7 8", "LLRL"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("optimal for 3 of 4 moves · 1 detour cost 2 moves · first detour at move 3"),
        "{text}"
    );
    assert!(text.contains("distances: 2 1 0 1 0"), "{text}");
}
