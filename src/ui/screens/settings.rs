//! The settings screen: how the board looks and plays, changed in the game and saved to
//! the player's config.toml at once, with the file's comments and layout kept. Each choice
//! applies as soon as it is made.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use slide::config::{ArrowsMove, LargeTables, SettingValue, ThemePreset};

use crate::ui::context::{Context, View};
use crate::ui::keys::{Action, Bindings};
use crate::ui::picture_mode::{load_choice, menu_choices};
use crate::ui::scheme::Scheme;
use crate::ui::screen::{Screen, Transition};
use crate::ui::settings::Settings;
use crate::ui::theme::Theme;
use crate::ui::widgets::overlay;

/// One setting on the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// The tiles' colour scheme (`look.scheme`).
    Scheme,
    /// Numbers over a picture (`look.numbers`).
    Numbers,
    /// The picture on the tiles (`game.picture`).
    Picture,
    /// What the direction keys move (`game.arrows_move`).
    Arrows,
    /// Hover control (`input.hover`).
    Hover,
    /// The delay between the solver's moves (`game.animation_ms`).
    Animation,
    /// Inspection before the clock starts (`game.inspection_s`).
    Inspection,
    /// The colour preset (`theme.preset`).
    Colours,
    /// Background thinking (`game.thinking`).
    Thinking,
    /// The large tables of sizes played often (`game.large_tables`).
    LargeTables,
}

impl Row {
    /// Every row, in order on screen.
    pub const ALL: [Row; 10] = [
        Row::Scheme,
        Row::Numbers,
        Row::Picture,
        Row::Arrows,
        Row::Hover,
        Row::Animation,
        Row::Inspection,
        Row::Colours,
        Row::Thinking,
        Row::LargeTables,
    ];

    fn label(self) -> &'static str {
        match self {
            Row::Scheme => "Colour scheme",
            Row::Numbers => "Picture numbers",
            Row::Picture => "Picture",
            Row::Arrows => "Keys move the",
            Row::Hover => "Hover control",
            Row::Animation => "Solver's moves",
            Row::Inspection => "Inspection",
            Row::Colours => "Colours",
            Row::Thinking => "Background thinking",
            Row::LargeTables => "Large tables",
        }
    }
}

/// The choices of the animation delay, in milliseconds.
const ANIMATION: [u64; 7] = [0, 60, 120, 180, 300, 500, 1000];
/// The choices of inspection, in seconds.
const INSPECTION: [u64; 7] = [0, 5, 8, 10, 15, 30, 60];
/// The large tables' settings, in the order of the config's documentation.
const LARGE: [LargeTables; 3] = [LargeTables::Auto, LargeTables::Ask, LargeTables::Off];
/// The colour presets, in the order of the config's documentation.
const PRESETS: [(ThemePreset, &str); 3] = [
    (ThemePreset::Default, "default"),
    (ThemePreset::HighContrast, "high-contrast"),
    (ThemePreset::Mono, "mono"),
];

/// The settings screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsScreen {
    /// The row chosen.
    pub row: usize,
    /// The pictures offered: none, the shipped ones, and the player's file if one is on.
    pub pictures: Vec<String>,
    /// What the last change did: where it was saved, or why not.
    pub said: Option<String>,
}

impl SettingsScreen {
    /// The screen, on its first row.
    pub fn open(ctx: &mut Context) -> SettingsScreen {
        let current = ctx.look.picture.as_ref().map(|p| &p.picture);
        SettingsScreen {
            row: 0,
            pictures: menu_choices(current),
            said: None,
        }
    }

    /// The picture on now, as the pictures' list names it.
    fn picture_index(&self, ctx: &Context) -> usize {
        let name = ctx.look.picture.as_ref().map_or("none", |p| p.picture.name.as_str());
        self.pictures.iter().position(|n| n == name).unwrap_or(0)
    }

    /// Moves `row`'s value one step (back when `forward` is false), applies it and saves it.
    fn change(&mut self, row: Row, forward: bool, ctx: &mut Context) {
        let Some((table, key, value)) = self.apply(row, forward, ctx) else {
            return;
        };
        self.said = Some(match ctx.settings.save(table, key, value) {
            None => ctx.settings.file.as_ref().map_or_else(
                || "Applied (not saved: no config file).".to_string(),
                |f| format!("Saved in {}.", shorten(&f.path().display().to_string(), 44)),
            ),
            Some(notice) => {
                let text = notice.text.clone();
                ctx.notify(notice);
                text
            }
        });
    }

