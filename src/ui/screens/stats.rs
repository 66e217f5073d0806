//! The statistics screen: records per size and level, the last games' moves/par and solve
//! times as charts, the daily streaks, and the recent games, each of which opens in the
//! review.

use std::time::Duration;

use crate::ui::keys::{Action, Bindings};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{
    Axis, Block, BorderType, Chart, Clear, Dataset, GraphType, List, ListItem, ListState, Paragraph, Row, Sparkline,
    StatefulWidget, Table, Widget,
};
use slide::difficulty::UtcDate;
use slide::game::{Clock, FinishedGame, Kind, Stats};
use slide::puzzle::Size;

use crate::ui::context::{Context, View};
use crate::ui::screen::{Screen, Transition};
use crate::ui::screens::help::Help;
use crate::ui::screens::replay::ReplayScreen;
use crate::ui::screens::review::ReviewScreen;
use crate::ui::theme::Theme;

/// How many games the charts show.
pub const CHART_GAMES: usize = 30;

/// The statistics screen's state: the game log read when it opened, the game selected.
#[derive(Debug, Clone, PartialEq)]
pub struct StatsState {
    /// The game log, newest first.
    pub history: Vec<FinishedGame>,
    /// The recent game selected (an index into `history`).
    pub selected: usize,
}

/// The statistics as a screen.
#[derive(Debug, Clone, PartialEq)]
pub struct StatsScreen {
    /// What it shows.
    pub state: StatsState,
}

impl StatsScreen {
    /// The statistics, with the game log read now (the clock stops, as under any screen
    /// over the board).
    pub fn open(ctx: &mut Context) -> StatsScreen {
        StatsScreen {
            state: StatsState {
                history: ctx.session.persist.history(),
                selected: 0,
            },
        }
    }
}

impl Screen for StatsScreen {
    /// ↑/↓ choose a recent game, Enter (or the review key) opens its review, Esc closes.
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        let state = &mut self.state;
        match action {
            Action::Up => state.selected = state.selected.saturating_sub(1),
            Action::Down => {
                state.selected = (state.selected + 1).min(state.history.len().saturating_sub(1));
            }
            Action::Confirm | Action::Review => {
                let Some(game) = state.history.get(state.selected) else {
                    return Transition::Stay;
                };
                match (game.start_board(), game.move_list()) {
                    (Ok(start), Ok(moves)) => {
                        let title = format!("{}×{} {}", game.size, game.size, game.level);
                        return Transition::Push(Box::new(ReviewScreen::open(start, moves, title, ctx)));
                    }
                    (Err(e), _) | (_, Err(e)) => {
                        ctx.session.status = Some(format!("That game can't be reviewed: {e}."));
                    }
                }
            }
            Action::Playback => {
                let Some(game) = state.history.get(state.selected) else {
                    return Transition::Stay;
                };
                let record = ctx
                    .session
                    .persist
                    .records()
                    .recent()
                    .find(|r| r.id == game.id)
                    .cloned();
                match record.map(|r| ReplayScreen::open(&r, false, ctx)) {
                    Some(Ok(replay)) => return Transition::Push(Box::new(replay)),
                    Some(Err(e)) => ctx.session.status = Some(format!("That game can't be replayed: {e}.")),
                    None => ctx.session.status = Some("That game was recorded without its moves' times.".into()),
                }
            }
            Action::Back | Action::Stats => return Transition::Pop,
            Action::Help => return Transition::Push(Box::new(Help::default())),
            Action::Quit => return Transition::Quit,
            _ => {}
        }
        Transition::Stay
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        StatsView {
            state: &self.state,
            stats: view.session.persist.stats(),
            today: UtcDate::today(),
            keys: &view.settings.keys,
            theme: &view.settings.theme,
        }
        .render(area, buf);
    }

    fn covers(&self) -> bool {
        true
    }
}

/// The statistics screen, over the whole terminal.
pub struct StatsView<'a> {
    /// The state.
    pub state: &'a StatsState,
    /// The records.
    pub stats: &'a Stats,
    /// Today, for the streaks.
    pub today: UtcDate,
    /// Key names.
    pub keys: &'a Bindings,
    /// Styles.
    pub theme: &'a Theme,
}

/// One row of the records table.
struct RecordRow {
    name: String,
    played: u32,
    won: u32,
    best: String,
    ratio: String,
}

