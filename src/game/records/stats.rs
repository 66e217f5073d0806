//! Statistics and personal bests: what counts, what is a record, and how a win is judged.
//!
//! The rules, which the help screen states too:
//! - A game counts as *played* once, when it is dealt (or a given board is first shown);
//!   resuming it later does not count it again, and leaving it unfinished needs no count.
//! - A game is *assisted* if any hint was shown or the solver played, at any time on that
//!   puzzle, restarts included: a restart begins a new attempt with 0 hints, but a puzzle
//!   once helped stays helped.
//! - Bests are kept apart for unassisted and assisted wins, so help never takes a best
//!   away and never makes one. Dealt games share a best per size and level; a board given by
//!   hand has its own best, and so has each day's daily puzzle.
//! - A daily puzzle counts for its size's streak when it is won on its own UTC day; the
//!   first win counts, and later wins of the same puzzle are replays (counted apart, no
//!   change to the streak). A daily finished on a later day counts as a win, not for the
//!   streak: a streak is a run of days each played on the day.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::difficulty::{Level, UtcDate};
use crate::game::play::relay_sizes::RelaySizes;
use crate::game::play::run::RunKind;
use crate::game::play::solve_mode::{BLIND, MARATHON, RELAY};
use crate::game::records::speed::Speed;
use crate::puzzle::{Board, Size};

/// The kind of game a row of statistics is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// A dealt game of a level.
    Level(Level),
    /// A board given by hand (or by a board code).
    Custom,
    /// A daily puzzle.
    Daily,
    /// A blind solve of a dealt or given board (numbers hidden after the first move).
    Blind,
    /// A marathon of this many boards, its size the row's (see `run.rs`).
    Marathon(u32),
    /// A relay over these sizes (3×3 up to N×N, or a list).
    Relay(RelaySizes),
    /// A marathon of this many boards dealt from a seed the player chose (`--seed`): the
    /// same boards at will, so they can be practised. Its row is apart from the ranked
    /// `Marathon` row, with no averages, and its bests are each seed's.
    SeededMarathon(u32),
    /// A relay dealt from a seed the player chose (see `SeededMarathon`).
    SeededRelay(RelaySizes),
}

/// What a run's name ends with when it was dealt from a seed the player chose:
/// `marathon-5-seeded`. A version that knows no such row reads the name as an unknown
/// kind and counts it nowhere, never in the ranked row.
pub(crate) const SEEDED: &str = "-seeded";

impl Kind {
    /// The name used in keys and in `slide stats`: a level's name, `custom`, `daily`,
    /// `blind`, `marathon-N` or `relay-N` (`relay-3x3-4x3-4x4` for a list).
    pub fn name(self) -> String {
        match self {
            Kind::Level(l) => l.name().to_string(),
            Kind::Custom => "custom".to_string(),
            Kind::Daily => "daily".to_string(),
            Kind::Blind => BLIND.to_string(),
            Kind::Marathon(n) => format!("{MARATHON}-{n}"),
            Kind::Relay(sizes) => format!("{RELAY}-{}", sizes.name()),
            Kind::SeededMarathon(n) => format!("{MARATHON}-{n}{SEEDED}"),
            Kind::SeededRelay(sizes) => format!("{RELAY}-{}{SEEDED}", sizes.name()),
        }
    }

    /// The kind a name names (the inverse of [`Kind::name`]: every row name `slide stats`
    /// prints); `None` for a name this version does not know.
    pub fn from_name(name: &str) -> Option<Kind> {
        match name {
            "custom" => Some(Kind::Custom),
            "daily" => Some(Kind::Daily),
            BLIND => Some(Kind::Blind),
            _ if let Some(ranked) = name.strip_suffix(SEEDED) => match Kind::from_name(ranked)? {
                Kind::Marathon(n) => Some(Kind::SeededMarathon(n)),
                Kind::Relay(n) => Some(Kind::SeededRelay(n)),
                _ => None,
            },
            _ => match RunKind::from_level(name, Size::SIX) {
                Some(RunKind::Marathon { count, .. }) => Some(Kind::Marathon(count)),
                Some(RunKind::Relay { sizes }) => Some(Kind::Relay(sizes)),
                None => name.parse().ok().map(Kind::Level),
            },
        }
    }

    /// Whether its row keeps averages (ao5, ao12, …): dealt levels, blind solves, and
    /// marathons and relays dealt at random. A custom board, a daily puzzle or a run from a
    /// chosen seed is the same puzzle at will, so it ranks nothing.
    pub fn timed(self) -> bool {
        !matches!(
            self,
            Kind::Custom | Kind::Daily | Kind::SeededMarathon(_) | Kind::SeededRelay(_)
        )
    }

