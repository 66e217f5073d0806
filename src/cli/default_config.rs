//! `slide --print-default-config` goes through this one function.

/// The default configuration file, as shipped (the repository's config.toml, embedded).
pub fn default_config_toml() -> &'static str {
    slide::config::DEFAULT_CONFIG_TOML
}