/// The best unassisted (moves, time) of a size and kind: the row's own, or for custom boards
/// and daily puzzles (whose bests are kept per puzzle) the best in the game log.
fn best_of(stats: &Stats, history: &[FinishedGame], size: Size, kind: Kind) -> Option<(u32, u64)> {
    if let Some(b) = stats.row(size, kind).and_then(|r| r.bests.best.as_ref()) {
        return Some((b.moves, b.time_ms));
    }
    history
        .iter()
        .filter(|g| g.size == size.side() && g.level == kind.name() && !g.assisted)
        .map(|g| (g.move_count, g.millis))
        .min()
}

fn record_rows(stats: &Stats, history: &[FinishedGame]) -> Vec<RecordRow> {
    let mut rows = Vec::new();
    for size in Size::ALL {
        for kind in Kind::all() {
            let Some(r) = stats.row(size, kind) else { continue };
            let best = best_of(stats, history, size, kind).map_or_else(
                || "-".to_string(),
                |(moves, ms)| {
                    let time = Clock::stopped_at(Duration::from_millis(ms)).display();
                    format!("{moves} · {time}")
                },
            );
            rows.push(RecordRow {
                name: format!("{size} {}", kind.name()),
                played: r.played,
                won: r.won,
                best,
                ratio: r
                    .mean_par_ratio()
                    .map_or_else(|| "-".to_string(), |x| format!("{x:.2}×")),
            });
        }
    }
    rows
}

impl Widget for StatsView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        Clear.render(area, buf);
        let block = Block::bordered()
            .border_type(BorderType::Double)
            .title(" Statistics ")
            .title_style(t.accent);
        let inner = block.inner(area);
        block.render(area, buf);
        let rows = record_rows(self.stats, &self.state.history);
        let table_height = (rows.len().max(1) as u16 + 1).min(inner.height / 3).max(2);
        let chart_height = if inner.height >= 30 { 9 } else { 6 };
        let [table_area, charts, streak_area, recent_area, keys_line] = Layout::vertical([
            Constraint::Length(table_height),
            Constraint::Length(chart_height),
            Constraint::Length(1),
            Constraint::Min(2),
            Constraint::Length(1),
        ])
        .areas(inner);
        render_table(&rows, table_area, buf, t);
        let [ratio_area, time_area] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(charts);
        let last: Vec<&FinishedGame> = self.state.history.iter().take(CHART_GAMES).rev().collect();
        render_ratio_chart(&last, ratio_area, buf, t);
        render_times(&last, time_area, buf, t);
        render_streaks(self.stats, self.today, streak_area, buf, t);
        render_recent(self.state, recent_area, buf, t);
        let keys = self.keys;
        let (choose, open, replay, back) = (
            format!("{}/{}", keys.name(Action::Up), keys.name(Action::Down)),
            keys.name(Action::Confirm),
            keys.name(Action::Playback),
            keys.name(Action::Back),
        );
        Line::styled(
            format!("{choose} choose a game · {open} review it · {replay} replay it · {back} close"),
            t.dim,
        )
        .centered()
        .render(keys_line, buf);
    }
}

fn render_table(rows: &[RecordRow], area: Rect, buf: &mut Buffer, t: &Theme) {
    if rows.is_empty() {
        Paragraph::new(Line::styled("No games recorded yet.", t.dim)).render(area, buf);
        return;
    }
    let header = Row::new(["", "played", "won", "win %", "best unassisted", "moves/par"]).style(t.dim);
    let body = rows.iter().map(|r| {
        let rate = if r.played == 0 {
            "-".to_string()
        } else {
            format!("{:.0}%", 100.0 * f64::from(r.won) / f64::from(r.played))
        };
        Row::new([
            r.name.clone(),
            r.played.to_string(),
            r.won.to_string(),
            rate,
            r.best.clone(),
            r.ratio.clone(),
        ])
    });
    let table = Table::new(
        body,
        [
            Constraint::Length(12),
            Constraint::Length(6),
            Constraint::Length(5),
            Constraint::Length(5),
            Constraint::Length(16),
            Constraint::Length(9),
        ],
    )
    .header(header);
    Widget::render(table, area, buf);
}

