//! Results not yet in the history. When the history can't take a result (a full disk, a
//! file where its folder should be), the result is written into its game's save
//! (`pending`), so that it survives an exit or a crash, and the save stays until the
//! history has it. The writer thread keeps them ([`PendingResults`]) and appends them again
//! at each retry while the game runs; at start, [`settle_saves`] appends what any copy left
//! in the saves it can claim. A result appended twice is skipped by its id.

use std::collections::HashMap;
use std::sync::mpsc::Sender;

use serde_json::Value;

use crate::game::play::game::SavedGame;
use crate::game::records::attempt_record::AttemptRecord;
use crate::game::storage::history_file::Appended;
use crate::game::storage::store::{GameClaim, Store, StoreError};

/// What to do with a game's save once its result is in the history.
#[derive(Debug)]
pub(crate) enum After {
    /// The game goes on; `Some` is its save from now on (the next attempt's), written with
    /// the result pending in it if the result can't be recorded: the result and the move
    /// to the next attempt reach the disk in one write.
    Keep(Option<Box<SavedGame>>),
    /// The game is over: its save goes, under `claim`; until then it is `snapshot`.
    Remove {
        /// The game as it ended.
        snapshot: Box<SavedGame>,
        /// This copy's claim on it.
        claim: Option<GameClaim>,
    },
}

/// What became of waiting results and of the saves that carried them.
#[derive(Debug)]
pub(crate) enum Settled {
    /// A result that had waited is in the history now.
    Recorded(Box<AttemptRecord>),
    /// Results still waiting, and why.
    Waiting(StoreError),
    /// A finished game's save removed once its results were in.
    Removed(String),
    /// A finished game's save that could not be removed.
    NotRemoved(String, StoreError),
}

/// One game's results waiting for the history.
#[derive(Debug, Default)]
struct Waiting {
    records: Vec<AttemptRecord>,
    /// Pending entries this version can't read: kept in the save as they are.
    unknown: Vec<Value>,
    /// Its save holds (some of) them: rewritten without them once they are in.
    in_save: bool,
    /// The game is over: its save goes once they are in.
    finished: bool,
    /// This copy's claim, held from the game's end until its save goes.
    claim: Option<GameClaim>,
    /// The game is still this copy's (in play, or not yet let go of).
    ours: bool,
}

impl Waiting {
    fn pending(&self) -> Vec<Value> {
        let mut all: Vec<Value> = self
            .records
            .iter()
            .filter_map(|r| serde_json::to_value(r).ok())
            .collect();
        all.extend(self.unknown.iter().cloned());
        all
    }
}

/// The writer thread's waiting results, by game.
#[derive(Debug, Default)]
pub(crate) struct PendingResults {
    games: HashMap<String, Waiting>,
}

/// The results a save carries, and the entries this version can't read.
fn decode(pending: &[Value]) -> (Vec<AttemptRecord>, Vec<Value>) {
    let mut records = Vec::new();
    let mut unknown = Vec::new();
    for v in pending {
        match serde_json::from_value::<AttemptRecord>(v.clone()) {
            Ok(r) => records.push(r),
            Err(_) => unknown.push(v.clone()),
        }
    }
    (records, unknown)
}

impl PendingResults {
    /// The game `id`'s waiting results, read from its save the first time the game is seen
    /// (a game resumed with results in its save keeps them).
    fn entry(&mut self, store: &Store, id: &str) -> &mut Waiting {
        self.games.entry(id.to_string()).or_insert_with(|| {
            let (records, unknown) = store.peek_game(id).map(|s| decode(&s.pending)).unwrap_or_default();
            Waiting {
                in_save: !records.is_empty() || !unknown.is_empty(),
                records,
                unknown,
                ours: true,
                ..Waiting::default()
            }
        })
    }

