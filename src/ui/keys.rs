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
    /// Look at the goal (the whole picture); on the win screen, move the box aside.
    Peek,
    /// Open the settings screen.
    Settings,
    /// Play back the solve chosen in the statistics, at its real speed.
    Playback,
    /// Open the session screen (this session's figures and histograms).
    Session,
    /// Begin a new session (after a confirmation).
    NewSession,
    /// Ctrl-C: quit from anywhere, at once.
    ForceQuit,
    /// Ctrl-Z: suspend to the shell, as other terminal programs do (`fg` comes back).
    Suspend,
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
    /// A character typed into a text field (only while a screen takes text).
    Type(char),
    /// Backspace in a text field.
    Erase,
    /// Any other key.
    Other,
}

/// Every bindable action and its name under `[keys]` (config.toml, the help's
/// `{name}` placeholders, the settings screen), in the order of config.toml: the one table
/// of action names. A test checks it against the config schema's list.
const ACTION_NAMES: [(Action, &str); 25] = [
    (Action::Up, "up"),
    (Action::Down, "down"),
    (Action::Left, "left"),
    (Action::Right, "right"),
    (Action::Hint, "hint"),
    (Action::Solve, "solve"),
    (Action::Undo, "undo"),
    (Action::Redo, "redo"),
    (Action::Restart, "restart"),
    (Action::NewGame, "new_game"),
    (Action::NextScramble, "next_scramble"),
    (Action::Scheme, "scheme"),
    (Action::Help, "help"),
    (Action::Pause, "pause"),
    (Action::Review, "review"),
    (Action::Stats, "stats"),
    (Action::Back, "back"),
    (Action::Quit, "quit"),
    (Action::Copy, "copy"),
    (Action::Numbers, "numbers"),
    (Action::Peek, "peek"),
    (Action::Settings, "settings"),
    (Action::Playback, "playback"),
    (Action::Session, "session"),
    (Action::NewSession, "new_session"),
];

impl Action {
    /// The actions `[keys]` binds, in the order of config.toml.
    pub const BOUND: [Action; 25] = {
        let mut out = [Action::Other; 25];
        let mut i = 0;
        while i < ACTION_NAMES.len() {
            out[i] = ACTION_NAMES[i].0;
            i += 1;
        }
        out
    };

    /// The key under `[keys]` in the config file; empty for inputs that can't be bound.
    pub fn config_name(self) -> &'static str {
        ACTION_NAMES
            .iter()
            .find(|(a, _)| *a == self)
            .map_or("", |(_, name)| name)
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

impl KeySpec {
    /// Why no terminal can send this key, if none can: it sends another key in its place
    /// (Ctrl-i is Tab, Ctrl-m is Enter, Ctrl-[ is Esc), or it sends the key without Ctrl
    /// (Ctrl-Z is Ctrl-z, Ctrl-1 is 1), so a binding of it would never fire.
    pub fn unsendable(self) -> Option<String> {
        if !self.ctrl {
            return None;
        }
        let instead = match self.key {
            KeyName::Char('i' | 'I') | KeyName::Tab => "Tab",
            KeyName::Char('m' | 'M') | KeyName::Enter => "Enter",
            KeyName::Char('[') | KeyName::Esc => "Esc",
            KeyName::Char(c) if c.is_ascii_uppercase() => {
                return Some(format!(
                    "terminals send Ctrl-{} for Ctrl-{c} (Ctrl takes no Shift)",
                    c.to_ascii_lowercase()
                ));
            }
            KeyName::Char(c) if c.is_ascii_lowercase() || matches!(c, ' ' | '4'..='7') => return None,
            KeyName::Char(_) => return Some("terminals send no such key with Ctrl".to_string()),
            KeyName::Backspace => "Backspace",
            _ => return None,
        };
        Some(format!("terminals send {instead} for it"))
    }

