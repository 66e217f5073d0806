//! Recording results: each attempt's ending, once, into the history; the statistics
//! follow (see `records.rs`). A child of `persistence.rs`, which owns the state.

use std::sync::mpsc::{RecvTimeoutError, TryRecvError};

use crate::game::attempt_record::AttemptRecord;
use crate::game::figures::Counted;
use crate::game::game_writer::AppendResult;
use crate::game::history::FinishedGame;
use crate::game::outcome::{Ending, Outcome};
use crate::game::persistence::{Notice, PersistError, Persistence, WinOutcome};
use crate::game::records::Records;
use crate::game::session::{Game, unix_millis};
use crate::game::stats::{Finish, WinRecord};
use crate::game::store::{Loaded, Store, StoreError, aside_notice, kept_as};

impl Persistence {
    /// Records how `game`'s attempt ended, once: the model decides the result, the history
    /// keeps it, the statistics count it. `None` when there was nothing to record, it was
    /// recorded before, or it could not be stored (said in a notice).
    pub fn record_ending(&mut self, game: &Game, ending: Ending) -> Option<(AttemptRecord, Counted)> {
        let scramble = crate::puzzle::slidysim::format_scramble(game.start());
        let finished_before = self.records.finished_before(&scramble);
        let record = game.ending_record(ending, finished_before, unix_millis())?;
        if self.records.contains(&record.id) {
            return None;
        }
        self.append(record).ok()
    }

    /// Writes `record` to the history, in its turn behind the saves sent before, and counts
    /// it. Waits at most `record_wait` to hear it is stored; past that it is counted now, as
    /// it will be written, and a failure is said when the writer answers (see
    /// [`Persistence::tick`]).
    fn append(&mut self, record: AttemptRecord) -> Result<(AttemptRecord, Counted), PersistError> {
        let store = self.store.clone().ok_or(PersistError::NoDirectory)?;
        if !self.history_writable {
            return Err(PersistError::StatsLeftAlone);
        }
        let result = match &self.writer {
            Some(w) => {
                let reply = w.handle().append(record.clone());
                match reply.recv_timeout(self.record_wait) {
                    Ok(result) => result,
                    Err(RecvTimeoutError::Timeout) => {
                        self.late_appends.push(reply);
                        let counted = self.records.add(&record).unwrap_or_default();
                        return Ok((record, counted));
                    }
                    // The writer is gone (it never is but by a bug): written here instead.
                    Err(RecvTimeoutError::Disconnected) => store.append_attempts(std::slice::from_ref(&record)),
                }
            }
            None => store.append_attempts(std::slice::from_ref(&record)),
        };
        match self.stored(result) {
            Ok(()) => {
                let counted = self.records.add(&record).unwrap_or_default();
                Ok((record, counted))
            }
            Err(e) => Err(PersistError::Store(e)),
        }
    }

    /// Says what the player must know about a result's append: the history moved or set
    /// aside, or the result not recorded.
    fn stored(&mut self, result: AppendResult) -> Result<(), StoreError> {
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
                // When nothing can be saved at all, the player was told so at start.
                if !self.failing {
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
            if let Err(e) = self.stored(result) {
                failed.get_or_insert(e);
            }
        }
        if failed.is_some()
            && let Some(store) = &self.store
            && let Loaded::Found(h) = store.load_records()
        {
            self.records = Records::of(&h);
        }
        failed
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
    pub fn won(&mut self, game: &Game, _finish: &Finish) -> WinOutcome {
        let id = game.attempt_id();
        if let Some(o) = self.outcomes.get(&id) {
            return o.clone();
        }
        let key = game.record_key();
        if self.store.is_none() {
            return WinOutcome {
                record: None,
                not_stored: Some(PersistError::NoDirectory.to_string()),
                row: None,
                bests: None,
            };
        }
        let scramble = crate::puzzle::slidysim::format_scramble(game.start());
        let finished_before = self.records.finished_before(&scramble);
        let recorded = match game.ending_record(Ending::Solved, finished_before, unix_millis()) {
            Some(record) => self.append(record),
            None => Err(PersistError::NoDirectory),
        };
        // Queued behind the game's last saves, with its claim: none of them can bring the
        // file back, and no other copy can claim the game before it is gone.
        self.remove(game.id());
        let outcome = WinOutcome {
            not_stored: recorded.as_ref().err().map(ToString::to_string),
            record: recorded.ok().map(|(record, counted)| WinRecord {
                beaten: counted.beaten,
                daily_replay: counted.replay && record.daily.is_some(),
                daily_late: counted.late_daily,
            }),
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
