//! Settings: `Config`, its defaults from the shipped config.toml, and validation.
//!
//! The shipped `config.toml` is embedded in the binary and is the single source of the
//! defaults: [`Config::default`] parses it. A user file is looked up at `--config PATH`, then
//! in the XDG config directory (`$SLIDE_CONFIG_DIR` overrides it), then the built-in copy is
//! used. Every key is optional (`#[serde(default)]`), unknown keys are rejected, and every
//! error names the file, line and column.

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use thiserror::Error;
use toml::Spanned;

use crate::difficulty::Level;
use crate::puzzle::Size;

/// The shipped default configuration, every key documented.
pub const DEFAULT_CONFIG_TOML: &str = include_str!("../config.toml");

/// Environment variable naming the directory that holds `config.toml` (overrides XDG). Set
/// but empty, it counts as unset.
pub const CONFIG_DIR_ENV: &str = "SLIDE_CONFIG_DIR";

/// The range of `game.hint_budget_ms`: below 50 ms a 4×4 hint is rarely found, above a
/// minute the game would seem to hang.
pub const HINT_BUDGET_MS: std::ops::RangeInclusive<u64> = 50..=60_000;

/// The range of `game.animation_ms`: 0 plays the solution at once, 5 s per move is plenty.
pub const ANIMATION_MS: std::ops::RangeInclusive<u64> = 0..=5_000;

/// The range of `game.inspection_s`: off, up to a minute.
pub const INSPECTION_S: std::ops::RangeInclusive<u64> = 0..=60;

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
}

/// How tiles are coloured (`[look]`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LookSettings {
    /// The colour scheme of the tiles.
    #[serde(deserialize_with = "read_scheme")]
    pub scheme: Scheme,
}

/// Mouse input beyond clicks (`[input]`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct InputSettings {
    /// Whether moving the mouse over a tile in the blank's row or column slides it.
    #[serde(deserialize_with = "read_hover")]
    pub hover: bool,
}

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
    /// Every scheme, in the order the scheme key cycles through them.
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

    /// The scheme after this one (the last wraps to the first).
    #[must_use]
    pub fn next(self) -> Scheme {
        let i = Scheme::ALL.iter().position(|s| *s == self).unwrap_or(0);
        Scheme::ALL[(i + 1) % Scheme::ALL.len()]
    }
}

/// Game rules and timings.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameSettings {
    // Each value is read by a function that accepts any TOML value and says in plain words
    // what is allowed, so that `size = "big"` and `size = 9` get the same message, at the
    // value's line and column, instead of serde's "invalid type: string, expected u8".
    /// Side of a new board.
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
}

/// What the direction keys move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArrowsMove {
    /// The tile slides in the key's direction (the puzzle's own move notation).
    Tile,
    /// The blank moves in the key's direction (the tile moves the opposite way).
    Blank,
}

/// Keys for each action.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[allow(missing_docs, reason = "field names are the actions, documented in config.toml")]
pub struct KeyBindings {
    pub up: Vec<Spanned<String>>,
    pub down: Vec<Spanned<String>>,
    pub left: Vec<Spanned<String>>,
    pub right: Vec<Spanned<String>>,
    pub hint: Vec<Spanned<String>>,
    pub solve: Vec<Spanned<String>>,
    pub undo: Vec<Spanned<String>>,
    pub redo: Vec<Spanned<String>>,
    pub restart: Vec<Spanned<String>>,
    pub new_game: Vec<Spanned<String>>,
    pub next_scramble: Vec<Spanned<String>>,
    pub scheme: Vec<Spanned<String>>,
    pub help: Vec<Spanned<String>>,
    pub pause: Vec<Spanned<String>>,
    pub review: Vec<Spanned<String>>,
    pub stats: Vec<Spanned<String>>,
    pub back: Vec<Spanned<String>>,
    pub quit: Vec<Spanned<String>>,
    pub copy: Vec<Spanned<String>>,
    pub numbers: Vec<Spanned<String>>,
}

/// Colours: a preset and optional overrides.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ThemeSettings {
    /// `default`, `high-contrast` or `mono`.
    pub preset: ThemePreset,
    /// Colour of misplaced tiles.
    pub tile: Spanned<String>,
    /// Colour of tiles at home.
    pub tile_home: Spanned<String>,
    /// Colour of the hinted tile.
    pub hint: Spanned<String>,
    /// Accent colour.
    pub accent: Spanned<String>,
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

