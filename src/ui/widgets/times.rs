//! The recent times beside the panel: this session's last 12 attempts of this size and
//! level, newest first, to the millisecond, with the session's ao5 and ao12 when there is
//! room. (A session: since Slide started, or since the session-reset key.)

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, BorderType, Paragraph, Widget};
use slide::game::Speed;
use slide::game::records::averages::format_average;
use slide::time_format::format_time;

use crate::ui::theme::Theme;

/// How many recent times are listed.
pub const LISTED: usize = 12;

/// The list of recent times.
pub struct Times<'a> {
    /// This session's speedsolving record of the size and level (`None`: not a dealt level).
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
                    let time = attempt.map_or_else(|| "DNF".to_string(), format_time);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(speed: Option<&Speed>, height: u16) -> Vec<String> {
        let theme = Theme::mono();
        let area = Rect::new(0, 0, 16, height);
        let mut buf = Buffer::empty(area);
        Times { speed, theme: &theme }.render(area, &mut buf);
        (1..height - 1)
            .map(|y| (1..15).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect()
    }

    #[test]
    fn the_list_is_newest_first_with_dnfs_and_the_averages_below() {
        let mut speed = Speed::default();
        for ms in [15_000, 12_000, 10_000] {
            speed.record_solve(ms, 20);
        }
        speed.record_dnf();
        for ms in [20_000, 13_000, 14_000] {
            speed.record_solve(ms, 20);
        }
        let list = rows(Some(&speed), 18);
        for (i, expected) in [
            "  7   14.000",
            "  6   13.000",
            "  5   20.000",
            "  4      DNF",
            "  3   10.000",
        ]
        .iter()
        .enumerate()
        {
            assert!(list[i].starts_with(expected), "{list:#?}");
        }
        assert!(list.iter().any(|l| l.starts_with("ao5   15.667")), "{list:#?}");
        assert!(rows(Some(&Speed::default()), 6)[0].starts_with("none yet"));
        assert!(rows(None, 6)[0].starts_with("timed for"));
    }
}
