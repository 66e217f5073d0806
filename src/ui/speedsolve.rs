//! Speedsolving in the app: the next scramble at once, inspection before the clock, the
//! colour scheme key and hover control. The averages themselves are the library's
//! (`slide::game::averages`); this only drives them.

use std::time::{Duration, Instant};

use slide::difficulty::{DealRequest, fresh_seed};
use slide::game::{Kind, Speed};

use crate::ui::app::{App, Mode};

/// The record of a size and level with no attempt yet.
static NO_ATTEMPTS: Speed = Speed {
    recent: Vec::new(),
    best_single_ms: None,
    best_ao5_ms: None,
    best_ao12_ms: None,
    solves: 0,
    stm_sum: 0,
    ms_sum: 0,
    extra: std::collections::BTreeMap::new(),
};

impl App {
    /// Deals the next board of this size and level at once, with no menu (from playing or
    /// the win box). A begun game left this way is given up, as speedsolvers skip a
    /// scramble: a DNF in the averages when it counts, and not kept to resume (the menu's
    /// new game keeps it; a session of solves would fill the list with scraps).
    pub(crate) fn next_scramble(&mut self) {
        if !self.game.is_won() && (self.game.moves() > 0 || self.game.can_redo()) {
            self.persist.record_dnf(&self.game);
            self.take_notices();
            // Back to its start, with no move: leaving it then removes its save.
            self.game.restart();
        }
        let request = DealRequest {
            size: self.game.size(),
            level: self.next_level(),
            seed: fresh_seed(),
            daily: None,
        };
        self.new_game(request);
    }

    /// The next colour scheme, said in the status line.
    pub(crate) fn cycle_scheme(&mut self) {
        self.scheme = self.scheme.next();
        self.status = Some(format!("Colour scheme: {}.", self.scheme.name()));
    }

    /// Hover control: the mouse over a tile in the gap's row or column slides it, as a
    /// click would (one segment, one undo step).
    pub(crate) fn hover(&mut self, column: u16, row: u16) {
        if self.config.input.hover && self.mode == Mode::Playing {
            self.slide_segment_at(column, row);
        }
    }

    /// Starts the inspection countdown of a fresh board, when the config asks for one.
    pub(crate) fn start_inspection(&mut self) {
        let seconds = self.config.game.inspection_s;
        self.inspection_until = (seconds > 0 && self.game.moves() == 0 && !self.game.can_redo() && !self.game.is_won())
            .then(|| Instant::now() + Duration::from_secs(seconds));
    }

    /// Ends inspection when it runs out: the clock starts by itself, as in competition.
    pub(crate) fn tick_inspection(&mut self, now: Instant) {
        if self.inspection_until.is_some_and(|t| now >= t) {
            self.inspection_until = None;
            if !self.placeholder {
                self.clock_armed = true;
            }
        }
    }

    /// Whole seconds of inspection left (rounded up), while it runs.
    pub fn inspection_left(&self, now: Instant) -> Option<u64> {
        let t = self.inspection_until?;
        let left = t.saturating_duration_since(now);
        Some(left.as_millis().div_ceil(1000) as u64)
    }

