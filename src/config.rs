//! Settings: `Config`, its defaults from the shipped config.toml, and validation.
