//! "Build the large tables?" (`game.large_tables = "ask"`): asked once a run, when a game
//! starts of a size the player has played often. Enter builds them in the background now;
//! any other key leaves them unbuilt, to be asked again at the next start.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::ui::context::{Context, View};
use crate::ui::current_game::LargeQuestion;
use crate::ui::keys::Action;
use crate::ui::screen::{Screen, Transition};
use crate::ui::widgets::overlay;

/// The question, for one size.
#[derive(Debug)]
pub struct ConfirmLargeTables {
    /// The size, and how big its tables are.
    pub question: LargeQuestion,
}

impl Screen for ConfirmLargeTables {
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        let size = self.question.size;
        match action {
            Action::Confirm => {
                ctx.current.status = Some(if ctx.engine.build_large_tables(size) {
                    format!("Building the {size} tables in the background.")
                } else if ctx.engine.solver().has_large(size) {
                    format!("The {size} large tables are built already.")
                } else {
                    format!("The {size} large tables can't be built in this run.")
                });
                Transition::Pop
            }
            Action::Quit => Transition::Quit,
            // Mouse motion is no answer.
            Action::Hover { .. } => Transition::Stay,
            _ => {
                ctx.current.status = Some("Not now: asked again at the next start.".into());
                Transition::Pop
            }
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        let theme = &view.settings.theme;
        let keys = &view.settings.keys;
        let LargeQuestion { size, mb } = self.question;
        let lines = vec![
            Line::raw(format!("You play {size} often. Build its large tables?")),
            Line::raw(format!("They take {mb} MB on disk and in memory, and some minutes")),
            Line::raw("of work in the background, at low priority, paused while"),
            Line::raw("you ask for hints. Then hints on hard boards are faster."),
            Line::styled("The settings' Large tables row changes this question.", theme.dim),
            Line::raw(""),
            Line::styled(
                format!("{} builds them · any other key: not now", keys.name(Action::Confirm)),
                theme.dim,
            ),
        ];
        overlay::draw(area, buf, " Large tables? ", theme.accent, lines);
    }
}
