//! What a history line must hold to be counted: only what is certain of every attempt this
//! version or an older one wrote, so that a hand-edited or damaged line is kept out of the
//! figures (and said) while no real attempt ever is.
//!
//! - its board size is one Slide plays (2 to 10 each way), and a single board's scramble is
//!   of that size;
//! - its moves are moves, one time per move when times are kept, and each is legal where
//!   it was made, board after board (a marathon's or relay's boards are `;`-joined, see
//!   `records/run_legs.rs`);
//! - a solve (won, or finished by the solver) ends on a solved board, and took time when
//!   its moves' own times say they spanned some.
//!
//! A DNF or a given-up attempt does not solve its scramble, so that is not asked of it. A
//! time of 0 alone is no damage: the clock starts at the first move, so a board solved in
//! one move (or in moves sent within one millisecond, as a script sends them) took none. Attempts carried over
//! from an older version's log are not counted by the fold (their statistics came with
//! them), so only their size is checked.

use crate::game::play::run::BOARD_SEPARATOR;
use crate::game::records::attempt_record::AttemptRecord;
use crate::game::records::outcome::Outcome;
use crate::game::records::replay_error::ReplayError;
use crate::game::records::run_legs::legs;
use crate::puzzle::Move;
use crate::puzzle::slidysim::parse_scramble;

/// Why `record` can't be counted, or `Ok` when it can.
pub(crate) fn check(record: &AttemptRecord) -> Result<(), String> {
    if record.board_size().is_none() {
        return Err(format!("its board size {} is not one Slide plays", record.size));
    }
    if record.carried {
        return Ok(());
    }
    let solved = if record.scramble.contains(BOARD_SEPARATOR) {
        let log = record
            .log()
            .ok_or_else(|| "its moves or their times are damaged".to_string())?;
        let legs = legs(&record.scramble, &log.plain_moves()).map_err(|e| format!("its moves don't replay: {e}"))?;
        legs.last().is_some_and(|l| l.solved)
    } else {
        single_board(record)?
    };
    if matches!(record.result, Outcome::Won | Outcome::Solver) {
        if !solved {
            return Err("it is a solve whose moves don't solve its scramble".into());
        }
        if record.millis == 0 && record.gaps.iter().any(|&g| g > 0) {
            return Err("it is a solve that took no time".into());
        }
    }
    Ok(())
}

/// Replays a single board's moves as `run_legs.rs` does, without building its legs (every
/// load checks every line): whether the last move solved it.
fn single_board(record: &AttemptRecord) -> Result<bool, String> {
    let count = record.moves.chars().count();
    if !record.gaps.is_empty() && record.gaps.len() != count {
        return Err("its moves or their times are damaged".into());
    }
    let mut board = parse_scramble(&record.scramble).map_err(|e| format!("its moves don't replay: {e}"))?;
    if Some(board.size()) != record.board_size() {
        return Err(format!("its scramble is a {} board, not {}", board.size(), record.size));
    }
    for (i, c) in record.moves.chars().enumerate() {
        let m = Move::from_letter(c.to_ascii_uppercase()).ok_or("its moves or their times are damaged")?;
        if !board.try_move(m) {
            return Err(format!("its moves don't replay: {}", ReplayError::Illegal(i + 1)));
        }
    }
    Ok(count > 0 && board.is_goal())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::play::written_size::WrittenSize;
    use crate::game::records::attempt_record::tests::sample;
    use crate::puzzle::Size;

    #[test]
    fn a_real_attempt_passes() {
        assert_eq!(check(&sample()), Ok(()));
    }

    #[test]
    fn every_shape_from_two_to_ten_passes() {
        for (w, h) in [(2, 2), (5, 3), (3, 5), (10, 10), (2, 10)] {
            let size = Size::rect(w, h).unwrap();
            let mut board = crate::puzzle::Board::goal(size);
            let m = board.legal_moves().next().unwrap();
            board.try_move(m);
            let record = AttemptRecord {
                size: WrittenSize::of(size),
                scramble: crate::puzzle::slidysim::format_scramble(&board),
                moves: m.inverse().letter().to_string(),
                gaps: vec![0],
                ..sample()
            };
            assert_eq!(check(&record), Ok(()), "{size}");
        }
    }

    #[test]
    fn hand_edits_are_refused_with_the_reason() {
        let cases = [
            (
                AttemptRecord {
                    size: WrittenSize::square(99),
                    ..sample()
                },
                "board size 99×99",
            ),
            (
                AttemptRecord {
                    size: WrittenSize::square(1),
                    ..sample()
                },
                "board size 1×1",
            ),
            (
                AttemptRecord {
                    size: WrittenSize::of(Size::rect(4, 3).unwrap()),
                    ..sample()
                },
                "not 4×3",
            ),
            (AttemptRecord { millis: 0, ..sample() }, "no time"),
            (
                AttemptRecord {
                    moves: "L".into(),
                    gaps: Vec::new(),
                    ..sample()
                },
                "don't solve",
            ),
            (
                AttemptRecord {
                    moves: "X".into(),
                    gaps: Vec::new(),
                    ..sample()
                },
                "damaged",
            ),
            (
                AttemptRecord {
                    scramble: "1 2 3/4 5 6/7 8 9".into(),
                    ..sample()
                },
                "replay",
            ),
        ];
        for (record, why) in cases {
            let refused = check(&record).expect_err(&format!("{record:?}"));
            assert!(refused.contains(why), "{refused}");
        }
    }

    #[test]
    fn moves_made_within_one_millisecond_may_take_no_time() {
        let scripted = AttemptRecord {
            millis: 0,
            gaps: vec![0, 0],
            ..sample()
        };
        assert_eq!(check(&scripted), Ok(()));
    }

    #[test]
    fn a_single_board_is_judged_as_its_legs_judge_it() {
        for moves in ["", "L", "LL", "LLR", "LLRL", "U", "LLD", "X"] {
            let record = AttemptRecord {
                moves: moves.into(),
                gaps: Vec::new(),
                ..sample()
            };
            let by_legs = record
                .log()
                .ok_or(())
                .and_then(|log| legs(&record.scramble, &log.plain_moves()).map_err(drop))
                .map(|legs| legs.last().is_some_and(|l| l.solved));
            assert_eq!(single_board(&record).map_err(drop), by_legs, "{moves}");
        }
    }

    #[test]
    fn a_dnf_need_not_solve_nor_take_time() {
        let dnf = AttemptRecord {
            result: Outcome::Dnf,
            millis: 0,
            moves: sample().moves[..1].to_string(),
            gaps: Vec::new(),
            ..sample()
        };
        assert_eq!(check(&dnf), Ok(()));
        let unsolved_win = AttemptRecord {
            result: Outcome::Won,
            ..dnf.clone()
        };
        assert!(check(&unsolved_win).is_err());
    }
}
