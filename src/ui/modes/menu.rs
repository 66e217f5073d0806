//! The new-game menu: size, and a level or today's daily puzzle, or an unfinished game to
//! resume.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::Widget;
use slide::difficulty::Level;
use slide::puzzle::Size;

use slide::config::Action;
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
    /// The highlighted row: 0 size, 1 level, 2 start.
    pub row: usize,
    /// The win screen to return to on cancel.
    pub from_win: Option<WinSummary>,
    /// Unfinished games to resume: id and a line describing it (rows 3 and on).
    pub resumable: Vec<(String, String)>,
}

impl Menu {
    /// The level index that stands for today's daily puzzle.
    pub const DAILY: usize = Level::ALL.len();

    /// How many rows the menu has: size, level, start, then one per game to resume.
    pub fn rows(&self) -> usize {
        3 + self.resumable.len()
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
                    _ => {}
                }
            }
            Action::Confirm | Action::NewGame if menu.row >= 3 => {
                if let Some((id, _)) = menu.resumable.get(menu.row - 3) {
                    let id = id.clone();
                    self.resume_game(&id);
                }
                return;
            }
            Action::Confirm | Action::NewGame => {
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
                    if clicked >= 2 {
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
            row: 2,
            from_win,
            resumable,
        };
        self.deal_ahead_for(menu.request());
        self.mode = Mode::Menu(menu);
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
        pick(0, format!("Size   ◀ {} ▶", Size::ALL[m.size])),
        pick(1, format!("Level  ◀ {:<6} ▶", level_name(m.level))),
        pick(2, "Start".to_string()),
    ];
    let mut rows = vec![Some(0), Some(1), Some(2)];
    if !m.resumable.is_empty() {
        lines.push(Line::raw(""));
        rows.push(None);
        for (i, (_, summary)) in m.resumable.iter().enumerate() {
            lines.push(pick(3 + i, format!("Resume {summary}")));
            rows.push(Some(3 + i));
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
