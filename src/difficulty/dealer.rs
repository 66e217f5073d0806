//! Dealing boards off the UI thread.
//!
//! A 4×4 Hard board is confirmed by the optimal solver, which can take a second or two, so
//! every deal runs on its own short-lived thread and replies over a channel. The seed is
//! chosen before the request, so the board dealt is the same as a synchronous deal's.
//! Each request has a cancel flag: a deal nobody wants any more stops at its next check.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

use crate::difficulty::{Generated, Level, UtcDate, generate_with_stop};
use crate::puzzle::Size;
use crate::solver::{Solver, Stop};
use crate::threads::thread_name;

/// What to deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealRequest {
    /// The size.
    pub size: Size,
    /// The level.
    pub level: Level,
    /// The seed (chosen by the caller, so the board is determined before the thread runs).
    pub seed: u64,
    /// The day, when this is the daily puzzle (dealt at the daily level from the day's seed).
    pub daily: Option<UtcDate>,
}

impl DealRequest {
    /// Today's daily puzzle of `size`: the daily level, from the UTC date's seed.
    pub fn daily_today(size: Size) -> DealRequest {
        let date = UtcDate::today();
        DealRequest {
            size,
            level: crate::difficulty::DAILY_LEVEL,
            seed: date.seed(),
            daily: Some(date),
        }
    }
}

/// A finished deal.
#[derive(Debug)]
pub struct Dealt {
    /// The request's id.
    pub id: u64,
    /// What was asked.
    pub request: DealRequest,
    /// The board, or why there is none (a panic's message; cancelled deals send nothing).
    pub result: Result<Generated, String>,
}

/// Starts deals and collects their results.
pub struct Dealer {
    solver: Solver,
    tx: Sender<Dealt>,
    rx: Receiver<Dealt>,
    next_id: u64,
    flags: HashMap<u64, Arc<AtomicBool>>,
}

impl Dealer {
    /// A dealer using `solver` (whose tables make the confirmations fast).
    pub fn new(solver: Solver) -> Dealer {
        let (tx, rx) = mpsc::channel();
        Dealer {
            solver,
            tx,
            rx,
            next_id: 0,
            flags: HashMap::new(),
        }
    }

    /// Starts dealing `request` in the background; returns its id.
    pub fn deal(&mut self, request: DealRequest) -> u64 {
        self.next_id += 1;
        let id = self.next_id;
        let flag = Arc::new(AtomicBool::new(false));
        self.flags.insert(id, Arc::clone(&flag));
        let solver = self.solver.clone();
        let tx = self.tx.clone();
        let spawned = thread::Builder::new().name(thread_name("deal")).spawn(move || {
            let stop = Stop::never().with_flag(flag);
            let DealRequest { size, level, seed, .. } = request;
            let result = catch_unwind(AssertUnwindSafe(|| {
                generate_with_stop(&solver, size, level, seed, &stop)
            }));
            let result = match result {
                Ok(Ok(g)) => Ok(g),
                // Cancelled: nobody is waiting.
                Ok(Err(_)) => return,
                Err(panic) => Err(panic_text(panic.as_ref())),
            };
            let _ = tx.send(Dealt { id, request, result });
        });
        if let Err(e) = spawned {
            let _ = self.tx.send(Dealt {
                id,
                request,
                result: Err(format!("could not start dealing: {e}")),
            });
        }
        id
    }

    /// Stops the deal `id` if it is still running.
    pub fn cancel(&mut self, id: u64) {
        if let Some(flag) = self.flags.remove(&id) {
            flag.store(true, Ordering::SeqCst);
        }
    }

    /// The next finished deal, if any.
    pub fn try_recv(&mut self) -> Option<Dealt> {
        let dealt = self.rx.try_recv().ok()?;
        self.flags.remove(&dealt.id);
        Some(dealt)
    }

    /// Waits up to `timeout` for a finished deal.
    pub fn recv_timeout(&mut self, timeout: std::time::Duration) -> Option<Dealt> {
        let dealt = self.rx.recv_timeout(timeout).ok()?;
        self.flags.remove(&dealt.id);
        Some(dealt)
    }
}

impl Drop for Dealer {
    fn drop(&mut self) {
        for flag in self.flags.values() {
            flag.store(true, Ordering::SeqCst);
        }
    }
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(ToString::to_string)
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "the dealer panicked".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::generate;
    use crate::solver::TableCache;
    use std::time::Duration;

    #[test]
    fn a_background_deal_is_the_same_board_as_a_direct_one() {
        let solver = Solver::new(TableCache::disabled());
        let mut dealer = Dealer::new(solver.clone());
        let request = DealRequest {
            size: Size::THREE,
            level: Level::Hard,
            seed: 42,
            daily: None,
        };
        let id = dealer.deal(request);
        let dealt = dealer.recv_timeout(Duration::from_secs(30)).expect("dealt");
        assert_eq!(dealt.id, id);
        let g = dealt.result.expect("board");
        assert_eq!(g.board, generate(&solver, Size::THREE, Level::Hard, 42).board);
    }
}
