//! The terminal game: a ratatui app over the `slide` library.
//!
//! [`run`] loads and validates the configuration *before* the terminal changes, so a bad
//! config file is reported on a normal screen; then it restores the terminal on every way
//! out: quit, error, Ctrl-C (a key event in raw mode) and panic (a hook).

mod action;
mod app;
mod board;
mod dealer;
mod event_loop;
mod footer;
mod help;
mod layout;
mod menu;
mod overlay;
mod panel;
mod theme;
mod too_small;
mod view;
mod win;

#[cfg(test)]
mod render_tests;

use std::path::PathBuf;

use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use slide::config::{Config, ConfigError};
use slide::difficulty::{Level, PuzzleCode, fresh_seed};
use slide::game::{Game, Loaded, Stats, Store};
use slide::puzzle::{Board, Size};
use slide::solver::{Solver, TableCache};
use thiserror::Error;

use crate::ui::app::App;
use crate::ui::dealer::DealRequest;
use crate::ui::theme::{Theme, no_color_requested};

/// How to start the game (from the command line).
#[derive(Debug, Clone, Default)]
pub struct PlayArgs {
    /// Board side for a dealt game.
    pub size: Option<Size>,
    /// Level for a dealt game.
    pub level: Option<Level>,
    /// Seed for a dealt game.
    pub seed: Option<u64>,
    /// A given board.
    pub board: Option<Board>,
    /// A puzzle code.
    pub code: Option<String>,
    /// Today's daily puzzle (at `size`, or the configured size).
    pub daily: bool,
    /// A config file instead of the default lookup.
    pub config: Option<PathBuf>,
}

/// Why the game could not run.
#[derive(Debug, Error)]
pub enum UiError {
    /// The configuration is invalid (reported before the screen changes).
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A bad argument.
    #[error("{0}")]
    BadArgs(String),
    /// The terminal failed.
    #[error("terminal: {0}")]
    Terminal(#[from] std::io::Error),
    /// The game could not be saved on exit.
    #[error("{0}")]
    Save(String),
}

impl UiError {
    /// Whether the player gave something unusable (a bad config file or argument): the
    /// command line exits with status 2 for these, 1 for the rest.
    pub fn is_bad_input(&self) -> bool {
        matches!(self, UiError::Config(_) | UiError::BadArgs(_))
    }
}

/// Plays the game until the player quits.
#[allow(
    clippy::needless_pass_by_value,
    reason = "the entry point's agreed shape takes the arguments by value"
)]
pub fn run(args: PlayArgs) -> Result<(), UiError> {
    let config = Config::load(args.config.as_deref())?;
    let code = args.code.as_deref().map(parse_code).transpose()?;
    let solver = Solver::new(TableCache::default_location());
    let (mut app, notices) = build_app(config, &args, code, solver);
    if !notices.is_empty() {
        app.status = Some(notices.join(" "));
    }

    let mut terminal = ratatui::try_init()?;
    let mouse = app.config.game.mouse;
    install_panic_hook(mouse);
    if mouse {
        let _ = execute!(std::io::stdout(), EnableMouseCapture);
    }
    let result = event_loop::run(&mut terminal, &mut app);
    let saved = app.save_on_exit();
    if mouse {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
    }
    ratatui::restore();
    result?;
    saved.map_or(Ok(()), |m| Err(UiError::Save(m)))
}

/// Reads a puzzle code from the command line; a malformed one is a bad argument.
fn parse_code(code: &str) -> Result<PuzzleCode, UiError> {
    code.parse::<PuzzleCode>()
        .map_err(|e| UiError::BadArgs(format!("puzzle code '{code}' is not understood: {e}")))
}

/// Wraps ratatui's panic hook (which restores the terminal). A panic in the solver's
/// threads is caught there and reported in the status line, so it must neither restore the
/// terminal under the running game nor print over the screen.
fn install_panic_hook(mouse: bool) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let thread = std::thread::current();
        if thread
            .name()
            .is_some_and(|n| n.starts_with(slide::solver::worker::THREAD_PREFIX))
        {
            return;
        }
        if mouse {
            let _ = execute!(std::io::stdout(), DisableMouseCapture);
        }
        previous(info);
    }));
}

