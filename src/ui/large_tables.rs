//! When the game builds a size's large tables in the background, and what the panel says of
//! it: once the player has played the size [`LARGE_TABLES_AFTER`] times (won, finished by
//! the solver, or left, from the records), as `game.large_tables` allows.

use slide::config::{Config, LargeTables};
use slide::engine::{Answer, Engine};
use slide::game::Notice;

use crate::ui::current_game::{CurrentGame, LargeQuestion};

/// Attempts of a size after which its large tables are built.
pub const LARGE_TABLES_AFTER: u32 = 3;

impl CurrentGame {
    /// Starts the build of the size in play's large tables when the player has played it
    /// often enough and the setting allows (with "ask", says once a run how to build them).
    pub(crate) fn offer_large_tables(&mut self, engine: &mut Engine, config: &Config) {
        let size = self.game.size();
        if self.placeholder || engine.large_tables_building().is_some() || engine.solver().has_large(size) {
            return;
        }
        let Some(partition) = engine.solver().large_partition(size).cloned() else {
            return;
        };
        if self.persist.stats().ended_attempts_of(size) < LARGE_TABLES_AFTER {
            return;
        }
        match config.game.large_tables {
            LargeTables::Auto => {
                engine.build_large_tables(size);
            }
            LargeTables::Ask if !self.asked_large.contains(&size) => {
                self.asked_large.push(size);
                let mb: u64 = partition
                    .groups()
                    .iter()
                    .map(|g| partition.table_bytes(g.len()))
                    .sum::<u64>()
                    >> 20;
                self.large_question = Some(LargeQuestion { size, mb });
            }
            // Off, or asked already this run.
            LargeTables::Off | LargeTables::Ask => {}
        }
    }

    /// The player changed `game.large_tables` (in `config`): a build runs only with "auto"
    /// (one stopped keeps what it finished, for a later build to go on from), and "auto"
    /// starts one at once if the size in play has been played enough. What to say of it.
    pub(crate) fn large_tables_set(&mut self, engine: &mut Engine, config: &Config) -> Option<String> {
        if config.game.large_tables != LargeTables::Auto
            && let Some(size) = engine.stop_large_tables()
        {
            self.building = None;
            return Some(format!("Stopped building the {size} tables; what is built is kept."));
        }
        if config.game.large_tables == LargeTables::Auto {
            self.offer_large_tables(engine, config);
            if let Some(size) = engine.large_tables_building() {
                return Some(format!("Building the {size} tables in the background."));
            }
        }
        None
    }

    /// Takes the engine's word on the large tables' build: its progress for the panel, and
    /// its end.
    pub(crate) fn large_tables_answer(&mut self, answer: &Answer) {
        match answer {
            Answer::LargeTables { size, percent } => {
                self.building = Some(format!("Building {size} tables {percent}%"));
            }
            Answer::LargeTablesBuilt { size, error } => {
                self.building = None;
                match error {
                    None => self.status = Some(format!("{size} large tables built: hints use them now.")),
                    Some(e) => self.notify(Notice::warning(format!(
                        "The large {size} tables could not be built ({e}). The game goes on with \
                         its usual tables."
                    ))),
                }
            }
            _ => {}
        }
    }
}
