//! The settings' schema: every table and key of `config.toml`, its default, and how each
//! value is read (in plain words when it is out of range, at its line and column).
//!
//! The defaults are written twice, in the `Default` impls below and in config.toml; a unit
//! test checks that they agree, so the embedded file stays the documented truth. (Parsing
//! the file in `Default` would recurse: `#[serde(default)]` calls `Default`.)

use std::path::PathBuf;
use std::time::Duration;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

use crate::config::placed::{Placed, Position};
use crate::difficulty::Level;
use crate::puzzle::Size;

/// The shipped default configuration, every key documented.
pub const DEFAULT_CONFIG_TOML: &str = include_str!("../../config.toml");

/// The range of `game.hint_budget_ms`: below 50 ms a 4×4 hint is rarely found, above a
/// minute the game would seem to hang.
pub(crate) const HINT_BUDGET_MS: std::ops::RangeInclusive<u64> = 50..=60_000;

/// The range of `game.animation_ms`: 0 plays the solution at once, 5 s per move is plenty.
pub(crate) const ANIMATION_MS: std::ops::RangeInclusive<u64> = 0..=5_000;

/// The range of `game.inspection_s`: off, up to a minute.
pub(crate) const INSPECTION_S: std::ops::RangeInclusive<u64> = 0..=60;

/// Everything a player can configure.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Game rules and timings.
    pub game: GameSettings,
    /// Key bindings.
    pub keys: KeyBindings,
    /// Colours.
    pub theme: ThemeSettings,
    /// How the board looks beyond colours: the colour scheme.
    pub look: LookSettings,
    /// Mouse input beyond clicks.
    pub input: InputSettings,
    /// The file read (`None` for the built-in defaults), for messages about its values.
    #[serde(skip)]
    pub(crate) source: Option<PathBuf>,
    /// Where `game.picture` is written in the file, for a message about the picture (read
    /// only when the game starts).
    #[serde(skip)]
    pub(crate) picture_at: Option<Position>,
}

/// How tiles are coloured (`[look]`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LookSettings {
    /// The name of the tiles' colour scheme, one of [`LookSettings::SCHEMES`] (the game
    /// knows what each looks like).
    #[serde(deserialize_with = "read_scheme")]
    pub scheme: String,
    /// Whether the tile numbers show over a picture.
    #[serde(deserialize_with = "read_numbers")]
    pub numbers: bool,
}

impl LookSettings {
    /// The colour schemes `look.scheme` may name, in the order the scheme key cycles them.
    pub const SCHEMES: [&str; 4] = ["plain", "rows", "fringe", "checker"];
}

impl Default for LookSettings {
    fn default() -> LookSettings {
        LookSettings {
            scheme: LookSettings::SCHEMES[0].to_string(),
            numbers: false,
        }
    }
}

/// Mouse input beyond clicks (`[input]`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct InputSettings {
    /// Whether moving the mouse over a tile in the blank's row or column slides it.
    #[serde(deserialize_with = "read_hover")]
    pub hover: bool,
}

/// Game rules and timings.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameSettings {
    // Each value is read by a function that accepts any TOML value and says in plain words
    // what is allowed, so that `size = "big"` and `size = 9` get the same message, at the
    // value's line and column, instead of serde's "invalid type: string, expected u8".
    /// Size of a new board: `size = 4` (4×4) or `size = "4x3"` (4 columns, 3 rows).
    #[serde(deserialize_with = "read_size")]
    pub size: Size,
    /// Level of a new board.
    #[serde(deserialize_with = "read_level")]
    pub level: Level,
    /// The solver's budget per hint, in milliseconds ([`HINT_BUDGET_MS`]).
    #[serde(deserialize_with = "read_hint_budget_ms")]
    pub hint_budget_ms: u64,
    /// Delay between moves when the solution is played, in milliseconds ([`ANIMATION_MS`]).
    #[serde(deserialize_with = "read_animation_ms")]
    pub animation_ms: u64,
    /// What direction keys move.
    #[serde(deserialize_with = "read_arrows_move")]
    pub arrows_move: ArrowsMove,
    /// Whether mouse clicks slide tiles.
    #[serde(deserialize_with = "read_mouse")]
    pub mouse: bool,
    /// The picture on the tiles: empty for numbers, a shipped picture's name, or the path
    /// of a PNG or JPEG file (checked when the game starts, where the file is read).
    #[serde(deserialize_with = "read_picture")]
    pub picture: String,
    /// Whether the copy key may send text to the clipboard through the terminal (OSC 52).
    #[serde(deserialize_with = "read_clipboard")]
    pub clipboard: bool,
    /// Seconds of inspection before the clock starts by itself (0: none; the clock then
    /// starts on the first move) ([`INSPECTION_S`]).
    #[serde(deserialize_with = "read_inspection_s")]
    pub inspection_s: u64,
    /// Whether the game thinks while the player does (better 5×5 and 6×6 plans, proofs of
    /// 3×3 and 4×4 hints that ran out of time, the other sizes' tables), at a low priority.
    #[serde(deserialize_with = "read_thinking")]
    pub thinking: bool,
    /// Whether the large tables of a size played often are built in the background.
    #[serde(deserialize_with = "read_large_tables")]
    pub large_tables: LargeTables,
}

