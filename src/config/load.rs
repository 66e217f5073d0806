//! Finding, reading and parsing the config file, and its errors at a line and column.

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::config::placed::Position;
use crate::config::settings::Config;
use crate::folders::{Folder, folder};

/// Environment variable naming the directory that holds `config.toml` (overrides XDG). Set
/// but empty, it counts as unset.
pub(crate) const CONFIG_DIR_ENV: &str = "SLIDE_CONFIG_DIR";

/// What the built-in configuration is called in messages.
const BUILT_IN: &str = "<built-in>";

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
                let bytes = std::fs::read(&path).map_err(|source| ConfigError::Read {
                    path: path.clone(),
                    source,
                })?;
                Config::parse(&utf8(bytes, &path)?, &path)
            }
        }
    }

    /// Parses and validates `text`, naming `path` in errors.
    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let mut config: Config = toml::from_str(text).map_err(|e| {
            let span = e.span();
            let mut message = e.message().trim().to_string();
            // toml says only "duplicate key": name it, as the other messages name theirs.
            if message == "duplicate key"
                && let Some(name) = span.clone().and_then(|s| text.get(s))
            {
                let name = name.trim().trim_matches(['[', ']']);
                message = format!("duplicate key '{name}': each key and table may appear only once");
            }
            let at = Position::of(text, span.map_or(0, |s| s.start));
            invalid(path, at, message)
        })?;
        config.place(text);
        config.source = Some(path.to_path_buf());
        Ok(config)
    }

    /// The file this configuration was read from (`<built-in>` for the defaults).
    pub fn source(&self) -> &Path {
        self.source.as_deref().unwrap_or(Path::new(BUILT_IN))
    }

    /// An error about a value of this configuration written at `at` (a value the library
    /// keeps as text, such as a key name, checked by the game): the same form as the
    /// library's own, `FILE:LINE:COLUMN: message`.
    pub fn invalid(&self, at: Option<Position>, message: impl Into<String>) -> ConfigError {
        invalid(
            self.source(),
            at.unwrap_or(Position { line: 1, column: 1 }),
            message.into(),
        )
    }
}

/// The file's text, or where its first byte that is not UTF-8 is (line and column, the
/// column counted in characters before it).
fn utf8(bytes: Vec<u8>, path: &Path) -> Result<String, ConfigError> {
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let before = String::from_utf8_lossy(&bytes[..good]);
        let at = Position::of(&before, before.len());
        invalid(
            path,
            at,
            format!(
                "the file is not UTF-8 text: byte 0x{:02X} here is not a character (save the file as UTF-8)",
                bytes[good]
            ),
        )
    })
}

fn invalid(path: &Path, at: Position, message: String) -> ConfigError {
    ConfigError::Invalid {
        path: path.to_path_buf(),
        line: at.line,
        column: at.column,
        message,
    }
}

