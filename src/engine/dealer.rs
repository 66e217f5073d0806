//! Dealing boards off the game's thread, and the next board dealt ahead.
//!
//! A 4×4 Hard board is confirmed by the optimal solver, which can take a second or two, so
//! every deal runs on its own short-lived thread. The seed is chosen before the request, so
//! the board dealt is the same as a synchronous deal's. One deal is in flight at a time (the
//! deal lane's generation): a new one stops the older, which is answered Cancelled. A deal
//! made ahead of time is kept until the player asks for a game of its kind.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;

use crate::difficulty::{DealRequest, Generated, generate_with_stop};
use crate::engine::error::EngineError;
use crate::engine::priority::lower_this_thread;
use crate::engine::request::{Lane, Message, Reply, Ticket};
use crate::engine::sink::Sink;
use crate::solver::{Solver, Stop};
use crate::threads::{panic_message, thread_name};

/// What [`Engine::deal`](crate::engine::Engine::deal) gives at once.
#[derive(Debug, Clone)]
pub enum Dealing {
    /// The board was dealt ahead: it is here.
    Ready(Generated),
    /// It is being dealt; [`Answer::Dealt`](crate::engine::Answer::Dealt) brings it.
    Waiting(Ticket),
}

/// The deal in flight or done.
#[derive(Debug)]
struct Slot {
    ticket: Ticket,
    request: DealRequest,
    /// Set to stop the thread.
    cancel: Arc<AtomicBool>,
    /// The board, once dealt (a deal made ahead).
    ready: Option<Generated>,
    /// Whether the player waits for it.
    wanted: bool,
}

/// The dealer: one deal at a time, and a wish for the next one.
#[derive(Debug, Default)]
pub(crate) struct Dealer {
    slot: Option<Slot>,
    next_id: u64,
    /// A deal to make ahead once the size's tables are ready.
    wish: Option<DealRequest>,
}

/// Whether two requests deal the same kind of game (the seed aside).
fn same_kind(a: &DealRequest, b: &DealRequest) -> bool {
    a.size == b.size && a.level == b.level && a.daily == b.daily
}

impl Dealer {
    /// Deals `request` for the player: at once when it was dealt ahead, otherwise when the
    /// thread answers.
    pub fn deal(&mut self, solver: &Solver, request: DealRequest, sink: &Sink) -> Dealing {
        match &mut self.slot {
            Some(slot) if same_kind(&slot.request, &request) => {
                if let Some(g) = slot.ready.take() {
                    self.slot = None;
                    return Dealing::Ready(g);
                }
                slot.wanted = true;
                return Dealing::Waiting(slot.ticket);
            }
            _ => {}
        }
        Dealing::Waiting(self.start(solver, request, true, sink))
    }

    /// Deals `request` ahead, in place of any other kind dealt before, once `ready` (the
    /// size's tables are: the deal confirms with them).
    pub fn ahead(&mut self, solver: &Solver, request: DealRequest, sink: &Sink) {
        if self.slot.as_ref().is_some_and(|s| same_kind(&s.request, &request)) {
            self.wish = None;
            return;
        }
        // The deal the player waits for goes first.
        if !solver.is_ready(request.size) || self.slot.as_ref().is_some_and(|s| s.wanted) {
            self.wish = Some(request);
            return;
        }
        self.wish = None;
        self.start(solver, request, false, sink);
    }

    /// The size's tables are ready: a wish for it can be dealt now.
    pub fn tables_ready(&mut self, solver: &Solver, sink: &Sink) {
        let free = !self.slot.as_ref().is_some_and(|s| s.wanted);
        if let Some(wish) = self.wish.filter(|w| free && solver.is_ready(w.size)) {
            self.ahead(solver, wish, sink);
        }
    }

    /// The player no longer waits: the deal they waited for stops.
    pub fn cancel(&mut self, sink: &Sink) {
        if self.slot.as_ref().is_some_and(|s| s.wanted) {
            self.stop(sink);
        }
    }

    /// Takes a finished deal: what the player waits for, if it is that one.
    pub fn dealt(
        &mut self,
        ticket: Ticket,
        result: Result<Generated, EngineError>,
    ) -> Option<Result<Generated, EngineError>> {
        let slot = self.slot.as_mut().filter(|s| s.ticket == ticket)?;
        if slot.wanted {
            self.slot = None;
            return Some(result);
        }
        match result {
            Ok(g) => slot.ready = Some(g),
            // A deal made ahead that failed: the player's own deal will say why.
            Err(_) => self.slot = None,
        }
        None
    }

    /// The deal made ahead (not waited for), and its board once dealt.
    pub(crate) fn ahead_of_time(&self) -> Option<(DealRequest, Option<&Generated>)> {
        self.slot
            .as_ref()
            .filter(|s| !s.wanted)
            .map(|s| (s.request, s.ready.as_ref()))
    }

    /// The request of the deal the player waits for, if any.
    #[cfg(test)]
    pub fn awaited(&self) -> Option<DealRequest> {
        self.slot.as_ref().filter(|s| s.wanted).map(|s| s.request)
    }

    /// Stops the deal in flight (answered Cancelled) and forgets one made ahead.
    fn stop(&mut self, sink: &Sink) {
        if let Some(slot) = self.slot.take()
            && slot.ready.is_none()
        {
            slot.cancel.store(true, Ordering::SeqCst);
            sink.send(Reply(Message::Cancelled { ticket: slot.ticket }));
        }
    }

    fn start(&mut self, solver: &Solver, request: DealRequest, wanted: bool, sink: &Sink) -> Ticket {
        self.stop(sink);
        self.next_id += 1;
        let ticket = Ticket {
            lane: Lane::Deal,
            id: self.next_id,
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let solver = solver.clone();
        let tx = sink.clone();
        let spawned = thread::Builder::new().name(thread_name("deal")).spawn(move || {
            if !wanted {
                // Dealt ahead: nobody waits for it yet.
                lower_this_thread();
            }
            let stop = Stop::never().with_flag(flag);
            let DealRequest { size, level, seed, .. } = request;
            let result = catch_unwind(AssertUnwindSafe(|| {
                generate_with_stop(&solver, size, level, seed, &stop)
            }));
            let result = match result {
                Ok(Ok(g)) => Ok(g),
                // Cancelled: answered when it was stopped.
                Ok(Err(_)) => return,
                Err(panic) => Err(EngineError::Crashed {
                    message: panic_message(panic.as_ref()),
                }),
            };
            tx.send(Reply(Message::Dealt {
                ticket,
                request,
                result,
            }));
        });
        if let Err(e) = spawned {
            sink.send(Reply(Message::Dealt {
                ticket,
                request,
                result: Err(EngineError::NoThread {
                    what: "dealer",
                    reason: e.to_string(),
                }),
            }));
        }
        self.slot = Some(Slot {
            ticket,
            request,
            cancel,
            ready: None,
            wanted,
        });
        ticket
    }
}

impl Drop for Dealer {
    fn drop(&mut self) {
        if let Some(slot) = &self.slot {
            slot.cancel.store(true, Ordering::SeqCst);
        }
    }
}
