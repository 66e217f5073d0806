//! Starting and ending the game: [`run`] loads and validates the configuration *before* the terminal changes, so a bad
//! config file is reported on a normal screen; then it restores the terminal on every way
//! out: quit, error, Ctrl-C (a key event in raw mode), a signal (SIGHUP, SIGTERM, SIGINT,
//! SIGQUIT: the game is saved first) and panic (a hook; the game saved a moment before
//! the panic is what comes back).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use signal_hook::iterator::Signals;
use slide::config::ConfigError;
use slide::difficulty::{Level, PuzzleCode, fresh_seed};
use slide::game::{FLUSH_TIMEOUT, Game, Notice, Persistence, Store, WriterHandle};
use slide::puzzle::{Board, Size};
use slide::solver::{Solver, TableCache};
use thiserror::Error;

use crate::ui::app::App;
use crate::ui::session::Origin;
use crate::ui::settings::Settings;
use slide::difficulty::DealRequest;

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
    /// A picture for the tiles: a shipped picture's name or a PNG/JPEG file (overrides
    /// the config's `game.picture`).
    pub picture: Option<String>,
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
/// quit) asks it to stop: then, too, the game is saved and the terminal restored.
#[allow(
    clippy::needless_pass_by_value,
    reason = "the entry point's agreed shape takes the arguments by value"
)]
pub fn run(args: PlayArgs) -> Result<(), UiError> {
    let settings = Settings::load(args.config.as_deref())?;
    let code = args.code.as_deref().map(parse_code).transpose()?;
    // Read and decoded before the screen changes, so a bad file is reported plainly.
    let picture = load_picture(args.picture.as_deref(), &settings.config.game.picture)?;
    // Checked before anything is dealt, resumed or claimed.
    if let Some(what) = missing_terminal() {
        return Err(UiError::NoTerminal(what));
    }
    let cache = TableCache::default_location();
    cache.remove_unfinished_writes();
    let solver = Solver::new(cache);
    let mut app = build_app(settings, &args, code, solver);
    if picture.is_some()
        && let Some(n) = app.look.set_picture(picture)
    {
        app.notify(n);
    }
    app.engine.enable_prewarm();
    // Watched before the screen changes, so that no signal finds the game unprepared.
    let signalled = Arc::new(AtomicBool::new(false));
    let finished = Arc::new(AtomicBool::new(false));
    watch_signals(
        &signalled,
        &finished,
        app.writer_handle(),
        app.settings.config.game.mouse || app.settings.config.input.hover,
    )?;

    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            // The game never opened: it was not played, and leaves no save behind.
            app.session.persist.leave(&app.session.game);
            if let Some(w) = app.writer_handle() {
                w.flush(slide::game::FLUSH_TIMEOUT);
            }
            return Err(e.into());
        }
    };
    // Hover control needs the mouse reported even when clicks don't slide tiles.
    let mouse = app.settings.config.game.mouse || app.settings.config.input.hover;
    install_panic_hook(mouse);
    if mouse {
        let _ = execute!(std::io::stdout(), EnableMouseCapture);
    }
    let result = crate::ui::event_loop::run(&mut terminal, &mut app, &signalled);
    let saved = app.save_on_exit();
    if mouse {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
    }
    ratatui::restore();
    finished.store(true, Ordering::SeqCst);
    // After a hang-up the terminal is gone and drawing fails; that is how the game ends then,
    // not an error.
    if !signalled.load(Ordering::Relaxed) {
        result?;
    }
    saved.map_or(Ok(()), |m| Err(UiError::Save(m)))
}

/// How long the event loop gets to notice a signal and save on its own.
const SIGNAL_GRACE: Duration = Duration::from_secs(1);

