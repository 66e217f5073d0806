//! Boards of every shape on the command line: a board in rows joined by `/` brings its
//! shape to `solve`, `hint`, `rate` and `bench`; `generate --size WxH` deals level random
//! from a seed; what the game does not play yet is refused with a clear message.

use std::process::Output;

use serde_json::Value;
use slide::puzzle::Board;
use slide::solver::{SolveOptions, Solver, TableCache};

use crate::data_dir::{slide, temp};

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_rectangle_is_dealt_from_a_seed_and_solved_optimally() {
    let data = temp("shapes", "deal");
    let deal = |seed: &str| {
        out(&slide(
            &data,
            &["generate", "--size", "4x3", "--level", "random", "--seed", seed],
        ))
    };
    let board = deal("9");
    assert_eq!(board, deal("9"), "a seed deals the same board");
    assert_ne!(board, deal("10"));
    let board = board.trim();
    let parsed: Board = board.parse().expect("a board");
    assert_eq!(parsed.size().to_string(), "4×3");

    let solved = slide(&data, &["solve", board, "--json"]);
    assert_eq!(solved.status.code(), Some(0), "{}", err(&solved));
    let v: Value = serde_json::from_str(out(&solved).trim()).expect("json");
    assert_eq!(v["size"], "4×3");
    assert_eq!(v["optimal"], true);
    let moves = slide::puzzle::parse_moves(v["moves"].as_str().expect("moves")).expect("moves");
    let mut end = parsed;
    end.apply_all(&moves).expect("legal");
    assert!(end.is_goal());

    let hint = slide(&data, &["hint", board]);
    assert_eq!(hint.status.code(), Some(0), "{}", err(&hint));
    assert!(
        out(&hint).contains(&format!("{} moves to go (optimal)", moves.len())),
        "{}",
        out(&hint)
    );
    let rate = slide(&data, &["rate", board, "--json"]);
    let v: Value = serde_json::from_str(out(&rate).trim()).expect("json");
    assert!(v["lower_bound"].as_u64().expect("bound") <= moves.len() as u64);
    // The shape's own pattern databases rate it, and bound it from below as well.
    let pdb = v["pdb"].as_u64().expect("the 4×3 tables");
    assert!(pdb <= v["lower_bound"].as_u64().expect("bound"));
    assert_eq!(v["level"], "random");
}

#[test]
fn a_10x10_board_gets_a_plan_said_to_be_one() {
    let data = temp("shapes", "plan");
    let board = out(&slide(
        &data,
        &["generate", "--size", "10", "--level", "random", "--seed", "1"],
    ));
    let solved = slide(&data, &["solve", board.trim()]);
    assert_eq!(solved.status.code(), Some(0), "{}", err(&solved));
    assert!(
        out(&solved).contains("(not proven optimal, at least"),
        "{}",
        out(&solved)
    );
}

#[test]
fn levels_the_game_and_review_name_what_they_take() {
    let data = temp("shapes", "refused");
    let hard = slide(&data, &["generate", "--size", "4x3", "--level", "hard"]);
    assert_eq!(hard.status.code(), Some(2));
    assert!(
        err(&hard).contains("4×3 boards are dealt with level random"),
        "{}",
        err(&hard)
    );
    let play = slide(&data, &["play", "--size", "7"]);
    assert_eq!(play.status.code(), Some(2));
    assert!(
        err(&play).contains("the game plays square boards 3×3 to 6×6 for now"),
        "{}",
        err(&play)
    );
    let too_big = slide(&data, &["generate", "--size", "11", "--level", "random"]);
    assert_eq!(too_big.status.code(), Some(2));
    assert!(
        err(&too_big).contains("width and height are each 2 to 10"),
        "{}",
        err(&too_big)
    );
    let review = slide(&data, &["review", "1 2 3 4/5 6 0 7", "L"]);
    assert_eq!(review.status.code(), Some(2));
    assert!(err(&review).contains("3×3 to 6×6"), "{}", err(&review));
}

#[test]
fn bench_reads_a_file_of_rectangles() {
    let data = temp("shapes", "bench");
    let solver = Solver::new(TableCache::disabled());
    let mut file = String::new();
    for seed in 0..4 {
        let text = out(&slide(
            &data,
            &[
                "generate",
                "--size",
                "3x4",
                "--level",
                "random",
                "--seed",
                &seed.to_string(),
            ],
        ));
        let board: Board = text.trim().parse().expect("board");
        let length = solver.solve(&board, &SolveOptions::default()).expect("solved").len();
        file += &[length.to_string(), text.trim().to_string()].join("\t");
        file.push('\n');
    }
    let path = data.join("rectangles.txt");
    std::fs::write(&path, file).expect("write");
    let bench = slide(&data, &["bench", path.to_str().expect("path")]);
    assert_eq!(bench.status.code(), Some(0), "{}{}", out(&bench), err(&bench));
}
