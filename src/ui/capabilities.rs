//! What the terminal can show, read from the environment as terminals announce it: how many
//! colours (`NO_COLOR`, `COLORTERM`, `TERM`), whether it takes UTF-8 (the locale:
//! `LC_ALL`, `LC_CTYPE`, `LANG`), and whether the mouse may be captured (not on a `dumb`
//! terminal). The game draws within them: 16 colours where that is all there is, ASCII
//! borders, arrows and key names without UTF-8.

use ratatui::style::Color;

/// How many colours the terminal shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Colours {
    /// None: attributes only (bold, underline, reverse video).
    None,
    /// The 16 standard colours.
    Sixteen,
    /// The 256 standard colours.
    Indexed,
    /// 24-bit colour.
    True,
}

/// What the terminal can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capabilities {
    /// Its colours.
    pub colours: Colours,
    /// Whether it takes UTF-8: box drawing, arrows, half blocks.
    pub unicode: bool,
    /// Whether mouse reports may be asked for.
    pub mouse: bool,
}

impl Capabilities {
    /// What this process's terminal can show.
    pub fn detect() -> Capabilities {
        Capabilities::from_env(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
    }

    /// What a terminal described by `var` (an environment lookup; empty values count as
    /// unset) can show.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Capabilities {
        let term = var("TERM").unwrap_or_default().to_ascii_lowercase();
        let dumb = term == "dumb";
        Capabilities {
            colours: colours(&term, var("COLORTERM").as_deref(), var("NO_COLOR").is_some()),
            unicode: utf8_locale(&var),
            mouse: !dumb,
        }
    }

    /// Everything: 24-bit colour and UTF-8 (tests that draw as a modern terminal does).
    pub fn full() -> Capabilities {
        Capabilities {
            colours: Colours::True,
            unicode: true,
            mouse: true,
        }
    }
}

/// The colours of a terminal named `term` (lowercase), whose `COLORTERM` is `colorterm`.
fn colours(term: &str, colorterm: Option<&str>, no_color: bool) -> Colours {
    // A dumb or teletype-like terminal: no colour whatever else says.
    let plain = term == "dumb" || term.starts_with("vt") || term == "ansi-mono";
    if no_color || plain {
        return Colours::None;
    }
    let colorterm = colorterm.unwrap_or_default().to_ascii_lowercase();
    if colorterm == "truecolor" || colorterm == "24bit" || term.ends_with("-direct") || term.contains("truecolor") {
        return Colours::True;
    }
    if term.contains("256color") {
        return Colours::Indexed;
    }
    if term.is_empty() && cfg!(windows) {
        // Windows' consoles set no TERM and have taken 24-bit colour since Windows 10.
        return Colours::True;
    }
    Colours::Sixteen
}

/// Whether the locale (the first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set) says UTF-8.
fn utf8_locale(var: &impl Fn(&str) -> Option<String>) -> bool {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].into_iter().find_map(var);
    match locale {
        Some(l) => {
            let l = l.to_ascii_lowercase();
            l.contains("utf-8") || l.contains("utf8")
        }
        // Windows has no locale variables and its consoles take UTF-8.
        None => cfg!(windows),
    }
}

/// The 16 standard colours, with the RGB values xterm gives them.
pub const SIXTEEN: [(Color, (u8, u8, u8)); 16] = [
    (Color::Black, (0, 0, 0)),
    (Color::Red, (205, 0, 0)),
    (Color::Green, (0, 205, 0)),
    (Color::Yellow, (205, 205, 0)),
    (Color::Blue, (0, 0, 238)),
    (Color::Magenta, (205, 0, 205)),
    (Color::Cyan, (0, 205, 205)),
    (Color::Gray, (229, 229, 229)),
    (Color::DarkGray, (127, 127, 127)),
    (Color::LightRed, (255, 0, 0)),
    (Color::LightGreen, (0, 255, 0)),
    (Color::LightYellow, (255, 255, 0)),
    (Color::LightBlue, (92, 92, 255)),
    (Color::LightMagenta, (255, 0, 255)),
    (Color::LightCyan, (0, 255, 255)),
    (Color::White, (255, 255, 255)),
];

