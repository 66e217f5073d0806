//! The board screen, at the bottom of the stack: the board takes moves, hints and the
//! solver's help; the panel, the recent times and the footer are drawn around it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use slide::config::ArrowsMove;
use slide::puzzle::{Board, Move};

use crate::ui::context::{Context, View};
use crate::ui::keys::Action;
use crate::ui::moves::Played;
use crate::ui::screen::{Screen, Transition};
use crate::ui::screens::animation::Animation;
use crate::ui::screens::board_drawing::draw_board;
use crate::ui::screens::confirm_next::{ConfirmNext, next_scramble};
use crate::ui::screens::confirm_restart::ConfirmRestart;
use crate::ui::screens::confirm_session::ConfirmNewSession;
use crate::ui::screens::help::Help;
use crate::ui::screens::menu::MenuScreen;
use crate::ui::screens::paused::Paused;
use crate::ui::screens::peek::Peek;
use crate::ui::screens::review::ReviewScreen;
use crate::ui::screens::session_stats::SessionScreen;
use crate::ui::screens::settings::{self, SettingsScreen};
use crate::ui::screens::stats::{StatsScreen, open_statistics};
use crate::ui::screens::win::WinScreen;
use crate::ui::widgets::footer::Footer;
use crate::ui::widgets::layout::{Fit, ScreenLayout, fit};
use crate::ui::widgets::panel::Panel;
use crate::ui::widgets::times::Times;

/// The board screen. Its state is the game in play, which the context holds, since the
/// screens over it (the win box, the menu, the solver's animation) change it too.
#[derive(Debug, Default)]
pub struct Playing;

/// The screen an action opens over the board whatever the game's state, if it opens one.
fn screen_opened_by(action: Action, ctx: &mut Context) -> Option<Box<dyn Screen>> {
    Some(match action {
        Action::NewGame => Box::new(MenuScreen::open(ctx)),
        Action::Help => Box::new(Help::default()),
        Action::Peek => Box::new(Peek),
        Action::Settings => Box::new(SettingsScreen::open(ctx)),
        Action::Stats => Box::new(StatsScreen::open(ctx)),
        Action::Session => Box::new(SessionScreen::open(ctx, Some(open_statistics))),
        Action::NewSession => Box::new(ConfirmNewSession),
        _ => return None,
    })
}

/// A solved board (one given solved, or a win whose box was closed) takes no move: says so
/// rather than do nothing, and whether it did.
fn solved_takes_no_move(action: Action, ctx: &mut Context) -> bool {
    let plays = action.is_direction() || matches!(action, Action::Hint | Action::Solve);
    if plays && ctx.current.game.is_won() {
        let n = ctx.settings.keys.name(Action::NewGame);
        ctx.current.status = Some(format!("Solved: nothing to play. {n} for a new game."));
        return true;
    }
    false
}

/// What the status line says after a key that changes how the board looks, or after Esc
/// (which leaves nothing: the quit key does).
fn status_after(action: Action, ctx: &mut Context) -> String {
    match action {
        Action::Scheme => settings::cycle_scheme(ctx),
        Action::Numbers => settings::toggle_numbers(ctx),
        _ => format!("{} quits (your game is saved).", ctx.settings.keys.name(Action::Quit)),
    }
}

