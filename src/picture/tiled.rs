//! A picture cut into a board's tiles, at the pixels a tile is drawn with.

use image::RgbImage;

use crate::picture::decoded::{Picture, Rgb};

/// A picture scaled to a board of `cols` × `rows` tiles of `tile_w` × `tile_h` pixels each.
/// Tile `t` (1 … W·H−1) shows the part at its goal cell, row-major from the top left; the
/// bottom-right part belongs to the blank and shows only once the puzzle is solved. A
/// rectangular board shows the middle of the picture in its own proportions (its tiles look
/// square), never the picture stretched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TiledPicture {
    cols: usize,
    rows: usize,
    tile_w: u32,
    tile_h: u32,
    image: RgbImage,
}

impl TiledPicture {
    /// `picture` for a square board of `side` tiles a side, each `tile_w` × `tile_h` pixels.
    pub fn new(picture: &Picture, side: usize, tile_w: u32, tile_h: u32) -> TiledPicture {
        TiledPicture::shaped(picture, (side, side), tile_w, tile_h)
    }

    /// `picture` for a board of `cols` × `rows` tiles, each `tile_w` × `tile_h` pixels: the
    /// middle of the picture in the board's proportions, `cols` to `rows`.
    pub fn shaped(picture: &Picture, (cols, rows): (usize, usize), tile_w: u32, tile_h: u32) -> TiledPicture {
        let (c, r) = (cols.max(1) as u32, rows.max(1) as u32);
        TiledPicture {
            cols: cols.max(1),
            rows: rows.max(1),
            tile_w,
            tile_h,
            image: picture.scaled_cut((c, r), c * tile_w, r * tile_h),
        }
    }

    /// The board's shape it was cut for: (columns, rows).
    pub fn shape(&self) -> (usize, usize) {
        (self.cols, self.rows)
    }

    /// A tile's size in pixels (width, height).
    pub fn tile_size(&self) -> (u32, u32) {
        (self.tile_w, self.tile_h)
    }

    /// The pixel at (`x`, `y`) inside `tile` (1 … W·H, where W·H is the blank's part).
    /// Out-of-range coordinates are clamped to the tile.
    pub fn pixel(&self, tile: u8, x: u32, y: u32) -> Rgb {
        let home = usize::from(tile.max(1)) - 1;
        let (row, col) = ((home / self.cols) as u32, (home % self.cols) as u32);
        let px = col * self.tile_w + x.min(self.tile_w - 1);
        let py = row * self.tile_h + y.min(self.tile_h - 1);
        self.image.get_pixel_checked(px, py).map_or([0, 0, 0], |p| p.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::builtin::builtin;

    #[test]
    fn tiles_show_their_goal_cell_and_differ() {
        let p = Picture::decode("sunset", builtin("sunset").unwrap()).unwrap();
        let t = TiledPicture::new(&p, 4, 6, 6);
        assert_eq!(t.tile_size(), (6, 6));
        // The sky at the top (tile 1) is darker and bluer than the sun's glow (tile 7).
        let sky = t.pixel(1, 0, 0);
        let glow = t.pixel(7, 3, 5);
        assert!(u32::from(sky[0]) + 60 < u32::from(glow[0]), "{sky:?} vs {glow:?}");
        // Colours vary inside one tile, not only between tiles.
        let tile = 6;
        let mut colours: Vec<Rgb> = (0..6)
            .flat_map(|y| (0..6).map(move |x| (x, y)))
            .map(|(x, y)| t.pixel(tile, x, y))
            .collect();
        colours.sort_unstable();
        colours.dedup();
        assert!(colours.len() > 3, "tile {tile} has {} colours", colours.len());
        // The blank's part (tile 16 here) is the bottom-right corner: the dark sea.
        let sea = t.pixel(16, 5, 5);
        let sum = |p: Rgb| p.iter().map(|&c| u32::from(c)).sum::<u32>();
        assert!(sum(sea) < sum(glow), "{sea:?}");
        // Out of range is clamped, never a panic.
        assert_eq!(t.pixel(1, 99, 99), t.pixel(1, 5, 5));
    }

    #[test]
    fn a_rectangle_shows_the_middle_of_the_picture_in_its_proportions() {
        let p = Picture::decode("sunset", builtin("sunset").unwrap()).unwrap();
        let square = TiledPicture::new(&p, 4, 6, 6);
        let wide = TiledPicture::shaped(&p, (4, 2), 6, 6);
        assert_eq!(wide.shape(), (4, 2));
        // The wide board's top-left tile is the square board's tile 5 (one row down, the
        // picture's top quarter cut off) and its last row the square board's third.
        assert_eq!(wide.pixel(1, 3, 3), square.pixel(5, 3, 3));
        assert_eq!(wide.pixel(6, 2, 2), square.pixel(10, 2, 2));
        let tall = TiledPicture::shaped(&p, (2, 4), 6, 6);
        assert_eq!(tall.pixel(1, 3, 3), square.pixel(2, 3, 3));
    }
}
