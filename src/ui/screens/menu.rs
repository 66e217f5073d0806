//! The new-game menu: size (a preset, or any width and height from 2 to 10), and a level or
//! today's daily puzzle, the mode (single, blind, a marathon of some boards, a relay up to the
//! size), a picture for the tiles, a puzzle code or a board typed in, or an unfinished game
//! to resume.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use slide::difficulty::Level;
use slide::puzzle::Size;

use slide::difficulty::{DealRequest, fresh_seed};
use slide::game::{Game, Notice, RunKind};

use crate::ui::context::{Context, View};
use crate::ui::keys::{Action, Bindings};
use crate::ui::screen::{Screen, Transition};
use crate::ui::screens::dealing::deal;
use crate::ui::screens::help::Help;
use crate::ui::screens::menu_size::{PRESETS, levels_offered, next_preset, stepped};
use crate::ui::screens::paused::Paused;
use crate::ui::theme::Theme;
use crate::ui::widgets::overlay;

/// The new-game menu's choices.
#[derive(Debug, Clone, PartialEq)]
pub struct Menu {
    /// The board's size: a preset, or any width and height.
    pub size: Size,
    /// Index into the levels offered at the size ([`levels_offered`]), or one past them for
    /// today's daily puzzle (on the classic sizes, [`Menu::DAILY`]).
    pub level: usize,
    /// The highlighted row: [`Menu::SIZE`], [`Menu::WIDTH`], [`Menu::HEIGHT`],
    /// [`Menu::LEVEL`], [`Menu::MODE`], [`Menu::PICTURE`], [`Menu::CODE`], [`Menu::START`].
    pub row: usize,
    /// Index into `modes`.
    pub mode: usize,
    /// The modes offered: single, blind, marathons of some counts, relay.
    pub modes: Vec<MenuMode>,
    /// Index into `pictures`.
    pub picture: usize,
    /// The pictures offered: "none", the shipped ones, and the player's file if one is on.
    pub pictures: Vec<String>,
    /// Unfinished games to resume: id and a line describing it (rows after Start).
    pub resumable: Vec<(String, String)>,
    /// The code or board being typed (`Some` while the field takes the keys).
    pub typing: Option<String>,
    /// Why the code or board typed could not be played.
    pub typed_error: Option<String>,
}

impl Menu {
    /// The level index that stands for today's daily puzzle on a classic size.
    pub const DAILY: usize = Level::ALL.len();

    /// The row of the size presets.
    pub const SIZE: usize = 0;
    /// The row of the board's width.
    pub const WIDTH: usize = 1;
    /// The row of the board's height.
    pub const HEIGHT: usize = 2;
    /// The row of the level.
    pub const LEVEL: usize = 3;
    /// The row of the mode choice.
    pub const MODE: usize = 4;
    /// The row of the picture choice.
    pub const PICTURE: usize = 5;
    /// The row where a puzzle code or a board is typed.
    pub const CODE: usize = 6;
    /// The row of Start; the games to resume follow it.
    pub const START: usize = 7;

    /// How many rows the menu has: size, width, height, level, mode, picture, code, start,
    /// then one per game to resume.
    pub fn rows(&self) -> usize {
        Menu::START + 1 + self.resumable.len()
    }

    /// The level chosen (`None`: today's daily puzzle).
    pub fn chosen_level(&self) -> Option<Level> {
        levels_offered(self.size).get(self.level).copied()
    }

    /// How many choices the level row has at the size: its levels, and the daily puzzle on
    /// a classic size.
    pub(crate) fn level_choices(&self) -> usize {
        levels_offered(self.size).len() + usize::from(slide::difficulty::has_daily(self.size))
    }

    /// Changes the size, keeping the level chosen where the new size offers it (else its
    /// first level).
    pub fn set_size(&mut self, size: Size) {
        let chosen = self.chosen_level();
        self.size = size;
        let offered = levels_offered(size);
        self.level = match chosen {
            None if slide::difficulty::has_daily(size) => Menu::DAILY,
            Some(level) => offered.iter().position(|l| *l == level).unwrap_or(0),
            None => 0,
        };
    }

    /// The mode chosen.
    pub fn chosen_mode(&self) -> MenuMode {
        self.modes.get(self.mode).copied().unwrap_or(MenuMode::Single)
    }

    /// What Start deals: the chosen size at the chosen level, or today's daily puzzle; a
    /// blind solve's board is uniformly random (ranked).
    pub fn request(&self) -> DealRequest {
        let size = self.size;
        let level = match self.chosen_mode() {
            MenuMode::Single => self.chosen_level(),
            _ => Some(Level::Random),
        };
        match level {
            Some(level) => DealRequest {
                size,
                level,
                seed: fresh_seed(),
                daily: None,
            },
            None => DealRequest::daily_today(size),
        }
    }
}