/// What the player asks for: a key bound in `[keys]` (the bindable actions), or an input
/// the game reads by itself (Ctrl-C, Enter, a click, any other key). The game and the
/// config share this one enum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Slide up (or move the blank up, by the config's convention).
    Up,
    /// Slide down.
    Down,
    /// Slide left.
    Left,
    /// Slide right.
    Right,
    /// Ask for a hint.
    Hint,
    /// Let the solver play.
    Solve,
    /// Take back a move.
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Start the puzzle again.
    Restart,
    /// Open the new-game menu.
    NewGame,
    /// Deal the next random board of the same size and level at once (a session of solves).
    NextScramble,
    /// Cycle the colour scheme.
    Scheme,
    /// Open the help.
    Help,
    /// Pause: hide the board and stop the clock.
    Pause,
    /// Open the review of the game just won (or of the game chosen in the statistics).
    Review,
    /// Open the statistics screen.
    Stats,
    /// Close what is open (an overlay); never quits.
    Back,
    /// Quit (the game is saved).
    Quit,
    /// Copy the daily puzzle's result to the clipboard (on the win screen).
    Copy,
    /// Show or hide the tile numbers over a picture.
    Numbers,
    /// Ctrl-C: quit from anywhere, at once.
    ForceQuit,
    /// Enter when it is not bound to anything else.
    Confirm,
    /// Page Up when it is not bound (scrolls the help).
    PageUp,
    /// Page Down when it is not bound.
    PageDown,
    /// A left click at a screen cell.
    Click {
        /// Column.
        column: u16,
        /// Row.
        row: u16,
    },
    /// The mouse moved over a screen cell with no button held (hover control).
    Hover {
        /// Column.
        column: u16,
        /// Row.
        row: u16,
    },
    /// Any other key.
    Other,
}

impl Action {
    /// The key under `[keys]` in the config file; empty for inputs that can't be bound.
    pub const fn config_name(self) -> &'static str {
        match self {
            Action::Up => "up",
            Action::Down => "down",
            Action::Left => "left",
            Action::Right => "right",
            Action::Hint => "hint",
            Action::Solve => "solve",
            Action::Undo => "undo",
            Action::Redo => "redo",
            Action::Restart => "restart",
            Action::NewGame => "new_game",
            Action::NextScramble => "next_scramble",
            Action::Scheme => "scheme",
            Action::Help => "help",
            Action::Pause => "pause",
            Action::Review => "review",
            Action::Stats => "stats",
            Action::Back => "back",
            Action::Quit => "quit",
            Action::Copy => "copy",
            Action::Numbers => "numbers",
            Action::ForceQuit
            | Action::Confirm
            | Action::PageUp
            | Action::PageDown
            | Action::Click { .. }
            | Action::Hover { .. }
            | Action::Other => "",
        }
    }

    /// Whether this is one of the four direction keys.
    pub const fn is_direction(self) -> bool {
        matches!(self, Action::Up | Action::Down | Action::Left | Action::Right)
    }
}

/// A key as named in the config file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyName {
    /// A printable character (case-sensitive).
    Char(char),
    /// A function key F1 … F12.
    F(u8),
    #[allow(missing_docs, reason = "names say it")]
    Up,
    #[allow(missing_docs, reason = "names say it")]
    Down,
    #[allow(missing_docs, reason = "names say it")]
    Left,
    #[allow(missing_docs, reason = "names say it")]
    Right,
    #[allow(missing_docs, reason = "names say it")]
    Enter,
    #[allow(missing_docs, reason = "names say it")]
    Esc,
    #[allow(missing_docs, reason = "names say it")]
    Tab,
    #[allow(missing_docs, reason = "names say it")]
    Backspace,
    #[allow(missing_docs, reason = "names say it")]
    Delete,
    #[allow(missing_docs, reason = "names say it")]
    Insert,
    #[allow(missing_docs, reason = "names say it")]
    Home,
    #[allow(missing_docs, reason = "names say it")]
    End,
    #[allow(missing_docs, reason = "names say it")]
    PageUp,
    #[allow(missing_docs, reason = "names say it")]
    PageDown,
}