/// Whether the game builds a size's large tables by itself (`game.large_tables`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LargeTables {
    /// In the background, once the size has been played a few times.
    Auto,
    /// Not without asking: once a run, as a game of the size starts, the game asks first.
    Ask,
    /// Never by the game (`slide tables build --large` still does).
    Off,
}

impl LargeTables {
    /// The value as written in config.toml.
    pub fn name(self) -> &'static str {
        match self {
            LargeTables::Auto => "auto",
            LargeTables::Ask => "ask",
            LargeTables::Off => "off",
        }
    }
}

/// What the direction keys move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArrowsMove {
    /// The tile slides in the key's direction (the puzzle's own move notation).
    Tile,
    /// The blank moves in the key's direction (the tile moves the opposite way).
    Blank,
}

/// The key names written for each action (`[keys]`), as text with their place in the
/// file: the game reads the names and says where one is wrong.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[allow(missing_docs, reason = "field names are the actions, documented in config.toml")]
pub struct KeyBindings {
    pub up: Vec<Placed<String>>,
    pub down: Vec<Placed<String>>,
    pub left: Vec<Placed<String>>,
    pub right: Vec<Placed<String>>,
    pub hint: Vec<Placed<String>>,
    pub solve: Vec<Placed<String>>,
    pub undo: Vec<Placed<String>>,
    pub redo: Vec<Placed<String>>,
    pub restart: Vec<Placed<String>>,
    pub new_game: Vec<Placed<String>>,
    pub next_scramble: Vec<Placed<String>>,
    pub scheme: Vec<Placed<String>>,
    pub help: Vec<Placed<String>>,
    pub pause: Vec<Placed<String>>,
    pub review: Vec<Placed<String>>,
    pub stats: Vec<Placed<String>>,
    pub back: Vec<Placed<String>>,
    pub quit: Vec<Placed<String>>,
    pub copy: Vec<Placed<String>>,
    pub numbers: Vec<Placed<String>>,
    pub peek: Vec<Placed<String>>,
    pub settings: Vec<Placed<String>>,
    pub playback: Vec<Placed<String>>,
    pub session: Vec<Placed<String>>,
    pub new_session: Vec<Placed<String>>,
}

/// Colours: a preset and optional overrides, as text with their place in the file (the
/// game reads the colours and says where one is wrong).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ThemeSettings {
    /// `default`, `high-contrast` or `mono`.
    pub preset: ThemePreset,
    /// Colour of misplaced tiles.
    pub tile: Placed<String>,
    /// Colour of tiles at home.
    pub tile_home: Placed<String>,
    /// Colour of the hinted tile.
    pub hint: Placed<String>,
    /// Accent colour.
    pub accent: Placed<String>,
}

/// A built-in palette.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThemePreset {
    /// The colour-blind-safe palette.
    Default,
    /// Black, white, yellow and a deep blue, for low vision and washed-out screens.
    HighContrast,
    /// No colour: attributes only.
    Mono,
}

impl Default for GameSettings {
    fn default() -> GameSettings {
        GameSettings {
            size: Size::FOUR,
            level: Level::Medium,
            hint_budget_ms: 1000,
            animation_ms: 180,
            arrows_move: ArrowsMove::Tile,
            mouse: true,
            picture: String::new(),
            clipboard: true,
            inspection_s: 0,
            thinking: true,
            large_tables: LargeTables::Auto,
        }
    }
}

fn keys(names: &[&str]) -> Vec<Placed<String>> {
    names.iter().map(|n| Placed::new((*n).to_string())).collect()
}