/// A mode the menu offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuMode {
    /// A single solve at the chosen level.
    Single,
    /// A blind solve of a random board.
    Blind,
    /// A marathon of this many random boards of the chosen size.
    Marathon(u32),
    /// A relay from 3×3 up to the chosen size.
    Relay,
}

/// The marathons the menu offers (any count from 2 to 999,999 on the command line).
const MARATHONS: [u32; 6] = [2, 5, 10, 25, 50, 100];

impl MenuMode {
    /// The modes offered, with `current` among them (a marathon of another count).
    fn offered(current: MenuMode) -> Vec<MenuMode> {
        let mut modes = vec![MenuMode::Single, MenuMode::Blind];
        let mut counts = MARATHONS.to_vec();
        if let MenuMode::Marathon(n) = current
            && !counts.contains(&n)
        {
            counts.push(n);
            counts.sort_unstable();
        }
        modes.extend(counts.into_iter().map(MenuMode::Marathon));
        modes.push(MenuMode::Relay);
        modes
    }

    /// The mode of the game in play.
    fn of(game: &Game) -> MenuMode {
        match game.run().map(slide::game::Run::kind) {
            Some(RunKind::Marathon { count, .. }) => MenuMode::Marathon(count),
            Some(RunKind::Relay { .. }) => MenuMode::Relay,
            None if game.is_blind() => MenuMode::Blind,
            None => MenuMode::Single,
        }
    }