/// A key with its Ctrl modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeySpec {
    /// The key.
    pub key: KeyName,
    /// Whether Ctrl is held.
    pub ctrl: bool,
}

impl KeySpec {
    /// Parses `"k"`, `"Up"`, `"F1"`, `"Ctrl-z"`, `"Space"`.
    pub fn parse(text: &str) -> Option<KeySpec> {
        let (ctrl, rest) = match text.strip_prefix("Ctrl-").or_else(|| text.strip_prefix("C-")) {
            Some(rest) if !rest.is_empty() => (true, rest),
            _ => (false, text),
        };
        let mut chars = rest.chars();
        let key = match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_control() && c != ' ' => KeyName::Char(c),
            _ => match rest {
                "Up" => KeyName::Up,
                "Down" => KeyName::Down,
                "Left" => KeyName::Left,
                "Right" => KeyName::Right,
                "Enter" => KeyName::Enter,
                "Esc" => KeyName::Esc,
                "Tab" => KeyName::Tab,
                "Backspace" => KeyName::Backspace,
                "Space" => KeyName::Char(' '),
                "Delete" => KeyName::Delete,
                "Insert" => KeyName::Insert,
                "Home" => KeyName::Home,
                "End" => KeyName::End,
                "PageUp" => KeyName::PageUp,
                "PageDown" => KeyName::PageDown,
                f if f.starts_with('F') => match f[1..].parse::<u8>() {
                    Ok(n @ 1..=12) => KeyName::F(n),
                    _ => return None,
                },
                _ => return None,
            },
        };
        Some(KeySpec { key, ctrl })
    }
}

impl fmt::Display for KeySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            f.write_str("Ctrl-")?;
        }
        match self.key {
            KeyName::Char(' ') => f.write_str("Space"),
            KeyName::Char(c) => write!(f, "{c}"),
            KeyName::F(n) => write!(f, "F{n}"),
            KeyName::Up => f.write_str("↑"),
            KeyName::Down => f.write_str("↓"),
            KeyName::Left => f.write_str("←"),
            KeyName::Right => f.write_str("→"),
            other => write!(f, "{other:?}"),
        }
    }
}

/// A configuration file that could not be used.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("{path}: cannot read the configuration: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not valid: syntax, an unknown key, a wrong type or a bad value.
    #[error("{path}:{line}:{column}: {message}")]
    Invalid {
        /// The file (`<built-in>` for the embedded default).
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What was wrong and what was expected.
        message: String,
    },
}

/// A validation problem before it is placed in a file.
struct Problem {
    span: Option<Range<usize>>,
    message: String,
}

// The defaults are written twice, in the `Default` impls below and in config.toml; a unit
// test checks that they agree, so the embedded file stays the documented truth. (Parsing
// the file in `Default` would recurse: `#[serde(default)]` calls `Default`.)

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
        }
    }
}

fn keys(names: &[&str]) -> Vec<Spanned<String>> {
    names.iter().map(|n| Spanned::new(0..0, (*n).to_string())).collect()
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
        }
    }
}

impl Default for ThemeSettings {
    fn default() -> ThemeSettings {
        let empty = || Spanned::new(0..0, String::new());
        ThemeSettings {
            preset: ThemePreset::Default,
            tile: empty(),
            tile_home: empty(),
            hint: empty(),
            accent: empty(),
        }
    }
}

impl Config {
    /// Loads the configuration: `explicit` if given, else `config.toml` in the config
    /// directory if it exists, else the built-in defaults.
    pub fn load(explicit: Option<&Path>) -> Result<Config, ConfigError> {
        let path = match explicit {
            Some(p) => Some(p.to_path_buf()),
            None => user_config_path().filter(|p| p.exists()),
        };
        match path {
            None => Ok(Config::default()),
            Some(path) => {
                let text = std::fs::read_to_string(&path).map_err(|source| ConfigError::Read {
                    path: path.clone(),
                    source,
                })?;
                Config::parse(&text, &path)
            }
        }
    }

