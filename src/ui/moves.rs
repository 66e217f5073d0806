//! What the player's moves and requests do to the game in play: a move (and the plan it
//! follows), an undo, a restart, a hint or a solution asked, the engine's answers, and the
//! win, recorded once.

use std::collections::VecDeque;
use std::time::Instant;

use slide::config::Config;
use slide::difficulty::{DealRequest, fresh_seed};
use slide::engine::{Answer, Ask, Engine, EngineError};
use slide::game::{Notice, Outcome};
use slide::puzzle::Move;
use slide::solver::BuildProgress;

use crate::ui::current_game::CurrentGame;
use crate::ui::screens::win::WinSummary;

/// What a move did.
#[derive(Debug)]
pub enum Played {
    /// Nothing moved.
    Nothing,
    /// The board changed.
    Moved,
    /// The board changed and the puzzle is solved: the win, recorded.
    Won(Box<WinSummary>),
}

impl CurrentGame {
    /// The player slides `m` (a key, or hover or a click, one tile at a time).
    pub fn play(&mut self, m: Move, engine: &mut Engine, config: &Config) -> Played {
        if self.game.play(m) {
            self.after_move(false, engine, config)
        } else {
            if !self.game.is_won() {
                // No tile can move that way: the board's frame flashes (no bell).
                self.bumped_at = Some(Instant::now());
            }
            Played::Nothing
        }
    }

    /// The solver's animation plays `m`; `last` when the plan ends with it.
    pub fn play_for(&mut self, m: Move, last: bool, engine: &mut Engine, config: &Config) -> Option<Played> {
        self.game
            .play_by_solver(m)
            .then(|| self.after_move(!(last || self.game.is_won()), engine, config))
    }

    /// Slides `count` tiles toward the gap with `m`: one undo step (a click or hover), and
    /// one look at the board after it, so a winning segment is one win.
    pub fn play_segment(&mut self, m: Move, count: usize, engine: &mut Engine, config: &Config) -> Played {
        if self.game.play_segment(m, count).is_empty() {
            Played::Nothing
        } else {
            self.after_move(false, engine, config)
        }
    }

    /// Takes back the last step.
    pub fn undo(&mut self, engine: &mut Engine, config: &Config) -> Played {
        match self.game.undo().last() {
            Some(_) => self.after_move(false, engine, config),
            None => Played::Nothing,
        }
    }

    /// Plays again the last step taken back.
    pub fn redo(&mut self, engine: &mut Engine, config: &Config) -> Played {
        match self.game.redo().last() {
            Some(_) => self.after_move(false, engine, config),
            None => Played::Nothing,
        }
    }

    /// Keeps the plan when the move followed it, asks again for a hint that went stale,
    /// and notices a win. `animating` while the solver plays (its status line stays).
    fn after_move(&mut self, animating: bool, engine: &mut Engine, config: &Config) -> Played {
        self.changed();
        if self.next_run_board(engine) {
            return Played::Moved;
        }
        // The engine's plan follows the move when the move followed it.
        engine.focus(self.focus());
        // Hint mode: a move that follows the plan shows its next move at once; a move that
        // leaves it ends hint mode.
        let followed = self.current_plan(engine).is_some_and(|k| !k.plan.is_empty());
        self.hint_mode &= followed;
        self.hint_visible = self.hint_mode && !animating;
        self.hint_asked_at = None;
        let pending = engine.pending();
        let hint_pending = pending.is_some_and(|p| p.ask == Ask::Hint);
        if pending.is_some() {
            engine.cancel_interactive();
            self.status = None;
        } else if !animating {
            self.status = None;
        }
        if hint_pending && !self.game.is_won() {
            // The player moved while the hint was computing: compute it for the new board.
            self.request_hint(engine, config);
            self.status = Some("Thinking again for the new position…".into());
        }
        if self.game.is_won() {
            Played::Won(Box::new(self.win(engine)))
        } else {
            Played::Moved
        }
    }

    /// Starts the puzzle again from its first position: a new attempt (see
    /// [`slide::game::Persistence::restart`]); the status says what the old one counted as.
    pub fn restart(&mut self, engine: &mut Engine, config: &Config) {
        let recorded = self.persist.restart(&mut self.game);
        self.start_inspection(config);
        engine.cancel_interactive();
        engine.forget_plan();
        self.hint_visible = false;
        self.hint_mode = false;
        self.status = Some(match recorded {
            Some(Outcome::Dnf) => "Restarted: the last attempt counts as a DNF.".into(),
            Some(_) => "Restarted: the last attempt counts as given up.".into(),
            None => "Restarted from the first position.".into(),
        });
    }

    /// The request for the next board of this size and level at once, with no menu. A
    /// begun game left this way ends its attempt (see
    /// [`slide::game::Persistence::skip`]) and is not kept to resume (the menu's new game
    /// keeps it).
    pub fn next_scramble(&mut self, config: &Config) -> DealRequest {
        self.persist.skip(&mut self.game);
        DealRequest {
            size: self.game.size(),
            level: self.next_level(config),
            seed: fresh_seed(),
            daily: None,
        }
    }