    /// The row names [`Kind::from_name`] reads, as a help or an error message says them.
    pub const NAMES: &'static str = "easy, medium, hard, expert, random, daily, custom, blind, \
marathon-N (N boards, 2 or more), relay-N (3 to 10), relay-WxH-WxH-… (a list), or any of \
these runs with -seeded";

    /// Every kind, in the order `slide stats` lists them.
    pub fn all() -> Vec<Kind> {
        let mut v: Vec<Kind> = Level::ALL.iter().map(|l| Kind::Level(*l)).collect();
        v.extend([Kind::Daily, Kind::Custom, Kind::Blind]);
        v
    }
}

/// Which records a game counts towards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordKey {
    /// The board size.
    pub size: Size,
    /// Dealt level, custom or daily.
    pub kind: Kind,
    /// The puzzle's own best: `Some` for custom boards (the starting board) and daily
    /// puzzles (the date); dealt games share the best of their size and level.
    pub puzzle: Option<String>,
    /// The day of a daily puzzle (for the streak).
    pub daily: Option<UtcDate>,
}

impl RecordKey {
    /// A dealt game of `level`.
    pub fn level(size: Size, level: Level) -> RecordKey {
        RecordKey {
            size,
            kind: Kind::Level(level),
            puzzle: None,
            daily: None,
        }
    }

    /// A blind solve: one row a size, with its own bests and averages.
    pub fn blind(size: Size) -> RecordKey {
        RecordKey {
            size,
            kind: Kind::Blind,
            puzzle: None,
            daily: None,
        }
    }

    /// A marathon or a relay: one row a kind and size, with its own bests and averages.
    pub fn run(kind: RunKind) -> RecordKey {
        RecordKey {
            size: kind.record_size(),
            kind: match kind {
                RunKind::Marathon { count, .. } => Kind::Marathon(count),
                RunKind::Relay { sizes } => Kind::Relay(sizes),
            },
            puzzle: None,
            daily: None,
        }
    }

    /// A marathon or a relay dealt from `seed`, which the player chose: its own row, apart
    /// from the ranked one, and its own bests for that seed.
    pub fn seeded_run(kind: RunKind, seed: u64) -> RecordKey {
        let size = kind.record_size();
        let kind = match kind {
            RunKind::Marathon { count, .. } => Kind::SeededMarathon(count),
            RunKind::Relay { sizes } => Kind::SeededRelay(sizes),
        };
        RecordKey {
            size,
            kind,
            puzzle: Some(format!("{} {seed}", row_key(size, kind))),
            daily: None,
        }
    }

    /// A board given by hand.
    pub fn custom(start: &Board) -> RecordKey {
        RecordKey {
            size: start.size(),
            kind: Kind::Custom,
            puzzle: Some(format!("custom {start}")),
            daily: None,
        }
    }

    /// The daily puzzle of `date`.
    pub fn daily(size: Size, date: UtcDate) -> RecordKey {
        RecordKey {
            size,
            kind: Kind::Daily,
            puzzle: Some(format!("daily {date} {size}")),
            daily: Some(date),
        }
    }

    /// The key of the row of this size and kind (`"4x4 medium"`, `"3x3 custom"`,
    /// `"4x3 random"`).
    pub fn row(&self) -> String {
        row_key(self.size, self.kind)
    }
}

fn row_key(size: Size, kind: Kind) -> String {
    format!("{} {}", size_key(size), kind.name())
}

/// The current format of `stats.json`.
pub(crate) const STATS_VERSION: u32 = 2;

fn version_one() -> u32 {
    1
}

/// Everything kept across games.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// The file format (absent in the first format, which is read as 1).
    #[serde(default = "version_one")]
    pub version: u32,
    /// One row per size and kind, keyed by [`RecordKey::row`].
    #[serde(default)]
    pub records: BTreeMap<String, Record>,
    /// The bests of single puzzles (custom boards, daily puzzles), keyed by
    /// [`RecordKey::puzzle`].
    #[serde(default)]
    pub puzzles: BTreeMap<String, Bests>,
    /// Per size (`"4x4"`), the dates whose daily puzzle was won (the streak).
    #[serde(default)]
    pub daily_wins: BTreeMap<String, BTreeSet<String>>,
    /// Fields written by a newer version, kept as they are.
    #[serde(flatten)]
    pub extra: BTreeMap<String, serde_json::Value>,
}

impl Default for Stats {
    fn default() -> Stats {
        Stats {
            version: STATS_VERSION,
            records: BTreeMap::new(),
            puzzles: BTreeMap::new(),
            daily_wins: BTreeMap::new(),
            extra: BTreeMap::new(),
        }
    }
}

