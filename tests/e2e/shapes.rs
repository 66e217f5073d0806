//! End to end, boards of every shape: a 5×3 game played to a win and recorded as 5×3, a
//! 10×10 board at 80×24 with each of its 99 numbers on screen, and a relay from 3×3 to
//! 10×10 that is saved when the terminal closes and resumed where it was.

use std::collections::BTreeSet;
use std::path::PathBuf;

use slide::game::RunKind;
use slide::puzzle::{Board, Move, Size};

use crate::runs::{board_digits, digits_of, keys_solving, slide};
use crate::tmux::{self, Tmux};

fn data(t: &Tmux) -> PathBuf {
    t.dir().join("data")
}

/// Runs `slide ARGS` in `session` at 80×24; the shell then prints the exit status and
/// stays.
fn start(t: &Tmux, session: &str, args: &str) {
    let script = format!(
        "{} '{}' {args}; echo \"EXITED $?\"; sleep 60",
        t.env(&data(t)),
        tmux::bin()
    );
    t.open(session, 80, 24, &script);
}

/// The numbers drawn inside the board's frame (titled `title`), the panel left out.
fn board_numbers(screen: &str, title: &str) -> Vec<u32> {
    screen
        .lines()
        .skip_while(|l| !l.contains(&format!("╭ {title}")))
        .skip(1)
        .take_while(|l| !l.contains('╰'))
        .filter_map(|l| l.split('│').nth(1))
        .flat_map(|inside| inside.split(|c: char| !c.is_ascii_digit()))
        .filter_map(|w| w.parse().ok())
        .collect()
}

/// The arrow key that plays `m` (the arrows slide a tile that way).
fn key(m: Move) -> &'static str {
    match m {
        Move::Up => "Up",
        Move::Down => "Down",
        Move::Left => "Left",
        Move::Right => "Right",
    }
}

#[test]
fn a_five_by_three_game_is_played_to_a_win_and_recorded_as_five_by_three() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("shape-5x3");
    // Four moves from solved: the gap went up, left, down and left.
    start(&t, "g", "--board '1 2 3 4 5/6 7 8 14 9/11 12 0 13 10'");
    let (screen, _) = t.wait_for("g", "the 5×3 board", |s| {
        s.contains("Moves    0") && s.contains("╭ 5×3") && s.contains("Size     5×3")
    });
    assert_eq!(
        board_numbers(&screen, "5×3"),
        [1, 2, 3, 4, 5, 6, 7, 8, 14, 9, 11, 12, 13, 10],
        "{screen}"
    );
    t.keys("g", &["Left", "Down", "Left", "Up"]);
    t.wait_for("g", "the win box and its record", |s| {
        s.contains("Solved") && s.contains("1 of 1 won")
    });
    t.keys("g", &["q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
    let history = slide(&data(&t), &["history", "--json"]);
    let row: serde_json::Value = serde_json::from_str(history.trim()).expect("one attempt");
    assert_eq!(
        (row["width"].as_u64(), row["height"].as_u64()),
        (Some(5), Some(3)),
        "{row}"
    );
    assert_eq!(row["result"], "won", "{row}");
    let stats = slide(&data(&t), &["stats"]);
    assert!(
        stats
            .lines()
            .any(|l| l.split_whitespace().take(4).eq(["5×3", "custom", "1", "1"])),
        "one 5×3 custom game played and won:\n{stats}"
    );
}

#[test]
fn a_ten_by_ten_board_on_eighty_by_twenty_four_shows_all_ninety_nine_numbers() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("shape-10x10");
    start(&t, "g", "play --size 10 --seed 3");
    let (screen, _) = t.wait_for("g", "the 10×10 board, its 99 numbers", |s| {
        s.contains("Size     10×10") && board_numbers(s, "10×10").len() == 99
    });
    let numbers: BTreeSet<u32> = board_numbers(&screen, "10×10").into_iter().collect();
    assert_eq!(numbers, (1..=99).collect(), "{screen}");
    assert!(!screen.contains("too small"), "{screen}");
    t.keys("g", &["q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
}

#[test]
fn a_relay_from_three_to_ten_is_saved_when_the_terminal_closes_and_resumes_where_it_was() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("shape-relay10");
    let kind = RunKind::relay_to(Size::new(10).expect("10×10"));
    let boards = [kind.board(11, 0), kind.board(11, 1)];
    assert_eq!((boards[0].size(), boards[1].size()), (Size::THREE, Size::FOUR));
    start(&t, "r", "play --mode relay --size 10 --seed 11");
    let (first, _) = t.wait_for("r", "the relay's 3×3", |s| {
        s.contains("Board    1 of 8") && board_digits(s, "3×3") == digits_of(&boards[0])
    });
    assert!(first.contains("╭ 3×3 · relay-10"), "{first}");
    t.keys("r", &keys_solving(&boards[0]));
    t.wait_for("r", "the relay's 4×4", |s| {
        s.contains("Board    2 of 8") && board_digits(s, "4×4") == digits_of(&boards[1])
    });
    // One move on the 4×4, then the terminal closes.
    let m = boards[1].legal_moves().next().expect("a move");
    let after: Board = boards[1].moved(m).expect("legal");
    t.keys("r", &[key(m)]);
    t.wait_for("r", "the move on the 4×4", |s| {
        board_digits(s, "4×4") == digits_of(&after)
    });
    t.kill_session("r");
    tmux::wait_released(&data(&t));
    start(&t, "s", "");
    let (resumed, _) = t.wait_for("s", "the resumed relay", |s| {
        s.contains("Resumed your last game") && s.contains("relay-10")
    });
    assert!(resumed.contains("any key to play on"), "{resumed}");
    t.keys("s", &["Escape"]);
    t.wait_for("s", "the 4×4 as it was left, board 2 of 8", |s| {
        s.contains("Board    2 of 8")
            && !s.contains("Resumed your last game")
            && board_digits(s, "4×4") == digits_of(&after)
    });
    t.keys("s", &["q"]);
    t.wait_for("s", "a clean exit", |s| s.contains("EXITED 0"));
}
