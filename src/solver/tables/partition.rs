//! Partitions of the tiles into disjoint groups: which pattern databases there are, and how
//! their tables are stored.
//!
//! Each group gets a table of the fewest moves of its own tiles for every placement of them
//! (see [`crate::solver::tables::pattern_db`]). Which groups a size uses was chosen by measurement
//! ([`Partition::default_for`]); larger, stronger partitions are built only when asked
//! ([`Partition::large_for`]).

use thiserror::Error;

use crate::puzzle::Size;
use crate::solver::tables::placement::{MAX_GROUP_TILES, placements};

/// The most groups a partition may have (6×6 in groups of four needs nine).
pub(crate) const MAX_GROUPS: usize = 12;

/// What a compact partition's signature ends with.
const COMPACT_SUFFIX: &str = ";4bit";

/// Why groups of tiles, or a signature, make no partition.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PartitionError {
    /// No group, or more than [`MAX_GROUPS`].
    #[error("a partition needs 1 to {MAX_GROUPS} groups")]
    GroupCount,
    /// A group empty or larger than the largest we build.
    #[error("each group needs 1 to {MAX_GROUP_TILES} tiles")]
    GroupSize,
    /// A tile that is not on the board, or that two groups share.
    #[error("tile {0} is out of range or in two groups")]
    TileRepeated(u8),
    /// A tile that no group holds.
    #[error("tile {0} is in no group")]
    TileMissing(usize),
    /// A cache header's signature that cannot be read back.
    #[error("'{0}' is not a partition signature")]
    Signature(String),
}

/// A partition of the tiles of one size into disjoint groups, and how its tables are stored.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Partition {
    size: Size,
    groups: Vec<Vec<u8>>,
    /// Whether the tables are stored in 4 bits an entry ([`crate::solver::tables::compact_table`])
    /// rather than a byte: part of the tables' identity, so it is in the signature.
    compact: bool,
}

impl Partition {
    /// A partition from explicit groups; every tile 1..N²−1 must appear exactly once.
    pub fn new(size: Size, groups: Vec<Vec<u8>>) -> Result<Partition, PartitionError> {
        let mut seen = vec![false; size.cells()];
        if groups.is_empty() || groups.len() > MAX_GROUPS {
            return Err(PartitionError::GroupCount);
        }
        for g in &groups {
            if g.is_empty() || g.len() > MAX_GROUP_TILES {
                return Err(PartitionError::GroupSize);
            }
            for &t in g {
                let ti = t as usize;
                if ti == 0 || ti >= size.cells() || seen[ti] {
                    return Err(PartitionError::TileRepeated(t));
                }
                seen[ti] = true;
            }
        }
        if let Some(t) = (1..size.cells()).find(|&t| !seen[t]) {
            return Err(PartitionError::TileMissing(t));
        }
        Ok(Partition {
            size,
            groups,
            compact: false,
        })
    }

    /// The same groups, with tables stored in 4 bits an entry (see
    /// [`crate::solver::tables::compact_table`]): half the memory, and a build fails if some entry
    /// does not fit.
    #[must_use]
    pub fn stored_compactly(mut self) -> Partition {
        self.compact = true;
        self
    }

    /// Whether the tables are stored in 4 bits an entry.
    pub(crate) fn is_compact(&self) -> bool {
        self.compact
    }

