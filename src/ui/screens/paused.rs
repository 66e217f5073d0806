//! Paused: the board is hidden and the clock stopped; any key goes back to the game.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Widget};

use crate::ui::context::{Context, View};
use crate::ui::keys::Action;
use crate::ui::screen::{Screen, Transition};
use crate::ui::widgets::layout::{Fit, fit};
use crate::ui::widgets::overlay;

/// The paused screen: the board area is blanked, so a pause can't be used to think.
#[derive(Debug, Default)]
pub struct Paused {
    /// Opened over a game just resumed (what it is), rather than by the pause key.
    resumed: Option<String>,
}

impl Paused {
    /// Over an attempt resumed under way: its clock runs from the moment the board shows.
    /// `what` says which game it is.
    pub fn resumed(what: String) -> Paused {
        Paused { resumed: Some(what) }
    }
}

impl Screen for Paused {
    /// Any key but quit resumes.
    fn update(&mut self, action: Action, _ctx: &mut Context) -> Transition {
        if action == Action::Quit {
            Transition::Quit
        } else {
            Transition::Pop
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        if let Fit::Fits(layout) = fit(area, view.current.game.size()) {
            Clear.render(layout.board, buf);
        }
        let theme = &view.settings.theme;
        let lines = match &self.resumed {
            Some(what) => vec![
                Line::raw(what.clone()),
                Line::raw("Its board is hidden and its clock stopped."),
                Line::raw(""),
                Line::styled("Press any key to play on: the clock runs from then.", theme.dim),
                Line::styled(
                    format!(
                        "Once it shows, {} starts a new game.",
                        view.settings.keys.name(Action::NewGame)
                    ),
                    theme.dim,
                ),
            ],
            None => vec![
                Line::raw("The clock is stopped and the board hidden."),
                Line::raw(""),
                Line::styled("Press any key to play on.", theme.dim),
            ],
        };
        let title = if self.resumed.is_some() {
            " Resumed "
        } else {
            " Paused "
        };
        overlay::draw(area, buf, title, theme.accent, lines);
    }
}