    /// Moves `row`'s value one step and applies it: what to save, or `None` when it could not
    /// be applied (`said` then says why).
    fn apply(&mut self, row: Row, forward: bool, ctx: &mut Context) -> Option<Entry> {
        let config = &mut ctx.settings.config;
        Some(match row {
            Row::Scheme => {
                ctx.look.scheme = if forward {
                    ctx.look.scheme.next()
                } else {
                    previous(ctx.look.scheme)
                };
                config.look.scheme = ctx.look.scheme.name().to_string();
                ("look", "scheme", SettingValue::Text(config.look.scheme.clone()))
            }
            Row::Numbers => {
                ctx.look.numbers = !ctx.look.numbers;
                config.look.numbers = ctx.look.numbers;
                ("look", "numbers", SettingValue::Bool(ctx.look.numbers))
            }
            Row::Picture => return self.next_picture(forward, ctx),
            Row::Arrows => {
                config.game.arrows_move = match config.game.arrows_move {
                    ArrowsMove::Tile => ArrowsMove::Blank,
                    ArrowsMove::Blank => ArrowsMove::Tile,
                };
                (
                    "game",
                    "arrows_move",
                    SettingValue::Text(arrows(config.game.arrows_move).into()),
                )
            }
            Row::Hover => {
                config.input.hover = !config.input.hover;
                ("input", "hover", SettingValue::Bool(config.input.hover))
            }
            Row::Animation => {
                config.game.animation_ms = step_at_least(&ANIMATION, config.game.animation_ms, forward);
                (
                    "game",
                    "animation_ms",
                    SettingValue::Int(config.game.animation_ms as i64),
                )
            }
            Row::Inspection => {
                config.game.inspection_s = step_at_least(&INSPECTION, config.game.inspection_s, forward);
                (
                    "game",
                    "inspection_s",
                    SettingValue::Int(config.game.inspection_s as i64),
                )
            }
            Row::Colours => next_colours(forward, ctx),
            Row::Thinking => {
                config.game.thinking = !config.game.thinking;
                ctx.engine.set_thinking(config.game.thinking);
                ("game", "thinking", SettingValue::Bool(config.game.thinking))
            }
            Row::LargeTables => next_large_tables(forward, ctx),
        })
    }

    /// Shows the picture a step from the one on, telling the player what `set_picture` has
    /// to say: what to save, or `None` when it could not be loaded (`said` then says why).
    fn next_picture(&mut self, forward: bool, ctx: &mut Context) -> Option<Entry> {
        let picture = step(self.picture_index(ctx), self.pictures.len().max(1), forward);
        let chosen = self.pictures.get(picture).map_or("none", String::as_str);
        let current = ctx.look.picture.as_ref().map(|p| &p.picture);
        match load_choice(chosen, current) {
            Ok(p) => {
                let path = p.as_ref().map_or_else(String::new, |p| p.name.clone());
                if let Some(n) = ctx.look.set_picture(p) {
                    ctx.notify(n);
                }
                ctx.settings.config.game.picture.clone_from(&path);
                Some(("game", "picture", SettingValue::Text(path)))
            }
            Err(e) => {
                self.said = Some(format!("{e}"));
                None
            }
        }
    }
}

/// A setting as config.toml holds it: its table, its key and its value.
type Entry = (&'static str, &'static str, SettingValue);

/// The index a step from `i` in a cycle of `n`, back when `forward` is false.
fn step(i: usize, n: usize, forward: bool) -> usize {
    if forward { (i + 1) % n } else { (i + n - 1) % n }
}

/// The choice a step from `current` among `choices`, counted from the first choice at least
/// `current` (from the first of all if none is).
fn step_at_least(choices: &[u64], current: u64, forward: bool) -> u64 {
    let i = choices.iter().position(|&v| v >= current).unwrap_or(0);
    choices[step(i, choices.len(), forward)]
}

/// The colour preset a step from the one on, applied to the theme and the tiles.
fn next_colours(forward: bool, ctx: &mut Context) -> Entry {
    let config = &mut ctx.settings.config;
    let i = PRESETS.iter().position(|(p, _)| *p == config.theme.preset).unwrap_or(0);
    let (preset, name) = PRESETS[step(i, PRESETS.len(), forward)];
    config.theme.preset = preset;
    let colours = ctx.settings.caps.colours;
    if let Ok(theme) = Theme::from_config(&ctx.settings.config, colours) {
        ctx.settings.theme = theme;
    }
    ctx.look.colours = ctx.settings.theme.colours;
    ("theme", "preset", SettingValue::Text(name.into()))
}

/// The large tables' setting a step from the one on, acted on at once: a build starts or
/// stops, and the status line says so.
fn next_large_tables(forward: bool, ctx: &mut Context) -> Entry {
    let config = &mut ctx.settings.config;
    let i = LARGE.iter().position(|l| *l == config.game.large_tables).unwrap_or(0);
    config.game.large_tables = LARGE[step(i, LARGE.len(), forward)];
    let name = config.game.large_tables.name();
    if let Some(said) = ctx.current.large_tables_set(ctx.engine, &ctx.settings.config) {
        ctx.current.status = Some(said);
    }
    ("game", "large_tables", SettingValue::Text(name.into()))
}

