//! Copying text to the player's clipboard through the terminal: the OSC 52 escape
//! sequence, which the terminal (not this program) puts on the clipboard, so it works over
//! ssh and inside tmux (with tmux's `set-clipboard` on). No terminal says whether it took
//! the text, so the game says "copied (if your terminal allows)".

use std::io::{IsTerminal, Write};

use base64::Engine;

/// Whether the copy key can work here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClipboardSupport {
    /// The text can be sent with OSC 52.
    Osc52,
    /// It can't; the reason, for the screen ("select the text" instead).
    Unavailable(&'static str),
}

impl ClipboardSupport {
    /// What this process can do: nothing when the setting is off, when the output is not a
    /// terminal, or on a terminal that names itself "dumb".
    pub fn detect(enabled: bool) -> ClipboardSupport {
        let term = std::env::var("TERM").unwrap_or_default();
        ClipboardSupport::decide(enabled, std::io::stdout().is_terminal(), &term)
    }

    /// [`ClipboardSupport::detect`]'s rule, on given facts.
    pub fn decide(enabled: bool, tty: bool, term: &str) -> ClipboardSupport {
        if !enabled {
            ClipboardSupport::Unavailable("the clipboard is off in the config")
        } else if !tty {
            ClipboardSupport::Unavailable("the output is not a terminal")
        } else if term == "dumb" {
            ClipboardSupport::Unavailable("TERM=dumb")
        } else {
            ClipboardSupport::Osc52
        }
    }
}

/// The copy key's way to the clipboard, and the text waiting to be sent there (the app
/// writes it to the terminal; screens never touch the terminal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clipboard {
    /// Whether the copy key can work here.
    pub support: ClipboardSupport,
    /// Text to send.
    pub out: Option<String>,
}

impl Clipboard {
    /// The clipboard as the config and this terminal allow.
    pub fn detect(enabled: bool) -> Clipboard {
        Clipboard {
            support: ClipboardSupport::detect(enabled),
            out: None,
        }
    }

    /// Queues `text` for the clipboard; whether it can go there.
    pub fn copy(&mut self, text: &str) -> bool {
        let ok = self.support == ClipboardSupport::Osc52;
        if ok {
            self.out = Some(text.to_string());
        }
        ok
    }
}

/// The OSC 52 sequence that puts `text` on the clipboard (`c`): the text in base64,
/// ended by BEL, which more terminals accept than ST.
pub fn osc52(text: &str) -> String {
    let encoded = base64::engine::general_purpose::STANDARD.encode(text.as_bytes());
    format!("\x1b]52;c;{encoded}\x07")
}

/// Writes `text` to the terminal's clipboard.
pub fn copy(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(osc52(text).as_bytes())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn osc52_sequences() {
        assert_eq!(osc52(""), "\x1b]52;c;\x07");
        assert_eq!(osc52("hi"), "\x1b]52;c;aGk=\x07");
        // UTF-8 (the share line has · and ×) goes through as bytes.
        assert_eq!(osc52("4×4"), "\x1b]52;c;NMOXNA==\x07");
    }

    #[test]
    fn where_osc52_cannot_work() {
        assert_eq!(
            ClipboardSupport::decide(true, true, "xterm-256color"),
            ClipboardSupport::Osc52
        );
        assert_eq!(
            ClipboardSupport::decide(true, true, "tmux-256color"),
            ClipboardSupport::Osc52
        );
        assert!(matches!(
            ClipboardSupport::decide(false, true, "xterm"),
            ClipboardSupport::Unavailable(_)
        ));
        assert!(matches!(
            ClipboardSupport::decide(true, false, "xterm"),
            ClipboardSupport::Unavailable(_)
        ));
        assert!(matches!(
            ClipboardSupport::decide(true, true, "dumb"),
            ClipboardSupport::Unavailable(_)
        ));
    }
}