/// The single bests of a row or a puzzle, as speedsolvers keep them: each by its own
/// measure, from ranked wins only (see `ranked.rs`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Bests {
    /// The fastest ranked win.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fastest: Option<Best>,
    /// The ranked win with the fewest moves (of two as short, the faster). An older
    /// version's single `best` was kept so: it is read here.
    #[serde(alias = "best", skip_serializing_if = "Option::is_none")]
    pub fewest: Option<Best>,
    /// The ranked win with the most tiles per second.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_tps: Option<Best>,
    /// Fields written by a newer version (and an older one's best with help, which no
    /// view reads since help makes an attempt unranked).
    #[serde(flatten)]
    pub extra: BTreeMap<String, serde_json::Value>,
}

impl Bests {
    /// Whether no best is kept yet.
    pub fn is_empty(&self) -> bool {
        self.fastest.is_none() && self.fewest.is_none() && self.best_tps.is_none()
    }
}

/// Statistics of one size and kind.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Record {
    /// Games dealt (or given) and shown.
    #[serde(alias = "games")]
    pub played: u32,
    /// Games won.
    #[serde(alias = "wins")]
    pub won: u32,
    /// Moves summed over wins whose par is known.
    pub moves_with_par: u64,
    /// Par summed over the same wins.
    pub par_sum: u64,
    /// Wins with a known (non-zero) par.
    pub par_wins: u32,
    /// moves/par summed over those wins.
    pub par_ratio_sum: f64,
    /// Attempts at a board already finished (a replay after a win, a daily won again):
    /// counted here only, never in played, won, the averages or the bests.
    pub replays: u32,
    /// Games with a move made by the solver that reached the goal (not in `won`).
    pub solver_finished: u32,
    /// Unassisted games left or restarted after a move (did not finish).
    pub dnf: u32,
    /// Bests (for dealt levels; custom and daily bests are per puzzle).
    #[serde(flatten)]
    pub bests: Bests,
    /// Speedsolving: recent times and averages of unassisted games (dealt levels only).
    /// Added to format 2 without a new version: older versions keep it as an unknown field.
    #[serde(skip_serializing_if = "Speed::is_empty")]
    pub speed: Speed,
}

/// A personal best.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Best {
    /// Moves.
    pub moves: u32,
    /// Time in milliseconds.
    pub time_ms: u64,
    /// Hints used.
    #[serde(default)]
    pub hints: u32,
    /// Whether the solver played moves.
    #[serde(default)]
    pub solver_used: bool,
    /// Whether the puzzle had been helped (hints or the solver, restarts included).
    #[serde(default)]
    pub assisted: bool,
}

impl Best {
    /// Whether hints or the solver helped (a best of an older version's file may be so).
    pub fn assisted(&self) -> bool {
        self.assisted || self.hints > 0 || self.solver_used
    }

    /// Tiles per second: its moves over its time.
    pub fn tps(&self) -> Option<f64> {
        crate::game::records::averages::tps(u64::from(self.moves), self.time_ms)
    }
}

/// Which single bests a ranked win set: the win box names each ("★ Best time", "★ Fewest
/// moves", "★ Best TPS").
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "three independent bests, any of them beaten"
)]
pub struct Beaten {
    /// The fastest time.
    pub time: bool,
    /// The fewest moves.
    pub moves: bool,
    /// The best tiles per second.
    pub tps: bool,
    /// The bests before the win (all empty: the row's or puzzle's first ranked win).
    pub previous: Bests,
}

impl Beaten {
    /// The first ranked win of its row or puzzle: there was nothing to beat.
    pub fn first(&self) -> bool {
        self.previous.is_empty()
    }
}

impl Stats {
    /// Reads an older format into this one. Bests that mixed assisted and unassisted play
    /// are split, and the single best every custom board used to share is dropped: it
    /// belonged to no board in particular.
    pub(crate) fn migrate(&mut self) {
        if self.version >= STATS_VERSION {
            return;
        }
        for (key, r) in &mut self.records {
            if key.ends_with(" custom") {
                r.bests = Bests::default();
                continue;
            }
            // A best with help is no ranked best.
            r.bests.fewest.take_if(|b| b.assisted());
            if r.moves_with_par > 0 && r.par_sum > 0 && r.par_wins == 0 {
                // The first format kept sums only; their ratio stands in for the mean.
                r.par_wins = r.won.max(1);
                r.par_ratio_sum = f64::from(r.par_wins) * r.moves_with_par as f64 / r.par_sum as f64;
            }
        }
        self.version = STATS_VERSION;
    }