impl Screen for SettingsScreen {
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        let n = Row::ALL.len();
        match action {
            Action::Up => self.row = (self.row + n - 1) % n,
            Action::Down => self.row = (self.row + 1) % n,
            Action::Left | Action::Right | Action::Confirm => {
                self.change(Row::ALL[self.row], action != Action::Left, ctx);
            }
            Action::Click { column, row } => {
                let lines = self.lines(ctx.settings, ctx.look);
                let rect = overlay::rect(ctx.area, TITLE, &lines);
                let first = rect.y + 1;
                if column >= rect.x && row >= first && usize::from(row - first) < n {
                    self.row = usize::from(row - first);
                    self.change(Row::ALL[self.row], true, ctx);
                }
            }
            Action::Hover { .. } => {}
            Action::Quit => return Transition::Quit,
            _ => return Transition::Pop,
        }
        Transition::Stay
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        let lines = self.lines(view.settings, view.look);
        let theme = &view.settings.theme;
        overlay::draw(area, buf, TITLE, theme.accent, lines);
    }
}

const TITLE: &str = " Settings ";

impl SettingsScreen {
    /// The screen's lines: one a setting, then what the last change did and the keys.
    fn lines(&self, settings: &Settings, look: &crate::ui::look::Look) -> Vec<Line<'static>> {
        let config = &settings.config;
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        let value = |row: Row| match row {
            Row::Scheme => look.scheme.name().to_string(),
            Row::Numbers => on(look.numbers),
            Row::Picture => look
                .picture
                .as_ref()
                .map_or_else(|| "none".into(), |p| p.picture.short_name()),
            Row::Arrows => arrows(config.game.arrows_move).to_string(),
            Row::Hover => on(config.input.hover),
            Row::Animation => match config.game.animation_ms {
                0 => "at once".to_string(),
                ms => format!("{ms} ms apart"),
            },
            Row::Inspection => match config.game.inspection_s {
                0 => "off".to_string(),
                s => format!("{s} s"),
            },
            Row::Colours => PRESETS
                .iter()
                .find(|(p, _)| *p == config.theme.preset)
                .map_or("default", |(_, n)| n)
                .to_string(),
            Row::Thinking => if config.game.thinking {
                "on, low priority"
            } else {
                "off"
            }
            .to_string(),
            Row::LargeTables => match config.game.large_tables {
                LargeTables::Auto => "built after 3 games",
                LargeTables::Ask => "ask first",
                LargeTables::Off => "off",
            }
            .to_string(),
        };
        let theme = &settings.theme;
        let mut lines: Vec<Line<'static>> = Row::ALL
            .iter()
            .enumerate()
            .map(|(i, &row)| {
                let selected = i == self.row;
                let style = if selected {
                    Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
                } else {
                    Style::new()
                };
                let mark = if selected { "▸" } else { " " };
                Line::styled(format!("{mark} {:<20}◀ {} ▶", row.label(), value(row)), style)
            })
            .collect();
        lines.push(Line::raw(""));
        if let Some(said) = &self.said {
            lines.push(Line::styled(shorten(said, 56), theme.dim));
        }
        lines.push(Line::styled(keys_line(&settings.keys), theme.dim));
        lines
    }
}

/// The scheme key: the next colour scheme, remembered in the config file; the status line.
pub fn cycle_scheme(ctx: &mut Context) -> String {
    let said = ctx.look.cycle_scheme();
    ctx.settings.config.look.scheme = ctx.look.scheme.name().to_string();
    let value = SettingValue::Text(ctx.settings.config.look.scheme.clone());
    if let Some(n) = ctx.settings.save("look", "scheme", value) {
        ctx.notify(n);
    }
    said
}

/// The numbers key: numbers over the picture shown or hidden, remembered in the config
/// file; the status line.
pub fn toggle_numbers(ctx: &mut Context) -> String {
    let said = ctx.look.toggle_numbers(&ctx.settings.keys);
    ctx.settings.config.look.numbers = ctx.look.numbers;
    if let Some(n) = ctx
        .settings
        .save("look", "numbers", SettingValue::Bool(ctx.look.numbers))
    {
        ctx.notify(n);
    }
    said
}

/// "↑↓ choose  ←→ change  Esc back", with the keys as bound.
fn keys_line(keys: &Bindings) -> String {
    format!(
        "{} choose  {} change  {} back",
        keys.names(&[Action::Up, Action::Down]),
        keys.names(&[Action::Left, Action::Right]),
        keys.name(Action::Back)
    )
}

/// The config's word for what the direction keys move.
fn arrows(a: ArrowsMove) -> &'static str {
    match a {
        ArrowsMove::Tile => "tile",
        ArrowsMove::Blank => "blank",
    }
}

/// The scheme before `s`.
fn previous(s: Scheme) -> Scheme {
    let all = Scheme::ALL;
    let i = all.iter().position(|x| *x == s).unwrap_or(0);
    all[(i + all.len() - 1) % all.len()]
}

/// `text` cut to `max` characters with an ellipsis (a long path keeps its end).
fn shorten(text: &str, max: usize) -> String {
    let n = text.chars().count();
    if n <= max {
        return text.to_string();
    }
    let tail: String = text.chars().skip(n - (max - 1)).collect();
    format!("…{tail}")
}
