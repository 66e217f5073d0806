//! A peek at the goal: the board as it will be once solved (in picture mode, the whole
//! picture) in place of the game, until the next key. The clock stops meanwhile, as on the
//! pause screen, since the game's board is not on show.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::{Clear, Widget};
use slide::puzzle::Board;

use crate::ui::context::{Context, View};
use crate::ui::keys::Action;
use crate::ui::screen::{Screen, Transition};
use crate::ui::screens::board_drawing::draw_board;
use crate::ui::widgets::layout::{Fit, fit};

/// The goal on show.
#[derive(Debug, Default)]
pub struct Peek;

impl Screen for Peek {
    /// Any key goes back to the game (quit quits); mouse motion changes nothing.
    fn update(&mut self, action: Action, _ctx: &mut Context) -> Transition {
        match action {
            Action::Hover { .. } => Transition::Stay,
            Action::Quit => Transition::Quit,
            _ => Transition::Pop,
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        let size = view.current.game.size();
        let Fit::Fits(layout) = fit(area, size) else {
            return;
        };
        let key = view.settings.keys.name(Action::Peek);
        let long = format!(" goal · {key} or any key: back ");
        // A small board's frame holds the short title only (its corners take two columns).
        let title = if long.chars().count() + 2 <= usize::from(layout.board.width) {
            long
        } else {
            " goal · any key: back ".to_string()
        };
        // The board drawn beneath shows through wherever the goal draws nothing (its gap).
        Clear.render(layout.board, buf);
        draw_board(view, &layout, &Board::goal(size), None, title, false, buf);
    }

    fn watches_board(&self) -> bool {
        true
    }
}
