//! Board invariants under random input: parsing round trips, parity decides solvability.

use proptest::prelude::*;
use slide::puzzle::{Board, BoardError, SeededRng, Size, parity};

/// Every shape, W×H with 2 ≤ W, H ≤ 10.
fn any_size() -> impl Strategy<Value = Size> {
    (2usize..=10, 2usize..=10).prop_map(|(w, h)| Size::rect(w, h).unwrap())
}

/// Tiles as rows joined by `/`, the form that brings its own shape.
fn rows_text(size: Size, tiles: &[u8]) -> String {
    tiles
        .chunks(size.width())
        .map(|row| row.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("/")
}

/// A uniformly shuffled permutation of a size's cells, solvable or not.
fn permutation(size: Size, seed: u64) -> Vec<u8> {
    let mut tiles: Vec<u8> = (0..size.cells() as u8).collect();
    SeededRng::new(seed).shuffle(&mut tiles);
    tiles
}

proptest! {
    #[test]
    fn display_then_parse_round_trips(size in any_size(), seed in any::<u64>()) {
        let b = Board::random(size, &mut SeededRng::new(seed));
        prop_assert_eq!(b.to_string().parse::<Board>().unwrap(), b);
        prop_assert_eq!(b.to_grid().parse::<Board>().unwrap(), b);
        let commas = b.to_string().replace(' ', ",");
        prop_assert_eq!(commas.parse::<Board>().unwrap(), b);
        let underscores = b.to_string().split(' ').map(|t| if t == "0" { "_" } else { t }).collect::<Vec<_>>().join("\n");
        prop_assert_eq!(underscores.parse::<Board>().unwrap(), b);
    }

    #[test]
    fn parsing_accepts_exactly_the_solvable_permutations(size in any_size(), seed in any::<u64>()) {
        let tiles = permutation(size, seed);
        let text = rows_text(size, &tiles);
        match text.parse::<Board>() {
            Ok(b) => prop_assert!(parity::is_solvable(size, b.tiles())),
            Err(BoardError::Unsolvable(a, b)) => {
                prop_assert!(!parity::is_solvable(size, &tiles));
                // The message names two tiles whose swap makes the board solvable.
                prop_assert!(a != 0 && b != 0 && a != b);
                let fixed: Vec<u8> = tiles.iter().map(|&t| if t == a { b } else if t == b { a } else { t }).collect();
                prop_assert!(parity::is_solvable(size, &fixed));
            }
            Err(e) => prop_assert!(false, "unexpected error {e}"),
        }
    }

    #[test]
    fn swapping_two_tiles_flips_solvability(size in any_size(), seed in any::<u64>(), a in 1u8..35, b in 1u8..35) {
        let max = (size.cells() - 1) as u8;
        let (a, b) = (a % max + 1, b % max + 1);
        prop_assume!(a != b);
        let mut tiles = permutation(size, seed);
        let before = parity::is_solvable(size, &tiles);
        let ia = tiles.iter().position(|&t| t == a).unwrap();
        let ib = tiles.iter().position(|&t| t == b).unwrap();
        tiles.swap(ia, ib);
        prop_assert_ne!(parity::is_solvable(size, &tiles), before);
    }

    #[test]
    fn random_walks_stay_solvable_and_undo(size in any_size(), seed in any::<u64>(), steps in 0usize..200) {
        let mut rng = SeededRng::new(seed);
        let start = Board::random(size, &mut rng);
        let mut b = start;
        let mut played = Vec::new();
        for _ in 0..steps {
            let moves: Vec<_> = b.legal_moves().collect();
            let m = moves[rng.index(moves.len())];
            prop_assert!(b.try_move(m));
            played.push(m);
        }
        prop_assert!(parity::is_solvable(size, b.tiles()));
        for m in played.into_iter().rev() {
            prop_assert!(b.try_move(m.inverse()));
        }
        prop_assert_eq!(b, start);
    }

    #[test]
    fn garbage_never_panics(text in "[0-9 ,._x\\n-]{0,120}") {
        let _ = text.parse::<Board>();
    }
}
