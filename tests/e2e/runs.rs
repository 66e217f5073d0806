//! What the end-to-end tests of marathons and relays share: typing a board's solution as a
//! player would, reading the board's digits off the screen, and asking `slide` on the test's
//! data directory.

#![allow(dead_code, reason = "each test file uses the part it needs")]

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use slide::game::RunKind;
use slide::puzzle::{Board, Move, Size};
use slide::solver::{SolveOptions, Solver, TableCache};

use crate::tmux::Tmux;

/// Opens tmux session `session` at 80×24 on a 3×3 marathon of two boards dealt from seed 7,
/// with `data` as the data directory; the two boards it deals, in order.
pub fn open_marathon_of_two(t: &Tmux, session: &str, data: &Path) -> [Board; 2] {
    let kind = RunKind::Marathon {
        size: Size::THREE,
        count: 2,
    };
    let script = format!(
        "{} '{}' play --mode marathon --count 2 --size 3 --seed 7; echo \"EXITED $?\"; sleep 60",
        t.env(data),
        crate::tmux::bin()
    );
    t.open(session, 80, 24, &script);
    [kind.board(7, 0), kind.board(7, 1)]
}

/// The keys that play `board`'s solution (the arrows slide a tile that way).
pub fn keys_solving(board: &Board) -> Vec<&'static str> {
    let options = SolveOptions {
        max_time: Some(Duration::from_millis(500)),
        ..SolveOptions::default()
    };
    let plan = Solver::new(TableCache::disabled())
        .solve(board, &options)
        .expect("a plan")
        .moves;
    plan.into_iter()
        .map(|m| match m {
            Move::Up => "Up",
            Move::Down => "Down",
            Move::Left => "Left",
            Move::Right => "Right",
        })
        .collect()
}

/// The digits drawn inside the board's frame, whose title starts with `title`, row by row
/// (the title left out).
pub fn board_digits(screen: &str, title: &str) -> String {
    screen
        .lines()
        .skip_while(|l| !l.contains(&format!("╭ {title}")))
        .skip(1)
        .take_while(|l| !l.contains('╰'))
        .map(|l| l.split("│ │").next().unwrap_or(l).to_string())
        .collect::<String>()
        .chars()
        .filter(char::is_ascii_digit)
        .collect()
}

/// A board's tiles in reading order, as the screen draws them.
pub fn digits_of(board: &Board) -> String {
    board
        .tiles()
        .iter()
        .filter(|&&t| t != 0)
        .map(ToString::to_string)
        .collect()
}

/// `slide ARGS` on the test's data directory: its standard output.
pub fn slide(data: &Path, args: &[&str]) -> String {
    let out = Command::new(crate::tmux::bin())
        .args(args)
        .env("SLIDE_DATA_DIR", data)
        .output()
        .expect("slide runs");
    assert!(
        out.status.success(),
        "slide {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
