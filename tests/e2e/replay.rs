//! End to end, replay: a solve won in the game plays back to its end, from the
//! statistics screen and with `slide replay ID`, at its real time, with the optimal
//! distance after each move and its detour; an unknown id is a clear error.

use std::process::Command;

use crate::tmux::{self, Tmux};

/// The board played: six moves from the goal.
const BOARD: &str = "4 1 3 7 2 6 0 5 8";
/// Eight moves that solve it, with a detour of one move away and back (Right, Left).
const MOVES: [&str; 8] = ["Down", "Down", "Left", "Up", "Right", "Left", "Up", "Left"];

/// Runs `slide ARGS` in `session` at `width`×`height`; the shell then prints the exit status.
fn start(t: &Tmux, session: &str, (width, height): (u16, u16), args: &str) {
    let data = t.dir().join("data");
    let script = format!(
        "{} '{}' {args}; echo \"EXITED $?\"; sleep 60",
        t.env(&data),
        tmux::bin()
    );
    t.open(session, width, height, &script);
}

/// `slide ARGS` run with the test's directories: (status, stdout, stderr).
fn slide(t: &Tmux, args: &[&str]) -> (i32, String, String) {
    let d = t.dir();
    let out = Command::new(tmux::bin())
        .args(args)
        .env("SLIDE_DATA_DIR", d.join("data"))
        .env("SLIDE_CONFIG_DIR", d.join("config"))
        .env("SLIDE_CACHE_DIR", d.join("cache"))
        .output()
        .expect("slide runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The value after `label` in the replay's side column.
fn value(screen: &str, label: &str) -> Option<String> {
    let line = screen.lines().find(|l| l.contains(&format!("│{label} ")))?;
    let at = line.find(&format!("│{label} "))? + label.len() + 3;
    Some(line[at..].trim_start().split('│').next()?.trim().to_string())
}

/// Whether the board on screen is the goal: its rows read 1 2 3, 4 5 6, 7 8.
fn shows_goal(screen: &str) -> bool {
    let rows: Vec<String> = screen
        .lines()
        .map(|l| l.chars().filter(char::is_ascii_digit).take(3).collect::<String>())
        .collect();
    ["123", "456"].iter().all(|r| rows.iter().any(|x| x == r))
}

#[test]
fn the_replay_screen_plays_a_recorded_solve_to_its_end() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("replay");
    start(&t, "game", (80, 24), &format!("--board '{BOARD}'"));
    t.wait_for("game", "the game", |s| s.contains("Moves    0"));
    for key in MOVES {
        t.keys("game", &[key]);
        std::thread::sleep(std::time::Duration::from_millis(120));
    }
    t.wait_for("game", "the win", |s| s.contains("Solved!"));
    // From the statistics: the solve chosen plays back, and ends solved at its time.
    t.keys("game", &["Escape"]);
    t.keys("game", &["t"]);
    t.wait_for("game", "the statistics", |s| s.contains("P replay it"));
    t.keys("game", &["P"]);
    let (end, _) = t.wait_for("game", "the replay's end", |s| {
        value(s, "Move").as_deref() == Some("8 / 8") && s.contains("· end")
    });
    assert!(shows_goal(&end), "{end}");
    let (_, json, _) = slide(&t, &["history", "--json"]);
    let record: serde_json::Value = serde_json::from_str(json.lines().next().expect("one attempt")).expect("JSON");
    let id = record["id"].as_str().expect("an id").to_string();
    let millis = record["millis"].as_u64().expect("a time");
    let time = format!("{}.{:03}", millis / 1000, millis % 1000);
    assert_eq!(value(&end, "Clock"), Some(format!("{time} / {time}")), "{end}");
    t.keys("game", &["q"]);
    t.wait_for("game", "the game's end", |s| s.contains("EXITED 0"));

    // From the shell, at 120×40: it starts at the beginning and plays at the real speed.
    start(&t, "shell", (120, 40), &format!("replay {id}"));
    let (first, _) = t.wait_for("shell", "the replay", |s| {
        s.contains("Replay") && s.contains("· playing")
    });
    assert!(!shows_goal(&first), "{first}");
    // 3×3: the distances of the review, with the one detour.
    let (end, took) = t.wait_for("shell", "the replay's end", |s| {
        value(s, "Move").as_deref() == Some("8 / 8") && s.contains("· end") && s.contains("To go ")
    });
    assert!(shows_goal(&end), "{end}");
    // Never faster than the solve was played (×1): from the clock first seen to the end
    // took at least the rest of the solve's time.
    let seen: f64 = value(&first, "Clock")
        .and_then(|v| v.split(' ').next().and_then(|c| c.parse().ok()))
        .expect("a clock");
    assert!(
        took.as_secs_f64() + seen + 0.05 >= millis as f64 / 1000.0,
        "played at its real speed: {took:?} from {seen} s for {millis} ms"
    );
    assert!(
        value(&end, "To go").is_some_and(|v| v.starts_with("0 at best")),
        "{end}"
    );
    assert!(
        value(&end, "Detours").is_some_and(|v| v.contains("1 in all (+2)")),
        "{end}"
    );
    assert_eq!(value(&end, "Clock"), Some(format!("{time} / {time}")), "{end}");
    // Stepping back a move pauses one move before the end; ×4 then plays to the end again.
    t.keys("shell", &["Left"]);
    t.wait_for("shell", "a step back", |s| {
        value(s, "Move").as_deref() == Some("7 / 8") && s.contains("· paused")
    });
    t.keys("shell", &["Up", "Up", "Up"]);
    t.wait_for("shell", "×4", |s| {
        value(s, "Speed").is_some_and(|v| v.starts_with("×4"))
    });
    t.keys("shell", &["Space"]);
    t.wait_for("shell", "the end again", |s| {
        value(s, "Move").as_deref() == Some("8 / 8")
    });
    // Closing the replay ends the program.
    t.keys("shell", &["Escape"]);
    t.wait_for("shell", "the program's end", |s| s.contains("EXITED 0"));

    // An id that is not in the history: a clear error, status 2.
    let (status, _, err) = slide(&t, &["replay", "nope-1"]);
    assert_eq!(status, 2, "{err}");
    assert!(
        err.contains("no attempt with id 'nope-1'") && err.contains("slide history --json"),
        "{err}"
    );
}