    /// A snapshot of the game in play is about to be written: it carries the game's waiting
    /// results.
    pub(crate) fn on_save(&mut self, store: &Store, game: &mut SavedGame) {
        let w = self.entry(store, &game.id);
        // A game saved again after its end goes on (a replay after a win): its save stays
        // once its results are in.
        w.finished &= game.finished;
        game.pending = w.pending();
        if !game.pending.is_empty() {
            w.in_save = true;
        }
    }

    /// Records `record`, the result of the game `id`'s attempt, with any result of the game
    /// still waiting, and answers on `reply` as soon as the history has it (or can't take
    /// it); then does `after`. A result the history can't take waits in the save. Returns
    /// what became of results that had waited, and of the save.
    pub(crate) fn record(
        &mut self,
        store: &Store,
        id: &str,
        record: &AttemptRecord,
        after: After,
        reply: &Sender<Result<Appended, StoreError>>,
    ) -> Vec<Settled> {
        let w = self.entry(store, id);
        if !w.records.iter().any(|r| r.id == record.id) {
            w.records.push(record.clone());
        }
        let appended = store.append_attempts(&w.records);
        let ok = appended.is_ok();
        let _ = reply.send(appended);
        let mut settled = Vec::new();
        match (ok, after) {
            (true, after) => {
                settled.extend(
                    std::mem::take(&mut w.records)
                        .into_iter()
                        .filter(|r| r.id != record.id)
                        .map(|r| Settled::Recorded(Box::new(r))),
                );
                match after {
                    After::Keep(Some(mut snapshot)) => {
                        snapshot.pending = w.pending();
                        w.in_save = !snapshot.pending.is_empty();
                        let _ = store.save_game(&snapshot);
                    }
                    After::Keep(None) => clean_save(store, id, w),
                    After::Remove { claim, .. } => {
                        settled.push(removal(store, id, claim));
                        self.games.remove(id);
                    }
                }
            }
            (false, After::Keep(snapshot)) => {
                let base = snapshot.map(|s| *s).or_else(|| store.peek_game(id));
                if let Some(mut s) = base {
                    s.pending = w.pending();
                    w.in_save = store.save_game(&s).is_ok() || w.in_save;
                }
            }
            (false, After::Remove { mut snapshot, claim }) => {
                snapshot.finished = true;
                snapshot.pending = w.pending();
                w.in_save = store.save_game(&snapshot).is_ok() || w.in_save;
                w.finished = true;
                w.claim = claim.or(w.claim.take());
            }
        }
        settled
    }

    /// The game `id`'s save is to go (left with no move, or pushed out): removed, unless
    /// results wait in it, when it is kept as a finished game until they are in. `None`
    /// when it is kept.
    pub(crate) fn remove(&mut self, store: &Store, id: &str, claim: Option<GameClaim>) -> Option<Settled> {
        let w = self.entry(store, id);
        if w.records.is_empty() && w.unknown.is_empty() {
            self.games.remove(id);
            return Some(removal(store, id, claim));
        }
        if let Some(mut s) = store.peek_game(id) {
            s.finished = true;
            s.pending = w.pending();
            w.in_save = store.save_game(&s).is_ok() || w.in_save;
        }
        w.finished = true;
        w.claim = claim.or(w.claim.take());
        None
    }

    /// This copy lets go of the game `id`: its waiting results stay in its save, and here
    /// until they are in.
    pub(crate) fn release(&mut self, id: &str) {
        if let Some(w) = self.games.get_mut(id) {
            w.ours = false;
            if w.records.is_empty() && w.claim.is_none() {
                self.games.remove(id);
            }
        }
    }

    /// Appends every waiting result again; what is in goes from the saves (a finished
    /// game's save goes whole).
    pub(crate) fn retry(&mut self, store: &Store) -> Vec<Settled> {
        let mut settled = Vec::new();
        let mut done = Vec::new();
        for (id, w) in &mut self.games {
            if w.records.is_empty() {
                continue;
            }
            match store.append_attempts(&w.records) {
                Ok(_) => {
                    settled.extend(
                        std::mem::take(&mut w.records)
                            .into_iter()
                            .map(|r| Settled::Recorded(Box::new(r))),
                    );
                    if w.finished && w.unknown.is_empty() {
                        settled.push(removal(store, id, w.claim.take()));
                        done.push(id.clone());
                    } else {
                        clean_save(store, id, w);
                    }
                }
                Err(e) => settled.push(Settled::Waiting(e)),
            }
        }
        for id in done {
            self.games.remove(&id);
        }
        settled
    }
}

