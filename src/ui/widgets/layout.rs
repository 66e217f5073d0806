//! Where everything goes on screen, shared by drawing and by mouse hit-testing.

use ratatui::layout::Rect;

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

/// Big tiles when they fit, then smaller ones.
const GEOMETRIES: [TileGeometry; 3] = [
    TileGeometry {
        w: 6,
        h: 3,
        gap_x: 1,
        gap_y: 1,
    },
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
];

impl TileGeometry {
    /// The framed board's size: tiles, gaps, a border and one column of padding a side.
    pub fn board_size(self, side: u16) -> (u16, u16) {
        (
            side * (self.w + self.gap_x) - self.gap_x + 4,
            side * (self.h + self.gap_y) - self.gap_y + 2,
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
    /// Board side.
    pub side: u16,
}

/// Either a layout, or the size the screen would need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// Everything fits.
    Fits(ScreenLayout),
    /// Too small: `need` (w, h) versus `have`.
    TooSmall { need: (u16, u16), have: (u16, u16) },
}

/// The minimum screen (w, h) for a board side.
pub fn minimum(side: u16) -> (u16, u16) {
    let g = GEOMETRIES[GEOMETRIES.len() - 1];
    let (bw, bh) = g.board_size(side);
    (bw + 1 + PANEL_WIDTH, bh.max(PANEL_HEIGHT) + 1)
}

/// Lays out a board of `side` in `area`, with the biggest tiles that fit.
pub fn fit(area: Rect, side: u16) -> Fit {
    for g in GEOMETRIES {
        let (bw, bh) = g.board_size(side);
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
                side,
            });
        }
    }
    Fit::TooSmall {
        need: minimum(side),
        have: (area.width, area.height),
    }
}

impl ScreenLayout {
    /// The rectangle of the tile at cell `index`.
    pub fn tile_rect(&self, index: usize) -> Rect {
        let side = usize::from(self.side);
        let (row, col) = ((index / side) as u16, (index % side) as u16);
        Rect::new(
            self.tiles_origin.0 + col * (self.tile.w + self.tile.gap_x),
            self.tiles_origin.1 + row * (self.tile.h + self.tile.gap_y),
            self.tile.w,
            self.tile.h,
        )
    }

    /// The cell under a screen position, if it is on a tile.
    pub fn cell_at(&self, column: u16, row: u16) -> Option<usize> {
        let side = usize::from(self.side);
        (0..side * side).find(|&i| {
            let r = self.tile_rect(i);
            column >= r.x && column < r.x + r.width && row >= r.y && row < r.y + r.height
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_tiles_when_they_fit_and_hit_testing_agrees() {
        let Fit::Fits(l) = fit(Rect::new(0, 0, 100, 35), 6) else {
            panic!("6×6 fits 100×35")
        };
        assert_eq!(l.tile.w, 6);
        let r = l.tile_rect(7);
        assert_eq!(l.cell_at(r.x + 2, r.y + 1), Some(7));
        assert_eq!(l.cell_at(r.x + r.width, r.y), None, "the gap is no tile");
    }

    #[test]
    fn compact_then_too_small() {
        let Fit::Fits(l) = fit(Rect::new(0, 0, 80, 20), 6) else {
            panic!("compact 6×6 fits 80×20")
        };
        assert_eq!(l.tile.h, 1);
        assert_eq!(
            l.times,
            Some(Rect::new(l.panel.right() + 1, l.panel.y, TIMES_WIDTH, l.panel.height))
        );
        let Fit::Fits(l) = fit(Rect::new(0, 0, 80, 24), 5) else {
            panic!("5×5 fits 80×24")
        };
        assert_eq!(l.times, None, "no room for the times beside 5×5 at 80×24");
        let Fit::Fits(l) = fit(Rect::new(0, 0, 80, 24), 3) else {
            panic!("3×3 fits 80×24")
        };
        assert!(l.times.is_some_and(|t| t.right() <= 80));
        assert_eq!(
            fit(Rect::new(0, 0, 40, 10), 4),
            Fit::TooSmall {
                need: minimum(4),
                have: (40, 10)
            }
        );
    }
}
