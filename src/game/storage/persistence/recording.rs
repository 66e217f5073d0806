//! Recording results: each attempt's ending, once, into the history; the statistics
//! follow (see `records.rs`). A child of `persistence.rs`, which owns the state.

use std::sync::mpsc::{RecvTimeoutError, TryRecvError};

use crate::difficulty::UtcDate;
use crate::game::play::game::{Game, unix_millis};
use crate::game::records::attempt_record::AttemptRecord;
use crate::game::records::figures::Counted;
use crate::game::records::history_view::Records;
use crate::game::records::outcome::{Ending, Outcome};
use crate::game::records::session_figures::{SessionFigures, session_figures};
use crate::game::records::stats::{Kind, Stats};
use crate::game::records::win_report::{Recorded, WinReport};
use crate::game::storage::game_writer::AppendResult;
use crate::game::storage::history_file::Appended;
use crate::game::storage::pending_results::After;
use crate::game::storage::persistence::{Notice, PersistError, Persistence};
use crate::game::storage::store::{Loaded, Store, StoreError, aside_notice, kept_as};

impl Persistence {
    /// Records how `game`'s attempt ended, once: the model decides the result, the history
    /// keeps it, the statistics count it. `None` when there was nothing to record, it was
    /// recorded before, or it could not be stored (said in a notice).
    pub(crate) fn record_ending(&mut self, game: &Game, ending: Ending) -> Option<(AttemptRecord, Counted)> {
        let record = self.ending_of(game, ending)?;
        self.keep_result(game.id(), record, After::Keep(None))
    }

    /// What `game`'s attempt ending so records, with an id no other result has; `None`
    /// when there is nothing to record or the same result is recorded already.
    pub(super) fn ending_of(&mut self, game: &Game, ending: Ending) -> Option<AttemptRecord> {
        // A won attempt's result is its win (recorded, or waiting to be): leaving or
        // restarting it after adds nothing.
        if game.is_won() && ending != Ending::Solved {
            return None;
        }
        // What another copy recorded meanwhile counts: a scramble it showed is no longer new.
        self.refresh();
        let seen = self.records.seen_before(&game.replay_scramble());
        let mut record = game.ending_record(ending, seen, unix_millis())?;
        self.fresh_result(&mut record).then_some(record)
    }

    /// Appends `record`, a result of the game `id`, then does `after`. A result that can't
    /// be written yet waits in the game's save: it ended all the same (`Some`), though it
    /// is counted only once it is in.
    pub(super) fn keep_result(
        &mut self,
        id: &str,
        record: AttemptRecord,
        after: After,
    ) -> Option<(AttemptRecord, Counted)> {
        match self.append(id, record.clone(), after) {
            Ok(done) => Some(done),
            Err(PersistError::NotRecordedYet(_)) => Some((record, Counted::default())),
            Err(_) => None,
        }
    }

    /// Whether `record` is to be appended. A result whose id the history has already is
    /// either the same result again (skipped: `false`) or another attempt's, which takes
    /// the next id of its game that no result has: a result is never lost to a reused id.
    pub(super) fn fresh_result(&mut self, record: &mut AttemptRecord) -> bool {
        if !self.records.contains(&record.id) {
            return true;
        }
        let recorded = match self.store.as_ref().map(Store::load_records) {
            Some(Loaded::Found(h)) => h.attempts.into_iter().find(|a| a.id == record.id),
            _ => None,
        };
        if recorded
            .is_some_and(|a| a.result == record.result && a.moves == record.moves && a.scramble == record.scramble)
        {
            return false;
        }
        let (game, n) = match record.id.rsplit_once('-') {
            Some((game, n)) => (game.to_string(), n.parse::<u32>().unwrap_or(0)),
            None => (record.id.clone(), 0),
        };
        if let Some(id) = (n.saturating_add(1)..=u32::MAX)
            .map(|k| format!("{game}-{k}"))
            .find(|id| !self.records.contains(id))
        {
            record.id = id;
        }
        true
    }

    /// The puzzle is solved: its result is recorded (once: the same attempt reported again
    /// gets the same answer) and the win box's report comes back, every figure in it the
    /// model's.
    pub fn win(&mut self, game: &Game) -> WinReport {
        WinReport::of(game, self.won(game))
    }

