//! End to end: every record tells the truth. The real binary in tmux is played as
//! a person plays it (a click on a segment, a replay, the solver's play, a daily, a reset);
//! each test then reads `slide stats` and the screen.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::tmux::{self, Tmux};

fn data(t: &Tmux) -> PathBuf {
    t.dir().join("data")
}

/// Runs `slide ARGS` in `session` at 80×24, the solver's animation quick; the shell then
/// prints the exit status and stays.
fn start(t: &Tmux, session: &str, args: &str) {
    let config = t.dir().join("config");
    std::fs::create_dir_all(&config).expect("config dir");
    std::fs::write(config.join("config.toml"), "[game]\nanimation_ms = 20\n").expect("config");
    let script = format!(
        "{} '{}' {args}; echo \"EXITED $?\"; sleep 60",
        t.env(&data(t)),
        tmux::bin()
    );
    t.open(session, 80, 24, &script);
}

/// `slide ARGS` on the test's data directory; its standard output.
fn slide(data: &Path, args: &[&str]) -> String {
    let out = Command::new(tmux::bin())
        .args(args)
        .env("SLIDE_DATA_DIR", data)
        .output()
        .expect("slide runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The row of `slide stats --json` for `size` and `level`, once `ready` holds for it (the
/// win box may be drawn a moment before the history is written).
fn stats_row(data: &Path, size: u64, level: &str, ready: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
    let row = || {
        slide(data, &["stats", "--json"])
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("one JSON object a line"))
            .find(|r| r["size"] == size && r["level"] == level)
    };
    tmux::wait_until(&format!("the {size}×{size} {level} row"), || {
        row().is_some_and(|r| ready(&r))
    });
    row().expect("the row")
}

/// The value of the win box's or the panel's row `label` ("Time    4.593" gives "4.593").
fn value(screen: &str, label: &str) -> Option<String> {
    screen.lines().find_map(|l| {
        let at = l.find(&format!("{label} "))?;
        let rest = l[at + label.len()..].trim_start();
        Some(rest.split(['│', '║']).next().unwrap_or("").trim().to_string())
    })
}

/// Clicks (press and release, SGR mouse reports) the cell where `text` is on the screen.
fn click(t: &Tmux, session: &str, screen: &str, text: &str) {
    let (row, line) = screen
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(text))
        .unwrap_or_else(|| panic!("{text} on screen:\n{screen}"));
    let byte = line.find(text).expect("found");
    let column = line[..byte].chars().count();
    // SGR reports count from 1.
    let (x, y) = (column + 1, row + 1);
    for end in ['M', 'm'] {
        t.run(&["send-keys", "-t", session, "-l", &format!("\u{1b}[<0;{x};{y}{end}")]);
    }
}