/// Where the user's config file would be: `$SLIDE_CONFIG_DIR/config.toml`, else the XDG
/// config directory's `slide/config.toml`.
pub(crate) fn user_config_path() -> Option<PathBuf> {
    folder(CONFIG_DIR_ENV, Folder::Config).map(|dir| dir.join("config.toml"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::DEFAULT_CONFIG_TOML;
    use crate::config::settings::{
        GameSettings, InputSettings, KeyBindings, LookSettings, SIZE_ALLOWED, ThemeSettings,
    };
    use crate::puzzle::Size;
    use proptest::prelude::*;

    #[test]
    fn game_size_takes_every_shape_and_names_what_it_takes() {
        for (text, (w, h)) in [
            ("4", (4, 4)),
            ("2", (2, 2)),
            ("10", (10, 10)),
            ("\"4x3\"", (4, 3)),
            ("\"4×3\"", (4, 3)),
            ("\"5X3\"", (5, 3)),
            ("\" 3 x 5 \"", (3, 5)),
            ("\"7\"", (7, 7)),
            ("'10x2'", (10, 2)),
        ] {
            let c = Config::parse(&format!("[game]\nsize = {text}\n"), Path::new("c.toml")).unwrap();
            assert_eq!(c.size(), Size::rect(w, h).unwrap(), "size = {text}");
        }
        for bad in [
            "1",
            "11",
            "-3",
            "4.0",
            "true",
            "\"\"",
            "\"4x1\"",
            "\"4x\"",
            "\"x3\"",
            "\"4x3x2\"",
            "[4, 3]",
        ] {
            assert_eq!(
                err(&format!("[game]\nsize = {bad}\n")),
                format!("c.toml:2:8: {SIZE_ALLOWED}"),
                "size = {bad}"
            );
        }
    }

    proptest! {
        #[test]
        fn any_text_for_game_size_is_a_size_or_the_message_never_a_panic(text in ".{0,12}") {
            let toml = format!("[game]\nsize = {}\n", toml::Value::String(text.clone()));
            match Config::parse(&toml, Path::new("c.toml")) {
                Ok(c) => prop_assert_eq!(Some(c.size()), text.parse::<Size>().ok()),
                Err(e) => {
                    prop_assert!(text.parse::<Size>().is_err());
                    prop_assert_eq!(e.to_string(), format!("c.toml:2:8: {SIZE_ALLOWED}"));
                }
            }
        }
    }

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
        assert_eq!(c.look.scheme, "fringe");
        assert_eq!(
            err("[look]\nscheme = \"rainbow\"\n"),
            "c.toml:2:10: look.scheme must be \"plain\", \"rows\", \"fringe\" or \"checker\""
        );
        assert!(c.input.hover);
        assert!(
            err("[game]\ninspection_s = 61\n").starts_with("c.toml:2:16: game.inspection_s must be between 0 and 60")
        );
        assert_eq!(
            err("[input]\nhover = 1\n"),
            "c.toml:2:9: input.hover must be true or false"
        );
    }

    #[test]
    fn partial_file_keeps_defaults() {
        let c = Config::parse("[game]\nsize = 3\n", Path::new("c.toml")).unwrap();
        assert_eq!(c.size(), Size::THREE);
        assert_eq!(c.keys, KeyBindings::default());
    }

    #[test]
    fn errors_name_line_and_column() {
        assert_eq!(err("[game]\nsize = 11\n"), format!("c.toml:2:8: {SIZE_ALLOWED}"));
        assert!(err("[game]\nsise = 4\n").starts_with("c.toml:2:1:"));
        assert_eq!(
            err("[game]\nmouse = \"yes\"\n"),
            "c.toml:2:9: game.mouse must be true or false"
        );
        assert!(err("[game\n").starts_with("c.toml:1:"));
        assert!(err("[keys]\nhint = \"i\"\n").starts_with("c.toml:2:8:"));
    }

    #[test]
    fn texts_kept_for_the_game_carry_their_place_and_errors_about_them_name_it() {
        let c = Config::parse(
            "[keys]\nhint = [\"Hyper\"]\n[theme]\ntile = \"purplish\"\n",
            Path::new("c.toml"),
        )
        .unwrap();
        let hint = &c.keys.hint[0];
        assert_eq!(hint.value, "Hyper");
        assert_eq!(hint.at, Some(Position { line: 2, column: 9 }));
        assert_eq!(c.theme.tile.at, Some(Position { line: 4, column: 8 }));
        assert_eq!(c.invalid(hint.at, "bad").to_string(), "c.toml:2:9: bad");
        assert_eq!(Config::default().source(), Path::new("<built-in>"));
        assert_eq!(Config::default().keys.hint[0].at, None);
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
        assert_eq!(err("[game]\nsize = \"big\"\n"), format!("c.toml:2:8: {SIZE_ALLOWED}"));
        assert_eq!(err("[game]\nsize = 300\n"), format!("c.toml:2:8: {SIZE_ALLOWED}"));
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
    fn the_pictures_place_is_kept_for_a_message_about_it() {
        let c = Config::parse("[game]\nsize = 3\npicture = \"tiny.png\"\n", Path::new("c.toml")).unwrap();
        assert_eq!(c.picture_at(), Some(Position { line: 3, column: 11 }));
        assert_eq!(
            c.invalid(c.picture_at(), "game.picture: tiny").to_string(),
            "c.toml:3:11: game.picture: tiny"
        );
        assert_eq!(Config::default().picture_at(), None);
    }

    #[test]
    fn a_file_that_is_not_utf8_is_reported_at_its_first_bad_byte() {
        let dir = std::env::temp_dir().join(format!("slide-config-latin1-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        // "é" in Latin-1, on line 3.
        std::fs::write(&path, b"[game]\nsize = 3\n# caf\xE9\n").unwrap();
        let e = Config::load(Some(&path)).unwrap_err().to_string();
        assert!(e.ends_with("config.toml:3:6: the file is not UTF-8 text: byte 0xE9 here is not a character (save the file as UTF-8)"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
