//! What a screen may reach: the settings, the engine, the game in play, the look, the notice
//! queue and the clipboard, and the time and screen size of the event. Narrow on purpose:
//! no screen sees the app, the stack, or another screen.

use std::time::Instant;

use ratatui::layout::Rect;
use slide::engine::Engine;
use slide::game::Notice;

use crate::ui::clipboard::Clipboard;
use crate::ui::current_game::CurrentGame;
use crate::ui::look::Look;
use crate::ui::notices::Notices;
use crate::ui::settings::Settings;

/// What a screen's update may use and change.
pub struct Context<'a> {
    /// Settings, key bindings and styles (the settings screen changes them).
    pub settings: &'a mut Settings,
    /// The solver's work.
    pub engine: &'a mut Engine,
    /// The game in play.
    pub current: &'a mut CurrentGame,
    /// The tile scheme and picture mode.
    pub look: &'a mut Look,
    /// Notices for the player.
    pub notices: &'a mut Notices,
    /// The copy key's clipboard.
    pub clipboard: &'a mut Clipboard,
    /// The screen's size when last drawn (for clicks).
    pub area: Rect,
    /// The time of the event.
    pub now: Instant,
}

impl Context<'_> {
    /// Queues a notice for the player.
    pub fn notify(&mut self, notice: Notice) {
        self.notices.push(notice);
    }
}

/// The context of an event at `now`: every piece of `app` but its screen stack.
macro_rules! context {
    ($app:expr, $now:expr) => {
        $crate::ui::context::Context {
            settings: &mut $app.settings,
            engine: &mut $app.engine,
            current: &mut $app.current,
            look: &mut $app.look,
            notices: &mut $app.notices,
            clipboard: &mut $app.clipboard,
            area: $app.area,
            now: $now,
        }
    };
}
pub(crate) use context;

/// What a screen's drawing may read.
#[derive(Clone, Copy)]
pub struct View<'a> {
    /// Settings, key bindings and styles.
    pub settings: &'a Settings,
    /// The solver's work (its plan, what it is computing).
    pub engine: &'a Engine,
    /// The game in play.
    pub current: &'a CurrentGame,
    /// The tile scheme and picture mode.
    pub look: &'a Look,
    /// The copy key's clipboard.
    pub clipboard: &'a Clipboard,
    /// The time of the frame.
    pub now: Instant,
}