impl Default for KeyBindings {
    fn default() -> KeyBindings {
        KeyBindings {
            up: keys(&["Up", "w", "k"]),
            down: keys(&["Down", "s", "j"]),
            left: keys(&["Left", "a", "h"]),
            right: keys(&["Right", "d", "l"]),
            hint: keys(&["i"]),
            solve: keys(&["p"]),
            undo: keys(&["u", "z"]),
            redo: keys(&["r", "y"]),
            restart: keys(&["R"]),
            new_game: keys(&["n"]),
            next_scramble: keys(&["N"]),
            scheme: keys(&["x"]),
            help: keys(&["?", "F1"]),
            pause: keys(&["Space"]),
            review: keys(&["v"]),
            stats: keys(&["t"]),
            back: keys(&["Esc"]),
            quit: keys(&["q"]),
            copy: keys(&["c"]),
            numbers: keys(&["#"]),
            peek: keys(&["g"]),
            settings: keys(&["o"]),
            playback: keys(&["P"]),
            session: keys(&["S"]),
            new_session: keys(&["B"]),
        }
    }
}

impl Default for ThemeSettings {
    fn default() -> ThemeSettings {
        let empty = || Placed::new(String::new());
        ThemeSettings {
            preset: ThemePreset::Default,
            tile: empty(),
            tile_home: empty(),
            hint: empty(),
            accent: empty(),
        }
    }
}

impl KeyBindings {
    /// Every action's name under `[keys]` with the key names written for it, in the
    /// order of config.toml.
    pub fn all(&self) -> [(&'static str, &[Placed<String>]); 25] {
        [
            ("up", &self.up),
            ("down", &self.down),
            ("left", &self.left),
            ("right", &self.right),
            ("hint", &self.hint),
            ("solve", &self.solve),
            ("undo", &self.undo),
            ("redo", &self.redo),
            ("restart", &self.restart),
            ("new_game", &self.new_game),
            ("next_scramble", &self.next_scramble),
            ("scheme", &self.scheme),
            ("help", &self.help),
            ("pause", &self.pause),
            ("review", &self.review),
            ("stats", &self.stats),
            ("back", &self.back),
            ("quit", &self.quit),
            ("copy", &self.copy),
            ("numbers", &self.numbers),
            ("peek", &self.peek),
            ("settings", &self.settings),
            ("playback", &self.playback),
            ("session", &self.session),
            ("new_session", &self.new_session),
        ]
    }

    fn all_mut(&mut self) -> [&mut Vec<Placed<String>>; 25] {
        [
            &mut self.up,
            &mut self.down,
            &mut self.left,
            &mut self.right,
            &mut self.hint,
            &mut self.solve,
            &mut self.undo,
            &mut self.redo,
            &mut self.restart,
            &mut self.new_game,
            &mut self.next_scramble,
            &mut self.scheme,
            &mut self.help,
            &mut self.pause,
            &mut self.review,
            &mut self.stats,
            &mut self.back,
            &mut self.quit,
            &mut self.copy,
            &mut self.numbers,
            &mut self.peek,
            &mut self.settings,
            &mut self.playback,
            &mut self.session,
            &mut self.new_session,
        ]
    }
}

impl Config {
    /// Places every value kept as text at its line and column of `text`.
    pub(crate) fn place(&mut self, text: &str) {
        for names in self.keys.all_mut() {
            for name in names {
                name.place(text);
            }
        }
        let t = &mut self.theme;
        for colour in [&mut t.tile, &mut t.tile_home, &mut t.hint, &mut t.accent] {
            colour.place(text);
        }
        // The picture is kept as a plain string (the settings screen changes it); its place
        // comes from the document itself.
        self.picture_at = text.parse::<toml_edit::Document<String>>().ok().and_then(|doc| {
            let span = doc.get("game")?.get("picture")?.span()?;
            Some(Position::of(text, span.start))
        });
    }

    /// Where `game.picture` is written in the file, if it is.
    pub fn picture_at(&self) -> Option<Position> {
        self.picture_at
    }

    /// The size for a new game.
    pub fn size(&self) -> Size {
        self.game.size
    }

    /// The level for a new game.
    pub fn level(&self) -> Level {
        self.game.level
    }

    /// The solver's budget per request.
    pub fn hint_budget(&self) -> Duration {
        Duration::from_millis(self.game.hint_budget_ms.max(1))
    }