    /// The speedsolving record of this game's size and level (`None` for custom boards and
    /// daily puzzles, which have no averages).
    pub fn speed(&self) -> Option<&Speed> {
        if self.game.daily().is_some() {
            return None;
        }
        let level = self.game.level()?;
        Some(
            self.stats()
                .row(self.game.size(), Kind::Level(level))
                .map_or(&NO_ATTEMPTS, |r| &r.speed),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::ui::keys::Action;
    use crate::ui::scheme::Scheme;
    use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    use slide::difficulty::Level;
    use slide::game::{Game, Persistence};
    use slide::solver::Solver;

    use crate::ui::app::{App, Mode, Origin, test_app};
    use crate::ui::widgets::layout::{Fit, fit};

    fn key(app: &mut App, code: KeyCode) {
        let ev = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        if let Some(a) = app.keymap.action(&ev) {
            app.update(a);
        }
    }

    fn app_with(board: &str) -> App {
        test_app(Game::new(board.parse().unwrap(), Some(Level::Easy), Some(1), None))
    }

    #[test]
    fn hover_slides_a_segment_only_when_turned_on() {
        let mut app = app_with("0 1 2 4 5 3 7 8 6");
        let Fit::Fits(l) = fit(app.area, 3) else { panic!() };
        let r = l.tile_rect(2);
        let over = Action::Hover {
            column: r.x + 1,
            row: r.y,
        };
        app.update(over);
        assert_eq!(app.game.moves(), 0, "hover is off by default");
        app.config.input.hover = true;
        app.update(over);
        assert_eq!(app.game.moves(), 2, "both tiles slid");
        assert_eq!((app.game.stm(), app.game.mtm()), (2, 1), "one multi-tile move");
        assert!(app.game.clock().is_running(), "a hover move starts the clock");
        // Over a tile off the gap's lines nothing happens, and a hover is no key: it
        // neither closes a notice nor resumes a pause.
        let r = l.tile_rect(4);
        app.update(Action::Hover {
            column: r.x + 1,
            row: r.y,
        });
        assert_eq!(app.game.moves(), 2);
        app.notify(slide::game::Notice::info("hello"));
        app.update(over);
        assert!(app.notice().is_some());
        key(&mut app, KeyCode::Char('v'));
        key(&mut app, KeyCode::Char(' '));
        app.update(over);
        assert_eq!(app.mode, Mode::Paused);
        key(&mut app, KeyCode::Char(' '));
        // The undo takes the whole hovered segment back.
        key(&mut app, KeyCode::Char('u'));
        assert_eq!(app.game.moves(), 0);
    }

    #[test]
    fn the_scheme_key_cycles_the_schemes() {
        let mut app = app_with("1 2 3 4 0 5 7 8 6");
        assert_eq!(app.scheme, Scheme::Plain);
        for expected in [Scheme::Rows, Scheme::Fringe, Scheme::Checker, Scheme::Plain] {
            key(&mut app, KeyCode::Char('x'));
            assert_eq!(app.scheme, expected);
        }
        assert_eq!(app.game.moves(), 0);
    }

    #[test]
    fn next_scramble_deals_the_same_size_and_level_from_play_and_from_the_win_box() {
        let mut app = app_with("1 2 3 4 5 6 7 0 8");
        key(&mut app, KeyCode::Char('N'));
        assert!(matches!(app.mode, Mode::Dealing(_)) || app.mode == Mode::Playing);
        assert!(app.wait_dealt(std::time::Duration::from_secs(60)));
        assert_eq!(app.mode, Mode::Playing, "no menu");
        assert_eq!(app.game.size(), slide::puzzle::Size::THREE);
        assert_eq!(app.game.level(), Some(Level::Easy));
        let first = *app.game.start();
        // Win it from the solver's table, then N from the win box.
        let plan = app.engine.solver().exact3().solve(app.game.board());
        for m in plan {
            app.player_move(m);
        }
        assert!(matches!(app.mode, Mode::Won(_)));
        key(&mut app, KeyCode::Char('N'));
        assert!(app.wait_dealt(std::time::Duration::from_secs(60)));
        assert_eq!(app.mode, Mode::Playing);
        assert_eq!(app.game.moves(), 0);
        assert_ne!(app.game.id(), "", "a new game");
        let _ = first;
    }

    #[test]
    fn giving_up_by_restart_or_next_scramble_is_a_dnf_and_a_win_is_a_time() {
        let dir = std::env::temp_dir().join(format!("slide-speedsolve-dnf-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = slide::game::Store::at(dir.clone());
        let game = Game::new("1 2 3 4 5 6 7 0 8".parse().unwrap(), Some(Level::Easy), Some(1), None);
        let mut app = App::new(
            crate::ui::settings::Settings::plain(),
            game,
            Solver::new(slide::solver::TableCache::disabled()),
            Persistence::open(Ok(store)),
            Origin::New,
        );
        let recent = |app: &App| app.speed().map(|s| s.recent.clone()).unwrap_or_default();
        key(&mut app, KeyCode::Right);
        key(&mut app, KeyCode::Char('R'));
        key(&mut app, KeyCode::Char('R'));
        assert_eq!(recent(&app), vec![None], "a restart gave the attempt up");
        key(&mut app, KeyCode::Left);
        assert!(matches!(app.mode, Mode::Won(_)));
        let attempts = recent(&app);
        assert!(matches!(attempts.as_slice(), [None, Some(_)]), "{attempts:?}");
        // From the win box: no DNF for a won game.
        key(&mut app, KeyCode::Char('N'));
        assert!(app.wait_dealt(std::time::Duration::from_secs(60)));
        assert_eq!(recent(&app).len(), 2);
        let m = app.game.board().legal_moves().next().expect("a move");
        app.player_move(m);
        let scrapped = app.game.id().to_string();
        key(&mut app, KeyCode::Char('N'));
        assert!(app.wait_dealt(std::time::Duration::from_secs(60)));
        let attempts = recent(&app);
        assert!(matches!(attempts.as_slice(), [None, Some(_), None]), "{attempts:?}");
        let kept: Vec<String> = slide::game::Store::at(dir.clone())
            .list_games()
            .0
            .into_iter()
            .map(|g| g.id)
            .collect();
        assert!(!kept.contains(&scrapped), "a skipped scramble is not kept: {kept:?}");
        // An untouched board left for the next is no attempt at all.
        key(&mut app, KeyCode::Char('N'));
        assert!(app.wait_dealt(std::time::Duration::from_secs(60)));
        assert_eq!(recent(&app).len(), 3);
        drop(app);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn inspection_counts_down_then_starts_the_clock() {
        let mut config = slide::config::Config::default();
        config.game.inspection_s = 15;
        let game = Game::new("1 2 3 4 0 5 7 8 6".parse().unwrap(), Some(Level::Easy), Some(1), None);
        let mut app = App::new(
            crate::ui::settings::Settings::with(config),
            game,
            Solver::new(slide::solver::TableCache::disabled()),
            Persistence::disabled(),
            Origin::New,
        );
        let now = std::time::Instant::now();
        assert_eq!(app.inspection_left(now), Some(15));
        app.tick(now + std::time::Duration::from_secs(5));
        assert!(!app.game.clock().is_running(), "still inspecting");
        app.tick(now + std::time::Duration::from_secs(16));
        assert_eq!(app.inspection_left(now), None);
        assert!(app.game.clock().is_running(), "inspection over: the clock runs");
        // A move during inspection starts the clock at once.
        let game = Game::new("1 2 3 4 0 5 7 8 6".parse().unwrap(), Some(Level::Easy), Some(1), None);
        app.start_game(game);
        assert!(app.inspection_left(std::time::Instant::now()).is_some());
        key(&mut app, KeyCode::Left);
        assert!(app.inspection_left(std::time::Instant::now()).is_none());
        assert!(app.game.clock().is_running());
    }
}
