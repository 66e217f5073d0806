//! The statistics screen: records per size and kind (every figure of `slide stats`, from
//! the same fold), the last games' moves/par and solve times as charts, the daily streaks,
//! and the recent attempts, each of which opens in the review.
//!
//! At 80 columns the records table shows its figures in two pages (games, speed: ←/→);
//! wide terminals show both at once. Its rows scroll (PgUp/PgDn) when they outnumber the
//! room, so every row is reachable at 80×24.

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
use slide::game::records::averages::{Average, format_average};
use slide::game::{AttemptRecord, Kind, Outcome, Record, Stats, format_time};
use slide::puzzle::Size;

use crate::ui::context::{Context, View};
use crate::ui::screen::{Screen, Transition};
use crate::ui::screens::help::Help;
use crate::ui::screens::replay::ReplayScreen;
use crate::ui::screens::review::ReviewScreen;
use crate::ui::screens::session_stats::SessionScreen;
use crate::ui::theme::Theme;

/// How many games the charts show.
pub const CHART_GAMES: usize = 30;

/// The width from which the records table shows every column at once.
pub const WIDE: u16 = 150;

/// Which figures the records table shows on a narrow screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Columns {
    /// Played, won, win %, replays, solver-finished, DNF, best, moves/par.
    #[default]
    Games,
    /// Best single, ao5, ao12, ao100, best ao5, mean TPS.
    Speed,
}

/// The statistics screen's state: the attempts read when it opened, the one selected, and
/// the records table's page and first row.
#[derive(Debug, Clone, PartialEq)]
pub struct StatsState {
    /// The latest attempts, newest first.
    pub history: Vec<AttemptRecord>,
    /// The attempt selected (an index into `history`).
    pub selected: usize,
    /// The records table's first row shown.
    pub top: usize,
    /// The figures shown on a narrow screen.
    pub columns: Columns,
}

impl StatsState {
    /// The state for `history`, nothing scrolled.
    pub fn new(history: Vec<AttemptRecord>) -> StatsState {
        StatsState {
            history,
            selected: 0,
            top: 0,
            columns: Columns::Games,
        }
    }
}

/// The statistics as a screen.
#[derive(Debug, Clone, PartialEq)]
pub struct StatsScreen {
    /// What it shows.
    pub state: StatsState,
}

impl StatsScreen {
    /// The statistics, with the latest attempts read now (the clock stops, as under any
    /// screen over the board). Records cleared by `slide stats --reset` meanwhile are read
    /// again first.
    pub fn open(ctx: &mut Context) -> StatsScreen {
        ctx.current.persist.refresh();
        StatsScreen {
            state: StatsState::new(ctx.current.persist.records().recent().cloned().collect()),
        }
    }
}

/// The statistics as a screen to open (for the session screen, which can't name this one).
pub fn open_statistics(ctx: &mut Context) -> Box<dyn Screen> {
    Box::new(StatsScreen::open(ctx))
}