    /// The row of a size and kind, if any game was recorded.
    pub fn row(&self, size: Size, kind: Kind) -> Option<&Record> {
        self.records.get(&row_key(size, kind))
    }

    /// The speedsolving record that `key`'s games count towards: its dealt level's (empty
    /// before any attempt), `None` for custom boards and daily puzzles, which have no
    /// averages.
    pub fn speed(&self, key: &RecordKey) -> Option<&Speed> {
        static NONE_YET: Speed = Speed {
            recent: Vec::new(),
            best_single_ms: None,
            best_ao5_ms: None,
            best_ao12_ms: None,
            best_ao50_ms: None,
            best_ao100_ms: None,
            solves: 0,
            stm_sum: 0,
            ms_sum: 0,
            extra: BTreeMap::new(),
        };
        if !key.kind.timed() {
            return None;
        }
        Some(self.records.get(&key.row()).map_or(&NONE_YET, |r| &r.speed))
    }

    /// The bests that apply to `key`: the puzzle's own, or the level's.
    pub fn bests(&self, key: &RecordKey) -> Option<&Bests> {
        match &key.puzzle {
            Some(p) => self.puzzles.get(p),
            None => self.records.get(&key.row()).map(|r| &r.bests),
        }
    }

    /// The kinds `slide stats` and the statistics screen list, in order: [`Kind::all`], then
    /// each marathon and relay played.
    pub fn kinds(&self) -> Vec<Kind> {
        let mut runs: Vec<Kind> = self
            .records
            .keys()
            .filter_map(|key| Kind::from_name(key.split_once(' ')?.1))
            .filter(|k| {
                matches!(
                    k,
                    Kind::Marathon(_) | Kind::Relay(_) | Kind::SeededMarathon(_) | Kind::SeededRelay(_)
                )
            })
            .collect();
        runs.sort_unstable();
        runs.dedup();
        let mut kinds = Kind::all();
        kinds.extend(runs);
        kinds
    }

    /// Every size with a row, in [`Size`]'s order (by width, then height: 3×3 before 4×3,
    /// 4×4, 5×5): what `slide stats` lists.
    pub fn sizes(&self) -> Vec<Size> {
        let mut sizes: Vec<Size> = self
            .records
            .keys()
            .filter_map(|key| {
                let (w, h) = key.split_once(' ')?.0.split_once('x')?;
                Size::rect(w.parse().ok()?, h.parse().ok()?).ok()
            })
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        sizes
    }

    /// The current daily streak at `size` on `today`: consecutive days with a won daily
    /// puzzle, ending today, or yesterday while today's is still open.
    pub fn daily_streak(&self, size: Size, today: UtcDate) -> u32 {
        let Some(dates) = self.daily_wins.get(&size_key(size)) else {
            return 0;
        };
        let won = |d: UtcDate| dates.contains(&d.to_string());
        let mut day = today.days();
        if !won(today) {
            day -= 1;
        }
        let mut streak = 0;
        while won(UtcDate::from_days(day)) {
            streak += 1;
            day -= 1;
        }
        streak
    }

    /// The longest run of consecutive days with a won daily puzzle at `size`, ever.
    pub fn best_daily_streak(&self, size: Size) -> u32 {
        let Some(dates) = self.daily_wins.get(&size_key(size)) else {
            return 0;
        };
        let mut days: Vec<i64> = dates
            .iter()
            .filter_map(|d| d.parse::<UtcDate>().ok())
            .map(UtcDate::days)
            .collect();
        days.sort_unstable();
        let (mut best, mut run, mut last) = (0, 0, None);
        for d in days {
            run = if last == Some(d - 1) { run + 1 } else { 1 };
            best = best.max(run);
            last = Some(d);
        }
        best
    }

    /// The attempts of `size` that have ended, of every kind: won, finished by the solver,
    /// or left (a DNF). What counts as having played a size (its large tables are offered
    /// after a few).
    pub fn ended_attempts_of(&self, size: Size) -> u32 {
        Kind::all()
            .into_iter()
            .filter_map(|kind| self.row(size, kind))
            .map(|r| r.won.saturating_add(r.solver_finished).saturating_add(r.dnf))
            .fold(0, u32::saturating_add)
    }

    /// Whether the player is new: at most one game played, in every row together (the game
    /// then shows the goal until the first move).
    pub fn is_new_player(&self) -> bool {
        self.records.values().map(|r| r.played).fold(0, u32::saturating_add) <= 1
    }

