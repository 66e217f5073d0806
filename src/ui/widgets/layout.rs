//! Where everything goes on screen, shared by drawing and by mouse hit-testing.

use ratatui::layout::Rect;
use slide::puzzle::Size;

/// Width of the side panel.
pub const PANEL_WIDTH: u16 = 30;
/// Rows the side panel needs.
pub const PANEL_HEIGHT: u16 = 15;
/// Width of the list of recent times, shown right of the panel when there is room.
pub const TIMES_WIDTH: u16 = 14;

/// Tile geometry of one layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileGeometry {
    /// Tile width in columns.
    pub w: u16,
    /// Tile height in rows.
    pub h: u16,
    /// Columns between tiles.
    pub gap_x: u16,
    /// Rows between tiles.
    pub gap_y: u16,
}

/// The terminal the layout is drawn for first: at this size and below the big tiles are 6
/// columns by 3 rows; they grow with the terminal from there ([`TileGeometry::scaled`]).
pub const REFERENCE: (u16, u16) = (80, 24);

/// The big tiles' height on the reference terminal.
const BASE_TILE_HEIGHT: u16 = 3;

/// The tiles tried when the big ones do not fit: 4×1 with a gap row, then without; then the
/// compact ones, 3×1 (a two-digit number and a column for the hint's arrow), with which a
/// 10×10 board fits beside the panel on 80×24.
const SMALL: [TileGeometry; 4] = [
    TileGeometry {
        w: 4,
        h: 1,
        gap_x: 1,
        gap_y: 1,
    },
    TileGeometry {
        w: 4,
        h: 1,
        gap_x: 1,
        gap_y: 0,
    },
    TileGeometry {
        w: 3,
        h: 1,
        gap_x: 1,
        gap_y: 1,
    },
    TileGeometry {
        w: 3,
        h: 1,
        gap_x: 1,
        gap_y: 0,
    },
];

/// The tiles tried on a terminal of `area`, the biggest first: big tiles twice as wide as
/// tall (a terminal cell is about twice as tall as wide, so they look square), from the
/// height the terminal's scale allows down to 3 rows, then the small ones.
fn geometries(area: Rect) -> impl Iterator<Item = TileGeometry> {
    let top = TileGeometry::scaled_height(area);
    (BASE_TILE_HEIGHT..=top)
        .rev()
        .map(|h| TileGeometry {
            w: 2 * h,
            h,
            gap_x: 1,
            gap_y: 1,
        })
        .chain(SMALL)
}

impl TileGeometry {
    /// The big tiles' height for a terminal of `area`: 3 rows on 80×24, and as many more
    /// as the terminal is larger, by the smaller of its two ratios to 80×24 (so tiles grow
    /// with the window and keep their shape; at 120×40, 4 rows; at 200×60, 7).
    fn scaled_height(area: Rect) -> u16 {
        let (rw, rh) = REFERENCE;
        let by_width = u32::from(area.width) * u32::from(BASE_TILE_HEIGHT) / u32::from(rw);
        let by_height = u32::from(area.height) * u32::from(BASE_TILE_HEIGHT) / u32::from(rh);
        (by_width.min(by_height) as u16).max(BASE_TILE_HEIGHT)
    }

    /// Whether these are big tiles (3 rows or more), which can show a picture.
    pub fn is_big(self) -> bool {
        self.h >= BASE_TILE_HEIGHT
    }

    /// The framed board's size for a board of `size`: tiles, gaps, a border and one column
    /// of padding a side.
    pub fn board_size(self, size: Size) -> (u16, u16) {
        let (cols, rows) = (size.width() as u16, size.height() as u16);
        (
            cols * (self.w + self.gap_x) - self.gap_x + 4,
            rows * (self.h + self.gap_y) - self.gap_y + 2,
        )
    }
}

/// The regions of the game screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScreenLayout {
    /// The framed board.
    pub board: Rect,
    /// The first tile's top-left cell.
    pub tiles_origin: (u16, u16),
    /// Tile geometry.
    pub tile: TileGeometry,
    /// The side panel.
    pub panel: Rect,
    /// The recent times, right of the panel, when the screen is wide enough.
    pub times: Option<Rect>,
    /// The key footer (last row).
    pub footer: Rect,
    /// The board's shape (columns and rows).
    pub size: Size,
}

/// Either a layout, or the size the screen would need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// Everything fits.
    Fits(ScreenLayout),
    /// Too small: `need` (w, h) versus `have`.
    TooSmall { need: (u16, u16), have: (u16, u16) },
}

impl Fit {
    /// The layout, if everything fits.
    pub fn fits(self) -> Option<ScreenLayout> {
        match self {
            Fit::Fits(l) => Some(l),
            Fit::TooSmall { .. } => None,
        }
    }
}

/// The minimum screen (w, h) for a board of `size`.
pub fn minimum(size: Size) -> (u16, u16) {
    let g = SMALL[SMALL.len() - 1];
    let (bw, bh) = g.board_size(size);
    (bw + 1 + PANEL_WIDTH, bh.max(PANEL_HEIGHT) + 1)
}