    /// The next-scramble key in a marathon or relay: a new run of the same kind, at once
    /// (the one left ends its attempt, as [`CurrentGame::next_scramble`] says). `false` when the
    /// game is not a run.
    pub fn next_run(&mut self, engine: &mut Engine, config: &Config) -> bool {
        let Some(kind) = self.game.run().map(slide::game::Run::kind) else {
            return false;
        };
        self.persist.skip(&mut self.game);
        let game = slide::game::Game::new_run(kind, fresh_seed());
        self.start(game, crate::ui::current_game::Origin::New, engine, config);
        true
    }

    /// The hint key: shows the next move of the plan when one is known for this board
    /// (and good enough), or asks the solver. Each press that shows a hint counts one;
    /// following it shows the next without a press (hint mode).
    pub fn ask_hint(&mut self, engine: &mut Engine, config: &Config) {
        if self.game.is_won() {
            return;
        }
        if engine.pending().is_none() {
            self.hint_asked_at = Some(Instant::now());
        }
        let big = self.game.size().cells() > 16;
        let tables_now = engine.tables_ready(self.game.size());
        if let Some(k) = self.current_plan(engine)
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
        if engine.pending().is_none() {
            self.request_hint(engine, config);
        }
    }

    /// Sends a hint request for the board on screen.
    pub fn request_hint(&mut self, engine: &mut Engine, config: &Config) {
        engine.hint(*self.game.board(), config.hint_budget());
    }

    /// The solve key: the plan to play when one is known, else a request for one.
    pub fn ask_solve(&mut self, engine: &mut Engine, config: &Config) -> Option<VecDeque<Move>> {
        if self.game.is_won() {
            return None;
        }
        if let Some(k) = self.current_plan(engine)
            && !k.plan.is_empty()
        {
            return Some(k.plan.clone().into());
        }
        if !engine.pending().is_some_and(|p| p.ask == Ask::Solve) {
            engine.solve(*self.game.board(), config.hint_budget());
        }
        None
    }

    /// The solver starts playing for the player: the game counts as helped from now.
    pub fn solver_plays(&mut self) {
        self.game.note_solver();
        self.changed();
        self.hint_visible = false;
        self.hint_mode = false;
        self.status = Some("The solver is playing. Press any key to stop.".into());
    }

    /// Applies what the engine answers about the game; a solution to play comes back.
    pub fn answer(&mut self, answer: &Answer) -> Option<VecDeque<Move>> {
        match answer {
            Answer::Hint { board, result } if board == self.game.board() => match result {
                Ok(h) => {
                    if board == self.game.start() && h.optimal {
                        self.game.set_par(h.remaining);
                    } else if board == self.game.start() && board.size().cells() > 16 {
                        self.game.note_par_estimate(h.remaining);
                    }
                    self.game.note_hint();
                    self.changed();
                    self.hint_visible = true;
                    self.hint_mode = true;
                    // Whether the plan is proven is the panel's to say, from the plan it
                    // shows: a line here could contradict it once the plan improves.
                    self.status = None;
                }
                Err(e) => self.status = Some(failure("No hint", e)),
            },
            Answer::Solution { board, result } if board == self.game.board() => match result {
                Ok(s) => return Some(s.moves.clone().into()),
                Err(e) => self.status = Some(failure("No solution", e)),
            },
            Answer::Par { start, length, optimal } if start == self.game.start() => {
                if *optimal {
                    self.game.set_par(*length);
                } else {
                    self.game.note_par_estimate(*length);
                }
                // Saved with the game, so that a resumed game shows it.
                self.changed();
            }
            Answer::Tables { size, progress } if *size == self.game.size() => {
                self.tables = match progress {
                    // Only the share done: the tables' names would wrap the panel's line.
                    BuildProgress::Building { done, total, .. } => {
                        Some(format!("Preparing tables: {}%", done * 100 / (*total).max(1)))
                    }
                    BuildProgress::Notice(n) => {
                        let mut chars = n.chars();
                        let text = chars
                            .next()
                            .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect());
                        self.notify(Notice::info(format!("{text}.")));
                        self.tables.take()
                    }
                };
            }
            Answer::Prepared { size, error } => {
                if *size == self.game.size() {
                    self.tables = None;
                }
                if let Some(e) = error {
                    self.notify(Notice::warning(format!(
                        "The solver's tables for {size} could not be built ({e}). Hints still work, from a \
                         simpler estimate, and may be slower or not proven optimal."
                    )));
                }
            }
            Answer::BackgroundFailed(e) => self.status = Some(failure("", e)),
            Answer::LargeTables { .. } | Answer::LargeTablesBuilt { .. } => self.large_tables_answer(answer),
            _ => {}
        }
        None
    }

    /// Records the win (once) and says what it set.
    fn win(&mut self, engine: &mut Engine) -> WinSummary {
        engine.cancel_interactive();
        self.hint_visible = false;
        self.status = None;
        WinSummary::new(self.persist.win(&self.game))
    }
}

/// The status line for a request that failed: a crash says the game goes on without the
/// solver; other failures follow `what` ("No hint: …").
fn failure(what: &str, e: &EngineError) -> String {
    match e {
        EngineError::Crashed { message } => format!("The solver failed ({message}); play on without it."),
        e if what.is_empty() => format!("The solver failed ({e}); play on without it."),
        e => format!("{what}: {e}."),
    }
}
