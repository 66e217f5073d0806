//! Choosing a heuristic by name or kind, and running a search with it.
//!
//! The searches are generic over [`Incremental`](crate::solver::heuristic::Incremental) so
//! that each heuristic's update inlines into the inner loop; [`Chosen`] is the one place that
//! turns a run-time choice into those monomorphic calls. No heuristic or search imports this
//! file, and it knows the solver's tables only through [`ReadyTables`].

use std::sync::Arc;

use crate::puzzle::{Board, Move, Size};
use crate::solver::cancel::Stop;
use crate::solver::error::SolveError;
use crate::solver::heuristic::beam_ranking::WithConflicts;
use crate::solver::heuristic::compact_pdb_heuristic::CompactPdbHeuristic;
use crate::solver::heuristic::heuristic_kind::HeuristicKind;
use crate::solver::heuristic::linear_conflict::LinearConflict;
use crate::solver::heuristic::manhattan::Manhattan;
use crate::solver::heuristic::pdb_heuristic::{PdbHeuristic, SMALL_GROUPS};
use crate::solver::heuristic::walking_distance::{WalkingDistance, WalkingWithConflict};
use crate::solver::search::{bounded_search, ida_star, parallel_ida_star};
use crate::solver::solution::Solution;
use crate::solver::tables::pattern_db::PatternDb;

/// The tables a heuristic may need, as far as they are ready (the solver's).
pub(crate) trait ReadyTables {
    /// The walking-distance tables for `size` (3×3 and 4×4), built on first use.
    fn walking(&self, size: Size) -> Option<&WalkingDistance>;
    /// The pattern databases for `size`, if prepared.
    fn pdb(&self, size: Size) -> Option<&Arc<PatternDb>>;
}

/// A heuristic resolved for one size, with its tables borrowed from the solver.
pub(crate) enum Chosen<'a> {
    Manhattan(Manhattan),
    LinearConflict(LinearConflict),
    Walking(WalkingWithConflict<'a>),
    /// Byte tables of at most [`SMALL_GROUPS`] groups, with a narrow search state.
    SmallPdb(PdbHeuristic<'a, SMALL_GROUPS>),
    Pdb(PdbHeuristic<'a>),
    CompactPdb(CompactPdbHeuristic<'a>),
}

impl<'a> Chosen<'a> {
    /// Resolves `kind` for `size`; `auto` takes the strongest ready table.
    pub fn new(tables: &'a dyn ReadyTables, size: Size, kind: HeuristicKind) -> Result<Chosen<'a>, SolveError> {
        let unavailable = || SolveError::HeuristicUnavailable {
            heuristic: kind.name(),
            size,
        };
        Ok(match kind {
            HeuristicKind::Manhattan => Chosen::Manhattan(Manhattan::new(size)),
            HeuristicKind::LinearConflict => Chosen::LinearConflict(LinearConflict::new(size)),
            HeuristicKind::WalkingDistance => {
                let wd = tables.walking(size).ok_or_else(unavailable)?;
                Chosen::Walking(WalkingWithConflict::new(wd, size))
            }
            HeuristicKind::Pdb => Chosen::pdb(tables.pdb(size).ok_or_else(unavailable)?),
            HeuristicKind::Auto => {
                if let Some(db) = tables.pdb(size) {
                    Chosen::pdb(db)
                } else if let Some(wd) = tables.walking(size) {
                    Chosen::Walking(WalkingWithConflict::new(wd, size))
                } else {
                    Chosen::LinearConflict(LinearConflict::new(size))
                }
            }
        })
    }

    /// The pattern databases' heuristic for their storage.
    pub fn pdb(db: &'a Arc<PatternDb>) -> Chosen<'a> {
        if db.partition().is_compact() {
            Chosen::CompactPdb(CompactPdbHeuristic::new(db))
        } else if let Some(h) = PdbHeuristic::fitting(db) {
            Chosen::SmallPdb(h)
        } else {
            Chosen::Pdb(PdbHeuristic::new(db))
        }
    }

    /// Optimal IDA* with this heuristic, on up to `threads` threads.
    pub fn ida_star(&self, board: &Board, stop: &Stop, threads: usize) -> Result<Solution, SolveError> {
        match self {
            Chosen::Manhattan(h) => parallel_ida_star::solve(h, board, stop, threads),
            Chosen::LinearConflict(h) => parallel_ida_star::solve(h, board, stop, threads),
            Chosen::Walking(h) => parallel_ida_star::solve(h, board, stop, threads),
            Chosen::SmallPdb(h) => parallel_ida_star::solve(h, board, stop, threads),
            Chosen::Pdb(h) => parallel_ida_star::solve(h, board, stop, threads),
            Chosen::CompactPdb(h) => parallel_ida_star::solve(h, board, stop, threads),
        }
    }

    /// A solution within `bound` moves, if one exists (one pass of IDA*).
    pub fn within(&self, board: &Board, bound: u32, stop: &Stop) -> Result<Option<Vec<Move>>, SolveError> {
        match self {
            Chosen::Manhattan(h) => ida_star::within(h, board, bound, stop),
            Chosen::LinearConflict(h) => ida_star::within(h, board, bound, stop),
            Chosen::Walking(h) => ida_star::within(h, board, bound, stop),
            Chosen::SmallPdb(h) => ida_star::within(h, board, bound, stop),
            Chosen::Pdb(h) => ida_star::within(h, board, bound, stop),
            Chosen::CompactPdb(h) => ida_star::within(h, board, bound, stop),
        }
    }

    /// The time-bounded search with this heuristic, on up to `threads` threads: always a
    /// whole solution.
    pub fn bounded(&self, board: &Board, stop: &Stop, threads: usize) -> Result<Solution, SolveError> {
        match self {
            Chosen::Manhattan(h) => bounded_search::solve(h, board, stop, threads),
            Chosen::LinearConflict(h) => bounded_search::solve(h, board, stop, threads),
            Chosen::Walking(h) => bounded_search::solve(h, board, stop, threads),
            Chosen::SmallPdb(h) => bounded_search::solve(&WithConflicts::new(h, board.size()), board, stop, threads),
            Chosen::Pdb(h) => bounded_search::solve(&WithConflicts::new(h, board.size()), board, stop, threads),
            Chosen::CompactPdb(h) => bounded_search::solve(&WithConflicts::new(h, board.size()), board, stop, threads),
        }
    }
}