    /// Clears every count and best (`slide stats --reset`); fields of newer versions stay.
    pub fn reset(&mut self) {
        self.records.clear();
        self.puzzles.clear();
        self.daily_wins.clear();
    }
}

/// A size in the keys of `stats.json`: `4x4`, `4x3` (width first).
pub(crate) fn size_key(size: Size) -> String {
    format!("{}x{}", size.width(), size.height())
}

impl Record {
    /// The mean of moves/par over wins with a known par (1.0 means optimal play).
    pub fn mean_par_ratio(&self) -> Option<f64> {
        (self.par_wins > 0).then(|| self.par_ratio_sum / f64::from(self.par_wins))
    }

    /// Games won per game played, in percent (`None` before any game).
    pub fn win_percent(&self) -> Option<f64> {
        (self.played > 0).then(|| f64::from(self.won) * 100.0 / f64::from(self.played))
    }
}

#[cfg(test)]
mod tests {
    //! The statistics are built here as everywhere: attempt records folded by
    //! [`count`](crate::game::records::figures::count), the one fold every view reads.

    use super::*;
    use crate::game::play::written_size::WrittenSize;
    use crate::game::records::attempt_record::AttemptRecord;
    use crate::game::records::attempt_record::tests::sample;
    use crate::game::records::figures::{Counted, count};
    use crate::game::records::outcome::Outcome;

    fn day(n: u32) -> UtcDate {
        UtcDate::new(2026, 12, n).unwrap()
    }

    /// A won attempt in `key`'s row: `moves` moves in `time_ms`, ended on `on`.
    fn won(key: &RecordKey, moves: u32, assisted: bool, time_ms: u64, on: UtcDate) -> AttemptRecord {
        let (level, daily, scramble) = match (key.kind, &key.puzzle) {
            (Kind::Level(level), _) => (level.name().to_string(), None, sample().scramble),
            (Kind::Daily, _) => ("daily".to_string(), key.daily.map(|d| d.to_string()), sample().scramble),
            (_, Some(board)) => (
                "custom".to_string(),
                None,
                board.trim_start_matches("custom ").to_string(),
            ),
            (kind, None) => (kind.name(), None, sample().scramble),
        };
        AttemptRecord {
            id: format!("{level}-{moves}-{time_ms}-{on}-{assisted}"),
            at: on.days() as u64 * 86_400_000 + 3_600_000,
            size: WrittenSize::of(key.size),
            level,
            daily,
            assisted,
            hints: u32::from(assisted),
            millis: time_ms,
            scramble,
            moves: "L".repeat(moves as usize),
            gaps: vec![0; moves as usize],
            par: Some(16),
            mtm: Some(moves),
            ranked: Some(!assisted),
            ..sample()
        }
    }

    fn win(s: &mut Stats, key: &RecordKey, moves: u32, assisted: bool) -> Counted {
        count(s, &won(key, moves, assisted, 1000, day(2)))
    }

    #[test]
    fn only_ranked_wins_set_bests() {
        let mut s = Stats::default();
        let key = RecordKey::level(Size::THREE, Level::Easy);
        assert_eq!(win(&mut s, &key, 16, true).beaten, None, "a helped win is unranked");
        // A ranked 18 after an unranked 16 is the first best.
        assert!(win(&mut s, &key, 18, false).beaten.is_some_and(|b| b.first()));
        assert_eq!(count(&mut s, &won(&key, 20, false, 2_000, day(2))).beaten, None);
        let better = win(&mut s, &key, 17, false).beaten.unwrap();
        assert!(better.moves && !better.time && !better.first());
        assert_eq!(better.previous.fewest.as_ref().map(|b| b.moves), Some(18));
        let bests = s.bests(&key).unwrap();
        assert_eq!(bests.fewest.as_ref().unwrap().moves, 17);
        assert_eq!(bests.fastest.as_ref().unwrap().moves, 18, "the first of equal times");
        let row = s.row(Size::THREE, Kind::Level(Level::Easy)).unwrap();
        assert_eq!((row.played, row.won), (4, 4));
        let mean = row.mean_par_ratio().unwrap();
        assert!((mean - (16.0 + 18.0 + 20.0 + 17.0) / 16.0 / 4.0).abs() < 1e-9);
    }

    #[test]
    fn equal_moves_need_a_faster_time() {
        let mut s = Stats::default();
        let key = RecordKey::level(Size::THREE, Level::Easy);
        count(&mut s, &won(&key, 18, false, 1000, day(2)));
        let tie = won(&key, 18, false, 1000, day(3));
        assert_eq!(count(&mut s, &tie).beaten, None, "a tie is no record");
        let quick = won(&key, 18, false, 900, day(2));
        assert!(count(&mut s, &quick).beaten.is_some());
    }

