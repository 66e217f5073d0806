//! Drawing the app: `impl Widget for &App`, so drawing never changes state.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::ui::app::{App, Mode};
use crate::ui::modes::dealing::DealingView;
use crate::ui::modes::help::Help;
use crate::ui::modes::menu::MenuView;
use crate::ui::modes::paused::PausedView;
use crate::ui::modes::playing::ConfirmRestartView;
use crate::ui::modes::review::ReviewView;
use crate::ui::modes::stats::StatsView;
use crate::ui::modes::win::WinView;
use crate::ui::widgets::board::BoardView;
use crate::ui::widgets::footer::Footer;
use crate::ui::widgets::layout::{Fit, fit};
use crate::ui::widgets::notice::NoticeView;
use crate::ui::widgets::panel::Panel;
use crate::ui::widgets::picture_board::PictureBoard;
use crate::ui::widgets::times::Times;
use crate::ui::widgets::too_small::TooSmall;

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        render_screen(self, area, buf);
        // A notice goes over everything, the deal box and the win screen included.
        if let Some(shown) = self.notice() {
            NoticeView {
                shown,
                queued: self.notices.len() - 1,
                theme: &self.theme,
            }
            .render(area, buf);
        }
    }
}

fn render_screen(app: &App, area: Rect, buf: &mut Buffer) {
    let side = app.game.size().side() as u16;
    let layout = match fit(area, side) {
        Fit::Fits(l) => l,
        Fit::TooSmall { need, have } => {
            TooSmall { need, have }.render(area, buf);
            return;
        }
    };
    if app.placeholder {
        // Nothing dealt yet: no board is invented behind the deal box.
        Footer {
            keys: &app.keys,
            theme: &app.theme,
        }
        .render(layout.footer, buf);
        draw_mode(app, &app.mode, area, layout.board, buf);
        return;
    }
    let title = match app.game.level() {
        Some(l) => format!(" {} · {l} ", app.game.size()),
        None => format!(" {} ", app.game.size()),
    };
    PictureBoard {
        board: BoardView {
            board: app.game.board(),
            layout: &layout,
            theme: &app.theme,
            hint: app.visible_hint(),
            blank_convention: app.blank_convention(),
            title,
            bumped: app.bumped(),
            scheme: app.scheme,
        },
        picture: app.picture.as_ref(),
        colours: app.picture_colours,
        numbers_key: app.keys.named(crate::ui::keys::Action::Numbers),
    }
    .render(layout.board, buf);
    Panel { app }.render(layout.panel, buf);
    if let Some(times) = layout.times {
        Times { app }.render(times, buf);
    }
    Footer {
        keys: &app.keys,
        theme: &app.theme,
    }
    .render(layout.footer, buf);
    draw_mode(app, &app.mode, area, layout.board, buf);
}

/// The mode's own widget over the game screen.
fn draw_mode(app: &App, mode: &Mode, area: Rect, board: Rect, buf: &mut Buffer) {
    match mode {
        Mode::Help(h) => {
            // What the help was opened over stays behind it.
            draw_mode(app, &h.back, area, board, buf);
            Help {
                keys: &app.keys,
                theme: &app.theme,
                scroll: h.scroll,
                blank: app.blank_convention(),
            }
            .render(area, buf);
        }
        Mode::Menu(m) => MenuView {
            menu: m,
            theme: &app.theme,
        }
        .render(area, buf),
        Mode::Won(w) => WinView {
            win: w,
            keys: &app.keys,
            theme: &app.theme,
            clipboard: &app.clipboard,
        }
        .render(area, buf),
        Mode::Dealing(d) => DealingView {
            dealing: d,
            theme: &app.theme,
        }
        .render(area, buf),
        Mode::Paused => PausedView {
            board,
            theme: &app.theme,
        }
        .render(area, buf),
        Mode::ConfirmRestart => ConfirmRestartView {
            restart_key: app.keys.named(crate::ui::keys::Action::Restart),
            theme: &app.theme,
        }
        .render(area, buf),
        Mode::Review(r) => ReviewView {
            state: r,
            keys: &app.keys,
            theme: &app.theme,
        }
        .render(area, buf),
        Mode::Stats(s) => StatsView {
            state: s,
            stats: app.persist.stats(),
            today: slide::difficulty::UtcDate::today(),
            keys: &app.keys,
            theme: &app.theme,
        }
        .render(area, buf),
        Mode::Playing | Mode::Animating(_) => {}
    }
}
