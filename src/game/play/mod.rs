//! The game in progress: the board and its moves (who made each, when), the clock, runs
//! (marathons and relays), par, the bound carried along a game, and the form of its save.
//! Imports neither `records` nor `storage`.

pub(crate) mod clock;
pub(crate) mod game;
pub(crate) mod move_log;
pub(crate) mod optimality;
pub(crate) mod play_clock;
pub(crate) mod relay_sizes;
pub(crate) mod run;
pub(crate) mod run_par;
pub(crate) mod saved_game;
pub(crate) mod saved_game_error;
pub(crate) mod solve_mode;
pub(crate) mod written_size;
