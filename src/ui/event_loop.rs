//! The event loop: draw, wait for input with a timeout, then take the solver's replies.

use std::io;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crossterm::event;
use ratatui::DefaultTerminal;
use ratatui::layout::Rect;

use crate::ui::app::App;

/// How long a signal may wait to be noticed while the game waits for input.
const SIGNAL_CHECK: Duration = Duration::from_millis(200);

/// Runs until the app asks to quit or `signalled` is set. Draws only after something
/// happened or a timer ran out, and waits for input otherwise, so an idle game costs next
/// to nothing.
pub fn run(terminal: &mut DefaultTerminal, app: &mut App, signalled: &AtomicBool) -> io::Result<()> {
    let mut latency_log = std::env::var_os("SLIDE_LATENCY_LOG")
        .and_then(|p| std::fs::OpenOptions::new().create(true).append(true).open(p).ok());
    loop {
        if signalled.load(Ordering::Relaxed) {
            return Ok(());
        }
        let mut area = Rect::default();
        terminal.draw(|frame| {
            area = frame.area();
            frame.render_widget(&*app, area);
        })?;
        app.area = area;
        if let Some(asked) = app.session.hint_asked_at
            && app.session.visible_hint(&app.engine).is_some()
        {
            app.session.hint_asked_at = None;
            if let Some(log) = latency_log.as_mut() {
                let side = app.session.game.size().side();
                let _ = writeln!(log, "{side} {}", asked.elapsed().as_micros());
            }
        }
        if app.quit {
            return Ok(());
        }
        if event::poll(app.poll_timeout(Instant::now()).min(SIGNAL_CHECK))? {
            loop {
                let ev = event::read()?;
                if let Some(action) = app.keymap.action(&ev) {
                    app.update(action);
                }
                if let Some(text) = app.clipboard.out.take() {
                    // A terminal that ignores OSC 52 ignores it silently; a failed write
                    // is the terminal gone, which the next draw reports.
                    let _ = crate::ui::clipboard::copy(&text);
                }
                if app.quit || !event::poll(Duration::ZERO)? {
                    break;
                }
            }
        }
        app.drain_replies();
        app.tick(Instant::now());
    }
}