impl Screen for Playing {
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        if solved_takes_no_move(action, ctx) {
            return Transition::Stay;
        }
        if let Some(screen) = screen_opened_by(action, ctx) {
            return Transition::Push(screen);
        }
        let config = &ctx.settings.config;
        let (session, engine) = (&mut *ctx.current, &mut *ctx.engine);
        let played = match action {
            Action::Up | Action::Down | Action::Left | Action::Right => {
                session.play(move_of(action, config.game.arrows_move), engine, config)
            }
            Action::Click { column, row } if config.game.mouse => slide_segment_at(column, row, ctx),
            Action::Hover { column, row } => hover_at(column, row, ctx),
            Action::Undo => session.undo(engine, config),
            Action::Redo => session.redo(engine, config),
            // Leaving an attempt with moves counts (a DNF): asked first, as the restart is.
            Action::NextScramble if session.game.moves() > 0 && !session.game.is_won() => {
                return Transition::Push(Box::new(ConfirmNext));
            }
            Action::NextScramble => return next_scramble(ctx),
            Action::Scheme | Action::Numbers | Action::Back => {
                ctx.current.status = Some(status_after(action, ctx));
                Played::Nothing
            }
            Action::Hint => {
                session.ask_hint(engine, config);
                Played::Nothing
            }
            Action::Solve => {
                return match session.ask_solve(engine, config) {
                    Some(plan) => Transition::Push(Box::new(Animation::start(plan, ctx))),
                    None => Transition::Stay,
                };
            }
            // A run's attempt is every board's: at the start of its second board, R still
            // asks to start the run again.
            Action::Restart
                if session.game.moves() > 0 || session.game.can_redo() || !session.game.log().is_empty() =>
            {
                return Transition::Push(Box::new(ConfirmRestart));
            }
            Action::Pause if !session.game.is_won() => return Transition::Push(Box::new(Paused::default())),
            // Over a solved board whose win box was closed.
            Action::Review if session.game.is_won() => return Transition::Push(Box::new(ReviewScreen::current(ctx))),
            Action::Quit | Action::ForceQuit => return Transition::Quit,
            Action::Click { .. }
            | Action::Restart
            | Action::Pause
            | Action::Review
            | Action::Confirm
            | Action::PageUp
            | Action::PageDown
            | Action::Copy
            | Action::Playback
            | Action::Type(_)
            | Action::Erase
            | Action::Suspend
            | Action::NewGame
            | Action::Help
            | Action::Peek
            | Action::Settings
            | Action::Stats
            | Action::Session
            | Action::NewSession
            | Action::Other => Played::Nothing,
        };
        match played {
            Played::Won(w) => Transition::Push(Box::new(WinScreen::new(*w))),
            Played::Moved | Played::Nothing => Transition::Stay,
        }
    }

    fn answer(&mut self, answer: &slide::engine::Answer, ctx: &mut Context) -> Transition {
        match ctx.current.answer(answer) {
            // The solution asked for: the solver plays it, over whatever was opened since.
            Some(plan) => Transition::Reset(Box::new(Animation::start(plan, ctx))),
            None => Transition::Stay,
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        let s = view.current;
        let Fit::Fits(layout) = fit(area, s.game.size()) else {
            return;
        };
        let (keys, theme) = (&view.settings.keys, &view.settings.theme);
        Footer { keys, theme }.render(layout.footer, buf);
        if s.placeholder {
            // Nothing dealt yet: no board is invented behind the deal box.
            return;
        }
        let mut title = match s.game.level() {
            Some(l) => format!(" {} · {l} ", s.game.size()),
            None => format!(" {} ", s.game.size()),
        };
        if s.game.is_blind() {
            title.push_str("· blind ");
        }
        if let Some(run) = s.game.run() {
            title = format!(" {} · {} ", s.game.size(), run.kind().level());
        }
        let blank_convention = view.settings.config.game.arrows_move == ArrowsMove::Blank;
        let hint = s.visible_hint(view.engine);
        // A blind solve hides the tiles from the first move on.
        let hidden = s.game.is_blind() && !s.game.log().is_empty() && !s.game.is_won();
        draw_board(view, &layout, s.game.board(), hint, title, hidden, buf);
        if !hidden && let Some(cell) = s.hovered {
            highlight_segment(s.game.board(), cell, &layout, view, buf);
        }
        Panel {
            game: &s.game,
            plan: s.current_plan(view.engine),
            pending: view.engine.pending(),
            hint,
            blank_convention,
            first_game: s.first_game,
            best: s.best(),
            speed: s.speed(),
            inspection_left: s.inspection_left(view.now),
            tables: s.tables.as_deref().or(s.building.as_deref()),
            status: s.status.as_deref(),
            help_key: keys.name(Action::Help),
            theme,
            now: view.now,
        }
        .render(layout.panel, buf);
        if let Some(times) = layout.times {
            Times {
                speed: s.session_speed(),
                theme,
            }
            .render(times, buf);
        }
    }

    fn covers(&self) -> bool {
        true
    }

    fn clock_runs(&self) -> bool {
        true
    }

    fn watches_board(&self) -> bool {
        true
    }
}

