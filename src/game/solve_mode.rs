//! How a game is played: a single solve, or a blind one (the numbers hidden after the
//! first move). The name is the history's `mode`, and for a blind solve its level too.

/// The mode of a single solve (marathons and relays will have their own).
pub const SINGLE: &str = "single";

/// The mode, and the level, of a blind solve: numbers hidden after the first move.
pub const BLIND: &str = "blind";

/// How a game is played.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SolveMode {
    /// A single solve, everything in view.
    #[default]
    Single,
    /// A blind solve: the numbers hidden after the first move; records of its own.
    Blind,
}

impl SolveMode {
    /// Its name in the history (`mode`) and in saves.
    pub fn name(self) -> &'static str {
        match self {
            SolveMode::Single => SINGLE,
            SolveMode::Blind => BLIND,
        }
    }
}
