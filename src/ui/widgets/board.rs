//! The board widget: big tiles with centred numbers, brackets for tiles at home, and an
//! arrow on the hinted tile.

use crate::ui::scheme::Scheme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::{Block, BorderType, Widget};
use slide::puzzle::fringe::Fringe;
use slide::puzzle::{Board, Move};

use crate::ui::scheme::{TileInfo, tile_style};
use crate::ui::theme::Theme;
use crate::ui::widgets::digits::{big_number, big_width};
use crate::ui::widgets::layout::ScreenLayout;

/// The board as drawn.
#[allow(
    clippy::struct_excessive_bools,
    reason = "independent facts about how the board is drawn, not a state machine"
)]
pub struct BoardView<'a> {
    /// The board.
    pub board: &'a Board,
    /// Where the tiles go.
    pub layout: &'a ScreenLayout,
    /// Styles.
    pub theme: &'a Theme,
    /// The hinted move, if shown.
    pub hint: Option<Move>,
    /// Whether direction keys move the blank: then the hint's arrow sits in the gap and
    /// points where the gap goes (the key to press), and the tile is only highlighted.
    pub blank_convention: bool,
    /// The frame's title.
    pub title: String,
    /// An impossible move was just tried: the frame flashes.
    pub bumped: bool,
    /// The tile colour scheme.
    pub scheme: Scheme,
    /// Whether the terminal takes UTF-8 (big digits in half blocks, or in `#`).
    pub unicode: bool,
    /// A blind solve under way: every tile is drawn alike, with no number, no bracket and no
    /// scheme colour (each would tell where a tile is).
    pub hidden: bool,
}

impl Widget for BoardView<'_> {
    fn render(self, _area: Rect, buf: &mut Buffer) {
        let frame = if self.bumped {
            self.theme.hint.add_modifier(ratatui::style::Modifier::REVERSED)
        } else {
            Style::new()
        };
        Block::bordered()
            .border_type(BorderType::Rounded)
            .border_style(frame)
            .title(self.title)
            .title_style(self.theme.accent)
            .render(self.layout.board, buf);
        let size = self.board.size();
        let hinted = self.hint.and_then(|m| {
            m.source_in(self.board.blank(), size.width(), size.height())
                .map(|cell| (cell, m))
        });
        let fringe = (self.scheme == Scheme::Fringe).then(|| Fringe::of(self.board));
        let width = size.width();
        for cell in 0..self.board.size().cells() {
            let tile = self.board.tile_at(cell);
            let rect = self.layout.tile_rect(cell);
            if tile == 0 {
                buf.set_style(rect, self.theme.blank);
                if self.blank_convention
                    && let Some((_, m)) = hinted
                {
                    let (arrow, _) = crate::ui::widgets::panel::describe(m.inverse());
                    let w = usize::from(rect.width);
                    let text = format!("{:^w$}", arrow.repeat(2));
                    buf.set_stringn(rect.x, rect.y + rect.height / 2, &text, w, self.theme.hint);
                }
                continue;
            }
            let arrow = hinted
                .filter(|(c, _)| *c == cell)
                .map(|(_, m)| m)
                .filter(|_| !self.blank_convention);
            if self.hidden {
                buf.set_style(rect, self.theme.tile);
                continue;
            }
            let highlighted = hinted.is_some_and(|(c, _)| c == cell);
            let home = self.board.is_home(cell);
            let style = if highlighted {
                self.theme.hint
            } else {
                tile_style(self.theme, self.scheme, TileInfo { tile, width, home }, fringe.as_ref())
            };
            draw_tile(buf, rect, Face { tile, home, arrow }, style, self.unicode);
        }
    }
}

/// What a tile shows: its number, whether it is home (brackets), the hint's arrow.
#[derive(Debug, Clone, Copy)]
struct Face {
    tile: u8,
    home: bool,
    arrow: Option<Move>,
}

