//! "Give up this attempt for a new scramble?": the next-scramble key again confirms, any
//! other key keeps the game. Asked only while an attempt has moves, as the restart is; the
//! question says what the attempt left will count as, as the model decides it.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use slide::game::Ending;

use crate::ui::context::{Context, View};
use crate::ui::keys::Action;
use crate::ui::screen::{Screen, Transition};
use crate::ui::screens::confirm_restart::{counts_as, or_enter};
use crate::ui::screens::dealing::deal;
use crate::ui::widgets::overlay;

/// The next scramble, now: a marathon's or relay's next run (the screen stays), else the
/// next deal of the same size and level.
pub fn next_scramble(ctx: &mut Context) -> Transition {
    let config = &ctx.settings.config;
    if ctx.current.next_run(ctx.engine, config) {
        return Transition::Stay;
    }
    let request = ctx.current.next_scramble(config);
    deal(request, false, ctx)
}

/// The next-scramble question.
#[derive(Debug, Default)]
pub struct ConfirmNext;

impl Screen for ConfirmNext {
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        match action {
            Action::NextScramble | Action::Confirm => match next_scramble(ctx) {
                Transition::Stay => Transition::Pop,
                other => other,
            },
            Action::Quit => Transition::Quit,
            _ => {
                ctx.current.status = Some("Kept your game.".into());
                Transition::Pop
            }
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        let theme = &view.settings.theme;
        let keys = &view.settings.keys;
        let next_key = keys.name(Action::NextScramble);
        let or_enter = or_enter(view);
        let mut lines = vec![Line::raw("Leave this attempt for a new scramble?")];
        lines.extend(counts_as(&view.current.game, Ending::Left, theme));
        lines.extend([
            Line::raw(""),
            Line::styled(
                format!("{next_key} again{or_enter} deals the next · any other key plays on"),
                theme.dim,
            ),
        ]);
        overlay::draw(area, buf, " New scramble? ", theme.accent, lines);
    }
}
