//! End to end: a signal ends the game at once, saved, with the terminal restored and the
//! exit status 128 + the signal's number; closing the terminal (tmux kill-session) ends it
//! within half a second, so a copy started right after resumes the game; a save that fails
//! at the end is said on stderr, after the terminal is restored.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::tmux::{self, Tmux};

/// Three moves from solved.
const BOARD: &str = "1 2 3 4 5 6 0 7 8";

fn data(t: &Tmux) -> PathBuf {
    t.dir().join("data")
}

/// Runs `slide ARGS` in `session`; the shell then prints the exit status and stays.
fn play(t: &Tmux, session: &str, data: &Path, args: &str) {
    let script = format!("{} '{}' {args}; echo \"EXITED $?\"; sleep 60", t.env(data), tmux::bin());
    t.open(session, 80, 24, &script);
}

/// Starts a game on `BOARD` and makes `moves` moves (Right, Left, … from the blank in the
/// bottom row's first cell), waiting for each.
fn started(t: &Tmux, session: &str, data: &Path, moves: u32) {
    play(t, session, data, &format!("--board '{BOARD}'"));
    t.wait_for(session, "the game", |s| s.contains("Moves    0"));
    for i in 1..=moves {
        t.keys(session, &[if i % 2 == 1 { "Left" } else { "Right" }]);
        let shown = format!("Moves    {i}");
        t.wait_for(session, "a move", |s| s.contains(&shown));
    }
}

/// Whether process `pid` has exited (gone, or a zombie waiting to be reaped: it runs no
/// more and holds no lock).
fn exited(pid: u32) -> bool {
    let out = Command::new("ps")
        .args(["-o", "stat=", "-p", &pid.to_string()])
        .output()
        .expect("ps runs");
    let stat = String::from_utf8_lossy(&out.stdout);
    let stat = stat.trim();
    stat.is_empty() || stat.starts_with('Z')
}

#[test]
fn each_signal_saves_restores_the_terminal_and_exits_128_plus_its_number() {
    if !tmux::available() {
        return;
    }
    for (signal, status) in [("HUP", 129), ("INT", 130), ("QUIT", 131), ("TERM", 143)] {
        let t = Tmux::new(&format!("signal-{signal}"));
        let d = data(&t);
        started(&t, "one", &d, 2);
        let pid = t.game_pid("one").expect("the game's pid");
        let killed = Command::new("kill")
            .args([&format!("-{signal}"), &pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
        let (screen, _) = t.wait_for("one", "the shell after exit", |s| s.contains("EXITED"));
        assert!(
            screen.contains(&format!("EXITED {status}")),
            "SIG{signal}: 128 + its number:\n{screen}"
        );
        assert!(
            !screen.contains("Moves") && !screen.contains("╭"),
            "SIG{signal}: the alternate screen is gone:\n{screen}"
        );
        assert!(!screen.contains("slide:"), "SIG{signal}: nothing to report:\n{screen}");
        play(&t, "two", &d, "");
        t.resumed("two", "Moves    2");
    }
}

#[test]
fn closing_the_terminal_ends_the_game_within_half_a_second_and_a_copy_resumes_it() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("hang-up");
    let d = data(&t);
    started(&t, "one", &d, 3);
    let pid = t.game_pid("one").expect("the game's pid");
    let closed = Instant::now();
    t.kill_session("one");
    while !exited(pid) && closed.elapsed() < Duration::from_secs(5) {
        sleep(Duration::from_millis(5));
    }
    let took = closed.elapsed();
    eprintln!("the game ended {} ms after its terminal closed", took.as_millis());
    assert!(exited(pid), "the game still runs {took:?} after its terminal closed");
    assert!(took < Duration::from_millis(500), "{took:?}");
    tmux::wait_released(&d);
    play(&t, "two", &d, "");
    let screen = t.resumed("two", "Moves    3");
    assert!(!screen.contains("another copy"), "the lock was let go:\n{screen}");
}

#[test]
fn a_save_that_fails_at_the_end_is_said_after_the_terminal_is_restored() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("signal-unsaved");
    let d = data(&t);
    started(&t, "one", &d, 1);
    // The games folder becomes a file: the next save cannot be written.
    let games = d.join("games");
    // Moved away at once rather than emptied: the game may be saving into it right now.
    std::fs::rename(&games, d.join("games.gone")).expect("the games folder");
    std::fs::write(&games, "not a folder").expect("a file in its place");
    t.keys("one", &["Right"]);
    t.wait_for("one", "the second move", |s| s.contains("Moves    2"));
    let pid = t.game_pid("one").expect("the game's pid");
    Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("kill runs");
    let (screen, _) = t.wait_for("one", "the shell after exit", |s| s.contains("EXITED"));
    assert!(screen.contains("EXITED 143"), "{screen}");
    let said = screen
        .lines()
        .find(|l| l.starts_with("slide: "))
        .unwrap_or_else(|| panic!("the failed save is said:\n{screen}"));
    assert!(said.contains("could not be saved"), "{said}");
    assert!(!screen.contains("╭"), "said on the restored screen:\n{screen}");
}

/// The clock the panel shows, in seconds.
pub fn shown_time(screen: &str) -> f64 {
    screen
        .lines()
        .find_map(|l| l.split("│Time").nth(1))
        .and_then(|rest| rest.split('│').next())
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or_else(|| panic!("no time in the panel:\n{screen}"))
}

#[test]
fn ctrl_z_and_sigtstp_suspend_with_the_board_hidden_and_fg_brings_it_back() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("suspend");
    let d = data(&t);
    // A shell with job control, so that the game can be stopped and brought back.
    t.open("z", 80, 24, "PS1='$ ' bash --norc -i");
    let command = format!("{} '{}' --board '{BOARD}'", t.env(&d), tmux::bin());
    t.keys("z", &["-l", &command]);
    t.keys("z", &["Enter"]);
    t.wait_for("z", "the game", |s| s.contains("Moves    0"));
    t.keys("z", &["Left"]);
    t.wait_for("z", "a move", |s| s.contains("Moves    1"));
    for how in ["Ctrl-Z", "SIGTSTP"] {
        let before = shown_time(&t.screen("z"));
        if how == "Ctrl-Z" {
            t.keys("z", &["C-z"]);
        } else {
            // The game is the shell's child (other tests' games run beside it).
            let shell = t.game_pid("z").expect("the shell's pid");
            let game = Command::new("pgrep")
                .args(["-P", &shell.to_string()])
                .output()
                .expect("pgrep runs");
            let pid = String::from_utf8_lossy(&game.stdout)
                .split_whitespace()
                .last()
                .map(str::to_string)
                .expect("the game's pid");
            Command::new("kill").args(["-TSTP", &pid]).status().expect("kill runs");
        }
        let (shell, _) = t.wait_for("z", "the shell", |s| s.contains("Stopped"));
        assert!(!shell.contains("╭"), "{how}: the terminal is restored:\n{shell}");
        sleep(Duration::from_millis(1500));
        t.keys("z", &["-l", "clear; fg"]);
        t.keys("z", &["Enter"]);
        t.wait_for("z", "the game, paused", |s| {
            s.contains("Paused") && s.contains("Moves    1")
        });
        t.keys("z", &["x"]);
        let (back, _) = t.wait_for("z", "the board", |s| !s.contains("Paused") && s.contains("[  7 ]"));
        assert!(
            shown_time(&back) < before + 1.0,
            "{how}: the clock stood still while suspended ({before} s before):\n{back}"
        );
    }
    t.keys("z", &["q"]);
}