    /// The opt-in larger partition of a size, built only on request
    /// (`slide tables build --size N --large`), stored compactly, and used whenever its file
    /// is in the cache.
    ///
    /// 4×4: 8-7 (the top two rows, and the bottom two rows but the blank), Korf and Felner's
    /// 7-8 split with the blank's corner in the 7-tile group (about 290 MB instead of 580 MB),
    /// in place of the default. 5×5: 6-6-6-6, four blocks of six around the corners (about
    /// 255 MB), beside the default: it guides the bounded search only
    /// ([`Partition::replaces_default`]). 6×6: 5-5-5-5-5-5-5, seven pentominoes (six P
    /// shapes and the bottom row but the blank, about 160 MB; a group of six would take
    /// 700 MB alone), beside the default as on 5×5; chosen by the plans of the bounded search
    /// against 2×3 blocks with the six tiles left over in a seventh group (BENCHMARKS.md). The bounded search's plans are only as good as its
    /// guide: on 4×4 the stronger tables let a beam 1/16 as wide find plans as short
    /// (BENCHMARKS.md).
    pub fn large_for(size: Size) -> Option<Partition> {
        let groups: Vec<Vec<u8>> = match size.side() {
            4 => vec![(1..=8).collect(), (9..=15).collect()],
            5 => vec![
                vec![1, 2, 3, 6, 7, 8],
                vec![4, 5, 9, 10, 14, 15],
                vec![11, 12, 16, 17, 21, 22],
                vec![13, 18, 19, 20, 23, 24],
            ],
            6 => vec![
                vec![1, 2, 3, 7, 8],
                vec![4, 5, 6, 11, 12],
                vec![9, 10, 15, 16, 17],
                vec![13, 14, 19, 20, 25],
                vec![18, 23, 24, 29, 30],
                vec![21, 22, 26, 27, 28],
                vec![31, 32, 33, 34, 35],
            ],
            _ => return None,
        };
        Some(
            Partition {
                size,
                groups,
                compact: false,
            }
            .stored_compactly(),
        )
    }

    /// Whether a size's large partition takes the default's place everywhere (4×4), or only
    /// guides the bounded search beside it (5×5, 6×6). There the default's values rate boards
    /// (the difficulty calibration was fitted to them), which must not depend on which
    /// tables a player has built.
    pub fn replaces_default(size: Size) -> bool {
        size.side() == 4
    }

    /// Whether `size` has pattern databases of its own: the classic sizes, and the other
    /// shapes of at most 20 cells.
    pub fn has_default(size: Size) -> bool {
        size.is_classic() || has_shape_tables(size)
    }

    /// The partition chosen for each size by measurement (see BENCHMARKS.md).
    ///
    /// Rectangles (and 2×2) of at most [`SHAPE_TABLE_CELLS`] cells take
    /// [`shape_groups`]'s whole lines of tiles. 4×4: 6-6-3 with the first column and its neighbours, the block around the blank's
    /// corner, and the rest of the top row: on Korf's 100 it expands 45% fewer nodes than the
    /// left-half/right-half/bottom-row split (30.9 M against 56.0 M). 5×5: 5-5-5-5-4 blocks.
    /// 6×6: 2×2 blocks, 4 tiles each.
    pub fn default_for(size: Size) -> Partition {
        if !size.is_classic() {
            return Partition {
                size,
                groups: shape_groups(size),
                compact: shape_compact(size),
            };
        }
        let groups: Vec<Vec<u8>> = match size.side() {
            3 => vec![vec![1, 2, 4, 5], vec![3, 6, 7, 8]],
            4 => vec![vec![1, 5, 6, 9, 10, 13], vec![7, 8, 11, 12, 14, 15], vec![2, 3, 4]],
            5 => vec![
                vec![1, 2, 3, 6, 7],
                vec![4, 5, 8, 9, 10],
                vec![11, 12, 16, 17, 21],
                vec![13, 14, 18, 19, 23],
                vec![15, 20, 22, 24],
            ],
            _ => blocks(size, 2),
        };
        Partition {
            size,
            groups,
            compact: false,
        }
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The groups of tiles.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }

    /// Group sizes joined by dashes, e.g. `6-6-3`.
    pub fn name(&self) -> String {
        self.groups
            .iter()
            .map(|g| g.len().to_string())
            .collect::<Vec<_>>()
            .join("-")
    }

