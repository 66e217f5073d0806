//! The distance chart, which the review and the replay draw alike: the optimal distance to
//! the goal after each move, the part played so far, the detours (moves that took the board
//! further from the goal), the ideal straight line and the step shown.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::symbols::Marker;
use ratatui::text::Span;
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Widget};

use crate::ui::theme::Theme;

/// What a distance chart plots, as (move, distance) points.
pub struct DistancePoints {
    /// The distance after each move, the start's first.
    pub all: Vec<(f64, f64)>,
    /// Each move, among the first ones asked for, that went further from the goal.
    pub detours: Vec<(f64, f64)>,
    /// The largest distance, at least 1: the y axis's top.
    pub top: f64,
}

impl DistancePoints {
    /// The points of `distances` (one a position, the start's first), with the detours
    /// among the first `moves` moves.
    pub fn new(distances: &[u32], moves: usize) -> DistancePoints {
        let all = distances
            .iter()
            .enumerate()
            .map(|(i, &d)| (i as f64, f64::from(d)))
            .collect();
        let detours = distances
            .windows(2)
            .enumerate()
            .filter(|(i, w)| w[1] > w[0] && *i < moves)
            .map(|(i, w)| ((i + 1) as f64, f64::from(w[1])))
            .collect();
        let top = distances.iter().copied().max().unwrap_or(1).max(1) as f64;
        DistancePoints { all, detours, top }
    }
}

/// The chart of a game's (or a run's) distances to the goal.
pub struct DistanceChart<'a> {
    /// The points: every distance, the detours to mark, the top.
    pub points: DistancePoints,
    /// The moves made: the x axis's length (the distances may stop short of it).
    pub moves: usize,
    /// The move shown: the cursor's place.
    pub cursor: usize,
    /// The moves played so far, drawn bright over the dim whole (`usize::MAX`: all).
    pub played: usize,
    /// The line from the start's distance straight down to the goal: a perfect game.
    pub ideal: bool,
    /// The chart's title.
    pub title: String,
    /// The colours.
    pub theme: &'a Theme,
}

impl Widget for DistanceChart<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let DistancePoints { all, detours, top } = &self.points;
        let n = self.moves.max(1) as f64;
        // Past the positions known (a relay's boards not reviewed), the cursor stays at
        // their end.
        let at = (self.cursor as f64).min(n);
        let cursor = [(at, 0.0), (at, *top)];
        let played = &all[..self.played.saturating_add(1).min(all.len())];
        let start = all.first().map_or(0.0, |p| p.1);
        let ideal = [(0.0, start), (start, 0.0)];
        let mut datasets = Vec::new();
        if self.ideal {
            datasets.push(line(&ideal, t.dim).name("ideal"));
        }
        if played.len() < all.len() {
            datasets.push(line(all, t.dim));
        }
        datasets.extend([
            line(&cursor, t.dim),
            line(played, t.accent).name("played"),
            Dataset::default()
                .name("detour")
                .marker(Marker::Dot)
                .graph_type(GraphType::Scatter)
                .style(t.hint)
                .data(detours),
        ]);
        let x_labels = vec![
            Span::raw("0"),
            Span::raw((self.moves / 2).to_string()),
            Span::raw(self.moves.to_string()),
        ];
        let y_labels = vec![Span::raw("0"), Span::raw(format!("{}", *top as u32))];
        Chart::new(datasets)
            .block(Block::bordered().border_style(t.dim).title(self.title))
            // The legend shows whenever it fits beside the lines (ratatui hides it below a
            // quarter of the chart's size, so below 120 columns it never showed).
            .hidden_legend_constraints((Constraint::Percentage(60), Constraint::Percentage(80)))
            .x_axis(Axis::default().bounds([0.0, n]).labels(x_labels).style(t.dim))
            .y_axis(Axis::default().bounds([0.0, *top]).labels(y_labels).style(t.dim))
            .render(area, buf);
    }
}

/// A line through `points` in `style`.
pub fn line(points: &[(f64, f64)], style: Style) -> Dataset<'_> {
    Dataset::default()
        .marker(Marker::Braille)
        .graph_type(GraphType::Line)
        .style(style)
        .data(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detours_are_the_moves_away_from_the_goal_up_to_the_one_asked() {
        let p = DistancePoints::new(&[3, 4, 3, 2, 3, 2, 1, 0], usize::MAX);
        assert_eq!(p.all.len(), 8);
        assert_eq!(p.detours, [(1.0, 4.0), (4.0, 3.0)]);
        assert!((p.top - 4.0).abs() < f64::EPSILON);
        assert_eq!(DistancePoints::new(&[3, 4, 3, 2, 3, 2, 1, 0], 3).detours, [(1.0, 4.0)]);
        assert!((DistancePoints::new(&[], 0).top - 1.0).abs() < f64::EPSILON);
    }
}
