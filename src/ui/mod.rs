//! The terminal game: a ratatui app over the `slide` library.
//!
//! A key becomes an [`keys::Action`], which goes to the screen on top of the app's stack
//! (`screens/`); a screen changes the game in play (`current_game.rs`, `moves.rs`) and asks the
//! engine for work; the engine's answers come back through the loop and change the game and
//! the screens; each screen draws itself with the widgets (`widgets/`), fed the data they
//! draw. [`run`] starts and ends it all (`launch.rs`).
//!
//! Imports the library (`engine` for the solver's work, `game` for every record, `config`,
//! `puzzle`, `difficulty`, `picture`) and never `cli`; it holds no heuristic and no records
//! rule: it asks the engine and the model.

mod app;
mod args;
mod capabilities;
mod clipboard;
mod context;
mod current_game;
mod event_loop;
mod events;
mod keys;
mod large_tables;
mod launch;
mod look;
mod moves;
mod notices;
mod opened;
mod opening;
mod picture_mode;
mod scheme;
mod screen;
mod screens;
mod settings;
mod signals;
mod suspend;
mod terminal;
mod theme;
mod widgets;

#[cfg(test)]
mod app_tests;
#[cfg(test)]
mod board_snapshots;
#[cfg(test)]
mod picture_render_tests;
#[cfg(test)]
mod render_tests;
#[cfg(test)]
mod shape_render_tests;
#[cfg(test)]
mod snapshot_tests;

pub use launch::{PlayArgs, RunAsked, replay, run};