impl Screen for StatsScreen {
    /// ↑/↓ choose a recent game, Enter (or the review key) opens its review, PgUp/PgDn
    /// scroll the records, ←/→ switch their figures, Esc closes.
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        let rows = record_rows(ctx.current.persist.stats()).len();
        let state = &mut self.state;
        match action {
            Action::Up => state.selected = state.selected.saturating_sub(1),
            Action::Down => {
                state.selected = (state.selected + 1).min(state.history.len().saturating_sub(1));
            }
            Action::PageUp => state.top = state.top.saturating_sub(1),
            Action::PageDown => state.top = (state.top + 1).min(rows.saturating_sub(1)),
            Action::Left | Action::Right => {
                state.columns = match state.columns {
                    Columns::Games => Columns::Speed,
                    Columns::Speed => Columns::Games,
                };
            }
            Action::Confirm | Action::Review
                if state
                    .history
                    .get(state.selected)
                    .is_some_and(|g| [slide::game::MARATHON, slide::game::RELAY].contains(&g.mode.as_str())) =>
            {
                // Every board of the run, each against its optimum.
                let Some(game) = state.history.get(state.selected) else {
                    return Transition::Stay;
                };
                let kind = game.run_kind();
                let moves = game.log().map(|l| l.plain_moves());
                match (kind, moves.as_ref().map(|m| (m, slide::game::legs(&game.scramble, m)))) {
                    (Some(kind), Some((moves, Ok(legs)))) => {
                        let legs = legs.into_iter().map(|l| (l.start, moves[l.moves].to_vec())).collect();
                        return Transition::Push(Box::new(ReviewScreen::open_run(legs, &[], kind.describe(), ctx)));
                    }
                    (_, Some((_, Err(e)))) => ctx.current.status = Some(format!("That run can't be reviewed: {e}.")),
                    _ => ctx.current.status = Some("That run's boards or moves were not kept.".into()),
                }
            }
            Action::Confirm | Action::Review => {
                let Some(game) = state.history.get(state.selected) else {
                    return Transition::Stay;
                };
                match (game.start_board(), game.log()) {
                    (Ok(start), Some(log)) => {
                        let title = format!("{} {}", game.size, game.level);
                        let moves = log.plain_moves();
                        return Transition::Push(Box::new(ReviewScreen::open(start, moves, title, game.par, ctx)));
                    }
                    (Err(e), _) => ctx.current.status = Some(format!("That game can't be reviewed: {e}.")),
                    (_, None) => ctx.current.status = Some("That game's moves were not kept.".into()),
                }
            }
            Action::Playback => {
                let Some(game) = state.history.get(state.selected).cloned() else {
                    return Transition::Stay;
                };
                match ReplayScreen::open(&game, false, ctx) {
                    Ok(replay) => return Transition::Push(Box::new(replay)),
                    Err(e) => ctx.current.status = Some(format!("That game can't be replayed: {e}.")),
                }
            }
            Action::Session => return Transition::Push(Box::new(SessionScreen::open(ctx, None))),
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
            stats: view.current.persist.stats(),
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

/// One row of the records table: a size and kind, and its figures.
struct RecordRow<'a> {
    name: String,
    record: &'a Record,
}

/// The rows recorded, by size (fewest cells first, the narrower first: 3×3, 3×4, 4×3, 4×4,
/// …) and, within a size, by kind in the order `Stats::kinds` gives; each row's size and
/// kind are read from its key ("4x3 random"), so that every shape recorded shows.
fn record_rows(stats: &Stats) -> Vec<RecordRow<'_>> {
    let kinds = stats.kinds();
    let mut rows: Vec<((usize, usize, usize), RecordRow<'_>)> = stats
        .records
        .iter()
        .filter_map(|(key, record)| {
            let (size, kind) = key.split_once(' ')?;
            let size: Size = size.parse().ok()?;
            let order = kinds.iter().position(|k| Some(*k) == Kind::from_name(kind))?;
            let name = format!("{size} {kind}");
            Some(((size.cells(), size.width(), order), RecordRow { name, record }))
        })
        .collect();
    rows.sort_by_key(|(order, _)| *order);
    rows.into_iter().map(|(_, row)| row).collect()
}

/// An attempt's board size as the screen writes it ("4×3").
/// A figure or a dash.
fn or_dash<T>(value: Option<T>, show: impl FnOnce(T) -> String) -> String {
    value.map_or_else(|| "—".to_string(), show)
}

/// The columns of one page: their titles and widths, and each row's texts.
fn games_columns() -> Vec<(&'static str, u16)> {
    vec![
        ("played", 6),
        ("won", 5),
        ("win %", 5),
        ("replays", 7),
        ("solver", 6),
        ("DNF", 4),
        ("best time", 16),
        ("moves/par", 9),
    ]
}

fn games_cells(r: &Record) -> Vec<String> {
    vec![
        r.played.to_string(),
        r.won.to_string(),
        or_dash(r.win_percent(), |p| format!("{p:.0}%")),
        r.replays.to_string(),
        r.solver_finished.to_string(),
        r.dnf.to_string(),
        or_dash(r.bests.fastest.as_ref(), |b| {
            format!("{} · {}", format_time(b.time_ms), b.moves)
        }),
        or_dash(r.mean_par_ratio(), |x| format!("{x:.2}×")),
    ]
}

fn speed_columns() -> Vec<(&'static str, u16)> {
    vec![
        ("single", 9),
        ("ao5", 9),
        ("ao12", 9),
        ("ao100", 9),
        ("best ao5", 9),
        ("best ao12", 9),
        ("TPS", 5),
    ]
}

fn speed_cells(r: &Record) -> Vec<String> {
    let s = &r.speed;
    let ao = |n| or_dash(s.ao(n), format_average);
    vec![
        or_dash(s.best_single(), format_time),
        ao(5),
        ao(12),
        ao(100),
        or_dash(s.best_ao5_ms, |ms| format_average(Average::Millis(ms))),
        or_dash(s.best_ao12_ms, |ms| format_average(Average::Millis(ms))),
        or_dash(s.mean_tps(), |x| format!("{x:.2}")),
    ]
}

impl Widget for StatsView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        Clear.render(area, buf);
        let block = Block::bordered()
            .border_type(BorderType::Double)
            .title(" Statistics ")
            .title_style(t.accent)
            .title_top(
                Line::styled(format!(" {} this session ", self.keys.name(Action::Session)), t.dim).right_aligned(),
            );
        let inner = block.inner(area);
        block.render(area, buf);
        let rows = record_rows(self.stats);
        // The table takes what its rows need, up to a third of the screen (at least a row).
        let table_height = (rows.len().max(1) as u16 + 1).min((inner.height / 3).max(2));
        let chart_height = if inner.height >= 30 { 9 } else { 6 };
        let [table_area, charts, streak_area, recent_area, keys_line] = Layout::vertical([
            Constraint::Length(table_height),
            Constraint::Length(chart_height),
            Constraint::Length(1),
            Constraint::Min(2),
            Constraint::Length(1),
        ])
        .areas(inner);
        let shown = usize::from(table_height.saturating_sub(1)).max(1);
        let top = self.state.top.min(rows.len().saturating_sub(shown));
        let wide = area.width >= WIDE;
        render_table(&rows, top, shown, self.state.columns, wide, table_area, buf, t);
        let [ratio_area, time_area] =
            Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(charts);
        let last: Vec<&AttemptRecord> = self
            .state
            .history
            .iter()
            .filter(|r| r.counted_win())
            .take(CHART_GAMES)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        render_ratio_chart(&last, ratio_area, buf, t);
        render_times(&last, time_area, buf, t);
        render_streaks(self.stats, self.today, streak_area, buf, t);
        render_recent(self.state, recent_area, buf, t);
        let keys = self.keys;
        // At 80 columns every part fits: the table's first column says which rows show.
        let mut help = format!(
            "{}/{} game · {} review it · {} replay it",
            keys.name(Action::Up),
            keys.name(Action::Down),
            keys.name(Action::Confirm),
            keys.name(Action::Playback)
        );
        if rows.len() > shown {
            let (up, down) = (keys.name(Action::PageUp), keys.name(Action::PageDown));
            help = format!("{help} · {up}/{down}");
        }
        if !wide {
            let other = match self.state.columns {
                Columns::Games => "speed",
                Columns::Speed => "games",
            };
            let (left, right) = (keys.name(Action::Left), keys.name(Action::Right));
            help = format!("{help} · {left}/{right} {other}");
        }
        let back = keys.name(Action::Back);
        Line::styled(format!("{help} · {back} close"), t.dim)
            .centered()
            .render(keys_line, buf);
    }
}