/// Rewrites the game `id`'s save without the results now in the history, if it held any
/// and the game is this copy's (or can be claimed).
fn clean_save(store: &Store, id: &str, w: &mut Waiting) {
    if !w.in_save {
        return;
    }
    let claim = if w.ours || w.claim.is_some() {
        None
    } else {
        match store.claim_game(id) {
            Ok(Some(c)) => Some(c),
            // Another copy plays it: its own retry finds the results already in.
            _ => return,
        }
    };
    if let Some(mut s) = store.peek_game(id) {
        s.pending = w.pending();
        w.in_save = !s.pending.is_empty();
        let _ = store.save_game(&s);
    }
    drop(claim);
}

fn removal(store: &Store, id: &str, claim: Option<GameClaim>) -> Settled {
    match store.remove_game(id, claim) {
        Ok(()) => Settled::Removed(id.to_string()),
        Err(e) => Settled::NotRemoved(id.to_string(), e),
    }
}

/// At start: appends the results waiting in every save no other copy holds, and removes
/// the saves of finished games once theirs are in. Returns the results recorded and the
/// first failure.
pub(crate) fn settle_saves(store: &Store) -> (Vec<AttemptRecord>, Option<StoreError>) {
    let mut recorded = Vec::new();
    let mut failed = None;
    for saved in store.saves_with_pending() {
        let Ok(Some(claim)) = store.claim_game(&saved.id) else {
            continue;
        };
        // Read again under the claim: the copy that held it may have changed it.
        let Some(mut saved) = store.peek_game(&saved.id) else {
            continue;
        };
        let (records, unknown) = decode(&saved.pending);
        if !records.is_empty() {
            match store.append_attempts(&records) {
                Ok(_) => recorded.extend(records),
                Err(e) => {
                    failed.get_or_insert(e);
                    continue;
                }
            }
        }
        if saved.finished && unknown.is_empty() {
            let _ = store.remove_game(&saved.id, Some(claim));
        } else {
            saved.pending = unknown;
            let _ = store.save_game(&saved);
        }
    }
    (recorded, failed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::game::records::ending::Seen;
    use crate::game::records::outcome::Ending;
    use crate::game::storage::store::Loaded;
    use crate::puzzle::Move;

    #[test]
    fn a_start_records_what_saves_hold_and_keeps_what_it_cant_read() {
        let dir = std::env::temp_dir().join(format!("slide-pending-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::at(dir);
        let mut g = Game::new("1 2 3 4 5 6 0 7 8".parse().unwrap(), None, None, None);
        assert!(g.play(Move::Left));
        let dnf = g.ending_record(Ending::Left, Seen::default(), 1).unwrap();
        let mut saved = g.to_saved();
        let newer = serde_json::json!({"a result": "of a newer Slide"});
        saved.pending = vec![serde_json::to_value(&dnf).unwrap(), newer.clone()];
        store.save_game(&saved).unwrap();
        let (recorded, failed) = settle_saves(&store);
        assert!(failed.is_none());
        assert_eq!(recorded, vec![dnf.clone()]);
        let kept = store.peek_game(&saved.id).expect("the save stays");
        assert_eq!(kept.pending, vec![newer], "what this version can't read is kept");
        // Again: nothing more is recorded, nothing twice.
        assert!(settle_saves(&store).0.is_empty());
        let Loaded::Found(h) = store.load_records() else {
            panic!("history")
        };
        assert_eq!(h.attempts.len(), 1);
        let _ = std::fs::remove_dir_all(store.dir());
    }
}
