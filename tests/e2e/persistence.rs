//! End to end: nothing a player does is lost. The real binary in tmux is hung up on,
//! terminated, run twice on one data directory, fed garbage files and an unwritable data
//! directory; each test reads the screen and the files afterwards.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::tmux::{self, Tmux};

/// Three moves from solved: the blank in the middle of the bottom row after Left.
const BOARD: &str = "1 2 3 4 5 6 0 7 8";

fn data(t: &Tmux) -> PathBuf {
    t.dir().join("data")
}

/// Runs `slide` with the game's own arguments in `session`; the shell then prints the exit
/// status and stays.
fn play(t: &Tmux, session: &str, data: &Path, args: &str) {
    let script = format!("{} '{}' {args}; echo \"EXITED $?\"; sleep 60", t.env(data), tmux::bin());
    t.open(session, 80, 24, &script);
}

fn stats_json(data: &Path) -> Vec<serde_json::Value> {
    let out = Command::new(tmux::bin())
        .args(["stats", "--json"])
        .env("SLIDE_DATA_DIR", data)
        .output()
        .expect("slide stats runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect()
}

#[test]
fn a_hang_up_saves_the_game_and_the_next_start_resumes_it() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("hangup");
    let d = data(&t);
    play(&t, "one", &d, &format!("--board '{BOARD}'"));
    t.wait_for("one", "the game", |s| s.contains("Moves    0"));
    t.keys("one", &["Left"]);
    t.keys("one", &["Right"]);
    t.wait_for("one", "two moves", |s| s.contains("Moves    2"));
    // Closing the window: no quit key, no time to save on a timer.
    t.kill_session("one");
    tmux::wait_released(&d);
    play(&t, "two", &d, "");
    // Waits name what they check: a capture may catch a frame half drawn.
    let screen = t.resumed("two", "Moves    2");
    assert!(screen.contains("Moves    2"), "the same move count:\n{screen}");
}

#[test]
fn sigterm_saves_restores_the_terminal_and_exits_128_plus_15() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("sigterm");
    let d = data(&t);
    play(&t, "one", &d, &format!("--board '{BOARD}'"));
    t.wait_for("one", "the game", |s| s.contains("Moves    0"));
    t.keys("one", &["Left"]);
    t.wait_for("one", "a move", |s| s.contains("Moves    1"));
    let pid = t.game_pid("one").expect("the game's pid");
    let killed = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let (screen, _) = t.wait_for("one", "the shell after exit", |s| s.contains("EXITED"));
    assert!(screen.contains("EXITED 143"), "128 + SIGTERM's 15:\n{screen}");
    assert!(
        !screen.contains("Moves") && !screen.contains("╭"),
        "the alternate screen is gone:\n{screen}"
    );
    play(&t, "two", &d, "");
    let screen = t.resumed("two", "Moves    1");
    assert!(screen.contains("Moves    1"), "the same move count:\n{screen}");
}

#[test]
fn two_copies_on_one_data_directory_both_record_their_wins_and_the_second_box_counts_the_first() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("two");
    let d = data(&t);
    // Two boards one move from solved: Left wins a's, Up wins b's.
    play(&t, "a", &d, "--board '1 2 3 4 5 6 7 0 8'");
    play(&t, "b", &d, "--board '1 2 3 4 5 0 7 8 6'");
    t.wait_for("a", "game a", |s| s.contains("Moves    0"));
    t.wait_for("b", "game b", |s| s.contains("Moves    0"));
    t.keys("a", &["Left"]);
    let (first, _) = t.wait_for("a", "a's win and its record", |s| {
        s.contains("Solved") && s.contains(" won")
    });
    assert!(first.contains("1 of 1 won"), "{first}");
    // b loaded the records before a's win: its box reads what a recorded since.
    t.keys("b", &["Up"]);
    let (screen, _) = t.wait_for("b", "b's win and its record", |s| {
        s.contains("Solved") && s.contains(" won")
    });
    assert!(!screen.contains("Not recorded"), "{screen}");
    assert!(screen.contains("2 of 2 won"), "no stale record:\n{screen}");
    // The win box may be drawn a moment before the statistics are written.
    tmux::wait_until("both wins in the statistics", || {
        stats_json(&d)
            .iter()
            .any(|r| r["size"] == 3 && r["level"] == "custom" && r["won"] == 2)
    });
    let rows = stats_json(&d);
    let custom = rows
        .iter()
        .find(|r| r["size"] == 3 && r["level"] == "custom")
        .unwrap_or_else(|| panic!("a 3×3 custom row: {rows:?}"));
    assert_eq!(custom["played"], 2, "{custom}");
    assert_eq!(custom["won"], 2, "both wins are kept: {custom}");
    // A typed board is unranked: won, but no best.
    assert_eq!(custom["fewest_moves"], serde_json::Value::Null, "{custom}");
}

