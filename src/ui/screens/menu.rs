//! The new-game menu: size, and a level or today's daily puzzle, a picture for the tiles,
//! or an unfinished game to resume.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use slide::difficulty::Level;
use slide::puzzle::Size;

use slide::difficulty::{DealRequest, fresh_seed};
use slide::game::Notice;

use crate::ui::context::{Context, View};
use crate::ui::keys::{Action, Bindings};
use crate::ui::screen::{Screen, Transition};
use crate::ui::screens::dealing::deal;
use crate::ui::screens::help::Help;
use crate::ui::theme::Theme;
use crate::ui::widgets::overlay;

/// The new-game menu's choices.
#[derive(Debug, Clone, PartialEq)]
pub struct Menu {
    /// Index into [`Size::ALL`].
    pub size: usize,
    /// Index into [`Level::ALL`], or [`Menu::DAILY`].
    pub level: usize,
    /// The highlighted row: 0 size, 1 level, 2 picture, 3 start.
    pub row: usize,
    /// Index into `pictures`.
    pub picture: usize,
    /// The pictures offered: "none", the shipped ones, and the player's file if one is on.
    pub pictures: Vec<String>,
    /// Unfinished games to resume: id and a line describing it (rows 3 and on).
    pub resumable: Vec<(String, String)>,
}

impl Menu {
    /// The level index that stands for today's daily puzzle.
    pub const DAILY: usize = Level::ALL.len();

    /// The row of the picture choice.
    pub const PICTURE: usize = 2;
    /// The row of Start; the games to resume follow it.
    pub const START: usize = 3;

    /// How many rows the menu has: size, level, picture, start, then one per game to resume.
    pub fn rows(&self) -> usize {
        Menu::START + 1 + self.resumable.len()
    }

    /// What Start deals: the chosen size at the chosen level, or today's daily puzzle.
    pub fn request(&self) -> DealRequest {
        let size = Size::ALL[self.size];
        match Level::ALL.get(self.level) {
            Some(&level) => DealRequest {
                size,
                level,
                seed: fresh_seed(),
                daily: None,
            },
            None => DealRequest::daily_today(size),
        }
    }
}

/// The menu as a screen.
#[derive(Debug, Clone, PartialEq)]
pub struct MenuScreen {
    /// The choices.
    pub menu: Menu,
}

impl MenuScreen {
    /// The menu at the game in play's size and level (or the daily puzzle), with the
    /// unfinished games to resume.
    pub fn open(ctx: &mut Context) -> MenuScreen {
        let game = &ctx.session.game;
        let size = Size::ALL.iter().position(|s| *s == game.size()).unwrap_or(1);
        let level = game.level().unwrap_or(ctx.settings.config.level());
        let level = if game.daily().is_some() {
            Menu::DAILY
        } else {
            Level::ALL.iter().position(|l| *l == level).unwrap_or(1)
        };
        let current = ctx.look.picture.as_ref().map(|p| &p.picture);
        let pictures = crate::ui::picture_mode::menu_choices(current);
        let picture = current
            .and_then(|c| pictures.iter().position(|n| *n == c.name))
            .unwrap_or(0);
        let now = now_ms();
        let resumable = ctx
            .session
            .persist
            .resumable()
            .into_iter()
            .map(|g| {
                let line = g.summary(now);
                (g.id, line)
            })
            .collect();
        let menu = Menu {
            size,
            level,
            row: Menu::START,
            picture,
            pictures,
            resumable,
        };
        ctx.engine.deal_ahead(menu.request());
        MenuScreen { menu }
    }

    /// Puts the menu's picture on the tiles, if it changed.
    fn choose_picture(&self, ctx: &mut Context) {
        let menu = &self.menu;
        let chosen = menu.pictures.get(menu.picture).map_or("none", String::as_str);
        let current = ctx.look.picture.as_ref().map(|p| &p.picture);
        if current.map_or("none", |p| p.name.as_str()) == chosen {
            return;
        }
        let notice = match crate::ui::picture_mode::load_choice(chosen, current) {
            Ok(p) => ctx.look.set_picture(p),
            Err(e) => Some(Notice::warning(format!("{e}; the tiles keep numbers."))),
        };
        if let Some(n) = notice {
            ctx.notify(n);
        }
    }

    /// The menu row under a click, if any.
    fn row_at(&self, ctx: &Context, column: u16, row: u16) -> Option<usize> {
        let (lines, rows) = menu_lines(&self.menu, &ctx.settings.theme, &ctx.settings.keys);
        let rect = overlay::rect(ctx.area, MENU_TITLE, &lines);
        if column < rect.x || column >= rect.x + rect.width || row <= rect.y {
            return None;
        }
        rows.get(usize::from(row - rect.y - 1)).copied().flatten()
    }
}

