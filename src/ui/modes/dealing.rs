//! Dealing: a new board is dealt in the background while the screen stays live, and the
//! next game of the same kind is dealt ahead so that New is usually instant.

use std::time::Instant;

use crate::ui::keys::Action;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;
use slide::difficulty::{DAILY_LEVEL, DealRequest, Generated, Level, fresh_seed};
use slide::engine::{Dealing as EngineDealing, EngineError};
use slide::game::Game;

use crate::ui::app::{App, Mode};
use crate::ui::theme::Theme;
use crate::ui::widgets::overlay;
use crate::ui::widgets::panel::SPINNER;

/// A deal the player is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dealing {
    /// What is being dealt.
    pub request: DealRequest,
    /// When the player asked (for the spinner).
    pub since: Instant,
    /// Whether this is the first game, with nothing to go back to (`q` quits).
    pub first: bool,
}

impl App {
    /// While a deal runs: quit or Esc goes back to the game (or quits, when there is no
    /// game yet); help opens; other keys wait.
    pub(crate) fn update_dealing(&mut self, d: Dealing, action: Action) {
        match action {
            Action::Quit | Action::Back => {
                self.engine.cancel_deal();
                self.mode = Mode::Playing;
                self.quit = d.first;
            }
            Action::Help => self.open_help(),
            _ => {}
        }
    }

    /// The game a finished deal starts.
    pub(crate) fn game_from(request: &DealRequest, g: &Generated) -> Game {
        let game = Game::new(g.board, Some(g.level), Some(g.seed), g.length);
        match request.daily {
            Some(date) => game.with_daily(date),
            None => game,
        }
    }

    /// Starts the game `request` asks for: at once when it was dealt ahead, otherwise once
    /// the background deal lands (the screen says so meanwhile and stays live).
    pub(crate) fn new_game(&mut self, request: DealRequest) {
        self.deal(request, false);
    }

    /// Deals `request` and shows the deal box until it lands; `first` when there is no
    /// game to go back to.
    pub(crate) fn deal(&mut self, request: DealRequest, first: bool) {
        match self.engine.deal(request) {
            EngineDealing::Ready(g) => self.start_game(App::game_from(&request, &g)),
            EngineDealing::Waiting(_) => {
                self.mode = Mode::Dealing(Dealing {
                    request,
                    since: Instant::now(),
                    first,
                });
            }
        }
    }

    /// Deals the next game of this size and level ahead (once the size's tables are ready:
    /// the deal confirms with them), so that New needs no wait.
    pub(crate) fn deal_ahead(&mut self) {
        let request = DealRequest {
            size: self.game.size(),
            level: self.next_level(),
            seed: fresh_seed(),
            daily: None,
        };
        self.engine.deal_ahead(request);
    }

    /// Deals `request` ahead, in place of what was dealt ahead before, so that the board is
    /// ready when the player confirms a menu choice (a 4×4 hard deal can take a second).
    pub(crate) fn deal_ahead_for(&mut self, request: DealRequest) {
        self.engine.deal_ahead(request);
    }

    /// The level New offers after this game: the same, or Hard after a daily puzzle.
    pub(crate) fn next_level(&self) -> Level {
        match self.game.daily() {
            Some(_) => DAILY_LEVEL,
            None => self.game.level().unwrap_or(self.config.level()),
        }
    }

    /// The deal the player waited for has landed.
    pub(crate) fn handle_dealt(&mut self, request: DealRequest, result: Result<Generated, EngineError>) {
        if !matches!(self.mode, Mode::Dealing(_)) {
            return;
        }
        match result {
            Ok(g) => self.start_game(App::game_from(&request, &g)),
            Err(e) => {
                self.mode = Mode::Playing;
                self.status = Some(format!("Could not deal a board: {e}."));
            }
        }
    }
}

/// The box shown while a new board is dealt in the background.
pub struct DealingView<'a> {
    /// The deal in progress.
    pub dealing: &'a Dealing,
    /// Styles.
    pub theme: &'a Theme,
}

impl Widget for DealingView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let d = self.dealing;
        let frame = SPINNER[(d.since.elapsed().as_millis() / 100) as usize % SPINNER.len()];
        let what = match d.request.daily {
            Some(date) => format!("the {} daily puzzle of {date}", d.request.size),
            None => format!("a {} {} board", d.request.size, d.request.level),
        };
        let lines = vec![
            Line::styled(format!("{frame} Dealing {what}…"), self.theme.accent),
            Line::raw(""),
            Line::styled(if d.first { "q quit" } else { "q back to the game" }, self.theme.dim),
        ];
        overlay::draw(area, buf, " New game ", self.theme.accent, lines);
    }
}
