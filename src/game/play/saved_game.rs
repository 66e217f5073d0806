//! A game as its save file holds it: versioned, with the fields each version added kept
//! optional, so that older saves still load and newer fields survive.

use serde::{Deserialize, Serialize};

use crate::game::play::run_par::BoardPar;
use crate::game::play::written_size::WrittenSize;

/// A game as stored in its save file. Fields a newer version adds are ignored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs, reason = "mirrors the fields of Game")]
#[allow(
    clippy::struct_excessive_bools,
    reason = "independent facts about a game, not a state"
)]
pub struct SavedGame {
    pub version: u32,
    /// The game's id (absent in the first format: a new one is given).
    #[serde(default)]
    pub id: String,
    /// Whether the puzzle was ever helped, restarts included.
    #[serde(default)]
    pub helped: bool,
    /// When it was saved, in milliseconds since the Unix epoch (0 if unknown).
    #[serde(default)]
    pub saved_at: u64,
    pub start: String,
    pub history: String,
    pub future: String,
    pub level: Option<String>,
    pub seed: Option<u64>,
    /// The day of a daily puzzle (absent in saves made before daily puzzles existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<String>,
    pub par: Option<u32>,
    /// The shortest plan found from the start while no par is proven (absent in older saves,
    /// and where none was found).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub par_estimate: Option<u32>,
    pub moves: u32,
    pub hints: u32,
    /// Written `false` since asking for the solver became help like any other (`helped`);
    /// an older save's `true` is read as help.
    pub solver_used: bool,
    pub elapsed_ms: u64,
    /// Single-tile moves of the attempt (absent in saves made before they were counted;
    /// added within format 2, since older versions ignore fields they don't know).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stm: Option<u32>,
    /// Multi-tile moves of the attempt (absent in older saves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mtm: Option<u32>,
    /// Whether the game was counted as a DNF (given up) in the averages.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub given_up: bool,
    /// The attempt's number (absent in older saves: the first).
    #[serde(default = "first_attempt")]
    pub attempt: u32,
    /// The attempt's moves as the history writes them (absent in older saves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log: Option<String>,
    /// The milliseconds between the logged moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log_gaps: Vec<u64>,
    /// The play time of the first logged move.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub log_first_ms: u64,
    /// How the game is played, when not a single solve: `blind`, `marathon`, `relay`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// A marathon's or relay's run: the board in play is `start` (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<SavedRun>,
    /// The seed was the player's, not drawn at random: no ranked deal (absent in older
    /// saves: drawn at random).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub seed_chosen: bool,
    /// Results of this game's attempts not yet in the history (the disk was full, or the
    /// history could not be written), each a history line as JSON: kept here, with the
    /// game, until the history has them. The storage reads them; play never does.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<serde_json::Value>,
    /// The game is over (won, or pushed out after its attempt ended): the save stays only
    /// to carry its `pending` results, and is never offered to resume.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub finished: bool,
}

/// A marathon or relay as its save holds it: with the seed, the boards after the one in
/// play are dealt again, the same.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedRun {
    /// `marathon-N` or `relay-N` (`relay-3x3-4x3-4x4` for a list).
    pub level: String,
    /// The size its records are under (a marathon's size, a relay's last), written as the
    /// history writes sizes.
    pub size: WrittenSize,
    /// The seed its boards come from.
    pub seed: u64,
    /// The board in play, from 0.
    pub board: u32,
    /// What is known of each board's par, by board (absent in older saves: none known).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pars: Vec<BoardPar>,
}

fn first_attempt() -> u32 {
    1
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if passes a reference"
)]
fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl SavedGame {
    /// The current format: 2 added `id`, `helped` and `saved_at`.
    pub(crate) const VERSION: u32 = 2;

    /// A line for the new-game menu: "4×4 medium · 12 moves · 2 h ago".
    pub fn summary(&self, now_ms: u64) -> String {
        let size = self
            .start
            .parse::<crate::puzzle::Board>()
            .map_or_else(|_| "?".to_string(), |b| b.size().to_string());
        let kind = match (&self.daily, &self.level) {
            _ if let Some(run) = &self.run => format!("{} · board {}", run.level, run.board + 1),
            (Some(d), _) => format!("daily {d}"),
            (None, Some(l)) => l.clone(),
            (None, None) => "custom".into(),
        };
        let moves = match self.moves {
            1 => "1 move".to_string(),
            n => format!("{n} moves"),
        };
        let mut line = format!("{size} {kind} · {moves}");
        if self.saved_at > 0 {
            line.push_str(" · ");
            line.push_str(&ago(now_ms.saturating_sub(self.saved_at)));
        }
        line
    }
}

/// "just now", "5 min ago", "2 h ago", "3 days ago".
fn ago(ms: u64) -> String {
    let s = ms / 1000;
    match s {
        0..60 => "just now".into(),
        60..3600 => format!("{} min ago", s / 60),
        3600..86_400 => format!("{} h ago", s / 3600),
        86_400..172_800 => "1 day ago".into(),
        _ => format!("{} days ago", s / 86_400),
    }
}

#[cfg(test)]
mod tests {
    use crate::game::play::game::Game;

    #[test]
    fn the_summary_names_any_shape() {
        let g = Game::new("1 2 3 4 5/6 7 8 9 10/11 12 13 0 14".parse().unwrap(), None, None, None);
        let mut saved = g.to_saved();
        saved.saved_at = 0;
        assert_eq!(saved.summary(0), "5×3 custom · 0 moves");
        saved.start = "1 2 3 4 5 6 7 0 8".into();
        assert_eq!(saved.summary(0), "3×3 custom · 0 moves");
        saved.start = "damaged".into();
        assert!(saved.summary(0).starts_with("? "));
    }
}
