//! End to end: the game as a person starts and plays it. The real binary in tmux is started
//! with the game's flags at the top level (as people type them), played to a win, and paused;
//! each test reads the screen.

use std::thread::sleep;
use std::time::Duration;

use crate::tmux::{self, Tmux};

/// Two moves from solved: the blank bottom-left, so Left twice solves it.
const BOARD: &str = "1 2 3 4 5 6 0 7 8";

/// Runs `slide ARGS` in `session` at `width`×`height`; the shell then prints the exit status.
fn start(t: &Tmux, session: &str, width: u16, height: u16, args: &str) {
    let data = t.dir().join("data");
    let script = format!(
        "{} '{}' {args}; echo \"EXITED $?\"; sleep 60",
        t.env(&data),
        tmux::bin()
    );
    t.open(session, width, height, &script);
}

/// The value of the panel row `label` ("Time     0:03.2" gives "0:03.2").
fn panel_value(screen: &str, label: &str) -> Option<String> {
    screen.lines().find_map(|l| {
        let at = l.find(&format!("{label} "))?;
        let rest = l[at + label.len()..].trim_start();
        Some(rest.split('│').next().unwrap_or("").trim().to_string())
    })
}

#[test]
fn size_and_level_flags_at_the_top_level_deal_that_game() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("toplevel-size");
    start(&t, "g", 80, 24, "--size 3 --level hard");
    let (screen, _) = t.wait_for("g", "a dealt 3x3 hard game", |s| s.contains("Moves    0"));
    assert_eq!(panel_value(&screen, "Size").as_deref(), Some("3×3"), "{screen}");
    assert_eq!(panel_value(&screen, "Level").as_deref(), Some("hard"), "{screen}");
    assert!(!screen.contains("unexpected argument"), "{screen}");
    t.keys("g", &["q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
}

#[test]
fn a_board_flag_at_the_top_level_plays_that_board_to_a_win() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("toplevel-board");
    start(&t, "g", 80, 24, &format!("--board '{BOARD}'"));
    let (screen, _) = t.wait_for("g", "the given board", |s| s.contains("Moves    0"));
    assert_eq!(
        panel_value(&screen, "Level").as_deref(),
        Some("custom board"),
        "{screen}"
    );
    // Arrows move tiles by default: Left slides the tile right of the gap into it.
    t.keys("g", &["Left"]);
    t.wait_for("g", "one move", |s| s.contains("Moves    1"));
    t.keys("g", &["Left"]);
    // A capture may catch the win box half drawn: wait for the par line too.
    let (won, _) = t.wait_for("g", "the win box", |s| {
        s.contains("Solved!") && s.contains("(optimal!)")
    });
    assert!(won.contains("2  (optimal!)"), "par is the optimum, met:\n{won}");
    t.keys("g", &["q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
}

#[test]
fn a_bad_top_level_flag_is_refused_before_the_screen_changes() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("toplevel-bad");
    start(&t, "g", 80, 24, "--size 11");
    let (screen, _) = t.wait_for("g", "the error and exit status", |s| s.contains("EXITED"));
    assert!(screen.contains("EXITED 2"), "{screen}");
    assert!(screen.contains("size"), "the error names the flag:\n{screen}");
}

#[test]
fn the_pause_key_hides_the_board_and_stops_the_clock() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("pause");
    start(&t, "g", 80, 24, &format!("--board '{BOARD}'"));
    t.wait_for("g", "the given board", |s| s.contains("Moves    0"));
    // The clock starts with the first move: Down slides the 4 into the gap.
    t.keys("g", &["Down"]);
    t.wait_for("g", "one move", |s| s.contains("Moves    1"));
    t.keys("g", &["Space"]);
    let board_rows = |s: &str| {
        s.lines()
            .any(|l| l.contains(" 7 ") && l.contains(" 8 ") || l.contains(" 4 ") && l.contains(" 5 "))
    };
    // A capture may catch a frame half drawn: wait for the whole of it.
    let (paused, _) = t.wait_for("g", "the pause box over a hidden board", |s| {
        s.contains("Paused") && !board_rows(s)
    });
    let before = panel_value(&paused, "Time");
    sleep(Duration::from_millis(1500));
    let later = t.screen("g");
    assert!(later.contains("Paused"), "still paused:\n{later}");
    assert_eq!(
        panel_value(&later, "Time"),
        before,
        "the clock stands still while paused"
    );
    // Any key plays on; the key only resumes, it moves nothing.
    t.keys("g", &["Space"]);
    let (back, _) = t.wait_for("g", "the board again", |s| !s.contains("Paused") && board_rows(s));
    assert!(back.contains("Moves    1"), "{back}");
    t.wait_for("g", "the clock to run again", |s| panel_value(s, "Time") != before);
    t.keys("g", &["q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
}
