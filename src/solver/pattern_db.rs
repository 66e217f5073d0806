//! Additive disjoint pattern databases (placeholder until the real build lands).

use std::sync::Arc;

use crate::puzzle::{Board, Size};
use crate::solver::heuristic::{Incremental, SearchBoard};
use crate::solver::linear_conflict::{LcState, LinearConflict};
use crate::solver::table_cache::BuildProgress;

/// A partition of the tiles of one size into disjoint groups.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Partition {
    size: Size,
    groups: Vec<Vec<u8>>,
}

impl Partition {
    /// The default partition for a size.
    pub fn default_for(size: Size) -> Partition {
        Partition {
            size,
            groups: vec![(1..size.cells() as u8).collect()],
        }
    }
    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }
    /// Group sizes joined by dashes, e.g. `6-6-3`.
    pub fn name(&self) -> String {
        self.groups
            .iter()
            .map(|g| g.len().to_string())
            .collect::<Vec<_>>()
            .join("-")
    }
}

/// Pattern databases for one partition.
pub struct PatternDb {
    partition: Partition,
}

impl PatternDb {
    /// Builds the databases.
    pub fn build(partition: &Partition, _progress: &dyn Fn(BuildProgress)) -> PatternDb {
        PatternDb {
            partition: partition.clone(),
        }
    }
    /// The partition.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }
    /// The heuristic value of a board.
    pub fn value(&self, board: &Board) -> u32 {
        crate::solver::linear_conflict::value(board)
    }
}

pub(crate) struct PdbHeuristic<'a> {
    _db: &'a Arc<PatternDb>,
    lc: LinearConflict,
}

impl<'a> PdbHeuristic<'a> {
    pub fn new(db: &'a Arc<PatternDb>) -> PdbHeuristic<'a> {
        PdbHeuristic {
            lc: LinearConflict::new(db.partition.size),
            _db: db,
        }
    }
}

impl Incremental for PdbHeuristic<'_> {
    type State = LcState;
    fn init(&self, board: &SearchBoard) -> LcState {
        self.lc.init(board)
    }
    fn h(&self, s: &LcState) -> u32 {
        self.lc.h(s)
    }
    fn update(&self, s: &mut LcState, board: &SearchBoard, tile: u8, from: usize, to: usize) {
        self.lc.update(s, board, tile, from, to);
    }
}
