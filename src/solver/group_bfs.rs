//! One group's table: a breadth-first search backward from the goal over (placement of the
//! group's tiles, blank cell), in which only moves of the group's tiles cost a move.
//!
//! The blank wanders through the other tiles for free, so the search floods the blank's
//! region at each state (all of it is at the same depth) and only steps of group tiles into
//! the region lead to the next depth: a 0-1 breadth-first search. It keeps three bitsets
//! over (placement, blank cell) (closed, this depth, next depth) instead of a queue, which
//! bounds its memory at a few bits per state.

use crate::puzzle::{MAX_CELLS, Size};
use crate::solver::placement::{MAX_GROUP_TILES, placements, rank, unrank};

/// Bytes one group's build needs: three bitsets over (placement, blank cell) and the table.
pub(crate) fn build_bytes(cells: usize, k: usize) -> u64 {
    let configs = placements(cells, k);
    configs
        .saturating_mul(cells as u64)
        .div_ceil(8)
        .saturating_mul(3)
        .saturating_add(configs)
}

/// A fixed-size bitset.
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }
    #[inline]
    fn get(&self, i: usize) -> bool {
        self.0[i >> 6] & (1 << (i & 63)) != 0
    }
    #[inline]
    fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }
    fn clear(&mut self) {
        self.0.fill(0);
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// Cell masks for sliding the blank's reachable region by one step.
struct Grid {
    side: usize,
    cells: usize,
    all: u64,
    not_left: u64,
    not_right: u64,
    neighbours: [u64; MAX_CELLS],
}

impl Grid {
    fn new(size: Size) -> Grid {
        let (n, cells) = (size.side(), size.cells());
        let all = if cells == 64 { u64::MAX } else { (1u64 << cells) - 1 };
        let (mut not_left, mut not_right) = (0u64, 0u64);
        let mut neighbours = [0u64; MAX_CELLS];
        for i in 0..cells {
            let (r, c) = (i / n, i % n);
            if c > 0 {
                not_left |= 1 << i;
                neighbours[i] |= 1 << (i - 1);
            }
            if c + 1 < n {
                not_right |= 1 << i;
                neighbours[i] |= 1 << (i + 1);
            }
            if r > 0 {
                neighbours[i] |= 1 << (i - n);
            }
            if r + 1 < n {
                neighbours[i] |= 1 << (i + n);
            }
        }
        Grid {
            side: n,
            cells,
            all,
            not_left,
            not_right,
            neighbours,
        }
    }

    /// The cells the blank reaches from `start` without moving any cell in `blocked`.
    #[inline]
    fn region(&self, start: usize, blocked: u64) -> u64 {
        let free = self.all & !blocked;
        let mut region = 1u64 << start;
        loop {
            let grown = region
                | ((region & self.not_right) << 1)
                | ((region & self.not_left) >> 1)
                | (region << self.side)
                | (region >> self.side);
            let grown = grown & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// Builds one group's table: fewest moves of the group's tiles for every placement.
pub(crate) fn build_group(size: Size, tiles: &[u8], report: &mut dyn FnMut(u64)) -> Vec<u8> {
    let grid = Grid::new(size);
    let (cells, k) = (grid.cells, tiles.len());
    let configs = placements(cells, k) as usize;
    let states = configs * cells;
    let mut table = vec![u8::MAX; configs];
    let mut closed = Bits::new(states);
    let mut current = Bits::new(states);
    let mut next = Bits::new(states);

    let mut goal = [0u8; MAX_GROUP_TILES];
    for (i, &t) in tiles.iter().enumerate() {
        goal[i] = size.goal_index(t) as u8;
    }
    current.set(rank(&goal[..k], cells) * cells + (cells - 1));

    let mut depth = 0u8;
    let mut done = 0u64;
    let mut pos = [0u8; MAX_GROUP_TILES];
    while !current.is_empty() {
        for word in 0..current.0.len() {
            let mut bits = current.0[word];
            while bits != 0 {
                let state = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if closed.get(state) {
                    continue;
                }
                let (config, blank) = (state / cells, state % cells);
                unrank(config, k, cells, &mut pos);
                let occupied = pos[..k].iter().fold(0u64, |m, &p| m | (1u64 << p));
                let region = grid.region(blank, occupied);
                let mut r = region;
                while r != 0 {
                    let x = r.trailing_zeros() as usize;
                    r &= r - 1;
                    closed.set(config * cells + x);
                }
                if table[config] == u8::MAX {
                    table[config] = depth;
                    done += 1;
                    if done & 0xF_FFFF == 0 {
                        report(done);
                    }
                }
                // Each group tile next to the region may step into it; the blank takes its cell.
                for i in 0..k {
                    let from = pos[i] as usize;
                    let mut targets = grid.neighbours[from] & region;
                    while targets != 0 {
                        let to = targets.trailing_zeros() as u8;
                        targets &= targets - 1;
                        let mut moved = pos;
                        moved[i] = to;
                        let child = rank(&moved[..k], cells) * cells + from;
                        if !closed.get(child) {
                            next.set(child);
                        }
                    }
                }
            }
        }
        std::mem::swap(&mut current, &mut next);
        next.clear();
        depth += 1;
    }
    report(configs as u64);
    table
}