    /// A short text that identifies the exact groups and the storage (for cache headers
    /// and file names): e.g. `4x4:1,2,3/4,5` for byte tables, with `;4bit` appended for
    /// compact ones.
    pub fn signature(&self) -> String {
        let groups: Vec<String> = self
            .groups
            .iter()
            .map(|g| g.iter().map(ToString::to_string).collect::<Vec<_>>().join(","))
            .collect();
        let storage = if self.compact { COMPACT_SUFFIX } else { "" };
        format!(
            "{}x{}:{}{storage}",
            self.size.width(),
            self.size.height(),
            groups.join("/")
        )
    }

    /// Bytes one group's table takes in memory and on disk.
    pub fn table_bytes(&self, tiles: usize) -> u64 {
        let entries = placements(self.size.cells(), tiles);
        if self.compact { entries.div_ceil(2) } else { entries }
    }

    /// The number of entries the tables hold in all.
    pub fn entries(&self) -> u64 {
        self.groups.iter().map(|g| placements(self.size.cells(), g.len())).sum()
    }

    /// Reads back a [`Partition::signature`] (from a cache file's header).
    pub fn from_signature(sig: &str) -> Result<Partition, PartitionError> {
        let bad = || PartitionError::Signature(sig.to_string());
        let (groups_sig, compact) = match sig.strip_suffix(COMPACT_SUFFIX) {
            Some(rest) => (rest, true),
            None => (sig, false),
        };
        let (dims, groups) = groups_sig.split_once(':').ok_or_else(bad)?;
        let (a, b) = dims.split_once('x').ok_or_else(bad)?;
        let size = match (a.parse::<usize>(), b.parse::<usize>()) {
            (Ok(w), Ok(h)) => Size::rect(w, h).ok().filter(|&s| s.is_classic() || has_shape_tables(s)),
            _ => None,
        }
        .ok_or_else(bad)?;
        let groups = groups
            .split('/')
            .map(|g| g.split(',').map(str::parse::<u8>).collect::<Result<Vec<u8>, _>>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| bad())?;
        let p = Partition::new(size, groups)?;
        Ok(if compact { p.stored_compactly() } else { p })
    }

    /// Whether mirroring the tiles across the main diagonal maps some group onto tiles that
    /// are not a group of this partition (only then can the mirrored lookup add anything).
    pub(crate) fn differs_from_mirror(&self) -> bool {
        let size = self.size;
        if !size.is_square() {
            // A rectangle's mirror is another shape: there is no mirrored lookup.
            return false;
        }
        let mirror = |t: u8| {
            let (r, c) = size.row_col(size.goal_index(t));
            size.goal_tile(size.index(c, r))
        };
        let sorted = |g: &[u8]| {
            let mut g = g.to_vec();
            g.sort_unstable();
            g
        };
        let own: std::collections::HashSet<Vec<u8>> = self.groups.iter().map(|g| sorted(g)).collect();
        self.groups.iter().any(|g| {
            let m: Vec<u8> = g.iter().map(|&t| mirror(t)).collect();
            !own.contains(&sorted(&m))
        })
    }
}

/// The most cells of a shape that is not classic with pattern databases of its own: every
/// board of at most 16 cells is solved optimally with them, and 4×5 and 5×4 on demand.
pub(crate) const SHAPE_TABLE_CELLS: usize = 20;

/// Whether `size`, not classic, has pattern databases of its own ([`shape_groups`]).
pub(crate) fn has_shape_tables(size: Size) -> bool {
    !size.is_classic() && size.cells() <= SHAPE_TABLE_CELLS
}

/// The most tiles in one group of a shape's default partition: 6 on at most 15 cells (at
/// most 3.6 million placements, built in well under a second), 8 on 16 (2×8: four lines a
/// group, 8-7 as Korf and Felner split 4×4, stored compactly, 288 MB; 7-7-1, which cut a
/// line in two, left one board in twenty minutes from a proof, 8-7 none above 0.11 s), 5 on
/// 4×5 and 5×4 (the hints' tables: 1.9 million placements a group).
fn shape_group_tiles(size: Size) -> usize {
    match size.cells() {
        ..=15 => 6,
        16 => 8,
        _ => 5,
    }
}