/// The app for these arguments: a given board, a dealt game, or the saved one, with the
/// notices to show (a resumed game, a file moved aside).
fn build_app(config: Config, args: &PlayArgs, code: Option<PuzzleCode>, solver: Solver) -> (App, Vec<String>) {
    let mut notices = Vec::new();
    let store = match Store::locate() {
        Ok(s) => Some(s),
        Err(e) => {
            notices.push(format!("Progress will not be saved: {e}."));
            None
        }
    };
    let stats = match store.as_ref().map(Store::load_stats) {
        Some(Loaded::Found(s)) => s,
        Some(Loaded::MovedAside { reason, moved_to }) => {
            notices.push(format!(
                "Statistics were unreadable ({reason}); kept as {}.",
                moved_to.display()
            ));
            Stats::default()
        }
        _ => Stats::default(),
    };
    let explicit = args.board.is_some()
        || code.is_some()
        || args.daily
        || args.size.is_some()
        || args.level.is_some()
        || args.seed.is_some();
    // The player asked for a particular game while another is saved: keep the saved one
    // unless they play on in this one, and say so.
    let mut keep_saved_game = false;
    let resumed = if explicit {
        if let Some(Loaded::Found(saved)) = store.as_ref().map(Store::load_game) {
            keep_saved_game = true;
            notices.push(format!(
                "Your saved game ({} moves in) is kept: quit before moving and run slide alone to \
                 resume it. Quitting after moves saves this game in its place.",
                saved.moves
            ));
        }
        None
    } else {
        resume(store.as_ref(), &mut notices)
    };
    let given = match code {
        Some(PuzzleCode::Board(board)) => Some(board),
        _ => args.board,
    };
    let game = resumed.or_else(|| given.map(|board| Game::new(board, None, None, None)));
    let theme = Theme::new(&config.theme, no_color_requested());
    if let Some(game) = game {
        let mut app = App::new(config, theme, game, solver, store, stats);
        app.keep_saved_game = keep_saved_game;
        return (app, notices);
    }
    // A dealt game is dealt in the background (a 4×4 Hard board can take a second or two to
    // confirm); the request fixes the seed first, so the board is the one `generate`,
    // `daily` and `PuzzleCode::deal` give for it.
    let size = args.size.unwrap_or_else(|| config.size());
    let request = match code {
        Some(PuzzleCode::Seeded { size, level, seed }) => DealRequest {
            size,
            level,
            seed,
            daily: None,
        },
        _ if args.daily => DealRequest::daily_today(size),
        _ => DealRequest {
            size,
            level: args.level.unwrap_or_else(|| config.level()),
            seed: args.seed.unwrap_or_else(fresh_seed),
            daily: None,
        },
    };
    let mut app = App::dealing(config, theme, request, solver, store, stats);
    app.keep_saved_game = keep_saved_game;
    (app, notices)
}

fn resume(store: Option<&Store>, notices: &mut Vec<String>) -> Option<Game> {
    let store = store?;
    match store.load_game() {
        Loaded::Found(saved) => match Game::from_saved(&saved) {
            Ok(g) => {
                notices.push("Resumed your saved game; press n for a new one.".into());
                Some(g)
            }
            Err(reason) => {
                if let Loaded::MovedAside { moved_to, .. } = store.move_aside_game(&reason) {
                    notices.push(format!(
                        "The saved game was unreadable ({reason}); kept as {}.",
                        moved_to.display()
                    ));
                }
                None
            }
        },
        Loaded::MovedAside { reason, moved_to } => {
            notices.push(format!(
                "The saved game was unreadable ({reason}); kept as {}.",
                moved_to.display()
            ));
            None
        }
        Loaded::Missing => None,
    }
}
