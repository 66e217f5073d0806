//! The par of a marathon or relay: the sum of its boards' pars, each found as a single
//! board's is (the engine's par search on boards of at most 16 cells, the shortest plan
//! found on larger ones) and kept with the game, board by board, as the run goes.
//!
//! The sum says no more than its parts: it is the run's optimum only when every board's par
//! is proven; when some board has only a plan found, the sum is the shortest run known (a
//! bound from above, not proven); when some board's par is not known yet, the run's par is
//! unknown. A board of a run is dealt from its seed, so a restart of the run keeps what was
//! found of each board.

use serde::{Deserialize, Serialize};

/// What is known of one board's par.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardPar {
    /// The optimal length from the board, once proven.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optimal: Option<u32>,
    /// The shortest plan found from the board (5×5, 6×6, larger shapes) while none is proven.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_found: Option<u32>,
}

impl BoardPar {
    /// What is known: a proven optimal length, a shortest plan found, either or neither.
    pub(crate) fn known(optimal: Option<u32>, best_found: Option<u32>) -> BoardPar {
        BoardPar { optimal, best_found }
    }

    /// Records a proven optimal length.
    pub(crate) fn prove(&mut self, par: u32) {
        self.optimal = Some(par);
    }

    /// Records a plan of `len` moves found; the shortest is kept.
    pub(crate) fn found(&mut self, len: u32) {
        self.best_found = Some(self.best_found.map_or(len, |b| b.min(len)));
    }
}

/// What is known of the par of several boards together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParSum {
    /// Every board's par is proven: the sum is the optimum.
    Proven(u32),
    /// Every board has a par or a plan found, at least one only a plan: the sum is the
    /// shortest known, not proven optimal.
    BestFound(u32),
    /// Some board's par is not known (yet).
    Unknown,
}

impl ParSum {
    /// The sum of `pars`, one per board; `None` entries are boards of which nothing is known.
    pub fn of<'a>(pars: impl IntoIterator<Item = Option<&'a BoardPar>>) -> ParSum {
        let (mut sum, mut proven) = (0u32, true);
        for p in pars {
            match p.and_then(|p| p.optimal.map(|o| (o, true)).or(p.best_found.map(|b| (b, false)))) {
                Some((len, is_proven)) => {
                    sum = sum.saturating_add(len);
                    proven &= is_proven;
                }
                None => return ParSum::Unknown,
            }
        }
        if proven {
            ParSum::Proven(sum)
        } else {
            ParSum::BestFound(sum)
        }
    }

    /// The proven optimum, if it is one.
    pub fn proven(self) -> Option<u32> {
        match self {
            ParSum::Proven(p) => Some(p),
            _ => None,
        }
    }

    /// The shortest known where it is not proven.
    pub fn best_found(self) -> Option<u32> {
        match self {
            ParSum::BestFound(p) => Some(p),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proven(n: u32) -> BoardPar {
        BoardPar {
            optimal: Some(n),
            best_found: None,
        }
    }

    #[test]
    fn a_sum_is_proven_only_when_every_board_is() {
        let (a, b) = (proven(24), proven(18));
        assert_eq!(ParSum::of([Some(&a), Some(&b)]), ParSum::Proven(42));
        let mut five = BoardPar::default();
        five.found(130);
        five.found(120);
        five.found(125);
        assert_eq!(five.best_found, Some(120), "the shortest plan is kept");
        assert_eq!(ParSum::of([Some(&a), Some(&five)]), ParSum::BestFound(144));
        five.prove(110);
        assert_eq!(ParSum::of([Some(&a), Some(&five)]), ParSum::Proven(134), "a proof wins");
        assert_eq!(ParSum::of([Some(&a), None]), ParSum::Unknown, "a board not known yet");
        assert_eq!(ParSum::of([Some(&a), Some(&BoardPar::default())]), ParSum::Unknown);
        assert_eq!(ParSum::of([Some(&a)]).proven(), Some(24));
        assert_eq!(ParSum::BestFound(3).proven(), None);
        assert_eq!(ParSum::BestFound(3).best_found(), Some(3));
    }

    #[test]
    fn a_board_par_saves_only_what_is_known() {
        assert_eq!(serde_json::to_string(&proven(24)).unwrap(), r#"{"optimal":24}"#);
        assert_eq!(serde_json::to_string(&BoardPar::default()).unwrap(), "{}");
        let read: BoardPar = serde_json::from_str(r#"{"best_found":7,"later":1}"#).unwrap();
        assert_eq!(read.best_found, Some(7));
    }
}