fn render_ratio_chart(games: &[&FinishedGame], area: Rect, buf: &mut Buffer, t: &Theme) {
    let points: Vec<(f64, f64)> = games
        .iter()
        .enumerate()
        .filter_map(|(i, g)| g.par_ratio().map(|r| (i as f64, r)))
        .collect();
    let block = Block::bordered()
        .border_style(t.dim)
        .title(format!(" moves/par, last {} ", games.len()));
    if points.is_empty() {
        Paragraph::new(Line::styled("no games with a par yet", t.dim))
            .block(block)
            .render(area, buf);
        return;
    }
    let top = points.iter().map(|p| p.1).fold(1.0_f64, f64::max).max(1.1);
    let n = games.len().saturating_sub(1).max(1) as f64;
    let par_line = vec![(0.0, 1.0), (n, 1.0)];
    let datasets = vec![
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(t.dim)
            .data(&par_line),
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(t.accent)
            .data(&points),
    ];
    Chart::new(datasets)
        .block(block)
        .x_axis(Axis::default().bounds([0.0, n]))
        .y_axis(
            Axis::default()
                .bounds([1.0, top])
                .labels(vec![Span::raw("1.0"), Span::raw(format!("{top:.1}"))])
                .style(t.dim),
        )
        .render(area, buf);
}

fn render_times(games: &[&FinishedGame], area: Rect, buf: &mut Buffer, t: &Theme) {
    let times: Vec<u64> = games.iter().map(|g| g.millis / 1000).collect();
    let slowest = times.iter().copied().max().unwrap_or(0);
    let fastest = times.iter().copied().min().unwrap_or(0);
    let clock = |s: u64| Clock::stopped_at(Duration::from_secs(s)).display();
    let title = if times.is_empty() {
        " solve times ".to_string()
    } else {
        format!(" solve times {}–{} ", clock(fastest), clock(slowest))
    };
    let block = Block::bordered().border_style(t.dim).title(title);
    if times.is_empty() {
        Paragraph::new(Line::styled("no games yet", t.dim))
            .block(block)
            .render(area, buf);
        return;
    }
    Sparkline::default()
        .block(block)
        .data(&times)
        .style(t.accent)
        .render(area, buf);
}

fn render_streaks(stats: &Stats, today: UtcDate, area: Rect, buf: &mut Buffer, t: &Theme) {
    let mut spans = vec![Span::styled("Daily streak ", t.dim)];
    for size in Size::ALL {
        let won = stats
            .daily_wins
            .get(&format!("{0}x{0}", size.side()))
            .map_or(0, std::collections::BTreeSet::len);
        if won == 0 {
            continue;
        }
        let streak = stats.daily_streak(size, today);
        if spans.len() > 1 {
            spans.push(Span::styled(" · ", t.dim));
        }
        spans.push(Span::raw(format!("{size} ")));
        spans.push(Span::styled(
            format!("{streak} day{}", if streak == 1 { "" } else { "s" }),
            if streak > 0 { t.accent } else { t.dim },
        ));
        spans.push(Span::styled(format!(" ({won} won)"), t.dim));
    }
    if spans.len() == 1 {
        spans.push(Span::styled("none yet: no daily puzzle won", t.dim));
    }
    Line::from(spans).render(area, buf);
}

fn render_recent(state: &StatsState, area: Rect, buf: &mut Buffer, t: &Theme) {
    let block = Block::bordered().border_style(t.dim).title(" recent games ");
    if state.history.is_empty() {
        Paragraph::new(Line::styled(
            "Won games appear here; each one opens in the review.",
            t.dim,
        ))
        .block(block)
        .render(area, buf);
        return;
    }
    let items: Vec<ListItem> = state
        .history
        .iter()
        .map(|g| {
            let when = g.finished_at.replace('T', " ");
            let when = when.get(..16).unwrap_or(&when).to_string();
            let par = g.par.map_or_else(String::new, |p| format!(" (par {p})"));
            let time = Clock::stopped_at(Duration::from_millis(g.millis)).display();
            let help = if g.assisted { " · helped" } else { "" };
            ListItem::new(Line::from(vec![
                Span::styled(format!("{when}  "), t.dim),
                Span::raw(format!(
                    "{}×{} {:<7} {} moves{par} · {time}{help}",
                    g.size, g.size, g.level, g.move_count
                )),
            ]))
        })
        .collect();
    let mut list_state = ListState::default().with_selected(Some(state.selected));
    StatefulWidget::render(
        List::new(items)
            .block(block)
            .highlight_style(t.hint)
            .highlight_symbol("▸ "),
        area,
        buf,
        &mut list_state,
    );
}