/// Watches for SIGHUP, SIGTERM, SIGINT and SIGQUIT on a thread of its own. A signal sets
/// `signalled`, which the event loop sees within a fraction of a second: it saves, restores
/// the terminal and exits 0. If the loop does not finish in [`SIGNAL_GRACE`] (a hung-up
/// terminal can leave the terminal library spinning on end-of-file, never returning), this
/// thread waits for the game's writer, which already has every move, restores what it can
/// of the terminal, and exits 0 itself.
fn watch_signals(
    signalled: &Arc<AtomicBool>,
    finished: &Arc<AtomicBool>,
    writer: Option<WriterHandle>,
    mouse: bool,
) -> std::io::Result<()> {
    let mut signals = Signals::new([SIGHUP, SIGTERM, SIGINT, SIGQUIT])?;
    let (signalled, finished) = (Arc::clone(signalled), Arc::clone(finished));
    std::thread::Builder::new()
        .name("slide-signals".into())
        .spawn(move || {
            if signals.forever().next().is_none() {
                return;
            }
            signalled.store(true, Ordering::SeqCst);
            let deadline = Instant::now() + SIGNAL_GRACE;
            while Instant::now() < deadline {
                if finished.load(Ordering::SeqCst) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            if let Some(w) = writer {
                w.flush(FLUSH_TIMEOUT);
            }
            if mouse {
                let _ = execute!(std::io::stdout(), DisableMouseCapture);
            }
            ratatui::restore();
            std::process::exit(0);
        })?;
    Ok(())
}

/// The picture asked for with `--picture`, else by the config's `game.picture` (empty:
/// none). One that can't be read or decoded is a bad argument.
fn load_picture(flag: Option<&str>, configured: &str) -> Result<Option<slide::picture::Picture>, UiError> {
    let (spec, from) = match flag {
        Some(s) => (s, "--picture"),
        None if !configured.trim().is_empty() => (configured.trim(), "game.picture in the config"),
        None => return Ok(None),
    };
    slide::picture::Picture::resolve(spec)
        .map(Some)
        .map_err(|e| UiError::BadArgs(format!("{from}: {e}")))
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
        if thread.name().is_some_and(slide::threads::is_background_thread) {
            return;
        }
        if mouse {
            let _ = execute!(std::io::stdout(), DisableMouseCapture);
        }
        previous(info);
    }));
}

/// The app for these arguments: a given board, a dealt game, or the game played last,
/// with the notices to show (a resumed game, a file moved aside, a directory that can't be
/// written).
fn build_app(settings: Settings, args: &PlayArgs, code: Option<PuzzleCode>, solver: Solver) -> App {
    let mut persist = Persistence::open(Store::locate());
    let explicit = args.board.is_some()
        || code.is_some()
        || args.daily
        || args.size.is_some()
        || args.level.is_some()
        || args.seed.is_some();
    let mut later = Vec::new();
    let resumed = if explicit {
        // The player asked for a particular game: the unfinished ones stay saved.
        if let Some(newest) = persist.resumable().first() {
            later.push(Notice::info(format!(
                "Your unfinished game ({}) is kept: press n to resume it from the menu.",
                newest.summary(now_ms())
            )));
        }
        None
    } else {
        let resumed = persist.resume_newest();
        if let Some(g) = &resumed {
            later.push(Notice::info(format!(
                "Resumed your last game ({}); press n for a new one.",
                g.to_saved().summary(now_ms())
            )));
        } else if let Some(busy) = persist.held_elsewhere().first() {
            // Every unfinished game is held by another copy of Slide (perhaps one still
            // closing after its terminal went away): say so rather than seem to lose it.
            later.push(Notice::info(format!(
                "Your last game ({}) is open in another copy of Slide; once that one is closed, \
                 press n to resume it from the menu.",
                busy.summary(now_ms())
            )));
        }
        resumed
    };
    let given = match code {
        Some(PuzzleCode::Board(board)) => Some(board),
        _ => args.board,
    };
    let config = &settings.config;
    let mut app = match (resumed, given) {
        (Some(game), _) => App::new(settings, game, solver, persist, Origin::Resumed),
        (None, Some(board)) => App::new(
            settings,
            Game::new(board, None, None, None),
            solver,
            persist,
            Origin::New,
        ),
        (None, None) => {
            // A dealt game is dealt in the background (a 4×4 Hard board can take a second or
            // two to confirm); the request fixes the seed first, so the board is the one
            // `generate`, `daily` and `PuzzleCode::deal` give for it.
            // With nothing asked for, the size and level last chosen in the menu.
            let last = persist
                .last_choice()
                .filter(|_| args.size.is_none() && args.level.is_none());
            let size = args.size.or(last.map(|(s, _)| s)).unwrap_or_else(|| config.size());
            let request = match code {
                Some(PuzzleCode::Seeded { size, level, seed }) => DealRequest {
                    size,
                    level,
                    seed,
                    daily: None,
                },
                _ if args.daily || last.is_some_and(|(_, l)| l.is_none()) && args.seed.is_none() => {
                    DealRequest::daily_today(size)
                }
                _ => DealRequest {
                    size,
                    level: args
                        .level
                        .or(last.and_then(|(_, l)| l))
                        .unwrap_or_else(|| config.level()),
                    seed: args.seed.unwrap_or_else(fresh_seed),
                    daily: None,
                },
            };
            App::dealing(settings, request, solver, persist)
        }
    };
    for n in later {
        app.notify(n);
    }
    app
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}
