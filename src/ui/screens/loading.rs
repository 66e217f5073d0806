//! Loading: the game's first frame, up at once while its saves and records are read off
//! the screen's thread (`ui/opening.rs`). Keys pressed meanwhile are kept, in order, and
//! given to the game once it shows; quitting quits at once.

use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Widget};

use crate::ui::context::{Context, View};
use crate::ui::keys::Action;
use crate::ui::screen::{Screen, Transition};
use crate::ui::widgets::overlay;

/// After this long the box says that the wait may be another copy of Slide writing.
const SLOW: Duration = Duration::from_secs(1);

/// The records being read.
#[derive(Debug)]
pub struct Loading {
    /// Since when.
    pub since: Instant,
    /// The keys pressed meanwhile, for the game once it shows.
    pub(crate) held: Vec<Action>,
}

impl Loading {
    /// Loading from now.
    pub fn new() -> Loading {
        Loading {
            since: Instant::now(),
            held: Vec::new(),
        }
    }
}

impl Screen for Loading {
    /// Quitting quits; any other key waits for the game (mouse motion is no key).
    fn update(&mut self, action: Action, _ctx: &mut Context) -> Transition {
        match action {
            Action::Quit => Transition::Quit,
            Action::Hover { .. } => Transition::Stay,
            other => {
                self.held.push(other);
                Transition::Stay
            }
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        Clear.render(area, buf);
        let theme = &view.settings.theme;
        let mut lines = vec![Line::raw("Loading your records…")];
        if view.now.saturating_duration_since(self.since) >= SLOW {
            // Reading 100,000 attempts takes about half a second; longer is a held lock.
            lines.push(Line::styled(
                "(another copy of Slide may be writing them: waiting for it)",
                theme.dim,
            ));
            lines.push(Line::styled(
                format!("{} quits.", view.settings.keys.name(Action::Quit)),
                theme.dim,
            ));
        }
        overlay::draw(area, buf, " Slide ", theme.dim, lines);
    }

    fn covers(&self) -> bool {
        true
    }

    fn clock_runs(&self) -> bool {
        false
    }

    fn wake_in(&self, now: Instant) -> Option<Duration> {
        // Once, to add the line about a held lock; then nothing moves.
        let at = self.since + SLOW;
        (now < at + Duration::from_millis(200)).then(|| at.saturating_duration_since(now))
    }
}
