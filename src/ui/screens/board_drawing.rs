//! The board as the board screen and the peek draw it: the numbered board, with the
//! picture over it when picture mode is on.

use ratatui::buffer::Buffer;
use ratatui::widgets::Widget;
use slide::config::ArrowsMove;
use slide::puzzle::{Board, Move};

use crate::ui::context::View;
use crate::ui::keys::Action;
use crate::ui::widgets::board::BoardView;
use crate::ui::widgets::layout::ScreenLayout;
use crate::ui::widgets::picture_board::PictureBoard;

/// Draws `board` (with `hint`'s arrow) in the layout's frame titled `title`: its pictures
/// when picture mode is on; every tile alike and blank when `hidden` (a blind solve).
pub fn draw_board(
    view: &View,
    layout: &ScreenLayout,
    board: &Board,
    hint: Option<Move>,
    title: String,
    hidden: bool,
    buf: &mut Buffer,
) {
    let s = view.current;
    PictureBoard {
        board: BoardView {
            board,
            layout,
            theme: &view.settings.theme,
            hint,
            blank_convention: view.settings.config.game.arrows_move == ArrowsMove::Blank,
            title,
            bumped: s.bumped(view.now),
            scheme: view.look.scheme,
            unicode: view.settings.caps.unicode,
            hidden,
        },
        look: view.look,
        numbers_key: view.settings.keys.name(Action::Numbers),
    }
    .render(layout.board, buf);
}
