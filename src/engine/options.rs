//! How the engine works beyond the requests it is sent.

use std::time::Duration;

/// How the engine works beyond the requests it is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Once the size in play has its tables, prepare every other size's in the background,
    /// so that a game of another size deals and hints at full strength at once.
    pub prewarm: bool,
    /// The par search's budget on 3×3 and 4×4.
    pub par_budget: Duration,
    /// Prepare the size in play's tables when a game starts. Off, the searches use the
    /// simpler estimates (and tables a search builds on its own); end-to-end tests turn it
    /// off so as not to wait on it.
    pub prepare: bool,
    /// Whether the engine thinks while the player does: on 5×5 and 6×6 it improves the
    /// plan of the board on screen (and so finds the par estimate), and it prepares the
    /// other sizes' tables (with [`Options::prewarm`]). Off, it only searches the par of a
    /// 3×3 or 4×4 start and deals the next board ahead.
    pub thinking: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            prewarm: false,
            par_budget: Duration::from_secs(10),
            prepare: true,
            thinking: true,
        }
    }
}
