//! The one type the game talks to about disk: unfinished games, statistics, and what to
//! tell the player about them.
//!
//! It saves the game in progress after every change (a move, an undo, a restart, a hint),
//! on a writer thread so the screen never waits for the disk; closing the terminal, a
//! signal or a crash finds every move on disk. It claims the game it plays so that a second copy of Slide never saves over it;
//! and it records each attempt's result, once, in the history (`history_file.rs`), whose
//! fold is the statistics every view shows. Every failure
//! becomes a [`Notice`] for the screen, never a lost game or a record that was not stored.

use std::time::Duration;

use crate::game::file_lock::FileLock;
use crate::game::game_writer::{GameWriter, WriterHandle, Written};
use std::collections::HashMap;

use crate::game::attempt_record::AttemptRecord;
use crate::game::history::FinishedGame;
use crate::game::outcome::{Ending, Outcome};
use crate::game::records::Records;
use crate::game::session::{Game, SavedGame, unix_millis};
use crate::game::stats::{Bests, Finish, Record, Stats, WinRecord};
use crate::game::store::{Loaded, Store, StoreError};

/// How long a save on quit or on a signal may take before the game gives up on it.
pub const FLUSH_TIMEOUT: Duration = Duration::from_secs(3);

/// At most this many unfinished games are kept; the oldest beyond them is removed, with a
/// notice.
pub const MAX_KEPT_GAMES: usize = 8;

/// A message for the player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// What to say.
    pub text: String,
    /// A warning (something is not saved, or a file was set aside) stays until a key is
    /// pressed; other notices also leave after a few seconds.
    pub warning: bool,
}

impl Notice {
    /// A notice that leaves after a few seconds.
    pub fn info(text: impl Into<String>) -> Notice {
        Notice {
            text: text.into(),
            warning: false,
        }
    }

    /// A notice that stays until a key is pressed.
    pub fn warning(text: impl Into<String>) -> Notice {
        Notice {
            text: text.into(),
            warning: true,
        }
    }
}

/// What the win screen needs to know about the records after a win.
#[derive(Debug, Clone, PartialEq)]
pub struct WinOutcome {
    /// Which record the win set; `None` if it could not be stored.
    pub record: Option<WinRecord>,
    /// Why the win was not stored, if it was not.
    pub not_stored: Option<String>,
    /// The row of this size and kind after the win.
    pub row: Option<Record>,
    /// The bests that apply to this game after the win.
    pub bests: Option<Bests>,
}

/// Unfinished games and statistics on disk.
#[derive(Debug)]
pub struct Persistence {
    store: Option<Store>,
    /// The history as far as this game needs it: the statistics, what is recorded.
    records: Records,
    /// Whether results may be recorded (not when the history came from a newer version or
    /// could not be read: writing would lose it).
    history_writable: bool,
    /// What each win recorded, by attempt: a win reported again gets the same answer.
    outcomes: HashMap<String, WinOutcome>,
    claim: Option<(String, FileLock)>,
    writer: Option<GameWriter>,
    /// The last save failed: said once, until a save works again.
    failing: bool,
    notices: Vec<Notice>,
}