    #[test]
    fn each_single_best_is_kept_by_its_own_measure() {
        let mut s = Stats::default();
        let key = RecordKey::level(Size::THREE, Level::Easy);
        count(&mut s, &won(&key, 20, false, 2_900, day(2)));
        // 47 s in fewer moves: the fewest moves only, never the best time.
        let slow = count(&mut s, &won(&key, 16, false, 47_000, day(2))).beaten.unwrap();
        assert!((slow.time, slow.moves, slow.tps) == (false, true, false));
        // Quicker and more tiles a second, in more moves.
        let quick = count(&mut s, &won(&key, 30, false, 2_000, day(2))).beaten.unwrap();
        assert!((quick.time, quick.moves, quick.tps) == (true, false, true));
        let bests = s.bests(&key).unwrap();
        assert_eq!(bests.fastest.as_ref().map(|b| b.time_ms), Some(2_000));
        assert_eq!(bests.fewest.as_ref().map(|b| b.moves), Some(16));
        assert_eq!(bests.best_tps.as_ref().map(|b| b.moves), Some(30));
        // An unranked win beats nothing, however fast.
        let unranked = AttemptRecord {
            ranked: Some(false),
            ..won(&key, 2, false, 100, day(2))
        };
        assert_eq!(count(&mut s, &unranked).beaten, None);
        assert_eq!(s.bests(&key).unwrap().fastest.as_ref().map(|b| b.time_ms), Some(2_000));
    }

    #[test]
    fn typed_boards_set_no_best_and_each_daily_has_its_own() {
        let mut s = Stats::default();
        let a = RecordKey::custom(&"1 2 3 4 5 6 7 0 8".parse().unwrap());
        let typed = AttemptRecord {
            ranked: None,
            ..won(&a, 1, false, 1000, day(2))
        };
        assert_eq!(count(&mut s, &typed).beaten, None, "a typed board is unranked");
        assert_eq!(s.row(Size::THREE, Kind::Custom).unwrap().won, 1);
        let d1 = RecordKey::daily(Size::FOUR, day(1));
        let d2 = RecordKey::daily(Size::FOUR, day(2));
        assert!(
            count(&mut s, &won(&d1, 40, false, 1000, day(1)))
                .beaten
                .is_some_and(|b| b.first())
        );
        assert!(
            count(&mut s, &won(&d2, 40, false, 1000, day(2)))
                .beaten
                .is_some_and(|b| b.first()),
            "each daily puzzle has its own best"
        );
    }

    /// Wins the daily of `puzzle_day` at `size` on `won_on`.
    fn win_daily(s: &mut Stats, size: Size, puzzle_day: UtcDate, won_on: UtcDate) -> Counted {
        count(s, &won(&RecordKey::daily(size, puzzle_day), 40, false, 1000, won_on))
    }

    #[test]
    fn daily_streaks_count_consecutive_days() {
        let mut s = Stats::default();
        let size = Size::FOUR;
        assert_eq!(s.daily_streak(size, day(5)), 0);
        for d in [1, 2, 3, 4] {
            win_daily(&mut s, size, day(d), day(d));
        }
        assert_eq!(s.daily_streak(size, day(4)), 4);
        assert_eq!(s.daily_streak(size, day(5)), 4, "today's is still open");
        assert_eq!(s.daily_streak(size, day(6)), 0, "a missed day ends it");
        assert_eq!(s.daily_streak(Size::THREE, day(4)), 0);
        // Across a month boundary.
        let mut s = Stats::default();
        for date in [UtcDate::new(2026, 11, 30).unwrap(), day(1)] {
            win_daily(&mut s, size, date, date);
        }
        assert_eq!(s.daily_streak(size, day(1)), 2);
    }

    #[test]
    fn a_daily_won_after_its_day_is_a_win_but_no_streak_day() {
        let mut s = Stats::default();
        let size = Size::FOUR;
        let first = win_daily(&mut s, size, day(1), day(1));
        assert!(first.streak_day && !first.late_daily);
        // Finished the next day (resumed after midnight): a win, not a streak day.
        let late = win_daily(&mut s, size, day(2), day(3));
        assert!(late.late_daily && !late.streak_day);
        assert_eq!(s.row(size, Kind::Daily).unwrap().won, 2);
        assert_eq!(s.daily_streak(size, day(3)), 0, "day 2 was never won on the day");
        assert_eq!(
            s.daily_streak(size, day(2)),
            1,
            "on day 2, day 1's streak is still alive"
        );
    }

