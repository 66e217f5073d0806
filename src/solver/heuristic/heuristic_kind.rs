//! The heuristics a caller can ask for by name (`--heuristic`).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use thiserror::Error;

/// A heuristic, chosen by name on the command line (`--heuristic`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub enum HeuristicKind {
    /// Sum of Manhattan distances.
    Manhattan,
    /// Manhattan plus linear conflicts on rows and columns.
    LinearConflict,
    /// Walking distance (4×4 and 3×3), combined with linear conflict by max.
    WalkingDistance,
    /// Additive disjoint pattern databases, with the diagonal mirror, by max.
    Pdb,
    /// The strongest heuristic available for the size.
    #[default]
    Auto,
}

impl HeuristicKind {
    /// Every heuristic, by increasing strength, then `auto`.
    pub const ALL: [HeuristicKind; 5] = [
        HeuristicKind::Manhattan,
        HeuristicKind::LinearConflict,
        HeuristicKind::WalkingDistance,
        HeuristicKind::Pdb,
        HeuristicKind::Auto,
    ];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            HeuristicKind::Manhattan => "manhattan",
            HeuristicKind::LinearConflict => "linear-conflict",
            HeuristicKind::WalkingDistance => "walking-distance",
            HeuristicKind::Pdb => "pdb",
            HeuristicKind::Auto => "auto",
        }
    }
}

impl fmt::Display for HeuristicKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A heuristic name that is none of [`HeuristicKind::ALL`]'s.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown heuristic '{0}': choose manhattan, linear-conflict, walking-distance, pdb or auto")]
pub struct UnknownHeuristic(pub String);

impl FromStr for HeuristicKind {
    type Err = UnknownHeuristic;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        HeuristicKind::ALL
            .into_iter()
            .find(|h| h.name() == s)
            .ok_or_else(|| UnknownHeuristic(crate::excerpt::excerpt(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_an_unknown_one_is_named() {
        for h in HeuristicKind::ALL {
            assert_eq!(h.name().parse::<HeuristicKind>(), Ok(h));
            assert_eq!(h.to_string(), h.name());
        }
        let e = "fast".parse::<HeuristicKind>().unwrap_err();
        assert_eq!(e, UnknownHeuristic("fast".into()));
        assert!(e.to_string().starts_with("unknown heuristic 'fast': choose manhattan"));
    }
}
