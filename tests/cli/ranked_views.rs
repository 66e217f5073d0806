//! The views of the ranked records on the command line: `slide history --level` takes every
//! row name `slide stats` prints, the CSV's columns, and `stats --json` telling a DNF
//! average from one not yet there.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::data_dir::slide;

fn temp(tag: &str) -> PathBuf {
    crate::data_dir::temp("ranked", tag)
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

const BOARD: &str = "1 2 3/4 5 6/0 7 8";

/// A history of `lines` (each an attempt's JSON fields after its id and time).
fn history(data: &Path, lines: &[String]) {
    let dir = data.join("history");
    std::fs::create_dir_all(&dir).expect("history dir");
    let mut text = vec![r#"{"slide_history":1}"#.to_string()];
    for (i, fields) in lines.iter().enumerate() {
        text.push(format!(
            r#"{{"id":"{:016x}-1","at":{},{fields}}}"#,
            i + 1,
            1_796_259_720_000 + i as u64 * 60_000
        ));
    }
    std::fs::write(dir.join("active.jsonl"), text.join("\n") + "\n").expect("write history");
}

/// A won attempt of `level` (and `extra` fields) on the 3×3 board two moves from solved.
fn won(level: &str, extra: &str) -> String {
    format!(
        r#""size":3,"level":"{level}","result":"won","millis":1500,"scramble":"{BOARD}","moves":"LL","gaps":[0,700],"par":2,"seed":7,"mtm":1,"ranked":true{extra}"#
    )
}

#[test]
fn history_level_takes_every_row_name_stats_prints() {
    let d = temp("levels");
    let run = |level: &str, mode: &str| {
        // Both boards solved, one after the other: the load checks replay every leg.
        won(level, &format!(r#","mode":"{mode}""#))
            .replace(BOARD, &format!("{BOARD};{BOARD}"))
            .replace(
                r#""moves":"LL","gaps":[0,700]"#,
                r#""moves":"LLLL","gaps":[0,700,700,700]"#,
            )
    };
    history(
        &d,
        &[
            won("easy", ""),
            won("random", ""),
            won("blind", r#","mode":"blind""#),
            won("daily", r#","daily":"2026-12-03""#),
            won("custom", ""),
            run("marathon-2", "marathon"),
            run("marathon-2-seeded", "marathon"),
            won("relay-4", r#","mode":"relay""#),
            won("relay-4-seeded", r#","mode":"relay""#),
        ],
    );
    let rows: Vec<String> = json_lines(&slide(&d, &["stats", "--json"]))
        .iter()
        .map(|r| r["level"].as_str().expect("a level").to_string())
        .collect();
    for name in [
        "easy",
        "random",
        "blind",
        "daily",
        "custom",
        "marathon-2",
        "marathon-2-seeded",
    ] {
        assert!(rows.iter().any(|r| r == name), "stats prints {name}: {rows:?}");
    }
    for name in &rows {
        let listed = json_lines(&slide(&d, &["history", "--json", "--level", name]));
        assert!(!listed.is_empty(), "--level {name} lists its attempts");
        assert!(listed.iter().all(|a| a["level"] == name.as_str()), "{name}: {listed:?}");
    }
    let refused = slide(&d, &["history", "--level", "legendary"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("marathon-N"));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_csv_carries_ranked_replay_assisted_hints_par_mtm_and_tps() {
    let d = temp("csv");
    history(
        &d,
        &[
            won("easy", r#","memo_ms":2345"#),
            won("easy", "").replace(r#""ranked":true"#, r#""ranked":false,"replay":true"#),
            won("easy", "").replace(r#""ranked":true"#, r#""ranked":false,"assisted":true,"hints":2"#),
        ],
    );
    let listed = json_lines(&slide(&d, &["history", "--json"]));
    let memos: Vec<&serde_json::Value> = listed.iter().map(|a| &a["memo_ms"]).collect();
    assert_eq!(
        memos,
        [
            &serde_json::json!(2345),
            &serde_json::Value::Null,
            &serde_json::Value::Null
        ]
    );
    let out = slide(&d, &["history", "--csv"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "date,size,level,mode,result,ranked,replay,assisted,hints,moves,mtm,time,tps,par,scramble,solution,id,memo"
        )
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    // ranked, replay, assisted, hints, moves, mtm, time, tps, par
    assert_eq!(
        rows[0][5..14],
        ["true", "false", "false", "0", "2", "1", "1.500", "1.333", "2"]
    );
    assert_eq!(rows[0][17], "2.345", "the memo, in seconds");
    assert_eq!(rows[1][17], "", "no memo recorded");
    assert_eq!(rows[1][5..8], ["false", "true", "false"]);
    assert_eq!(rows[2][5..9], ["false", "false", "true", "2"]);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn stats_json_tells_a_dnf_average_from_a_missing_one() {
    let d = temp("dnf");
    let dnf = won("easy", "").replace(r#""result":"won""#, r#""result":"dnf""#);
    history(
        &d,
        &[won("easy", ""), dnf.clone(), won("easy", ""), dnf, won("easy", "")],
    );
    let rows = json_lines(&slide(&d, &["stats", "--json"]));
    let easy = &rows[0];
    assert_eq!(easy["ao5_millis"], "DNF", "two DNFs in five: a DNF average");
    assert_eq!(
        easy["ao12_millis"],
        serde_json::Value::Null,
        "five attempts: no ao12 yet"
    );
    assert_eq!(easy["fastest_millis"], 1500);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn unranked_attempts_set_no_best_and_enter_no_average() {
    let d = temp("unranked");
    let restart = won("easy", "")
        .replace(r#""ranked":true"#, r#""ranked":false"#)
        .replace("1500", "400");
    history(&d, &[won("easy", ""), restart]);
    let rows = json_lines(&slide(&d, &["stats", "--json"]));
    assert_eq!(rows[0]["won"], 2);
    assert_eq!(rows[0]["fastest_millis"], 1500, "the unranked 0.4 s is no best");
    assert_eq!(rows[0]["best_single_millis"], 1500);
    let text = String::from_utf8_lossy(&slide(&d, &["history"]).stdout).into_owned();
    assert_eq!(text.matches("unranked").count(), 1, "{text}");
    let _ = std::fs::remove_dir_all(&d);
}