impl Screen for MenuScreen {
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        let cycle = |i: usize, n: usize, forward: bool| {
            if forward { (i + 1) % n } else { (i + n - 1) % n }
        };
        let menu = &mut self.menu;
        match action {
            Action::Up => menu.row = cycle(menu.row, menu.rows(), false),
            Action::Down => menu.row = cycle(menu.row, menu.rows(), true),
            Action::Left | Action::Right => {
                let fwd = action == Action::Right;
                match menu.row {
                    0 => menu.size = cycle(menu.size, Size::ALL.len(), fwd),
                    1 => menu.level = cycle(menu.level, Menu::DAILY + 1, fwd),
                    Menu::PICTURE => menu.picture = cycle(menu.picture, menu.pictures.len().max(1), fwd),
                    _ => {}
                }
            }
            Action::Confirm | Action::NewGame if menu.row > Menu::START => {
                self.choose_picture(ctx);
                if let Some((id, _)) = self.menu.resumable.get(self.menu.row - Menu::START - 1) {
                    let id = id.clone();
                    ctx.session.resume(&id, ctx.engine, &ctx.settings.config);
                }
                return Transition::Home;
            }
            Action::Confirm | Action::NewGame => {
                self.choose_picture(ctx);
                let request = self.menu.request();
                ctx.session
                    .persist
                    .remember_choice(request.size, request.daily.map_or(Some(request.level), |_| None));
                return deal(request, false, ctx);
            }
            Action::Click { column, row } => {
                if let Some(clicked) = self.row_at(ctx, column, row) {
                    self.menu.row = clicked;
                    if clicked >= Menu::START {
                        return self.update(Action::Confirm, ctx);
                    }
                }
            }
            Action::Help => return Transition::Push(Box::new(Help::default())),
            Action::Quit | Action::Back => return Transition::Pop,
            _ => {}
        }
        // The highlighted choice is dealt ahead, so that Start needs no wait.
        ctx.engine.deal_ahead(self.menu.request());
        Transition::Stay
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        let (lines, _) = menu_lines(&self.menu, &view.settings.theme, &view.settings.keys);
        overlay::draw(area, buf, MENU_TITLE, view.settings.theme.accent, lines);
    }
}

/// Milliseconds since the Unix epoch (for "2 h ago").
fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The menu's lines, and for each line the row it selects (if it is one).
fn menu_lines(m: &Menu, theme: &Theme, keys: &Bindings) -> (Vec<Line<'static>>, Vec<Option<usize>>) {
    let pick = |row: usize, text: String| {
        let selected = m.row == row;
        let style = if selected {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        } else {
            Style::new()
        };
        Line::styled(format!("{} {text}", if selected { "▸" } else { " " }), style)
    };
    let mut lines = vec![
        pick(0, format!("Size    ◀ {} ▶", Size::ALL[m.size])),
        pick(1, format!("Level   ◀ {:<6} ▶", level_name(m.level))),
        pick(
            Menu::PICTURE,
            format!(
                "Picture ◀ {:<9} ▶",
                picture_label(m.pictures.get(m.picture).map_or("none", String::as_str))
            ),
        ),
        pick(Menu::START, "Start".to_string()),
    ];
    let mut rows = vec![Some(0), Some(1), Some(Menu::PICTURE), Some(Menu::START)];
    if !m.resumable.is_empty() {
        lines.push(Line::raw(""));
        rows.push(None);
        for (i, (_, summary)) in m.resumable.iter().enumerate() {
            lines.push(pick(Menu::START + 1 + i, format!("Resume {summary}")));
            rows.push(Some(Menu::START + 1 + i));
        }
    }
    let choose = keys.names(&[Action::Up, Action::Down]);
    let change = keys.names(&[Action::Left, Action::Right]);
    let start = match keys.name(Action::Confirm) {
        enter if enter == "Enter" => enter,
        _ => keys.name(Action::NewGame),
    };
    let back = keys.name(Action::Back);
    lines.extend([
        Line::raw(""),
        Line::styled(format!("{choose} choose  {change} change  or click"), theme.dim),
        Line::styled(format!("{start} start  {back} back"), theme.dim),
    ]);
    (lines, rows)
}

const MENU_TITLE: &str = " New game ";

fn level_name(index: usize) -> String {
    Level::ALL
        .get(index)
        .map_or_else(|| "daily".to_string(), ToString::to_string)
}

/// A picture's name as the menu shows it: a file's name without its folder.
fn picture_label(name: &str) -> String {
    std::path::Path::new(name)
        .file_name()
        .map_or_else(|| name.to_string(), |n| n.to_string_lossy().into_owned())
}
