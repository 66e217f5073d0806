//! The recent times beside the panel: the last 12 attempts of this size and level, newest
//! first, to the millisecond (a session of solves), with ao5 and ao12 when there is room.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, BorderType, Paragraph, Widget};
use slide::game::Speed;
use slide::game::averages::{format_average, format_millis};

use crate::ui::theme::Theme;

/// How many recent times are listed.
pub const LISTED: usize = 12;

/// The list of recent times.
pub struct Times<'a> {
    /// The size and level's speedsolving record (`None`: not a dealt level).
    pub speed: Option<&'a Speed>,
    /// Styles.
    pub theme: &'a Theme,
}

impl Widget for Times<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let rows = usize::from(area.height.saturating_sub(2));
        let mut lines = Vec::new();
        match self.speed {
            Some(speed) if !speed.recent.is_empty() => {
                let total = speed.recent.len();
                for (i, attempt) in speed.latest(LISTED.min(rows)).enumerate() {
                    let time = attempt.map_or_else(|| "DNF".to_string(), format_millis);
                    lines.push(Line::from(vec![
                        ratatui::text::Span::styled(format!("{:>3}", total - i), t.dim),
                        ratatui::text::Span::raw(format!(" {time:>8}")),
                    ]));
                }
                if rows >= LISTED + 3 {
                    let ao = |n| speed.ao(n).map_or_else(|| "—".to_string(), format_average);
                    lines.push(Line::raw(""));
                    lines.push(Line::raw(format!("ao5  {:>7}", ao(5))));
                    lines.push(Line::raw(format!("ao12 {:>7}", ao(12))));
                }
            }
            Some(_) => lines.push(Line::styled("none yet", t.dim)),
            None => {
                lines.push(Line::styled("timed for", t.dim));
                lines.push(Line::styled("dealt levels", t.dim));
                lines.push(Line::styled("only", t.dim));
            }
        }
        Paragraph::new(lines)
            .block(
                Block::bordered()
                    .border_type(BorderType::Rounded)
                    .title(" Times ")
                    .title_style(t.accent),
            )
            .render(area, buf);
    }
}
