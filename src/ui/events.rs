//! The loop's one channel: terminal input, the engine's replies, and signals arrive on it as
//! [`Event`]s, each from a thread of its own (a tick is the channel's timeout: the loop
//! waits at most as long as what is on screen needs).

use std::sync::mpsc::Sender;

use slide::engine::Reply;

/// Something that happened.
#[derive(Debug)]
pub enum Event {
    /// A key, a click, mouse motion, a resize.
    Terminal(crossterm::event::Event),
    /// One of the engine's replies.
    Engine(Reply),
    /// A signal asking the game to end (its number: SIGHUP 1, SIGINT 2, SIGQUIT 3,
    /// SIGTERM 15).
    Signal(i32),
    /// SIGTSTP (a `kill -TSTP`, or the shell's job control): suspend as Ctrl-Z does.
    Suspend,
    /// The terminal's input failed or ended (the terminal went away).
    InputClosed(std::io::Error),
    /// The start's disk work is done: the game to open (`ui/opened.rs`).
    Opened(Box<crate::ui::opened::Opened>),
}

/// Reads the terminal's input on a thread of its own, so the loop never blocks on the
/// terminal: after a hang-up the terminal library may keep reading end-of-file without
/// returning, and the loop must still see the signal that comes with it.
pub fn spawn_input(tx: Sender<Event>) -> std::io::Result<()> {
    std::thread::Builder::new().name("slide-input".into()).spawn(move || {
        loop {
            let event = match crossterm::event::read() {
                Ok(ev) => Event::Terminal(ev),
                Err(e) => {
                    let _ = tx.send(Event::InputClosed(e));
                    return;
                }
            };
            if tx.send(event).is_err() {
                return;
            }
        }
    })?;
    Ok(())
}
