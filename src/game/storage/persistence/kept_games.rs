//! Which saves are kept: deals with no move go first, a played game goes only once its
//! attempt is recorded, a resumed game never reuses a recorded attempt's id, and the
//! results that wait in saves are written at start. A child of `persistence.rs`, which owns
//! the state.

use std::collections::HashSet;
use std::time::Instant;

use crate::game::play::game::{Game, SavedGame, unix_millis};
use crate::game::records::outcome::Ending;
use crate::game::storage::pending_results::{After, settle_saves};
use crate::game::storage::persistence::{MAX_KEPT_GAMES, Notice, Persistence};
use crate::game::storage::store::{GameClaim, Store, StoreError};

impl Persistence {
    /// `saved` with an attempt number no result has (in the history, or waiting in the
    /// save). A save whose attempt has a result already was left before the move to the
    /// next attempt reached the disk: that attempt ended, so the game goes on as one given
    /// up, as leaving it would have made it, and its next result never reuses the id.
    pub(super) fn renumbered(&self, saved: &SavedGame) -> SavedGame {
        let waiting: HashSet<&str> = saved
            .pending
            .iter()
            .filter_map(|v| v.get("id").and_then(serde_json::Value::as_str))
            .collect();
        let taken = |n: u32| {
            let id = format!("{}-{n}", saved.id);
            self.records.contains(&id) || waiting.contains(id.as_str())
        };
        let mut saved = saved.clone();
        saved.attempt = saved.attempt.max(1);
        if taken(saved.attempt) {
            saved.given_up = true;
            while taken(saved.attempt) && saved.attempt < u32::MAX {
                saved.attempt += 1;
            }
        }
        saved
    }

    /// Keeps at most [`MAX_KEPT_GAMES`] unfinished games with moves, never the one in play
    /// or one another copy plays. Deals with no move go first, unsaid: nothing of the
    /// player's is in them. Then the oldest played game beyond the limit goes, once its
    /// attempt is recorded (until then its result waits in it), with a notice that waits
    /// to be read.
    pub(super) fn prune(&mut self, current: &str) {
        let Some(store) = self.store.clone() else { return };
        let (games, _) = store.list_games();
        let (empty, played): (Vec<&SavedGame>, Vec<&SavedGame>) =
            games.iter().filter(|g| g.id != current).partition(|g| is_empty_deal(g));
        for deal in empty {
            // Claimed first: a game another copy has just resumed is that copy's to keep.
            if let Ok(Some(claim)) = store.claim_game(&deal.id) {
                self.remove_claimed(&store, &deal.id, claim);
            }
        }
        for old in played.into_iter().skip(MAX_KEPT_GAMES - 1) {
            let Ok(Some(claim)) = store.claim_game(&old.id) else {
                continue;
            };
            let ending = Game::from_saved(&self.renumbered(old))
                .ok()
                .and_then(|game| self.ending_of(&game, Ending::Left));
            match ending {
                Some(record) => {
                    let after = After::Remove {
                        snapshot: Box::new(old.clone()),
                        claim: Some(claim),
                    };
                    let _ = self.keep_result(&old.id, record, after);
                }
                None => {
                    if !self.remove_claimed(&store, &old.id, claim) {
                        continue;
                    }
                }
            }
            self.notices.push(Notice::warning(format!(
                "Your oldest unfinished game ({}) was removed, its attempt recorded: Slide keeps the last \
                 {MAX_KEPT_GAMES}.",
                old.summary(unix_millis())
            )));
        }
    }

    /// Removes the game `id` under `claim`, behind the saves sent before; whether it was
    /// sent or done.
    fn remove_claimed(&self, store: &Store, id: &str, claim: GameClaim) -> bool {
        match &self.writer {
            Some(w) => {
                w.handle().remove(id, Some(claim));
                true
            }
            None => store.remove_game(id, Some(claim)).is_ok(),
        }
    }

    /// At start: the results that any copy left waiting in the saves are written, and the
    /// player hears of them.
    pub(super) fn settle_saved_results(&mut self, store: &Store) {
        let (recorded, failed) = settle_saves(store);
        if !recorded.is_empty() {
            self.notices.push(Notice::info(format!(
                "Recorded: {} result(s) that waited for the disk are in your history now.",
                recorded.len()
            )));
        }
        if let Some(e) = failed {
            self.notices.push(Notice::warning(format!(
                "Some results are not recorded yet: will retry ({e}). They are kept with their games."
            )));
        }
    }

