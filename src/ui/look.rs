//! How the board looks beyond the theme, as the player changes it while playing: the tile
//! colour scheme, and picture mode (the picture, its numbers, how its colours reach the
//! terminal).

use ratatui::layout::Rect;
use slide::game::Notice;
use slide::picture::Picture;

use crate::ui::keys::{Action, Bindings};
use crate::ui::picture_mode::{PICTURE_TILE, PictureColours, PictureMode, picture_minimum};
use crate::ui::scheme::Scheme;
use crate::ui::theme::Theme;
use crate::ui::widgets::layout::{Fit, fit};

/// The tile scheme and picture mode.
#[derive(Debug, Clone)]
pub struct Look {
    /// The tile colour scheme (from `[look]`, cycled by the scheme key).
    pub scheme: Scheme,
    /// Picture mode: the picture on the tiles, if one is chosen.
    pub picture: Option<PictureMode>,
    /// How a picture's colours reach the terminal.
    pub colours: PictureColours,
}

impl Look {
    /// The look `scheme` starts with, on `theme`'s terminal.
    pub fn new(scheme: Scheme, theme: &Theme) -> Look {
        Look {
            scheme,
            picture: None,
            colours: PictureColours::for_theme(theme),
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
        let numbers = self.picture.as_ref().is_some_and(|p| p.numbers);
        self.picture = picture.map(|p| PictureMode {
            numbers,
            ..PictureMode::new(p)
        });
        (self.picture.is_some() && self.colours == PictureColours::None).then(|| {
            Notice::info("Picture mode needs colour (the mono theme or NO_COLOR is on): the tiles show numbers.")
        })
    }

    /// Says once per board size when the window is too small for the picture's tiles (the
    /// board then shows numbers; its frame says so too), and what size would do.
    pub fn check_picture_fits(&mut self, area: Rect, side: usize) -> Option<Notice> {
        let p = self.picture.as_mut()?;
        let Fit::Fits(layout) = fit(area, side as u16) else {
            return None;
        };
        if self.colours == PictureColours::None || layout.tile == PICTURE_TILE || p.told_small.contains(&side) {
            return None;
        }
        p.told_small.push(side);
        let (w, h) = picture_minimum(side as u16);
        Some(Notice::info(format!(
            "The window is too small for the picture's tiles on {side}×{side}: the tiles show numbers. \
             A window of {w}×{h} or more shows the picture."
        )))
    }

    /// The numbers key: shows or hides the tile numbers over the picture; the status line.
    pub fn toggle_numbers(&mut self, keys: &Bindings) -> String {
        if let Some(p) = &mut self.picture {
            p.numbers = !p.numbers;
            let what = if p.numbers { "shown" } else { "hidden" };
            format!("Tile numbers {what}.")
        } else {
            let n = keys.named(Action::NewGame);
            format!("No picture on the tiles: choose one in the new-game menu ({n}).")
        }
    }
}
