//! The screen's modes: each one's state, how it takes an action, and its widget, in one
//! file. The [`App`](crate::ui::app::App) routes every action to the mode on screen.

pub mod animating;
pub mod daily_share;
pub mod dealing;
pub mod help;
pub mod menu;
pub mod paused;
pub mod playing;
pub mod review;
#[cfg(test)]
mod review_stats_tests;
pub mod stats;
pub mod win;

use animating::Animation;
use dealing::Dealing;
use help::HelpState;
use menu::Menu;
use review::ReviewState;
use stats::StatsState;
use win::WinSummary;

/// What the screen is showing.
#[derive(Debug, Clone, PartialEq)]
pub enum Mode {
    /// The board takes input.
    Playing,
    /// The help overlay, scrolled; a key that does not scroll closes it.
    Help(HelpState),
    /// The new-game menu.
    Menu(Menu),
    /// The win box over the solved board.
    Won(WinSummary),
    /// A new board is being dealt in the background.
    Dealing(Dealing),
    /// The solver plays its plan; any key stops it.
    Animating(Animation),
    /// The board is hidden and the clock stopped.
    Paused,
    /// "Restart this puzzle?": the restart key again confirms, any other key cancels.
    ConfirmRestart,
    /// The post-game review: the distance to the goal along a game.
    Review(Box<ReviewState>),
    /// The statistics screen.
    Stats(StatsState),
}
