//! How a game is played: a single solve, a blind one (the numbers hidden after the first
//! move), a marathon or a relay (several boards on one clock, see `run.rs`). The name is the
//! history's `mode`, and for a blind solve its level too.

/// The mode of a single solve.
pub const SINGLE: &str = "single";

/// The mode, and the level, of a blind solve: numbers hidden after the first move.
pub(crate) const BLIND: &str = "blind";

/// The mode of a marathon: N random boards of one size on one clock.
pub const MARATHON: &str = "marathon";

/// The mode of a relay: 3×3, then 4×4, … up to N×N on one clock.
pub const RELAY: &str = "relay";

/// How a game is played.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SolveMode {
    /// A single solve, everything in view.
    #[default]
    Single,
    /// A blind solve: the numbers hidden after the first move; records of its own.
    Blind,
    /// A marathon (its boards: the game's run).
    Marathon,
    /// A relay (its boards: the game's run).
    Relay,
}

impl SolveMode {
    /// Its name in the history (`mode`) and in saves.
    pub fn name(self) -> &'static str {
        match self {
            SolveMode::Single => SINGLE,
            SolveMode::Blind => BLIND,
            SolveMode::Marathon => MARATHON,
            SolveMode::Relay => RELAY,
        }
    }
}
