//! Picture mode's state: the chosen picture, cut for the board and tile size on screen,
//! whether the tile numbers show over it, its tiles that look alike on this terminal, and
//! how its colours reach the terminal.

use std::cell::{Ref, RefCell};

use ratatui::style::Color;
use slide::picture::{BUILTIN, Picture, PictureError, Rgb, TiledPicture, look_alike_tiles};
use slide::puzzle::Size;

use crate::ui::capabilities::{Colours, indexed_rgb, nearest_16_of};
use crate::ui::theme::nearest_256;

/// The terminal colour of a picture's pixel on a terminal of `colours`.
pub fn pixel_colour(colours: Colours, [r, g, b]: Rgb) -> Color {
    match colours {
        Colours::True => Color::Rgb(r, g, b),
        Colours::Indexed | Colours::None => indexed(r, g, b),
        Colours::Sixteen => nearest_16_of((r, g, b)).0,
    }
}

/// The colour a pixel is seen in on a terminal of `colours` (what tells two tiles apart
/// there).
pub fn seen_rgb(colours: Colours, rgb: Rgb) -> Rgb {
    let (r, g, b) = match colours {
        Colours::True => return rgb,
        Colours::Sixteen => nearest_16_of((rgb[0], rgb[1], rgb[2])).1,
        Colours::Indexed | Colours::None => match pixel_colour(colours, rgb) {
            Color::Indexed(i) => indexed_rgb(i),
            _ => (rgb[0], rgb[1], rgb[2]),
        },
    };
    [r, g, b]
}

/// The 256-colour index for a picture's pixel. The grey ramp is finer than the colour cube,
/// so the nearest colour by distance turns muted colours grey (a dark green meadow becomes
/// grey rock); a picture keeps its hues better when only near-neutral pixels take a grey.
fn indexed(r: u8, g: u8, b: u8) -> Color {
    let spread = r.max(g).max(b) - r.min(g).min(b);
    if spread < 24 {
        return nearest_256(Color::Rgb(r, g, b));
    }
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let level = |v: u8| {
        (0..6u8)
            .min_by_key(|&i| (i32::from(LEVELS[usize::from(i)]) - i32::from(v)).abs())
            .unwrap_or(0)
    };
    Color::Indexed(16 + 36 * level(r) + 6 * level(g) + level(b))
}

/// A picture cut for one board size and tile size, and its tiles that look alike on the
/// terminal (which show their numbers, so that the board can still be solved).
#[derive(Debug, Clone)]
pub struct Cut {
    /// The picture cut into tiles.
    pub tiled: TiledPicture,
    /// Tiles that look like another one, as the terminal shows them.
    pub alike: Vec<u8>,
    colours: Colours,
}

/// The picture on the tiles.
#[derive(Debug, Clone)]
pub struct PictureMode {
    /// The picture.
    pub picture: Picture,
    /// The board sizes for which "too small for the picture" was said (once each).
    pub(crate) told_small: Vec<Size>,
    /// The board sizes whose look-alike tiles were said (once each).
    pub(crate) told_alike: Vec<Size>,
    /// The cuts made so far (each size and tile size drawn), kept for the next frame: a
    /// cut scales the whole picture.
    cuts: RefCell<Vec<Cut>>,
}

impl PictureMode {
    /// Picture mode with `picture`; it is cut for a board when first drawn.
    pub fn new(picture: Picture) -> PictureMode {
        PictureMode {
            picture,
            told_small: Vec::new(),
            told_alike: Vec::new(),
            cuts: RefCell::new(Vec::new()),
        }
    }

    /// The picture cut for a board of `size` with tiles of `w` × `h` pixels, seen on a
    /// terminal of `colours`.
    pub fn cut(&self, size: Size, (w, h): (u32, u32), colours: Colours) -> Ref<'_, Cut> {
        let shape = (size.width(), size.height());
        let found = |c: &Cut| c.tiled.shape() == shape && c.tiled.tile_size() == (w, h) && c.colours == colours;
        if !self.cuts.borrow().iter().any(found) {
            let tiled = TiledPicture::shaped(&self.picture, shape, w, h);
            let alike = look_alike_tiles(&tiled, &|p| seen_rgb(colours, p));
            let mut cuts = self.cuts.borrow_mut();
            // A few sizes are kept: the board's, and the one before a resize.
            if cuts.len() >= 4 {
                cuts.remove(0);
            }
            cuts.push(Cut { tiled, alike, colours });
        }
        Ref::map(self.cuts.borrow(), |cuts| {
            cuts.iter().find(|c| found(c)).unwrap_or(&cuts[0])
        })
    }

    /// Whether the picture has fewer pixels than a board of `size` needs to tell its tiles
    /// apart (a few a tile, along the board's longer side, which the whole picture spans).
    pub fn tiny(&self, size: Size) -> bool {
        self.picture.side() < 3 * size.width().max(size.height()) as u32
    }
}

/// The pictures the new-game menu offers: none, the shipped ones, and `current` if it is a
/// file of the player's.
pub fn menu_choices(current: Option<&Picture>) -> Vec<String> {
    let mut v = vec!["none".to_string()];
    v.extend(BUILTIN.iter().map(|(n, _)| (*n).to_string()));
    if let Some(p) = current
        && !v.contains(&p.name)
    {
        v.push(p.name.clone());
    }
    v
}

/// The picture a menu choice names (`None` for "none").
pub fn load_choice(choice: &str, current: Option<&Picture>) -> Result<Option<Picture>, PictureError> {
    if choice == "none" {
        return Ok(None);
    }
    if let Some(p) = current.filter(|p| p.name == choice) {
        return Ok(Some(p.clone()));
    }
    Picture::resolve(choice).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn muted_colours_keep_their_hue_in_256_colours() {
        // A dark green: the cube's green, not the grey ramp.
        assert_eq!(
            pixel_colour(Colours::Indexed, [60, 110, 80]),
            Color::Indexed(16 + 36 + 6 + 1)
        );
        // A near-grey still takes the finer grey ramp.
        assert!(matches!(
            pixel_colour(Colours::Indexed, [120, 122, 125]),
            Color::Indexed(232..=255)
        ));
        assert_eq!(pixel_colour(Colours::True, [1, 2, 3]), Color::Rgb(1, 2, 3));
        assert_eq!(pixel_colour(Colours::Sixteen, [250, 0, 0]), Color::LightRed);
        assert_eq!(seen_rgb(Colours::Sixteen, [250, 0, 0]), [255, 0, 0]);
        assert_eq!(seen_rgb(Colours::Indexed, [60, 110, 80]), [95, 95, 95]);
    }

    #[test]
    fn no_shipped_picture_has_look_alike_tiles_in_256_colours() {
        for (name, _) in slide::picture::BUILTIN {
            let mode = PictureMode::new(Picture::resolve(name).expect("shipped"));
            for size in Size::ALL {
                for h in 3..=10 {
                    let cut = mode.cut(size, (2 * h, 2 * h), Colours::Indexed);
                    assert!(
                        cut.alike.is_empty(),
                        "{name} {size} at {h} rows a tile: {:?}",
                        cut.alike
                    );
                }
            }
        }
    }
}