    /// A result could not be written: it waits in its game's save, and is written again
    /// in a while.
    pub(super) fn waiting(&mut self, e: &StoreError) {
        self.retry_at.get_or_insert_with(|| Instant::now() + self.retry_every);
        self.notices.push(Notice::warning(format!(
            "Your result is not recorded yet: will retry ({e}). It is kept with the game."
        )));
    }
}

/// A deal left with no move: nothing of the player's is in it.
fn is_empty_deal(saved: &SavedGame) -> bool {
    saved.history.trim().is_empty() && saved.future.trim().is_empty() && saved.pending.is_empty() && !saved.given_up
}

#[cfg(test)]
mod tests {
    use crate::game::records::ending::Seen;
    use std::time::Duration;

    use crate::difficulty::Level;
    use crate::game::play::game::{Game, SavedGame, unix_millis};
    use crate::game::records::outcome::{Ending, Outcome};
    use crate::game::records::stats::Kind;
    use crate::game::storage::persistence::{FLUSH_TIMEOUT, MAX_KEPT_GAMES, NOT_RECORDED_YET, Notice, Persistence};
    use crate::game::storage::store::{Loaded, Store};
    use crate::puzzle::{Move, Size};

    fn temp_store(tag: &str) -> Store {
        let d = std::env::temp_dir().join(format!("slide-kept-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        Store::at(d)
    }

    /// Two moves from solved: `Left` then `Left` wins.
    fn game() -> Game {
        Game::new("1 2 3 4 5 6 0 7 8".parse().unwrap(), Some(Level::Easy), Some(2), None)
    }

    fn flush(p: &mut Persistence) {
        assert!(p.writer_handle().unwrap().flush(FLUSH_TIMEOUT));
        p.tick();
    }

    /// Every attempt in the history: its id and result.
    fn history(store: &Store) -> Vec<(String, Outcome)> {
        match store.load_records() {
            Loaded::Found(h) => h.attempts.iter().map(|a| (a.id.clone(), a.result)).collect(),
            _ => Vec::new(),
        }
    }

    fn won_row(p: &Persistence) -> (u32, u32) {
        p.stats()
            .row(Size::THREE, Kind::Level(Level::Easy))
            .map_or((0, 0), |r| (r.played, r.won))
    }

    fn said(notices: &[Notice], text: &str) -> bool {
        notices.iter().any(|n| n.text.contains(text))
    }

    #[test]
    fn a_crash_between_the_dnf_and_the_saves_move_never_reuses_or_drops_an_id() {
        let store = temp_store("crash");
        let mut p = Persistence::open(Ok(store.clone()));
        let mut g = game();
        p.start(&g, true);
        assert!(g.play(Move::Left));
        p.changed(&g);
        flush(&mut p);
        // `R` pressed, and the process stopped after its first write: the DNF is in the
        // history, the save still holds attempt 1.
        let dnf = g
            .ending_record(Ending::Restarted, Seen::default(), unix_millis())
            .unwrap();
        store.append_attempts(std::slice::from_ref(&dnf)).unwrap();
        drop(p);
        let mut p = Persistence::open(Ok(store.clone()));
        let mut back = p.resume_newest().expect("the game is still there");
        assert_ne!(back.attempt_id(), dnf.id, "the recorded attempt's id is not reused");
        assert!(back.play(Move::Left));
        assert!(back.is_won());
        let outcome = p.won(&back);
        assert!(outcome.not_stored.is_none(), "{:?}", outcome.not_stored);
        flush(&mut p);
        let ids: Vec<String> = history(&store).into_iter().map(|(id, _)| id).collect();
        assert_eq!(
            ids,
            vec![dnf.id.clone(), back.attempt_id()],
            "the DNF and the win, each once"
        );
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_restart_writes_its_result_and_the_next_attempt_in_one_step() {
        let store = temp_store("restartstep");
        let mut p = Persistence::open(Ok(store.clone()));
        let mut g = game();
        p.start(&g, true);
        assert!(g.play(Move::Left));
        p.changed(&g);
        assert_eq!(p.restart(&mut g), Some(Outcome::Dnf));
        flush(&mut p);
        drop(p);
        let mut p = Persistence::open(Ok(store.clone()));
        let back = p.resume_newest().expect("resumable");
        assert_eq!(back.attempt_id(), g.attempt_id(), "the save moved to the next attempt");
        assert_eq!(history(&store).len(), 1);
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn an_already_recorded_id_with_another_result_gets_a_new_id_and_the_same_result_is_skipped() {
        let store = temp_store("dupid");
        let mut g = game();
        // Another copy (or an earlier run) recorded a DNF under this attempt's id.
        assert!(g.play(Move::Left));
        let other = g.ending_record(Ending::Left, Seen::default(), unix_millis()).unwrap();
        store.append_attempts(std::slice::from_ref(&other)).unwrap();
        let mut g = game();
        let mut saved = g.to_saved();
        saved.id = other.id.rsplit_once('-').unwrap().0.to_string();
        g = Game::from_saved(&saved).unwrap();
        assert_eq!(g.attempt_id(), other.id);
        let mut p = Persistence::open(Ok(store.clone()));
        p.start(&g, true);
        assert!(g.play(Move::Left) && g.play(Move::Left));
        let outcome = p.won(&g);
        assert!(outcome.not_stored.is_none(), "{:?}", outcome.not_stored);
        flush(&mut p);
        let h = history(&store);
        assert_eq!(h.len(), 2, "the win is kept under a new id: {h:?}");
        assert_eq!(h[1].1, Outcome::Won);
        assert_ne!(h[1].0, other.id);
        assert_eq!(won_row(&p), (2, 1));
        // The same result reported again is skipped.
        let mut again = other.clone();
        assert!(!p.fresh_result(&mut again));
        assert_eq!(again.id, other.id);
        let _ = std::fs::remove_dir_all(store.dir());
    }

    /// A save of `moves` moves (none: a deal left untouched), saved at `at`.
    fn saved_with(moves: usize, at: u64) -> SavedGame {
        let mut g = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), Some(Level::Easy), Some(1), None);
        for m in [Move::Left, Move::Right].into_iter().cycle().take(moves) {
            assert!(g.play(m));
        }
        let mut s = g.to_saved();
        s.saved_at = at;
        s
    }

    #[test]
    fn empty_deals_never_push_out_a_save_with_moves() {
        let store = temp_store("empty");
        // The game in play and seven more are kept.
        let played: Vec<String> = (0..MAX_KEPT_GAMES as u64 - 1)
            .map(|i| {
                let s = saved_with(3, 10 + i);
                store.save_game(&s).unwrap();
                s.id
            })
            .collect();
        // Newer than every played game: deals left with no move.
        for i in 0..5 {
            store.save_game(&saved_with(0, 100 + i)).unwrap();
        }
        let mut p = Persistence::open(Ok(store.clone()));
        let current = game();
        p.start(&current, true);
        flush(&mut p);
        // (The game in play is held: not listed.)
        let mut kept: Vec<String> = store.list_games().0.into_iter().map(|g| g.id).collect();
        kept.sort();
        let mut expected = played.clone();
        expected.sort();
        assert_eq!(kept, expected, "the empty deals went, every played game stays");
        assert!(history(&store).is_empty(), "nothing was pushed out, nothing recorded");
        assert!(p.take_notices().is_empty(), "an empty deal goes unsaid");
        drop(p);

        // One more played game: the oldest goes, once its attempt is recorded, and the
        // notice waits to be read.
        store.save_game(&saved_with(1, 200)).unwrap();
        let mut p = Persistence::open(Ok(store.clone()));
        p.take_notices();
        p.start(&game(), true);
        flush(&mut p);
        let kept: Vec<String> = store.list_games().0.into_iter().map(|g| g.id).collect();
        assert!(!kept.contains(&played[0]), "the oldest played game went");
        assert_eq!(
            kept.len(),
            MAX_KEPT_GAMES - 1,
            "seven played games, and the one in play"
        );
        let h = history(&store);
        assert_eq!(h.len(), 1, "{h:?}");
        assert!(h[0].0.starts_with(&played[0]) && h[0].1 == Outcome::Dnf, "{h:?}");
        let notices = p.take_notices();
        assert!(
            notices.iter().any(|n| n.warning && n.text.contains("was removed")),
            "{notices:?}"
        );
        let _ = std::fs::remove_dir_all(store.dir());
    }

    /// Wins `g` (two moves from solved) with the history's folder replaced by a plain file;
    /// `waiting` results are then in its save, the win's among them.
    fn win_with_history_blocked(
        store: &Store,
        p: &mut Persistence,
        g: &mut Game,
        waiting: usize,
    ) -> std::path::PathBuf {
        let history = store.history_dir();
        let _ = std::fs::remove_dir_all(&history);
        std::fs::create_dir_all(store.dir()).unwrap();
        std::fs::write(&history, b"in the way").unwrap();
        assert!(g.play(Move::Left) && g.play(Move::Left));
        let outcome = p.won(g);
        let reason = outcome.not_stored.expect("not recorded");
        assert!(reason.starts_with(NOT_RECORDED_YET), "{reason}");
        flush(p);
        let save = store.dir().join("games").join(format!("{}.json", g.id()));
        let kept: SavedGame = serde_json::from_slice(&std::fs::read(&save).unwrap()).unwrap();
        assert_eq!(kept.pending.len(), waiting, "the win waits in the save");
        assert!(kept.finished);
        history
    }

    #[test]
    fn a_win_the_history_cant_take_waits_in_its_save_and_is_recorded_while_running() {
        let store = temp_store("waitrun");
        let mut p = Persistence::open(Ok(store.clone()));
        p.retry_every = Duration::ZERO;
        let mut g = game();
        p.start(&g, true);
        let blocked = win_with_history_blocked(&store, &mut p, &mut g, 1);
        let notices = p.take_notices();
        assert!(said(&notices, "not recorded yet: will retry"), "{notices:?}");
        assert!(p.resumable().is_empty(), "a won game is never offered again");
        // Still blocked: retried, still waiting, nothing lost.
        p.tick();
        flush(&mut p);
        assert_eq!(won_row(&p), (0, 0));
        std::fs::remove_file(&blocked).unwrap();
        p.tick();
        flush(&mut p);
        let notices = p.take_notices();
        assert!(said(&notices, "Recorded"), "{notices:?}");
        assert_eq!(won_row(&p), (1, 1));
        assert_eq!(history(&store).len(), 1);
        let save = store.dir().join("games").join(format!("{}.json", g.id()));
        assert!(!save.exists(), "the save goes once the history has the result");
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_restart_after_a_win_that_waits_adds_no_result_and_the_win_is_kept() {
        let store = temp_store("waitreplay");
        let mut p = Persistence::open(Ok(store.clone()));
        p.retry_every = Duration::ZERO;
        let mut g = game();
        p.start(&g, true);
        let blocked = win_with_history_blocked(&store, &mut p, &mut g, 1);
        assert_eq!(p.restart(&mut g), None, "the attempt's result is its win");
        assert!(g.play(Move::Left));
        p.changed(&g);
        flush(&mut p);
        std::fs::remove_file(&blocked).unwrap();
        p.tick();
        flush(&mut p);
        let h = history(&store);
        assert_eq!(h.len(), 1, "{h:?}");
        assert_eq!(h[0].1, Outcome::Won);
        let save = store.dir().join("games").join(format!("{}.json", g.id()));
        let kept: SavedGame = serde_json::from_slice(&std::fs::read(&save).unwrap()).unwrap();
        assert!(
            kept.pending.is_empty() && !kept.finished,
            "the replay's save stays, clean"
        );
        assert_eq!(kept.moves, 1);
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn results_the_history_cant_take_are_recorded_at_the_next_start() {
        let store = temp_store("waitstart");
        let mut p = Persistence::open(Ok(store.clone()));
        let mut g = game();
        p.start(&g, true);
        // A DNF first: it waits in the save of the next attempt, which is then won.
        let history = store.history_dir();
        std::fs::create_dir_all(store.dir()).unwrap();
        std::fs::write(&history, b"in the way").unwrap();
        assert!(g.play(Move::Left));
        p.changed(&g);
        assert_eq!(p.restart(&mut g), Some(Outcome::Dnf));
        flush(&mut p);
        let save = store.dir().join("games").join(format!("{}.json", g.id()));
        let kept: SavedGame = serde_json::from_slice(&std::fs::read(&save).unwrap()).unwrap();
        assert_eq!(
            (kept.pending.len(), kept.attempt),
            (1, 2),
            "the DNF waits in the next attempt's save"
        );
        let _ = win_with_history_blocked(&store, &mut p, &mut g, 2);
        let err = p.flush(&g).expect_err("said at exit");
        assert!(err.to_string().contains("next start"), "{err}");
        drop(p);
        // Still blocked at a start: said, kept.
        let mut p = Persistence::open(Ok(store.clone()));
        assert!(said(&p.take_notices(), "not recorded yet: will retry"));
        drop(p);
        std::fs::remove_file(&history).unwrap();
        let mut p = Persistence::open(Ok(store.clone()));
        let notices = p.take_notices();
        assert!(said(&notices, "Recorded: 2 result(s)"), "{notices:?}");
        assert_eq!(won_row(&p), (2, 1));
        let results: Vec<Outcome> = self::history(&store).into_iter().map(|(_, r)| r).collect();
        assert_eq!(results, vec![Outcome::Dnf, Outcome::Won]);
        assert!(!save.exists(), "the won game's save went with its results");
        assert!(p.resume_newest().is_none());
        let _ = std::fs::remove_dir_all(store.dir());
    }
}
