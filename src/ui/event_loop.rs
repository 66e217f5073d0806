//! The event loop: one channel in, a frame out when something changed.
//!
//! It waits on the app's channel for at most as long as what is on screen needs (the tick),
//! takes every event that has arrived, and draws once if any of them may have changed the
//! screen (the need-render flag, after yazi's and helix's render coalescing).

use std::io;
use std::io::Write;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use ratatui::DefaultTerminal;
use ratatui::layout::Rect;

use crate::ui::app::App;
use crate::ui::events::Event;
use crate::ui::signals::Finished;

/// How the loop ended.
#[derive(Debug)]
pub enum Ended {
    /// The player quit.
    Quit,
    /// A signal asked the game to end (its number).
    Signal(i32),
}

/// How long to wait, after the terminal's input ends, for the hang-up signal that usually
/// comes with it.
const HANG_UP_WAIT: Duration = Duration::from_millis(100);

/// Runs until the player quits or a signal comes; an error when the terminal fails. `mouse`:
/// whether mouse reports are on (turned on again after a suspend).
pub fn run(terminal: &mut DefaultTerminal, app: &mut App, mouse: bool, watcher: &Finished) -> io::Result<Ended> {
    let mut latency_log = std::env::var_os("SLIDE_LATENCY_LOG")
        .and_then(|p| std::fs::OpenOptions::new().create(true).append(true).open(p).ok());
    let mut need_render = true;
    loop {
        if need_render {
            let mut area = Rect::default();
            let drawn = terminal.draw(|frame| {
                area = frame.area();
                app.render(area, frame.buffer_mut());
            });
            if let Err(error) = drawn {
                return ended_by(app, error);
            }
            app.area = area;
            need_render = false;
            log_hint_latency(app, latency_log.as_mut());
        }
        if app.quit {
            return Ok(Ended::Quit);
        }
        let first = match app.events.recv_timeout(app.poll_timeout(Instant::now())) {
            Ok(event) => Some(event),
            Err(RecvTimeoutError::Timeout) => None,
            // The app holds a sender: the channel never closes while it runs.
            Err(RecvTimeoutError::Disconnected) => return Ok(Ended::Quit),
        };
        let Some(first) = first else {
            need_render |= app.tick(Instant::now());
            continue;
        };
        // Everything that has arrived, then one frame.
        let mut next = Some(first);
        while let Some(event) = next {
            if let Event::Opened(opened) = event {
                // The start's disk work is done: the game shows, and a signal's exit lets
                // its writer finish.
                need_render |= crate::ui::opening::install(app, *opened);
                watcher.set_writer(app.current.persist.writer_handle());
                next = app.events.try_recv().ok();
                continue;
            }
            match handle(app, event) {
                Handled::Changed(changed) => need_render |= changed,
                Handled::End(ended) => return ended,
                Handled::Suspend => {
                    crate::ui::suspend::suspend(terminal, app, mouse)?;
                    need_render = true;
                }
            }
            if app.quit {
                break;
            }
            next = app.events.try_recv().ok();
        }
    }
}

/// What one event did.
enum Handled {
    /// Whether the screen may have changed.
    Changed(bool),
    /// The loop ends.
    End(io::Result<Ended>),
    /// The game goes to the background (Ctrl-Z, SIGTSTP).
    Suspend,
}

fn handle(app: &mut App, event: Event) -> Handled {
    match event {
        Event::Terminal(ev) => {
            let resized = matches!(ev, crossterm::event::Event::Resize(..));
            if let crossterm::event::Event::Resize(width, height) = ev {
                // At once: the clock stops behind a too-small screen, and starts again.
                app.area = Rect::new(0, 0, width, height);
                app.tick(Instant::now());
            }
            let action = if app.top_screen().takes_text() {
                app.keymap.text_action(&ev)
            } else {
                app.keymap.action(&ev)
            };
            if action == Some(crate::ui::keys::Action::Suspend) {
                return Handled::Suspend;
            }
            let changed = action.is_some_and(|action| app.update(action));
            if let Some(text) = app.clipboard.out.take() {
                // A terminal that ignores OSC 52 ignores it silently; a failed write is the
                // terminal gone, which the next draw reports.
                let _ = crate::ui::clipboard::copy(&text);
            }
            Handled::Changed(changed || resized)
        }
        Event::Engine(reply) => Handled::Changed(app.handle_reply(reply)),
        Event::Signal(n) => Handled::End(Ok(Ended::Signal(n))),
        Event::Suspend => Handled::Suspend,
        Event::InputClosed(error) => Handled::End(ended_by(app, error)),
        // Taken by the loop itself, which tells the signal watcher of the writer.
        Event::Opened(_) => Handled::Changed(false),
    }
}

/// How the loop ends after the terminal failed: a terminal that went away sends SIGHUP
/// too, so the end is that signal's if it comes at once, else the error.
fn ended_by(app: &App, error: io::Error) -> io::Result<Ended> {
    let deadline = Instant::now() + HANG_UP_WAIT;
    while let Ok(event) = app
        .events
        .recv_timeout(deadline.saturating_duration_since(Instant::now()))
    {
        if let Event::Signal(n) = event {
            return Ok(Ended::Signal(n));
        }
    }
    Err(error)
}

/// Logs how long the hint took from its key to its frame (`SLIDE_LATENCY_LOG`).
fn log_hint_latency(app: &mut App, log: Option<&mut std::fs::File>) {
    if let Some(asked) = app.current.hint_asked_at
        && app.current.visible_hint(&app.engine).is_some()
    {
        app.current.hint_asked_at = None;
        if let Some(log) = log {
            // The size as `--size` takes it: N for a square, WxH for a rectangle.
            let size = app.current.game.size();
            let name = size
                .square_side()
                .map_or_else(|| format!("{}x{}", size.width(), size.height()), |n| n.to_string());
            let _ = writeln!(log, "{name} {}", asked.elapsed().as_micros());
        }
    }
}
