//! Drawing the app: `impl Widget for &App`, so drawing never changes state.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::ui::app::{App, Mode};
use crate::ui::board::BoardView;
use crate::ui::footer::Footer;
use crate::ui::help::Help;
use crate::ui::layout::{Fit, fit};
use crate::ui::menu::{DealingView, MenuView};
use crate::ui::notice::NoticeView;
use crate::ui::panel::Panel;
use crate::ui::too_small::TooSmall;
use crate::ui::win::WinView;

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
    {
        let side = app.game.size().side() as u16;
        let layout = match fit(area, side) {
            Fit::Fits(l) => l,
            Fit::TooSmall { need, have } => {
                TooSmall { need, have }.render(area, buf);
                return;
            }
        };
        let title = match app.game.level() {
            Some(l) => format!(" {} · {l} ", app.game.size()),
            None => format!(" {} ", app.game.size()),
        };
        BoardView {
            board: app.game.board(),
            layout: &layout,
            theme: &app.theme,
            hint: app.visible_hint(),
            title,
        }
        .render(layout.board, buf);
        Panel { app }.render(layout.panel, buf);
        Footer {
            keys: &app.config.keys,
            theme: &app.theme,
        }
        .render(layout.footer, buf);
        match &app.mode {
            Mode::Help => Help {
                keys: &app.config.keys,
                theme: &app.theme,
            }
            .render(area, buf),
            Mode::Menu(m) => MenuView {
                menu: m,
                theme: &app.theme,
            }
            .render(area, buf),
            Mode::Won(w) => WinView {
                win: w,
                keys: &app.config.keys,
                theme: &app.theme,
            }
            .render(area, buf),
            Mode::Dealing(d) => DealingView {
                dealing: d,
                theme: &app.theme,
            }
            .render(area, buf),
            Mode::Playing | Mode::Animating { .. } => {}
        }
    }
}
