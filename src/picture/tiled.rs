//! A picture cut into a board's tiles, at the pixels a tile is drawn with.

use image::RgbImage;

use crate::picture::decoded::{Picture, Rgb};

/// A picture scaled to a board of `side` × `side` tiles of `tile_w` × `tile_h` pixels each.
/// Tile `t` (1 … N²−1) shows the part at its goal cell, row-major from the top left; the
/// bottom-right part belongs to the blank and shows only once the puzzle is solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TiledPicture {
    side: usize,
    tile_w: u32,
    tile_h: u32,
    image: RgbImage,
}

impl TiledPicture {
    /// `picture` for a board of `side` tiles a side, each `tile_w` × `tile_h` pixels.
    pub fn new(picture: &Picture, side: usize, tile_w: u32, tile_h: u32) -> TiledPicture {
        let n = side as u32;
        TiledPicture {
            side,
            tile_w,
            tile_h,
            image: picture.scaled(n * tile_w, n * tile_h),
        }
    }

    /// The board side it was cut for.
    pub fn side(&self) -> usize {
        self.side
    }

    /// A tile's size in pixels (width, height).
    pub fn tile_size(&self) -> (u32, u32) {
        (self.tile_w, self.tile_h)
    }

    /// The pixel at (`x`, `y`) inside `tile` (1 … N², where N² is the blank's part).
    /// Out-of-range coordinates are clamped to the tile.
    pub fn pixel(&self, tile: u8, x: u32, y: u32) -> Rgb {
        let home = usize::from(tile.max(1)) - 1;
        let (row, col) = ((home / self.side) as u32, (home % self.side) as u32);
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
}