/// Whether a shape's tables are stored in 4 bits an entry: those with groups of 8 tiles.
fn shape_compact(size: Size) -> bool {
    shape_group_tiles(size) == MAX_GROUP_TILES && size.cells() - 1 > MAX_GROUP_TILES
}

/// The groups of a shape that is not classic, of at most [`SHAPE_TABLE_CELLS`] cells.
///
/// Up to 8 tiles: one group, every distance exact. Else the tiles line by line across the
/// short side (row by row on a tall board, column by column on a wide one), cut into runs
/// of [`shape_group_tiles`]: on every shape of at most 16 cells, whole lines (Korf and Felner's 7-8 split of 4×4 is two rows
/// each: a group of whole lines holds the tiles that block each other most).
pub(crate) fn shape_groups(size: Size) -> Vec<Vec<u8>> {
    let tiles = size.cells() - 1;
    if tiles <= MAX_GROUP_TILES {
        return vec![(1..=tiles as u8).collect()];
    }
    line_order(size)
        .chunks(shape_group_tiles(size))
        .map(<[u8]>::to_vec)
        .collect()
}

/// The tiles of a shape line by line across its short side (row by row on a tall board,
/// column by column on a wide one), the blank left out.
fn line_order(size: Size) -> Vec<u8> {
    let (w, h) = (size.width(), size.height());
    let cells: Vec<usize> = if h >= w {
        (0..h)
            .flat_map(|r| (0..w).map(move |c| (r, c)))
            .map(|(r, c)| size.index(r, c))
            .collect()
    } else {
        (0..w)
            .flat_map(|c| (0..h).map(move |r| (r, c)))
            .map(|(r, c)| size.index(r, c))
            .collect()
    };
    cells
        .into_iter()
        .map(|c| size.goal_tile(c))
        .filter(|&t| t != 0)
        .collect()
}

/// The shape whose tables serve `size`: 8×2 is 2×8 on its side, and uses 2×8's tables
/// (the same puzzle, transposed, needs the same moves), so the two shapes share one build
/// and one set of files. Other shapes serve themselves.
pub(crate) fn table_shape(size: Size) -> Size {
    if size.width() == 8 && size.height() == 2 {
        Size::rect(2, 8).unwrap_or(size)
    } else {
        size
    }
}

