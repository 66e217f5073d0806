//! Dealing: a new board is dealt in the background while the screen stays live (the engine
//! deals the next game of the same kind ahead, so New is usually instant).

use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use slide::difficulty::{DealRequest, Generated};
use slide::engine::{Answer, Dealing as Dealt};
use slide::game::Game;

use crate::ui::context::{Context, View};
use crate::ui::current_game::Origin;
use crate::ui::keys::Action;
use crate::ui::screen::{Screen, Transition};
use crate::ui::screens::help::Help;
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

/// The game a finished deal starts.
pub fn game_from(request: &DealRequest, g: &Generated) -> Game {
    let game = Game::new(g.board, Some(g.level), Some(g.seed), g.length);
    match request.daily {
        Some(date) => game.with_daily(date),
        None => game,
    }
}

/// Starts the game `request` asks for: at once when it was dealt ahead (every screen over
/// the board closes), otherwise once the background deal lands (the deal box shows
/// meanwhile, and the screen stays live). `first` when there is no game to go back to.
pub fn deal(request: DealRequest, first: bool, ctx: &mut Context) -> Transition {
    // Blind solves are ranked: uniformly random boards, as slidysim requires.
    let request = if ctx.current.blind && request.daily.is_none() {
        DealRequest {
            level: slide::difficulty::Level::Random,
            ..request
        }
    } else {
        request
    };
    match ctx.engine.deal(request) {
        Dealt::Ready(g) => {
            ctx.current
                .start(game_from(&request, &g), Origin::New, ctx.engine, &ctx.settings.config);
            Transition::Home
        }
        Dealt::Waiting(_) => Transition::Reset(Box::new(Dealing {
            request,
            since: ctx.now,
            first,
        })),
    }
}

impl Screen for Dealing {
    /// Quit or Esc goes back to the game (or quits, when there is no game yet); help
    /// opens; other keys wait.
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        match action {
            Action::Quit | Action::Back => {
                ctx.engine.cancel_deal();
                if self.first { Transition::Quit } else { Transition::Pop }
            }
            Action::Help => Transition::Push(Box::new(Help::default())),
            _ => Transition::Stay,
        }
    }

    /// The deal landed: its game starts.
    fn answer(&mut self, answer: &Answer, ctx: &mut Context) -> Transition {
        let Answer::Dealt { request, result } = answer else {
            return Transition::Stay;
        };
        match result {
            Ok(g) => {
                ctx.current
                    .start(game_from(request, g), Origin::New, ctx.engine, &ctx.settings.config);
                Transition::Home
            }
            Err(e) => {
                ctx.current.status = Some(format!("Could not deal a board: {e}."));
                Transition::Home
            }
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        let theme = &view.settings.theme;
        let elapsed = view.now.saturating_duration_since(self.since);
        let frame = SPINNER[(elapsed.as_millis() / 100) as usize % SPINNER.len()];
        let what = match self.request.daily {
            Some(date) => format!("the {} daily puzzle of {date}", self.request.size),
            None => format!("a {} {} board", self.request.size, self.request.level),
        };
        let lines = vec![
            Line::styled(format!("{frame} Dealing {what}…"), theme.accent),
            Line::raw(""),
            Line::styled(
                if self.first {
                    format!("{} quit", view.settings.keys.name(Action::Quit))
                } else {
                    format!(
                        "{} back to the game",
                        view.settings.keys.names(&[Action::Quit, Action::Back])
                    )
                },
                theme.dim,
            ),
        ];
        overlay::draw(area, buf, " New game ", theme.accent, lines);
    }

    fn wake_in(&self, _now: Instant) -> Option<Duration> {
        // The spinner turns.
        Some(Duration::from_millis(100))
    }
}
