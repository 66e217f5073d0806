//! Keys: the player's [`Action`]s, the key names of `[keys]`, the bindings read from the
//! config (each name checked, at its line and column in the file), and the keymap that turns
//! terminal events into actions.
//!
//! Owns every key word of the game; the library keeps the names as text. Imports the
//! library's `config` and the terminal crate's events; no screen imports it but for
//! [`Action`] and [`Bindings`].

use std::collections::HashMap;
use std::fmt;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind};
use slide::config::{Config, ConfigError};

/// What the player asks for: a key bound in `[keys]` (the bindable actions), or an input
/// the game reads by itself (Ctrl-C, Enter, a click, any other key).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Slide up (or move the blank up, by the config's convention).
    Up,
    /// Slide down.
    Down,
    /// Slide left.
    Left,
    /// Slide right.
    Right,
    /// Ask for a hint.
    Hint,
    /// Let the solver play.
    Solve,
    /// Take back a move.
    Undo,
    /// Play again a move taken back.
    Redo,
    /// Start the puzzle again.
    Restart,
    /// Open the new-game menu.
    NewGame,
    /// Deal the next random board of the same size and level at once (a session of solves).
    NextScramble,
    /// Cycle the colour scheme.
    Scheme,
    /// Open the help.
    Help,
    /// Pause: hide the board and stop the clock.
    Pause,
    /// Open the review of the game just won (or of the game chosen in the statistics).
    Review,
    /// Open the statistics screen.
    Stats,
    /// Close what is open (an overlay); never quits.
    Back,
    /// Quit (the game is saved).
    Quit,
    /// Copy the daily puzzle's result to the clipboard (on the win screen).
    Copy,
    /// Show or hide the tile numbers over a picture.
    Numbers,
    /// Ctrl-C: quit from anywhere, at once.
    ForceQuit,
    /// Enter when it is not bound to anything else.
    Confirm,
    /// Page Up when it is not bound (scrolls the help).
    PageUp,
    /// Page Down when it is not bound.
    PageDown,
    /// A left click at a screen cell.
    Click {
        /// Column.
        column: u16,
        /// Row.
        row: u16,
    },
    /// The mouse moved over a screen cell with no button held (hover control).
    Hover {
        /// Column.
        column: u16,
        /// Row.
        row: u16,
    },
    /// Any other key.
    Other,
}

impl Action {
    /// The actions `[keys]` binds, in the order of config.toml.
    pub const BOUND: [Action; 20] = [
        Action::Up,
        Action::Down,
        Action::Left,
        Action::Right,
        Action::Hint,
        Action::Solve,
        Action::Undo,
        Action::Redo,
        Action::Restart,
        Action::NewGame,
        Action::NextScramble,
        Action::Scheme,
        Action::Help,
        Action::Pause,
        Action::Review,
        Action::Stats,
        Action::Back,
        Action::Quit,
        Action::Copy,
        Action::Numbers,
    ];

    /// The key under `[keys]` in the config file; empty for inputs that can't be bound.
    pub const fn config_name(self) -> &'static str {
        match self {
            Action::Up => "up",
            Action::Down => "down",
            Action::Left => "left",
            Action::Right => "right",
            Action::Hint => "hint",
            Action::Solve => "solve",
            Action::Undo => "undo",
            Action::Redo => "redo",
            Action::Restart => "restart",
            Action::NewGame => "new_game",
            Action::NextScramble => "next_scramble",
            Action::Scheme => "scheme",
            Action::Help => "help",
            Action::Pause => "pause",
            Action::Review => "review",
            Action::Stats => "stats",
            Action::Back => "back",
            Action::Quit => "quit",
            Action::Copy => "copy",
            Action::Numbers => "numbers",
            Action::ForceQuit
            | Action::Confirm
            | Action::PageUp
            | Action::PageDown
            | Action::Click { .. }
            | Action::Hover { .. }
            | Action::Other => "",
        }
    }

    /// Whether this is one of the four direction keys.
    pub const fn is_direction(self) -> bool {
        matches!(self, Action::Up | Action::Down | Action::Left | Action::Right)
    }
}

