//! Puzzle codes: round trips, typo detection and clear rejection of malformed codes.

use proptest::prelude::*;
use slide::difficulty::{CodeError, Level, PuzzleCode};
use slide::puzzle::{Board, SeededRng, Size};

fn size_strategy() -> impl Strategy<Value = Size> {
    prop::sample::select(Size::ALL.to_vec())
}

fn level_strategy() -> impl Strategy<Value = Level> {
    prop::sample::select(Level::ALL.to_vec())
}

proptest! {
    #[test]
    fn seeded_codes_round_trip(size in size_strategy(), level in level_strategy(), seed in any::<u64>()) {
        let code = PuzzleCode::Seeded { size, level, seed };
        let text = code.to_string();
        prop_assert!(text.len() <= 19, "{}", text);
        prop_assert!(text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'), "{}", text);
        prop_assert_eq!(text.parse::<PuzzleCode>(), Ok(code));
        prop_assert_eq!(text.to_lowercase().parse::<PuzzleCode>(), Ok(code));
    }

    #[test]
    fn board_codes_round_trip(size in size_strategy(), seed in any::<u64>()) {
        let board = Board::random(size, &mut SeededRng::new(seed));
        let code = PuzzleCode::Board(board);
        let text = code.to_string();
        // Rows apart on 5×5 and 6×6.
        let dashes = if size.side() >= 5 { size.side() - 1 } else { 0 };
        prop_assert_eq!(text.len(), 3 + size.cells() + dashes);
        prop_assert_eq!(text.parse::<PuzzleCode>(), Ok(code));
    }

    #[test]
    fn a_symbol_lost_or_gained_is_caught(
        size in size_strategy(),
        level in level_strategy(),
        seed in any::<u64>(),
        short in any::<bool>(),
        extra in prop::sample::select(b"0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=U".to_vec()),
        pick in any::<prop::sample::Index>(),
    ) {
        // The game's own seeds have 40 bits; --seed may give any.
        let seed = if short { seed >> 24 } else { seed };
        let text = PuzzleCode::Seeded { size, level, seed }.to_string();
        // A symbol, not a dash between groups (a dash lost leaves the same code).
        let mut dropped: Vec<char> = text.chars().collect();
        let symbols: Vec<usize> = (3..dropped.len()).filter(|&i| dropped[i] != '-').collect();
        dropped.remove(symbols[pick.index(symbols.len())]);
        let dropped: String = dropped.into_iter().collect();
        prop_assert!(dropped.parse::<PuzzleCode>().is_err(), "{} -> {} accepted", text, dropped);
        let truncated = &text[..text.len() - 1];
        prop_assert!(truncated.parse::<PuzzleCode>().is_err(), "{} -> {} accepted", text, truncated);
        let mut added: Vec<char> = text.chars().collect();
        added.insert(3 + pick.index(text.len() - 2), char::from(extra));
        let added: String = added.into_iter().collect();
        prop_assert!(added.parse::<PuzzleCode>().is_err(), "{} -> {} accepted", text, added);
    }

    #[test]
    fn one_mistyped_symbol_is_caught(
        size in size_strategy(),
        level in level_strategy(),
        seed in 0u64..(1 << 40),
        pick in any::<prop::sample::Index>(),
        replacement in prop::sample::select(b"0123456789ABCDEFGHJKMNPQRSTVWXYZ".to_vec()),
    ) {
        let text = PuzzleCode::Seeded { size, level, seed }.to_string();
        let mut symbols: Vec<char> = text.chars().collect();
        let i = 3 + pick.index(symbols.len() - 3);
        prop_assume!(symbols[i] != char::from(replacement));
        symbols[i] = char::from(replacement);
        let typo: String = symbols.into_iter().collect();
        prop_assert!(typo.parse::<PuzzleCode>().is_err(), "{} -> {} accepted", text, typo);
    }
}

#[test]
fn short_seeds_make_short_codes() {
    let code = PuzzleCode::Seeded {
        size: Size::FOUR,
        level: Level::Hard,
        seed: (1 << 40) - 1,
    };
    let text = code.to_string();
    assert_eq!(
        text.len(),
        3 + 8 + 1 + 1,
        "{text}: eight seed symbols and a check, in two groups"
    );
    assert!(text.starts_with("4H-"), "{text}");
    assert_eq!(text.matches('-').count(), 2, "{text}");
    assert_eq!(format!(" {} ", text.to_lowercase()).parse(), Ok(code));
}

#[test]
fn codes_the_game_has_shown_stay_valid() {
    // Codes of the first version (no groups; a check symbol that may be * ~ $ = or U)
    // still deal their puzzle; the game now writes the second version, which reads back.
    for (text, size, level, now) in [
        ("3E-7AE52ZHDB", Size::THREE, Level::Easy, "3E-7AE52-ZHDS"),
        ("4M-7AE52ZHDX", Size::FOUR, Level::Medium, "4M-7AE52-ZHDK"),
        ("4H-7AE52ZHD3", Size::FOUR, Level::Hard, "4H-7AE52-ZHDZ"),
    ] {
        let code: PuzzleCode = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(matches!(code, PuzzleCode::Seeded { size: s, level: l, .. } if s == size && l == level));
        assert_eq!(code.to_string(), now);
        assert_eq!(now.parse::<PuzzleCode>(), Ok(code));
    }
    // A first-version code whose check symbol a shell would expand.
    let digits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let starred = digits
        .chars()
        .map(|d| format!("4H-0000000{d}*"))
        .find(|v1| v1.parse::<PuzzleCode>().is_ok())
        .expect("some one-symbol seed has * for its check");
    let code: PuzzleCode = starred.parse().expect("reads");
    assert!(!code.to_string().contains('*'), "{code}");
}

#[test]
fn an_unknown_level_letter_is_named() {
    let err = "4Q-7AE52ZHDX".parse::<PuzzleCode>().unwrap_err();
    assert_eq!(err, CodeError::BadKind('Q'));
    assert_eq!(err.to_string(), "unknown level 'Q' (E, M, H, X, R; or B for a board)");
}

#[test]
fn malformed_codes_are_rejected_with_a_reason() {
    let good = PuzzleCode::Seeded {
        size: Size::THREE,
        level: Level::Easy,
        seed: 12345,
    }
    .to_string();
    let bad_check = {
        let mut s: Vec<char> = good.chars().collect();
        let last = s.len() - 1;
        s[last] = if s[last] == '0' { '1' } else { '0' };
        s.into_iter().collect::<String>()
    };
    let cases: Vec<(String, CodeError)> = vec![
        (String::new(), CodeError::Empty),
        ("   ".into(), CodeError::Empty),
        ("7H-123".into(), CodeError::BadSize('7')),
        ("xH-123".into(), CodeError::BadSize('x')),
        ("4Q-123".into(), CodeError::BadKind('Q')),
        ("4H123".into(), CodeError::MissingDash),
        ("4".into(), CodeError::MissingDash),
        ("4H-".into(), CodeError::MissingBody),
        ("4H-7".into(), CodeError::WrongSeedLength(1)),
        ("4M-97TNWRX8".into(), CodeError::WrongSeedLength(8)),
        (
            "4H-1U2345678".into(),
            CodeError::BadSymbol {
                symbol: 'U',
                position: 5,
            },
        ),
        ("4H-ZZZZZZZZZZZZZZZZ".into(), CodeError::WrongSeedLength(16)),
        ("4H-ZZZZZZZZZZZZZ0".into(), CodeError::SeedTooLong),
        (bad_check, CodeError::BadCheck),
        (
            "3B-12345678".into(),
            CodeError::WrongLength {
                size: Size::THREE,
                expected: 9,
                got: 8,
            },
        ),
        (
            "3B-12345678!".into(),
            CodeError::BadSymbol {
                symbol: '!',
                position: 12,
            },
        ),
    ];
    for (text, expected) in cases {
        let got = text.parse::<PuzzleCode>();
        assert_eq!(got, Err(expected.clone()), "{text:?}");
        assert!(!expected.to_string().is_empty());
    }
    // Boards that break the rules say why.
    for text in ["3B-112345678", "3B-123456790", "3B-213456780"] {
        let err = text.parse::<PuzzleCode>().unwrap_err();
        assert!(matches!(err, CodeError::BadBoard(_)), "{text}: {err}");
    }
    let unsolvable = "3B-213456780".parse::<PuzzleCode>().unwrap_err();
    assert!(unsolvable.to_string().contains("can't be solved"), "{unsolvable}");
}

#[test]
fn board_codes_deal_their_board() {
    let board: Board = "8 6 7 2 5 4 3 0 1".parse().unwrap();
    let code = PuzzleCode::Board(board);
    assert_eq!(code.to_string(), "3B-867254301");
    let solver = slide::solver::Solver::new(slide::solver::TableCache::disabled());
    let g = code.deal(&solver);
    assert_eq!(g.board, board);
    assert_eq!(g.length, Some(31));
    assert_eq!(g.level, Level::Expert);
}