    /// The player starts the puzzle again: the attempt ends (a DNF, or given up if helped,
    /// once a tile was slid; nothing after a win, whose result is recorded) and a new one
    /// begins. Returns what was recorded.
    pub fn restart(&mut self, game: &mut Game) -> Option<Outcome> {
        let ending = self.ending_of(game, Ending::Restarted);
        game.restart();
        // The result and the save's move to the next attempt go to the disk together: a
        // result that can't be written waits in that save.
        let recorded = ending.and_then(|record| {
            let mut next = game.to_saved();
            next.saved_at = unix_millis();
            self.keep_result(game.id(), record, After::Keep(Some(Box::new(next))))
        });
        self.changed(game);
        recorded.map(|(r, _)| r.result)
    }

    /// The player skips to the next scramble: the attempt ends as a restart's would, and
    /// the game goes back to its start with no move, so that leaving it then keeps no save
    /// (a run of solves would fill the menu with scraps). Returns what was recorded.
    pub fn skip(&mut self, game: &mut Game) -> Option<Outcome> {
        if game.is_won() || (game.log().is_empty() && !game.given_up()) {
            return None;
        }
        let recorded = self.record_ending(game, Ending::Left).map(|(r, _)| r.result);
        game.restart();
        recorded
    }

    /// This session's statistics: the records made since Slide started, or since the
    /// player began a new session.
    pub fn session(&self) -> &Stats {
        self.records.session()
    }

    /// Begins a new session: its statistics start empty, and its start is kept for
    /// `slide history --session` (a failure to keep it is said in a notice).
    pub fn new_session(&mut self) {
        let now = unix_millis();
        self.records.new_session(now);
        if let Some(store) = self.store.clone() {
            self.keep_session_start(&store, now);
        }
    }

    /// Writes when this session began into the data directory; says so if it can't.
    pub(super) fn keep_session_start(&mut self, store: &Store, started_ms: u64) {
        if let Err(e) = store.save_session_start(started_ms) {
            self.notices.push(Notice::warning(format!(
                "This session's start could not be kept ({e}): `slide history --session` will show an earlier session."
            )));
        }
    }

    /// This session's figures, row by row, for the session screen.
    pub fn session_figures(&self) -> SessionFigures {
        session_figures(&self.records)
    }

    /// Reads the records again if another copy recorded something since this one last
    /// looked (or `slide stats --reset` cleared them): every view, and every win box, then
    /// says what is on disk; this session keeps what it recorded since it began. The look
    /// is the history's stamp (no file is read): this copy's own appends update it as they
    /// are written, so they never cause a read.
    pub fn refresh(&mut self) {
        // A result of ours still on its way changes the stamp too: it is read once it is in.
        if !self.late_appends.is_empty() {
            return;
        }
        let Some(store) = self.store.clone() else { return };
        let now = store.history_stamp();
        if now == self.history_seen || !self.history_writable {
            return;
        }
        self.history_seen = now;
        self.reload(&store, None);
    }

    /// Reads the records again from the history, leaving out the attempt `but` (one of
    /// ours just written, to be counted after: the win box then names the bests it beat).
    fn reload(&mut self, store: &Store, but: Option<&str>) {
        let since = self.records.session_since();
        self.records = match store.load_records() {
            Loaded::Found(mut h) => {
                if let Some(id) = but {
                    h.attempts.retain(|a| a.id != id);
                }
                h.records_since(since)
            }
            _ => Records::since(None, &[], since),
        };
    }

    /// Our append of `id` is in: if the history had changed since this copy last saw it
    /// (another copy recorded in between), the records are read again before it is counted.
    fn caught_up(&mut self, store: &Store, appended: &Appended, id: &str) {
        if appended.before != self.history_seen {
            self.reload(store, (appended.duplicates == 0).then_some(id));
        }
        self.history_seen = appended.after;
    }

