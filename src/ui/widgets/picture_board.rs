//! The board in picture mode: each tile shows its part of the picture with upper-half-block
//! characters, two pixels a cell (the top pixel as the character's colour, the bottom one
//! as its background; one pixel a cell without UTF-8), and, when asked, its number small in
//! the top-left corner.
//!
//! The numbered board is drawn first and the picture over it, so the frame, the blank and
//! the hint in the gap stay the board's own. Where a picture can't be shown (no colour, or
//! tiles too small to make it out) the numbers stay, and the frame's bottom line says why.
//! The picture is cut for the tiles on screen, so a bigger window samples more of it; tiles
//! that look alike on this terminal (or all, for a picture too tiny to cut) show their
//! numbers even while the numbers are hidden.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::widgets::Widget;
use slide::picture::{Rgb, TiledPicture};
use slide::puzzle::Move;

use crate::ui::capabilities::Colours;
use crate::ui::look::Look;
use crate::ui::picture_mode::pixel_colour;
use crate::ui::widgets::board::BoardView;

/// The board, with a picture when one is chosen.
pub struct PictureBoard<'a> {
    /// The numbered board (drawn as it is when no picture is chosen).
    pub board: BoardView<'a>,
    /// The picture, its colours and whether cells take half blocks.
    pub look: &'a Look,
    /// The key that shows and hides the numbers, for the frame's bottom line.
    pub numbers_key: String,
}

/// Why the picture is not drawn, as the frame's bottom line says it.
pub const NO_COLOUR: &str = " no colour: numbers ";
/// The tiles are too small to show a picture (the compact layout).
pub const TOO_SMALL: &str = " too small: numbers ";

impl Widget for PictureBoard<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let layout = *self.board.layout;
        let (board, hint, blank_convention, hint_style, dim) = (
            self.board.board,
            self.board.hint,
            self.board.blank_convention,
            self.board.theme.hint,
            self.board.theme.dim,
        );
        let hidden = self.board.hidden;
        self.board.render(area, buf);
        if hidden {
            // A blind solve: the picture would show where each tile is.
            return;
        }
        let look = self.look;
        let Some(mode) = look.picture.as_ref() else { return };
        let frame = layout.board;
        let bottom = |buf: &mut Buffer, text: &str| {
            let w = usize::from(frame.width.saturating_sub(4));
            buf.set_stringn(frame.x + 2, frame.y + frame.height - 1, text, w, dim);
        };
        if look.colours == Colours::None {
            return bottom(buf, NO_COLOUR);
        }
        if !layout.tile.is_big() {
            return bottom(buf, TOO_SMALL);
        }
        let size = board.size();
        let cut = mode.cut(size, look.tile_pixels(layout.tile), look.colours);
        let tiny = mode.tiny(size);
        let hinted = hint.and_then(|m| m.source_in(board.blank(), size.width(), size.height()));
        let solved = board.is_goal();
        let last = board.size().cells() as u8;
        for cell in 0..board.size().cells() {
            let tile = board.tile_at(cell);
            // The blank shows the last piece once the picture is whole.
            let tile = match tile {
                0 if solved => last,
                0 => continue,
                t => t,
            };
            let rect = layout.tile_rect(cell);
            draw_tile(buf, rect, &cut.tiled, tile, look);
            // Numbers on every tile when asked; else on the tiles that look alike.
            let numbered = look.numbers || tiny || cut.alike.contains(&tile);
            if numbered && tile < last {
                draw_number(buf, rect, &cut.tiled, tile, look.colours);
            }
            if hinted == Some(cell)
                && let Some(m) = hint
            {
                draw_hint(buf, rect, m, blank_convention, hint_style);
            }
        }
        bottom(buf, &format!(" {} numbers ", self.numbers_key));
    }
}

/// Paints `tile`'s part of the picture into `rect`: two pixels a cell in upper half blocks
/// (the top pixel as the character's colour, the bottom one as its background), or one
/// pixel a cell, as a coloured space, where the terminal has no UTF-8.
fn draw_tile(buf: &mut Buffer, rect: Rect, tiled: &TiledPicture, tile: u8, look: &Look) {
    let colour = |p: Rgb| pixel_colour(look.colours, p);
    for cy in 0..rect.height {
        for cx in 0..rect.width {
            let Some(c) = buf.cell_mut((rect.x + cx, rect.y + cy)) else {
                continue;
            };
            if look.unicode {
                let top = tiled.pixel(tile, u32::from(cx), u32::from(cy) * 2);
                let low = tiled.pixel(tile, u32::from(cx), u32::from(cy) * 2 + 1);
                c.set_char('▀').set_style(Style::new().fg(colour(top)).bg(colour(low)));
            } else {
                let p = tiled.pixel(tile, u32::from(cx), u32::from(cy));
                c.set_char(' ').set_style(Style::new().bg(colour(p)));
            }
        }
    }
}

/// The tile's number in its top-left corner, light on dark or dark on light by the
/// picture under it.
fn draw_number(buf: &mut Buffer, rect: Rect, tiled: &TiledPicture, tile: u8, colours: Colours) {
    let under = tiled.pixel(tile, 0, 0);
    let style = Style::new().bg(pixel_colour(colours, under)).fg(contrasting(under));
    buf.set_stringn(rect.x, rect.y, tile.to_string(), usize::from(rect.width), style);
}

/// Black or white, whichever reads better on `rgb`.
fn contrasting([r, g, b]: Rgb) -> Color {
    let luma = 299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b);
    if luma > 128_000 { Color::Black } else { Color::White }
}

/// The hint's arrows in the middle of the picture tile (unless the keys move the blank:
/// then the arrow is in the gap and the tile is only framed by the hint's colour).
fn draw_hint(buf: &mut Buffer, rect: Rect, m: Move, blank_convention: bool, style: Style) {
    let mid = rect.y + rect.height / 2;
    let (arrow, _) = crate::ui::widgets::panel::describe(m);
    let text = if blank_convention {
        "  ".to_string()
    } else {
        arrow.repeat(2)
    };
    let x = rect.x + rect.width.saturating_sub(2) / 2;
    buf.set_stringn(x, mid, text, 2, style);
}
