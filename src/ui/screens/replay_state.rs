//! Where a replay is: the recorded solve's timeline, the replay's clock and speed, and
//! the optimal distances as far as the engine has computed them. Time passes by
//! [`ReplayState::advance`]; the screen (`replay.rs`) calls it on each tick.

use std::time::Duration;

use ratatui::text::Line;

use slide::game::{AttemptRecord, Replay, ReplayError, RunKind};
use slide::review::{Progress, RunReview};

/// The speeds offered, slowest first; the real speed is [`REAL_SPEED`].
pub const SPEEDS: [f64; 4] = [0.5, 1.0, 2.0, 4.0];

/// The index of ×1 in [`SPEEDS`].
const REAL_SPEED: usize = 1;

/// The optimal distances along the solve (every board of a run), as far as they are known.
#[derive(Debug, Clone, PartialEq)]
pub enum Distances {
    /// Not shown: no board of the solve is 3×3 or 4×4.
    NotShown,
    /// The engine is computing them.
    Computing(Option<Progress>),
    /// Computed (a single solve is a run of one board).
    Known(RunReview),
    /// The engine failed (why).
    Failed(String),
}

/// What the replay shows and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayState {
    /// The record's id (as `slide history --json` shows it).
    pub id: String,
    /// What the solve was, in full: "3×3 easy · won", "relay-5 3×3→5×5 · solver · helped".
    pub title: String,
    /// Shorter titles for a narrow frame, longest first: the last keeps only what was
    /// replayed and its result ("relay-5 · solver").
    pub short_titles: Vec<String>,
    /// When it ended: "2026-12-03 01:02".
    pub when: String,
    /// The timeline.
    pub replay: Replay,
    /// The replay's clock: the solve's play time shown, in milliseconds.
    pub clock_ms: f64,
    /// Moves made by the clock's time.
    pub step: usize,
    /// The speed, an index into [`SPEEDS`].
    pub speed: usize,
    /// Whether the clock stands still (paused, stepping, or at the end).
    pub paused: bool,
    /// The distances (3×3 and 4×4).
    pub distances: Distances,
    /// How many boards, from the first, have their distances shown: the 3×3 and 4×4 ones
    /// (a relay's sizes grow, so they come first; a 5×5 or 6×6 board has none).
    pub reviewed: usize,
    /// For a marathon or a relay, how many boards it has (the replay has those reached).
    pub run_boards: Option<u32>,
}

impl ReplayState {
    /// The state of a replay of `record`, at its start, playing.
    pub fn new(record: &AttemptRecord) -> Result<ReplayState, ReplayError> {
        let replay = Replay::of(record)?;
        let run = record.run_kind();
        let titles = titles(record, run);
        let when = record.date().replace('T', " ");
        let run_boards = run.map(RunKind::count);
        // The boards of at most 16 cells (3×3, 4×4, …), from the first (a relay's sizes grow to its record size).
        let reviewed = replay
            .legs()
            .iter()
            .take_while(|l| l.start.size().cells() <= 16)
            .count();
        Ok(ReplayState {
            id: record.id.clone(),
            title: titles[0].clone(),
            short_titles: titles[1..].to_vec(),
            when: when.get(..16).unwrap_or(&when).to_string(),
            distances: if reviewed > 0 {
                Distances::Computing(None)
            } else {
                Distances::NotShown
            },
            reviewed,
            replay,
            clock_ms: 0.0,
            step: 0,
            speed: REAL_SPEED,
            paused: false,
            run_boards,
        })
    }

    /// The longest title that fits in `width` columns (the full one where it fits, as on a
    /// large terminal); the shortest when none does.
    pub fn title_within(&self, width: usize) -> &str {
        std::iter::once(&self.title)
            .chain(&self.short_titles)
            .find(|t| Line::raw(t.as_str()).width() <= width)
            .or(self.short_titles.last())
            .unwrap_or(&self.title)
    }

