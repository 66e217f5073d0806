//! Styles for every element, from the config's preset and overrides.
//!
//! The default palette uses Okabe–Ito colours, chosen to stay distinguishable under the
//! common colour-vision deficiencies; the hinted tile is dark where the others are light,
//! so it stands out by lightness too (contrast above 3:1, tested). Nothing depends on
//! colour alone: tiles at home are bold and bracketed, the hinted tile carries an arrow.
//! 24-bit colour is sent only to terminals that say they take it (`COLORTERM`); the others
//! get the nearest of the 256 standard colours, or of the 16 where `TERM` names no more
//! (see `capabilities.rs`), or none at all.

use ratatui::style::{Color, Modifier, Style};
use slide::config::{Config, ConfigError, ThemePreset, ThemeSettings};

use crate::ui::capabilities::{Colours, nearest_16};

/// Resolved styles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    /// A misplaced tile.
    pub tile: Style,
    /// A tile in its goal cell.
    pub tile_home: Style,
    /// The tile a hint points at.
    pub hint: Style,
    /// The blank cell.
    pub blank: Style,
    /// Titles, spinner, highlights.
    pub accent: Style,
    /// Labels and quiet text.
    pub dim: Style,
    /// Key names in the footer.
    pub key: Style,
    /// The colours the terminal shows, which every colour of the game is turned into
    /// ([`Theme::colour_of`]).
    pub colours: Colours,
}

const ORANGE: Color = Color::Rgb(0xE6, 0x9F, 0x00);
const BLUE: Color = Color::Rgb(0x00, 0x72, 0xB2);
const YELLOW: Color = Color::Rgb(0xF0, 0xE4, 0x42);
const SKY: Color = Color::Rgb(0x56, 0xB4, 0xE9);
/// The hinted tile's background: dark, so that it differs from the orange tiles in
/// lightness as well as hue (red-green colour blindness leaves lightness intact).
const CHARCOAL: Color = Color::Rgb(0x1C, 0x1C, 0x1C);

impl Theme {
    /// The theme of `config` on this terminal, or the first colour of `[theme]` that is
    /// not a colour, at its line and column in the file.
    pub fn from_config(config: &Config, colours: Colours) -> Result<Theme, ConfigError> {
        let t = &config.theme;
        for (field, colour) in [
            ("tile", &t.tile),
            ("tile_home", &t.tile_home),
            ("hint", &t.hint),
            ("accent", &t.accent),
        ] {
            if parse_colour(&colour.value).is_none() {
                return Err(config.invalid(
                    colour.at,
                    format!(
                        "theme.{field}: '{}' is not a colour; expected a name like blue, \"#rrggbb\", an index 0-255, or \"\"",
                        colour.value
                    ),
                ));
            }
        }
        Ok(Theme::for_terminal(t, colours))
    }

    /// The theme for `settings`; `no_color` (the `NO_COLOR` convention) forces monochrome.
    pub fn new(settings: &ThemeSettings, no_color: bool) -> Theme {
        Theme::for_terminal(settings, if no_color { Colours::None } else { Colours::True })
    }

    /// The theme for `settings` on a terminal that shows `colours`: every colour becomes the
    /// nearest the terminal has, and none at all is the mono theme.
    pub fn for_terminal(settings: &ThemeSettings, colours: Colours) -> Theme {
        let t = Theme::resolve(settings, colours == Colours::None);
        match colours {
            Colours::True | Colours::None => t,
            Colours::Indexed => t.in_256_colours(),
            Colours::Sixteen => t.in_16_colours(),
        }
    }

    /// The colour this theme's terminal shows for `c`.
    pub fn colour_of(&self, c: Color) -> Color {
        match self.colours {
            Colours::True | Colours::None => c,
            Colours::Indexed => nearest_256(c),
            Colours::Sixteen => nearest_16(c),
        }
    }

    fn resolve(settings: &ThemeSettings, no_color: bool) -> Theme {
        if no_color || settings.preset == ThemePreset::Mono {
            return Theme::mono();
        }
        let mut t = if settings.preset == ThemePreset::HighContrast {
            Theme::high_contrast()
        } else {
            Theme::colour()
        };
        let over = |s: &str| match parse_colour(s) {
            Some(Written::Colour(c)) => Some(c),
            Some(Written::Preset) | None => None,
        };
        if let Some(c) = over(&settings.tile.value) {
            t.tile = t.tile.bg(c);
        }
        if let Some(c) = over(&settings.tile_home.value) {
            t.tile_home = t.tile_home.bg(c);
        }
        if let Some(c) = over(&settings.hint.value) {
            t.hint = t.hint.bg(c);
        }
        if let Some(c) = over(&settings.accent.value) {
            t.accent = t.accent.fg(c);
            t.key = t.key.fg(c);
        }
        t
    }

