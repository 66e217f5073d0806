//! `slide stats`: the records on the command line, from a data directory of the test's own.

use std::path::PathBuf;
use std::process::Command;

use crate::data_dir::slide;

fn temp(tag: &str) -> PathBuf {
    crate::data_dir::temp("stats", tag)
}

/// Statistics in the first format (no version; bests mixed assisted and not).
const OLD: &str = r#"{"records":{
  "4x4 medium":{"games":5,"wins":3,"moves_with_par":150,"par_sum":120,
                "best":{"moves":44,"time_ms":61000,"hints":0,"solver_used":false}},
  "3x3 easy":{"games":2,"wins":1,"moves_with_par":0,"par_sum":0,
              "best":{"moves":14,"time_ms":9000,"hints":3,"solver_used":false}}}}"#;

#[test]
fn json_rows_carry_the_documented_fields() {
    let d = temp("json");
    std::fs::write(d.join("stats.json"), OLD).expect("write");
    let out = slide(&d, &["stats", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rows: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(rows.len(), 2, "{rows:?}");
    let easy = &rows[0];
    assert_eq!((easy["size"].as_u64(), easy["level"].as_str()), (Some(3), Some("easy")));
    assert_eq!(
        easy["fewest_moves"],
        serde_json::Value::Null,
        "an assisted best is no ranked best"
    );
    assert!(easy.get("best_assisted_moves").is_none(), "no best with help");
    let medium = &rows[1];
    assert_eq!((medium["played"].as_u64(), medium["won"].as_u64()), (Some(5), Some(3)));
    assert_eq!(medium["fewest_moves"], 44);
    assert_eq!(medium["fewest_millis"], 61000);
    assert_eq!(medium["mean_par_ratio"], 1.25);
    assert_eq!(medium["streak"], 0);
    for key in [
        "size",
        "level",
        "played",
        "won",
        "fewest_moves",
        "fewest_millis",
        "fastest_millis",
        "best_tps",
        "mean_par_ratio",
        "streak",
    ] {
        assert!(medium.get(key).is_some(), "{key} in {medium}");
    }
    // Reading does not rewrite the file.
    assert_eq!(std::fs::read_to_string(d.join("stats.json")).expect("read"), OLD);
    let table = slide(&d, &["stats"]);
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(text.contains("4×4   medium"), "{text}");
    assert!(
        text.lines().any(|l| l.contains("medium") && l.contains(" 44 ")),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// Seven unassisted 3×3 easy attempts, a DNF among them, with bests that outlived the
/// recent list.
const SPEED: &str = r#"{"version":2,"records":{
  "3x3 easy":{"played":8,"won":6,
    "best":{"moves":20,"time_ms":9000,"hints":0,"solver_used":false},
    "speed":{"recent":[15000,12000,10000,null,20000,13000,14000],
             "best_single_ms":9000,"best_ao5_ms":11000,"solves":6,"stm_sum":168,"ms_sum":84000}},
  "4x4 medium":{"played":1,"won":0}}}"#;

#[test]
fn json_rows_carry_the_averages() {
    let d = temp("averages");
    std::fs::write(d.join("stats.json"), SPEED).expect("write");
    let out = slide(&d, &["stats", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rows: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let easy = &rows[0];
    // The last five: 10, DNF, 20, 13, 14 -> 10 and the DNF dropped: (20 + 13 + 14) / 3.
    assert_eq!(easy["ao5_millis"], 15_667);
    assert_eq!(easy["ao12_millis"], serde_json::Value::Null, "only seven attempts");
    assert_eq!(easy["ao100_millis"], serde_json::Value::Null);
    assert_eq!(easy["best_single_millis"], 9000);
    assert_eq!(easy["best_ao5_millis"], 11000);
    assert_eq!(easy["best_ao12_millis"], serde_json::Value::Null);
    // 168 tiles in 84 s.
    assert_eq!(easy["mean_tps"], 2.0);
    let medium = &rows[1];
    for key in [
        "ao5_millis",
        "ao12_millis",
        "ao100_millis",
        "best_single_millis",
        "best_ao5_millis",
        "best_ao12_millis",
        "best_ao50_millis",
        "best_ao100_millis",
        "mean_tps",
    ] {
        assert_eq!(medium[key], serde_json::Value::Null, "{key} in {medium}");
    }
    let table = slide(&d, &["stats"]);
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(text.lines().any(|l| l.contains("ao5") && l.contains("ao12")), "{text}");
    assert!(text.contains("15.667"), "{text}");
    // Every line fits 80 columns, and the games table has the attempts apart from wins.
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    let header = text.lines().next().expect("a header");
    for column in ["played", "won", "replays", "solver", "DNF"] {
        assert!(header.contains(column), "{column} in {header}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn reset_asks_and_keeps_the_old_file() {
    let d = temp("reset");
    std::fs::write(d.join("stats.json"), OLD).expect("write");
    let refused = slide(&d, &["stats", "--reset"]);
    assert_eq!(refused.status.code(), Some(2), "no terminal to ask on");
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--yes"));
    assert!(d.join("stats.json").exists(), "nothing cleared");
    let done = slide(&d, &["stats", "--reset", "--yes"]);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    assert!(!d.join("stats.json").exists());
    let kept: Vec<String> = std::fs::read_dir(&d)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("stats.json.reset-"))
        .collect();
    assert_eq!(kept.len(), 1, "the old statistics are kept beside: {kept:?}");
    let empty = slide(&d, &["stats", "--json"]);
    assert!(empty.stdout.is_empty());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_newer_file_is_reported_and_left_alone() {
    let d = temp("newer");
    let newer = r#"{"version": 42, "records": {}}"#;
    std::fs::write(d.join("stats.json"), newer).expect("write");
    let out = slide(&d, &["stats"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("newer"));
    assert_eq!(std::fs::read_to_string(d.join("stats.json")).expect("read"), newer);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn an_empty_data_dir_variable_means_unset() {
    let home = temp("home");
    let out = Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(["stats"])
        .env("SLIDE_DATA_DIR", "")
        .env("HOME", &home)
        .env_remove("XDG_DATA_HOME")
        .output()
        .expect("slide runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&home.display().to_string()),
        "the home data directory is used: {text}"
    );
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn daily_rows_carry_the_current_and_best_streak_and_replays() {
    let d = temp("streak");
    // Days long past: the current streak is over, the best stays.
    let stats = r#"{"version":2,
      "records":{"4x4 daily":{"played":4,"won":4,"replays":1}},
      "daily_wins":{"4x4":["2020-01-01","2020-01-02","2020-01-03","2020-01-05"]}}"#;
    std::fs::write(d.join("stats.json"), stats).expect("write");
    let out = slide(&d, &["stats", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let row: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).expect("one JSON row");
    assert_eq!(row["level"], "daily");
    assert_eq!(row["streak"], 0);
    assert_eq!(row["best_streak"], 3);
    assert_eq!(row["replays"], 1);
    let table = slide(&d, &["stats"]);
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(text.contains("0 (best 3)"), "{text}");
    let _ = std::fs::remove_dir_all(&d);
}
