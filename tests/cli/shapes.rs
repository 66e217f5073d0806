//! Boards of every shape on the command line: a board in rows joined by `/` brings its
//! shape to `solve`, `hint`, `rate` and `bench`; `generate --size WxH` deals level random
//! from a seed; the game and the review take every shape, and refuse a level, a daily or
//! a relay the shape has not with a clear message.

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
    // 4×3 has bands: the board is solved optimally, and its level is its length's band.
    assert_eq!(v["exact"].as_u64(), Some(moves.len() as u64));
    let level = slide::difficulty::level_for_length(parsed.size(), moves.len() as u32);
    assert_eq!(v["level"], level.name());
    assert_eq!(v["plan_length"], Value::Null);
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
    let hard = slide(&data, &["generate", "--size", "4x5", "--level", "hard"]);
    assert_eq!(hard.status.code(), Some(2));
    assert!(
        err(&hard).contains("4×5 boards are dealt at level random, not hard"),
        "{}",
        err(&hard)
    );
    for (args, said) in [
        (
            &["play", "--size", "5x4", "--level", "hard"][..],
            "5×4 boards are dealt at level random, not hard",
        ),
        (
            &["play", "--size", "7", "--daily"],
            "the daily puzzle is played on 3×3 to 6×6, not 7×7",
        ),
        (
            &["play", "--mode", "relay", "--size", "5x3"],
            "give a list of sizes with --sizes",
        ),
        (&["play", "--sizes", "3x3,4x3"], "--sizes goes with --mode relay"),
        (
            &["play", "--mode", "marathon", "--count", "2", "--sizes", "3x3"],
            "--sizes goes with --mode relay",
        ),
        (
            &["play", "--mode", "relay", "--sizes", "3", "--size", "4"],
            "cannot be used with",
        ),
        (
            &["play", "--mode", "relay", "--sizes", "3x3,11"],
            "width and height are each 2 to 10",
        ),
    ] {
        let play = slide(&data, args);
        assert_eq!(play.status.code(), Some(2), "{args:?}");
        assert!(err(&play).contains(said), "{args:?}: {}", err(&play));
    }
    let too_big = slide(&data, &["generate", "--size", "11", "--level", "random"]);
    assert_eq!(too_big.status.code(), Some(2));
    assert!(
        err(&too_big).contains("width and height are each 2 to 10"),
        "{}",
        err(&too_big)
    );
    let review = slide(&data, &["review", "1 2 3 4/5 6 0 7", "L", "--json"]);
    assert_eq!(review.status.code(), Some(0), "{}", err(&review));
    let json: Value = serde_json::from_str(out(&review).trim()).expect("json");
    assert_eq!((json["size"].as_str(), json["extra"].as_u64()), (Some("4×2"), Some(0)));
    assert_eq!(json["distances"], serde_json::json!([1, 0]));
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

/// A history holding a 4×3 win, a 4×4 win written as older versions wrote it, a 3×3→4×3→4×4
/// relay, and one rectangle line damaged by hand.
fn history_with_rectangles(data: &std::path::Path) {
    let dir = data.join("history");
    std::fs::create_dir_all(&dir).expect("history dir");
    let lines = [
        r#"{"slide_history":1}"#,
        r#"{"id":"00000000000000a1-1","at":1796259720000,"size":"4x3","level":"random","result":"won","millis":1500,"scramble":"1 2 3 4/5 6 7 8/9 10 0 11","moves":"L","gaps":[0],"seed":5,"ranked":true}"#,
        r#"{"id":"00000000000000a2-1","at":1796259780000,"size":4,"level":"easy","result":"won","millis":1200,"scramble":"1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15","moves":"L","gaps":[0],"seed":3}"#,
        r#"{"id":"00000000000000a3-1","at":1796259840000,"size":4,"level":"relay-3x3-4x3-4x4","mode":"relay","result":"won","millis":4000,"scramble":"1 2 3/4 5 6/7 0 8;1 2 3 4/5 6 7 8/9 10 0 11;1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15","moves":"LLL","gaps":[0,900,900],"seed":9,"ranked":true}"#,
        r#"{"id":"00000000000000a4-1","at":1796259900000,"size":"4x3","level":"random","result":"won","millis":1500,"scramble":"1 2 3/4 5 6/7 0 8","moves":"L","gaps":[0]}"#,
    ];
    std::fs::write(dir.join("active.jsonl"), lines.join("\n") + "\n").expect("write history");
}

