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
use crate::ui::panel::Panel;
use crate::ui::too_small::TooSmall;
use crate::ui::win::WinView;

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let side = self.game.size().side() as u16;
        let layout = match fit(area, side) {
            Fit::Fits(l) => l,
            Fit::TooSmall { need, have } => {
                TooSmall { need, have }.render(area, buf);
                return;
            }
        };
        let title = match self.game.level() {
            Some(l) => format!(" {} · {l} ", self.game.size()),
            None => format!(" {} ", self.game.size()),
        };
        BoardView {
            board: self.game.board(),
            layout: &layout,
            theme: &self.theme,
            hint: self.visible_hint(),
            title,
        }
        .render(layout.board, buf);
        Panel { app: self }.render(layout.panel, buf);
        Footer {
            keys: &self.config.keys,
            theme: &self.theme,
        }
        .render(layout.footer, buf);
        match &self.mode {
            Mode::Help => Help {
                keys: &self.config.keys,
                theme: &self.theme,
            }
            .render(area, buf),
            Mode::Menu(m) => MenuView {
                menu: m,
                theme: &self.theme,
            }
            .render(area, buf),
            Mode::Won(w) => WinView {
                win: w,
                keys: &self.config.keys,
                theme: &self.theme,
            }
            .render(area, buf),
            Mode::Dealing(d) => DealingView {
                dealing: d,
                theme: &self.theme,
            }
            .render(area, buf),
            Mode::Playing | Mode::Animating { .. } => {}
        }
    }
}
