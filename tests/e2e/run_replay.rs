//! End to end, replay of a run: a marathon of two played by typed moves, then
//! `slide replay ID` plays it back board after board on its one clock to its end, with the
//! optimal distance after each move and the run's optimum; the statistics' review then
//! reviews every board of it.

use crate::runs::{board_digits, digits_of, keys_solving, open_marathon_of_two, slide};
use crate::tmux::{self, Tmux};

/// The value after `label` in the replay's side column.
fn value(screen: &str, label: &str) -> Option<String> {
    let line = screen.lines().find(|l| l.contains(&format!("│{label} ")))?;
    let at = line.find(&format!("│{label} "))? + label.len() + 3;
    Some(line[at..].trim_start().split('│').next()?.trim().to_string())
}

#[test]
fn a_marathon_of_two_plays_back_board_after_board_to_its_end() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("runreplay");
    let data = t.dir().join("data");
    let boards = open_marathon_of_two(&t, "m", &data);
    t.wait_for("m", "the first board", |s| s.contains("Board    1 of 2"));
    t.keys("m", &keys_solving(&boards[0]));
    t.wait_for("m", "the second board", |s| s.contains("Board    2 of 2"));
    t.keys("m", &keys_solving(&boards[1]));
    t.wait_for("m", "the win", |s| s.contains("Solved!"));
    t.keys("m", &["q"]);
    t.wait_for("m", "the end", |s| s.contains("EXITED 0"));

    let history = slide(&data, &["history", "--json"]);
    let json: serde_json::Value = serde_json::from_str(history.lines().next().expect("one attempt")).expect("JSON");
    let id = json["id"].as_str().expect("an id").to_string();
    let moves = json["moves"].as_u64().expect("moves");
    let millis = json["millis"].as_u64().expect("a time");
    let time = format!("{}.{:03}", millis / 1000, millis % 1000);
    let first_moves = keys_solving(&boards[0]).len() as u64;

    // `slide replay ID`: the first board, then the second, on the run's one clock.
    let replay = format!(
        "{} '{}' replay {id}; echo \"EXITED $?\"; sleep 60",
        t.env(&data),
        tmux::bin()
    );
    t.open("p", 80, 24, &replay);
    let (start, _) = t.wait_for("p", "the replay", |s| {
        s.contains("Replay") && value(s, "Board").is_some_and(|v| v.starts_with("1 of 2"))
    });
    // At 80 columns the 3×3's frame has room for what was replayed and its result, whole
    // (its seed was chosen: "marathon-2 3×3 · won · seeded" in full on a wider frame).
    assert!(start.contains("╭ marathon-2 · won ─"), "{start}");
    // Back to the start (each step pauses), then on to the first board's solving move: the
    // second board is dealt there.
    for _ in 0..moves {
        t.keys("p", &["Left"]);
    }
    t.wait_for("p", "the start", |s| {
        value(s, "Move").as_deref() == Some(&format!("0 / {moves}"))
    });
    for _ in 0..first_moves {
        t.keys("p", &["Right"]);
    }
    let (second, _) = t.wait_for("p", "the second board", |s| {
        value(s, "Move").as_deref() == Some(&format!("{first_moves} / {moves}"))
            && board_digits(s, "marathon-2") == digits_of(&boards[1])
    });
    assert!(
        value(&second, "Board").is_some_and(|v| v.starts_with("2 of 2")),
        "{second}"
    );
    assert_eq!(board_digits(&second, "marathon-2"), digits_of(&boards[1]), "{second}");
    // Played on to the end: the goal, the run's time, the distance 0 and the run's optimum.
    t.keys("p", &["Space"]);
    let (end, _) = t.wait_for("p", "the replay's end", |s| {
        value(s, "Move").as_deref() == Some(&format!("{moves} / {moves}"))
            && s.contains("· end")
            && s.contains("To go ")
            && board_digits(s, "marathon-2") == "12345678"
    });
    assert_eq!(value(&end, "Clock"), Some(format!("{time} / {time}")), "{end}");
    assert!(value(&end, "Board").is_some_and(|v| v.contains("solved")), "{end}");
    assert!(
        value(&end, "To go").is_some_and(|v| v.starts_with("0 at best")),
        "{end}"
    );
    assert!(
        value(&end, "Optimum").is_some_and(|v| v.contains("for the run")),
        "{end}"
    );
    assert_eq!(board_digits(&end, "marathon-2"), "12345678", "{end}");
    t.keys("p", &["Escape"]);
    t.wait_for("p", "the program's end", |s| s.contains("EXITED 0"));

    // `slide review` of the run as the history keeps it: a line a board and the total.
    let scramble = json["scramble"].as_str().expect("boards");
    let solution = json["solution"].as_str().expect("a solution");
    let review = slide(&data, &["review", scramble, solution]);
    assert!(
        review.contains("board 1 (3×3)") && review.contains("board 2 (3×3)"),
        "{review}"
    );
    assert!(review.contains("run of 2 boards"), "{review}");
}
