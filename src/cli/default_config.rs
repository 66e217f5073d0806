//! THROWAWAY STUB — on merge, make `default_config_toml` return
//! `slide::config::DEFAULT_CONFIG_TOML` (the shipped config.toml) and delete the text below.
//!
//! `slide --print-default-config` goes through this one function so that only this file
//! changes when the real constant lands.

/// The default configuration file, as shipped.
pub fn default_config_toml() -> &'static str {
    STUB_DEFAULT_CONFIG_TOML
}

const STUB_DEFAULT_CONFIG_TOML: &str = "\
# Slide configuration (placeholder: the real defaults come with slide::config).
";