    /// How the mode row reads at `size`.
    fn label(self, size: Size) -> String {
        match self {
            MenuMode::Single => "single".into(),
            MenuMode::Blind => "blind".into(),
            MenuMode::Marathon(n) => format!("marathon of {n}"),
            // A rectangle or 2×2 is a relay of that board alone (relay_to's rule).
            MenuMode::Relay if RunKind::relay_to(size).count() == 1 => format!("relay ({size} only)"),
            MenuMode::Relay => format!("relay 3×3 to {size}"),
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
    /// Resumes the unfinished game on the chosen row. One under way opens hidden: its clock
    /// runs from the moment its board shows.
    fn resume_chosen(&mut self, ctx: &mut Context) -> Transition {
        if let Some((id, _)) = self.menu.resumable.get(self.menu.row - Menu::START - 1) {
            let id = id.clone();
            ctx.current.resume(&id, ctx.engine, &ctx.settings.config);
            if ctx.current.under_way() {
                let what = "Resumed the game you chose; the other is kept in the menu.";
                return Transition::Reset(Box::new(Paused::resumed(what.to_string())));
            }
        }
        Transition::Home
    }

    /// The menu at the game in play's size and level (or the daily puzzle), with the
    /// unfinished games to resume.
    pub fn open(ctx: &mut Context) -> MenuScreen {
        let game = &ctx.current.game;
        let size = game.size();
        let offered = levels_offered(size);
        let level = game.level().unwrap_or(ctx.settings.config.level());
        // The daily puzzle is dealt on the classic sizes only.
        let level = if game.daily().is_some() {
            Menu::DAILY
        } else {
            offered
                .iter()
                .position(|l| *l == level)
                .unwrap_or(usize::from(offered.len() > 1))
        };
        let current = ctx.look.picture.as_ref().map(|p| &p.picture);
        let pictures = crate::ui::picture_mode::menu_choices(current);
        let picture = current
            .and_then(|c| pictures.iter().position(|n| *n == c.name))
            .unwrap_or(0);
        let current_mode = MenuMode::of(game);
        let modes = MenuMode::offered(current_mode);
        let mode = modes.iter().position(|m| *m == current_mode).unwrap_or(0);
        let now = slide::game::unix_millis();
        let resumable = ctx
            .current
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
            mode,
            modes,
            picture,
            pictures,
            resumable,
            typing: None,
            typed_error: None,
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
        if self.menu.typing.is_some() {
            return self.type_code(action, ctx);
        }
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
                    Menu::SIZE => menu.set_size(next_preset(menu.size, fwd)),
                    Menu::WIDTH => menu.set_size(stepped(menu.size, true, fwd)),
                    Menu::HEIGHT => menu.set_size(stepped(menu.size, false, fwd)),
                    Menu::LEVEL if menu.chosen_mode() == MenuMode::Single => {
                        menu.level = cycle(menu.level, menu.level_choices(), fwd);
                    }
                    Menu::MODE => menu.mode = cycle(menu.mode, menu.modes.len().max(1), fwd),
                    Menu::PICTURE => menu.picture = cycle(menu.picture, menu.pictures.len().max(1), fwd),
                    _ => {}
                }
            }
            Action::Confirm if menu.row == Menu::CODE => {
                menu.typing = Some(String::new());
                menu.typed_error = None;
                return Transition::Stay;
            }
            Action::Confirm | Action::NewGame if menu.row > Menu::START => {
                self.choose_picture(ctx);
                return self.resume_chosen(ctx);
            }
            Action::Confirm | Action::NewGame => {
                self.choose_picture(ctx);
                let mode = self.menu.chosen_mode();
                ctx.current.blind = mode == MenuMode::Blind;
                let size = self.menu.size;
                let run = match mode {
                    MenuMode::Marathon(count) => Some(RunKind::Marathon { size, count }),
                    MenuMode::Relay => Some(RunKind::relay_to(size)),
                    MenuMode::Single | MenuMode::Blind => None,
                };
                if let Some(kind) = run {
                    // A run's boards are dealt at once: nothing to wait for.
                    let game = Game::new_run(kind, fresh_seed());
                    ctx.current.start(
                        game,
                        crate::ui::current_game::Origin::New,
                        ctx.engine,
                        &ctx.settings.config,
                    );
                    return Transition::Home;
                }
                let request = self.menu.request();
                if mode == MenuMode::Single {
                    ctx.current
                        .persist
                        .remember_choice(request.size, request.daily.map_or(Some(request.level), |_| None));
                }
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

    fn takes_text(&self) -> bool {
        self.menu.typing.is_some()
    }
}

impl MenuScreen {
    /// A key while the code field is being typed in: characters go into it, Backspace takes
    /// one back, Enter plays what it says (a puzzle code or a board), Esc leaves the field.
    fn type_code(&mut self, action: Action, ctx: &mut Context) -> Transition {
        let menu = &mut self.menu;
        let text = menu.typing.get_or_insert_with(String::new);
        match action {
            Action::Type(c) => {
                if text.chars().count() < MAX_TYPED {
                    text.push(c);
                }
                menu.typed_error = None;
            }
            Action::Erase => {
                text.pop();
                menu.typed_error = None;
            }
            Action::Back => menu.typing = None,
            Action::Confirm if text.trim().is_empty() => menu.typing = None,
            Action::Confirm => match typed_game(text) {
                Ok(Typed::Code(request)) => {
                    self.choose_picture(ctx);
                    ctx.current.note_chosen_seed(request.seed);
                    return deal(request, false, ctx);
                }
                Ok(Typed::Board(board)) => {
                    self.choose_picture(ctx);
                    let game = slide::game::Game::new(board, None, None, None);
                    ctx.current.start(
                        game,
                        crate::ui::current_game::Origin::New,
                        ctx.engine,
                        &ctx.settings.config,
                    );
                    return Transition::Home;
                }
                Err(e) => menu.typed_error = Some(e),
            },
            Action::Quit | Action::ForceQuit => return Transition::Quit,
            // Up and down leave the field for another row.
            Action::Up | Action::Down => {
                menu.typing = None;
                return self.update(action, ctx);
            }
            _ => {}
        }
        Transition::Stay
    }
}

/// The most characters the code field takes (a 10×10 board written out with spaces).
const MAX_TYPED: usize = 300;

/// What was typed in the code field.
enum Typed {
    /// A puzzle code that deals a board from a seed.
    Code(DealRequest),
    /// A board: a board code, or the numbers row by row.
    Board(slide::puzzle::Board),
}

/// The game `text` names: a puzzle code, or a board's numbers; else why neither.
fn typed_game(text: &str) -> Result<Typed, String> {
    use slide::difficulty::PuzzleCode;
    let text = text.trim();
    // A code has a dash after its size and level; anything else is read as a board.
    let looks_like_code = text.chars().nth(2) == Some('-') && !text.contains(' ');
    match text.parse::<PuzzleCode>() {
        Ok(PuzzleCode::Seeded { size, level, seed }) => Ok(Typed::Code(DealRequest {
            size,
            level,
            seed,
            daily: None,
        })),
        Ok(PuzzleCode::Board(board)) if board.is_goal() => Err(SOLVED.to_string()),
        Ok(PuzzleCode::Board(board)) => Ok(Typed::Board(board)),
        Err(e) if looks_like_code => Err(format!("Puzzle code: {e}.")),
        Err(_) => match text.parse::<slide::puzzle::Board>() {
            Ok(board) if board.is_goal() => Err(SOLVED.to_string()),
            Ok(board) => Ok(Typed::Board(board)),
            Err(e) => Err(format!("Not a code, nor a board: {e}.")),
        },
    }
}

/// Why a board typed in that is already solved is not played.
const SOLVED: &str = "That board is already solved: nothing to play.";

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
    let preset = PRESETS.contains(&(m.size.width(), m.size.height()));
    let mut lines = vec![
        pick(
            Menu::SIZE,
            format!(
                "Size    ◀ {:<5} ▶{}",
                m.size.to_string(),
                if preset { "" } else { " (custom)" }
            ),
        ),
        pick(Menu::WIDTH, format!("  width  ◀ {:>2} ▶", m.size.width())),
        pick(Menu::HEIGHT, format!("  height ◀ {:>2} ▶", m.size.height())),
        match m.chosen_mode() {
            MenuMode::Single => pick(Menu::LEVEL, format!("Level   ◀ {:<6} ▶", level_name(m.chosen_level()))),
            _ => pick(Menu::LEVEL, "Level   random (ranked)".to_string()),
        },
        pick(Menu::MODE, format!("Mode    ◀ {} ▶", m.chosen_mode().label(m.size))),
        pick(
            Menu::PICTURE,
            format!(
                "Picture ◀ {:<9} ▶",
                picture_label(m.pictures.get(m.picture).map_or("none", String::as_str))
            ),
        ),
        pick(
            Menu::CODE,
            match &m.typing {
                Some(text) => format!("Code    {}_", tail(text, 24)),
                None => "Code    or board: Enter to type".to_string(),
            },
        ),
        pick(Menu::START, "Start".to_string()),
    ];
    let mut rows = vec![
        Some(Menu::SIZE),
        Some(Menu::WIDTH),
        Some(Menu::HEIGHT),
        Some(Menu::LEVEL),
        Some(Menu::MODE),
        Some(Menu::PICTURE),
        Some(Menu::CODE),
        Some(Menu::START),
    ];
    // Why the code typed can't be played, under its row.
    if let Some(e) = &m.typed_error {
        for (i, row) in crate::ui::widgets::notice::wrap(e, 36).into_iter().enumerate() {
            lines.insert(Menu::START + i, Line::styled(format!("  {row}"), theme.accent));
            rows.insert(Menu::START + i, None);
        }
    }
    if !m.resumable.is_empty() {
        lines.push(Line::raw(""));
        rows.push(None);
        for (i, (_, summary)) in m.resumable.iter().enumerate() {
            lines.push(pick(Menu::START + 1 + i, format!("Resume {summary}")));
            rows.push(Some(Menu::START + 1 + i));
        }
    }
    lines.push(Line::raw(""));
    lines.extend(key_lines(m, theme, keys));
    (lines, rows)
}

/// The keys the menu takes now, under its rows: the code field's while it is typed in.
fn key_lines(m: &Menu, theme: &Theme, keys: &Bindings) -> Vec<Line<'static>> {
    if m.typing.is_some() {
        return vec![
            Line::styled("Type a puzzle code, or a board's numbers", theme.dim),
            Line::styled("row by row (0 for the gap).", theme.dim),
            Line::styled("Enter plays it  Esc leaves the field", theme.dim),
        ];
    }
    let choose = keys.names(&[Action::Up, Action::Down]);
    let change = keys.names(&[Action::Left, Action::Right]);
    let start = match keys.name(Action::Confirm) {
        enter if enter == "Enter" => enter,
        _ => keys.name(Action::NewGame),
    };
    let back = keys.name(Action::Back);
    vec![
        Line::styled(format!("{choose} choose  {change} change  or click"), theme.dim),
        Line::styled(format!("{start} start  {back} back"), theme.dim),
    ]
}

const MENU_TITLE: &str = " New game ";

fn level_name(level: Option<Level>) -> String {
    level.map_or_else(|| "daily".to_string(), |l| l.to_string())
}

/// The last `n` characters of `text`, after an ellipsis when it is longer.
fn tail(text: &str, n: usize) -> String {
    let count = text.chars().count();
    if count <= n {
        return text.to_string();
    }
    let kept: String = text.chars().skip(count - (n - 1)).collect();
    format!("…{kept}")
}

/// A picture's name as the menu shows it: a file's name without its folder.
fn picture_label(name: &str) -> String {
    std::path::Path::new(name)
        .file_name()
        .map_or_else(|| name.to_string(), |n| n.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_relay_row_says_what_the_relay_plays() {
        let rect = Size::rect(4, 3).expect("4×3");
        assert_eq!(MenuMode::Relay.label(rect), "relay (4×3 only)");
        assert_eq!(MenuMode::Relay.label(Size::THREE), "relay (3×3 only)");
        let ten = Size::new(10).expect("10×10");
        assert_eq!(MenuMode::Relay.label(ten), "relay 3×3 to 10×10");
    }
}
