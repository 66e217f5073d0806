//! Input to intent: key and mouse events become [`Action`]s through the configured keymap.
//! The enum itself lives in the config, which binds keys to it.

use std::collections::HashMap;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind};
pub use slide::config::Action;
use slide::config::{KeyBindings, KeyName, KeySpec};

/// Keys to actions, from the config.
#[derive(Debug, Clone)]
pub struct Keymap {
    keys: HashMap<KeySpec, Action>,
}

impl Keymap {
    /// The keymap of the configured bindings (validated when the config loaded).
    pub fn new(bindings: &KeyBindings) -> Keymap {
        Keymap {
            keys: bindings.specs().into_iter().collect(),
        }
    }

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
        let k = Keymap::new(&KeyBindings::default());
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

    #[test]
    fn releases_are_ignored_and_clicks_are_seen() {
        let k = Keymap::new(&KeyBindings::default());
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