#[test]
fn history_and_stats_keep_rectangles_in_rows_of_their_own() {
    let data = temp("shapes", "records");
    history_with_rectangles(&data);
    let history = slide(&data, &["history"]);
    assert_eq!(history.status.code(), Some(0), "{}", err(&history));
    let text = out(&history);
    assert!(text.contains("4×3 random"), "{text}");
    assert!(text.contains("4×4 easy"), "{text}");
    assert!(
        err(&history).contains("its scramble is a 3×3 board, not 4×3"),
        "a hand-edited line is refused with its reason: {}",
        err(&history)
    );
    let only = slide(&data, &["history", "--json", "--size", "4x3"]);
    let rows: Vec<Value> = out(&only)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(rows.len(), 1, "{}", out(&only));
    assert_eq!(
        (rows[0]["width"].as_u64(), rows[0]["height"].as_u64()),
        (Some(4), Some(3))
    );
    assert!(rows[0].get("size").is_none());
    let squares = slide(&data, &["history", "--json", "--size", "4"]);
    let squares: Vec<Value> = out(&squares)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(
        squares.len(),
        2,
        "the 4×4 win and the relay (kept under its last board)"
    );
    assert!(squares.iter().all(|r| r["size"] == 4 && r.get("width").is_none()));
    let csv = out(&slide(&data, &["history", "--csv", "--level", "random"]));
    assert!(csv.lines().nth(1).is_some_and(|l| l.contains(",4x3,random,")), "{csv}");

    let stats = slide(&data, &["stats"]);
    assert_eq!(stats.status.code(), Some(0), "{}", err(&stats));
    let table = out(&stats);
    assert!(table.contains("4×3   random"), "{table}");
    assert!(table.contains("4×4   relay-3x3-4x3-4x4"), "{table}");
    let json: Vec<Value> = out(&slide(&data, &["stats", "--json"]))
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let rect = json.iter().find(|r| r["level"] == "random").expect("the 4×3 row");
    assert_eq!(
        (rect["width"].as_u64(), rect["height"].as_u64(), rect["won"].as_u64()),
        (Some(4), Some(3), Some(1))
    );
    assert!(rect.get("size").is_none());
    let easy = json.iter().find(|r| r["level"] == "easy").expect("the 4×4 row");
    assert_eq!((easy["size"].as_u64(), easy.get("width")), (Some(4), None));
    let relay = json
        .iter()
        .find(|r| r["level"] == "relay-3x3-4x3-4x4")
        .expect("the relay's row");
    assert_eq!((relay["size"].as_u64(), relay["won"].as_u64()), (Some(4), Some(1)));
    let relays = slide(&data, &["history", "--json", "--level", "relay-3x3-4x3-4x4"]);
    assert_eq!(out(&relays).lines().count(), 1, "{}", err(&relays));
}