    /// Whether the clock has reached the solve's end.
    pub fn at_end(&self) -> bool {
        self.step >= self.replay.len() && self.clock_ms >= self.replay.total_ms() as f64
    }

    /// Moves the clock on by `real` time at the chosen speed; at the end it stops there.
    pub fn advance(&mut self, real: Duration) {
        if self.paused {
            return;
        }
        let total = self.replay.total_ms() as f64;
        self.clock_ms = (self.clock_ms + real.as_secs_f64() * 1000.0 * SPEEDS[self.speed]).min(total);
        self.step = self.replay.step_at(self.clock_ms as u64);
        if self.clock_ms >= total {
            self.step = self.replay.len();
            self.paused = true;
        }
    }

    /// Goes to the position after `step` moves, at the time it was reached, paused.
    pub fn go_to(&mut self, step: usize) {
        self.step = step.min(self.replay.len());
        self.clock_ms = self.replay.time_of(self.step) as f64;
        if self.step == self.replay.len() {
            self.clock_ms = self.replay.total_ms() as f64;
        }
        self.paused = true;
    }

    /// The next speed up (×4 at most).
    pub fn faster(&mut self) {
        self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
    }

    /// The next speed down (×0.5 at least).
    pub fn slower(&mut self) {
        self.speed = self.speed.saturating_sub(1);
    }

    /// Plays on from where it is, or from the start when it is at the end.
    pub fn toggle(&mut self) {
        if self.paused && self.at_end() {
            self.clock_ms = 0.0;
            self.step = 0;
        }
        self.paused = !self.paused;
    }
}

/// The titles of the replay of `record` (`run`: the marathon or relay it was), longest
/// first: what it was in full and its result with the notes (a replay, a chosen seed,
/// helped); then what it was in short with them, dropped one by one; last, what it was in
/// short and its result only.
fn titles(record: &AttemptRecord, run: Option<RunKind>) -> Vec<String> {
    let size = record.size;
    let (long, short) = match run {
        Some(kind) => (kind.describe(), kind.level()),
        None if record.mode == slide::game::SINGLE => (format!("{size} {}", record.level), record.level.clone()),
        None => (
            format!("{size} {} {}", record.level, record.mode),
            format!("{} {}", record.level, record.mode),
        ),
    };
    let result = record.result.name();
    let notes: Vec<&str> = [
        (record.replay, " · replay"),
        (record.seed_chosen(), " · seeded"),
        (record.assisted, " · helped"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, note)| *note)
    .collect();
    let mut titles = vec![format!("{long} · {result}{}", notes.concat())];
    // Then in short, the notes dropped one by one from the last.
    titles.extend(
        (0..=notes.len())
            .rev()
            .map(|n| format!("{short} · {result}{}", notes[..n].concat())),
    );
    titles.dedup();
    titles
}

#[cfg(test)]
mod tests {
    use super::*;
    use slide::game::Outcome;

