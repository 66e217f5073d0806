//! The game's settings as the screens use them: the library's [`Config`] with the key
//! bindings and the theme read from it (each checked, with its place in the file).

use std::path::Path;
use std::time::Duration;

use slide::config::{Config, ConfigError, ConfigFile, SettingValue};
use slide::engine::Options;
use slide::game::Notice;

use crate::ui::capabilities::Capabilities;
use crate::ui::keys::Bindings;
use crate::ui::scheme::Scheme;
use crate::ui::theme::Theme;

/// Settings, bindings and styles.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The settings file's values.
    pub config: Config,
    /// The keys of each action.
    pub keys: Bindings,
    /// Styles.
    pub theme: Theme,
    /// Whether the solver's tables are prepared in the background (the size in play's, then
    /// the others'); [`BACKGROUND_TABLES_ENV`] set to `off` turns it off.
    pub background_tables: bool,
    /// What the terminal can show (colours, UTF-8, the mouse).
    pub caps: Capabilities,
    /// Where the settings changed in the game are saved (`None`: nowhere, as in tests).
    pub file: Option<ConfigFile>,
}

/// Environment variable that turns off the background preparation of the solver's tables
/// when set to `off` (end-to-end tests do, so as not to wait on it; hints then use the
/// simpler estimates).
pub const BACKGROUND_TABLES_ENV: &str = "SLIDE_BACKGROUND_TABLES";

impl Settings {
    /// Reads the config file (`explicit`, else the user's, else the built-in one) and checks
    /// what the game reads from it: every error names the file, line and column.
    pub fn load(explicit: Option<&Path>) -> Result<Settings, ConfigError> {
        Settings::from_config(Config::load(explicit)?)
    }

    /// The settings of `config` on this terminal.
    pub fn from_config(config: Config) -> Result<Settings, ConfigError> {
        Settings::on_terminal(config, Capabilities::detect())
    }

    /// The settings of `config` on a terminal that can show `caps`.
    pub fn on_terminal(config: Config, caps: Capabilities) -> Result<Settings, ConfigError> {
        let keys = Bindings::from_config(&config)?.for_terminal(caps.unicode);
        let theme = Theme::from_config(&config, caps.colours)?;
        let background_tables = std::env::var(BACKGROUND_TABLES_ENV).map_or(true, |v| v != "off");
        let file = ConfigFile::of(&config);
        Ok(Settings {
            config,
            keys,
            theme,
            background_tables,
            caps,
            file,
        })
    }

    /// Saves `[table] key = value` in the player's config.toml, keeping its comments and
    /// layout; a notice when that failed (the setting still holds until the game ends).
    /// Written at once, on the game's thread: a small file, and a failure is said at once.
    pub fn save(&self, table: &str, key: &str, value: SettingValue) -> Option<Notice> {
        let file = self.file.as_ref()?;
        file.set(table, key, value).err().map(|e| {
            Notice::warning(format!(
                "Your {table}.{key} setting holds for now but could not be saved: {e}."
            ))
        })
    }

    /// The built-in settings in black and white (for tests: the same on every terminal).
    pub fn plain() -> Settings {
        Settings::with(Config::default())
    }

    /// `config`'s settings with the built-in keys and a black-and-white theme (tests), and
    /// no tables prepared in the background: a test that needs them prepares them itself,
    /// and no other builds tables it never reads.
    pub fn with(config: Config) -> Settings {
        Settings {
            config,
            keys: Bindings::default(),
            theme: Theme::mono(),
            background_tables: false,
            caps: Capabilities {
                colours: crate::ui::capabilities::Colours::None,
                ..Capabilities::full()
            },
            file: None,
        }
    }

    /// How the engine works: the tables prepared unless turned off, the par searched for at
    /// least 10 s, and the background thinking as configured.
    pub fn engine_options(&self) -> Options {
        Options {
            prewarm: false,
            par_budget: self.config.hint_budget().max(Duration::from_secs(10)),
            prepare: self.background_tables,
            thinking: self.config.game.thinking,
        }
    }

    /// The tile scheme the config starts with.
    pub fn scheme(&self) -> Scheme {
        Scheme::configured(&self.config.look)
    }
}
