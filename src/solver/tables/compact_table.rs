//! Pattern-database tables in 4 bits an entry.
//!
//! A group's value (the fewest moves of its tiles that bring them home) is never below the
//! Manhattan distance of its tiles, and differs from it by an even number: every move of a
//! group tile changes that distance by exactly one, up or down, and the value's moves take
//! it to zero. So an entry can hold (value − distance) / 2 instead of the value, and for the
//! groups we build that fits in 4 bits (a build fails with a message if some entry does
//! not). The search keeps each group's distance up to date as tiles move (one subtraction),
//! so a lookup costs the byte table's lookup plus a shift
//! ([`crate::solver::heuristic::compact_pdb_heuristic`]).
//!
//! Two entries share a byte: the even rank in the low half, the odd rank in the high half.

use thiserror::Error;

use crate::puzzle::Size;
use crate::solver::tables::placement::for_each_placement;

/// The largest (value − distance) / 2 an entry holds.
const MAX_ENTRY: u8 = 15;

/// A value that 4 bits holding (value − distance) / 2 cannot store: below the distance or of
/// the other parity, which no correct table holds.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "entry {rank} is {value} with Manhattan distance {distance}, which 4 bits holding \
     (value − distance) / 2 cannot store"
)]
pub struct CompactError {
    /// The placement's rank.
    pub rank: usize,
    /// The group's value there.
    pub value: u32,
    /// The group's Manhattan distance there.
    pub distance: u32,
}

/// The entry at `rank` of a compact table.
#[inline]
pub(crate) fn entry(table: &[u8], rank: usize) -> u8 {
    (table[rank >> 1] >> ((rank & 1) * 4)) & 0xF
}

/// The 4-bit entry of a group whose value is `value` where its tiles' Manhattan distance is
/// `distance` (at most [`MAX_ENTRY`]: a value further above is stored as that far, a lower
/// bound of it), if the value is at least the distance and of its parity.
#[inline]
pub(crate) fn entry_for(value: u32, distance: u32) -> Option<u8> {
    (value >= distance && (value - distance).is_multiple_of(2))
        .then(|| ((value - distance) / 2).min(u32::from(MAX_ENTRY)) as u8)
}

/// Compacts a group's byte table (indexed by rank). Fails, naming the placement's rank,
/// if some value is below the group's Manhattan distance or of the other parity.
pub(crate) fn compact(size: Size, tiles: &[u8], table: &[u8]) -> Result<Vec<u8>, CompactError> {
    let mut out = vec![0u8; table.len().div_ceil(2)];
    let mut problem: Option<CompactError> = None;
    for_each_placement(size, tiles, &mut |rank, md| {
        if problem.is_some() {
            return;
        }
        let value = u32::from(table[rank]);
        let Some(half) = entry_for(value, md) else {
            problem = Some(CompactError {
                rank,
                value,
                distance: md,
            });
            return;
        };
        out[rank >> 1] |= half << ((rank & 1) * 4);
    });
    problem.map_or(Ok(out), Err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_that_does_not_fit_fails_the_compaction_with_its_rank() {
        let size = Size::THREE;
        let tiles = [1u8, 2];
        let mut table = vec![0u8; 72];
        for_each_placement(size, &tiles, &mut |r, md| table[r] = md as u8);
        assert!(compact(size, &tiles, &table).is_ok());
        let mut odd = table.clone();
        odd[5] += 1;
        assert_eq!(compact(size, &tiles, &odd).unwrap_err().rank, 5);
        assert!(
            compact(size, &tiles, &odd)
                .unwrap_err()
                .to_string()
                .contains("entry 5 ")
        );
        let far = (0..table.len()).find(|&r| table[r] >= 2).unwrap();
        let mut below = table.clone();
        below[far] -= 2;
        assert_eq!(compact(size, &tiles, &below).unwrap_err().rank, far);
        // Too far above the distance for 4 bits: held as far as 4 bits go, still a lower bound.
        let mut high = table;
        high[7] += 40;
        let capped = compact(size, &tiles, &high).unwrap();
        assert_eq!(entry(&capped, 7), MAX_ENTRY);
        assert_eq!(entry(&capped, 6), 0);
    }
}