#[test]
fn a_start_while_another_copy_holds_the_last_game_says_where_it_is() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("held");
    let d = data(&t);
    play(&t, "a", &d, &format!("--board '{BOARD}'"));
    t.wait_for("a", "game a", |s| s.contains("Moves    0"));
    t.keys("a", &["Left"]);
    t.wait_for("a", "a move", |s| s.contains("Moves    1"));
    // The second copy starts with no arguments: it would resume the last game, but the
    // first copy (still running, or still closing) holds it.
    play(&t, "b", &d, "");
    // Said in a line, wrapped where the screen's width puts it.
    let squash = |s: &str| s.split_whitespace().collect::<String>();
    let (screen, _) = t.wait_for("b", "the notice", |s| squash(s).contains("anothercopyofSlide"));
    assert!(screen.contains("1 move"), "the notice names the game:\n{screen}");
}

#[test]
fn garbage_files_are_kept_aside_and_said_on_screen() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("garbage");
    let d = data(&t);
    std::fs::create_dir_all(&d).expect("data dir");
    std::fs::write(d.join("stats.json"), b"this is not json").expect("write");
    std::fs::write(d.join("game.json"), b"{ neither is this").expect("write");
    play(&t, "one", &d, &format!("--board '{BOARD}'"));
    // The saved game's is a box to read; the statistics', set aside, a line below it.
    let (first, _) = t.wait_for("one", "the notices", |s| {
        s.contains("any key to close") && s.contains("statistics were")
    });
    t.keys("one", &["Space"]);
    let (second, _) = t.wait_for("one", "the box closed", |s| !s.contains("any key to close"));
    let both = format!("{first}\n{second}");
    assert!(both.contains("statistics were unreadable"), "{both}");
    assert!(both.contains("saved game was unreadable"), "{both}");
    assert!(both.contains("kept as"), "{both}");
    // The notice names the new path; the files are there with the garbage in them.
    let kept: Vec<(String, Vec<u8>)> = std::fs::read_dir(&d)
        .expect("data dir")
        .flatten()
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap_or_default(),
            )
        })
        .filter(|(n, _)| n.contains(".corrupt-"))
        .collect();
    assert!(
        kept.iter()
            .any(|(n, b)| n.starts_with("stats.json.corrupt-") && b == b"this is not json"),
        "{kept:?}"
    );
    assert!(
        kept.iter()
            .any(|(n, b)| n.starts_with("game.json.corrupt-") && b == b"{ neither is this"),
        "{kept:?}"
    );
    // The key closed the box and nothing else; the line takes no key: the game goes on.
    t.keys("one", &["Left"]);
    t.wait_for("one", "a move after the notices", |s| s.contains("Moves    1"));
}

#[test]
fn an_unwritable_data_directory_is_warned_of_at_start() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("unwritable");
    // A plain file where the data directory's parent should be: nothing can be created
    // there, even by root (for whom a read-only mode means nothing).
    let blocker = t.dir().join("blocker");
    std::fs::write(&blocker, b"a file, not a folder").expect("write");
    play(&t, "one", &blocker.join("data"), &format!("--board '{BOARD}'"));
    // A key closes the warning only once the screen offers it (keys in its first moments
    // are dropped, as typed before it came).
    let (screen, _) = t.wait_for("one", "the warning", |s| {
        s.contains("can't be saved") && s.contains("Please read") && s.contains("any key to close")
    });
    assert!(
        screen.contains("Please read"),
        "a warning, not a passing note:\n{screen}"
    );
    // Playing on works; a win says nothing was recorded.
    t.keys("one", &["Space"]);
    for k in ["Left", "Left"] {
        t.keys("one", &[k]);
    }
    let (screen, _) = t.wait_for("one", "the win", |s| s.contains("Solved") && s.contains("Not recorded"));
    assert!(screen.contains("Not recorded"), "{screen}");
    assert!(!screen.contains("personal best"), "{screen}");
}