    #[test]
    fn current_and_best_streaks_across_days() {
        let mut s = Stats::default();
        let size = Size::FIVE;
        assert_eq!((s.daily_streak(size, day(1)), s.best_daily_streak(size)), (0, 0));
        // Days 1–3 won, day 4 missed, days 5–6 won.
        for d in [1, 2, 3, 5, 6] {
            win_daily(&mut s, size, day(d), day(d));
        }
        assert_eq!(s.best_daily_streak(size), 3);
        assert_eq!(s.daily_streak(size, day(3)), 3);
        assert_eq!(s.daily_streak(size, day(4)), 3, "day 4 is still open on day 4");
        assert_eq!(s.daily_streak(size, day(5)), 1, "the missed day 4 broke it");
        assert_eq!(s.daily_streak(size, day(6)), 2);
        assert_eq!(s.daily_streak(size, day(7)), 2);
        assert_eq!(s.daily_streak(size, day(8)), 0);
        // Each size keeps its own streak.
        assert_eq!(s.best_daily_streak(Size::SIX), 0);
        // Across a year boundary.
        let mut s = Stats::default();
        for date in ["2026-12-30", "2026-12-31", "2027-01-01"] {
            let d: UtcDate = date.parse().unwrap();
            win_daily(&mut s, size, d, d);
        }
        let new_year: UtcDate = "2027-01-01".parse().unwrap();
        assert_eq!(s.daily_streak(size, new_year), 3);
        assert_eq!(s.best_daily_streak(size), 3);
        // A reset clears it.
        s.reset();
        assert_eq!(s.best_daily_streak(size), 0);
    }

