//! The new-game menu: size, and a level or today's daily puzzle, a picture for the tiles,
//! or an unfinished game to resume.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Widget;
use slide::difficulty::Level;
use slide::puzzle::Size;

use crate::ui::keys::Action;
use slide::difficulty::{DealRequest, fresh_seed};

use crate::ui::app::{App, Mode, Origin, slide_now_ms};
use crate::ui::modes::win::WinSummary;
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
    /// The win screen to return to on cancel.
    pub from_win: Option<WinSummary>,
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

impl App {
    pub(crate) fn update_menu(&mut self, mut menu: Menu, action: Action) {
        let cycle = |i: usize, n: usize, forward: bool| {
            if forward { (i + 1) % n } else { (i + n - 1) % n }
        };
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
                self.choose_picture(&menu);
                if let Some((id, _)) = menu.resumable.get(menu.row - Menu::START - 1) {
                    let id = id.clone();
                    self.resume_game(&id);
                }
                return;
            }
            Action::Confirm | Action::NewGame => {
                self.choose_picture(&menu);
                let request = menu.request();
                let size = request.size;
                self.persist
                    .remember_choice(size, request.daily.map_or(Some(request.level), |_| None));
                self.new_game(request);
                return;
            }
            Action::Click { column, row } => {
                if let Some(clicked) = self.menu_row_at(&menu, column, row) {
                    menu.row = clicked;
                    if clicked >= Menu::START {
                        return self.update_menu(menu, Action::Confirm);
                    }
                }
            }
            Action::Help => return self.open_help(),
            Action::Quit | Action::Back => {
                self.mode = match menu.from_win {
                    Some(w) => Mode::Won(w),
                    None => Mode::Playing,
                };
                return;
            }
            _ => {}
        }
        self.deal_ahead_for(menu.request());
        self.mode = Mode::Menu(menu);
    }

    pub(crate) fn open_menu(&mut self) {
        let size = Size::ALL.iter().position(|s| *s == self.game.size()).unwrap_or(1);
        let level = self.game.level().unwrap_or(self.config.level());
        let level = if self.game.daily().is_some() {
            Menu::DAILY
        } else {
            Level::ALL.iter().position(|l| *l == level).unwrap_or(1)
        };
        let from_win = match &self.mode {
            Mode::Won(w) => Some(w.clone()),
            _ => None,
        };
        let current = self.picture.as_ref().map(|p| &p.picture);
        let pictures = crate::ui::picture_mode::menu_choices(current);
        let picture = current
            .and_then(|c| pictures.iter().position(|n| *n == c.name))
            .unwrap_or(0);
        let now = slide_now_ms();
        let resumable = self
            .persist
            .resumable()
            .into_iter()
            .map(|g| {
                let line = g.summary(now);
                (g.id, line)
            })
            .collect();
        self.take_notices();
        let menu = Menu {
            size,
            level,
            row: Menu::START,
            picture,
            pictures,
            from_win,
            resumable,
        };
        self.deal_ahead_for(menu.request());
        self.mode = Mode::Menu(menu);
    }

    /// Puts the menu's picture on the tiles, if it changed.
    fn choose_picture(&mut self, menu: &Menu) {
        let chosen = menu.pictures.get(menu.picture).map_or("none", String::as_str);
        let current = self.picture.as_ref().map(|p| &p.picture);
        if current.map_or("none", |p| p.name.as_str()) == chosen {
            return;
        }
        match crate::ui::picture_mode::load_choice(chosen, current) {
            Ok(p) => self.set_picture(p),
            Err(e) => self.notify(slide::game::Notice::warning(format!("{e}; the tiles keep numbers."))),
        }
    }

    /// Resumes the unfinished game `id` from the menu.
    pub(crate) fn resume_game(&mut self, id: &str) {
        match self.persist.resume(id) {
            Ok(game) => {
                // Claimed before the current one is left: `switch_to` must not release it.
                self.switch_to(game, Origin::Resumed);
                self.status = Some("Resumed. Your other game is kept in the menu.".into());
            }
            Err(e) => {
                self.take_notices();
                self.notify(slide::game::Notice::warning(format!(
                    "Could not resume that game: {e}."
                )));
                self.mode = Mode::Playing;
            }
        }
    }
}

/// The menu overlay.
pub struct MenuView<'a> {
    /// The choices.
    pub menu: &'a Menu,
    /// Styles.
    pub theme: &'a Theme,
}

/// The menu's lines, and for each line the row it selects (if it is one).
fn menu_lines(m: &Menu, theme: &Theme) -> (Vec<Line<'static>>, Vec<Option<usize>>) {
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
    lines.extend([
        Line::raw(""),
        Line::styled("↑↓ choose  ←→ change  or click", theme.dim),
        Line::styled("Enter start  Esc back", theme.dim),
    ]);
    (lines, rows)
}

const MENU_TITLE: &str = " New game ";

impl App {
    /// The menu row under a click, if any.
    pub(crate) fn menu_row_at(&self, menu: &Menu, column: u16, row: u16) -> Option<usize> {
        let (lines, rows) = menu_lines(menu, &self.theme);
        let rect = overlay::rect(self.area, MENU_TITLE, &lines);
        if column < rect.x || column >= rect.x + rect.width || row <= rect.y {
            return None;
        }
        rows.get(usize::from(row - rect.y - 1)).copied().flatten()
    }
}

impl Widget for MenuView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (lines, _) = menu_lines(self.menu, self.theme);
        overlay::draw(area, buf, MENU_TITLE, self.theme.accent, lines);
    }
}

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