impl Persistence {
    /// Opens the data directory: removes what interrupted writes left, moves an old-format
    /// saved game into place, checks that the directory can be written and loads the
    /// statistics, noting everything the player should hear about.
    pub fn open(store: Result<Store, StoreError>) -> Persistence {
        let mut p = Persistence::disabled();
        let store = match store {
            Ok(s) => s,
            Err(e) => {
                p.notices.push(Notice::warning(format!(
                    "Progress can't be saved: {e}. You can play, but no game or record will be kept."
                )));
                return p;
            }
        };
        if let Err(e) = store.check_writable() {
            p.failing = true;
            p.notices.push(Notice::warning(format!(
                "Progress can't be saved in {}: {}. You can play, but no game or record will be kept.",
                store.dir().display(),
                short_error(&e)
            )));
        } else {
            store.remove_stale_temp_files();
            store.remove_orphan_locks();
            if let Some(n) = store.migrate_legacy_game() {
                p.notices.push(Notice::warning(n));
            }
        }
        match GameWriter::spawn(store.clone()) {
            Ok(w) => p.writer = Some(w),
            Err(e) => p.notices.push(Notice::warning(format!(
                "Progress can't be saved: the saving thread could not start ({e})."
            ))),
        }
        p.history_writable = true;
        match store.load_records() {
            Loaded::Found(h) => {
                for (reason, moved_to) in &h.moved_aside {
                    p.notices.push(Notice::warning(format!(
                        "Your statistics were unreadable ({reason}); the file is kept as {}.",
                        moved_to.display()
                    )));
                }
                if h.unreadable_lines > 0 {
                    p.notices.push(Notice::warning(format!(
                        "{} damaged line(s) of your history ({}) were skipped; they are left in the file.",
                        h.unreadable_lines,
                        store.history_dir().display()
                    )));
                }
                p.records = Records::of(&h);
            }
            Loaded::Missing => {}
            Loaded::MovedAside { reason, moved_to } => p.notices.push(Notice::warning(format!(
                "Your records were unreadable ({reason}); the file is kept as {}. New records start now.",
                moved_to.display()
            ))),
            Loaded::Unreadable { reason } => {
                p.history_writable = false;
                p.notices.push(Notice::warning(format!(
                    "Your history ({}) could not be read: {reason}. It is left as it is, and this game's \
                     results won't be recorded.",
                    store.history_dir().display()
                )));
            }
            Loaded::Newer { version } => {
                p.history_writable = false;
                p.notices.push(Notice::warning(format!(
                    "Your history was written by a newer Slide (format {version}); this version leaves it as \
                     it is and won't record results."
                )));
            }
        }
        p.store = Some(store);
        p
    }

    /// No disk at all (tests, or no data directory): nothing is kept.
    pub fn disabled() -> Persistence {
        Persistence {
            store: None,
            records: Records::default(),
            history_writable: false,
            outcomes: HashMap::new(),
            claim: None,
            writer: None,
            failing: false,
            notices: Vec::new(),
        }
    }

    /// The notices gathered since the last call.
    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    /// The statistics: the fold of the history as last read, with this copy's results.
    pub fn stats(&self) -> &Stats {
        self.records.stats()
    }

    /// The history as this game sees it.
    pub fn records(&self) -> &Records {
        &self.records
    }

    /// The data directory, if there is one.
    pub fn store(&self) -> Option<&Store> {
        self.store.as_ref()
    }

    /// Whether the game in progress has changes not yet saved.
    pub fn is_dirty(&self) -> bool {
        self.writer.as_ref().is_some_and(|w| w.handle().is_pending())
    }

    /// A handle that saves from another thread (a signal watcher), if saving works at all.
    pub fn writer_handle(&self) -> Option<WriterHandle> {
        self.writer.as_ref().map(GameWriter::handle)
    }

    /// Unfinished games that could be resumed, newest first (the current one left out),
    /// with a notice for each file that could not be used.
    pub fn resumable(&mut self) -> Vec<SavedGame> {
        let Some(store) = &self.store else { return Vec::new() };
        let (games, skipped) = store.list_games();
        for s in skipped {
            self.notices.push(Notice::warning(format!(
                "A saved game ({}) is {}.",
                s.path.display(),
                s.reason
            )));
        }
        let current = self.claim.as_ref().map(|(id, _)| id.clone());
        games.into_iter().filter(|g| Some(&g.id) != current.as_ref()).collect()
    }

    /// The unfinished games other copies of Slide are playing (or still closing), newest
    /// first: they are not lost, only out of reach until those copies end.
    pub fn held_elsewhere(&self) -> Vec<SavedGame> {
        let Some(store) = &self.store else { return Vec::new() };
        let current = self.claim.as_ref().map(|(id, _)| id.clone());
        store
            .held_games()
            .into_iter()
            .filter(|g| Some(&g.id) != current.as_ref())
            .collect()
    }

    /// Claims and restores the newest unfinished game no other copy of Slide is playing.
    pub fn resume_newest(&mut self) -> Option<Game> {
        for saved in self.resumable() {
            if let Some(game) = self.try_resume(&saved) {
                return Some(game);
            }
        }
        None
    }

    /// Claims and restores the game `id`.
    pub fn resume(&mut self, id: &str) -> Result<Game, String> {
        let saved = self
            .resumable()
            .into_iter()
            .find(|g| g.id == id)
            .ok_or_else(|| "that game is no longer there (another copy of Slide may have it)".to_string())?;
        self.try_resume(&saved)
            .ok_or_else(|| "another copy of Slide is playing that game".to_string())
    }

    fn try_resume(&mut self, saved: &SavedGame) -> Option<Game> {
        let store = self.store.as_ref()?;
        let lock = store.claim_game(&saved.id).ok()??;
        let game = Game::from_saved(saved).ok()?;
        self.claim = Some((saved.id.clone(), lock));
        Some(game)
    }