    #[test]
    fn the_first_format_is_migrated() {
        let old = r#"{"records":{
            "3x3 easy":{"games":5,"wins":3,"moves_with_par":40,"par_sum":32,
                        "best":{"moves":12,"time_ms":5000,"hints":2,"solver_used":false}},
            "3x3 custom":{"games":2,"wins":2,"moves_with_par":0,"par_sum":0,
                        "best":{"moves":3,"time_ms":100,"hints":0,"solver_used":false}}}}"#;
        let mut s: Stats = serde_json::from_str(old).unwrap();
        assert_eq!(s.version, 1);
        s.migrate();
        assert_eq!(s.version, STATS_VERSION);
        let easy = s.row(Size::THREE, Kind::Level(Level::Easy)).unwrap();
        assert_eq!((easy.played, easy.won), (5, 3));
        assert!(easy.bests.fewest.is_none(), "an assisted best is no ranked best");
        assert!((easy.mean_par_ratio().unwrap() - 1.25).abs() < 1e-9);
        let custom = s.row(Size::THREE, Kind::Custom).unwrap();
        assert_eq!(custom.won, 2);
        assert_eq!(custom.bests, Bests::default(), "the shared custom best is dropped");
    }

    #[test]
    fn unassisted_level_wins_and_dnfs_feed_the_averages() {
        let mut s = Stats::default();
        let key = RecordKey::level(Size::THREE, Level::Easy);
        for (i, ms) in [12_000, 10_000, 20_000, 13_000].into_iter().enumerate() {
            count(&mut s, &won(&key, 20, i == 1, ms, day(2)));
        }
        let dnf = AttemptRecord {
            id: "dnf".into(),
            result: Outcome::Dnf,
            ..won(&key, 20, false, 5_000, day(2))
        };
        count(&mut s, &dnf);
        let speed = &s.row(Size::THREE, Kind::Level(Level::Easy)).unwrap().speed;
        // The assisted (unranked) 10 s is left out: 12, 20, 13, DNF.
        assert_eq!(speed.recent, vec![Some(12_000), Some(20_000), Some(13_000), None]);
        let custom = RecordKey::custom(&"1 2 3 4 5 6 7 0 8".parse().unwrap());
        win(&mut s, &custom, 1, false);
        count(
            &mut s,
            &AttemptRecord {
                id: "custom-dnf".into(),
                result: Outcome::Dnf,
                ..won(&custom, 1, false, 5_000, day(2))
            },
        );
        assert!(s.row(Size::THREE, Kind::Custom).unwrap().speed.is_empty());
        let text = serde_json::to_string(&s).unwrap();
        let back: Stats = serde_json::from_str(&text).unwrap();
        assert_eq!(back, s, "the speed record survives the file");
    }

    #[test]
    fn a_size_s_ended_attempts_count_every_kind_and_a_new_player_has_played_one_game_at_most() {
        let mut s = Stats::default();
        assert!(s.is_new_player());
        let easy = RecordKey::level(Size::FOUR, Level::Easy);
        win(&mut s, &easy, 30, false);
        assert!(s.is_new_player(), "one game played");
        let custom = RecordKey::custom(&"1 2 3 4 5 6 7 0 8".parse().unwrap());
        win(&mut s, &custom, 1, true);
        assert!(!s.is_new_player());
        count(
            &mut s,
            &AttemptRecord {
                id: "blind-dnf".into(),
                result: Outcome::Dnf,
                ..won(&RecordKey::blind(Size::FOUR), 12, false, 5_000, day(2))
            },
        );
        assert_eq!(s.ended_attempts_of(Size::FOUR), 2, "a win and a DNF, of two kinds");
        assert_eq!(s.ended_attempts_of(Size::THREE), 1, "the typed 3×3 board");
        assert_eq!(s.ended_attempts_of(Size::FIVE), 0);
    }

    #[test]
    fn counters_read_from_disk_saturate_instead_of_overflowing() {
        let max = u32::MAX;
        let big = u64::MAX;
        let text = format!(
            r#"{{"version":2,"records":{{"3x3 easy":{{"played":{max},"won":{max},"moves_with_par":{big},
            "par_sum":{big},"par_wins":{max},"replays":{max},
            "speed":{{"solves":{max},"stm_sum":{big},"ms_sum":{big}}}}},
            "3x3 daily":{{"played":{max},"won":{max},"replays":{max}}}}}}}"#
        );
        let mut s: Stats = serde_json::from_str(&text).unwrap();
        let key = RecordKey::level(Size::THREE, Level::Easy);
        win(&mut s, &key, 20, false);
        let row = s.row(Size::THREE, Kind::Level(Level::Easy)).unwrap();
        assert_eq!((row.played, row.won, row.par_wins), (max, max, max));
        assert_eq!((row.moves_with_par, row.par_sum), (big, big));
        assert_eq!((row.speed.solves, row.speed.stm_sum, row.speed.ms_sum), (max, big, big));
        let daily = RecordKey::daily(Size::THREE, day(2));
        let replay = AttemptRecord {
            replay: true,
            ..won(&daily, 40, false, 1000, day(2))
        };
        win_daily(&mut s, Size::THREE, day(2), day(2));
        count(&mut s, &replay);
        assert_eq!(s.row(Size::THREE, Kind::Daily).unwrap().replays, max);
        assert!(s.bests(&daily).is_some());
    }

    #[test]
    fn unknown_fields_of_a_newer_version_are_kept() {
        let newer = r#"{"version":2,"records":{"3x3 easy":{"played":1,"won":1,"ao5":123}},"themes_won":7}"#;
        let s: Stats = serde_json::from_str(newer).unwrap();
        let text = serde_json::to_string(&s).unwrap();
        assert!(text.contains("\"themes_won\":7"), "{text}");
        assert!(text.contains("\"ao5\":123"), "{text}");
    }

    #[test]
    fn rectangles_and_relay_lists_have_rows_of_their_own() {
        let mut s = Stats::default();
        let rect = Size::rect(4, 3).unwrap();
        let key = RecordKey::level(rect, Level::Random);
        assert_eq!(key.row(), "4x3 random");
        let won_rect = AttemptRecord {
            scramble: "1 2 3 4/5 6 7 8/9 10 0 11".into(),
            ..won(&key, 1, false, 1000, day(2))
        };
        count(&mut s, &won_rect);
        count(
            &mut s,
            &won(&RecordKey::level(Size::FOUR, Level::Random), 30, false, 1000, day(2)),
        );
        assert_eq!(s.row(rect, Kind::Level(Level::Random)).map(|r| r.won), Some(1));
        assert_eq!(s.row(Size::FOUR, Kind::Level(Level::Random)).map(|r| r.won), Some(1));
        assert_eq!(s.sizes(), vec![rect, Size::FOUR], "by width, then height");
        let list: RelaySizes = "3x3,4x3,4x4".parse().unwrap();
        assert_eq!(Kind::from_name("relay-3x3-4x3-4x4"), Some(Kind::Relay(list)));
        assert_eq!(
            Kind::from_name("relay-3x3-4x3-4x4-seeded"),
            Some(Kind::SeededRelay(list))
        );
        assert_eq!(
            Kind::from_name("relay-10").map(Kind::name),
            Some("relay-10".to_string())
        );
        assert_eq!(Kind::from_name("relay-3x3,4x4"), None);
        let ranked = RecordKey::run(RunKind::Relay { sizes: list });
        assert_eq!(ranked.row(), "4x4 relay-3x3-4x3-4x4");
        assert_ne!(ranked.row(), RecordKey::run(RunKind::relay_to(Size::FOUR)).row());
    }
}