#[allow(clippy::too_many_arguments, reason = "the table's parts, drawn in one place")]
fn render_table(
    rows: &[RecordRow],
    top: usize,
    shown: usize,
    columns: Columns,
    wide: bool,
    area: Rect,
    buf: &mut Buffer,
    t: &Theme,
) {
    if rows.is_empty() {
        Paragraph::new(Line::styled("No games recorded yet.", t.dim)).render(area, buf);
        return;
    }
    let mut heads = Vec::new();
    if wide || columns == Columns::Games {
        heads.extend(games_columns());
    }
    if wide || columns == Columns::Speed {
        heads.extend(speed_columns());
    }
    // "3×3 marathon-10" in full: a name is never cut. Where the columns then don't all fit
    // (80 columns), the last ones are left out rather than squeezed.
    let longest = rows.iter().map(|r| r.name.chars().count()).max().unwrap_or(0) as u16;
    // The longest name a row can have: "6×6 marathon-999999-seeded".
    let name = longest.clamp(11, 26);
    let mut used = name;
    let fit = heads
        .iter()
        .take_while(|(_, w)| {
            used += w + 1;
            used <= area.width
        })
        .count();
    heads.truncate(fit);
    // The first column says which rows are shown when not all fit.
    let first = if rows.len() > shown {
        format!("{}–{} of {}", top + 1, (top + shown).min(rows.len()), rows.len())
    } else {
        String::new()
    };
    let mut header = vec![first];
    header.extend(heads.iter().map(|(h, _)| (*h).to_string()));
    let body = rows.iter().skip(top).take(shown).map(|r| {
        let mut cells = vec![r.name.clone()];
        if wide || columns == Columns::Games {
            cells.extend(games_cells(r.record));
        }
        if wide || columns == Columns::Speed {
            cells.extend(speed_cells(r.record));
        }
        cells.truncate(fit + 1);
        Row::new(cells)
    });
    let mut widths = vec![Constraint::Length(name)];
    widths.extend(heads.iter().map(|(_, w)| Constraint::Length(*w)));
    let table = Table::new(body, widths).header(Row::new(header).style(t.dim));
    Widget::render(table, area, buf);
}