/// The nearest of the 16 standard colours to a 24-bit one (by squared distance); an
/// indexed colour is taken for its RGB first, and named colours stay as they are.
pub fn nearest_16(c: Color) -> Color {
    let rgb = match c {
        Color::Rgb(r, g, b) => (r, g, b),
        Color::Indexed(i) => indexed_rgb(i),
        other => return other,
    };
    nearest_16_of(rgb).0
}

/// The nearest of the 16 standard colours to `rgb`, and its RGB.
pub fn nearest_16_of((r, g, b): (u8, u8, u8)) -> (Color, (u8, u8, u8)) {
    let d = |(x, y, z): (u8, u8, u8)| {
        let s = |a: u8, b: u8| (i32::from(a) - i32::from(b)).pow(2);
        s(x, r) + s(y, g) + s(z, b)
    };
    SIXTEEN
        .iter()
        .min_by_key(|(_, rgb)| d(*rgb))
        .map_or((Color::Black, (0, 0, 0)), |&(c, rgb)| (c, rgb))
}

/// The RGB of one of the 256 standard colours (xterm's values).
pub fn indexed_rgb(i: u8) -> (u8, u8, u8) {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    match i {
        0..=15 => SIXTEEN[usize::from(i)].1,
        16..=231 => {
            let n = i - 16;
            (
                LEVELS[usize::from(n / 36)],
                LEVELS[usize::from(n / 6 % 6)],
                LEVELS[usize::from(n % 6)],
            )
        }
        _ => {
            let v = 8 + 10 * (i - 232);
            (v, v, v)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caps(vars: &[(&str, &str)]) -> Capabilities {
        let vars: Vec<(String, String)> = vars.iter().map(|(k, v)| ((*k).into(), (*v).into())).collect();
        Capabilities::from_env(|name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
    }

    #[test]
    fn term_and_colorterm_say_the_colours() {
        let c = |vars: &[(&str, &str)]| caps(vars).colours;
        assert_eq!(c(&[("TERM", "xterm")]), Colours::Sixteen);
        assert_eq!(c(&[("TERM", "xterm-256color")]), Colours::Indexed);
        assert_eq!(c(&[("TERM", "tmux-256color")]), Colours::Indexed);
        assert_eq!(c(&[("TERM", "xterm"), ("COLORTERM", "truecolor")]), Colours::True);
        assert_eq!(c(&[("TERM", "xterm-direct")]), Colours::True);
        assert_eq!(c(&[("TERM", "linux")]), Colours::Sixteen);
        assert_eq!(c(&[("TERM", "dumb"), ("COLORTERM", "truecolor")]), Colours::None);
        assert_eq!(c(&[("TERM", "vt100")]), Colours::None);
        assert_eq!(c(&[("TERM", "xterm-256color"), ("NO_COLOR", "1")]), Colours::None);
    }

    #[test]
    fn the_locale_says_whether_utf8_is_drawn_and_dumb_terminals_get_no_mouse() {
        assert!(caps(&[("LANG", "en_GB.UTF-8")]).unicode);
        assert!(caps(&[("LANG", "C.utf8")]).unicode);
        // LC_ALL wins over LANG, either way.
        assert!(!caps(&[("LANG", "en_GB.UTF-8"), ("LC_ALL", "C")]).unicode);
        assert!(caps(&[("LANG", "C"), ("LC_CTYPE", "en_US.UTF-8")]).unicode);
        assert_eq!(caps(&[]).unicode, cfg!(windows));
        let dumb = caps(&[("TERM", "dumb"), ("LANG", "C"), ("LC_ALL", "C")]);
        assert_eq!(
            dumb,
            Capabilities {
                colours: Colours::None,
                unicode: false,
                mouse: false
            }
        );
        assert!(caps(&[("TERM", "xterm")]).mouse);
    }

    #[test]
    fn colours_map_to_the_nearest_of_sixteen() {
        assert_eq!(nearest_16(Color::Rgb(250, 10, 5)), Color::LightRed);
        assert_eq!(nearest_16(Color::Rgb(0xE6, 0x9F, 0x00)), Color::Yellow);
        assert_eq!(nearest_16(Color::Indexed(231)), Color::White);
        assert_eq!(nearest_16(Color::Blue), Color::Blue);
        assert_eq!(indexed_rgb(16 + 36 * 5), (255, 0, 0));
        assert_eq!(indexed_rgb(232), (8, 8, 8));
    }
}
