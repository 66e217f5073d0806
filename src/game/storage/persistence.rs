//! The one type the game talks to about disk: unfinished games, statistics, and what to
//! tell the player about them.
//!
//! It saves the game in progress after every change (a move, an undo, a restart, a hint),
//! on a writer thread so the screen never waits for the disk; closing the terminal, a
//! signal or a crash finds every move on disk. It claims the game it plays so that a second copy of Slide never saves over it;
//! and it records each attempt's result, once, in the history (`history_file.rs`), whose
//! fold is the statistics every view shows. Every failure
//! becomes a [`Notice`] for the screen, never a lost game or a record that was not stored.

use std::collections::{HashMap, HashSet};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use crate::game::play::game::{Game, SavedGame, unix_millis};
use crate::game::records::history_view::Records;
use crate::game::records::outcome::Ending;
use crate::game::records::stats::Stats;
use crate::game::records::win_report::Recorded;
use crate::game::storage::game_writer::{AppendResult, GameWriter, WriterHandle, Written};
use crate::game::storage::history_folder::HistoryStamp;
use crate::game::storage::pending_results::After;
use crate::game::storage::store::{GameClaim, Loaded, Store, StoreError, aside_notice, kept_as};
pub use crate::game::storage::store_error::{NOT_RECORDED_YET, PersistError};

mod kept_games;
mod recording;

/// How long the last save on quit or on a signal may take before the game gives up on it
/// and says so. (Nothing else waits for the disk: the writer's queue keeps changes in order.)
pub const FLUSH_TIMEOUT: Duration = Duration::from_secs(3);

/// How long the end of an attempt waits to hear that its result is in the history, so
/// that the win screen says what was stored. A slower disk stores it in its turn, and a
/// failure then is said in a notice (and at exit).
pub(crate) const RECORD_WAIT: Duration = Duration::from_secs(1);

/// At most this many unfinished games with moves are kept; the oldest beyond them is
/// removed once its attempt is recorded, with a notice. Deals with no move go first.
pub(crate) const MAX_KEPT_GAMES: usize = 8;

/// How often the game is saved while its clock runs, with no move: what a crash can lose.
pub const CLOCK_SAVE_EVERY: Duration = Duration::from_secs(1);

/// How often results that wait for the history are written again while the game runs.
pub(crate) const RETRY_EVERY: Duration = Duration::from_secs(2);

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
    outcomes: HashMap<String, Recorded>,
    /// The attempts of this run recorded as replays.
    replays: HashSet<String>,
    /// The history as this copy last saw it: when it read it, or when it appended to it
    /// (the writer says the stamp after each append). A different stamp means another copy
    /// recorded something (or cleared the records) since, and the records are read again.
    history_seen: Option<HistoryStamp>,
    /// This copy's claims: the game in play's, and one resumed from the menu until the game
    /// it replaces is left.
    claims: Vec<GameClaim>,
    writer: Option<GameWriter>,
    /// Results counted but not yet known to be in the history (the disk was slower than
    /// `record_wait`): each one's answer from the writer.
    late_appends: Vec<Receiver<AppendResult>>,
    /// How long the end of an attempt waits for its result to be stored ([`RECORD_WAIT`]).
    record_wait: Duration,
    /// The last save failed: said once, until a save works again.
    failing: bool,
    /// When the results that wait for the history are to be written again, if any wait.
    retry_at: Option<Instant>,
    /// How long after a failure they are written again ([`RETRY_EVERY`]).
    retry_every: Duration,
    /// Why results still waited at the last retry.
    still_waiting: Option<StoreError>,
    /// When the running clock was last saved (`None` while it is stopped).
    clock_saved_at: Option<Instant>,
    notices: Vec<Notice>,
}

