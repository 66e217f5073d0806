//! Playing: the board takes moves, hints and the solver's help.

use std::time::Instant;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;
use slide::config::ArrowsMove;
use slide::puzzle::Move;

use crate::ui::app::{App, Mode};
use crate::ui::keys::Action;
use crate::ui::theme::Theme;
use crate::ui::widgets::layout::{Fit, fit};
use crate::ui::widgets::overlay;

impl App {
    /// A key while playing (also over a solved board whose win box was closed).
    pub(crate) fn update_playing(&mut self, action: Action) {
        match action {
            Action::Up | Action::Down | Action::Left | Action::Right => {
                let m = self.move_of(action);
                self.player_move(m);
            }
            Action::Click { column, row } => self.click(column, row),
            Action::Hover { column, row } => self.hover(column, row),
            Action::NextScramble => self.next_scramble(),
            Action::Scheme => self.cycle_scheme(),
            Action::Hint => self.ask_hint(),
            Action::Solve => self.ask_solve(),
            Action::Undo => {
                let undone = self.game.undo();
                if let Some(&m) = undone.last() {
                    self.after_undo(m);
                }
            }
            Action::Redo => {
                let redone = self.game.redo();
                if let Some(&m) = redone.last() {
                    self.after_move(m);
                }
            }
            Action::Restart if self.game.moves() > 0 || self.game.can_redo() => self.mode = Mode::ConfirmRestart,
            Action::NewGame => self.open_menu(),
            Action::Help => self.open_help(),
            Action::Pause if !self.game.is_won() => self.pause(),
            Action::Stats => self.open_stats(),
            // Over a solved board whose win box was closed.
            Action::Review if self.game.is_won() => self.review_current_game(),
            Action::Back => {
                let q = self.keys.named(Action::Quit);
                self.status = Some(format!("{q} quits (your game is saved)."));
            }
            Action::Quit | Action::ForceQuit => self.quit = true,
            Action::Numbers => self.toggle_numbers(),
            Action::Restart
            | Action::Pause
            | Action::Review
            | Action::Confirm
            | Action::PageUp
            | Action::PageDown
            | Action::Copy
            | Action::Other => {}
        }
    }

    /// The move a direction key makes, by the configured convention: the tile moves that
    /// way, or the blank does (and the tile the other way).
    pub(crate) fn move_of(&self, direction: Action) -> Move {
        let blank = self.config.game.arrows_move == ArrowsMove::Blank;
        match (direction, blank) {
            (Action::Up, false) | (Action::Down, true) => Move::Up,
            (Action::Down, false) | (Action::Up, true) => Move::Down,
            (Action::Left, false) | (Action::Right, true) => Move::Left,
            _ => Move::Right,
        }
    }

    /// "R again restarts": the restart key confirms, any other key keeps the game.
    pub(crate) fn update_confirm_restart(&mut self, action: Action) {
        match action {
            Action::Restart | Action::Confirm => self.restart(),
            Action::Quit => self.quit = true,
            _ => {
                self.mode = Mode::Playing;
                self.status = Some("Kept your game.".into());
            }
        }
    }

    /// Starts the puzzle again from its first position: a new attempt (see
    /// [`slide::game::Game::restart`]).
    pub(crate) fn restart(&mut self) {
        // A restart gives the attempt up: a DNF in the averages if it counts (the new
        // attempt is timed afresh).
        self.persist.record_dnf(&self.game);
        self.take_notices();
        self.game.restart();
        self.clock_armed = false;
        self.start_inspection();
        self.changed();
        self.cancel_pending();
        self.engine.forget_plan();
        self.hint_visible = false;
        self.hint_mode = false;
        self.mode = Mode::Playing;
        self.status = Some("Restarted from the first position.".into());
    }

    pub(crate) fn click(&mut self, column: u16, row: u16) {
        if self.config.game.mouse {
            self.slide_segment_at(column, row);
        }
    }

    /// Slides the segment from the gap to the tile at a screen cell, if that tile is in
    /// the gap's row or column (a click, or hover control).
    pub(crate) fn slide_segment_at(&mut self, column: u16, row: u16) {
        let Fit::Fits(layout) = fit(self.area, self.game.size().side() as u16) else {
            return;
        };
        let Some(cell) = layout.cell_at(column, row) else {
            return;
        };
        let side = self.game.size().side();
        let blank = self.game.board().blank();
        let (br, bc) = (blank / side, blank % side);
        let (cr, cc) = (cell / side, cell % side);
        let (m, count) = if cr == br && cc > bc {
            (Move::Left, cc - bc)
        } else if cr == br && cc < bc {
            (Move::Right, bc - cc)
        } else if cc == bc && cr > br {
            (Move::Up, cr - br)
        } else if cc == bc && cr < br {
            (Move::Down, br - cr)
        } else {
            return;
        };
        // The whole segment is one undo step.
        for m in self.game.play_segment(m, count) {
            self.after_move(m);
        }
    }

    /// The hint key: shows the next move of the plan when one is known for this board
    /// (and good enough), or asks the solver. Each press that shows a hint counts one;
    /// following it shows the next without a press (hint mode).
    pub(crate) fn ask_hint(&mut self) {
        if self.game.is_won() {
            return;
        }
        if self.engine.pending().is_none() {
            self.hint_asked_at = Some(Instant::now());
        }
        let big = self.game.size().side() >= 5;
        let tables_now = self.engine.tables_ready(self.game.size());
        if let Some(k) = self.current_plan()
            && !k.plan.is_empty()
            && (k.optimal || (big && (k.with_tables || !tables_now)))
        {
            // The next hint is already known. A plan that is not proven optimal on 3×3 or
            // 4×4, or one made before the tables were ready, is asked for again.
            if !self.hint_visible {
                self.game.note_hint();
                self.changed();
            }
            self.hint_visible = true;
            self.hint_mode = true;
            return;
        }
        if self.engine.pending().is_some() {
            return;
        }
        self.request_hint();
    }

    /// Sends a hint request for the board on screen.
    pub(crate) fn request_hint(&mut self) {
        self.engine.hint(*self.game.board(), self.config.hint_budget());
    }

    pub(crate) fn ask_solve(&mut self) {
        if self.game.is_won() {
            return;
        }
        if let Some(k) = self.current_plan()
            && !k.plan.is_empty()
        {
            let plan = k.plan.clone().into();
            self.start_animation(plan);
            return;
        }
        if self
            .engine
            .pending()
            .is_some_and(|p| p.ask == slide::engine::Ask::Solve)
        {
            return;
        }
        self.engine.solve(*self.game.board(), self.config.hint_budget());
    }
}

/// "Restart this puzzle?"
pub struct ConfirmRestartView<'a> {
    /// The restart key's name.
    pub restart_key: String,
    /// Styles.
    pub theme: &'a Theme,
}

impl Widget for ConfirmRestartView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let lines = vec![
            Line::raw("Start this puzzle again from the first position?"),
            Line::raw("Your moves so far are taken back."),
            Line::raw(""),
            Line::styled(
                format!(
                    "{} again (or Enter) restarts · any other key plays on",
                    self.restart_key
                ),
                self.theme.dim,
            ),
        ];
        overlay::draw(area, buf, " Restart? ", self.theme.accent, lines);
    }
}