    fn record() -> AttemptRecord {
        let json = r#"{"id":"00000000000000ab-1","at":1796259723000,"size":3,"level":"easy","result":"won",
            "millis":1500,"scramble":"1 2 3/4 5 6/0 7 8","moves":"LL","gaps":[0,700]}"#;
        serde_json::from_str(json).expect("a record")
    }

    #[test]
    fn the_clock_plays_the_moves_at_their_times_and_stops_at_the_end() {
        let mut s = ReplayState::new(&record()).expect("playable");
        assert_eq!(
            (s.title.as_str(), s.when.as_str()),
            ("3×3 easy · won", "2026-12-03 01:02")
        );
        assert_eq!(s.distances, Distances::Computing(None));
        s.advance(Duration::from_millis(799));
        assert_eq!(s.step, 0);
        s.advance(Duration::from_millis(1));
        assert_eq!(s.step, 1);
        // ×2: the last 700 ms of the solve in 350.
        s.speed = 2;
        s.advance(Duration::from_millis(349));
        assert_eq!(s.step, 1);
        s.advance(Duration::from_millis(10));
        assert!(s.at_end() && s.paused && s.step == 2);
        assert!((s.clock_ms - 1500.0).abs() < 1e-9, "the clock ends at the solve's time");
        // Playing on from the end starts again.
        s.toggle();
        assert!(!s.paused && s.step == 0 && s.clock_ms == 0.0);
    }

    #[test]
    fn the_speed_goes_from_half_to_four_times() {
        let mut s = ReplayState::new(&record()).expect("playable");
        assert!((SPEEDS[s.speed] - 1.0).abs() < f64::EPSILON, "the real speed first");
        for _ in 0..5 {
            s.faster();
        }
        assert!((SPEEDS[s.speed] - 4.0).abs() < f64::EPSILON);
        for _ in 0..5 {
            s.slower();
        }
        assert!((SPEEDS[s.speed] - 0.5).abs() < f64::EPSILON);
    }

    #[test]
    fn stepping_pauses_at_each_moves_time() {
        let mut s = ReplayState::new(&record()).expect("playable");
        s.go_to(1);
        assert!(s.paused);
        assert!((s.clock_ms - 800.0).abs() < 1e-9);
        s.advance(Duration::from_secs(5));
        assert_eq!(s.step, 1, "paused: the clock stands");
        s.go_to(7);
        assert!(s.at_end());
        let mut big = record();
        big.size = slide::game::WrittenSize::square(5);
        big.result = Outcome::Dnf;
        big.scramble = "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0 24".into();
        big.moves = "L".into();
        big.gaps = vec![0];
        let s = ReplayState::new(&big).expect("playable");
        assert_eq!((s.distances, s.reviewed), (Distances::NotShown, 0));
        assert_eq!(s.title, "5×5 easy · dnf");
    }

    #[test]
    fn a_relay_to_five_by_five_has_its_three_and_four_by_four_boards_reviewed() {
        let mut relay = record();
        relay.size = slide::game::WrittenSize::square(5);
        relay.level = "relay-5".into();
        relay.mode = "relay".into();
        relay.result = Outcome::Dnf;
        relay.scramble = "1 2 3/4 5 6/7 0 8;1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15;\
                          1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0 24"
            .into();
        relay.moves = "LLR".into();
        relay.gaps = vec![0, 500, 500];
        let s = ReplayState::new(&relay).expect("playable");
        assert_eq!((s.distances, s.reviewed), (Distances::Computing(None), 2));
        assert_eq!(s.run_boards, Some(3));
    }

    #[test]
    fn a_title_too_wide_for_the_frame_is_shortened_keeping_what_and_the_result() {
        let mut relay = record();
        relay.size = slide::game::WrittenSize::square(4);
        relay.level = "relay-4-seeded".into();
        relay.mode = "relay".into();
        relay.result = Outcome::Solver;
        relay.assisted = true;
        relay.replay = true;
        relay.scramble = "1 2 3/4 5 6/7 0 8;1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15".into();
        relay.moves = "Ll".into();
        relay.gaps = vec![0, 800];
        let s = ReplayState::new(&relay).expect("playable");
        let full = "relay-4 3×3→4×4 · solver · replay · seeded · helped";
        assert_eq!(s.title, full);
        assert_eq!(s.title_within(80), full, "kept whole where it fits");
        assert_eq!(s.title_within(45), "relay-4 · solver · replay · seeded · helped");
        assert_eq!(s.title_within(30), "relay-4 · solver · replay");
        assert_eq!(s.title_within(20), "relay-4 · solver");
        assert_eq!(s.title_within(5), "relay-4 · solver", "the shortest when none fits");
        let single = ReplayState::new(&record()).expect("playable");
        assert_eq!(single.title_within(10), "easy · won");
        assert_eq!(single.title_within(20), "3×3 easy · won");
    }
}