    /// The key's name on screen: a character as it is, arrows as ↑ ↓ ← → (Up, Down, Left,
    /// Right where the terminal has no UTF-8), and short names for the rest (Esc, Enter,
    /// `PgUp`, Space).
    pub fn label(self, unicode: bool) -> String {
        let key = match self.key {
            KeyName::Char(' ') => "Space".to_string(),
            KeyName::Char(c) => c.to_string(),
            KeyName::F(n) => format!("F{n}"),
            KeyName::Up => (if unicode { "↑" } else { "Up" }).to_string(),
            KeyName::Down => (if unicode { "↓" } else { "Down" }).to_string(),
            KeyName::Left => (if unicode { "←" } else { "Left" }).to_string(),
            KeyName::Right => (if unicode { "→" } else { "Right" }).to_string(),
            KeyName::PageUp => "PgUp".to_string(),
            KeyName::PageDown => "PgDn".to_string(),
            KeyName::Delete => "Del".to_string(),
            KeyName::Insert => "Ins".to_string(),
            other => format!("{other:?}"),
        };
        if self.ctrl { format!("Ctrl-{key}") } else { key }
    }
}

impl fmt::Display for KeySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label(true))
    }
}

/// The keys of every bindable action, read from the config and checked: each name is a
/// key, Ctrl-C is not bound, and no key serves two actions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bindings {
    /// Per action of [`Action::BOUND`]: each key, and its name as written.
    keys: Vec<(Action, Vec<(KeySpec, String)>)>,
    /// Whether key names may use UTF-8 (arrows); else they are words.
    unicode: bool,
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
                if let Some(why) = spec.unsendable() {
                    return Err(config.invalid(text.at, format!("keys.{name}: '{}' can't be bound: {why}", text.value)));
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
        Ok(Bindings { keys, unicode: true })
    }

    /// These bindings named for a terminal with UTF-8 (`unicode`) or without.
    #[must_use]
    pub fn for_terminal(mut self, unicode: bool) -> Bindings {
        self.unicode = unicode;
        self
    }

    /// The first key bound to `action`.
    pub fn first(&self, action: Action) -> Option<KeySpec> {
        self.keys
            .iter()
            .find(|(a, _)| *a == action)
            .and_then(|(_, specs)| specs.first())
            .map(|(spec, _)| *spec)
    }

    /// Whether some action is bound to `key`.
    fn is_bound(&self, key: KeyName) -> bool {
        self.keys
            .iter()
            .flat_map(|(_, specs)| specs)
            .any(|(spec, _)| spec.key == key && !spec.ctrl)
    }

    /// The one name of an action's key on screen, which every hint, footer, dialog and
    /// notice uses: the first key bound to it ("q", "↑", "Esc"); for the inputs the game
    /// reads by itself, the key that gives them while it is free (Enter for Confirm, `PgUp`,
    /// `PgDn`); Ctrl-c for Quit with no key of its own (it always quits); "(no key)" else.
    pub fn name(&self, action: Action) -> String {
        let free = |key: KeyName, label: &str| (!self.is_bound(key)).then(|| label.to_string());
        let name = match action {
            Action::Confirm => free(KeyName::Enter, "Enter"),
            Action::PageUp => free(KeyName::PageUp, "PgUp"),
            Action::PageDown => free(KeyName::PageDown, "PgDn"),
            Action::Quit | Action::ForceQuit => Some(
                self.first(Action::Quit)
                    .map_or_else(|| "Ctrl-c".to_string(), |k| k.label(self.unicode)),
            ),
            _ => self.first(action).map(|k| k.label(self.unicode)),
        };
        name.unwrap_or_else(|| "(no key)".to_string())
    }

    /// Several actions' keys in one hint: run together when each is one character ("↑↓",
    /// "ik"), else with slashes ("Up/Down").
    pub fn names(&self, actions: &[Action]) -> String {
        let names: Vec<String> = actions.iter().map(|&a| self.name(a)).collect();
        if names.iter().all(|n| n.chars().count() == 1) {
            names.concat()
        } else {
            names.join("/")
        }
    }

    /// Every action with its keys' names as the screen shows them, for the help.
    pub fn written(&self) -> impl Iterator<Item = (Action, Vec<String>)> {
        self.keys
            .iter()
            .map(|(a, specs)| (*a, specs.iter().map(|(spec, _)| spec.label(self.unicode)).collect()))
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
        Bindings::from_config(&Config::default()).unwrap_or(Bindings {
            keys: Vec::new(),
            unicode: true,
        })
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

    /// The action for a terminal event while a screen takes typed text (a code in the
    /// menu): a printable character types itself, bound or not; Backspace erases, Enter
    /// confirms, Esc goes back; anything else is read as usual.
    pub fn text_action(&self, event: &Event) -> Option<Action> {
        if let Event::Key(key) = event
            && key.kind == KeyEventKind::Press
            && !key.modifiers.contains(KeyModifiers::CONTROL)
        {
            match key.code {
                KeyCode::Char(c) => return Some(Action::Type(c)),
                KeyCode::Backspace => return Some(Action::Erase),
                KeyCode::Enter => return Some(Action::Confirm),
                KeyCode::Esc => return Some(Action::Back),
                _ => {}
            }
        }
        self.action(event)
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
        if ctrl && matches!(key.code, KeyCode::Char('z' | 'Z')) {
            return Some(Action::Suspend);
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

    #[test]
    fn the_table_of_action_names_is_the_configs_list() {
        let config = slide::config::Config::default();
        let schema: Vec<&str> = config.keys.all().iter().map(|(name, _)| *name).collect();
        let table: Vec<&str> = ACTION_NAMES.iter().map(|(_, name)| *name).collect();
        assert_eq!(table, schema, "one name an action, in config.toml's order");
        assert!(Action::BOUND.iter().all(|a| !a.config_name().is_empty()));
        assert_eq!(Action::Click { column: 0, row: 0 }.config_name(), "");
    }
    use crossterm::event::{KeyEventState, MouseEvent};
    use std::path::Path;

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
        assert_eq!(k.action(&press(KeyCode::Char('e'), none)), Some(Action::Other));
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
        assert_eq!(
            k.action(&press(KeyCode::Char('z'), KeyModifiers::CONTROL)),
            Some(Action::Suspend)
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
    fn keys_no_terminal_can_send_are_refused_at_their_line_and_column() {
        let e = err("[keys]\nhint = [\"Ctrl-i\"]\n");
        assert_eq!(
            e,
            "c.toml:2:9: keys.hint: 'Ctrl-i' can't be bound: terminals send Tab for it"
        );
        let e = err("[game]\nsize = 3\n[keys]\nundo = [\"u\", \"Ctrl-m\"]\n");
        assert_eq!(
            e,
            "c.toml:4:14: keys.undo: 'Ctrl-m' can't be bound: terminals send Enter for it"
        );
        assert!(err("[keys]\nundo = [\"Ctrl-Z\"]\n").contains("terminals send Ctrl-z for Ctrl-Z"));
        assert!(err("[keys]\nundo = [\"Ctrl-[\"]\n").contains("Esc"));
        assert!(err("[keys]\nundo = [\"Ctrl-Enter\"]\n").contains("Enter"));
        assert!(err("[keys]\nundo = [\"Ctrl-1\"]\n").contains("can't be bound"));
        // Keys a terminal does send with Ctrl are taken.
        let config = Config::parse(
            "[keys]\nundo = [\"Ctrl-z\", \"Ctrl-h\", \"Ctrl-Up\", \"Ctrl-F5\"]\n",
            Path::new("c.toml"),
        )
        .expect("valid toml");
        assert!(Bindings::from_config(&config).is_ok());
    }

    #[test]
    fn one_function_names_every_actions_keys_as_bound() {
        let keys = Bindings::default();
        assert_eq!(keys.name(Action::Quit), "q");
        assert_eq!(keys.name(Action::Up), "↑");
        assert_eq!(keys.names(&[Action::Up, Action::Down]), "↑↓");
        assert_eq!(keys.name(Action::Back), "Esc");
        assert_eq!(keys.name(Action::Confirm), "Enter");
        assert_eq!(keys.name(Action::PageDown), "PgDn");
        assert_eq!(keys.name(Action::Pause), "Space");
        let ascii = Bindings::default().for_terminal(false);
        assert_eq!(ascii.names(&[Action::Up, Action::Down]), "Up/Down");
        let config = Config::parse(
            "[keys]\nup = [\"I\"]\ndown = [\"K\"]\nleft = [\"J\"]\nright = [\"L\"]\nquit = []\nhint = [\"Enter\"]\n",
            Path::new("c.toml"),
        )
        .expect("valid toml");
        let rebound = Bindings::from_config(&config).expect("valid keys");
        assert_eq!(
            rebound.names(&[Action::Up, Action::Down, Action::Left, Action::Right]),
            "IKJL"
        );
        assert_eq!(rebound.name(Action::Quit), "Ctrl-c", "Ctrl-c always quits");
        assert_eq!(rebound.name(Action::Confirm), "(no key)", "Enter gives a hint now");
        assert_eq!(rebound.name(Action::Help), "?");
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
