//! Starting and ending the game: [`run`] loads and validates the configuration *before* the terminal changes, so a bad
//! config file is reported on a normal screen; then it restores the terminal on every way
//! out: quit, error, Ctrl-C (a key event in raw mode), a signal (SIGHUP, SIGTERM, SIGINT,
//! SIGQUIT: the game is saved first) and panic (a hook; the game saved a moment before
//! the panic is what comes back).

use std::path::Path;
use std::time::Instant;

use slide::config::ConfigError;
use slide::difficulty::PuzzleCode;
use slide::game::{AttemptRecord, Game, Persistence};
use slide::puzzle::Board;
use slide::solver::{Solver, TableCache};
use thiserror::Error;

use crate::ui::app::App;
pub use crate::ui::args::{PlayArgs, RunAsked};
use crate::ui::context::context;
use crate::ui::current_game::Origin;
use crate::ui::event_loop::{self, Ended};
use crate::ui::opening::opening;
use crate::ui::screens::replay::ReplayScreen;
use crate::ui::settings::Settings;
use crate::ui::{events, signals, terminal};

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
    /// There is no terminal to play in (output redirected, or no controlling terminal).
    #[error(
        "the game needs a terminal, and {0} is not one. Without one, use the headless commands: \
         slide solve, hint, rate, generate, review, levels, bench, stats, tables (see slide --help)"
    )]
    NoTerminal(&'static str),
}

/// What is not a terminal, if the game cannot run here: it draws on stdout and reads keys
/// from stdin, or from the controlling terminal when stdin is redirected.
fn missing_terminal() -> Option<&'static str> {
    use std::io::IsTerminal;
    if !std::io::stdout().is_terminal() {
        return Some("stdout");
    }
    #[cfg(unix)]
    if !std::io::stdin().is_terminal() && std::fs::File::open("/dev/tty").is_err() {
        return Some("stdin");
    }
    None
}

impl UiError {
    /// Whether the player gave something unusable (a bad config file or argument): the
    /// command line exits with status 2 for these, 1 for the rest.
    pub fn is_bad_input(&self) -> bool {
        matches!(self, UiError::Config(_) | UiError::BadArgs(_))
    }
}

/// Plays the game until the player quits, or a signal (hang-up, terminate, interrupt,
/// quit) asks it to stop: then, too, the game is saved and the terminal restored, and the
/// process exits with 128 + the signal's number (a save that failed is said on stderr).
#[allow(
    clippy::needless_pass_by_value,
    reason = "the entry point's agreed shape takes the arguments by value"
)]
pub fn run(args: PlayArgs) -> Result<(), UiError> {
    let settings = Settings::load(args.config.as_deref())?;
    let code = args.code.as_deref().map(parse_code).transpose()?;
    // Read and decoded before the screen changes, so a bad file is reported plainly.
    let picture = load_picture(args.picture.as_deref(), &settings.config)?;
    // Checked before anything is dealt, resumed or claimed.
    if let Some(what) = missing_terminal() {
        return Err(UiError::NoTerminal(what));
    }
    let cache = TableCache::default_location();
    cache.remove_unfinished_writes();
    let solver = Solver::new(cache);
    let mut app = opening(settings, &args, code, solver);
    if picture.is_some()
        && let Some(n) = app.look.set_picture(picture)
    {
        app.notify(n);
    }
    if app.settings.background_tables {
        app.engine.enable_prewarm();
    }
    // Hover control needs the mouse reported even when clicks don't slide tiles; a dumb
    // terminal is never asked for mouse reports.
    let settings = &app.settings;
    let mouse = settings.caps.mouse && (settings.config.game.mouse || settings.config.input.hover);
    in_terminal(&mut app, mouse)
}

