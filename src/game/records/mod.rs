//! The records rules and figures: what an attempt was (`outcome.rs`), the attempt record,
//! the row it counts in (`stats.rs`: kinds and row keys), the one fold every view reads
//! (`figures.rs`), averages, speed, histograms, the session's figures, the win report, the
//! replay and the time format. Imports `play`, never `storage`.

pub(crate) mod attempt_record;
pub mod averages;
pub(crate) mod ending;
pub(crate) mod figures;
pub(crate) mod histogram;
pub(crate) mod history_view;
pub(crate) mod outcome;
pub mod ranked;
pub(crate) mod replay;
pub(crate) mod replay_error;
pub(crate) mod run_legs;
pub(crate) mod session_figures;
pub(crate) mod speed;
pub(crate) mod stats;
pub(crate) mod win_report;