    /// Writes `record`, a result of the game `id`, to the history, in its turn behind the
    /// saves sent before, then does `after`, and counts it. Waits at most `record_wait` to
    /// hear it is stored; past that it is counted now, as it will be written, and a failure
    /// is said when the writer answers (see [`Persistence::tick`]). One the history can't
    /// take waits in the game's save ([`PersistError::NotRecordedYet`]).
    pub(super) fn append(
        &mut self,
        id: &str,
        record: AttemptRecord,
        after: After,
    ) -> Result<(AttemptRecord, Counted), PersistError> {
        let store = self.store.clone().ok_or(PersistError::NoDirectory)?;
        // Nothing can be kept at all, as the player was told at start: a result could wait
        // nowhere.
        if !self.history_writable && self.failing {
            if let After::Remove { claim, .. } = after {
                match &self.writer {
                    Some(w) => w.handle().remove(id, claim),
                    None => drop(store.remove_game(id, claim)),
                }
            }
            return Err(PersistError::StatsLeftAlone);
        }
        // Counted on what is on disk, not on records cleared meanwhile.
        self.refresh();
        let result = if let Some(w) = &self.writer {
            let reply = w.handle().record(id, record.clone(), after);
            match reply.recv_timeout(self.record_wait) {
                Ok(result) => result,
                Err(RecvTimeoutError::Timeout) => {
                    self.late_appends.push(reply);
                    let counted = self.count(&record);
                    return Ok((record, counted));
                }
                // The writer is gone (it never is but by a bug): written here instead.
                Err(RecvTimeoutError::Disconnected) => store.append_attempts(std::slice::from_ref(&record)),
            }
        } else {
            let result = store.append_attempts(std::slice::from_ref(&record));
            if let After::Remove { claim, .. } = after {
                let _ = store.remove_game(id, claim);
            }
            result
        };
        if let Ok(appended) = &result {
            self.caught_up(&store, appended, &record.id);
        }
        let waits = self.writer.is_some();
        match self.stored(result, waits) {
            Ok(()) => {
                let counted = self.count(&record);
                Ok((record, counted))
            }
            Err(e) if waits => Err(PersistError::NotRecordedYet(e)),
            Err(e) => Err(PersistError::Store(e)),
        }
    }

    /// Counts `record`, just written, in the figures; a replay is remembered for the win
    /// box.
    pub(super) fn count(&mut self, record: &AttemptRecord) -> Counted {
        let counted = self.records.add(record).unwrap_or_default();
        if counted.replay {
            self.replays.insert(record.id.clone());
        }
        counted
    }

    /// Says what the player must know about a result's append: the history moved or set
    /// aside, or the result not recorded (yet, when it `waits` in its save).
    fn stored(&mut self, result: AppendResult, waits: bool) -> Result<(), StoreError> {
        match result {
            Ok(appended) => {
                if !appended.migrated.is_empty()
                    && let Some(store) = &self.store
                {
                    let kept: Vec<String> = appended.migrated.iter().map(|p| kept_as(p)).collect();
                    self.notices.push(Notice::info(format!(
                        "Your records now live in {}; the old files are kept as {}.",
                        store.history_dir().display(),
                        kept.join(" and ")
                    )));
                }
                if let Some((reason, moved_to)) = appended.moved_aside {
                    self.notices.push(Notice::warning(aside_notice(
                        "Part of your history was",
                        &reason,
                        &moved_to,
                    )));
                }
                Ok(())
            }
            Err(e) => {
                if matches!(e, StoreError::Newer { .. } | StoreError::Unreadable { .. }) {
                    self.history_writable = false;
                }
                if waits {
                    self.waiting(&e);
                } else if !self.failing {
                    // When nothing can be saved at all, the player was told so at start.
                    self.notices.push(Notice::warning(format!(
                        "Your records can't be saved: {e}. This result is not recorded."
                    )));
                }
                Err(e)
            }
        }
    }

    /// Takes the writer's answers to the results counted before they were stored. One that
    /// failed is said, and the figures are read again from the history, so that no view
    /// shows a result that is not kept. Returns the first failure.
    pub(super) fn settle_late_appends(&mut self) -> Option<StoreError> {
        let mut failed = None;
        for reply in std::mem::take(&mut self.late_appends) {
            let result = match reply.try_recv() {
                Ok(result) => result,
                Err(TryRecvError::Empty) => {
                    self.late_appends.push(reply);
                    continue;
                }
                Err(TryRecvError::Disconnected) => Err(StoreError::Io {
                    path: self.store.as_ref().map(Store::history_dir).unwrap_or_default(),
                    source: std::io::Error::other("the saving thread stopped before writing it"),
                }),
            };
            // Counted already: only another copy's records, written before it, are read.
            if let Ok(appended) = &result
                && appended.before == self.history_seen
            {
                self.history_seen = appended.after;
            }
            if let Err(e) = self.stored(result, true) {
                failed.get_or_insert(e);
            }
        }
        if failed.is_some()
            && let Some(store) = &self.store
            && let Loaded::Found(h) = store.load_records()
        {
            // This session's figures stay this session's.
            self.records = h.records_since(self.records.session_since());
        }
        failed
    }

