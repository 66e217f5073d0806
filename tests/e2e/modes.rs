//! End to end, marathon and relay: several boards in a row on one clock, played
//! by typed moves to the end, recorded once. The seed is given (`--seed`) so that the test
//! knows the boards: a run from a chosen seed is recorded apart from the ranked row, under
//! `marathon-N-seeded` / `relay-N-seeded`.
//!
//! The boards are the ones the game deals from the seed given (the library deals them the
//! same way, `RunKind::board`); the test checks the screen shows each, then types a plan the
//! library's solver finds for it, as a player would type moves.

use slide::game::RunKind;
use slide::puzzle::{Board, Size};

use crate::runs::{board_digits, digits_of, keys_solving, open_marathon_of_two, slide};
use crate::tmux::{self, Tmux};

/// The one attempt `slide history --json` and `slide stats --json` hold: won, under `level`.
fn recorded_once(data: &std::path::Path, level: &str, mode: &str, boards: &[Board]) {
    let history = slide(data, &["history", "--json"]);
    let lines: Vec<&str> = history.lines().collect();
    assert_eq!(lines.len(), 1, "one attempt in the history:\n{history}");
    let json: serde_json::Value = serde_json::from_str(lines[0]).expect("JSON");
    assert_eq!(json["level"], level, "{history}");
    assert_eq!(json["mode"], mode, "{history}");
    assert_eq!(json["result"], "won", "{history}");
    let scramble = json["scramble"].as_str().unwrap_or_default();
    let written: Vec<String> = boards.iter().map(slide::puzzle::slidysim::format_scramble).collect();
    assert_eq!(scramble, written.join(";"), "every board, in order");
    let moves = json["moves"].as_u64().unwrap_or_default();
    let times = json["move_times_ms"].as_array().map_or(0, Vec::len) as u64;
    assert!(moves > 0 && times == moves, "{history}");
    assert!(json["millis"].as_u64().unwrap_or_default() > 0, "{history}");
    let stats = slide(data, &["stats", "--json"]);
    let rows: Vec<serde_json::Value> = stats.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    assert_eq!(rows.len(), 1, "one row:\n{stats}");
    assert_eq!(rows[0]["level"], level, "{stats}");
    assert_eq!(
        (rows[0]["played"].as_u64(), rows[0]["won"].as_u64()),
        (Some(1), Some(1)),
        "{stats}"
    );
}

#[test]
fn a_marathon_of_two_played_to_its_end_survives_a_closed_terminal_and_is_one_win() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("marathon");
    let data = t.dir().join("data");
    let boards = open_marathon_of_two(&t, "m", &data);
    // Each board waited for whole: a capture may catch the terminal mid-draw.
    let (first, _) = t.wait_for("m", "the first board", |s| {
        s.contains("Board    1 of 2") && board_digits(s, "3×3") == digits_of(&boards[0])
    });
    assert!(first.contains("marathon-2"), "{first}");
    assert_eq!(board_digits(&first, "3×3"), digits_of(&boards[0]), "{first}");
    t.keys("m", &keys_solving(&boards[0]));
    let (second, _) = t.wait_for("m", "the second board", |s| {
        s.contains("Board    2 of 2") && board_digits(s, "3×3") == digits_of(&boards[1])
    });
    assert_eq!(board_digits(&second, "3×3"), digits_of(&boards[1]), "{second}");
    // The terminal closes mid-run: the run is saved, and `slide` resumes it.
    t.kill_session("m");
    tmux::wait_released(&data);
    let resume = format!("{} '{}'; echo \"EXITED $?\"; sleep 60", t.env(&data), tmux::bin());
    t.open("r", 80, 24, &resume);
    let (resumed, _) = t.wait_for("r", "the resumed run", |s| {
        s.contains("Resumed your last game") && s.contains("any key to play on")
    });
    assert!(resumed.contains("marathon-2"), "{resumed}");
    t.keys("r", &["Escape"]);
    let (back, _) = t.wait_for("r", "the board again", |s| {
        s.contains("Board    2 of 2")
            && !s.contains("Resumed your last game")
            && board_digits(s, "3×3") == digits_of(&boards[1])
    });
    assert_eq!(board_digits(&back, "3×3"), digits_of(&boards[1]), "{back}");
    t.keys("r", &keys_solving(&boards[1]));
    t.wait_for("r", "the win", |s| s.contains("Solved!"));
    t.keys("r", &["q"]);
    t.wait_for("r", "the end", |s| s.contains("EXITED 0"));
    recorded_once(&data, "marathon-2-seeded", "marathon", &boards);
}

#[test]
fn a_relay_from_three_to_four_played_to_its_end_is_one_win() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("relay");
    let data = t.dir().join("data");
    let kind = RunKind::relay_to(Size::FOUR);
    let boards = [kind.board(11, 0), kind.board(11, 1)];
    assert_eq!((boards[0].size(), boards[1].size()), (Size::THREE, Size::FOUR));
    let script = format!(
        "{} '{}' play --mode relay --size 4 --seed 11; echo \"EXITED $?\"; sleep 60",
        t.env(&data),
        tmux::bin()
    );
    t.open("r", 120, 40, &script);
    let (first, _) = t.wait_for("r", "the 3×3", |s| {
        s.contains("Board    1 of 2") && board_digits(s, "3×3") == digits_of(&boards[0])
    });
    assert!(first.contains("╭ 3×3 · relay-4"), "{first}");
    assert_eq!(board_digits(&first, "3×3"), digits_of(&boards[0]), "{first}");
    t.keys("r", &keys_solving(&boards[0]));
    let (second, _) = t.wait_for("r", "the 4×4", |s| s.contains("Board    2 of 2"));
    assert!(second.contains("╭ 4×4 · relay-4"), "{second}");
    let keys = keys_solving(&boards[1]);
    for chunk in keys.chunks(20) {
        t.keys("r", chunk);
    }
    t.wait_for("r", "the win", |s| s.contains("Solved!"));
    t.keys("r", &["q"]);
    t.wait_for("r", "the end", |s| s.contains("EXITED 0"));
    recorded_once(&data, "relay-4-seeded", "relay", &boards);
}
