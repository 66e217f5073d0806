//! Saving a setting the player changed in the game to their `config.toml`, with every
//! comment, blank line and order of the file kept (`toml_edit` edits the document in place):
//! only the one value changes. A file that does not exist yet starts as the shipped
//! default, comments and all. Written atomically, and read back first, so a file changed by
//! hand meanwhile keeps those changes.

use std::path::{Path, PathBuf};

use thiserror::Error;
use toml_edit::{DocumentMut, Item, Table, value};

use crate::atomic_file::write_atomically;
use crate::config::load::user_config_path;
use crate::config::settings::{Config, DEFAULT_CONFIG_TOML};
use crate::puzzle::Size;

/// A setting's new value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingValue {
    /// `true` or `false`.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A string.
    Text(String),
}

impl SettingValue {
    /// `game.size` as the file writes it: a whole number for a square (`size = 4`, as every
    /// version wrote it), `"WxH"` for a rectangle (`size = "4x3"`, 4 columns and 3 rows).
    pub fn of_size(size: Size) -> SettingValue {
        match size.square_side() {
            Some(n) => SettingValue::Int(n as i64),
            None => SettingValue::Text(format!("{}x{}", size.width(), size.height())),
        }
    }
}

/// Why a setting could not be saved (it still applies until the game ends).
#[derive(Debug, Error)]
pub enum SaveError {
    /// There is no config file to write to (no `--config`, and no config directory).
    #[error("there is no config directory to save the settings in")]
    NoPlace,
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file on disk is no longer valid TOML (changed by hand since the game read it).
    #[error("{path}: not saved, the file is not valid TOML now: {message}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// The parser's message.
        message: String,
    },
}

/// The file the game's settings are saved to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigFile {
    path: PathBuf,
}

impl ConfigFile {
    /// The file `config` came from (`--config` or the user's), else the user's
    /// `config.toml` to be created; `None` when there is no config directory at all.
    pub fn of(config: &Config) -> Option<ConfigFile> {
        let path = config.source.clone().or_else(user_config_path)?;
        Some(ConfigFile { path })
    }

    /// The file at `path` (tests, and `--config`).
    pub fn at(path: &Path) -> ConfigFile {
        ConfigFile {
            path: path.to_path_buf(),
        }
    }

    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Sets `[table] key = value` in the file, keeping everything else as it is written
    /// (a key already there keeps its place and its comments; a new one goes at the end of
    /// its table, a new table at the end of the file).
    pub fn set(&self, table: &str, key: &str, new: SettingValue) -> Result<(), SaveError> {
        let io = |source| SaveError::Io {
            path: self.path.clone(),
            source,
        };
        let text = match std::fs::read(&self.path) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|e| SaveError::Invalid {
                path: self.path.clone(),
                message: format!("not UTF-8 text ({e})"),
            })?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => DEFAULT_CONFIG_TOML.to_string(),
            Err(e) => return Err(io(e)),
        };
        let mut doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| SaveError::Invalid {
            path: self.path.clone(),
            message: e.message().to_string(),
        })?;
        let item = match new {
            SettingValue::Bool(b) => value(b),
            SettingValue::Int(n) => value(n),
            SettingValue::Text(s) => value(s),
        };
        let parent = doc
            .as_table_mut()
            .entry(table)
            .or_insert_with(|| Item::Table(Table::new()));
        let Some(parent) = parent.as_table_like_mut() else {
            return Err(SaveError::Invalid {
                path: self.path.clone(),
                message: format!("'{table}' is not a table"),
            });
        };
        match parent.get_mut(key) {
            // The value replaced, its decoration (the comment after it, spacing) kept.
            Some(Item::Value(old)) => {
                let decor = old.decor().clone();
                if let Ok(mut v) = item.into_value() {
                    *v.decor_mut() = decor;
                    *old = v;
                }
            }
            _ => {
                parent.insert(key, item);
            }
        }
        write_atomically(&self.path, doc.to_string().as_bytes()).map_err(io)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("slide-config-edit-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir.join("config.toml")
    }

    #[test]
    fn a_setting_is_saved_with_the_files_comments_and_layout_kept() {
        let path = scratch("kept");
        let text = "# My settings.\n\n[game]\n# big boards\nsize = 5 # five\n\n[look]\nscheme = \"rows\"\n";
        write_atomically(&path, text.as_bytes()).unwrap();
        let file = ConfigFile::at(&path);
        file.set("look", "scheme", SettingValue::Text("fringe".into())).unwrap();
        file.set("game", "animation_ms", SettingValue::Int(60)).unwrap();
        file.set("input", "hover", SettingValue::Bool(true)).unwrap();
        let saved = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            saved,
            "# My settings.\n\n[game]\n# big boards\nsize = 5 # five\nanimation_ms = 60\n\n[look]\nscheme = \"fringe\"\n\n[input]\nhover = true\n"
        );
        let config = Config::parse(&saved, &path).unwrap();
        assert_eq!((config.look.scheme.as_str(), config.game.animation_ms), ("fringe", 60));
        assert!(config.input.hover);
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn a_missing_file_starts_as_the_documented_default() {
        let path = scratch("new");
        let file = ConfigFile::at(&path);
        file.set("game", "thinking", SettingValue::Bool(false)).unwrap();
        let saved = std::fs::read_to_string(&path).unwrap();
        assert!(saved.starts_with("# Slide — default settings."), "{saved}");
        assert!(saved.contains("thinking = false\n"), "{saved}");
        assert_eq!(
            saved.len(),
            DEFAULT_CONFIG_TOML.len() + 1,
            "one value changed: true → false"
        );
        assert!(!Config::parse(&saved, &path).unwrap().game.thinking);
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn every_size_is_written_back_as_itself_with_the_comments_kept() {
        let path = scratch("sizes");
        let text = "# Mine.\n[game]\n# the board\nsize = 5 # five\nlevel = \"hard\"\n";
        write_atomically(&path, text.as_bytes()).unwrap();
        let file = ConfigFile::at(&path);
        for w in 2..=10 {
            for h in 2..=10 {
                let size = Size::rect(w, h).unwrap();
                file.set("game", "size", SettingValue::of_size(size)).unwrap();
                let saved = std::fs::read_to_string(&path).unwrap();
                assert_eq!(Config::parse(&saved, &path).unwrap().size(), size);
                let written = if w == h { w.to_string() } else { format!("\"{w}x{h}\"") };
                assert_eq!(
                    saved,
                    format!("# Mine.\n[game]\n# the board\nsize = {written} # five\nlevel = \"hard\"\n")
                );
            }
        }
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn a_file_broken_by_hand_is_not_written_over() {
        let path = scratch("broken");
        write_atomically(&path, b"[game\nsize = 3\n").unwrap();
        let e = ConfigFile::at(&path)
            .set("game", "size", SettingValue::Int(4))
            .unwrap_err();
        assert!(matches!(e, SaveError::Invalid { .. }), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "[game\nsize = 3\n");
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}
