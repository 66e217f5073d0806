//! Where the engine's threads send their replies: a function the owner of the engine gives
//! (the game puts them on its event loop's one channel), or a channel of the engine's own.

use std::sync::Arc;
use std::sync::mpsc::Sender;

use crate::engine::request::Reply;

/// A destination for replies, shared by every thread of the engine.
#[derive(Clone)]
pub(crate) struct Sink(Arc<dyn Fn(Reply) -> bool + Send + Sync>);

impl Sink {
    /// Replies go to `send`, which says whether anyone still listens.
    pub fn new(send: impl Fn(Reply) -> bool + Send + Sync + 'static) -> Sink {
        Sink(Arc::new(send))
    }

    /// Replies go into `tx`.
    pub fn channel(tx: Sender<Reply>) -> Sink {
        Sink::new(move |r| tx.send(r).is_ok())
    }

    /// Sends `reply`; false when nobody listens any more (the game has ended).
    pub fn send(&self, reply: Reply) -> bool {
        (self.0)(reply)
    }
}

impl std::fmt::Debug for Sink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sink")
    }
}
