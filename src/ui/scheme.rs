//! The tile colour schemes on screen: a style per tile for `plain`, `rows`, `fringe` and
//! `checker` (see `[look] scheme`).
//!
//! Colours come from the Okabe–Ito palette and neighbours always differ in lightness, not
//! only in hue, so the schemes read under colour-vision deficiencies. Without colour (the
//! mono theme, `NO_COLOR`) each scheme still shows by attributes: underline marks odd
//! goal rows (rows) or odd goal columns (checker); fringe tiles are bold and underlined,
//! solved ones dim. Tiles at home keep their brackets and bold in every scheme.

use ratatui::style::{Color, Modifier, Style};
use slide::config::LookSettings;
use slide::puzzle::fringe::{Fringe, Region};

use crate::ui::theme::Theme;

const YELLOW: (u8, u8, u8) = (0xF0, 0xE4, 0x42);
const BLUE: (u8, u8, u8) = (0x00, 0x72, 0xB2);
const ORANGE: (u8, u8, u8) = (0xE6, 0x9F, 0x00);
/// A darker reddish purple than Okabe–Ito's, so that it stays dark beside the sky blue.
const PLUM: (u8, u8, u8) = (0x8E, 0x3B, 0x6E);
const SKY: (u8, u8, u8) = (0x56, 0xB4, 0xE9);
const VERMILLION: (u8, u8, u8) = (0xD5, 0x5E, 0x00);
/// Fringe's solved tiles: dark grey, so they recede.
const SOLVED: (u8, u8, u8) = (0x3A, 0x3A, 0x3A);
/// Fringe's other tiles: a mid grey, between the solved and the bright fringe.
const NEUTRAL: (u8, u8, u8) = (0x9E, 0x9E, 0x9E);

/// The goal rows' backgrounds, light and dark in turn so that neighbouring rows differ
/// in lightness.
const ROWS: [(u8, u8, u8); 6] = [YELLOW, BLUE, ORANGE, VERMILLION, SKY, PLUM];
/// Rows whose background is dark enough for white text.
const DARK_ROWS: [bool; 6] = [false, true, false, false, false, true];

/// A colour scheme for the tiles, as speedsolving simulators offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scheme {
    /// Tiles at home and the others (and the hint).
    #[default]
    Plain,
    /// A colour per row of the goal.
    Rows,
    /// Solved tiles dim, the next row and column to solve bright, the rest neutral.
    Fringe,
    /// Alternating colours by goal column.
    Checker,
}

impl Scheme {
    /// Every scheme, in the order the scheme key cycles through them (the config's
    /// [`LookSettings::SCHEMES`]).
    pub const ALL: [Scheme; 4] = [Scheme::Plain, Scheme::Rows, Scheme::Fringe, Scheme::Checker];

    /// The name in the config file.
    pub const fn name(self) -> &'static str {
        match self {
            Scheme::Plain => "plain",
            Scheme::Rows => "rows",
            Scheme::Fringe => "fringe",
            Scheme::Checker => "checker",
        }
    }

    /// The scheme `look.scheme` names (the library accepts only these names).
    pub fn configured(look: &LookSettings) -> Scheme {
        Scheme::ALL
            .into_iter()
            .find(|s| s.name() == look.scheme)
            .unwrap_or_default()
    }

    /// The scheme after this one (the last wraps to the first).
    #[must_use]
    pub fn next(self) -> Scheme {
        let i = Scheme::ALL.iter().position(|s| *s == self).unwrap_or(0);
        Scheme::ALL[(i + 1) % Scheme::ALL.len()]
    }
}

/// Where a tile is and where it belongs: what a scheme needs to style it.
#[derive(Debug, Clone, Copy)]
pub struct TileInfo {
    /// The tile's number (never 0).
    pub tile: u8,
    /// The board's width (the rows' stride).
    pub width: usize,
    /// Whether it is home.
    pub home: bool,
}