    /// Parses and validates `text`, naming `path` in errors.
    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let config: Config = toml::from_str(text).map_err(|e| {
            let span = e.span();
            let mut message = e.message().trim().to_string();
            // toml says only "duplicate key": name it, as the other messages name theirs.
            if message == "duplicate key"
                && let Some(name) = span.clone().and_then(|s| text.get(s))
            {
                let name = name.trim().trim_matches(['[', ']']);
                message = format!("duplicate key '{name}': each key and table may appear only once");
            }
            locate(text, path, &Problem { span, message })
        })?;
        config.validate().map_err(|problem| locate(text, path, &problem))?;
        Ok(config)
    }

    fn validate(&self) -> Result<(), Problem> {
        let mut seen: HashMap<KeySpec, Action> = HashMap::new();
        for (action, names) in self.keys.all() {
            for name in names {
                let Some(spec) = KeySpec::parse(name.get_ref()) else {
                    return Err(Problem {
                        span: Some(name.span()),
                        message: format!(
                            "keys.{}: unknown key name '{}'; expected one character or a name like Up, Enter, Esc, F1, Ctrl-x",
                            action.config_name(),
                            name.get_ref()
                        ),
                    });
                };
                if spec
                    == (KeySpec {
                        key: KeyName::Char('c'),
                        ctrl: true,
                    })
                {
                    return Err(Problem {
                        span: Some(name.span()),
                        message: "Ctrl-c always quits and cannot be bound".into(),
                    });
                }
                if let Some(other) = seen.insert(spec, action)
                    && other != action
                {
                    return Err(Problem {
                        span: Some(name.span()),
                        message: format!(
                            "key '{}' is bound to both keys.{} and keys.{}; one key, one action",
                            name.get_ref(),
                            other.config_name(),
                            action.config_name()
                        ),
                    });
                }
            }
        }
        for (field, colour) in [
            ("tile", &self.theme.tile),
            ("tile_home", &self.theme.tile_home),
            ("hint", &self.theme.hint),
            ("accent", &self.theme.accent),
        ] {
            if parse_colour(colour.get_ref()).is_none() {
                return Err(Problem {
                    span: Some(colour.span()),
                    message: format!(
                        "theme.{field}: '{}' is not a colour; expected a name like blue, \"#rrggbb\", an index 0-255, or \"\"",
                        colour.get_ref()
                    ),
                });
            }
        }
        Ok(())
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

impl KeyBindings {
    /// Every action with its key names.
    pub fn all(&self) -> [(Action, &[Spanned<String>]); 20] {
        [
            (Action::Up, &self.up),
            (Action::Down, &self.down),
            (Action::Left, &self.left),
            (Action::Right, &self.right),
            (Action::Hint, &self.hint),
            (Action::Solve, &self.solve),
            (Action::Undo, &self.undo),
            (Action::Redo, &self.redo),
            (Action::Restart, &self.restart),
            (Action::NewGame, &self.new_game),
            (Action::NextScramble, &self.next_scramble),
            (Action::Scheme, &self.scheme),
            (Action::Help, &self.help),
            (Action::Pause, &self.pause),
            (Action::Review, &self.review),
            (Action::Stats, &self.stats),
            (Action::Back, &self.back),
            (Action::Quit, &self.quit),
            (Action::Copy, &self.copy),
            (Action::Numbers, &self.numbers),
        ]
    }

    /// The parsed keys of every action (names were validated when the config loaded).
    pub fn specs(&self) -> Vec<(KeySpec, Action)> {
        self.all()
            .into_iter()
            .flat_map(|(action, names)| {
                names
                    .iter()
                    .filter_map(move |n| KeySpec::parse(n.get_ref()).map(|s| (s, action)))
            })
            .collect()
    }

    /// The first key bound to `action`, for the footer and help.
    pub fn first(&self, action: Action) -> Option<KeySpec> {
        self.all()
            .into_iter()
            .find(|(a, _)| *a == action)
            .and_then(|(_, names)| names.first())
            .and_then(|n| KeySpec::parse(n.get_ref()))
    }
}

/// A colour as written in the config: `None` when invalid, `Some(None)` for "use the preset".
pub fn parse_colour(text: &str) -> Option<Option<Rgb>> {
    const NAMES: [&str; 16] = [
        "black",
        "red",
        "green",
        "yellow",
        "blue",
        "magenta",
        "cyan",
        "gray",
        "darkgray",
        "lightred",
        "lightgreen",
        "lightyellow",
        "lightblue",
        "lightmagenta",
        "lightcyan",
        "white",
    ];
    let t = text.trim().to_ascii_lowercase();
    if t.is_empty() {
        return Some(None);
    }
    if let Some(hex) = t.strip_prefix('#') {
        if hex.len() != 6 {
            return None;
        }
        let v = u32::from_str_radix(hex, 16).ok()?;
        return Some(Some(Rgb::True((v >> 16) as u8, (v >> 8) as u8, v as u8)));
    }
    if let Ok(i) = t.parse::<u8>() {
        return Some(Some(Rgb::Indexed(i)));
    }
    NAMES.iter().position(|n| *n == t).map(|i| Some(Rgb::Named(i as u8)))
}

/// A colour from the config, independent of any terminal library.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rgb {
    /// True colour.
    True(u8, u8, u8),
    /// A 256-colour palette index.
    Indexed(u8),
    /// One of the 16 named colours, in the order black, red, green, yellow, blue, magenta,
    /// cyan, gray, darkgray, lightred, lightgreen, lightyellow, lightblue, lightmagenta,
    /// lightcyan, white.
    Named(u8),
}

