//! The screens, one type each, owning its state: the board (always at the bottom of the
//! stack), and what opens over it.

pub mod animation;
pub mod board_drawing;
pub mod confirm_large_tables;
pub mod confirm_next;
pub mod confirm_restart;
pub mod confirm_session;
pub mod daily_share;
pub mod dealing;
pub mod help;
pub mod loading;
pub mod menu;
pub mod menu_size;
pub mod paused;
pub mod peek;
pub mod playing;
pub mod replay;
pub mod replay_state;
pub mod replay_view;
pub mod review;
pub mod review_run;
pub mod review_state;
#[cfg(test)]
pub(crate) mod review_stats_tests;
pub mod run_reviewing;
pub mod session_stats;
pub mod settings;
pub mod stats;
pub mod win;