/// The smallest screen (w, h) that shows a board of `size` with big tiles (which a picture
/// needs).
pub fn big_minimum(size: Size) -> (u16, u16) {
    let g = TileGeometry {
        w: 2 * BASE_TILE_HEIGHT,
        h: BASE_TILE_HEIGHT,
        gap_x: 1,
        gap_y: 1,
    };
    let (bw, bh) = g.board_size(size);
    (bw + 1 + PANEL_WIDTH, bh.max(PANEL_HEIGHT) + 1)
}

/// Lays out a board of `size` in `area`, with the biggest tiles that fit.
pub fn fit(area: Rect, size: Size) -> Fit {
    for g in geometries(area) {
        let (bw, bh) = g.board_size(size);
        let w = bw + 1 + PANEL_WIDTH;
        let h = bh.max(PANEL_HEIGHT);
        if w <= area.width && h < area.height {
            // The times list comes along when it fits too; then everything is centred.
            let times = w + 1 + TIMES_WIDTH <= area.width;
            let total = if times { w + 1 + TIMES_WIDTH } else { w };
            let x = area.x + (area.width - total) / 2;
            let y = area.y + (area.height - 1 - h) / 2;
            let board = Rect::new(x, y, bw, bh);
            return Fit::Fits(ScreenLayout {
                board,
                tiles_origin: (board.x + 2, board.y + 1),
                tile: g,
                panel: Rect::new(x + bw + 1, y, PANEL_WIDTH, h),
                times: times.then(|| Rect::new(x + w + 1, y, TIMES_WIDTH, h)),
                footer: Rect::new(area.x, area.y + area.height - 1, area.width, 1),
                size,
            });
        }
    }
    Fit::TooSmall {
        need: minimum(size),
        have: (area.width, area.height),
    }
}

/// A board of `size` framed at the top-left of `room`, with the biggest tiles a terminal
/// of `terminal` allows that fit there (a screen with its own panels, such as the replay);
/// `None` if even the smallest do not. Only the board's fields are set.
pub fn board_within(terminal: Rect, room: Rect, size: Size) -> Option<ScreenLayout> {
    let tile = geometries(terminal).find(|g| {
        let (bw, bh) = g.board_size(size);
        bw <= room.width && bh <= room.height
    })?;
    let (bw, bh) = tile.board_size(size);
    let board = Rect::new(room.x, room.y, bw, bh);
    Some(ScreenLayout {
        board,
        tiles_origin: (board.x + 2, board.y + 1),
        tile,
        panel: Rect::default(),
        times: None,
        footer: Rect::default(),
        size,
    })
}

impl ScreenLayout {
    /// The rectangle of the tile at cell `index`.
    pub fn tile_rect(&self, index: usize) -> Rect {
        let cols = self.size.width();
        let (row, col) = ((index / cols) as u16, (index % cols) as u16);
        Rect::new(
            self.tiles_origin.0 + col * (self.tile.w + self.tile.gap_x),
            self.tiles_origin.1 + row * (self.tile.h + self.tile.gap_y),
            self.tile.w,
            self.tile.h,
        )
    }

