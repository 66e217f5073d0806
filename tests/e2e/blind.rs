//! End to end, blind mode: `slide play --mode blind` hides the numbers after
//! the first move, and the solve is recorded under its own level, `blind`.

use std::process::Command;

use crate::runs;
use crate::tmux::{self, Tmux};

/// The rows of the board's frame (left of the panel), without the frame itself.
fn board_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .skip_while(|l| !l.contains("╭ 3×3"))
        .skip(1)
        .take_while(|l| !l.contains('╰'))
        .map(|l| l.split("│ │").next().unwrap_or(l).to_string())
        .collect()
}

#[test]
fn blind_hides_the_numbers_after_the_first_move() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("blind");
    let data = t.dir().join("data");
    let script = format!(
        "{} '{}' play --mode blind --board '4 1 3 7 2 6 0 5 8'; echo \"EXITED $?\"; sleep 60",
        t.env(&data),
        tmux::bin()
    );
    t.open("g", 80, 24, &script);
    let digits = |s: &str| board_rows(s).concat().chars().filter(char::is_ascii_digit).count();
    // Waits for the whole frame: a capture may catch the terminal mid-draw.
    let (before, _) = t.wait_for("g", "the blind game with its numbers", |s| {
        s.contains("Moves    0") && s.contains("blind") && s.contains('╰') && digits(s) == 8
    });
    assert_eq!(digits(&before), 8, "the numbers show before the first move:\n{before}");
    // The look before the first move is the memorisation: recorded as `memo_ms`.
    std::thread::sleep(std::time::Duration::from_millis(500));
    t.keys("g", &["Down"]);
    // The whole frame again: a capture may catch the move counter drawn before the board.
    let (after, _) = t.wait_for("g", "the first move with no number left on the board", |s| {
        s.contains("Moves    1") && s.contains('╰') && digits(s) == 0
    });
    assert_eq!(digits(&after), 0, "no number left on the board:\n{after}");
    assert!(
        after.contains("hidden (blind)"),
        "the code, which spells the board, hides too:\n{after}"
    );
    // Solved blind: the board shows again. A board given by hand keeps the custom row (only
    // dealt boards are ranked under `blind`), with the mode `blind`.
    for key in ["Down", "Left", "Up", "Up", "Left"] {
        t.keys("g", &[key]);
    }
    t.wait_for("g", "the win", |s| s.contains("Solved!"));
    t.keys("g", &["q"]);
    t.wait_for("g", "the end", |s| s.contains("EXITED 0"));
    let out = Command::new(tmux::bin())
        .args(["history", "--json"])
        .env("SLIDE_DATA_DIR", &data)
        .output()
        .expect("slide history");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("\"level\":\"custom\"") && text.contains("\"mode\":\"blind\""),
        "{text}"
    );
    let won: serde_json::Value = serde_json::from_str(text.lines().next().unwrap_or_default()).expect("JSON");
    assert!(won["memo_ms"].as_u64().is_some_and(|ms| ms >= 400), "{won}");
    let out = Command::new(tmux::bin())
        .args(["stats", "--json"])
        .env("SLIDE_DATA_DIR", &data)
        .output()
        .expect("slide stats");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        !text.contains("\"level\":\"blind\""),
        "a chosen board sets no blind record: {text}"
    );
}

#[test]
fn a_blind_deal_from_a_seed_the_player_chose_is_no_ranked_blind_deal() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("blindseed");
    let data = t.dir().join("data");
    // The board `--seed 4` deals, as `slide generate` gives it.
    let out = Command::new(tmux::bin())
        .args(["generate", "--size", "3", "--level", "random", "--seed", "4"])
        .output()
        .expect("slide generate");
    let board: slide::puzzle::Board = String::from_utf8_lossy(&out.stdout).trim().parse().expect("a board");
    let script = format!(
        "{} '{}' play --mode blind --size 3 --seed 4; echo \"EXITED $?\"; sleep 60",
        t.env(&data),
        tmux::bin()
    );
    t.open("g", 80, 24, &script);
    let digits = |s: &str| board_rows(s).concat().chars().filter(char::is_ascii_digit).count();
    t.wait_for("g", "the blind game with its numbers", |s| {
        s.contains("Moves    0") && s.contains("blind") && s.contains('╰') && digits(s) == 8
    });
    for key in runs::keys_solving(&board) {
        t.keys("g", &[key]);
    }
    t.wait_for("g", "the win", |s| s.contains("Solved!"));
    t.keys("g", &["q"]);
    t.wait_for("g", "the end", |s| s.contains("EXITED 0"));
    // Played blind, kept under its level: the same board can be dealt again at will.
    let history = runs::slide(&data, &["history", "--json"]);
    assert!(
        history.contains("\"level\":\"random\"") && history.contains("\"mode\":\"blind\""),
        "{history}"
    );
    let stats = runs::slide(&data, &["stats", "--json"]);
    assert!(
        !stats.contains("\"level\":\"blind\"") && stats.contains("\"level\":\"random\""),
        "a chosen seed sets no ranked blind record: {stats}"
    );
}