/// A key as named in the config file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyName {
    /// A printable character (case-sensitive).
    Char(char),
    /// A function key F1 … F12.
    F(u8),
    Up,
    Down,
    Left,
    Right,
    Enter,
    Esc,
    Tab,
    Backspace,
    Delete,
    Insert,
    Home,
    End,
    PageUp,
    PageDown,
}

/// A key with its Ctrl modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KeySpec {
    /// The key.
    pub key: KeyName,
    /// Whether Ctrl is held.
    pub ctrl: bool,
}

impl KeySpec {
    /// Parses `"k"`, `"Up"`, `"F1"`, `"Ctrl-z"`, `"Space"`.
    pub fn parse(text: &str) -> Option<KeySpec> {
        let (ctrl, rest) = match text.strip_prefix("Ctrl-").or_else(|| text.strip_prefix("C-")) {
            Some(rest) if !rest.is_empty() => (true, rest),
            _ => (false, text),
        };
        let mut chars = rest.chars();
        let key = match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_control() && c != ' ' => KeyName::Char(c),
            _ => match rest {
                "Up" => KeyName::Up,
                "Down" => KeyName::Down,
                "Left" => KeyName::Left,
                "Right" => KeyName::Right,
                "Enter" => KeyName::Enter,
                "Esc" => KeyName::Esc,
                "Tab" => KeyName::Tab,
                "Backspace" => KeyName::Backspace,
                "Space" => KeyName::Char(' '),
                "Delete" => KeyName::Delete,
                "Insert" => KeyName::Insert,
                "Home" => KeyName::Home,
                "End" => KeyName::End,
                "PageUp" => KeyName::PageUp,
                "PageDown" => KeyName::PageDown,
                f if f.starts_with('F') => match f[1..].parse::<u8>() {
                    Ok(n @ 1..=12) => KeyName::F(n),
                    _ => return None,
                },
                _ => return None,
            },
        };
        Some(KeySpec { key, ctrl })
    }
}

impl fmt::Display for KeySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            f.write_str("Ctrl-")?;
        }
        match self.key {
            KeyName::Char(' ') => f.write_str("Space"),
            KeyName::Char(c) => write!(f, "{c}"),
            KeyName::F(n) => write!(f, "F{n}"),
            KeyName::Up => f.write_str("↑"),
            KeyName::Down => f.write_str("↓"),
            KeyName::Left => f.write_str("←"),
            KeyName::Right => f.write_str("→"),
            other => write!(f, "{other:?}"),
        }
    }
}

/// The keys of every bindable action, read from the config and checked: each name is a
/// key, Ctrl-C is not bound, and no key serves two actions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bindings {
    /// Per action of [`Action::BOUND`]: each key, and its name as written.
    keys: Vec<(Action, Vec<(KeySpec, String)>)>,
}

impl Bindings {
    /// The bindings of `config`, or the first name that is not a key or that repeats a key
    /// of another action, at its line and column in the file.
    pub fn from_config(config: &Config) -> Result<Bindings, ConfigError> {
        let mut seen: HashMap<KeySpec, Action> = HashMap::new();
        let mut keys = Vec::new();
        for (name, written) in config.keys.all() {
            let Some(action) = Action::BOUND.into_iter().find(|a| a.config_name() == name) else {
                continue;
            };
            let mut specs = Vec::new();
            for text in written {
                let Some(spec) = KeySpec::parse(&text.value) else {
                    return Err(config.invalid(
                        text.at,
                        format!(
                            "keys.{name}: unknown key name '{}'; expected one character or a name like Up, Enter, Esc, F1, Ctrl-x",
                            text.value
                        ),
                    ));
                };
                if spec
                    == (KeySpec {
                        key: KeyName::Char('c'),
                        ctrl: true,
                    })
                {
                    return Err(config.invalid(text.at, "Ctrl-c always quits and cannot be bound"));
                }
                if let Some(other) = seen.insert(spec, action)
                    && other != action
                {
                    return Err(config.invalid(
                        text.at,
                        format!(
                            "key '{}' is bound to both keys.{} and keys.{}; one key, one action",
                            text.value,
                            other.config_name(),
                            action.config_name()
                        ),
                    ));
                }
                specs.push((spec, text.value.clone()));
            }
            keys.push((action, specs));
        }
        Ok(Bindings { keys })
    }