    /// Makes `game` the one in play. Nothing is counted: a game is played from its first
    /// move, and counted when its attempt ends. A game with moves is saved at once; an
    /// untouched deal is saved when it changes or when Slide quits, so that a game that
    /// never opened (no terminal) leaves nothing behind.
    pub fn start(&mut self, game: &Game, _new: bool) {
        let Some(store) = self.store.clone() else { return };
        if self.claim.as_ref().is_none_or(|(id, _)| id != game.id()) {
            self.claim = match store.claim_game(game.id()) {
                Ok(Some(lock)) => Some((game.id().to_string(), lock)),
                _ => None,
            };
        }
        if game.moves() > 0 || game.can_redo() || !game.log().is_empty() {
            self.save_now(game);
        }
        self.prune(game.id());
    }

    /// The game in play is being replaced by another: it is saved (and stays resumable
    /// from the new-game menu), unless no move was made in it, when there is nothing to
    /// keep. Its claim is released.
    ///
    /// Its attempt ends (see `outcome.rs`): a DNF, or given up if it was helped, when a
    /// move was made. It is saved as given up, so finishing it later counts as a replay.
    pub fn leave(&mut self, game: &Game) {
        let mut game = game.clone();
        if self.record_ending(&game, Ending::Left).is_some() {
            game.note_given_up();
        }
        let game = &game;
        if let Some(store) = self.store.clone() {
            if game.is_won() {
                // Its file went with the win.
            } else if game.moves() == 0 && !game.can_redo() {
                self.wait_for_writes();
                let _ = store.remove_game(game.id());
            } else {
                self.save_now(game);
            }
        }
        // A game resumed from the menu was claimed before this one is left: keep that claim.
        if self.claim.as_ref().is_some_and(|(id, _)| id == game.id()) {
            self.claim = None;
        }
    }

    /// Ends the attempt at `game` before a restart or the next scramble: a DNF (or given
    /// up, if helped) once a move was made. Returns whether a result was recorded.
    pub fn record_dnf(&mut self, game: &Game) -> bool {
        self.record_ending(game, Ending::Restarted).is_some()
    }

    /// Records how `game`'s attempt ended, once: the model decides the result, the history
    /// keeps it, the statistics count it. `None` when there was nothing to record, it was
    /// recorded before, or it could not be stored (said in a notice).
    pub fn record_ending(&mut self, game: &Game, ending: Ending) -> Option<(AttemptRecord, crate::game::Counted)> {
        let scramble = crate::puzzle::slidysim::format_scramble(game.start());
        let finished_before = self.records.finished_before(&scramble);
        let record = game.ending_record(ending, finished_before, unix_millis())?;
        if self.records.contains(&record.id) {
            return None;
        }
        self.append(record)
    }

    fn append(&mut self, record: AttemptRecord) -> Option<(AttemptRecord, crate::game::Counted)> {
        let store = self.store.clone()?;
        if !self.history_writable {
            return None;
        }
        match store.append_attempts(std::slice::from_ref(&record)) {
            Ok(appended) => {
                if !appended.migrated.is_empty() {
                    let kept: Vec<String> = appended.migrated.iter().map(|p| p.display().to_string()).collect();
                    self.notices.push(Notice::info(format!(
                        "Your records now live in {}; the old files are kept as {}.",
                        store.history_dir().display(),
                        kept.join(" and ")
                    )));
                }
                if let Some((reason, moved_to)) = appended.moved_aside {
                    self.notices.push(Notice::warning(format!(
                        "Part of your history was unreadable ({reason}); the file is kept as {}.",
                        moved_to.display()
                    )));
                }
                let counted = self.records.add(&record).unwrap_or_default();
                Some((record, counted))
            }
            Err(e) => {
                if matches!(e, StoreError::Newer { .. } | StoreError::Unreadable { .. }) {
                    self.history_writable = false;
                }
                // When nothing can be saved at all, the player was told so at start.
                if !self.failing {
                    self.notices.push(Notice::warning(format!(
                        "Your records can't be saved: {}. This result is not recorded.",
                        short_error(&e)
                    )));
                }
                None
            }
        }
    }

    /// Saves the game in play after a change: sent to the writer thread at once.
    pub fn changed(&mut self, game: &Game) {
        if game.is_won() {
            return;
        }
        if let Some(w) = &self.writer {
            let mut saved = game.to_saved();
            saved.saved_at = unix_millis();
            w.save(saved);
        }
    }