    /// The delay between two moves of an animated solution.
    pub fn animation_delay(&self) -> Duration {
        Duration::from_millis(self.game.animation_ms)
    }
}

/// Reads any TOML value and keeps it if `read` accepts it, else fails with `message`. The
/// toml deserializer places the error at the value's line and column.
fn plain<'de, D: Deserializer<'de>, T>(
    d: D,
    read: impl FnOnce(&toml::Value) -> Option<T>,
    message: &str,
) -> Result<T, D::Error> {
    let value = toml::Value::deserialize(d)?;
    read(&value).ok_or_else(|| D::Error::custom(message))
}

/// A whole number within `range`.
fn whole_in(value: &toml::Value, range: &std::ops::RangeInclusive<u64>) -> Option<u64> {
    value
        .as_integer()
        .and_then(|n| u64::try_from(n).ok())
        .filter(|n| range.contains(n))
}

/// What `game.size` may be, said when it is not.
pub(crate) const SIZE_ALLOWED: &str =
    "game.size must be a side from 2 to 10 (size = 4 is 4×4) or a width and height such as \"4x3\" (2 to 10 each)";

/// A size as `game.size` writes it: a whole number N for N×N, or a string `N`, `WxH` or
/// `W×H` (W columns, H rows).
pub(crate) fn size_from_value(value: &toml::Value) -> Option<Size> {
    match value {
        toml::Value::Integer(n) => usize::try_from(*n).ok().and_then(|n| Size::new(n).ok()),
        toml::Value::String(s) => s.parse().ok(),
        _ => None,
    }
}

fn read_size<'de, D: Deserializer<'de>>(d: D) -> Result<Size, D::Error> {
    plain(d, size_from_value, SIZE_ALLOWED)
}

fn read_level<'de, D: Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
    plain(
        d,
        |v| v.as_str().and_then(|s| s.parse().ok()),
        "game.level must be \"easy\", \"medium\", \"hard\", \"expert\" or \"random\"",
    )
}

fn read_hint_budget_ms<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let message = format!(
        "game.hint_budget_ms must be between {} and {} (milliseconds)",
        HINT_BUDGET_MS.start(),
        HINT_BUDGET_MS.end()
    );
    plain(d, |v| whole_in(v, &HINT_BUDGET_MS), &message)
}

fn read_animation_ms<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let message = format!(
        "game.animation_ms must be between {} and {} (milliseconds)",
        ANIMATION_MS.start(),
        ANIMATION_MS.end()
    );
    plain(d, |v| whole_in(v, &ANIMATION_MS), &message)
}

fn read_arrows_move<'de, D: Deserializer<'de>>(d: D) -> Result<ArrowsMove, D::Error> {
    plain(
        d,
        |v| match v.as_str() {
            Some("tile") => Some(ArrowsMove::Tile),
            Some("blank") => Some(ArrowsMove::Blank),
            _ => None,
        },
        "game.arrows_move must be \"tile\" or \"blank\"",
    )
}

fn read_mouse<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    plain(d, toml::Value::as_bool, "game.mouse must be true or false")
}

fn read_picture<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    plain(
        d,
        |v| v.as_str().map(str::to_string),
        "game.picture must be a string: \"\" for numbers, a picture's name or a file's path",
    )
}

fn read_clipboard<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    plain(d, toml::Value::as_bool, "game.clipboard must be true or false")
}

fn read_numbers<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    plain(d, toml::Value::as_bool, "look.numbers must be true or false")
}

fn read_thinking<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    plain(d, toml::Value::as_bool, "game.thinking must be true or false")
}

fn read_large_tables<'de, D: Deserializer<'de>>(d: D) -> Result<LargeTables, D::Error> {
    plain(
        d,
        |v| match v.as_str() {
            Some("auto") => Some(LargeTables::Auto),
            Some("ask") => Some(LargeTables::Ask),
            Some("off") => Some(LargeTables::Off),
            _ => None,
        },
        "game.large_tables must be \"auto\", \"ask\" or \"off\"",
    )
}

fn read_hover<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    plain(d, toml::Value::as_bool, "input.hover must be true or false")
}

fn read_inspection_s<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let message = format!(
        "game.inspection_s must be between {} and {} (seconds; 0 turns inspection off)",
        INSPECTION_S.start(),
        INSPECTION_S.end()
    );
    plain(d, |v| whole_in(v, &INSPECTION_S), &message)
}

fn read_scheme<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    plain(
        d,
        |v| {
            v.as_str()
                .filter(|s| LookSettings::SCHEMES.contains(s))
                .map(str::to_string)
        },
        "look.scheme must be \"plain\", \"rows\", \"fringe\" or \"checker\"",
    )
}