    /// The colour-blind-safe default.
    pub fn colour() -> Theme {
        Theme {
            tile: Style::new().fg(Color::Black).bg(ORANGE),
            tile_home: Style::new().fg(Color::White).bg(BLUE).add_modifier(Modifier::BOLD),
            hint: Style::new().fg(YELLOW).bg(CHARCOAL).add_modifier(Modifier::BOLD),
            blank: Style::new(),
            accent: Style::new().fg(SKY).add_modifier(Modifier::BOLD),
            dim: Style::new().add_modifier(Modifier::DIM),
            key: Style::new().fg(SKY).add_modifier(Modifier::BOLD),
            colours: Colours::True,
        }
    }

    /// Black on white tiles, white on blue at home, yellow on black for the hint.
    pub fn high_contrast() -> Theme {
        Theme {
            tile: Style::new()
                .fg(Color::Rgb(0, 0, 0))
                .bg(Color::Rgb(0xFF, 0xFF, 0xFF))
                .add_modifier(Modifier::BOLD),
            tile_home: Style::new()
                .fg(Color::Rgb(0xFF, 0xFF, 0xFF))
                .bg(Color::Rgb(0x00, 0x5F, 0xD7))
                .add_modifier(Modifier::BOLD),
            hint: Style::new()
                .fg(Color::Rgb(0xFF, 0xFF, 0x00))
                .bg(Color::Rgb(0, 0, 0))
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            blank: Style::new(),
            accent: Style::new()
                .fg(Color::Rgb(0xFF, 0xFF, 0x00))
                .add_modifier(Modifier::BOLD),
            dim: Style::new(),
            key: Style::new()
                .fg(Color::Rgb(0xFF, 0xFF, 0x00))
                .add_modifier(Modifier::BOLD),
            colours: Colours::True,
        }
    }

    /// Every 24-bit colour replaced by the nearest of the 256 standard colours.
    fn in_256_colours(self) -> Theme {
        self.mapped(nearest_256, Colours::Indexed)
    }

    /// Every colour replaced by the nearest of the 16 standard colours.
    fn in_16_colours(self) -> Theme {
        self.mapped(nearest_16, Colours::Sixteen)
    }

    fn mapped(self, f: fn(Color) -> Color, colours: Colours) -> Theme {
        let map = |s: Style| Style {
            fg: s.fg.map(f),
            bg: s.bg.map(f),
            ..s
        };
        Theme {
            tile: map(self.tile),
            tile_home: map(self.tile_home),
            hint: map(self.hint),
            blank: map(self.blank),
            accent: map(self.accent),
            dim: map(self.dim),
            key: map(self.key),
            colours,
        }
    }

    /// No colour at all: reverse video for tiles, bold for home, underline for the hint.
    pub fn mono() -> Theme {
        Theme {
            tile: Style::new().add_modifier(Modifier::REVERSED),
            tile_home: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            hint: Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            blank: Style::new(),
            accent: Style::new().add_modifier(Modifier::BOLD),
            dim: Style::new().add_modifier(Modifier::DIM),
            key: Style::new().add_modifier(Modifier::BOLD),
            colours: Colours::None,
        }
    }
}

/// The nearest xterm-256 colour to a 24-bit one (the 6×6×6 cube or the grey ramp, by
/// squared distance); other colours are left as they are.
pub fn nearest_256(c: Color) -> Color {
    let Color::Rgb(r, g, b) = c else { return c };
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let level = |v: u8| {
        (0..6)
            .min_by_key(|&i| (i32::from(LEVELS[i]) - i32::from(v)).abs())
            .unwrap_or(0)
    };
    let (ri, gi, bi) = (level(r), level(g), level(b));
    let dist = |x: (u8, u8, u8)| {
        let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
        d(x.0, r) + d(x.1, g) + d(x.2, b)
    };
    let cube = (LEVELS[ri], LEVELS[gi], LEVELS[bi]);
    let cube_index = 16 + 36 * ri + 6 * gi + bi;
    let mean = (u32::from(r) + u32::from(g) + u32::from(b)) / 3;
    let grey_i = ((mean.saturating_sub(8)) / 10).min(23) as u8;
    let grey_v = 8 + 10 * grey_i;
    if dist((grey_v, grey_v, grey_v)) < dist(cube) {
        Color::Indexed(232 + grey_i)
    } else {
        Color::Indexed(cube_index as u8)
    }
}