    /// Takes the writer's results: a failure is said once, and so is the recovery.
    pub fn tick(&mut self) {
        let Some(w) = &self.writer else { return };
        for result in w.results() {
            match result {
                Written::Ok => {
                    if std::mem::take(&mut self.failing) {
                        self.notices
                            .push(Notice::info("Saving works again: your game is saved."));
                    }
                }
                Written::Failed(e) => {
                    if !std::mem::replace(&mut self.failing, true) {
                        self.notices.push(Notice::warning(format!(
                            "Progress can't be saved: {}. Play on; it will be saved when it can.",
                            short_error(&e)
                        )));
                    }
                }
            }
        }
    }

    /// Saves the game in play and waits for the disk (on quit, on a signal). Returns why
    /// it could not be saved, if it could not.
    pub fn flush(&mut self, game: &Game) -> Result<(), String> {
        if game.is_won() || self.store.is_none() {
            return Ok(());
        }
        self.save_now(game);
        if self.failing || self.is_dirty() {
            return Err(match &self.store {
                Some(s) => format!("the game could not be saved in {}", s.dir().display()),
                None => "there is no data directory to save the game in".to_string(),
            });
        }
        Ok(())
    }

    fn wait_for_writes(&mut self) {
        if let Some(w) = &self.writer {
            w.handle().flush(FLUSH_TIMEOUT);
        }
        self.tick();
    }

    fn save_now(&mut self, game: &Game) {
        self.changed(game);
        self.wait_for_writes();
    }

    /// Keeps at most [`MAX_KEPT_GAMES`] unfinished games, removing the oldest (never the
    /// one in play or one another copy plays) and saying so.
    fn prune(&mut self, current: &str) {
        let Some(store) = self.store.clone() else { return };
        let (games, _) = store.list_games();
        for old in games.iter().filter(|g| g.id != current).skip(MAX_KEPT_GAMES - 1) {
            if store.remove_game(&old.id).is_ok() {
                self.notices.push(Notice::info(format!(
                    "Your oldest unfinished game ({}) was removed: Slide keeps the last {MAX_KEPT_GAMES}.",
                    old.summary(unix_millis())
                )));
            }
        }
    }

    /// Remembers the size and level (`None`: the daily puzzle) chosen in the new-game
    /// menu, for the next start with no game to resume. Best effort: a failure only means
    /// the default is offered next time.
    pub fn remember_choice(&self, size: crate::puzzle::Size, level: Option<crate::difficulty::Level>) {
        if let Some(store) = &self.store {
            let _ = store.save_choice(&crate::game::store::Choice {
                version: 1,
                size: size.side(),
                level: level.map_or_else(|| "daily".to_string(), |l| l.name().to_string()),
            });
        }
    }

    /// The size and level last chosen in the menu (`Some(None)` level: the daily puzzle).
    pub fn last_choice(&self) -> Option<(crate::puzzle::Size, Option<crate::difficulty::Level>)> {
        let choice = self.store.as_ref()?.load_choice()?;
        let size = crate::puzzle::Size::ALL.into_iter().find(|s| s.side() == choice.size)?;
        let level = match choice.level.as_str() {
            "daily" => None,
            name => Some(name.parse().ok()?),
        };
        Some((size, level))
    }

    /// The won games, newest first (the last few hundred), for the statistics screen and
    /// its reviews.
    pub fn history(&mut self) -> Vec<FinishedGame> {
        self.records
            .recent()
            .filter(|r| r.result == Outcome::Won && !r.replay)
            .filter_map(finished_game)
            .collect()
    }

