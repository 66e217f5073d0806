//! Styles for every element, from the config's preset and overrides.
//!
//! The default palette uses Okabe–Ito colours, chosen to stay distinguishable under the
//! common colour-vision deficiencies. Nothing depends on colour alone: tiles at home are
//! bold and bracketed, the hinted tile carries an arrow.

use ratatui::style::{Color, Modifier, Style};
use slide::config::{Rgb, ThemePreset, ThemeSettings, parse_colour};

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
}

const ORANGE: Color = Color::Rgb(0xE6, 0x9F, 0x00);
const BLUE: Color = Color::Rgb(0x00, 0x72, 0xB2);
const YELLOW: Color = Color::Rgb(0xF0, 0xE4, 0x42);
const SKY: Color = Color::Rgb(0x56, 0xB4, 0xE9);

impl Theme {
    /// The theme for `settings`; `no_color` (the `NO_COLOR` convention) forces monochrome.
    pub fn new(settings: &ThemeSettings, no_color: bool) -> Theme {
        if no_color || settings.preset == ThemePreset::Mono {
            return Theme::mono();
        }
        let mut t = Theme::colour();
        let over = |s: &str| parse_colour(s).flatten().map(to_color);
        if let Some(c) = over(settings.tile.get_ref()) {
            t.tile = t.tile.bg(c);
        }
        if let Some(c) = over(settings.tile_home.get_ref()) {
            t.tile_home = t.tile_home.bg(c);
        }
        if let Some(c) = over(settings.hint.get_ref()) {
            t.hint = t.hint.bg(c);
        }
        if let Some(c) = over(settings.accent.get_ref()) {
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
            hint: Style::new().fg(Color::Black).bg(YELLOW).add_modifier(Modifier::BOLD),
            blank: Style::new(),
            accent: Style::new().fg(SKY).add_modifier(Modifier::BOLD),
            dim: Style::new().add_modifier(Modifier::DIM),
            key: Style::new().fg(SKY).add_modifier(Modifier::BOLD),
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
        }
    }
}

/// Whether `NO_COLOR` asks for no colour (set and not empty, per no-color.org).
pub fn no_color_requested() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

fn to_color(c: Rgb) -> Color {
    match c {
        Rgb::True(r, g, b) => Color::Rgb(r, g, b),
        Rgb::Indexed(i) => Color::Indexed(i),
        Rgb::Named(i) => [
            Color::Black,
            Color::Red,
            Color::Green,
            Color::Yellow,
            Color::Blue,
            Color::Magenta,
            Color::Cyan,
            Color::Gray,
            Color::DarkGray,
            Color::LightRed,
            Color::LightGreen,
            Color::LightYellow,
            Color::LightBlue,
            Color::LightMagenta,
            Color::LightCyan,
            Color::White,
        ][usize::from(i).min(15)],
    }
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
            tile: toml::Spanned::new(0..0, "#102030".into()),
            ..ThemeSettings::default()
        };
        let t = Theme::new(&settings, false);
        assert_eq!(t.tile.bg, Some(Color::Rgb(0x10, 0x20, 0x30)));
    }
}