/// The move a direction key makes, by the configured convention: the tile moves that way,
/// or the blank does (and the tile the other way).
pub fn move_of(direction: Action, convention: ArrowsMove) -> Move {
    let blank = convention == ArrowsMove::Blank;
    match (direction, blank) {
        (Action::Up, false) | (Action::Down, true) => Move::Up,
        (Action::Down, false) | (Action::Up, true) => Move::Down,
        (Action::Left, false) | (Action::Right, true) => Move::Left,
        _ => Move::Right,
    }
}

/// Slides the segment from the gap to the tile at a screen cell, if that tile is in the
/// gap's row or column (a click, or hover control).
fn slide_segment_at(column: u16, row: u16, ctx: &mut Context) -> Played {
    let game = &ctx.current.game;
    let Fit::Fits(layout) = fit(ctx.area, game.size()) else {
        return Played::Nothing;
    };
    let Some(cell) = layout.cell_at(column, row) else {
        return Played::Nothing;
    };
    let Some((m, count)) = segment_to(game.board(), cell) else {
        return Played::Nothing;
    };
    // The whole segment is one undo step.
    ctx.current.play_segment(m, count, ctx.engine, &ctx.settings.config)
}

/// Mouse motion over the board: hover control slides the segment under the mouse; else, with
/// clicks on, the segment a click would slide is highlighted.
fn hover_at(column: u16, row: u16, ctx: &mut Context) -> Played {
    if ctx.settings.config.input.hover {
        return slide_segment_at(column, row, ctx);
    }
    if ctx.settings.config.game.mouse {
        ctx.current.hovered = fit(ctx.area, ctx.current.game.size())
            .fits()
            .and_then(|l| l.cell_at(column, row));
    }
    Played::Nothing
}

/// Highlights the tiles a click on `cell` would slide (none when it is off the gap's row and
/// column): reversed, or underlined where tiles are already drawn reversed (no colour).
fn highlight_segment(board: &Board, cell: usize, layout: &ScreenLayout, view: &View, buf: &mut Buffer) {
    let Some((m, count)) = segment_to(board, cell) else {
        return;
    };
    let mono = view.settings.theme.tile.bg.is_none();
    let style = ratatui::style::Style::new().add_modifier(if mono {
        ratatui::style::Modifier::UNDERLINED
    } else {
        ratatui::style::Modifier::REVERSED
    });
    let size = board.size();
    let mut at = board.blank();
    for _ in 0..count {
        let Some(next) = m.source_in(at, size.width(), size.height()) else {
            return;
        };
        buf.set_style(layout.tile_rect(next), style);
        at = next;
    }
}

/// The move and the number of tiles that bring the gap of `board` to `cell`, if the cell is
/// in the gap's row or column.
pub(crate) fn segment_to(board: &Board, cell: usize) -> Option<(Move, usize)> {
    let cols = board.size().width();
    let blank = board.blank();
    let (br, bc) = (blank / cols, blank % cols);
    let (cr, cc) = (cell / cols, cell % cols);
    if cr == br && cc > bc {
        Some((Move::Left, cc - bc))
    } else if cr == br && cc < bc {
        Some((Move::Right, bc - cc))
    } else if cc == bc && cr > br {
        Some((Move::Up, cr - br))
    } else if cc == bc && cr < br {
        Some((Move::Down, br - cr))
    } else {
        None
    }
}