    /// Records a win: counts it (once per attempt: a win reported again gets the same
    /// answer), keeps a best it sets, and removes the game's file (only this game's). The
    /// outcome says which record was set, or why nothing was stored.
    pub fn won(&mut self, game: &Game, finish: &Finish) -> WinOutcome {
        let id = game.attempt_id();
        if let Some(o) = self.outcomes.get(&id) {
            return o.clone();
        }
        let key = game.record_key();
        let Some(store) = self.store.clone() else {
            return WinOutcome {
                record: None,
                not_stored: Some("there is no data directory".into()),
                row: None,
                bests: None,
            };
        };
        let recorded = self.record_ending(game, Ending::Solved);
        // A save of this game still on its way must not bring the file back.
        self.wait_for_writes();
        if let Err(e) = store.remove_game(game.id()) {
            self.notices.push(Notice::warning(format!(
                "The won game's save could not be removed: {}",
                short_error(&e)
            )));
        }
        self.claim = None;
        let _ = finish;
        let not_stored = match &recorded {
            Some(_) => None,
            None if !self.history_writable => Some("the history is left unchanged (see the notice at start)".into()),
            None => Some("the result could not be saved".into()),
        };
        let outcome = WinOutcome {
            record: recorded.map(|(record, counted)| WinRecord {
                beaten: counted.beaten,
                daily_replay: counted.replay && record.daily.is_some(),
                daily_late: counted.late_daily,
            }),
            not_stored,
            row: self.stats().records.get(&key.row()).cloned(),
            bests: self.stats().bests(&key).cloned(),
        };
        self.outcomes.insert(id, outcome.clone());
        outcome
    }
}

/// A won record as the statistics screen lists it.
fn finished_game(r: &AttemptRecord) -> Option<FinishedGame> {
    let start = r.start_board().ok()?;
    let moves = r.log()?.plain_moves();
    Some(FinishedGame {
        id: r.id.clone(),
        finished_at: r.date(),
        size: r.size,
        level: r.level.clone(),
        start: start.to_string(),
        moves: crate::puzzle::format_moves(&moves),
        millis: r.millis,
        move_count: r.stm(),
        hints: r.hints,
        assisted: r.assisted,
        par: r.par,
        par_optimal: r.par.is_some(),
    })
}

