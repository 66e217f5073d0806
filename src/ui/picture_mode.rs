//! Picture mode's state: the chosen picture cut for every board size, whether the tile
//! numbers show over it, and how its colours reach the terminal.

use ratatui::style::Color;
use slide::picture::{BUILTIN, Picture, PictureError, Rgb, TiledPicture};
use slide::puzzle::Size;

use crate::ui::theme::{Theme, nearest_256, truecolor_supported};
use crate::ui::widgets::layout::{PANEL_HEIGHT, PANEL_WIDTH, TileGeometry};

/// The smallest window (columns, rows) that draws a board of `side` with picture tiles.
pub fn picture_minimum(side: u16) -> (u16, u16) {
    let (bw, bh) = PICTURE_TILE.board_size(side);
    (bw + 1 + PANEL_WIDTH, bh.max(PANEL_HEIGHT) + 1)
}

/// The tile geometry a picture is drawn at: the big tiles (6 columns × 3 rows, so 6 × 6
/// pixels with two pixels a cell). The smaller tiles are too small to tell a picture's
/// part apart, and show numbers.
pub const PICTURE_TILE: TileGeometry = TileGeometry {
    w: 6,
    h: 3,
    gap_x: 1,
    gap_y: 1,
};

/// How picture colours are sent to the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PictureColours {
    /// 24-bit colour (`COLORTERM` says the terminal takes it).
    True,
    /// The nearest of the 256 standard colours.
    Indexed,
    /// No colour (mono theme or `NO_COLOR`): numbers instead of the picture.
    None,
}

impl PictureColours {
    /// What `theme` allows on this terminal: no colour for the mono theme, else 24-bit
    /// colour when `COLORTERM` says so.
    pub fn for_theme(theme: &Theme) -> PictureColours {
        if *theme == Theme::mono() {
            PictureColours::None
        } else if truecolor_supported() {
            PictureColours::True
        } else {
            PictureColours::Indexed
        }
    }

    /// The terminal colour of a pixel.
    pub fn colour(self, [r, g, b]: Rgb) -> Color {
        match self {
            PictureColours::True => Color::Rgb(r, g, b),
            PictureColours::Indexed | PictureColours::None => indexed(r, g, b),
        }
    }
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

/// The picture on the tiles.
#[derive(Debug, Clone)]
pub struct PictureMode {
    /// The picture.
    pub picture: Picture,
    /// The picture cut for each size of [`Size::ALL`], at [`PICTURE_TILE`].
    pub(crate) tiled: Vec<TiledPicture>,
    /// Whether the small tile numbers show in the tiles' corners.
    pub numbers: bool,
    /// The board sides for which "too small for the picture" was said (once each).
    pub(crate) told_small: Vec<usize>,
}

impl PictureMode {
    /// Picture mode with `picture`, cut once for every size (so drawing only reads pixels).
    pub fn new(picture: Picture) -> PictureMode {
        let (w, h) = (u32::from(PICTURE_TILE.w), u32::from(PICTURE_TILE.h) * 2);
        let tiled = Size::ALL
            .iter()
            .map(|s| TiledPicture::new(&picture, s.side(), w, h))
            .collect();
        PictureMode {
            picture,
            tiled,
            numbers: false,
            told_small: Vec::new(),
        }
    }

    /// The picture cut for a board of `side`.
    pub fn tiled(&self, side: usize) -> Option<&TiledPicture> {
        self.tiled.iter().find(|t| t.side() == side)
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
            PictureColours::Indexed.colour([60, 110, 80]),
            Color::Indexed(16 + 36 + 6 + 1)
        );
        // A near-grey still takes the finer grey ramp.
        assert!(matches!(
            PictureColours::Indexed.colour([120, 122, 125]),
            Color::Indexed(232..=255)
        ));
        assert_eq!(PictureColours::True.colour([1, 2, 3]), Color::Rgb(1, 2, 3));
    }
}