/// Plays the recorded attempt `record` back (`slide replay`), with the settings of
/// `config` (the keys, the colours, the picture); closing the replay ends the program.
/// Nothing is dealt, resumed, saved or recorded.
pub fn replay(record: &AttemptRecord, config: Option<&Path>) -> Result<(), UiError> {
    let settings = Settings::load(config)?;
    let picture = load_picture(None, &settings.config)?;
    let size = record
        .board_size()
        .ok_or_else(|| UiError::BadArgs(format!("attempt {} is of a size this version can't show", record.id)))?;
    if let Some(what) = missing_terminal() {
        return Err(UiError::NoTerminal(what));
    }
    let solver = Solver::new(TableCache::default_location());
    // The board below the replay is a stand-in that is never shown, saved nor counted.
    let stand_in = Game::new(Board::goal(size), None, None, Some(0));
    let mut app = App::new(settings, stand_in, solver, Persistence::disabled(), Origin::Placeholder);
    if picture.is_some()
        && let Some(n) = app.look.set_picture(picture)
    {
        app.notify(n);
    }
    let screen = ReplayScreen::open(record, true, &mut context!(app, Instant::now()))
        .map_err(|e| UiError::BadArgs(format!("attempt {} can't be replayed: {e}", record.id)))?;
    app.stack.push(Box::new(screen));
    in_terminal(&mut app, false)
}

/// Runs `app` in the terminal until it ends (asking for mouse reports if `mouse`), then
/// saves the game and restores the terminal; a signal ends the process.
fn in_terminal(app: &mut App, mouse: bool) -> Result<(), UiError> {
    // Watched before the screen changes, so that no signal finds the game unprepared.
    let watcher = signals::watch(app.sender(), app.current.persist.writer_handle(), mouse)?;
    let mut terminal = match terminal::enter(mouse) {
        Ok(t) => t,
        Err(e) => {
            // The game never opened: it was not played, and leaves no save behind.
            app.current.persist.leave(&app.current.game);
            if let Some(w) = app.current.persist.writer_handle() {
                w.flush(slide::game::FLUSH_TIMEOUT);
            }
            return Err(e.into());
        }
    };
    let ended = events::spawn_input(app.sender()).and_then(|()| event_loop::run(&mut terminal, app, mouse, &watcher));
    watcher.saving();
    let saved = app.current.save_on_exit();
    terminal::restore(mouse);
    watcher.set();
    match ended {
        Ok(Ended::Quit) => saved.map_or(Ok(()), |m| Err(UiError::Save(m))),
        Ok(Ended::Signal(n)) => {
            // Said after the terminal is restored, on the screen the player returns to.
            if let Some(m) = saved {
                terminal::say(&format!("slide: {m}"));
            }
            std::process::exit(128 + n)
        }
        Err(e) => {
            if let Some(m) = saved {
                terminal::say(&format!("slide: {m}"));
            }
            Err(UiError::Terminal(e))
        }
    }
}

/// The picture asked for with `--picture`, else by the config's `game.picture` (empty:
/// none). One that can't be read or decoded is a bad argument, or a config error at the
/// line and column of `game.picture`.
fn load_picture(
    flag: Option<&str>,
    config: &slide::config::Config,
) -> Result<Option<slide::picture::Picture>, UiError> {
    let configured = config.game.picture.trim();
    match flag {
        Some(s) => slide::picture::Picture::resolve(s)
            .map(Some)
            .map_err(|e| UiError::BadArgs(format!("--picture: {e}"))),
        None if !configured.is_empty() => slide::picture::Picture::resolve(configured)
            .map(Some)
            .map_err(|e| UiError::Config(config.invalid(config.picture_at(), format!("game.picture: {e}")))),
        None => Ok(None),
    }
}

/// Reads a puzzle code from the command line; a malformed one is a bad argument.
fn parse_code(code: &str) -> Result<PuzzleCode, UiError> {
    code.parse::<PuzzleCode>()
        .map_err(|e| UiError::BadArgs(format!("puzzle code '{code}' is not understood: {e}")))
}
