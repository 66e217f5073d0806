//! One finished attempt as the history keeps it: what was played (scramble, every move,
//! who made it, when), how it ended, and what it counts for. The statistics are a fold of
//! these records (see `figures.rs`), so a record holds everything a statistic needs.

use std::time::{Duration, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::difficulty::UtcDate;
use crate::game::play::move_log::MoveLog;
use crate::game::play::run::RunKind;
use crate::game::play::solve_mode::SINGLE;
use crate::game::play::written_size::WrittenSize;
use crate::game::records::averages::tps;
use crate::game::records::outcome::Outcome;
use crate::game::records::ranked::{RankFacts, ranked};
use crate::game::records::run_legs::splits;
use crate::game::records::stats::{Kind, RecordKey, SEEDED};
use crate::puzzle::slidysim::{format_solution, parse_scramble};
use crate::puzzle::{Board, BoardError, Size};
use crate::time_format::utc_date_time;

fn single() -> String {
    SINGLE.to_string()
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if passes a reference"
)]
fn is_false(b: &bool) -> bool {
    !*b
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if passes a reference"
)]
fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One finished attempt: a line of the history. Fields a newer version adds are ignored
/// here and kept on disk (lines are never rewritten).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttemptRecord {
    /// Unique per attempt: the game's id, `-`, the attempt's number in that game.
    pub id: String,
    /// When it ended, in milliseconds since the Unix epoch.
    pub at: u64,
    /// The board's size: a side for a square (`"size":4`), as every version wrote it, and
    /// `"size":"4x3"` for a rectangle, which a version that knows only squares refuses
    /// rather than count as a square (see `written_size.rs`).
    pub size: WrittenSize,
    /// A level's name, `daily` or `custom`.
    pub level: String,
    /// The day of a daily puzzle (`YYYY-MM-DD`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<String>,
    /// The kind of solve: `single`, `blind`, `marathon` or `relay`.
    #[serde(default = "single", skip_serializing_if = "is_single")]
    pub mode: String,
    /// How it ended.
    pub result: Outcome,
    /// A board already finished before: counted under replays only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub replay: bool,
    /// Hints or the solver helped on this puzzle (restarts included).
    #[serde(default, skip_serializing_if = "is_false")]
    pub assisted: bool,
    /// Hints shown in this attempt.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hints: u32,
    /// Play time in milliseconds (to the win, or to the moment it was left).
    pub millis: u64,
    /// The starting board in slidysim's form (`1 2 3/4 5 6/7 8 0`); a marathon's or relay's
    /// boards reached, each so, joined by `;` (see `run.rs`).
    pub scramble: String,
    /// Every tile slid, undos included, in order: `U D L R` for the player's moves, `u d l r`
    /// for the solver's.
    pub moves: String,
    /// The milliseconds between consecutive moves (the first is 0); empty for games
    /// recorded before times were kept.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gaps: Vec<u64>,
    /// The proven optimal length from the scramble, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub par: Option<u32>,
    /// The dealt seed, for a dealt level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Multi-tile moves (a segment slid at once counts one), when counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mtm: Option<u32>,
    /// Brought over from the log of an older version: its counts are already in the
    /// statistics carried over with it, so the fold does not count it again.
    #[serde(default, skip_serializing_if = "is_false")]
    pub carried: bool,
    /// Whether it may set a best or enter an average (see `ranked.rs`), decided when it
    /// ended. Absent in lines written by older versions: [`AttemptRecord::is_ranked`]
    /// derives it from what they hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranked: Option<bool>,
    /// How long the board was on screen before the clock started (the first move, or the
    /// inspection running out), as slidysim's memo time; single and blind solves begun in
    /// this attempt carry it, a run or a resumed attempt does not. Absent in older lines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memo_ms: Option<u64>,
}

fn is_single(mode: &str) -> bool {
    mode == SINGLE
}

impl AttemptRecord {
    /// The row of statistics it belongs to; `None` for a level this version does not know.
    pub fn kind(&self) -> Option<Kind> {
        Kind::from_name(&self.level)
    }

