//! The one type the game talks to about disk: unfinished games, statistics, and what to
//! tell the player about them.
//!
//! It saves the game in progress after every change (a move, an undo, a restart, a hint),
//! on a writer thread so the screen never waits for the disk; closing the terminal, a
//! signal or a crash finds every move on disk. It claims the game it plays so that a second copy of Slide never saves over it;
//! and it records starts and wins in the shared statistics under a lock. Every failure
//! becomes a [`Notice`] for the screen, never a lost game or a record that was not stored.

use std::time::Duration;

use crate::game::file_lock::FileLock;
use crate::game::game_writer::{GameWriter, WriterHandle, Written};
use crate::game::history::FinishedGame;
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
    stats: Stats,
    /// Whether the statistics may be written (not when they came from a newer version or
    /// could not be read: writing would lose them).
    stats_writable: bool,
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
        p.stats_writable = true;
        match store.load_stats() {
            Loaded::Found(s) => p.stats = s,
            Loaded::Missing => {}
            Loaded::MovedAside { reason, moved_to } => p.notices.push(Notice::warning(format!(
                "Your statistics were unreadable ({reason}); the file is kept as {}. New statistics start now.",
                moved_to.display()
            ))),
            Loaded::Unreadable { reason } => {
                p.stats_writable = false;
                p.notices.push(Notice::warning(format!(
                    "Your statistics ({}) could not be read: {reason}. They are left as they are, and this game's \
                     results won't be recorded.",
                    store.stats_path().display()
                )));
            }
            Loaded::Newer { version } => {
                p.stats_writable = false;
                p.notices.push(Notice::warning(format!(
                    "Your statistics were written by a newer Slide (format {version}); this version leaves them as \
                     they are and won't record results."
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
            stats: Stats::default(),
            stats_writable: false,
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

    /// The statistics as last read or written.
    pub fn stats(&self) -> &Stats {
        &self.stats
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

    /// Makes `game` the one in play. A `new` game (just dealt, or a board given by hand)
    /// counts as played now, once; a resumed one was counted when it was dealt. The game is
    /// saved at once, so it is what the next start resumes.
    pub fn start(&mut self, game: &Game, new: bool) {
        let Some(store) = self.store.clone() else { return };
        if self.claim.as_ref().is_none_or(|(id, _)| id != game.id()) {
            self.claim = match store.claim_game(game.id()) {
                Ok(Some(lock)) => Some((game.id().to_string(), lock)),
                _ => None,
            };
        }
        if new {
            let key = game.record_key();
            // A failure is told by update_stats itself.
            let _ = self.update_stats(|s| s.record_start(&key));
        }
        self.save_now(game);
        self.prune(game.id());
    }

    /// The game in play is being replaced by another: it is saved (and stays resumable
    /// from the new-game menu), unless no move was made in it, when there is nothing to
    /// keep. Its claim is released.
    ///
    /// A game given up this way counts as a DNF in its level's averages (see
    /// [`Game::would_be_dnf`]) and is saved as such, so finishing it later is not timed.
    pub fn leave(&mut self, game: &Game) {
        let mut game = game.clone();
        if self.record_dnf(&game) {
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

    /// Counts the attempt at `game` as a DNF in its level's averages if it would be one
    /// (unassisted, begun, unfinished); returns whether it was counted.
    pub fn record_dnf(&mut self, game: &Game) -> bool {
        if !game.would_be_dnf() {
            return false;
        }
        let key = game.record_key();
        self.update_stats(|s| s.record_dnf(&key)).is_ok()
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

    /// The game log, newest first, for the statistics screen. A log that cannot be read is
    /// a notice and reads as empty; a corrupt one is moved aside.
    pub fn history(&mut self) -> Vec<FinishedGame> {
        let Some(store) = &self.store else {
            return Vec::new();
        };
        match store.load_history() {
            Loaded::Found(h) => h.games.into_iter().rev().collect(),
            Loaded::Missing => Vec::new(),
            Loaded::MovedAside { reason, moved_to } => {
                self.notices.push(Notice::warning(format!(
                    "Your game log was unreadable ({reason}); the file is kept as {}. A new log starts now.",
                    moved_to.display()
                )));
                Vec::new()
            }
            Loaded::Unreadable { reason } => {
                self.notices.push(Notice::warning(format!(
                    "Your game log ({}) could not be read: {reason}.",
                    store.history_path().display()
                )));
                Vec::new()
            }
            Loaded::Newer { version } => {
                self.notices.push(Notice::warning(format!(
                    "Your game log was written by a newer Slide (format {version}); this version can't show it."
                )));
                Vec::new()
            }
        }
    }

    /// Records a win: counts it, keeps a best it sets, and removes the game's file (only
    /// this game's). The outcome says which record was set, or why nothing was stored.
    pub fn won(&mut self, game: &Game, finish: &Finish) -> WinOutcome {
        let key = game.record_key();
        let Some(store) = self.store.clone() else {
            return WinOutcome {
                record: None,
                not_stored: Some("there is no data directory".into()),
                row: None,
                bests: None,
            };
        };
        let record = self.update_stats(|s| s.record_win(&key, finish));
        self.log_win(&store, game, finish);
        // A save of this game still on its way must not bring the file back.
        self.wait_for_writes();
        if let Err(e) = store.remove_game(game.id()) {
            self.notices.push(Notice::warning(format!(
                "The won game's save could not be removed: {}",
                short_error(&e)
            )));
        }
        self.claim = None;
        let not_stored = match &record {
            Ok(_) => None,
            Err(e) => Some(e.clone()),
        };
        WinOutcome {
            record: record.ok(),
            not_stored,
            row: self.stats.records.get(&key.row()).cloned(),
            bests: self.stats.bests(&key).cloned(),
        }
    }

    /// Appends the won game to the game log (for the statistics screen and the review).
    /// A failure is a notice; the win itself is recorded all the same.
    fn log_win(&mut self, store: &Store, game: &Game, finish: &Finish) {
        let entry = FinishedGame::of(game, finish, std::time::SystemTime::now());
        match store.append_history(entry) {
            Ok(update) => {
                if let Some((reason, moved_to)) = update.moved_aside {
                    self.notices.push(Notice::warning(format!(
                        "Your game log was unreadable ({reason}); the file is kept as {}. A new log starts now.",
                        moved_to.display()
                    )));
                }
            }
            // When nothing can be saved at all, the player was told so at start.
            Err(e) if !self.failing => self.notices.push(Notice::warning(format!(
                "This game could not be added to your game log: {}.",
                short_error(&e)
            ))),
            Err(_) => {}
        }
    }

    fn update_stats<R>(&mut self, change: impl FnOnce(&mut Stats) -> R) -> Result<R, String> {
        let Some(store) = &self.store else {
            return Err("there is no data directory".into());
        };
        if !self.stats_writable {
            return Err("the statistics file is left unchanged (see the notice at start)".into());
        }
        match store.update_stats(change) {
            Ok(update) => {
                self.stats = update.stats;
                if let Some((reason, moved_to)) = update.moved_aside {
                    self.notices.push(Notice::warning(format!(
                        "Your statistics were unreadable ({reason}); the file is kept as {}. New statistics start now.",
                        moved_to.display()
                    )));
                }
                Ok(update.value)
            }
            Err(e) => {
                if matches!(e, StoreError::Newer { .. } | StoreError::Unreadable { .. }) {
                    self.stats_writable = false;
                }
                let text = short_error(&e);
                // When nothing can be saved at all, the player was told so at start.
                if !self.failing {
                    self.notices.push(Notice::warning(format!(
                        "Statistics can't be saved: {text}. This result is not recorded."
                    )));
                }
                Err(text)
            }
        }
    }
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
        let row = again.stats().row(Size::THREE, Kind::Level(Level::Easy)).unwrap();
        assert_eq!(row.played, 1, "resuming does not count the game again");
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn two_copies_never_play_the_same_game_and_a_win_removes_only_its_own() {
        let store = temp_store("two");
        let mut first = Persistence::open(Ok(store.clone()));
        let a = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), Some(Level::Easy), Some(1), None);
        first.start(&a, true);
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
        assert_eq!((row.played, row.won), (2, 1), "both starts and the win merged");
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
        assert_eq!(log[0].id, g.id());
        assert_eq!(log[0].moves, "L");
        assert_eq!(log[0].start_board().unwrap(), *g.start());

        std::fs::write(store.history_path(), "not json").unwrap();
        p.take_notices();
        assert!(p.history().is_empty());
        let notices = p.take_notices();
        assert!(
            notices.iter().any(|n| n.warning && n.text.contains("game log")),
            "{notices:?}"
        );
        let _ = std::fs::remove_dir_all(store.dir());
    }
}