/// The style of a tile under `scheme` (the hint's style is applied over it elsewhere).
pub fn tile_style(theme: &Theme, scheme: Scheme, info: TileInfo, fringe: Option<&Fringe>) -> Style {
    let base = if info.home { theme.tile_home } else { theme.tile };
    if scheme == Scheme::Plain {
        return base;
    }
    let goal = usize::from(info.tile) - 1;
    let (goal_row, goal_col) = (goal / info.width, goal % info.width);
    let mono = theme.tile.bg.is_none();
    let home_bold = if info.home { Modifier::BOLD } else { Modifier::empty() };
    if mono {
        let reversed = Style::new().add_modifier(Modifier::REVERSED | home_bold);
        return match scheme {
            Scheme::Rows if goal_row % 2 == 1 => reversed.add_modifier(Modifier::UNDERLINED),
            Scheme::Checker if goal_col % 2 == 1 => reversed.add_modifier(Modifier::UNDERLINED),
            Scheme::Fringe => match region(fringe, info.tile) {
                Region::Solved => Style::new().add_modifier(Modifier::DIM | home_bold),
                Region::Fringe => reversed.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
                Region::Rest => reversed,
            },
            _ => reversed,
        };
    }
    // The nearest colour the terminal has (24-bit, 256 or 16).
    let colour = |(r, g, b): (u8, u8, u8)| theme.colour_of(Color::Rgb(r, g, b));
    let on = |bg: (u8, u8, u8), dark: bool| {
        let fg = if dark { (0xFF, 0xFF, 0xFF) } else { (0, 0, 0) };
        Style::new().fg(colour(fg)).bg(colour(bg)).add_modifier(home_bold)
    };
    match scheme {
        Scheme::Rows => {
            let i = goal_row % ROWS.len();
            on(ROWS[i], DARK_ROWS[i])
        }
        Scheme::Checker if goal_col % 2 == 0 => on(SKY, false),
        Scheme::Checker => on(BLUE, true),
        Scheme::Fringe => match region(fringe, info.tile) {
            Region::Solved => Style::new()
                .fg(colour(NEUTRAL))
                .bg(colour(SOLVED))
                .add_modifier(home_bold),
            Region::Fringe => on(YELLOW, false).add_modifier(Modifier::BOLD),
            Region::Rest => on(NEUTRAL, false),
        },
        Scheme::Plain => base,
    }
}

fn region(fringe: Option<&Fringe>, tile: u8) -> Region {
    fringe.map_or(Region::Rest, |f| f.region(tile))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::theme::contrast;

    #[test]
    fn the_schemes_are_the_configs_and_cycle() {
        let names: Vec<&str> = Scheme::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(names, LookSettings::SCHEMES);
        for s in Scheme::ALL {
            let look = LookSettings {
                scheme: s.name().to_string(),
                ..LookSettings::default()
            };
            assert_eq!(Scheme::configured(&look), s);
        }
        assert_eq!(Scheme::Checker.next(), Scheme::Plain);
        assert_eq!(Scheme::Plain.next(), Scheme::Rows);
    }

    #[test]
    fn neighbouring_colours_differ_in_lightness() {
        // Neighbouring rows, the two checker colours, and the three fringe regions.
        for pair in ROWS.windows(2) {
            assert!(contrast(pair[0], pair[1]) >= 1.5, "{pair:?}");
        }
        assert!(contrast(SKY, BLUE) >= 2.0);
        assert!(contrast(YELLOW, NEUTRAL) >= 1.5);
        assert!(contrast(NEUTRAL, SOLVED) >= 3.0);
        // Text stays readable on every background.
        for (bg, dark) in ROWS.iter().zip(DARK_ROWS) {
            let fg = if dark { (0xFF, 0xFF, 0xFF) } else { (0, 0, 0) };
            assert!(contrast(*bg, fg) >= 4.5, "{bg:?}");
        }
    }
}