/// An error in a few words: the path and the operating system's reason.
fn short_error(e: &StoreError) -> String {
    match e {
        StoreError::Io { path, source } => {
            let reason = match source.kind() {
                std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
                std::io::ErrorKind::ReadOnlyFilesystem => "read-only file system".to_string(),
                std::io::ErrorKind::StorageFull => "the disk is full".to_string(),
                std::io::ErrorKind::NotADirectory => "a file is in the way of the folder".to_string(),
                _ => source.to_string(),
            };
            format!("{}: {reason}", path.display())
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::{Level, UtcDate};
    use crate::game::stats::{Beaten, Kind};
    use crate::puzzle::{Move, Size};

    fn temp_store(tag: &str) -> Store {
        let d = std::env::temp_dir().join(format!("slide-persist-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        Store::at(d)
    }

    fn one_move_game() -> Game {
        Game::new(
            "1 2 3 4 5 6 7 0 8".parse().unwrap(),
            Some(Level::Easy),
            Some(3),
            Some(1),
        )
    }

    fn finish(g: &Game) -> Finish {
        Finish {
            moves: g.moves(),
            time_ms: 10,
            hints: g.hints_used(),
            solver_used: g.solver_used(),
            assisted: g.assisted(),
            par: g.par(),
            date: UtcDate::today(),
            stm: g.stm(),
            timed: !g.given_up(),
        }
    }

    #[test]
    fn a_started_game_resumes_with_its_moves_and_counts_once() {
        let store = temp_store("resume");
        let mut p = Persistence::open(Ok(store.clone()));
        assert!(p.take_notices().is_empty());
        let mut g = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), Some(Level::Easy), Some(1), None);
        p.start(&g, true);
        g.play(Move::Left);
        p.changed(&g);
        assert!(p.writer_handle().unwrap().flush(FLUSH_TIMEOUT));
        assert!(!p.is_dirty());
        drop(p);
        let mut again = Persistence::open(Ok(store.clone()));
        let back = again.resume_newest().expect("resumed");
        assert_eq!(back.moves(), 1);
        assert_eq!(back.id(), g.id());
        assert!(
            again.stats().row(Size::THREE, Kind::Level(Level::Easy)).is_none(),
            "a game is counted when its attempt ends, not when it starts or resumes"
        );
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn two_copies_never_play_the_same_game_and_a_win_removes_only_its_own() {
        let store = temp_store("two");
        let mut first = Persistence::open(Ok(store.clone()));
        let mut a = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), Some(Level::Easy), Some(1), None);
        first.start(&a, true);
        a.play(Move::Left);
        first.changed(&a);
        assert!(first.writer_handle().unwrap().flush(FLUSH_TIMEOUT));
        let mut second = Persistence::open(Ok(store.clone()));
        assert!(second.resume_newest().is_none(), "the first copy is playing it");
        let held: Vec<String> = second.held_elsewhere().into_iter().map(|g| g.id).collect();
        assert_eq!(held, vec![a.id().to_string()], "and the second copy can say so");
        assert!(first.held_elsewhere().is_empty(), "its own game is not elsewhere");
        let mut b = one_move_game();
        second.start(&b, true);
        assert!(b.play(Move::Left));
        let outcome = second.won(&b, &finish(&b));
        assert!(outcome.not_stored.is_none());
        drop(first);
        let mut third = Persistence::open(Ok(store.clone()));
        let resumed = third.resume_newest().expect("the first copy's game is still there");
        assert_eq!(resumed.id(), a.id());
        let row = third.stats().row(Size::THREE, Kind::Level(Level::Easy)).unwrap();
        assert_eq!(
            (row.played, row.won),
            (1, 1),
            "the win counts; the first copy's game is counted when it ends"
        );
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn leaving_an_untouched_game_forgets_it_but_a_played_one_stays_resumable() {
        let store = temp_store("leave");
        let mut p = Persistence::open(Ok(store.clone()));
        let untouched = one_move_game();
        p.start(&untouched, true);
        p.leave(&untouched);
        let mut played = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), Some(Level::Easy), Some(1), None);
        p.start(&played, true);
        played.play(Move::Left);
        p.changed(&played);
        p.leave(&played);
        let next = one_move_game();
        p.start(&next, true);
        let ids: Vec<String> = p.resumable().into_iter().map(|g| g.id).collect();
        assert_eq!(ids, vec![played.id().to_string()]);
        // The played game was given up: a DNF (the untouched one is none), and its save
        // says so, so that finishing it later is not timed again.
        let speed = &p.stats().row(Size::THREE, Kind::Level(Level::Easy)).unwrap().speed;
        assert_eq!(speed.recent, vec![None]);
        let resumed = p.resume(played.id()).expect("resumable");
        assert!(resumed.given_up());
        assert!(!p.record_dnf(&resumed), "counted once");
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn an_unwritable_directory_warns_at_start_and_records_nothing() {
        let base = temp_store("unwritable");
        std::fs::create_dir_all(base.dir()).unwrap();
        // A plain file where the data directory should be: nothing can be written under it.
        let blocked = base.dir().join("plain-file");
        std::fs::write(&blocked, b"x").unwrap();
        let mut p = Persistence::open(Ok(Store::at(blocked.clone())));
        let notices = p.take_notices();
        assert!(
            notices.iter().any(|n| n.warning && n.text.contains("can't be saved")),
            "{notices:?}"
        );
        let mut g = one_move_game();
        p.start(&g, true);
        g.play(Move::Left);
        let outcome = p.won(&g, &finish(&g));
        assert!(outcome.record.is_none());
        assert!(outcome.not_stored.is_some(), "the win screen must not claim a record");
        let _ = std::fs::remove_dir_all(base.dir());
    }

    #[test]
    fn a_won_game_reports_the_record_it_set() {
        let store = temp_store("record");
        let mut p = Persistence::open(Ok(store.clone()));
        let mut g = one_move_game();
        p.start(&g, true);
        g.play(Move::Left);
        let outcome = p.won(&g, &finish(&g));
        assert_eq!(outcome.record.unwrap().beaten, Some(Beaten::First { assisted: false }));
        assert_eq!(outcome.row.unwrap().won, 1);
        assert!(p.resumable().is_empty(), "a win removes its game");
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_win_is_logged_with_its_moves_and_a_corrupt_log_is_set_aside_with_a_notice() {
        let store = temp_store("log");
        let mut p = Persistence::open(Ok(store.clone()));
        let mut g = one_move_game();
        p.start(&g, true);
        g.play(Move::Left);
        p.won(&g, &finish(&g));
        let log = p.history();
        assert_eq!(log.len(), 1);
        assert_eq!(log[0].id, g.attempt_id());
        assert_eq!(log[0].moves, "L");
        assert_eq!(log[0].start_board().unwrap(), *g.start());

        drop(p);
        let active = store.history_dir().join("active.jsonl");
        std::fs::write(&active, "not json").unwrap();
        let mut p = Persistence::open(Ok(store.clone()));
        assert!(p.history().is_empty());
        let notices = p.take_notices();
        assert!(
            notices.iter().any(|n| n.warning && n.text.contains("unreadable")),
            "{notices:?}"
        );
        assert!(!active.exists(), "moved aside, not erased");
        let _ = std::fs::remove_dir_all(store.dir());
    }
}