#[test]
fn one_winning_click_on_a_three_tile_segment_is_one_win() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("records-segment");
    // The gap is left of 13, 14 and 15: a click on 15 slides the three, and wins.
    start(&t, "g", "--board '1 2 3 4 5 6 7 8 9 10 11 12 0 13 14 15'");
    let (screen, _) = t.wait_for("g", "the board", |s| s.contains("Moves    0") && s.contains("15"));
    // The board's last row: the tile 15 right of 14 (not "15" elsewhere).
    click(&t, "g", &screen, "15 ");
    let (screen, _) = t.wait_for("g", "the win box and its moves", |s| {
        s.contains("Solved") && s.contains("MTM")
    });
    assert!(screen.contains("STM 3, MTM 1"), "three tiles in one slide:\n{screen}");
    let row = stats_row(&data(&t), 4, "custom", |r| r["played"] != 0);
    assert_eq!(
        (row["played"].as_u64(), row["won"].as_u64()),
        (Some(1), Some(1)),
        "{row}"
    );
    t.keys("g", &["q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
    let history = slide(&data(&t), &["history", "--json"]);
    assert_eq!(history.lines().count(), 1, "one attempt in the history:\n{history}");
}

#[test]
fn a_win_and_its_replay_are_one_game_won_and_one_replay() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("records-replay");
    start(&t, "g", "--board '1 2 3 4 5 6 7 0 8'");
    t.wait_for("g", "the board", |s| s.contains("Moves    0"));
    t.keys("g", &["Left"]);
    t.wait_for("g", "the win box", |s| s.contains("Solved"));
    // R on the win box: the same board again, then the same winning move.
    t.keys("g", &["R"]);
    t.wait_for("g", "the board again", |s| {
        s.contains("Moves    0") && !s.contains("Solved")
    });
    t.keys("g", &["Left"]);
    let (screen, _) = t.wait_for("g", "the replay's win box and its record", |s| {
        s.contains("Solved") && s.contains(" won")
    });
    assert!(!screen.contains("personal best"), "a replay sets no best:\n{screen}");
    let row = stats_row(&data(&t), 3, "custom", |r| r["replays"] == 1);
    assert_eq!(row["played"], 1, "{row}");
    assert_eq!(row["won"], 1, "{row}");
    assert_eq!(row["replays"], 1, "{row}");
    t.keys("g", &["q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
}

#[test]
fn the_solver_finishing_a_four_by_four_game_is_no_win_and_has_no_tps() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("records-solver");
    // Two moves from solved: 11 left, then 12 up.
    start(&t, "g", "--board '1 2 3 4 5 6 7 8 9 10 0 11 13 14 15 12'");
    t.wait_for("g", "the board", |s| s.contains("Moves    0"));
    t.keys("g", &["p"]);
    let (screen, _) = t.wait_for("g", "the win box", |s| s.contains("Solved") && s.contains("Time"));
    assert!(!screen.contains("TPS"), "no TPS for the solver's finish:\n{screen}");
    // Its time, as the history and the CSV have it.
    assert!(
        value(&screen, "Time").is_some_and(|v| v.contains('.')),
        "the solver's finish keeps its time:\n{screen}"
    );
    assert!(!screen.contains("optimal!"), "{screen}");
    let row = stats_row(&data(&t), 4, "custom", |r| r["played"] != 0);
    assert_eq!(row["won"], 0, "{row}");
    assert_eq!(row["solver_finished"], 1, "{row}");
    t.keys("g", &["q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
}

#[test]
fn the_solver_finishing_the_daily_keeps_no_streak() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("records-daily");
    start(&t, "g", "--daily --size 3");
    t.wait_for("g", "the daily puzzle", |s| s.contains("Moves    0"));
    t.keys("g", &["p"]);
    let (screen, _) = t.wait_for("g", "the win box", |s| s.contains("Solved") && s.contains("Streak"));
    assert!(screen.contains("Streak  0 days"), "{screen}");
    let row = stats_row(&data(&t), 3, "daily", |r| r["played"] != 0);
    assert_eq!(row["streak"], 0, "{row}");
    assert_eq!(row["won"], 0, "{row}");
    assert_eq!(row["solver_finished"], 1, "{row}");
    t.keys("g", &["q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
}

#[test]
fn after_a_reset_the_statistics_screen_lists_no_game() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("records-reset");
    start(&t, "g", "--board '1 2 3 4 5 6 7 0 8'");
    t.wait_for("g", "the board", |s| s.contains("Moves    0"));
    t.keys("g", &["Left"]);
    t.wait_for("g", "the win box", |s| s.contains("Solved"));
    t.keys("g", &["t"]);
    t.wait_for("g", "the game on the statistics screen", |s| {
        s.contains("Statistics") && s.contains("3×3 custom")
    });
    t.keys("g", &["Escape"]);
    t.wait_for("g", "the win box again", |s| {
        s.contains("Solved") && !s.contains("Statistics")
    });
    // Reset while the game runs: the screen then reads the records again.
    let said = slide(&data(&t), &["stats", "--reset", "--yes"]);
    assert!(!said.is_empty(), "the reset says what it did");
    t.keys("g", &["t"]);
    // The wait names all the screen must show: a capture taken mid-redraw
    // can hold the statistics' title over what was drawn before.
    let (screen, _) = t.wait_for("g", "the statistics after the reset", |s| {
        s.contains("Statistics") && s.contains("No games recorded yet.") && s.contains("Finished games appear here")
    });
    assert!(!screen.contains("3×3 custom"), "{screen}");
    t.keys("g", &["q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
    // And at the next start.
    start(&t, "h", "--board '1 2 3 4 5 6 0 7 8'");
    t.wait_for("h", "the board", |s| s.contains("Moves    0"));
    t.keys("h", &["t"]);
    t.wait_for("h", "the statistics with no game", |s| {
        s.contains("Statistics") && s.contains("No games recorded yet.")
    });
    t.keys("h", &["q"]);
    t.wait_for("h", "a clean exit", |s| s.contains("EXITED 0"));
}

#[test]
fn the_win_box_time_is_the_time_slide_stats_says() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("records-time");
    start(&t, "g", "--board '1 2 3 4 5 6 0 7 8'");
    t.wait_for("g", "the board", |s| s.contains("Moves    0"));
    t.keys("g", &["Left"]);
    t.wait_for("g", "the first move", |s| s.contains("Moves    1"));
    t.keys("g", &["Left"]);
    let (screen, _) = t.wait_for("g", "the win box", |s| s.contains("Solved") && s.contains("Time"));
    let time = value(&screen, "Time").expect("a time");
    assert!(time.contains('.') && time.len() >= 5, "to the millisecond: {time}");
    stats_row(&data(&t), 3, "custom", |r| r["won"] == 1);
    let listed = slide(&data(&t), &["history"]);
    assert!(listed.contains(&time), "the win box's {time} in:\n{listed}");
    t.keys("g", &["q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
}

/// Types `board` into the new-game menu's code field and plays it.
fn play_typed(t: &Tmux, session: &str, board: &str) {
    t.keys(session, &["n"]);
    t.wait_for(session, "the menu", |s| s.contains("New game"));
    t.keys(session, &["Up"]);
    t.keys(session, &["Enter"]);
    t.keys(session, &["-l", board]);
    t.keys(session, &["Enter"]);
    t.wait_for(session, "the typed board", |s| {
        s.contains("custom board") && s.contains("Moves    0")
    });
}

/// The attempts `slide history --json ARGS` lists.
fn history_len(data: &Path, args: &[&str]) -> usize {
    let mut all = vec!["history", "--json"];
    all.extend_from_slice(args);
    slide(data, &all).lines().count()
}

#[test]
fn a_new_session_counts_only_what_follows_it_and_a_restart_begins_another() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("records-session");
    // Two wins: the board given, then one typed in the menu (opened from the win box).
    start(&t, "g", "--board '1 2 3 4 5 6 7 0 8'");
    t.wait_for("g", "the board", |s| s.contains("Moves    0"));
    t.keys("g", &["Left"]);
    t.wait_for("g", "the first win", |s| s.contains("Solved!"));
    play_typed(&t, "g", "1 2 3 4 5 6 0 7 8");
    t.keys("g", &["Left"]);
    t.keys("g", &["Left"]);
    t.wait_for("g", "the second win", |s| s.contains("Solved!"));
    tmux::wait_until("two attempts in the history", || history_len(&data(&t), &[]) == 2);
    // The session screen (from the win box) counts both; the new-session key asks, then
    // begins a new one.
    t.keys("g", &["S"]);
    t.wait_for("g", "the session screen", |s| {
        s.contains("Session · since") && s.contains("Count 2")
    });
    t.keys("g", &["B"]);
    t.wait_for("g", "the question", |s| s.contains("Begin a new session?"));
    t.keys("g", &["B"]);
    t.wait_for("g", "an empty session", |s| {
        s.contains("No attempts in this session yet") && !s.contains("Begin a new session?")
    });
    t.keys("g", &["Escape"]);
    t.wait_for("g", "the win box again", |s| {
        s.contains("Solved!") && !s.contains("Session · since")
    });
    // One more win: the session holds it alone.
    play_typed(&t, "g", "1 2 3 4 0 5 7 8 6");
    t.keys("g", &["Left"]);
    t.keys("g", &["Up"]);
    t.wait_for("g", "the third win", |s| s.contains("Solved!"));
    t.keys("g", &["S"]);
    let (screen, _) = t.wait_for("g", "the session screen", |s| s.contains("Session · since"));
    assert!(screen.contains("Count 1 · won 1"), "{screen}");
    assert!(screen.contains("[3×3 custom]"), "{screen}");
    t.keys("g", &["Escape"]);
    t.wait_for("g", "the win box", |s| {
        s.contains("Solved!") && !s.contains("Session · since")
    });
    t.keys("g", &["q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
    assert_eq!(history_len(&data(&t), &[]), 3);
    assert_eq!(history_len(&data(&t), &["--session"]), 1);
    // Slide started again: a new session, empty.
    start(&t, "g2", "--board '1 2 3 4 5 6 7 0 8'");
    t.wait_for("g2", "the board", |s| s.contains("Moves    0"));
    tmux::wait_until("the new session's start is kept", || {
        history_len(&data(&t), &["--session"]) == 0
    });
    assert_eq!(history_len(&data(&t), &[]), 3);
    t.keys("g2", &["S"]);
    t.wait_for("g2", "an empty session", |s| {
        s.contains("No attempts in this session yet")
    });
    t.keys("g2", &["q"]);
    t.wait_for("g2", "a clean exit", |s| s.contains("EXITED 0"));
}