/// Where the user's config file would be: `$SLIDE_CONFIG_DIR/config.toml`, else the XDG
/// config directory's `slide/config.toml`.
pub fn user_config_path() -> Option<PathBuf> {
    config_dir_from_env(std::env::var_os(CONFIG_DIR_ENV))
        .or_else(|| directories::ProjectDirs::from("", "", "slide").map(|d| d.config_dir().to_path_buf()))
        .map(|dir| dir.join("config.toml"))
}

/// The directory a `SLIDE_CONFIG_DIR` value names. Empty means unset, as for other
/// variables of its kind: `SLIDE_CONFIG_DIR=` must not mean the current directory.
fn config_dir_from_env(value: Option<std::ffi::OsString>) -> Option<PathBuf> {
    value.filter(|v| !v.is_empty()).map(PathBuf::from)
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

fn read_size<'de, D: Deserializer<'de>>(d: D) -> Result<Size, D::Error> {
    plain(
        d,
        |v| {
            v.as_integer()
                .and_then(|n| usize::try_from(n).ok())
                .and_then(|n| Size::new(n).ok())
        },
        "game.size must be 3, 4, 5 or 6",
    )
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

fn read_scheme<'de, D: Deserializer<'de>>(d: D) -> Result<Scheme, D::Error> {
    plain(
        d,
        |v| v.as_str().and_then(|s| Scheme::ALL.into_iter().find(|x| x.name() == s)),
        "look.scheme must be \"plain\", \"rows\", \"fringe\" or \"checker\"",
    )
}

fn locate(text: &str, path: &Path, problem: &Problem) -> ConfigError {
    let offset = problem.span.as_ref().map_or(0, |s| s.start).min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    ConfigError::Invalid {
        path: path.to_path_buf(),
        line,
        column,
        message: problem.message.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        Config::parse(text, Path::new("c.toml"))
            .expect_err("should be rejected")
            .to_string()
    }

    #[test]
    fn shipped_file_is_valid_and_matches_code_defaults() {
        let parsed = Config::parse(DEFAULT_CONFIG_TOML, Path::new("config.toml")).unwrap();
        assert_eq!(parsed.game, GameSettings::default());
        assert_eq!(parsed.keys, KeyBindings::default());
        assert_eq!(parsed.theme, ThemeSettings::default());
        assert_eq!(parsed.look, LookSettings::default());
        assert_eq!(parsed.input, InputSettings::default());
    }

    #[test]
    fn speedsolving_settings_parse_and_are_checked() {
        let c = Config::parse(
            "[game]\ninspection_s = 15\n[look]\nscheme = \"fringe\"\n[input]\nhover = true\n",
            Path::new("c.toml"),
        )
        .unwrap();
        assert_eq!(c.game.inspection_s, 15);
        assert_eq!(c.look.scheme, Scheme::Fringe);
        assert!(c.input.hover);
        assert_eq!(
            err("[look]\nscheme = \"rainbow\"\n"),
            "c.toml:2:10: look.scheme must be \"plain\", \"rows\", \"fringe\" or \"checker\""
        );
        assert!(
            err("[game]\ninspection_s = 61\n").starts_with("c.toml:2:16: game.inspection_s must be between 0 and 60")
        );
        assert_eq!(
            err("[input]\nhover = 1\n"),
            "c.toml:2:9: input.hover must be true or false"
        );
        assert_eq!(Scheme::Checker.next(), Scheme::Plain);
        assert_eq!(Scheme::Plain.next(), Scheme::Rows);
    }

    #[test]
    fn partial_file_keeps_defaults() {
        let c = Config::parse("[game]\nsize = 3\n", Path::new("c.toml")).unwrap();
        assert_eq!(c.size(), Size::THREE);
        assert_eq!(c.keys, KeyBindings::default());
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(err("[game]\nsize = 9\n"), "c.toml:2:8: game.size must be 3, 4, 5 or 6");
        assert!(err("[game]\nsise = 4\n").starts_with("c.toml:2:1:"));
        assert_eq!(
            err("[game]\nmouse = \"yes\"\n"),
            "c.toml:2:9: game.mouse must be true or false"
        );
        assert!(err("[game\n").starts_with("c.toml:1:"));
        let e = err("[keys]\nhint = [\"Hyper\"]\n");
        assert!(e.starts_with("c.toml:2:9: keys.hint: unknown key name 'Hyper'"), "{e}");
        let e = err("[keys]\nhint = [\"k\"]\n");
        assert!(e.contains("bound to both keys.up and keys.hint"), "{e}");
        assert!(err("[theme]\ntile = \"purplish\"\n").starts_with("c.toml:2:8:"));
    }

    #[test]
    fn values_out_of_range_or_of_the_wrong_type_are_named_in_plain_words() {
        for text in [
            "[game]\nhint_budget_ms = 0\n",
            "[game]\nhint_budget_ms = 60001\n",
            "[game]\nhint_budget_ms = -5\n",
            "[game]\nhint_budget_ms = \"fast\"\n",
            "[game]\nhint_budget_ms = 1.5\n",
        ] {
            assert_eq!(
                err(text),
                "c.toml:2:18: game.hint_budget_ms must be between 50 and 60000 (milliseconds)",
                "{text}"
            );
        }
        assert!(Config::parse("[game]\nhint_budget_ms = 50\n", Path::new("c.toml")).is_ok());
        assert_eq!(
            err("[game]\nanimation_ms = 99999\n"),
            "c.toml:2:16: game.animation_ms must be between 0 and 5000 (milliseconds)"
        );
        assert_eq!(
            err("[game]\nsize = \"big\"\n"),
            "c.toml:2:8: game.size must be 3, 4, 5 or 6"
        );
        assert_eq!(
            err("[game]\nsize = 300\n"),
            "c.toml:2:8: game.size must be 3, 4, 5 or 6"
        );
        assert!(
            err("[game]\nlevel = \"nightmare\"\n").starts_with("c.toml:2:9: game.level must be \"easy\""),
            "{}",
            err("[game]\nlevel = \"nightmare\"\n")
        );
        assert_eq!(
            err("[game]\narrows_move = \"up\"\n"),
            "c.toml:2:15: game.arrows_move must be \"tile\" or \"blank\""
        );
    }

    #[test]
    fn a_duplicate_key_is_reported_where_it_is_repeated() {
        assert_eq!(
            err("[game]\nsize = 3\nmouse = true\nsize = 4\n"),
            "c.toml:4:1: duplicate key 'size': each key and table may appear only once"
        );
        assert_eq!(
            err("[game]\nsize = 3\n\n[keys]\n[game]\n"),
            "c.toml:5:2: duplicate key 'game': each key and table may appear only once"
        );
    }

    #[test]
    fn an_empty_config_dir_variable_counts_as_unset() {
        assert_eq!(config_dir_from_env(Some("".into())), None);
        assert_eq!(config_dir_from_env(None), None);
        assert_eq!(config_dir_from_env(Some("cfg".into())), Some(PathBuf::from("cfg")));
    }

    #[test]
    fn key_names_parse() {
        assert_eq!(
            KeySpec::parse("Ctrl-z"),
            Some(KeySpec {
                key: KeyName::Char('z'),
                ctrl: true
            })
        );
        assert_eq!(KeySpec::parse("F12").map(|k| k.key), Some(KeyName::F(12)));
        assert_eq!(KeySpec::parse("F13"), None);
        assert_eq!(KeySpec::parse("-").map(|k| k.key), Some(KeyName::Char('-')));
    }
}
