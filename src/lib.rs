//! Slide: a sliding-tile puzzle library with optimal and near-optimal solvers.
//!
//! The library knows nothing of terminals: the game (`src/ui`, in the binary) and the
//! command line are thin layers over [`puzzle`], [`solver`], [`difficulty`], [`game`],
//! [`review`] and [`config`]; [`engine`] runs the solver's work off the game's thread;
//! [`picture`] cuts a picture into tiles for picture mode.

pub mod atomic_file;
pub mod config;
pub mod difficulty;
pub mod engine;
pub mod excerpt;
mod folders;
pub mod game;
pub mod picture;
pub mod puzzle;
pub mod review;
pub mod solver;
pub mod threads;
pub mod time_format;
