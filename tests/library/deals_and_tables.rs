//! Every player is dealt the same boards, whatever pattern databases they have: none, the
//! default ones, or larger ones in their place (a small compact stand-in here: the real 8-7
//! tables take minutes to build). Checked against recorded boards for seeds, dailies and
//! codes. (`difficulty::generator`'s unit tests add the large 5×5 tables, which only guide.)

use crate::common;

use slide::difficulty::{Generated, Level, PuzzleCode, UtcDate, daily, generate};
use slide::puzzle::Size;
use slide::solver::{Partition, Solver, TableCache};

/// No tables; the default ones; on 4×4 a compact 4-4-4-3 partition in the default's place.
/// The two with tables share the tests' cache: the default 5×5 and 6×6 tables are built
/// once, not once each.
fn players() -> [Solver; 3] {
    let none = Solver::new(TableCache::disabled());
    let default = common::solver().clone();
    let other = Solver::new(common::cache());
    let stand_in = Partition::new(
        Size::FOUR,
        vec![
            vec![1, 2, 3, 4],
            vec![5, 6, 7, 8],
            vec![9, 10, 11, 12],
            vec![13, 14, 15],
        ],
    )
    .expect("a partition")
    .stored_compactly();
    other
        .install_partition(stand_in.clone(), &|_| {})
        .expect("stand-in tables");
    for size in Size::ALL {
        default.prepare(size, &|_| {}).expect("default tables");
        other.prepare(size, &|_| {}).expect("the other tables");
    }
    assert!(none.pdb(Size::FOUR).is_none());
    assert_eq!(other.pdb(Size::FOUR).expect("tables").partition(), &stand_in);
    [none, default, other]
}

/// Deals with each player and checks they agree, and with the recorded board and length.
fn check(players: &[Solver; 3], what: &str, recorded: (&str, Option<u32>), deal: &dyn Fn(&Solver) -> Generated) {
    for (who, s) in ["no tables", "default tables", "other tables"].iter().zip(players) {
        let g = deal(s);
        assert_eq!((g.board.to_string().as_str(), g.length), recorded, "{what} with {who}");
    }
}

#[test]
fn seeds_dailies_and_codes_deal_their_recorded_boards_whatever_the_tables() {
    let players = players();
    let date: UtcDate = "2026-12-02".parse().expect("a date");
    for (size, board, length) in RECORDED_DAILIES {
        check(&players, &format!("{size} daily {date}"), (board, length), &|s| {
            daily(s, size, date)
        });
    }
    for (code, board, length) in RECORDED_CODES {
        let code: PuzzleCode = code.parse().expect("a code");
        check(&players, &format!("code {code}"), (board, length), &|s| code.deal(s));
    }
    for (size, level, seed, board, length) in RECORDED_SEEDS {
        check(
            &players,
            &format!("{size} {level} seed {seed}"),
            (board, length),
            &|s| generate(s, size, level, seed),
        );
    }
}

// If these change, every player's daily, shared code or seed deals a different board.
const RECORDED_DAILIES: [(Size, &str, Option<u32>); 4] = [
    (Size::THREE, "8 0 5 3 4 6 1 7 2", Some(23)),
    (Size::FOUR, "9 14 5 1 15 2 8 12 11 0 10 7 13 6 3 4", Some(53)),
    (
        Size::FIVE,
        "0 3 18 13 19 17 4 22 15 6 21 11 20 12 5 10 24 1 8 14 16 7 23 9 2",
        None,
    ),
    (
        Size::SIX,
        "11 8 29 1 13 25 4 31 27 14 9 28 20 6 35 30 12 32 5 7 17 34 24 26 3 21 10 2 18 33 19 15 16 22 23 0",
        None,
    ),
];
const RECORDED_CODES: [(&str, &str, Option<u32>); 4] = [
    ("3X-00000007U", "7 2 1 8 5 4 3 6 0", Some(26)),
    ("4H-000000DF2", "1 12 5 9 14 6 8 13 3 0 2 7 11 10 15 4", Some(51)),
    (
        "5M-00000033H",
        "1 10 11 12 14 5 0 15 20 8 23 18 2 9 4 16 21 6 19 24 7 13 22 3 17",
        None,
    ),
    (
        "6E-000000058",
        "2 3 10 4 5 11 1 7 28 0 22 9 13 26 12 15 23 35 20 16 14 8 6 29 19 32 18 21 24 17 25 27 31 33 34 30",
        None,
    ),
];
const RECORDED_SEEDS: [(Size, Level, u64, &str, Option<u32>); 6] = [
    (
        Size::FOUR,
        Level::Easy,
        3,
        "5 1 4 8 9 2 3 12 10 11 7 15 13 14 6 0",
        Some(22),
    ),
    (
        Size::FOUR,
        Level::Medium,
        11,
        "1 6 9 3 10 4 11 0 2 12 8 7 15 5 13 14",
        Some(46),
    ),
    (
        Size::FOUR,
        Level::Expert,
        2,
        "0 10 11 13 12 14 6 9 5 2 1 7 3 8 15 4",
        None,
    ),
    (Size::THREE, Level::Hard, 5, "2 5 4 0 7 3 6 8 1", Some(23)),
    (
        Size::FIVE,
        Level::Random,
        1,
        "6 13 18 22 8 11 5 1 21 2 7 24 20 10 19 3 17 23 12 0 4 9 16 15 14",
        None,
    ),
    (
        Size::SIX,
        Level::Hard,
        8,
        "22 2 20 25 18 8 15 33 6 28 34 30 29 12 14 1 26 5 10 31 13 23 27 24 3 17 0 16 7 32 21 4 19 11 35 9",
        None,
    ),
];