    /// Records a win: counts it (once per attempt: a win reported again gets the same
    /// answer), keeps a best it sets, and removes the game's file (only this game's). The
    /// answer says which best was set, the row and bests after it, or why nothing was stored.
    pub fn won(&mut self, game: &Game) -> Recorded {
        let id = game.attempt_id();
        if let Some(o) = self.outcomes.get(&id) {
            return o.clone();
        }
        if self.store.is_none() {
            return Recorded {
                not_stored: Some(PersistError::NoDirectory.to_string()),
                ..Recorded::default()
            };
        }
        self.refresh();
        let seen = self.records.seen_before(&game.replay_scramble());
        let ending = game
            .ending_record(Ending::Solved, seen, unix_millis())
            .map(|mut record| (self.fresh_result(&mut record), record));
        let appended = match ending {
            Some((true, record)) => {
                // Queued behind the game's last saves, with its claim: none of them can bring
                // the file back, and no other copy can claim the game before it is gone. It
                // goes only once the result is in the history; until then the result waits
                // in it.
                let after = After::Remove {
                    snapshot: Box::new(game.to_saved()),
                    claim: self.take_claim(game.id()),
                };
                self.append(game.id(), record, after)
            }
            // The same result is in the history already.
            Some((false, record)) => {
                self.remove(game.id());
                Ok((record, Counted::default()))
            }
            None => {
                self.remove(game.id());
                Err(PersistError::NoDirectory)
            }
        };
        let recorded = self.recorded(game, &appended);
        self.outcomes.insert(id, recorded.clone());
        recorded
    }

    /// What the records say after `game`'s win was `appended` (or not).
    fn recorded(&self, game: &Game, appended: &Result<(AttemptRecord, Counted), PersistError>) -> Recorded {
        let key = game.record_key();
        let stats = self.stats();
        let bests = stats.bests(&key).cloned().unwrap_or_default();
        let counted = appended.as_ref().ok().map(|(_, c)| c);
        let ranked = appended.as_ref().is_ok_and(|(r, _)| r.is_ranked());
        Recorded {
            replay: self.replays.contains(&game.attempt_id()),
            beaten: counted.and_then(|c| c.beaten.clone()),
            ranked,
            not_stored: appended.as_ref().err().map(ToString::to_string),
            bests,
            record: stats.records.get(&key.row()).cloned(),
            session: matches!(key.kind, Kind::Level(_)).then(|| {
                self.records
                    .session()
                    .records
                    .get(&key.row())
                    .map(|r| r.speed.clone())
                    .unwrap_or_default()
            }),
            streak: stats.daily_streak(game.size(), UtcDate::today()),
            best_streak: stats.best_daily_streak(game.size()),
            late: counted.is_some_and(|c| c.late_daily),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::difficulty::Level;
    use crate::game::Game;
    use crate::game::storage::persistence::Persistence;
    use crate::game::storage::store::Store;
    use crate::puzzle::Move;

    fn deal(board: &str) -> Game {
        Game::new(board.parse().unwrap(), Some(Level::Easy), Some(3), None)
    }

    #[test]
    fn a_win_counts_what_another_copy_recorded_since_and_its_own_wins_read_nothing() {
        let dir = std::env::temp_dir().join(format!("slide-recording-two-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::at(dir.clone());
        let mut slow = Persistence::open(Ok(store.clone()));
        let mut quick = Persistence::open(Ok(store.clone()));
        let mut one = deal("1 2 3 4 5 6 7 0 8");
        quick.start(&one, true);
        one.play(Move::Left);
        let first = quick.won(&one);
        assert!(
            first.ranked
                && first
                    .beaten
                    .as_ref()
                    .is_some_and(crate::game::records::stats::Beaten::first)
        );

        // The other copy loaded its records before that win: its own win must not be
        // "the first", nor "fewest moves" over a 1-move win it did not see.
        let mut two = deal("1 2 3 4 5 6 0 7 8");
        slow.start(&two, true);
        two.play(Move::Left);
        two.play(Move::Left);
        let second = slow.won(&two);
        assert!(second.ranked);
        // Beating nothing is `None`; beating the time (both took no time to speak of) may be.
        if let Some(beaten) = &second.beaten {
            assert!(!beaten.first() && !beaten.moves, "{beaten:?}");
            assert_eq!(beaten.previous.fewest.as_ref().map(|b| b.moves), Some(1));
        }
        let record = second.record.expect("the row's record");
        assert_eq!((record.won, record.played), (2, 2));
        assert_eq!(second.bests.fewest.as_ref().map(|b| b.moves), Some(1));

        // The first copy's next win reads the second's, and an own win changes nothing
        // it has not seen: the stamp it keeps is the one its append left.
        let mut three = deal("1 2 3 4 5 0 7 8 6");
        quick.start(&three, true);
        three.play(Move::Up);
        let third = quick.won(&three);
        assert_eq!(third.record.map(|r| (r.won, r.played)), Some((3, 3)));
        assert_eq!(quick.history_seen, store.history_stamp());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
