//! Every tile slid in an attempt, in order: which way, who slid it (the player or the
//! solver) and when, in milliseconds of play time. An undo slides a tile back, so it is in
//! the log as the reverse move: the log replays the attempt as it was played.

use crate::puzzle::Move;

/// Who made a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// The player (a key, a click, a hover, an undo or a redo).
    Player,
    /// The solver playing for the player.
    Solver,
}

/// One tile slid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoggedMove {
    /// The way the tile moved.
    pub mv: Move,
    /// Who slid it.
    pub by: Actor,
    /// The attempt's play time when it moved, in milliseconds.
    pub at_ms: u64,
}

/// The moves of one attempt.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveLog {
    moves: Vec<LoggedMove>,
}

impl MoveLog {
    /// An empty log.
    pub fn new() -> MoveLog {
        MoveLog::default()
    }

    /// Adds a move made at `at_ms` of play time. A time before the last one (a clock read
    /// out of order) is taken as the last one, so times never go back.
    pub fn push(&mut self, mv: Move, by: Actor, at_ms: u64) {
        let at_ms = self.moves.last().map_or(at_ms, |last| at_ms.max(last.at_ms));
        self.moves.push(LoggedMove { mv, by, at_ms });
    }

    /// The moves, in order.
    pub fn moves(&self) -> &[LoggedMove] {
        &self.moves
    }

    /// How many tiles were slid.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no tile was slid.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Whether the solver slid any tile.
    pub fn solver_moved(&self) -> bool {
        self.moves.iter().any(|m| m.by == Actor::Solver)
    }

    /// The moves as letters, the player's upper case and the solver's lower case
    /// (`RRdl`: the player slid two tiles right, then the solver one down and one left).
    pub fn letters(&self) -> String {
        self.moves
            .iter()
            .map(|m| match m.by {
                Actor::Player => m.mv.letter(),
                Actor::Solver => m.mv.letter().to_ascii_lowercase(),
            })
            .collect()
    }

    /// The time of each move in milliseconds since the first (the first is 0).
    pub(crate) fn times_ms(&self) -> Vec<u64> {
        let first = self.moves.first().map_or(0, |m| m.at_ms);
        self.moves.iter().map(|m| m.at_ms - first).collect()
    }

    /// The gaps between moves in milliseconds (the first is 0): how the log is stored.
    pub(crate) fn gaps_ms(&self) -> Vec<u64> {
        let mut last = self.moves.first().map_or(0, |m| m.at_ms);
        self.moves
            .iter()
            .map(|m| {
                let gap = m.at_ms - last;
                last = m.at_ms;
                gap
            })
            .collect()
    }

    /// A log from its letters (see [`letters`](MoveLog::letters)) and gaps; `None` when a
    /// letter is not a move, or there are gaps but not one per move. With no gaps at all
    /// (a game recorded before times were kept), every time is 0.
    pub(crate) fn from_parts(letters: &str, gaps_ms: &[u64]) -> Option<MoveLog> {
        let count = letters.chars().count();
        if !gaps_ms.is_empty() && gaps_ms.len() != count {
            return None;
        }
        let mut log = MoveLog::new();
        let mut at: u64 = 0;
        for (i, c) in letters.chars().enumerate() {
            let mv = Move::from_letter(c.to_ascii_uppercase())?;
            let by = if c.is_ascii_lowercase() {
                Actor::Solver
            } else {
                Actor::Player
            };
            at = at.saturating_add(gaps_ms.get(i).copied().unwrap_or(0));
            log.moves.push(LoggedMove { mv, by, at_ms: at });
        }
        Some(log)
    }

    /// Moves every time `ms` later (a log restored from its gaps starts at 0; the game's
    /// clock goes on from where the first move was).
    pub(crate) fn shift(&mut self, ms: u64) {
        for m in &mut self.moves {
            m.at_ms = m.at_ms.saturating_add(ms);
        }
    }

    /// The moves alone, in order.
    pub fn plain_moves(&self) -> Vec<Move> {
        self.moves.iter().map(|m| m.mv).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_say_who_and_times_start_at_the_first_move() {
        let mut log = MoveLog::new();
        log.push(Move::Right, Actor::Player, 500);
        log.push(Move::Right, Actor::Player, 620);
        log.push(Move::Down, Actor::Solver, 600);
        log.push(Move::Left, Actor::Solver, 900);
        assert_eq!(log.letters(), "RRdl");
        assert_eq!(log.times_ms(), vec![0, 120, 120, 400], "never back in time");
        assert_eq!(log.gaps_ms(), vec![0, 120, 0, 280]);
        assert!(log.solver_moved());
        let back = MoveLog::from_parts(&log.letters(), &log.gaps_ms()).unwrap();
        assert_eq!(back.letters(), log.letters());
        assert_eq!(back.times_ms(), log.times_ms());
        assert_eq!(MoveLog::from_parts("RX", &[]), None);
        assert_eq!(MoveLog::from_parts("RL", &[0]), None);
        assert_eq!(MoveLog::from_parts("RL", &[]).unwrap().times_ms(), vec![0, 0]);
    }
}