    /// The board size, if it is one Slide plays (2 to 10 each way).
    pub fn board_size(&self) -> Option<Size> {
        self.size.size()
    }

    /// Moves made (undone ones included) per par move, when the par is known: the
    /// figure moves/par averages.
    pub fn par_ratio(&self) -> Option<f64> {
        self.par
            .filter(|&p| p > 0)
            .map(|p| f64::from(self.stm()) / f64::from(p))
    }

    /// Whether it is a win of the player's that counts (not a replay): what the charts of
    /// wins show.
    pub fn counted_win(&self) -> bool {
        self.result == Outcome::Won && !self.replay
    }

    /// Whether it may set a best or enter an average: as decided when it ended, or, for a
    /// line of an older version, by the same rule from what the line holds, conservatively
    /// (see [`AttemptRecord::derived_rank_facts`]).
    pub fn is_ranked(&self) -> bool {
        self.ranked.unwrap_or_else(|| ranked(self.derived_rank_facts()))
    }

    /// The ranked rule's facts as a line without `ranked` shows them. A fact the line
    /// cannot show fails, except the seed of a single board: older lines kept no mark of a
    /// chosen one, and a level's seed was drawn at random unless the player gave it.
    /// A blind solve outside the blind row was a deal the player could choose.
    pub fn derived_rank_facts(&self) -> RankFacts {
        let fair_deal = match self.kind() {
            Some(Kind::Level(_)) => self.seed.is_some() && self.mode == SINGLE,
            Some(Kind::Blind | Kind::Daily | Kind::Marathon(_) | Kind::Relay(_)) => true,
            _ => false,
        };
        let first_attempt = self.id.rsplit_once('-').is_some_and(|(_, n)| n == "1");
        RankFacts {
            fair_deal,
            first_showing: first_attempt && !self.replay,
            unhelped: !self.assisted && self.hints == 0 && !self.moves.chars().any(|c| c.is_ascii_lowercase()),
            clock_honest: true,
        }
    }

    /// The day of its daily puzzle.
    pub(crate) fn daily_date(&self) -> Option<UtcDate> {
        self.daily.as_deref().and_then(|d| d.parse().ok())
    }

    /// The records it counts towards (`None` for a kind or size this version does not know).
    pub fn record_key(&self) -> Option<RecordKey> {
        let size = self.board_size()?;
        Some(match self.kind()? {
            Kind::Level(level) => RecordKey::level(size, level),
            Kind::Daily => RecordKey::daily(size, self.daily_date()?),
            Kind::Custom => RecordKey::custom(&self.start_board().ok()?),
            Kind::Blind => RecordKey::blind(size),
            Kind::Marathon(_) | Kind::Relay(_) => RecordKey::run(RunKind::from_level(&self.level, size)?),
            Kind::SeededMarathon(_) | Kind::SeededRelay(_) => RecordKey::seeded_run(self.run_kind()?, self.seed?),
        })
    }

    /// The marathon or relay it was (one from a chosen seed included); `None` for a single
    /// board, or a run this version does not play.
    pub fn run_kind(&self) -> Option<RunKind> {
        let level = self.level.strip_suffix(SEEDED).unwrap_or(&self.level);
        RunKind::from_level(level, self.board_size()?).filter(|kind| kind.mode() == self.mode)
    }

    /// Whether it was a marathon or relay dealt from a seed the player chose: recorded in
    /// a row of its own, unranked.
    pub fn seed_chosen(&self) -> bool {
        self.level.ends_with(SEEDED)
    }

    /// The starting board.
    pub fn start_board(&self) -> Result<Board, BoardError> {
        parse_scramble(&self.scramble)
    }

    /// The moves with who made them and when; `None` if the record is damaged.
    pub fn log(&self) -> Option<MoveLog> {
        MoveLog::from_parts(&self.moves, &self.gaps)
    }

    /// Single-tile moves made (every tile slid, undos included).
    pub fn stm(&self) -> u32 {
        self.moves.len() as u32
    }

