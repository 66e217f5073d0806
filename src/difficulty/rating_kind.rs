//! Which measure a board's rating is.

use serde::Serialize;

/// Which measure a rating is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RatingKind {
    /// The exact optimal length (3×3, from the full distance table).
    Exact,
    /// Walking distance and linear conflict, by max (4×4).
    WalkingConflict,
    /// The pattern-database lower bound (5×5 and 6×6, once their tables are prepared).
    PatternDb,
    /// Manhattan distance plus linear conflict (5×5 and 6×6 before their tables are ready).
    LinearConflict,
}

impl RatingKind {
    /// The name shown to players and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            RatingKind::Exact => "exact",
            RatingKind::WalkingConflict => "walking-conflict",
            RatingKind::PatternDb => "pdb",
            RatingKind::LinearConflict => "linear-conflict",
        }
    }
}
