//! The engine: everything the game asks of the solver, off the game's thread.
//!
//! Owns the solver thread (hints, solutions, the par, better plans, reviews; one request at
//! a time, the player's first), the dealer (a new board, and the next one dealt ahead), the
//! tables' preparation, and the policies of the work done while the player thinks (what to
//! ask for, and when: [`Focus`]). Each kind of request ([`Lane`]) has its own generation: a
//! new request supersedes only the older one of its kind, and every superseded request is
//! answered Cancelled, so the game keeps no ids to reset. Replies come through a function
//! the game gives (its event loop's channel) and are turned into [`Answer`]s by
//! [`Engine::handle`].
//!
//! Imports `solver`, `review`, `difficulty`, `puzzle` and `threads`; nothing in the library
//! imports it, and it knows no terminal, key or screen.

mod background;
mod dealer;
mod error;
mod handle;
mod improve;
mod job;
mod large_tables;
mod options;
mod plan;
mod priority;
mod replies;
mod request;
mod sink;
mod small_board;
mod tables;
mod worker;

#[cfg(test)]
mod tests;

pub use background::Focus;
pub use dealer::Dealing;
pub use error::EngineError;
pub use handle::Engine;
pub use options::Options;
pub use plan::KnownPlan;
pub use replies::Answer;
pub use request::{Ask, Lane, Pending, Reply, Ticket};
