//! What the distances along a game say: the moves that went toward the goal, the detours
//! (runs of moves away from it) and what they cost.

use std::fmt;

/// A run of consecutive moves that took the player further from the goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Detour {
    /// The first move of the run, counted from 1.
    pub first_move: usize,
    /// How many moves went away in a row.
    pub len: usize,
    /// The moves it cost: each move away is one move and one more to come back.
    pub cost: u32,
}

/// The review in numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// Moves played.
    pub moves: usize,
    /// The optimal distance at the start.
    pub optimal_at_start: u32,
    /// Moves that brought the goal one move closer.
    pub optimal_moves: usize,
    /// The runs of moves away from the goal.
    pub detours: Vec<Detour>,
    /// The moves beyond the optimum (see [`Review::extra`](crate::review::Review::extra)).
    pub extra: u32,
    /// The distances are estimates (5×5, 6×6): "optimal" means on the best line found.
    pub estimate: bool,
}

impl Summary {
    /// The summary of `distances` (the distance before the first move and after each).
    pub fn of(distances: &[u32], extra: u32) -> Summary {
        let mut detours: Vec<Detour> = Vec::new();
        let mut optimal_moves = 0;
        let mut in_detour = false;
        for (i, w) in distances.windows(2).enumerate() {
            if w[1] < w[0] {
                optimal_moves += 1;
            }
            let away = w[1] > w[0];
            if away {
                let cost = 2 * (w[1] - w[0]);
                match detours.last_mut() {
                    Some(d) if in_detour => {
                        d.len += 1;
                        d.cost += cost;
                    }
                    _ => detours.push(Detour {
                        first_move: i + 1,
                        len: 1,
                        cost,
                    }),
                }
            }
            in_detour = away;
        }
        Summary {
            moves: distances.len().saturating_sub(1),
            optimal_at_start: distances.first().copied().unwrap_or(0),
            optimal_moves,
            detours,
            extra,
            estimate: false,
        }
    }

    /// The first move that went away from the goal, counted from 1.
    pub fn first_detour(&self) -> Option<usize> {
        self.detours.first().map(|d| d.first_move)
    }

    /// What all the detours cost together.
    pub fn detour_cost(&self) -> u32 {
        self.detours.iter().map(|d| d.cost).sum()
    }
}

/// "optimal for 31 of 41 moves · 3 detours cost 10 moves · first detour at move 7".
impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.estimate {
            write!(
                f,
                "on the best line found for {} of {} move{}",
                self.optimal_moves,
                self.moves,
                if self.moves == 1 { "" } else { "s" }
            )?;
        } else {
            write!(
                f,
                "optimal for {} of {} move{}",
                self.optimal_moves,
                self.moves,
                if self.moves == 1 { "" } else { "s" }
            )?;
        }
        match self.detours.len() {
            0 => write!(f, " · no detours"),
            n => {
                let cost = self.detour_cost();
                write!(
                    f,
                    " · {n} detour{} cost {cost} move{} · first detour at move {}",
                    if n == 1 { "" } else { "s" },
                    if cost == 1 { "" } else { "s" },
                    self.first_detour().unwrap_or(0)
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_moves_away_are_one_detour_each() {
        // 6 → 5 → 6 → 7 → 6 → 5 → 4 → 5 → 4 → 3 → 2 → 1 → 0
        let d = [6, 5, 6, 7, 6, 5, 4, 5, 4, 3, 2, 1, 0];
        let s = Summary::of(&d, 6);
        assert_eq!(s.moves, 12);
        assert_eq!(s.optimal_moves, 9);
        assert_eq!(
            s.detours,
            vec![
                Detour {
                    first_move: 2,
                    len: 2,
                    cost: 4
                },
                Detour {
                    first_move: 7,
                    len: 1,
                    cost: 2
                }
            ]
        );
        assert_eq!(
            s.to_string(),
            "optimal for 9 of 12 moves · 2 detours cost 6 moves · first detour at move 2"
        );
    }

    #[test]
    fn a_perfect_game_says_so() {
        let s = Summary::of(&[3, 2, 1, 0], 0);
        assert_eq!(s.to_string(), "optimal for 3 of 3 moves · no detours");
        assert_eq!(s.first_detour(), None);
    }
}
