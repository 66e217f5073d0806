//! Every heuristic's estimate of one board, side by side.

use serde::Serialize;

/// Every heuristic's estimate of a board, and the best lower bound among them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rating {
    /// Sum of Manhattan distances.
    pub manhattan: u32,
    /// Manhattan plus linear conflicts.
    pub linear_conflict: u32,
    /// Walking distance (3×3 and 4×4 only).
    pub walking_distance: Option<u32>,
    /// Pattern databases with mirror (when their tables are ready).
    pub pdb: Option<u32>,
    /// The exact optimal length, when known cheaply (3×3).
    pub exact: Option<u32>,
    /// The largest of the admissible values above.
    pub lower_bound: u32,
}
