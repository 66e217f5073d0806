//! Dealing: a new board is dealt in the background while the screen stays live, and the
//! next game of the same kind is dealt ahead so that New is usually instant.

use std::time::Instant;

use crate::ui::keys::Action;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;
use slide::difficulty::{DAILY_LEVEL, DealRequest, Dealt, Generated, Level, fresh_seed};
use slide::game::Game;

use crate::ui::app::{App, Mode};
use crate::ui::theme::Theme;
use crate::ui::widgets::overlay;
use crate::ui::widgets::panel::SPINNER;

/// A deal the player is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dealing {
    /// The dealer's id for it.
    pub id: u64,
    /// What is being dealt.
    pub request: DealRequest,
    /// When the player asked (for the spinner).
    pub since: Instant,
    /// Whether this is the first game, with nothing to go back to (`q` quits).
    pub first: bool,
}

/// The next game, dealt ahead in the background so that New is instant.
#[derive(Debug)]
pub struct Ahead {
    /// The dealer's id for it.
    pub id: u64,
    /// What is dealt.
    pub request: DealRequest,
    /// The board, once dealt.
    pub ready: Option<Generated>,
}

impl App {
    /// While a deal runs: quit or Esc goes back to the game (or quits, when there is no
    /// game yet); help opens; other keys wait.
    pub(crate) fn update_dealing(&mut self, d: Dealing, action: Action) {
        match action {
            Action::Quit | Action::Back => {
                self.dealer.cancel(d.id);
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
        let same = |a: &DealRequest| a.size == request.size && a.level == request.level && a.daily == request.daily;
        match self.ahead.take() {
            Some(Ahead {
                ready: Some(g),
                request: r,
                ..
            }) if same(&r) => {
                self.start_game(App::game_from(&r, &g));
                return;
            }
            Some(Ahead { id, request: r, .. }) if same(&r) => {
                self.mode = Mode::Dealing(Dealing {
                    id,
                    request: r,
                    since: Instant::now(),
                    first: false,
                });
                return;
            }
            Some(a) => self.dealer.cancel(a.id),
            None => {}
        }
        self.deal(request, false);
    }

    /// Deals `request` in the background and shows the deal box meanwhile; `first` when
    /// there is no game to go back to.
    pub(crate) fn deal(&mut self, request: DealRequest, first: bool) {
        let id = self.dealer.deal(request);
        self.mode = Mode::Dealing(Dealing {
            id,
            request,
            since: Instant::now(),
            first,
        });
    }

    /// Deals the next game of this size and level in the background, once the solver's
    /// tables for the size are ready (the deal confirms with them).
    pub(crate) fn deal_ahead(&mut self) {
        let size = self.game.size();
        // While a deal is awaited, the game on screen is not the one to follow.
        if self.ahead.is_some() || !self.solver.is_ready(size) || matches!(self.mode, Mode::Dealing(_)) {
            return;
        }
        let request = DealRequest {
            size,
            level: self.next_level(),
            seed: fresh_seed(),
            daily: None,
        };
        let id = self.dealer.deal(request);
        self.ahead = Some(Ahead {
            id,
            request,
            ready: None,
        });
    }

    /// The level New offers after this game: the same, or Hard after a daily puzzle.
    /// Deals `request` ahead, in place of what was dealt ahead before, so that the board is
    /// ready when the player confirms a menu choice (a 4×4 hard deal can take a second).
    pub(crate) fn deal_ahead_for(&mut self, request: DealRequest) {
        let same = |a: &Ahead| {
            a.request.size == request.size && a.request.level == request.level && a.request.daily == request.daily
        };
        if self.ahead.as_ref().is_some_and(same) || !self.solver.is_ready(request.size) {
            return;
        }
        if let Some(a) = self.ahead.take() {
            self.dealer.cancel(a.id);
        }
        let id = self.dealer.deal(request);
        self.ahead = Some(Ahead {
            id,
            request,
            ready: None,
        });
    }

    pub(crate) fn next_level(&self) -> Level {
        match self.game.daily() {
            Some(_) => DAILY_LEVEL,
            None => self.game.level().unwrap_or(self.config.level()),
        }
    }

    pub(crate) fn handle_dealt(&mut self, dealt: Dealt) {
        if let Mode::Dealing(d) = &self.mode
            && d.id == dealt.id
        {
            match dealt.result {
                Ok(g) => self.start_game(App::game_from(&dealt.request, &g)),
                Err(e) => {
                    self.mode = Mode::Playing;
                    self.status = Some(format!("Could not deal a board: {e}."));
                }
            }
            return;
        }
        if let Some(a) = &mut self.ahead
            && a.id == dealt.id
        {
            match dealt.result {
                Ok(g) => a.ready = Some(g),
                Err(_) => self.ahead = None,
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