impl Persistence {
    /// Opens the data directory: removes what interrupted writes left, moves an old-format
    /// saved game into place, checks that the directory can be written and loads the
    /// statistics, noting everything the player should hear about.
    pub fn open(store: Result<Store, StoreError>) -> Persistence {
        Persistence::open_with_writer_delay(store, Duration::ZERO)
    }

    /// [`Persistence::open`] with a writer that waits `delay` before each batch of jobs (a
    /// slow disk, for tests).
    pub(crate) fn open_with_writer_delay(store: Result<Store, StoreError>, delay: Duration) -> Persistence {
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
            let why = match &e {
                StoreError::NotAFolder { .. } => e.to_string(),
                other => format!("{}: {other}", store.dir().display()),
            };
            p.notices.push(Notice::warning(format!(
                "Progress can't be saved ({why}). You can play, but no game or record will be kept."
            )));
        } else {
            store.remove_stale_temp_files();
            store.remove_orphan_locks();
            if let Some(n) = store.migrate_legacy_game() {
                p.notices.push(Notice::warning(n));
            }
            p.settle_saved_results(&store);
        }
        match GameWriter::spawn_with_delay(store.clone(), delay) {
            Ok(w) => p.writer = Some(w),
            Err(e) => p.notices.push(Notice::warning(format!(
                "Progress can't be saved: the saving thread could not start ({e})."
            ))),
        }
        p.history_writable = true;
        p.history_seen = store.history_stamp();
        // A session begins with the program: nothing recorded before counts in it.
        let now = unix_millis();
        p.records.new_session(now);
        p.take_history(&store, now);
        if !p.failing {
            p.keep_session_start(&store, now);
        }
        p.store = Some(store);
        p
    }

    /// Loads the records of the history at the start of session `now`, with a notice of
    /// whatever the player should hear of it; a history that can't be written to is noted.
    fn take_history(&mut self, store: &Store, now: u64) {
        match store.load_records() {
            Loaded::Found(h) => {
                // Said at every start until the player acts: lines, not boxes to close.
                for (reason, path) in &h.moved_aside {
                    let said = if path.starts_with(store.history_dir()) {
                        // A history file read in part, or set aside: what was read, and where.
                        format!(
                            "Your history was read: {} attempt(s) counted. {}: {reason}.",
                            h.attempts.len(),
                            kept_as(path)
                        )
                    } else {
                        // An older version's file, unreadable, moved aside whole.
                        aside_notice("Your statistics were", reason, path)
                    };
                    self.notices.push(Notice::info(said));
                }
                if h.unreadable_lines > 0 {
                    self.notices.push(Notice::info(format!(
                        "{} damaged line(s) of your history ({}) were skipped; they are left in the file.",
                        h.unreadable_lines,
                        store.history_dir().display()
                    )));
                }
                self.records = h.records_since(now);
            }
            Loaded::Missing => {}
            Loaded::MovedAside { reason, moved_to } => self.notices.push(Notice::warning(format!(
                "{} New statistics start now.",
                aside_notice("Your statistics were", &reason, &moved_to)
            ))),
            // Nothing can be kept at all, as the notice above says: no second one.
            Loaded::Unreadable { .. } if self.failing => self.history_writable = false,
            Loaded::Unreadable { reason } => {
                self.history_writable = false;
                self.notices.push(Notice::warning(format!(
                    "Your records ({}) could not be read: {reason}. They are left as they are, and this game's \
                 results won't be recorded.",
                    store.dir().display()
                )));
            }
            Loaded::Newer { version } => {
                self.history_writable = false;
                self.notices.push(Notice::warning(format!(
                    "Your records were written by a newer Slide (format {version}); this version leaves them as \
                 they are and won't record results."
                )));
            }
        }
    }

    /// No disk at all (tests, or no data directory): nothing is kept.
    pub fn disabled() -> Persistence {
        Persistence {
            store: None,
            records: Records::default(),
            history_writable: false,
            outcomes: HashMap::new(),
            replays: HashSet::new(),
            history_seen: None,
            claims: Vec::new(),
            writer: None,
            late_appends: Vec::new(),
            record_wait: RECORD_WAIT,
            failing: false,
            retry_at: None,
            retry_every: RETRY_EVERY,
            still_waiting: None,
            clock_saved_at: None,
            notices: Vec::new(),
        }
    }

    /// The notices gathered since the last call.
    pub fn take_notices(&mut self) -> Vec<Notice> {
        std::mem::take(&mut self.notices)
    }

    /// The statistics as last read or written.
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
            let text = if s.moved_aside {
                format!(
                    "A saved game {}; it is kept as {}.",
                    s.reason,
                    crate::game::storage::store::kept_as(&s.path)
                )
            } else {
                format!("A saved game ({}) {}.", s.path.display(), s.reason)
            };
            self.notices.push(Notice::info(text));
        }
        games.into_iter().filter(|g| !self.holds(&g.id)).collect()
    }

    /// The unfinished games other copies of Slide are playing (or still closing), newest
    /// first: they are not lost, only out of reach until those copies end.
    pub fn held_elsewhere(&self) -> Vec<SavedGame> {
        let Some(store) = &self.store else { return Vec::new() };
        store.held_games().into_iter().filter(|g| !self.holds(&g.id)).collect()
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
    pub fn resume(&mut self, id: &str) -> Result<Game, PersistError> {
        let saved = self
            .resumable()
            .into_iter()
            .find(|g| g.id == id)
            .ok_or(PersistError::GameGone)?;
        self.try_resume(&saved).ok_or(PersistError::GameHeld)
    }

    fn try_resume(&mut self, saved: &SavedGame) -> Option<Game> {
        let store = self.store.as_ref()?;
        let claim = store.claim_game(&saved.id).ok()??;
        let game = Game::from_saved(&self.renumbered(saved)).ok()?;
        self.claims.push(claim);
        Some(game)
    }

    /// Whether this copy holds the game `id`.
    fn holds(&self, id: &str) -> bool {
        self.claims.iter().any(|c| c.id() == id)
    }

    /// This copy's claim on the game `id`, taken out of its list.
    fn take_claim(&mut self, id: &str) -> Option<GameClaim> {
        let i = self.claims.iter().position(|c| c.id() == id)?;
        Some(self.claims.swap_remove(i))
    }

    /// Makes `game` the one in play. Nothing is counted: a game is played from its first
    /// move, and counted when its attempt ends. The game is saved at once, so that it is
    /// what the next start resumes and other copies see it held; a game whose screen never
    /// opened is [`left`](Persistence::leave) with no move, which removes it. Nothing here
    /// waits for the disk.
    pub fn start(&mut self, game: &Game, _new: bool) {
        let Some(store) = self.store.clone() else { return };
        if !self.holds(game.id())
            && let Ok(Some(claim)) = store.claim_game(game.id())
        {
            self.claims.push(claim);
        }
        // Not waited for: the writer keeps the order (the game left before, then this one),
        // and a failure is said at the next tick. A held history lock or a slow disk never
        // holds up the screen.
        self.changed(game);
        self.tick();
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
        if let Some(record) = self.ending_of(&game, Ending::Left) {
            game.note_given_up();
            // The result and the save as given up go to the disk together: a result that
            // can't be written waits in that save.
            let mut next = game.to_saved();
            next.saved_at = unix_millis();
            let _ = self.keep_result(game.id(), record, After::Keep(Some(Box::new(next))));
        }
        let game = &game;
        if self.store.is_none() || game.is_won() {
            // Nothing is kept, or its removal was queued with the win.
        } else if game.moves() == 0 && !game.can_redo() {
            self.remove(game.id());
        } else {
            self.changed(game);
            // Its claim is let go of once its last save is on disk (a game resumed from the
            // menu, claimed before this one is left, keeps its own).
            if let Some(claim) = self.take_claim(game.id()) {
                self.release(claim);
            }
        }
    }

    /// Removes the game `id`'s files behind the saves sent before, under this copy's claim
    /// on it if it has one (let go of once the files are gone).
    fn remove(&mut self, id: &str) {
        let claim = self.take_claim(id);
        match (&self.writer, &self.store) {
            (Some(w), _) => w.handle().remove(id, claim),
            (None, Some(store)) => {
                let _ = store.remove_game(id, claim);
            }
            (None, None) => {}
        }
    }

    /// Lets go of `claim` behind the saves sent before.
    fn release(&self, claim: GameClaim) {
        match &self.writer {
            Some(w) => w.handle().release(claim),
            None => drop(claim),
        }
    }

    /// Time passed with `game` in play: while its clock runs, the game is saved at least
    /// every [`CLOCK_SAVE_EVERY`], so that a crash or a kill -9 loses at most that much of
    /// its time (a move saves it too).
    pub fn clock_ran(&mut self, game: &Game, now: Instant) {
        if !game.clock().is_running() {
            self.clock_saved_at = None;
            return;
        }
        match self.clock_saved_at {
            Some(at) if now.saturating_duration_since(at) < CLOCK_SAVE_EVERY => {}
            Some(_) => {
                self.changed(game);
                self.clock_saved_at = Some(now);
            }
            // The clock just started (a move, which saved the game, or the board shown).
            None => self.clock_saved_at = Some(now),
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

    /// Takes the writer's results: a failure is said once, and so is the recovery. Results
    /// that wait for the history are written again when it is time.
    pub fn tick(&mut self) {
        self.settle_late_appends();
        let Some(w) = &self.writer else { return };
        if self.retry_at.is_some_and(|at| Instant::now() >= at) {
            self.retry_at = None;
            w.handle().retry();
        }
        for result in w.results() {
            match result {
                Written::Recorded(record) => {
                    self.still_waiting = None;
                    self.count(&record);
                    self.notices.push(Notice::info(format!(
                        "Recorded: the result of {} that waited is in your history now.",
                        record.id
                    )));
                }
                Written::StillWaiting(e) => {
                    self.retry_at.get_or_insert_with(|| Instant::now() + self.retry_every);
                    self.still_waiting = Some(e);
                }
                Written::Ok => {
                    if std::mem::take(&mut self.failing) {
                        self.notices
                            .push(Notice::info("Saving works again: your game is saved."));
                    }
                }
                Written::Failed(e) => {
                    if !std::mem::replace(&mut self.failing, true) {
                        self.notices.push(Notice::warning(format!(
                            "Progress can't be saved: {e}. Play on; it will be saved when it can."
                        )));
                    }
                }
                // Done, or another copy took the game meanwhile: it is that copy's now.
                Written::Removed { .. }
                | Written::NotRemoved {
                    error: StoreError::Held { .. },
                    ..
                } => {}
                Written::NotRemoved { id, error } => {
                    // When nothing can be saved at all, the player was told so at start.
                    if !self.failing {
                        self.notices.push(Notice::warning(format!(
                            "A finished game's save ({id}) could not be removed: {error}"
                        )));
                    }
                }
            }
        }
    }

    /// Saves the game in play and waits for the disk, at most [`FLUSH_TIMEOUT`] (on quit,
    /// on a signal). Returns why it could not be saved, if it could not, or else why a
    /// result counted on a slow disk could not be recorded after all.
    pub fn flush(&mut self, game: &Game) -> Result<(), PersistError> {
        // With no data directory the player was told at start that nothing is kept.
        let Some(store) = &self.store else {
            return Ok(());
        };
        let dir = store.dir().to_path_buf();
        if !game.is_won() {
            self.changed(game);
        }
        if let Some(w) = &self.writer {
            w.handle().flush(FLUSH_TIMEOUT);
        }
        let mut not_recorded = self.settle_late_appends();
        self.tick();
        // Results that wait get a last try; what still waits stays in its save, for the
        // next start.
        if (self.retry_at.is_some() || self.still_waiting.is_some())
            && let Some(w) = &self.writer
        {
            self.still_waiting = None;
            w.handle().retry();
            w.handle().flush(FLUSH_TIMEOUT);
            self.tick();
            not_recorded = not_recorded.or(self.still_waiting.take());
        }
        if !game.is_won() && (self.failing || self.is_dirty() || self.writer.is_none()) {
            return Err(PersistError::NotSaved(dir));
        }
        match not_recorded {
            Some(e) => Err(PersistError::NotRecorded(e)),
            None => Ok(()),
        }
    }

    /// Remembers the size and level (`None`: the daily puzzle) chosen in the new-game
    /// menu, for the next start with no game to resume. Best effort: a failure only means
    /// the default is offered next time.
    pub fn remember_choice(&self, size: crate::puzzle::Size, level: Option<crate::difficulty::Level>) {
        if let Some(store) = &self.store {
            let _ = store.save_choice(&crate::game::storage::store::Choice {
                version: 1,
                size: crate::game::play::written_size::WrittenSize::of(size),
                level: level.map_or_else(|| "daily".to_string(), |l| l.name().to_string()),
            });
        }
    }

    /// The size and level last chosen in the menu (`Some(None)` level: the daily puzzle).
    pub fn last_choice(&self) -> Option<(crate::puzzle::Size, Option<crate::difficulty::Level>)> {
        let choice = self.store.as_ref()?.load_choice()?;
        let size = choice.size.size()?;
        let level = match choice.level.as_str() {
            "daily" if size.is_classic() => None,
            name => Some(name.parse().ok().filter(|&l| crate::difficulty::offers(size, l))?),
        };
        Some((size, level))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::Level;
    use crate::game::records::stats::{Beaten, Kind};
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
        let outcome = second.won(&b);
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
        // A start waits for no disk: the writer's queue is let finish before looking.
        assert!(p.writer_handle().unwrap().flush(FLUSH_TIMEOUT));
        let ids: Vec<String> = p.resumable().into_iter().map(|g| g.id).collect();
        assert_eq!(ids, vec![played.id().to_string()]);
        // The played game was given up: a DNF (the untouched one is none), and its save
        // says so, so that finishing it later is not timed again.
        let speed = &p.stats().row(Size::THREE, Kind::Level(Level::Easy)).unwrap().speed;
        assert_eq!(speed.recent, vec![None]);
        let resumed = p.resume(played.id()).expect("resumable");
        assert!(resumed.given_up());
        assert!(p.record_ending(&resumed, Ending::Restarted).is_none(), "counted once");
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn an_unwritable_directory_warns_once_at_start_and_records_nothing() {
        let base = temp_store("unwritable");
        std::fs::create_dir_all(base.dir()).unwrap();
        // A plain file where the data directory should be: nothing can be written under it.
        let blocked = base.dir().join("plain-file");
        std::fs::write(&blocked, b"x").unwrap();
        let mut p = Persistence::open(Ok(Store::at(blocked.clone())));
        let notices = p.take_notices();
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(
            notices[0].warning && notices[0].text.contains("can't be saved"),
            "{notices:?}"
        );
        assert!(
            notices[0]
                .text
                .contains(&format!("{} is a file, not a folder", blocked.display())),
            "{notices:?}"
        );
        let mut g = one_move_game();
        p.start(&g, true);
        g.play(Move::Left);
        let outcome = p.won(&g);
        assert!(outcome.beaten.is_none());
        assert!(outcome.not_stored.is_some(), "the win screen must not claim a record");
        p.flush(&g).unwrap();
        // No word of a save that was never made.
        assert_eq!(p.take_notices(), vec![]);
        let _ = std::fs::remove_dir_all(base.dir());
    }

    #[test]
    fn a_won_game_never_comes_back_however_slow_the_disk() {
        let store = temp_store("slow");
        // Each batch of writes waits: the win comes while the last moves are still queued.
        let mut p = Persistence::open_with_writer_delay(Ok(store.clone()), Duration::from_millis(300));
        let mut g = Game::new("1 2 3 4 8 5 7 0 6".parse().unwrap(), Some(Level::Easy), Some(3), None);
        p.start(&g, true);
        for m in [Move::Down, Move::Left, Move::Up] {
            assert!(g.play(m));
            p.changed(&g);
        }
        assert!(g.is_won());
        let outcome = p.won(&g);
        assert!(outcome.not_stored.is_none());
        // The save's removal follows the result's append in the same job of the writer, so
        // it may or may not be done by now (a race this test must not depend on). Another
        // copy, meanwhile, cannot take the game: its claim goes with the removal.
        let mut other = Persistence::open(Ok(store.clone()));
        assert!(other.resume_newest().is_none());
        assert!(p.writer_handle().unwrap().flush(Duration::from_secs(30)));
        p.tick();
        assert_eq!(p.take_notices(), vec![]);
        drop(p);
        let mut later = Persistence::open(Ok(store.clone()));
        assert!(later.resume_newest().is_none(), "the won game never returns");
        assert!(later.held_elsewhere().is_empty());
        let left: Vec<String> = std::fs::read_dir(store.dir().join("games"))
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with('.'))
            .collect();
        assert!(left.is_empty(), "no save or lock file left: {left:?}");
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_game_left_on_a_slow_disk_is_resumed_elsewhere_with_its_last_move() {
        let store = temp_store("slowleave");
        let mut p = Persistence::open_with_writer_delay(Ok(store.clone()), Duration::from_millis(200));
        let mut g = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), Some(Level::Easy), Some(1), None);
        p.start(&g, true);
        assert!(g.play(Move::Left));
        p.changed(&g);
        p.leave(&g);
        // The claim is let go of only behind the last save: another copy either still
        // finds the game held or resumes it with its move, never an older save.
        let mut other = Persistence::open(Ok(store.clone()));
        if let Some(back) = other.resume_newest() {
            assert_eq!(back.moves(), 1);
        }
        drop(other);
        assert!(p.writer_handle().unwrap().flush(Duration::from_secs(30)));
        let mut other = Persistence::open(Ok(store.clone()));
        assert_eq!(other.resume_newest().expect("resumable").moves(), 1);
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn pruning_never_removes_a_game_another_copy_holds() {
        let store = temp_store("prune");
        let mut ids = Vec::new();
        for i in 0..=MAX_KEPT_GAMES {
            let mut saved = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), None, None, None).to_saved();
            saved.saved_at = i as u64 + 1;
            store.save_game(&saved).unwrap();
            ids.push(saved.id);
        }
        // The oldest is open in another copy.
        let held = store.claim_game(&ids[0]).unwrap().expect("free");
        let mut p = Persistence::open(Ok(store.clone()));
        let g = one_move_game();
        p.start(&g, true);
        assert!(p.writer_handle().unwrap().flush(Duration::from_secs(10)));
        drop(p);
        let mut left: Vec<String> = store.list_games().0.into_iter().map(|g| g.id).collect();
        left.extend(store.held_games().into_iter().map(|g| g.id));
        assert!(left.contains(&ids[0]), "the held game is kept");
        assert!(!left.contains(&ids[1]), "the oldest free one goes instead");
        drop(held);
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_corrupt_save_is_named_once_whole_and_leaves_no_lock() {
        let store = temp_store("corruptgame");
        let games = store.dir().join("games");
        std::fs::create_dir_all(&games).unwrap();
        std::fs::write(games.join("abc.json"), b"{ garbage").unwrap();
        std::fs::write(games.join("abc.lock"), b"").unwrap();
        let mut p = Persistence::open(Ok(store.clone()));
        p.take_notices();
        assert!(p.resumable().is_empty());
        let notices = p.take_notices();
        assert_eq!(notices.len(), 1, "{notices:?}");
        let text = &notices[0].text;
        let kept: Vec<String> = std::fs::read_dir(&games)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with('.'))
            .collect();
        assert_eq!(kept.len(), 1, "only the file set aside is left, no lock: {kept:?}");
        assert!(kept[0].starts_with("abc.json.corrupt-"), "{kept:?}");
        assert_eq!(text.matches("corrupt-").count(), 1, "{text}");
        // The file's name stands whole, as one word, so that wrapping never cuts it.
        assert!(text.split_whitespace().any(|w| w == kept[0]), "{text}");
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_result_waits_its_turn_and_a_held_history_never_holds_up_the_win() {
        let store = temp_store("historylock");
        let mut p = Persistence::open(Ok(store.clone()));
        p.record_wait = Duration::from_millis(50);
        let mut g = one_move_game();
        p.start(&g, true);
        let save = store.dir().join("games").join(format!("{}.json", g.id()));
        assert!(p.writer_handle().unwrap().flush(FLUSH_TIMEOUT));
        assert!(save.exists());
        // Another copy holds the history's lock (writing its own result, say, on a slow disk).
        let lock = crate::game::storage::file_lock::FileLock::exclusive(&store.dir().join("history.lock")).unwrap();
        assert!(g.play(Move::Left));
        let outcome = p.won(&g);
        assert!(outcome.beaten.as_ref().is_some_and(Beaten::first));
        assert_eq!(outcome.record.unwrap().won, 1);
        // The removal of the game's save is a job behind the result: still waiting.
        assert!(save.exists(), "the save is removed only after the result is stored");
        assert!(p.is_dirty());
        drop(lock);
        assert!(p.writer_handle().unwrap().flush(Duration::from_secs(30)));
        p.tick();
        assert_eq!(p.take_notices(), vec![]);
        assert!(!save.exists());
        drop(p);
        let again = Persistence::open(Ok(store.clone()));
        let row = again.stats().row(Size::THREE, Kind::Level(Level::Easy)).unwrap();
        assert_eq!((row.played, row.won), (1, 1), "stored once");
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_result_that_fails_to_be_stored_late_is_said_uncounted_and_reported_at_exit() {
        let store = temp_store("latefail");
        let mut p = Persistence::open_with_writer_delay(Ok(store.clone()), Duration::from_millis(100));
        let mut first = one_move_game();
        p.start(&first, true);
        assert!(first.play(Move::Left));
        assert!(p.won(&first).not_stored.is_none());
        // From now on the history can be read but not written: its lock can't be opened.
        let lock = store.dir().join("history.lock");
        let _ = std::fs::remove_file(&lock);
        std::fs::create_dir(&lock).unwrap();
        p.record_wait = Duration::ZERO;
        let mut second = Game::new("1 2 3 4 5 6 0 7 8".parse().unwrap(), Some(Level::Easy), Some(2), None);
        p.start(&second, true);
        p.take_notices();
        for m in [Move::Left, Move::Left] {
            assert!(second.play(m));
        }
        let outcome = p.won(&second);
        assert!(
            outcome.record.is_some_and(|r| r.won > 0),
            "counted while its append is queued"
        );
        let row = |p: &Persistence| p.stats().row(Size::THREE, Kind::Level(Level::Easy)).unwrap().won;
        assert_eq!(row(&p), 2);
        // Quitting waits for the writer: the failure is returned, to be printed after the
        // terminal is restored, and said on screen; the figures are those on disk again.
        let err = p.flush(&second).expect_err("not recorded");
        assert!(matches!(err, PersistError::NotRecorded(_)), "{err}");
        let notices = p.take_notices();
        assert!(
            notices
                .iter()
                .any(|n| n.warning && n.text.contains("not recorded yet: will retry")),
            "{notices:?}"
        );
        assert_eq!(row(&p), 1, "no view counts a result that is not kept");
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_running_clock_is_saved_every_second_without_a_move() {
        let store = temp_store("clock");
        let mut p = Persistence::open(Ok(store.clone()));
        let mut g = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), Some(Level::Easy), Some(1), None);
        p.start(&g, true);
        g.show(true);
        g.play(Move::Left);
        p.changed(&g);
        let t0 = Instant::now();
        p.clock_ran(&g, t0);
        std::thread::sleep(Duration::from_millis(150));
        p.clock_ran(&g, t0 + Duration::from_millis(500));
        assert!(p.writer_handle().unwrap().flush(FLUSH_TIMEOUT));
        let saved_ms = || store.peek_game(g.id()).map(|s| s.elapsed_ms);
        assert!(
            saved_ms().is_some_and(|ms| ms < 150),
            "not yet a second: {:?}",
            saved_ms()
        );
        p.clock_ran(&g, t0 + CLOCK_SAVE_EVERY);
        assert!(p.writer_handle().unwrap().flush(FLUSH_TIMEOUT));
        assert!(saved_ms().is_some_and(|ms| ms >= 150), "{:?}", saved_ms());
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_won_game_reports_the_record_it_set() {
        let store = temp_store("record");
        let mut p = Persistence::open(Ok(store.clone()));
        let mut g = one_move_game();
        p.start(&g, true);
        g.play(Move::Left);
        let outcome = p.won(&g);
        assert!(outcome.beaten.as_ref().is_some_and(Beaten::first));
        assert_eq!(outcome.record.unwrap().won, 1);
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
        p.won(&g);
        let log: Vec<_> = p.records().recent().cloned().collect();
        assert_eq!(log.len(), 1);
        assert_eq!(log[0].id, g.attempt_id());
        assert_eq!(log[0].moves, "L");
        assert_eq!(log[0].start_board().unwrap(), *g.start());

        drop(p);
        let active = store.history_dir().join("active.jsonl");
        std::fs::write(&active, "not json").unwrap();
        let mut p = Persistence::open(Ok(store.clone()));
        assert_eq!(p.records().recent().count(), 0);
        let notices = p.take_notices();
        assert!(
            notices.iter().any(|n| !n.warning && n.text.contains("damaged line")),
            "said at every start, as a line: {notices:?}"
        );
        assert!(active.exists(), "said, and left in place");
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_history_file_set_aside_is_said_as_what_happened_not_as_unreadable_statistics() {
        let store = temp_store("aside-said");
        let mut p = Persistence::open(Ok(store.clone()));
        for _ in 0..3 {
            let mut g = one_move_game();
            p.start(&g, true);
            g.play(Move::Left);
            p.won(&g);
        }
        drop(p);
        let active = store.history_dir().join("active.jsonl");
        let aside = store.history_dir().join("active.corrupt-1764700000.jsonl");
        std::fs::copy(&active, &aside).unwrap();
        let mut p = Persistence::open(Ok(store.clone()));
        let notices = p.take_notices();
        let said = notices
            .iter()
            .find(|n| n.text.contains("active.corrupt-1764700000.jsonl"))
            .unwrap_or_else(|| panic!("the file is named: {notices:?}"));
        assert!(!said.warning, "a line, said at every start");
        assert!(
            said.text.contains("Your history was read: 3 attempt(s) counted."),
            "{}",
            said.text
        );
        assert!(said.text.contains("holds 3 attempt(s) not counted"), "{}", said.text);
        assert!(
            said.text.contains(&store.history_dir().display().to_string()),
            "where: {}",
            said.text
        );
        assert!(!said.text.contains("unreadable"), "{}", said.text);
        let _ = std::fs::remove_dir_all(store.dir());
    }
}
