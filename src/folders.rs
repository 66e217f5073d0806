//! Where Slide keeps its files: a folder each for the data, the settings and the table
//! cache. Each is named by an environment variable first (an empty value counts as unset:
//! `SLIDE_DATA_DIR=` must not mean the current folder), else it is the user's usual folder
//! of its kind (XDG on Linux). This file imports nothing of the crate, so every layer may
//! use it.

use std::ffi::OsString;
use std::path::PathBuf;

/// The kinds of folder Slide keeps files in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Folder {
    /// Games, records and history.
    Data,
    /// The settings file.
    Config,
    /// The tables, which can always be built again.
    Cache,
}

/// An environment variable's value as a path, where an empty value means unset.
pub(crate) fn env_path(name: &str) -> Option<PathBuf> {
    path_of(std::env::var_os(name))
}

/// The folder of `kind`: `$var` when set and not empty, else the user's folder for it
/// (`None` when there is no home to find it in).
pub(crate) fn folder(var: &str, kind: Folder) -> Option<PathBuf> {
    env_path(var).or_else(|| {
        let dirs = directories::ProjectDirs::from("", "", "slide")?;
        let dir = match kind {
            Folder::Data => dirs.data_dir(),
            Folder::Config => dirs.config_dir(),
            Folder::Cache => dirs.cache_dir(),
        };
        Some(dir.to_path_buf())
    })
}

fn path_of(value: Option<OsString>) -> Option<PathBuf> {
    value.filter(|v| !v.is_empty()).map(PathBuf::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_variable_counts_as_unset() {
        assert_eq!(path_of(Some("".into())), None);
        assert_eq!(path_of(None), None);
        assert_eq!(path_of(Some("cfg".into())), Some(PathBuf::from("cfg")));
    }

    #[test]
    fn a_variable_set_names_the_folder_whatever_its_kind() {
        // PATH is set in any environment the tests run in, and is not empty.
        let path = std::env::var_os("PATH").map(PathBuf::from);
        for kind in [Folder::Data, Folder::Config, Folder::Cache] {
            assert_eq!(folder("PATH", kind), path);
        }
    }
}
