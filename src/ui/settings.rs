//! The game's settings as the screens use them: the library's [`Config`] with the key
//! bindings and the theme read from it (each checked, with its place in the file).

use std::path::Path;

use slide::config::{Config, ConfigError};

use crate::ui::keys::Bindings;
use crate::ui::scheme::Scheme;
use crate::ui::theme::{Theme, no_color_requested, truecolor_supported};

/// Settings, bindings and styles.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The settings file's values.
    pub config: Config,
    /// The keys of each action.
    pub keys: Bindings,
    /// Styles.
    pub theme: Theme,
}

impl Settings {
    /// Reads the config file (`explicit`, else the user's, else the built-in one) and checks
    /// what the game reads from it: every error names the file, line and column.
    pub fn load(explicit: Option<&Path>) -> Result<Settings, ConfigError> {
        Settings::from_config(Config::load(explicit)?)
    }

    /// The settings of `config` on this terminal.
    pub fn from_config(config: Config) -> Result<Settings, ConfigError> {
        let keys = Bindings::from_config(&config)?;
        let theme = Theme::from_config(&config, no_color_requested(), truecolor_supported())?;
        Ok(Settings { config, keys, theme })
    }

    /// The built-in settings in black and white (for tests: the same on every terminal).
    pub fn plain() -> Settings {
        Settings::with(Config::default())
    }

    /// `config`'s settings with the built-in keys and a black-and-white theme (tests).
    pub fn with(config: Config) -> Settings {
        Settings {
            config,
            keys: Bindings::default(),
            theme: Theme::mono(),
        }
    }

    /// The tile scheme the config starts with.
    pub fn scheme(&self) -> Scheme {
        Scheme::configured(&self.config.look)
    }
}