    /// The UTC day it ended.
    pub fn day(&self) -> UtcDate {
        UtcDate::from_days((self.at / 86_400_000) as i64)
    }

    /// When it ended, as `YYYY-MM-DDTHH:MM:SSZ`.
    pub fn date(&self) -> String {
        utc_date_time(UNIX_EPOCH + Duration::from_millis(self.at))
    }

    /// The object `slide history --json` prints for it.
    pub fn to_json(&self) -> HistoryJson {
        let log = self.log();
        // A rectangle has a width and a height in place of the side.
        let rect = self.board_size().filter(|s| !s.is_square());
        HistoryJson {
            id: self.id.clone(),
            date: self.date(),
            size: self.size.square_side(),
            width: rect.map(Size::width),
            height: rect.map(Size::height),
            level: self.level.clone(),
            daily: self.daily.clone(),
            mode: self.mode.clone(),
            result: self.result.name(),
            ranked: self.is_ranked(),
            replay: self.replay,
            assisted: self.assisted,
            hints: self.hints,
            moves: self.stm(),
            mtm: self.mtm,
            millis: self.millis,
            tps: (self.result == Outcome::Won)
                .then(|| tps(u64::from(self.stm()), self.millis))
                .flatten()
                .map(|x| (x * 1000.0).round() / 1000.0),
            par: self.par,
            scramble: self.scramble.clone(),
            solution: log
                .as_ref()
                .map(|l| format_solution(&l.plain_moves()))
                .unwrap_or_default(),
            solver_moves: log.as_ref().map_or(0, |l| {
                l.moves()
                    .iter()
                    .filter(|m| m.by == crate::game::play::move_log::Actor::Solver)
                    .count() as u32
            }),
            move_times_ms: (!self.gaps.is_empty()).then(|| log.map(|l| l.times_ms()).unwrap_or_default()),
            memo_ms: self.memo_ms,
            splits_ms: self.run_kind().and_then(|_| {
                let won = matches!(self.result, Outcome::Won | Outcome::Solver);
                splits(&self.scramble, &self.log()?, self.millis, won)
            }),
        }
    }
}

