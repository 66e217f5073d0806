//! The terminal's modes: entered before the first frame, restored on every way out (quit,
//! error, signal, panic) without ever panicking, since by then the terminal may be gone.

use std::io::Write;

use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{LeaveAlternateScreen, disable_raw_mode};
use ratatui::DefaultTerminal;

/// Enters raw mode and the alternate screen, with the mouse reported if `mouse`.
pub fn enter(mouse: bool) -> std::io::Result<DefaultTerminal> {
    let terminal = ratatui::try_init()?;
    install_panic_hook(mouse);
    if mouse {
        let _ = execute!(std::io::stdout(), EnableMouseCapture);
    }
    Ok(terminal)
}

/// Takes the terminal back after a suspend: raw mode, the alternate screen, and the mouse
/// reports if `mouse`.
pub fn reenter(mouse: bool) -> std::io::Result<()> {
    crossterm::terminal::enable_raw_mode()?;
    execute!(std::io::stdout(), crossterm::terminal::EnterAlternateScreen)?;
    if mouse {
        execute!(std::io::stdout(), EnableMouseCapture)?;
    }
    Ok(())
}

/// Leaves the alternate screen and raw mode, and shows the cursor. Errors are ignored: a
/// terminal that went away (a hang-up) can't be restored, and must not stop the exit.
/// (ratatui's own restore prints its error on stderr, which panics when stderr is gone too.)
pub fn restore(mouse: bool) {
    let mut out = std::io::stdout();
    if mouse {
        let _ = execute!(out, DisableMouseCapture);
    }
    let _ = execute!(out, LeaveAlternateScreen, crossterm::cursor::Show);
    let _ = disable_raw_mode();
    let _ = out.flush();
}

/// Says `text` on stderr, if stderr is still there (`eprintln!` panics when it is not).
pub fn say(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// Restores the terminal before a panic's message is printed. A panic in the library's
/// background threads is caught there and reported in the status line, so it must neither
/// restore the terminal under the running game nor print over the screen.
fn install_panic_hook(mouse: bool) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let thread = std::thread::current();
        if thread.name().is_some_and(slide::threads::is_background_thread) {
            return;
        }
        restore(mouse);
        previous(info);
    }));
}
