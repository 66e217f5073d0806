//! Zobrist keys: a random 64-bit key per (tile, cell); a board's key is the xor over its
//! tiles, so a move updates it with two xors. Shared by the searches that remember states
//! (the bounded search's duplicate sets, the plan shortener's loop cutting).

use std::sync::OnceLock;

use crate::puzzle::{SEARCH_CELLS, SeededRng};
use crate::solver::heuristic::SearchBoard;

/// The keys, one per (tile, cell), from a fixed seed: the same every run, so searches that
/// break ties by key are reproducible.
pub(crate) struct Zobrist([u64; SEARCH_CELLS * SEARCH_CELLS]);

impl Zobrist {
    /// The one set of keys, made on first use.
    pub fn shared() -> &'static Zobrist {
        static KEYS: OnceLock<Zobrist> = OnceLock::new();
        KEYS.get_or_init(|| {
            let mut rng = SeededRng::new(0x5EED);
            Zobrist(std::array::from_fn(|_| rng.next_u64()))
        })
    }

    /// The key of `tile` at `cell`.
    #[inline]
    pub fn key(&self, tile: u8, cell: usize) -> u64 {
        self.0[tile as usize * SEARCH_CELLS + cell]
    }

    /// A board's key.
    pub fn board(&self, b: &SearchBoard) -> u64 {
        (0..b.side * b.side)
            .filter(|&i| b.tiles[i] != 0)
            .fold(0, |k, i| k ^ self.key(b.tiles[i], i))
    }
}
