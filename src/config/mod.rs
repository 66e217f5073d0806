//! Settings: the schema of `config.toml`, its defaults, loading and validation.
//!
//! The shipped `config.toml` is embedded in the binary and is the single source of the
//! defaults. A user file is looked up at `--config PATH`, then in the XDG config directory
//! (`$SLIDE_CONFIG_DIR` overrides it), then the built-in copy is used. Every key is
//! optional, unknown keys are rejected, and every error names the file, line and column.
//!
//! Owns: what each setting is, its range, and the plain-words message when a value is out
//! of it. It knows no key, colour or terminal: key names (`keys.*`), colours (`theme.*`)
//! and the tile scheme (`look.scheme`) are kept as the text written, each with its
//! [`Position`] in the file, and the game checks them ([`Config::invalid`] places its
//! message). A setting the player changes in the game is saved to their file with its
//! comments and layout kept ([`ConfigFile`]). Imports `puzzle` and `difficulty` (for the
//! size and level settings), `atomic_file` and `folders`; must not import `solver`, `game`,
//! `engine`, or any terminal crate.

mod edit;
mod load;
mod placed;
mod settings;

pub use edit::{ConfigFile, SaveError, SettingValue};
pub use load::ConfigError;
pub use placed::{Placed, Position};
pub use settings::{
    ArrowsMove, Config, DEFAULT_CONFIG_TOML, GameSettings, InputSettings, KeyBindings, LargeTables, LookSettings,
    ThemePreset, ThemeSettings,
};
