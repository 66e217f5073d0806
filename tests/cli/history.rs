//! `slide history --session`: only the attempts of the latest session (since the game last
//! started, or since its new-session key), with the other filters and forms.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::data_dir::slide;

fn temp(tag: &str) -> PathBuf {
    crate::data_dir::temp("history", tag)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Four attempts a minute apart (at 1796259720000 + i minutes): a 3×3 win and a 4×4 DNF
/// before the session, a 3×3 win and a 4×4 win in it.
fn history(data: &Path) {
    let dir = data.join("history");
    std::fs::create_dir_all(&dir).expect("history dir");
    let attempt = |i: u64, size: usize, result: &str| {
        let scramble = if size == 3 {
            "1 2 3/4 5 6/0 7 8"
        } else {
            "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15"
        };
        let moves = if size == 3 { "LL" } else { "L" };
        format!(
            r#"{{"id":"{i:016x}-1","at":{},"size":{size},"level":"easy","result":"{result}","millis":1500,"scramble":"{scramble}","moves":"{moves}","gaps":[0{}]}}"#,
            1_796_259_720_000 + i * 60_000,
            if size == 3 { ",700" } else { "" }
        )
    };
    let lines = [
        r#"{"slide_history":1}"#.to_string(),
        attempt(1, 3, "won"),
        attempt(2, 4, "dnf"),
        attempt(3, 3, "won"),
        attempt(4, 4, "won"),
    ];
    std::fs::write(dir.join("active.jsonl"), lines.join("\n") + "\n").expect("write history");
}

fn ids(out: &Output) -> Vec<String> {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    stdout(out)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON");
            v["id"].as_str().expect("an id").to_string()
        })
        .collect()
}

#[test]
fn session_keeps_the_latest_sessions_attempts_with_every_other_filter() {
    let d = temp("session");
    history(&d);
    // No game has started here: no session, no attempt in it.
    assert_eq!(
        ids(&slide(&d, &["history", "--session", "--json"])),
        Vec::<String>::new()
    );
    let none = slide(&d, &["history", "--session"]);
    assert!(
        stdout(&none).contains("No attempts in this session yet."),
        "{}",
        stdout(&none)
    );
    // The session began between the second and the third attempt.
    std::fs::write(d.join("session.json"), r#"{"version": 1, "started_ms": 1796259870000}"#).expect("write session");
    let all = ids(&slide(&d, &["history", "--json"]));
    assert_eq!(all.len(), 4);
    let session = ids(&slide(&d, &["history", "--session", "--json"]));
    assert_eq!(session, all[2..].to_vec());
    assert_eq!(
        ids(&slide(&d, &["history", "--session", "--json", "--size", "4"])),
        vec![all[3].clone()]
    );
    assert_eq!(
        ids(&slide(&d, &["history", "--session", "--json", "--last", "1"])),
        vec![all[3].clone()]
    );
    assert_eq!(
        ids(&slide(&d, &["history", "--session", "--json", "--level", "easy"])),
        session
    );
    let csv = slide(&d, &["history", "--session", "--csv"]);
    assert_eq!(
        stdout(&csv).lines().count(),
        3,
        "a header and two lines: {}",
        stdout(&csv)
    );
    let text = slide(&d, &["history", "--session"]);
    assert_eq!(stdout(&text).lines().count(), 2, "{}", stdout(&text));
    // A damaged session file is named, left as it is, and the command fails.
    std::fs::write(d.join("session.json"), "{oops").expect("write");
    let bad = slide(&d, &["history", "--session"]);
    assert_eq!(bad.status.code(), Some(1), "{bad:?}");
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("session.json"), "{err}");
    assert_eq!(std::fs::read_to_string(d.join("session.json")).expect("read"), "{oops");
    // Without --session the file is not read at all.
    assert_eq!(ids(&slide(&d, &["history", "--json"])).len(), 4);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn replaying_a_marathon_is_checked_board_by_board_before_the_terminal() {
    let data = temp("run-replay");
    let dir = data.join("history");
    std::fs::create_dir_all(&dir).expect("history dir");
    // Two boards, each solved by one L; the damaged copy's third move can't be made.
    let run = r#"{"id":"00000000000000aa-1","at":1796259720000,"size":3,"level":"marathon-2","mode":"marathon","result":"won","millis":1500,"scramble":"1 2 3/4 5 6/7 0 8;1 2 3/4 5 6/7 0 8","moves":"LL","gaps":[0,700]}"#;
    let damaged = run
        .replace("aa-1", "ab-1")
        .replace(r#""LL""#, r#""LLU""#)
        .replace("[0,700]", "[0,700,100]");
    std::fs::write(
        dir.join("active.jsonl"),
        format!("{{\"slide_history\":1}}\n{run}\n{damaged}\n"),
    )
    .expect("write");
    let out = slide(&data, &["replay", "00000000000000ab-1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("can't be replayed: its moves don't replay: move 3 can't be made on its board"),
        "{err}"
    );
    // The good run is played back (here, with no terminal, it says that is what it lacks).
    let out = slide(&data, &["replay", "00000000000000aa-1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("can't be replayed") && !err.contains("yet"), "{err}");
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&data);
}
