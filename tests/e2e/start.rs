//! End to end: the start. The screen shows at once while the disk is read; the notices
//! of a start (a game kept, a file set aside) are lines that take no key, so the first key
//! moves a tile; and the crash test (`scripts/crash_test.sh`), short, when asked for.

use std::path::PathBuf;

use crate::tmux::{self, Tmux};

/// Two moves from solved.
const BOARD: &str = "1 2 3 4 5 6 0 7 8";

#[test]
fn the_first_key_after_a_start_with_notices_moves_a_tile() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("first-key");
    let data = t.dir().join("data");
    let history = data.join("history");
    std::fs::create_dir_all(&history).expect("history folder");
    // A file set aside by an earlier version: said at every start, as a line.
    std::fs::write(
        history.join("active.corrupt-1764700000.jsonl"),
        b"{\"slide_history\":1}\n",
    )
    .expect("write");
    for round in 0..3 {
        let session = format!("s{round}");
        let script = format!("{} '{}' --board '{BOARD}'; sleep 60", t.env(&data), tmux::bin());
        t.open(&session, 80, 24, &script);
        let (screen, _) = t.wait_for(&session, "the board", |s| s.contains("Moves    0"));
        assert!(screen.contains("set aside"), "the notice is on screen:\n{screen}");
        assert!(!screen.contains("any key to close"), "no box to close:\n{screen}");
        // The first key, at once: a tile moves.
        t.keys(&session, &["Left"]);
        let (screen, _) = t.wait_for(&session, "the first move", |s| s.contains("Moves    1"));
        assert!(screen.contains("set aside"), "typed at once, the line stays:\n{screen}");
        t.kill_session(&session);
        tmux::wait_released(&data);
    }
}

#[test]
#[ignore = "long: kills the game a dozen times (scripts/crash_test.sh runs it at length)"]
fn crash_test_short() {
    if !tmux::available() {
        return;
    }
    let mut said = Vec::new();
    let report = crate::crash_test::run(&PathBuf::from(tmux::bin()), 12, 7, |l| said.push(l.to_string()));
    assert!(report.failures.is_empty(), "{:?}\n{}", report.failures, said.join("\n"));
    assert_eq!(report.kills, 12);
}