/// The WCAG contrast ratio of two 24-bit colours (1 to 21).
#[cfg(test)]
pub fn contrast(a: (u8, u8, u8), b: (u8, u8, u8)) -> f64 {
    let lum = |(r, g, b): (u8, u8, u8)| {
        let lin = |v: u8| {
            let c = f64::from(v) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    };
    let (la, lb) = (lum(a), lum(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// A colour as written in the config.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// An empty string: the preset's colour.
    Preset,
    /// This colour.
    Colour(Color),
}

/// A colour as written in the config; `None` when it is not one.
pub fn parse_colour(text: &str) -> Option<Written> {
    /// The 16 named colours, in the terminal's order.
    const NAMED: [(&str, Color); 16] = [
        ("black", Color::Black),
        ("red", Color::Red),
        ("green", Color::Green),
        ("yellow", Color::Yellow),
        ("blue", Color::Blue),
        ("magenta", Color::Magenta),
        ("cyan", Color::Cyan),
        ("gray", Color::Gray),
        ("darkgray", Color::DarkGray),
        ("lightred", Color::LightRed),
        ("lightgreen", Color::LightGreen),
        ("lightyellow", Color::LightYellow),
        ("lightblue", Color::LightBlue),
        ("lightmagenta", Color::LightMagenta),
        ("lightcyan", Color::LightCyan),
        ("white", Color::White),
    ];
    let t = text.trim().to_ascii_lowercase();
    if t.is_empty() {
        return Some(Written::Preset);
    }
    if let Some(hex) = t.strip_prefix('#') {
        if hex.len() != 6 {
            return None;
        }
        let v = u32::from_str_radix(hex, 16).ok()?;
        return Some(Written::Colour(Color::Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)));
    }
    if let Ok(i) = t.parse::<u8>() {
        return Some(Written::Colour(Color::Indexed(i)));
    }
    NAMED.iter().find(|(n, _)| *n == t).map(|(_, c)| Written::Colour(*c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_and_mono_use_no_colour() {
        let settings = ThemeSettings::default();
        let t = Theme::new(&settings, true);
        assert_eq!(t, Theme::mono());
        for s in [t.tile, t.tile_home, t.hint, t.accent] {
            assert_eq!((s.fg, s.bg), (None, None));
        }
        assert_ne!(t.tile, t.tile_home, "home tiles differ without colour");
        assert_eq!(Theme::new(&settings, false), Theme::colour());
    }

    #[test]
    fn overrides_apply() {
        let settings = ThemeSettings {
            tile: slide::config::Placed::new("#102030".into()),
            ..ThemeSettings::default()
        };
        let t = Theme::new(&settings, false);
        assert_eq!(t.tile.bg, Some(Color::Rgb(0x10, 0x20, 0x30)));
    }

    #[test]
    fn colours_parse_and_a_bad_one_is_reported_where_it_is_written() {
        assert_eq!(parse_colour(""), Some(Written::Preset));
        assert_eq!(parse_colour("Blue"), Some(Written::Colour(Color::Blue)));
        assert_eq!(parse_colour("#0a0B0c"), Some(Written::Colour(Color::Rgb(10, 11, 12))));
        assert_eq!(parse_colour("200"), Some(Written::Colour(Color::Indexed(200))));
        assert_eq!(parse_colour("#12345"), None);
        assert_eq!(parse_colour("purplish"), None);
        let config = Config::parse("[theme]\ntile = \"purplish\"\n", std::path::Path::new("c.toml"))
            .expect("the library takes it");
        let e = Theme::from_config(&config, Colours::True)
            .expect_err("not a colour")
            .to_string();
        assert!(
            e.starts_with("c.toml:2:8: theme.tile: 'purplish' is not a colour"),
            "{e}"
        );
        assert!(Theme::from_config(&Config::default(), Colours::True).is_ok());
        let sixteen = Theme::from_config(&Config::default(), Colours::Sixteen).expect("valid");
        let named = |c: Option<Color>| !matches!(c, Some(Color::Rgb(..) | Color::Indexed(_)));
        for s in [
            sixteen.tile,
            sixteen.tile_home,
            sixteen.hint,
            sixteen.accent,
            sixteen.key,
        ] {
            assert!(named(s.fg) && named(s.bg), "{s:?}");
        }
        assert_ne!(sixteen.tile.bg, sixteen.hint.bg, "the hint still stands out");
        assert_ne!(sixteen.tile.bg, sixteen.tile_home.bg);
    }
}

#[cfg(test)]
mod colour_tests {
    use super::*;

    fn rgb(c: Option<Color>) -> (u8, u8, u8) {
        match c {
            Some(Color::Rgb(r, g, b)) => (r, g, b),
            other => panic!("not a 24-bit colour: {other:?}"),
        }
    }

    #[test]
    fn the_hint_tile_differs_from_the_others_in_lightness() {
        for t in [Theme::colour(), Theme::high_contrast()] {
            let hint = rgb(t.hint.bg);
            for other in [t.tile.bg, t.tile_home.bg] {
                let c = contrast(hint, rgb(other));
                assert!(c >= 3.0, "contrast {c:.2} between the hint and {other:?}");
            }
        }
    }

    #[test]
    fn nearest_256_colours() {
        assert_eq!(nearest_256(Color::Rgb(0, 0, 0)), Color::Indexed(16));
        assert_eq!(nearest_256(Color::Rgb(255, 255, 255)), Color::Indexed(231));
        assert_eq!(nearest_256(Color::Rgb(0xE6, 0x9F, 0x00)), Color::Indexed(178));
        assert_eq!(nearest_256(Color::Rgb(0x1C, 0x1C, 0x1C)), Color::Indexed(234));
        assert_eq!(nearest_256(Color::Black), Color::Black);
        let t = Theme::colour().in_256_colours();
        assert!(!matches!(t.tile.bg, Some(Color::Rgb(..))));
    }
}
