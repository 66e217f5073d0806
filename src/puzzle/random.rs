//! Seeded randomness that gives the same boards on every run, platform and crate version.
//!
//! `rand`'s `StdRng` and its range sampling may change between versions, so the generator
//! (PCG 128/64 MCG, from `rand_pcg`) is named explicitly and the sampling below is our own.

use rand::Rng as _;
use rand_pcg::Pcg64Mcg;

use crate::puzzle::board::Board;
use crate::puzzle::moves::Move;
use crate::puzzle::parity;
use crate::puzzle::size::Size;

/// A deterministic random source: the same seed yields the same sequence everywhere.
#[derive(Debug, Clone)]
pub struct SeededRng {
    inner: Pcg64Mcg,
}

impl SeededRng {
    /// A generator from a 64-bit seed.
    pub fn new(seed: u64) -> SeededRng {
        // Spread the seed over 128 bits with SplitMix64 so that nearby seeds diverge at once.
        let a = splitmix64(seed);
        let b = splitmix64(a);
        SeededRng {
            inner: Pcg64Mcg::new((u128::from(a) << 64) | u128::from(b)),
        }
    }

    /// A generator seeded from the operating system's entropy.
    pub fn from_entropy() -> SeededRng {
        SeededRng::new(rand::rng().next_u64())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A uniform integer in `0..n` (`n > 0`), by rejection so that there is no modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0) has no values");
        let zone = u64::MAX - (u64::MAX - n + 1) % n;
        loop {
            let x = self.next_u64();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// A uniform index into a slice of length `len` (`len > 0`).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// Shuffles a slice uniformly (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Board {
    /// A uniformly random solvable board.
    ///
    /// Shuffles all cells, then, if the result is unsolvable, swaps the two highest-numbered
    /// tiles: that swap is a bijection between unsolvable and solvable boards, so the result
    /// stays uniform over the solvable half.
    pub fn random(size: Size, rng: &mut SeededRng) -> Board {
        let mut tiles: Vec<u8> = (0..size.cells() as u8).collect();
        rng.shuffle(&mut tiles);
        if !parity::is_solvable(size, &tiles) {
            let hi = (size.cells() - 1) as u8;
            let a = tiles.iter().position(|&t| t == hi).unwrap_or(0);
            let b = tiles.iter().position(|&t| t == hi - 1).unwrap_or(1);
            tiles.swap(a, b);
        }
        Board::from_shape(size, &tiles).unwrap_or_else(|_| Board::goal(size))
    }

    /// The goal scrambled by a random walk of `steps` moves that never undoes its last move.
    pub fn scrambled(size: Size, steps: usize, rng: &mut SeededRng) -> Board {
        let mut board = Board::goal(size);
        let mut last: Option<Move> = None;
        for _ in 0..steps {
            let options: Vec<Move> = board.legal_moves().filter(|m| Some(m.inverse()) != last).collect();
            let m = options[rng.index(options.len())];
            board.try_move(m);
            last = Some(m);
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let mut a = SeededRng::new(42);
        let mut b = SeededRng::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(SeededRng::new(1).next_u64(), SeededRng::new(2).next_u64());
    }

    #[test]
    fn recorded_sequence_is_pinned() {
        // If this changes, every seeded board and puzzle code changes with it.
        let mut rng = SeededRng::new(2026);
        let got: Vec<u64> = (0..3).map(|_| rng.below(1000)).collect();
        assert_eq!(got, RECORDED);
    }
    const RECORDED: [u64; 3] = [97, 713, 747];

    #[test]
    fn below_stays_in_range() {
        let mut rng = SeededRng::new(7);
        let mut seen = [false; 5];
        for _ in 0..1000 {
            seen[rng.below(5) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn random_boards_are_solvable() {
        let mut rng = SeededRng::new(3);
        for size in (2..=10).flat_map(|w| (2..=10).map(move |h| Size::rect(w, h).unwrap())) {
            for _ in 0..20 {
                let b = Board::random(size, &mut rng);
                assert!(parity::is_solvable(size, b.tiles()));
            }
        }
    }

    #[test]
    fn scramble_stays_solvable() {
        let mut rng = SeededRng::new(9);
        let b = Board::scrambled(Size::FIVE, 300, &mut rng);
        assert!(parity::is_solvable(Size::FIVE, b.tiles()));
    }
}