    /// The cell under a screen position, if it is on a tile.
    pub fn cell_at(&self, column: u16, row: u16) -> Option<usize> {
        (0..self.size.cells()).find(|&i| {
            let r = self.tile_rect(i);
            column >= r.x && column < r.x + r.width && row >= r.y && row < r.y + r.height
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(n: u16) -> Size {
        Size::new(usize::from(n)).expect("2 to 10")
    }

    fn rect(w: usize, h: usize) -> Size {
        Size::rect(w, h).expect("2 to 10")
    }

    #[test]
    fn big_tiles_when_they_fit_and_hit_testing_agrees() {
        let Fit::Fits(l) = fit(Rect::new(0, 0, 100, 35), sq(6)) else {
            panic!("6×6 fits 100×35")
        };
        assert_eq!(l.tile.w, 6);
        let r = l.tile_rect(7);
        assert_eq!(l.cell_at(r.x + 2, r.y + 1), Some(7));
        assert_eq!(l.cell_at(r.x + r.width, r.y), None, "the gap is no tile");
    }

    /// The board's frame width for `side` on a `w`×`h` terminal.
    fn board_width(w: u16, h: u16, side: u16) -> u16 {
        match fit(Rect::new(0, 0, w, h), sq(side)) {
            Fit::Fits(l) => l.board.width,
            Fit::TooSmall { .. } => 0,
        }
    }

    #[test]
    fn tiles_grow_with_the_terminal_and_keep_their_shape() {
        // 80×24: the tiles of before, 6×3 (6×6 takes the small ones).
        for side in 3..=5 {
            let Fit::Fits(l) = fit(Rect::new(0, 0, 80, 24), sq(side)) else {
                panic!("{side} fits 80×24")
            };
            assert_eq!((l.tile.w, l.tile.h), (6, 3), "{side}×{side}");
        }
        assert_eq!(board_width(80, 24, 3), 24);
        // 200×60: a 3×3 board at least 1.8× as wide.
        assert!(board_width(200, 60, 3) * 10 >= 24 * 18, "{}", board_width(200, 60, 3));
        for (w, h) in [(100, 30), (120, 40), (160, 50), (200, 60), (300, 90)] {
            for side in 3..=6 {
                let Fit::Fits(l) = fit(Rect::new(0, 0, w, h), sq(side)) else {
                    panic!("{side} fits {w}×{h}")
                };
                assert!(l.tile.w == 2 * l.tile.h || !l.tile.is_big(), "{:?}", l.tile);
                // Everything on screen.
                let right = l.times.map_or(l.panel.right(), Rect::right);
                assert!(
                    right <= w && l.board.bottom() < h && l.panel.bottom() < h,
                    "{w}×{h} {side}"
                );
                // Never smaller than on a smaller terminal.
                let smaller = fit(Rect::new(0, 0, w - 20, h - 6), sq(side));
                if let Fit::Fits(s) = smaller {
                    assert!(s.tile.h <= l.tile.h, "{w}×{h} {side}");
                }
            }
        }
    }

    #[test]
    fn compact_then_too_small() {
        let Fit::Fits(l) = fit(Rect::new(0, 0, 80, 20), sq(6)) else {
            panic!("compact 6×6 fits 80×20")
        };
        assert_eq!(l.tile.h, 1);
        assert_eq!(
            l.times,
            Some(Rect::new(l.panel.right() + 1, l.panel.y, TIMES_WIDTH, l.panel.height))
        );
        let Fit::Fits(l) = fit(Rect::new(0, 0, 80, 24), sq(5)) else {
            panic!("5×5 fits 80×24")
        };
        assert_eq!(l.times, None, "no room for the times beside 5×5 at 80×24");
        let Fit::Fits(l) = fit(Rect::new(0, 0, 80, 24), sq(3)) else {
            panic!("3×3 fits 80×24")
        };
        assert!(l.times.is_some_and(|t| t.right() <= 80));
        assert_eq!(
            fit(Rect::new(0, 0, 40, 10), sq(4)),
            Fit::TooSmall {
                need: minimum(sq(4)),
                have: (40, 10)
            }
        );
    }

    #[test]
    fn every_shape_fits_80_by_24_and_hit_testing_follows_the_width() {
        for w in 2..=10 {
            for h in 2..=10 {
                let Fit::Fits(l) = fit(Rect::new(0, 0, 80, 24), rect(w, h)) else {
                    panic!("{w}×{h} fits 80×24")
                };
                let right = l.times.map_or(l.panel.right(), Rect::right);
                assert!(right <= 80 && l.board.bottom() < 24, "{w}×{h}");
                for cell in 0..w * h {
                    let r = l.tile_rect(cell);
                    assert!(r.right() < l.board.right() && r.bottom() < l.board.bottom(), "{w}×{h}");
                    assert_eq!(l.cell_at(r.x, r.y), Some(cell), "{w}×{h}");
                    assert_eq!(l.cell_at(r.right() - 1, r.bottom() - 1), Some(cell), "{w}×{h}");
                }
            }
        }
        // 10×10 takes the compact tiles at 80×24, big ones at 200×60.
        let Fit::Fits(l) = fit(Rect::new(0, 0, 80, 24), sq(10)) else {
            panic!("10×10 fits 80×24")
        };
        assert_eq!((l.tile.w, l.tile.h), (3, 1));
        let Fit::Fits(l) = fit(Rect::new(0, 0, 200, 60), sq(10)) else {
            panic!("10×10 fits 200×60")
        };
        assert!(l.tile.is_big());
        // A wide board is wider than tall; its third row starts after two rows of tiles.
        let Fit::Fits(l) = fit(Rect::new(0, 0, 120, 40), rect(5, 3)) else {
            panic!("5×3 fits 120×40")
        };
        assert!(l.board.width > 2 * l.board.height);
        assert_eq!(l.tile_rect(10).y, l.tile_rect(0).y + 2 * (l.tile.h + l.tile.gap_y));
        assert_eq!(l.tile_rect(4).x, l.tile_rect(0).x + 4 * (l.tile.w + l.tile.gap_x));
    }

    #[test]
    fn too_small_names_the_compact_size_needed() {
        let need = minimum(sq(10));
        assert_eq!(need, (43 + 1 + PANEL_WIDTH, PANEL_HEIGHT + 1));
        assert!(matches!(fit(Rect::new(0, 0, need.0, need.1), sq(10)), Fit::Fits(_)));
        assert_eq!(
            fit(Rect::new(0, 0, need.0 - 1, 30), sq(10)),
            Fit::TooSmall {
                need,
                have: (need.0 - 1, 30)
            }
        );
    }
}