/// One attempt as `slide history --json` prints it (the speedsolving fields, and a few more).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HistoryJson {
    /// The attempt's id.
    pub id: String,
    /// When it ended (ISO 8601, UTC).
    pub date: String,
    /// A square board's side (absent for a rectangle, which has `width` and `height`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<u64>,
    /// A rectangle's columns (absent for a square).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<usize>,
    /// A rectangle's rows (absent for a square).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height: Option<usize>,
    /// A level's name, `daily` or `custom`.
    pub level: String,
    /// The day of a daily puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub daily: Option<String>,
    /// `single` (later: marathon, relay, blind).
    pub mode: String,
    /// `won`, `dnf`, `solver` or `gave_up`.
    pub result: &'static str,
    /// Whether it may set a best or enter an average (see the records' rules).
    pub ranked: bool,
    /// A board already finished before.
    pub replay: bool,
    /// Helped by hints or the solver.
    pub assisted: bool,
    /// Hints in this attempt.
    pub hints: u32,
    /// Tiles slid (undos included).
    pub moves: u32,
    /// Multi-tile moves (a segment slid at once counts one), when counted.
    pub mtm: Option<u32>,
    /// Play time in milliseconds.
    pub millis: u64,
    /// Tiles per second (moves over time) of a win of the player's; `None` otherwise.
    pub tps: Option<f64>,
    /// The proven optimum from the scramble, when known.
    pub par: Option<u32>,
    /// The starting board in slidysim's form.
    pub scramble: String,
    /// Every move in slidysim's run-length letters (`URDL2UR2`).
    pub solution: String,
    /// How many of the moves the solver made.
    pub solver_moves: u32,
    /// The time of each move in milliseconds since the first; null for games recorded
    /// before times were kept.
    pub move_times_ms: Option<Vec<u64>>,
    /// How long the board was on screen before the clock started, when recorded (see
    /// [`AttemptRecord::memo_ms`]).
    pub memo_ms: Option<u64>,
    /// A marathon's or relay's splits: the time of each board it solved, in order, in
    /// milliseconds (a won run's add up to its time); null for a single board.
    pub splits_ms: Option<Vec<u64>>,
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::difficulty::Level;

    /// A won 3×3 easy attempt of two moves.
    pub(crate) fn sample() -> AttemptRecord {
        AttemptRecord {
            id: "00000000000000ab-1".into(),
            at: 1_796_256_000_000 + 3_723_000,
            size: WrittenSize::square(3),
            level: "easy".into(),
            daily: None,
            mode: SINGLE.into(),
            result: Outcome::Won,
            replay: false,
            assisted: false,
            hints: 0,
            millis: 1_500,
            scramble: "1 2 3/4 5 6/0 7 8".into(),
            moves: "LL".into(),
            gaps: vec![0, 700],
            par: Some(2),
            seed: Some(1),
            mtm: Some(2),
            carried: false,
            ranked: Some(true),
            memo_ms: None,
        }
    }

    #[test]
    fn the_json_view_has_the_speedsolving_fields() {
        let r = sample();
        let json = serde_json::to_value(r.to_json()).unwrap();
        assert_eq!(json["date"], "2026-12-03T01:02:03Z");
        assert_eq!(json["result"], "won");
        assert_eq!(json["scramble"], "1 2 3/4 5 6/0 7 8");
        assert_eq!(json["solution"], "L2");
        assert_eq!(json["move_times_ms"], serde_json::json!([0, 700]));
        assert_eq!(json["moves"], 2);
        assert_eq!(json["mode"], "single");
        for key in [
            "id", "date", "size", "level", "mode", "result", "moves", "millis", "scramble", "solution",
        ] {
            assert!(json.get(key).is_some(), "{key}");
        }
        let mut b = r.start_board().unwrap();
        b.apply_all(&r.log().unwrap().plain_moves()).unwrap();
        assert!(b.is_goal());
        assert_eq!(r.record_key(), Some(RecordKey::level(Size::THREE, Level::Easy)));
    }

    #[test]
    fn a_line_of_an_older_version_gets_ranked_by_the_rule_from_what_it_holds() {
        let old = |change: fn(&mut AttemptRecord)| {
            let mut r = AttemptRecord {
                ranked: None,
                ..sample()
            };
            change(&mut r);
            let line = serde_json::to_string(&r).unwrap();
            assert!(!line.contains("ranked"), "{line}");
            serde_json::from_str::<AttemptRecord>(&line).unwrap().is_ranked()
        };
        assert!(old(|_| {}), "a dealt level's first attempt, unhelped");
        assert!(!old(|r| r.id = "00000000000000ab-2".into()), "a restart");
        assert!(
            !old(|r| r.id = "no-attempt-number".into()),
            "unknown: not shown to be first"
        );
        assert!(!old(|r| r.seed = None), "no seed: not shown to be dealt");
        assert!(!old(|r| r.level = "custom".into()), "a typed board");
        assert!(!old(|r| r.assisted = true));
        assert!(!old(|r| r.moves = "Ll".into()), "a solver move");
        assert!(!old(|r| r.replay = true));
        assert!(!old(|r| r.mode = "blind".into()), "a blind deal outside the blind row");
        assert!(old(|r| r.level = "blind".into()), "the blind row's deal");
        // A line that says, says.
        assert!(
            !AttemptRecord {
                ranked: Some(false),
                ..sample()
            }
            .is_ranked()
        );
    }

    #[test]
    fn lines_are_compact_and_keep_reading_with_fields_they_do_not_know() {
        let r = sample();
        let line = serde_json::to_string(&r).unwrap();
        assert!(
            !line.contains("replay") && !line.contains("mode") && !line.contains("carried"),
            "{line}"
        );
        let newer = line.replacen('{', r#"{"ghost_hand":true,"#, 1);
        let back: AttemptRecord = serde_json::from_str(&newer).unwrap();
        assert_eq!(back, r);
    }
}