    /// The first key bound to `action`, for the footer and help.
    pub fn first(&self, action: Action) -> Option<KeySpec> {
        self.keys
            .iter()
            .find(|(a, _)| *a == action)
            .and_then(|(_, specs)| specs.first())
            .map(|(spec, _)| *spec)
    }

    /// The keys bound to `action` for a message: its first key ("q"), or "the quit key".
    pub fn named(&self, action: Action) -> String {
        self.first(action)
            .map_or_else(|| format!("the {} key", action.config_name()), |k| k.to_string())
    }

    /// Every action with its key names as written, for the help.
    pub fn written(&self) -> impl Iterator<Item = (Action, Vec<&str>)> {
        self.keys
            .iter()
            .map(|(a, specs)| (*a, specs.iter().map(|(_, name)| name.as_str()).collect()))
    }

    /// The keymap these bindings make.
    pub fn keymap(&self) -> Keymap {
        Keymap {
            keys: self
                .keys
                .iter()
                .flat_map(|(a, specs)| specs.iter().map(move |(spec, _)| (*spec, *a)))
                .collect(),
        }
    }
}

impl Default for Bindings {
    /// The shipped bindings (`config.toml`'s `[keys]`).
    fn default() -> Bindings {
        Bindings::from_config(&Config::default()).unwrap_or(Bindings { keys: Vec::new() })
    }
}

/// Keys to actions, from the config.
#[derive(Debug, Clone)]
pub struct Keymap {
    keys: HashMap<KeySpec, Action>,
}

impl Keymap {
    /// The action for a terminal event; `None` for events that mean nothing (key releases,
    /// mouse motion, focus changes).
    pub fn action(&self, event: &Event) -> Option<Action> {
        match event {
            Event::Key(key) => self.key_action(key),
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => Some(Action::Click {
                column: m.column,
                row: m.row,
            }),
            Event::Mouse(m) if m.kind == MouseEventKind::Moved => Some(Action::Hover {
                column: m.column,
                row: m.row,
            }),
            _ => None,
        }
    }