fn render_ratio_chart(games: &[&AttemptRecord], area: Rect, buf: &mut Buffer, t: &Theme) {
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

fn render_times(games: &[&AttemptRecord], area: Rect, buf: &mut Buffer, t: &Theme) {
    let times: Vec<u64> = games.iter().map(|g| g.millis).collect();
    let slowest = times.iter().copied().max().unwrap_or(0);
    let fastest = times.iter().copied().min().unwrap_or(0);
    let title = if times.is_empty() {
        " solve times ".to_string()
    } else {
        format!(" solve times {}–{} ", format_time(fastest), format_time(slowest))
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
            .get(&format!("{}x{}", size.width(), size.height()))
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
        let best = stats.best_daily_streak(size);
        spans.push(Span::styled(format!(" (best {best}, {won} won)"), t.dim));
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
            "Finished games appear here; each one opens in the review.",
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
            let when = g.date().replace('T', " ");
            let when = when.get(..16).unwrap_or(&when).to_string();
            let par = g.par.map_or_else(String::new, |p| format!(" (par {p})"));
            let result = match (g.result, g.replay) {
                (_, true) => format!("replay · {}", format_time(g.millis)),
                (Outcome::Won, false) => format_time(g.millis),
                (Outcome::Solver, false) => "solver-finished".to_string(),
                (Outcome::Dnf, false) => "DNF".to_string(),
                (Outcome::GaveUp, false) => "given up".to_string(),
            };
            let help = if g.assisted { " · helped" } else { "" };
            ListItem::new(Line::from(vec![
                Span::styled(format!("{when}  "), t.dim),
                Span::raw(format!(
                    "{} {:<7} {}{par} · {result}{help}",
                    g.size,
                    g.level,
                    crate::ui::widgets::panel::moves(g.stm())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_recorded_has_its_row_in_size_order() {
        let mut stats = Stats::default();
        for key in [
            "4x4 easy",
            "4x3 random",
            "3x3 hard",
            "3x3 easy",
            "10x10 random",
            "3x4 random",
        ] {
            stats.records.insert(key.to_string(), Record::default());
        }
        let names: Vec<String> = record_rows(&stats).into_iter().map(|r| r.name).collect();
        assert_eq!(
            names,
            [
                "3×3 easy",
                "3×3 hard",
                "3×4 random",
                "4×3 random",
                "4×4 easy",
                "10×10 random"
            ]
        );
    }
}