fn draw_tile(buf: &mut Buffer, rect: Rect, face: Face, style: Style, unicode: bool) {
    buf.set_style(rect, style);
    let w = usize::from(rect.width);
    let mid = rect.y + rect.height / 2;
    let Face { tile, home, arrow } = face;
    let big = big_number(u32::from(tile), unicode);
    // Big digits where they fit with a column for the brackets or arrow on each side and a
    // row for the up or down arrow above and below.
    let fits_big = usize::from(rect.height) >= big.len() + 2 && w >= big_width(u32::from(tile)) + 4;
    if fits_big {
        let top = rect.y + (rect.height - big.len() as u16) / 2;
        let x = rect.x + (rect.width - big_width(u32::from(tile)) as u16) / 2;
        for (i, row) in big.iter().enumerate() {
            buf.set_stringn(x, top + i as u16, row, w, style);
        }
        let sides = tile_text("", w, home, arrow, true);
        let (l, r) = (sides.chars().next(), sides.chars().last());
        if let Some(l) = l.filter(|c| *c != ' ') {
            buf.set_stringn(rect.x, mid, l.to_string(), 1, style);
        }
        if let Some(r) = r.filter(|c| *c != ' ') {
            buf.set_stringn(rect.x + rect.width - 1, mid, r.to_string(), 1, style);
        }
    } else {
        let n = tile.to_string();
        let text = tile_text(&n, w, home, arrow, rect.height >= 3);
        buf.set_stringn(rect.x, mid, &text, w, style);
    }
    if rect.height >= 3 {
        let bar = |c: char| format!("{:^w$}", c.to_string().repeat(2));
        match arrow {
            Some(Move::Up) => {
                buf.set_stringn(rect.x, rect.y, bar('▲'), w, style);
            }
            Some(Move::Down) => {
                buf.set_stringn(rect.x, rect.y + rect.height - 1, bar('▼'), w, style);
            }
            _ => {}
        }
    }
}

/// The middle row of a tile `w` wide. Numbers sit right-aligned in a two-column field in the
/// middle, so one- and two-digit tiles line up; the outer columns carry brackets (home) or
/// the hint's arrow. A compact tile (3 columns) has one column beside the number, on the
/// left: the hint's arrow, else a space (a tile at home shows it by its colour and bold).
fn tile_text(n: &str, w: usize, home: bool, arrow: Option<Move>, tall: bool) -> String {
    let field = format!("{n:>2}");
    if w < 4 {
        let marker = match arrow {
            Some(m) => crate::ui::widgets::panel::describe(m).0,
            None => " ",
        };
        return format!("{marker}{field}");
    }
    let left = (w - 2) / 2;
    let right = w - 2 - left;
    let (l, r) = match arrow {
        Some(Move::Left) => ("◀".to_string(), " ".repeat(right)),
        Some(Move::Right) => (" ".repeat(left), "▶".to_string()),
        Some(Move::Up | Move::Down) if !tall => {
            let a = if arrow == Some(Move::Up) { "▲" } else { "▼" };
            (a.to_string(), " ".repeat(right))
        }
        _ if home => ("[".to_string(), "]".to_string()),
        _ => (" ".repeat(left), " ".repeat(right)),
    };
    // Pad the side markers to their columns: marker at the edge, spaces inside.
    let l = format!("{l:<left$}");
    let r = format!("{r:>right$}");
    format!("{l}{field}{r}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_texts() {
        assert_eq!(tile_text("12", 6, false, None, true), "  12  ");
        assert_eq!(tile_text("1", 6, true, None, true), "[  1 ]");
        assert_eq!(tile_text("12", 6, false, Some(Move::Left), true), "◀ 12  ");
        assert_eq!(tile_text("12", 6, false, Some(Move::Right), true), "  12 ▶");
        assert_eq!(tile_text("12", 4, true, None, false), "[12]");
        assert_eq!(tile_text("7", 4, false, Some(Move::Up), false), "▲ 7 ");
        // Compact: the number right-aligned, the arrow before it.
        assert_eq!(tile_text("99", 3, true, None, false), " 99");
        assert_eq!(tile_text("7", 3, false, None, false), "  7");
        assert_eq!(tile_text("12", 3, false, Some(Move::Left), false), "◀12");
        assert_eq!(tile_text("12", 3, false, Some(Move::Down), false), "▼12");
    }
}