#[test]
fn an_older_history_of_squares_reads_as_before() {
    let data = temp("shapes", "old");
    let dir = data.join("history");
    std::fs::create_dir_all(&dir).expect("history dir");
    // Lines as versions before rectangles wrote them, a relay-4 among them.
    let lines = [
        r#"{"slide_history":1}"#,
        r#"{"id":"00000000000000b1-1","at":1796259720000,"size":3,"level":"easy","result":"won","millis":1500,"scramble":"1 2 3/4 5 6/0 7 8","moves":"LL","gaps":[0,700],"seed":1}"#,
        r#"{"id":"00000000000000b2-1","at":1796259780000,"size":4,"level":"relay-4","mode":"relay","result":"won","millis":3000,"scramble":"1 2 3/4 5 6/7 0 8;1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15","moves":"LL","gaps":[0,900],"seed":9}"#,
    ];
    std::fs::write(dir.join("active.jsonl"), lines.join("\n") + "\n").expect("write history");
    let json: Vec<Value> = out(&slide(&data, &["stats", "--json"]))
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let levels: Vec<(u64, &str)> = json
        .iter()
        .map(|r| (r["size"].as_u64().unwrap_or(0), r["level"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(levels, vec![(3, "easy"), (4, "relay-4")]);
    let history = out(&slide(&data, &["history", "--json"]));
    assert_eq!(history.lines().count(), 2, "{history}");
    assert!(history.lines().all(|l| l.contains(r#""size":"#)));
}

#[test]
fn tables_build_takes_a_shape_with_tables_and_names_what_the_others_use() {
    let cache = temp("shapes", "tables-build");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_slide"))
            .args(args)
            .env("SLIDE_CACHE_DIR", &cache)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("slide runs")
    };
    let built = run(&["tables", "build", "--size", "3x4"]);
    assert!(built.status.success(), "{}", err(&built));
    assert!(out(&built).contains("3×4 tables ready"), "{}", out(&built));
    let names: Vec<String> = std::fs::read_dir(&cache)
        .expect("the cache")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().any(|n| n.contains("3x4")), "{names:?}");
    let refused = run(&["tables", "build", "--size", "7"]);
    assert_eq!(refused.status.code(), Some(2), "{}", err(&refused));
    assert!(err(&refused).contains("7×7 boards have no tables"), "{}", err(&refused));
}

#[test]
fn an_optimal_solve_of_a_shape_in_json_prints_the_same_line_and_nothing_on_stderr() {
    let data = temp("shapes", "optimal-json");
    let board = "1 2 3/4 5 6/7 8 9/10 0 11";
    let plain = slide(&data, &["solve", board, "--json"]);
    let optimal = slide(&data, &["solve", board, "--json", "--optimal"]);
    for o in [&plain, &optimal] {
        assert_eq!(o.status.code(), Some(0), "{}", err(o));
        assert_eq!(err(o), "", "no bar, no spinner");
    }
    let fields = |o: &Output| {
        let mut v: Value = serde_json::from_str(out(o).trim()).expect("one json line");
        v.as_object_mut().expect("object").remove("millis");
        v
    };
    assert_eq!(fields(&plain), fields(&optimal));
    assert_eq!(fields(&optimal)["length"], 1);
    // Without --json, and stderr not a terminal, no spinner either.
    let human = slide(&data, &["solve", board, "--optimal"]);
    assert!(out(&human).contains("(optimal)"), "{}", out(&human));
    assert_eq!(err(&human), "");
}

#[test]
fn a_shape_with_bands_is_dealt_in_its_band_and_lists_its_levels() {
    let data = temp("shapes", "bands");
    let dealt = slide(
        &data,
        &["generate", "--size", "3x4", "--level", "hard", "--seed", "1", "--json"],
    );
    assert_eq!(dealt.status.code(), Some(0), "{}", err(&dealt));
    let v: Value = serde_json::from_str(out(&dealt).trim()).expect("json");
    assert_eq!((v["size"].as_str(), v["level"].as_str()), (Some("3×4"), Some("hard")));
    let board = v["board"].as_str().expect("a board");
    let solved = slide(&data, &["solve", board, "--json"]);
    let s: Value = serde_json::from_str(out(&solved).trim()).expect("json");
    assert_eq!(s["optimal"], true);
    let length = slide::puzzle::parse_moves(s["moves"].as_str().expect("moves"))
        .expect("moves")
        .len() as u64;
    assert!(
        (32..=38).contains(&length),
        "3×4 hard is 32–38 moves, this board {length}"
    );
    assert_eq!(v["length"].as_u64(), Some(length), "the deal's proven length");
    let plain = out(&slide(
        &data,
        &["generate", "--size", "3x4", "--level", "hard", "--seed", "1"],
    ));
    assert_eq!(plain.trim(), board, "the seed deals it again");

    let levels = out(&slide(&data, &["levels", "--size", "4x3"]));
    for line in [
        "4×3   easy     14–24",
        "4×3   medium   25–31",
        "4×3   hard     32–38",
        "4×3   expert   39–53",
    ] {
        assert!(levels.contains(line), "{levels}");
    }
    let all = out(&slide(&data, &["levels"]));
    assert!(
        all.contains("3×3   easy     10–16") && all.contains("2×5   expert   39–55"),
        "{all}"
    );
    assert!(
        all.contains("7×2   hard     58–72") && all.contains("2×3   medium   4–9"),
        "{all}"
    );
    let json = out(&slide(&data, &["levels", "--size", "2x3", "--json"]));
    let names: Vec<String> = json
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("json")["level"].to_string())
        .collect();
    assert_eq!(names, ["\"medium\"", "\"hard\"", "\"expert\""], "2×3 has no easy band");
    assert!(all.contains("3×5   expert   56–84   (measured, not dealt"), "{all}");
    let none = out(&slide(&data, &["levels", "--size", "7x7"]));
    assert!(none.contains("7×7   random   (no bands"), "{none}");

    let expert = slide(&data, &["generate", "--size", "5x3", "--level", "expert"]);
    assert_eq!(expert.status.code(), Some(2));
    assert!(
        err(&expert).contains("5×3 boards are dealt at level easy, medium, hard or random, not expert"),
        "{}",
        err(&expert)
    );
}

#[test]
fn rate_gives_a_large_boards_difficulty_as_a_plan_said_to_be_an_estimate() {
    let data = temp("shapes", "estimate");
    let board = out(&slide(
        &data,
        &["generate", "--size", "7", "--level", "random", "--seed", "3"],
    ));
    let rated = slide(&data, &["rate", board.trim()]);
    assert_eq!(rated.status.code(), Some(0), "{}", err(&rated));
    let text = out(&rated);
    assert!(text.contains("(an estimate, not proven optimal)"), "{text}");
    assert!(text.contains("level              random (no bands on 7×7"), "{text}");
    assert!(!text.contains("optimal length"), "{text}");
    let json = slide(&data, &["rate", board.trim(), "--json"]);
    let v: Value = serde_json::from_str(out(&json).trim()).expect("json");
    let plan = v["plan_length"].as_u64().expect("a plan");
    assert!(plan >= v["lower_bound"].as_u64().expect("a bound"));
    assert_eq!((v["plan_optimal"].as_bool(), v["exact"].as_u64()), (Some(false), None));
}

#[test]
fn play_reads_a_rectangle_from_the_config_and_names_the_sizes_it_takes() {
    let data = temp("shapes", "config-size");
    std::fs::create_dir_all(&data).expect("a folder");
    let file = data.join("config.toml");
    let path = file.to_str().expect("a path");
    for (text, accepted) in [
        ("size = \"5x3\"", true),
        ("size = \"5×3\"", true),
        ("size = \"5x1\"", false),
    ] {
        std::fs::write(&file, format!("[game]\n# mine\n{text}\n")).expect("a config");
        let o = slide(&data, &["play", "--config", path]);
        let said = err(&o);
        // Without a terminal the game stops before its first frame, but after the file is read.
        assert!(said.contains("terminal") == accepted, "{text}: {said}");
        assert_eq!(
            said.contains(
                "game.size must be a side from 2 to 10 (size = 4 is 4×4) or a width and height such as \"4x3\""
            ),
            !accepted,
            "{text}: {said}"
        );
    }
}
