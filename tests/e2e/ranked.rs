//! End to end: the ranked rule as a speedsolver would game it. Asking for the solution and
//! stopping it before its first move makes the game assisted, not solver-finished; a board
//! seen before (a restart after a DNF) is no ranked attempt, whatever its time.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::tmux::{self, Tmux};

fn data(t: &Tmux) -> PathBuf {
    t.dir().join("data")
}

/// Runs `slide ARGS` in `session` at 80×24 with the solver's moves `animation_ms` apart; the
/// shell then prints the exit status and stays.
fn start(t: &Tmux, session: &str, animation_ms: u32, args: &str) {
    let config = t.dir().join("config");
    std::fs::create_dir_all(&config).expect("config dir");
    std::fs::write(
        config.join("config.toml"),
        format!("[game]\nanimation_ms = {animation_ms}\n"),
    )
    .expect("config");
    let script = format!(
        "{} '{}' {args}; echo \"EXITED $?\"; sleep 60",
        t.env(&data(t)),
        tmux::bin()
    );
    t.open(session, 80, 24, &script);
}

/// `slide ARGS` on `data`; its standard output.
fn slide(data: &Path, args: &[&str], stdin: Option<&str>) -> String {
    use std::io::Write;
    let mut child = Command::new(tmux::bin())
        .args(args)
        .env("SLIDE_DATA_DIR", data)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("slide runs");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("write");
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("slide ends");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The history's attempts, oldest first, once there are `n`.
fn attempts(data: &Path, n: usize) -> Vec<serde_json::Value> {
    let read = || -> Vec<serde_json::Value> {
        slide(data, &["history", "--json"], None)
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .collect()
    };
    tmux::wait_until(&format!("{n} attempts in the history"), || read().len() >= n);
    read()
}

/// The arrow keys that play `moves` (the way each tile slides: U, D, L, R).
fn arrows(moves: &str) -> Vec<&'static str> {
    moves
        .chars()
        .map(|c| match c {
            'U' => "Up",
            'D' => "Down",
            'L' => "Left",
            _ => "Right",
        })
        .collect()
}

#[test]
fn asking_for_the_solution_and_stopping_it_before_its_first_move_is_help_not_the_solver() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("ranked-ask");
    // The solver's first move would come 5 s after `p`: the key stops it long before.
    start(&t, "g", 5000, "--board '1 2 3 4 5 6 0 7 8'");
    t.wait_for("g", "the board", |s| s.contains("Moves    0"));
    t.keys("g", &["p"]);
    t.wait_for("g", "the solver about to play", |s| s.contains("The solver is playing"));
    t.keys("g", &["x"]);
    t.wait_for("g", "the solution stopped", |s| s.contains("Stopped the solution"));
    t.keys("g", &["Left", "Left"]);
    let (screen, _) = t.wait_for("g", "the win box", |s| s.contains("Solved") && s.contains("Time"));
    assert!(!screen.contains("Solver-finished"), "no solver move:\n{screen}");
    let last = attempts(&data(&t), 1).pop().expect("the attempt");
    assert_eq!(last["result"], "won", "{last}");
    assert_eq!(last["solver_moves"], 0, "{last}");
    assert_eq!(
        (last["assisted"].as_bool(), last["ranked"].as_bool()),
        (Some(true), Some(false)),
        "{last}"
    );
    t.keys("g", &["q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
}

#[test]
fn a_board_solved_from_memory_after_a_dnf_and_a_restart_announces_no_best() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("ranked-restart");
    start(&t, "g", 20, "--size 3 --level easy");
    t.wait_for("g", "the dealt board", |s| s.contains("Moves    0"));
    // A move whichever column the blank is in, then the restart, confirmed: a DNF.
    t.keys("g", &["Left", "Right"]);
    t.wait_for("g", "a move", |s| !s.contains("Moves    0"));
    t.keys("g", &["R"]);
    t.wait_for("g", "the restart question", |s| s.contains("Restart?"));
    t.keys("g", &["R"]);
    t.wait_for("g", "the same board again", |s| s.contains("Moves    0"));
    let dnf = attempts(&data(&t), 1).pop().expect("the DNF");
    assert_eq!(
        (dnf["result"].as_str(), dnf["ranked"].as_bool()),
        (Some("dnf"), Some(true)),
        "{dnf}"
    );
    // The board is known now: its solution, worked out away from the game, typed in.
    let scramble = dnf["scramble"].as_str().expect("a scramble");
    let solved = slide(&data(&t), &["solve", "--json", scramble], None);
    let plan: serde_json::Value = serde_json::from_str(solved.trim()).expect("JSON");
    let moves = plan["moves"].as_str().expect("moves");
    t.keys("g", &arrows(moves));
    let (screen, _) = t.wait_for("g", "the win box", |s| s.contains("Solved") && s.contains("Time"));
    let announced = screen.lines().filter(|l| l.contains('★') && !l.contains("Solved!"));
    assert_eq!(announced.count(), 0, "no best announced:\n{screen}");
    assert!(screen.contains("Unranked"), "{screen}");
    let won = attempts(&data(&t), 2).pop().expect("the win");
    assert_eq!(
        (won["result"].as_str(), won["ranked"].as_bool()),
        (Some("won"), Some(false)),
        "{won}"
    );
    let row = slide(&data(&t), &["stats", "--json"], None);
    let row: serde_json::Value = serde_json::from_str(row.lines().next().expect("a row")).expect("JSON");
    assert_eq!(row["fastest_millis"], serde_json::Value::Null, "no best from it: {row}");
    assert_eq!(row["won"], 1, "still a win: {row}");
    t.keys("g", &["q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
}
