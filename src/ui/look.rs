//! How the board looks beyond the theme, as the player changes it while playing: the tile
//! colour scheme, and picture mode (the picture, its numbers, how its colours reach the
//! terminal).

use ratatui::layout::Rect;
use slide::game::Notice;
use slide::picture::Picture;
use slide::puzzle::Size;

use crate::ui::capabilities::Colours;
use crate::ui::keys::{Action, Bindings};
use crate::ui::picture_mode::PictureMode;
use crate::ui::scheme::Scheme;
use crate::ui::settings::Settings;
use crate::ui::widgets::layout::{Fit, TileGeometry, big_minimum, fit};

/// The tile scheme and picture mode.
#[derive(Debug, Clone)]
pub struct Look {
    /// The tile colour scheme (from `[look]`, cycled by the scheme key).
    pub scheme: Scheme,
    /// Picture mode: the picture on the tiles, if one is chosen.
    pub picture: Option<PictureMode>,
    /// Whether the small tile numbers show over a picture (the numbers key, `[look]
    /// numbers`).
    pub numbers: bool,
    /// How a picture's colours reach the terminal (none: the picture shows as numbers).
    pub colours: Colours,
    /// Whether the terminal draws half blocks (two pixels a cell); else one pixel a cell.
    pub unicode: bool,
}

impl Look {
    /// The look `settings` start with, on their terminal.
    pub fn new(settings: &Settings) -> Look {
        Look {
            scheme: settings.scheme(),
            picture: None,
            numbers: settings.config.look.numbers,
            colours: settings.theme.colours,
            unicode: settings.caps.unicode,
        }
    }

    /// The next colour scheme; the status line that says so.
    pub fn cycle_scheme(&mut self) -> String {
        self.scheme = self.scheme.next();
        format!("Colour scheme: {}.", self.scheme.name())
    }

    /// Puts `picture` on the tiles (or numbers back, for `None`); a notice when this
    /// terminal or theme will show numbers anyway.
    pub fn set_picture(&mut self, picture: Option<Picture>) -> Option<Notice> {
        self.picture = picture.map(PictureMode::new);
        (self.picture.is_some() && self.colours == Colours::None).then(|| {
            Notice::info("Picture mode needs colour (the mono theme or NO_COLOR is on): the tiles show numbers.")
        })
    }

    /// The pixels of a picture tile drawn as `tile`: two a cell with half blocks, one a
    /// cell without UTF-8.
    pub fn tile_pixels(&self, tile: TileGeometry) -> (u32, u32) {
        let rows = if self.unicode { 2 } else { 1 };
        (u32::from(tile.w), u32::from(tile.h) * rows)
    }

    /// Says once per board size what keeps the picture from showing whole: a window too
    /// small for its tiles (the board then shows numbers; its frame says so too, and the
    /// notice says what size would do), a picture too tiny to cut, or tiles that look
    /// alike on this terminal (those show their numbers).
    pub fn check_picture(&mut self, area: Rect, size: Size) -> Option<Notice> {
        let (colours, rows) = (self.colours, if self.unicode { 2 } else { 1 });
        let pixels = |t: TileGeometry| (u32::from(t.w), u32::from(t.h) * rows);
        let p = self.picture.as_mut()?;
        let Fit::Fits(layout) = fit(area, size) else {
            return None;
        };
        if colours == Colours::None {
            return None;
        }
        if !layout.tile.is_big() {
            if p.told_small.contains(&size) {
                return None;
            }
            p.told_small.push(size);
            let (w, h) = big_minimum(size);
            return Some(Notice::info(format!(
                "The window is too small for the picture's tiles on {size}: the tiles show numbers. \
                 A window of {w}×{h} or more shows the picture."
            )));
        }
        if p.told_alike.contains(&size) {
            return None;
        }
        let name = p.picture.short_name();
        let text = if p.tiny(size) {
            let px = p.picture.side();
            format!(
                "The picture {name} is only {px}×{px} pixels: too small to tell its tiles apart on \
                 {size}, so they show their numbers."
            )
        } else {
            let alike = p.cut(size, pixels(layout.tile), colours).alike.clone();
            if alike.is_empty() {
                return None;
            }
            let list: Vec<String> = alike.iter().map(ToString::to_string).collect();
            format!(
                "Some tiles of the picture {name} look alike on {size} (tiles {}): they show \
                 their numbers, so that the board can still be told apart.",
                list.join(", ")
            )
        };
        p.told_alike.push(size);
        Some(Notice::info(text))
    }

    /// The numbers key: shows or hides the tile numbers over a picture (remembered even
    /// with no picture on, for the next one); the status line.
    pub fn toggle_numbers(&mut self, keys: &Bindings) -> String {
        self.numbers = !self.numbers;
        let what = if self.numbers { "shown" } else { "hidden" };
        if self.picture.is_some() {
            format!("Tile numbers {what}.")
        } else {
            let n = keys.name(Action::NewGame);
            format!("Picture numbers {what} (no picture on: {n} picks one).")
        }
    }
}