/// Square blocks of `b`×`b` cells, row by row, the last one short of the blank.
fn blocks(size: Size, b: usize) -> Vec<Vec<u8>> {
    let n = size.side();
    let mut groups = Vec::new();
    for br in (0..n).step_by(b) {
        for bc in (0..n).step_by(b) {
            let mut g = Vec::new();
            for r in br..(br + b).min(n) {
                for c in bc..(bc + b).min(n) {
                    let t = size.goal_tile(size.index(r, c));
                    if t != 0 {
                        g.push(t);
                    }
                }
            }
            groups.push(g);
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_partitions_are_valid() {
        for size in Size::ALL {
            let p = Partition::default_for(size);
            assert!(Partition::new(size, p.groups.clone()).is_ok(), "{size}");
        }
        assert_eq!(Partition::default_for(Size::FOUR).name(), "6-6-3");
        assert_eq!(
            Partition::new(Size::THREE, vec![vec![1, 2, 3]]),
            Err(PartitionError::TileMissing(4))
        );
        assert_eq!(
            Partition::new(Size::THREE, vec![vec![1, 2, 3, 4], vec![4, 5, 6, 7, 8]]),
            Err(PartitionError::TileRepeated(4))
        );
        assert_eq!(Partition::new(Size::THREE, vec![]), Err(PartitionError::GroupCount));
    }

    #[test]
    fn every_shape_of_at_most_20_cells_has_whole_lines_in_groups_and_its_signature_reads_back() {
        let names = [
            ((2, 2), "3"),
            ((2, 4), "7"),
            ((2, 5), "6-3"),
            ((3, 4), "6-5"),
            ((4, 3), "6-5"),
            ((2, 7), "6-6-1"),
            ((3, 5), "6-6-2"),
            ((5, 3), "6-6-2"),
            ((2, 8), "8-7"),
            ((8, 2), "8-7"),
            ((4, 5), "5-5-5-4"),
        ];
        for ((w, h), name) in names {
            let p = Partition::default_for(Size::rect(w, h).unwrap());
            assert_eq!(p.name(), name, "{w}×{h}");
            assert_eq!(Partition::from_signature(&p.signature()), Ok(p.clone()));
            assert!(!p.differs_from_mirror());
        }
        // 5×3 is wide: its groups are columns, the first two (1, 6, 11 and 2, 7, 12) first.
        let p = Partition::default_for(Size::rect(5, 3).unwrap());
        assert_eq!(p.groups()[0], vec![1, 6, 11, 2, 7, 12]);
        assert_eq!(p.signature().split(':').next(), Some("5x3"));
        for w in 2..=10 {
            for h in 2..=10 {
                let size = Size::rect(w, h).unwrap();
                if has_shape_tables(size) {
                    let p = Partition::default_for(size);
                    assert!(Partition::new(size, p.groups().to_vec()).is_ok(), "{size}");
                }
            }
        }
        assert!(Partition::from_signature("7x3:1").is_err(), "no tables for 21 cells");
    }

    #[test]
    fn two_by_eight_has_compact_8_7_tables_of_half_the_board_each_and_8x2_uses_them() {
        let tall = Size::rect(2, 8).unwrap();
        let p = Partition::default_for(tall);
        assert_eq!(p.groups(), &[(1..=8).collect::<Vec<u8>>(), (9..=15).collect()]);
        assert!(p.is_compact());
        assert_eq!(p.table_bytes(8), 518_918_400 / 2);
        assert_eq!(Partition::from_signature(&p.signature()), Ok(p));
        let wide = Size::rect(8, 2).unwrap();
        assert_eq!(table_shape(wide), tall);
        assert_eq!(table_shape(tall), tall);
        for (w, h) in [(2, 7), (3, 5), (4, 5), (2, 5), (3, 4)] {
            let size = Size::rect(w, h).unwrap();
            assert!(!Partition::default_for(size).is_compact(), "{size}");
            assert_eq!(table_shape(size), size);
        }
    }

    #[test]
    fn signatures_read_back() {
        for size in Size::ALL {
            let p = Partition::default_for(size);
            assert_eq!(Partition::from_signature(&p.signature()), Ok(p));
        }
        for bad in ["", "3x4:1", "3x3:1,2,3", "3x3:1,2,x/3", "9x9:1", "2x11:1"] {
            assert!(Partition::from_signature(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_large_partitions_are_4x4_5x5_and_6x6_with_the_mirror() {
        let p = Partition::large_for(Size::FOUR).unwrap();
        assert_eq!(p.name(), "8-7");
        assert!(p.is_compact() && p.differs_from_mirror());
        assert_eq!(p.table_bytes(8), 518_918_400 / 2);
        let p = Partition::large_for(Size::FIVE).unwrap();
        assert_eq!(p.name(), "6-6-6-6");
        assert!(p.is_compact() && p.differs_from_mirror());
        assert_eq!(p.table_bytes(6), 127_512_000 / 2);
        let p = Partition::large_for(Size::SIX).unwrap();
        assert_eq!(p.name(), "5-5-5-5-5-5-5");
        assert!(p.is_compact() && p.differs_from_mirror());
        assert_eq!(p.table_bytes(5), 45_239_040 / 2);
        assert_eq!(
            Partition::new(Size::SIX, p.groups().to_vec()).map(Partition::stored_compactly),
            Ok(p)
        );
        assert_eq!(Partition::large_for(Size::THREE), None);
        assert!(Partition::replaces_default(Size::FOUR));
        assert!(!Partition::replaces_default(Size::FIVE) && !Partition::replaces_default(Size::SIX));
    }
}
