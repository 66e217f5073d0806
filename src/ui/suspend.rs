//! Ctrl-Z and SIGTSTP: the game steps aside as other terminal programs do. The clock stops
//! with the board hidden (the pause screen), the game is saved, the terminal is restored
//! and the process stops; `fg` (SIGCONT) brings the screen back, drawn whole, still paused.

use std::io;
use std::time::Instant;

use ratatui::DefaultTerminal;
use slide::game::Notice;

use crate::ui::app::App;
use crate::ui::screen::Transition;
use crate::ui::screens::paused::Paused;

/// Suspends the game until the shell continues it; an error if the terminal can't be
/// taken back.
pub fn suspend(terminal: &mut DefaultTerminal, app: &mut App, mouse: bool) -> io::Result<()> {
    if app.top_screen().clock_runs() && !app.current.game.is_won() {
        app.apply(Transition::Push(Box::new(Paused::default())));
    }
    // The tick syncs the clock with the screen on top: it stops under the pause.
    app.tick(Instant::now());
    let saved = if app.current.placeholder {
        Ok(())
    } else {
        app.current.persist.flush(&app.current.game)
    };
    crate::ui::terminal::restore(mouse);
    stop_until_continued();
    crate::ui::terminal::reenter(mouse)?;
    if let Err(e) = saved {
        app.notify(Notice::warning(format!("Before the suspend: {e}.")));
    }
    // The shell wrote over the screen: clear it, and draw an empty frame so that ratatui,
    // which writes only what changed, draws the next one whole. (`Terminal::clear` would
    // ask the terminal for the cursor, whose answer the input thread would take.)
    crossterm::execute!(
        io::stdout(),
        crossterm::terminal::Clear(crossterm::terminal::ClearType::All)
    )?;
    terminal.draw(|_| {})?;
    Ok(())
}

/// Stops the process here until SIGCONT, as SIGTSTP's default action would.
#[cfg(unix)]
fn stop_until_continued() {
    let _ = signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP);
}

/// No job control: nothing to stop.
#[cfg(not(unix))]
fn stop_until_continued() {}
