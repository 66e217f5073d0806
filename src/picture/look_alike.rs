//! Tiles that look alike: a scrambled tile must say where it belongs, so a picture whose
//! tiles can be mistaken for one another lies about the board (a sunset's sky cut into
//! equal blue squares looks solved when it is not).
//!
//! Two tiles look alike when every part of one has nearly the colour of the same part of
//! the other: each tile is cut into 3 × 3 blocks, each block's mean colour is taken, and the
//! tiles' distance is the largest distance between two corresponding blocks (Euclidean, in
//! RGB, 0 to 441). Below [`MIN_TILE_DISTANCE`] they look alike.

use crate::picture::decoded::Rgb;
use crate::picture::tiled::TiledPicture;

/// The least distance between two tiles that tells them apart: some ninth of one differs
/// from the same ninth of the other by this much (an eighth of the range of one colour
/// channel, about; neighbouring shades of a gradient are closer).
pub(crate) const MIN_TILE_DISTANCE: f64 = 30.0;

/// Blocks a side that a tile is cut into for the comparison.
const BLOCKS: u32 = 3;

/// Each tile's block means (tiles 1 … N²−1; the blank's part never shows while playing), with
/// every pixel first passed through `colour` (the colour the terminal shows for it).
fn block_means(tiled: &TiledPicture, colour: &dyn Fn(Rgb) -> Rgb) -> Vec<Vec<[f64; 3]>> {
    let (w, h) = tiled.tile_size();
    let (cols, rows) = tiled.shape();
    let last = cols * rows - 1;
    (1..=last as u8)
        .map(|tile| {
            let mut means = Vec::with_capacity((BLOCKS * BLOCKS) as usize);
            for by in 0..BLOCKS {
                for bx in 0..BLOCKS {
                    let (x0, x1) = (bx * w / BLOCKS, ((bx + 1) * w / BLOCKS).max(bx * w / BLOCKS + 1));
                    let (y0, y1) = (by * h / BLOCKS, ((by + 1) * h / BLOCKS).max(by * h / BLOCKS + 1));
                    let mut sum = [0.0; 3];
                    for y in y0..y1 {
                        for x in x0..x1 {
                            let p = colour(tiled.pixel(tile, x, y));
                            for c in 0..3 {
                                sum[c] += f64::from(p[c]);
                            }
                        }
                    }
                    let n = f64::from((x1 - x0) * (y1 - y0));
                    means.push(sum.map(|s| s / n));
                }
            }
            means
        })
        .collect()
}

/// The distance between two tiles' block means: the largest over corresponding blocks.
fn distance(a: &[[f64; 3]], b: &[[f64; 3]]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(p, q)| {
            let d: f64 = (0..3).map(|c| (p[c] - q[c]).powi(2)).sum();
            d.sqrt()
        })
        .fold(0.0, f64::max)
}

/// The closest two tiles of `tiled` as the terminal shows them (`colour`): their distance
/// and their numbers (`None` for a board of fewer than two tiles).
#[cfg(test)]
pub(crate) fn closest_tiles(tiled: &TiledPicture, colour: &dyn Fn(Rgb) -> Rgb) -> Option<(f64, u8, u8)> {
    let means = block_means(tiled, colour);
    let mut closest: Option<(f64, u8, u8)> = None;
    for (i, a) in means.iter().enumerate() {
        for (j, b) in means.iter().enumerate().skip(i + 1) {
            let d = distance(a, b);
            if closest.is_none_or(|(c, ..)| d < c) {
                closest = Some((d, i as u8 + 1, j as u8 + 1));
            }
        }
    }
    closest
}

/// The tiles of `tiled` that look like another one as the terminal shows them (`colour`),
/// in order: the game shows their numbers, so that the board stays solvable.
pub fn look_alike_tiles(tiled: &TiledPicture, colour: &dyn Fn(Rgb) -> Rgb) -> Vec<u8> {
    let means = block_means(tiled, colour);
    let mut alike = vec![false; means.len()];
    for (i, a) in means.iter().enumerate() {
        for (j, b) in means.iter().enumerate().skip(i + 1) {
            if distance(a, b) < MIN_TILE_DISTANCE {
                alike[i] = true;
                alike[j] = true;
            }
        }
    }
    (1..=means.len() as u8).filter(|t| alike[usize::from(*t) - 1]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::builtin::BUILTIN;
    use crate::picture::decoded::Picture;

    /// The tile sizes, in pixels, the game draws pictures at: tiles 2h columns wide and h
    /// rows high, two pixels a cell (half blocks), for h from 3 (80×24) up; and one pixel a
    /// cell where the terminal has no half blocks (no UTF-8).
    fn drawn_tile_sizes() -> Vec<(u32, u32)> {
        let mut sizes: Vec<(u32, u32)> = (3..=12).map(|h| (2 * h, 2 * h)).collect();
        sizes.extend((3..=12).map(|h| (2 * h, h)));
        sizes
    }

    #[test]
    fn no_shipped_picture_has_look_alike_tiles_at_any_size_or_tile_size() {
        let same = |p: Rgb| p;
        for (name, _) in BUILTIN {
            let picture = Picture::resolve(name).expect("shipped");
            for side in 3..=6 {
                for (w, h) in drawn_tile_sizes() {
                    let tiled = TiledPicture::new(&picture, side, w, h);
                    let (d, a, b) = closest_tiles(&tiled, &same).expect("tiles");
                    assert!(
                        d >= MIN_TILE_DISTANCE,
                        "{name} on {side}×{side} at {w}×{h} pixels a tile: tiles {a} and {b} look alike ({d:.1})"
                    );
                    assert!(look_alike_tiles(&tiled, &same).is_empty());
                }
            }
        }
    }

    #[test]
    fn a_flat_or_tiny_picture_has_every_tile_alike_and_a_stripe_tells_its_tiles_apart() {
        let encode = |img: image::RgbImage| {
            let mut bytes = Vec::new();
            img.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png)
                .expect("png");
            bytes
        };
        let dot = Picture::decode("dot.png", &encode(image::RgbImage::new(1, 1))).expect("a pixel");
        let tiled = TiledPicture::new(&dot, 4, 6, 6);
        assert_eq!(look_alike_tiles(&tiled, &|p| p), (1..=15).collect::<Vec<u8>>());
        // Left half red, right half blue: on 3×3 the middle column's tiles differ from
        // their neighbours, but the tiles of one column are alike.
        let mut halves = image::RgbImage::new(30, 30);
        for (x, _, p) in halves.enumerate_pixels_mut() {
            *p = image::Rgb(if x < 15 { [200, 0, 0] } else { [0, 0, 200] });
        }
        let halves = Picture::decode("halves.png", &encode(halves)).expect("a picture");
        let tiled = TiledPicture::new(&halves, 3, 6, 6);
        assert_eq!(look_alike_tiles(&tiled, &|p| p), vec![1, 2, 3, 4, 5, 6, 7, 8]);
        // Seen in black and white, a red and a blue of equal lightness look alike too.
        let grey = |p: Rgb| {
            let l = ((u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2])) / 3) as u8;
            [l, l, l]
        };
        let (d, ..) = closest_tiles(&tiled, &grey).expect("tiles");
        assert!(d < MIN_TILE_DISTANCE);
    }
}
