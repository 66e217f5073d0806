//! A damaged history, or something else where its folder should be, as every command says
//! it: the folder's problem is an error naming it; damage in a file is said at every
//! command, and the good attempts are still listed.

use std::path::PathBuf;
use std::process::Output;

use crate::data_dir::slide;

fn temp(tag: &str) -> PathBuf {
    crate::data_dir::temp("damage", tag)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A won 3×3 attempt's line, with its id, time and moves.
fn attempt(id: &str, millis: u64, size: usize) -> String {
    format!(
        r#"{{"id":"{id}","at":1796259720000,"size":{size},"level":"easy","result":"won","millis":{millis},"scramble":"1 2 3/4 5 6/0 7 8","moves":"LL","gaps":[0,700]}}"#
    )
}

#[cfg(unix)]
#[test]
fn a_plain_file_or_a_link_loop_for_the_history_folder_is_an_error_naming_it() {
    let data = temp("folder");
    let history = data.join("history");
    std::fs::write(&history, b"not a folder").expect("file");
    let check = |what: &str| {
        for args in [&["history"][..], &["stats"], &["stats", "--reset", "--yes"]] {
            let out = slide(&data, args);
            assert_eq!(out.status.code(), Some(1), "{what}, {args:?}: {}", stderr(&out));
            assert!(
                stderr(&out).contains(&history.display().to_string()),
                "{what}, {args:?}: {}",
                stderr(&out)
            );
        }
    };
    check("a plain file");
    assert_eq!(std::fs::read(&history).expect("kept"), b"not a folder");
    std::fs::remove_file(&history).expect("remove");
    std::os::unix::fs::symlink(&history, &history).expect("loop");
    check("a link loop");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn damage_is_said_at_every_command_and_the_good_attempts_still_count() {
    let data = temp("said");
    let dir = data.join("history");
    std::fs::create_dir_all(&dir).expect("history dir");
    let lines = [
        "\u{feff}{\"slide_history\":\"1\"}".to_string(),
        attempt("a-1", 1500, 3),
        "\u{1}garbage".to_string(),
        attempt("b-1", 1200, 99),
        attempt("c-1", 1100, 3),
    ];
    std::fs::write(dir.join("active.jsonl"), lines.join("\n")).expect("write");
    std::fs::write(
        dir.join("active.jsonl.corrupt-1"),
        format!("{}\n", attempt("d-1", 900, 3)),
    )
    .expect("aside");
    for _ in 0..2 {
        let out = slide(&data, &["history", "--json"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let ids: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON")["id"].to_string())
            .collect();
        assert_eq!(ids, ["\"a-1\"", "\"c-1\""]);
        let said = stderr(&out);
        assert!(said.contains("2 damaged line(s)"), "{said}");
        assert!(said.contains("attempt b-1 is not counted: its board size 99"), "{said}");
        assert!(said.contains("holds 1 attempt(s) not counted"), "{said}");
        assert!(said.contains("active.jsonl.corrupt-1"), "{said}");
    }
    let stats = slide(&data, &["stats", "--json"]);
    assert!(stats.status.success());
    assert!(stderr(&stats).contains("active.jsonl.corrupt-1"), "{}", stderr(&stats));
    let row: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&stats.stdout).lines().next().expect("a row")).expect("JSON");
    assert_eq!(row["won"], 2);
    let _ = std::fs::remove_dir_all(&data);
}