    /// The action for a key event: presses only (repeats and releases are ignored).
    pub fn key_action(&self, key: &KeyEvent) -> Option<Action> {
        if key.kind != KeyEventKind::Press {
            return None;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && matches!(key.code, KeyCode::Char('c' | 'C')) {
            return Some(Action::ForceQuit);
        }
        let Some(name) = key_name(key.code) else {
            return Some(Action::Other);
        };
        let spec = KeySpec { key: name, ctrl };
        Some(match self.keys.get(&spec) {
            Some(a) => *a,
            None if name == KeyName::Enter => Action::Confirm,
            None if name == KeyName::PageUp => Action::PageUp,
            None if name == KeyName::PageDown => Action::PageDown,
            None => Action::Other,
        })
    }
}

fn key_name(code: KeyCode) -> Option<KeyName> {
    Some(match code {
        KeyCode::Char(c) => KeyName::Char(c),
        KeyCode::F(n) => KeyName::F(n),
        KeyCode::Up => KeyName::Up,
        KeyCode::Down => KeyName::Down,
        KeyCode::Left => KeyName::Left,
        KeyCode::Right => KeyName::Right,
        KeyCode::Enter => KeyName::Enter,
        KeyCode::Esc => KeyName::Esc,
        KeyCode::Tab => KeyName::Tab,
        KeyCode::Backspace => KeyName::Backspace,
        KeyCode::Delete => KeyName::Delete,
        KeyCode::Insert => KeyName::Insert,
        KeyCode::Home => KeyName::Home,
        KeyCode::End => KeyName::End,
        KeyCode::PageUp => KeyName::PageUp,
        KeyCode::PageDown => KeyName::PageDown,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyEventState, MouseEvent};

    fn press(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent {
            code,
            modifiers,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        })
    }

    #[test]
    fn default_bindings() {
        let k = Bindings::default().keymap();
        let none = KeyModifiers::NONE;
        assert_eq!(k.action(&press(KeyCode::Left, none)), Some(Action::Left));
        assert_eq!(k.action(&press(KeyCode::Char('w'), none)), Some(Action::Up));
        assert_eq!(k.action(&press(KeyCode::Char('j'), none)), Some(Action::Down));
        assert_eq!(k.action(&press(KeyCode::Char('i'), none)), Some(Action::Hint));
        assert_eq!(
            k.action(&press(KeyCode::Char('R'), KeyModifiers::SHIFT)),
            Some(Action::Restart)
        );
        assert_eq!(k.action(&press(KeyCode::Char('g'), none)), Some(Action::Other));
        assert_eq!(k.action(&press(KeyCode::Char('x'), none)), Some(Action::Scheme));
        assert_eq!(
            k.action(&press(KeyCode::Char('N'), KeyModifiers::SHIFT)),
            Some(Action::NextScramble)
        );
        assert_eq!(k.action(&press(KeyCode::Enter, none)), Some(Action::Confirm));
        assert_eq!(
            k.action(&press(KeyCode::Char('c'), KeyModifiers::CONTROL)),
            Some(Action::ForceQuit)
        );
    }

    fn err(text: &str) -> String {
        let config = Config::parse(text, std::path::Path::new("c.toml")).expect("the library takes it");
        Bindings::from_config(&config)
            .expect_err("should be rejected")
            .to_string()
    }

    #[test]
    fn the_shipped_bindings_are_valid() {
        assert!(Bindings::from_config(&Config::default()).is_ok());
        assert_eq!(Bindings::default().first(Action::Hint), KeySpec::parse("i"));
        assert_eq!(Bindings::default().written().count(), Action::BOUND.len());
    }

    #[test]
    fn bad_key_names_are_reported_at_their_line_and_column() {
        let e = err("[keys]\nhint = [\"Hyper\"]\n");
        assert!(e.starts_with("c.toml:2:9: keys.hint: unknown key name 'Hyper'"), "{e}");
        let e = err("[keys]\nhint = [\"k\"]\n");
        assert!(e.starts_with("c.toml:2:9: "), "{e}");
        assert!(e.contains("bound to both keys.up and keys.hint"), "{e}");
        let e = err("[keys]\nquit = [\"q\", \"Ctrl-c\"]\n");
        assert_eq!(e, "c.toml:2:14: Ctrl-c always quits and cannot be bound");
    }

    #[test]
    fn key_names_parse() {
        assert_eq!(
            KeySpec::parse("Ctrl-z"),
            Some(KeySpec {
                key: KeyName::Char('z'),
                ctrl: true
            })
        );
        assert_eq!(KeySpec::parse("F12").map(|k| k.key), Some(KeyName::F(12)));
        assert_eq!(KeySpec::parse("F13"), None);
        assert_eq!(KeySpec::parse("-").map(|k| k.key), Some(KeyName::Char('-')));
    }

    #[test]
    fn releases_are_ignored_and_clicks_are_seen() {
        let k = Bindings::default().keymap();
        let release = Event::Key(KeyEvent {
            code: KeyCode::Left,
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Release,
            state: KeyEventState::NONE,
        });
        assert_eq!(k.action(&release), None);
        let click = Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 3,
            row: 4,
            modifiers: KeyModifiers::NONE,
        });
        assert_eq!(k.action(&click), Some(Action::Click { column: 3, row: 4 }));
    }
}
