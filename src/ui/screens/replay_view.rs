//! The replay's drawing: the board as it stood at the replay's clock (in the player's look),
//! beside it the clock, the move, the speed and, on 3×3 and 4×4, the optimal distance with
//! its chart and detours; under them the tiles a second over time.

use std::cmp::Ordering;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Clear, Paragraph, Widget, Wrap};
use slide::game::format_time;
use slide::review::RunReview;

use crate::ui::context::View;
use crate::ui::keys::Action;
use crate::ui::screens::board_drawing::draw_board;
use crate::ui::screens::replay_state::{Distances, ReplayState, SPEEDS};
use crate::ui::theme::Theme;
use crate::ui::widgets::distance_chart::{DistanceChart, DistancePoints, line};
use crate::ui::widgets::layout::board_within;

/// Columns the side column needs at least.
const SIDE_MIN: u16 = 30;
/// Columns the side column takes at most (on a wide terminal the whole is centred).
const SIDE_MAX: u16 = 60;
/// Rows the chart under the board takes at least.
const CHART_MIN: u16 = 6;
/// The window over which the tiles a second are counted.
const TPS_WINDOW_MS: u64 = 1000;

/// The replay screen, over the whole terminal.
pub struct ReplayView<'a> {
    /// What to show.
    pub state: &'a ReplayState,
    /// Settings, look and keys.
    pub view: &'a View<'a>,
    /// The terminal's size (the tiles grow with it, as on the board).
    pub terminal: Rect,
}

impl Widget for ReplayView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let s = self.state;
        let t = &self.view.settings.theme;
        Clear.render(area, buf);
        let [body, footer] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(area);
        footer_line(self.view).render(footer, buf);
        let chart_h = (body.height / 4).max(CHART_MIN).min(body.height);
        let middle_h = body.height - chart_h;
        let board = s.replay.board_after(s.step);
        // A relay's board grows as it goes: the layout is the board's on view.
        let size = board.size();
        let room = Rect {
            height: middle_h,
            width: body.width.saturating_sub(SIDE_MIN + 1),
            ..body
        };
        let Some(fitted) = board_within(self.terminal, room, size) else {
            Paragraph::new(Line::styled(
                format!("The terminal is too small to replay a {size} board: make it larger."),
                t.accent,
            ))
            .wrap(Wrap { trim: true })
            .render(body, buf);
            return;
        };
        // The board, the side column and the chart under them, centred as one.
        let (bw, bh) = (fitted.board.width, fitted.board.height);
        let side_w = (body.width - bw - 1).min(SIDE_MAX);
        let x = body.x + (body.width - (bw + 1 + side_w)) / 2;
        let board_room = Rect::new(x, body.y, bw, bh);
        let Some(layout) = board_within(self.terminal, board_room, size) else {
            return;
        };
        // The title on the board's frame: between its corners, with a space either side.
        let title = s.title_within(usize::from(bw.saturating_sub(4)));
        draw_board(self.view, &layout, &board, None, format!(" {title} "), false, buf);
        let column = Rect::new(x + bw + 1, body.y, side_w, middle_h);
        let chart = Rect::new(x, body.y + middle_h, bw + 1 + side_w, chart_h);
        let info = info_lines(s, t);
        let info_h = (info.len() as u16 + 2).min(column.height);
        let [info_area, distance_area] =
            Layout::vertical([Constraint::Length(info_h), Constraint::Min(0)]).areas(column);
        Paragraph::new(info)
            .block(
                Block::bordered()
                    .border_style(t.dim)
                    .title(" Replay ")
                    .title_style(t.accent),
            )
            .wrap(Wrap { trim: true })
            .render(info_area, buf);
        if let Distances::Known(review) = &s.distances
            && distance_area.height >= 5
        {
            distance_chart(s, review, distance_area, buf, t);
        }
        tps_chart(s, chart, buf, t);
    }
}

/// The keys, named as bound.
fn footer_line(view: &View) -> Line<'static> {
    let keys = &view.settings.keys;
    let pair = |a, b| format!("{}/{}", keys.name(a), keys.name(b));
    Line::styled(
        format!(
            "{} pause · {} step · {} speed · {} from the start · {} close",
            keys.name(Action::Pause),
            pair(Action::Left, Action::Right),
            pair(Action::Down, Action::Up),
            keys.name(Action::Restart),
            keys.name(Action::Back),
        ),
        view.settings.theme.dim,
    )
    .centered()
}

/// The side column's text: when, the clock, the move, the speed, the pace, the distance.
fn info_lines(s: &ReplayState, t: &Theme) -> Vec<Line<'static>> {
    let r = &s.replay;
    let row = |label: &str, value: Span<'static>| Line::from(vec![Span::styled(format!("{label:<9}"), t.dim), value]);
    let clock = s.clock_ms as u64;
    let state = if s.at_end() {
        "end"
    } else if s.paused {
        "paused"
    } else {
        "playing"
    };
    let speed = SPEEDS[s.speed];
    let speed = if speed < 1.0 {
        "×0.5".to_string()
    } else {
        format!("×{speed:.0}")
    };
    let so_far = if clock == 0 {
        0.0
    } else {
        s.step as f64 * 1000.0 / clock as f64
    };
    let mut lines = vec![
        Line::styled(s.when.clone(), t.dim),
        row(
            "Clock",
            Span::styled(
                format!("{} / {}", format_time(clock), format_time(r.total_ms())),
                t.accent,
            ),
        ),
        row("Move", Span::raw(format!("{} / {}", s.step, r.len()))),
    ];
    if let Some(count) = s.run_boards {
        let leg = r.leg_at(s.step);
        let on = &r.legs()[leg];
        let mut board = format!("{} of {count} · {}", leg + 1, on.start.size());
        if on.solved && s.step >= on.moves.end {
            board.push_str(" · solved");
        }
        lines.push(row("Board", Span::raw(board)));
    }
    lines.extend([
        row("Speed", Span::raw(format!("{speed} · {state}"))),
        row(
            "TPS",
            Span::raw(format!("{so_far:.2} so far · {:.2} in all", r.mean_tps())),
        ),
    ]);
    let leg = r.leg_at(s.step);
    match &s.distances {
        // A board of more than 16 cells: its distances are not computed, and no figure
        // stands for them.
        _ if leg >= s.reviewed => {
            let size = r
                .legs()
                .get(leg)
                .map_or_else(String::new, |l| l.start.size().to_string());
            lines.push(row(
                "To go",
                Span::styled(format!("not shown for {size} boards"), t.dim),
            ));
        }
        Distances::NotShown => {}
        Distances::Computing(progress) => {
            let (done, total) = progress.map_or((0, r.len() + 1), |p| (p.done, p.total));
            lines.push(row("To go", Span::styled(format!("computing… {done}/{total}"), t.dim)));
        }
        Distances::Failed(why) => lines.push(row("To go", Span::styled(format!("unknown: {why}"), t.dim))),
        Distances::Known(review) => lines.extend(distance_lines(s, review, t, row)),
    }
    if !r.timed() {
        lines.push(Line::styled("Times were not kept: moves spread evenly.", t.hint));
    }
    lines
}

/// The optimal distance now, what the last move did, and the detours so far (in a run,
/// every board's, numbered across the run).
fn distance_lines(
    s: &ReplayState,
    review: &RunReview,
    t: &Theme,
    row: impl Fn(&str, Span<'static>) -> Line<'static>,
) -> Vec<Line<'static>> {
    let d = review.distance_at(s.step);
    let (board, local) = review.locate(s.step);
    let verdict = if s.step == 0 {
        Span::raw("")
    } else if local == 0 && board > 0 {
        // The move before solved the board before: this is the next board's start.
        Span::styled(format!(" · board {board} solved"), t.tile_home)
    } else {
        let before = review.distance_at(s.step - 1);
        match d.cmp(&before) {
            Ordering::Less => Span::styled(" · closer", t.tile_home),
            Ordering::Greater => Span::styled(format!(" · away (+{})", 2 * (d - before)), t.hint),
            Ordering::Equal => Span::styled(" · level", t.dim),
        }
    };
    let detours = review.detours();
    let (count, cost) = detours
        .iter()
        .filter(|x| x.first_move <= s.step)
        .fold((0, 0), |(n, c), x| (n + 1, c + x.cost));
    let all_cost: u32 = detours.iter().map(|x| x.cost).sum();
    let text = format!("{count} so far (+{cost}) · {} in all (+{all_cost})", detours.len());
    let mut lines = vec![
        Line::from(vec![
            Span::styled(format!("{:<9}", "To go"), t.dim),
            Span::raw(format!("{d} at best")),
            verdict,
        ]),
        row("Detours", Span::styled(text, if count > 0 { t.hint } else { t.dim })),
    ];
    // A relay's 5×5 and 6×6 boards are not reviewed: the optimum is then the others'.
    let whole = review.boards.len() == s.replay.legs().len();
    if review.boards.len() > 1 || !whole {
        let of = if whole {
            "the run".to_string()
        } else {
            match review.boards.len() {
                1 => "board 1".to_string(),
                n => format!("boards 1–{n}"),
            }
        };
        lines.push(row(
            "Optimum",
            Span::raw(format!("{} for {of} · {} extra", review.optimal(), review.extra())),
        ));
    }
    lines
}

/// The optimal distance after each move: played so far (bright) and still to come (dim),
/// the detours' moves marked, the move shown as a line. In a run, the distance after a
/// board's solving move is the next board's.
fn distance_chart(s: &ReplayState, review: &RunReview, area: Rect, buf: &mut Buffer, t: &Theme) {
    let mut points = DistancePoints::new(&review.distances(), usize::MAX);
    points.detours = review
        .moves_away()
        .into_iter()
        .filter(|&m| m <= s.step)
        .map(|m| (m as f64, f64::from(review.distance_at(m))))
        .collect();
    let title = match review.boards.len() {
        n if n == s.replay.legs().len() => " moves to the goal, at best ".to_string(),
        1 => " moves to the goal, at best: board 1 ".to_string(),
        n => format!(" moves to the goal, at best: boards 1–{n} "),
    };
    DistanceChart {
        points,
        moves: review.moves(),
        cursor: s.step,
        played: s.step,
        ideal: false,
        title,
        theme: t,
    }
    .render(area, buf);
}

/// Tiles a second over the solve: the whole (dim), up to the clock (bright), the mean, and
/// the clock as a line.
fn tps_chart(s: &ReplayState, area: Rect, buf: &mut Buffer, t: &Theme) {
    let r = &s.replay;
    let samples = usize::from(area.width.saturating_sub(8)).clamp(2, 200) * 2;
    let all = r.tps_over_time(samples, TPS_WINDOW_MS);
    let now = s.clock_ms / 1000.0;
    let played: Vec<(f64, f64)> = all.iter().copied().filter(|p| p.0 <= now).collect();
    let end = (r.total_ms() as f64 / 1000.0).max(0.001);
    let mean = r.mean_tps();
    let top = all.iter().map(|p| p.1).fold(mean, f64::max).max(1.0).ceil();
    let mean_line = [(0.0, mean), (end, mean)];
    let cursor = [(now, 0.0), (now, top)];
    let datasets = vec![
        line(&all, t.dim),
        line(&mean_line, t.dim),
        line(&cursor, t.dim),
        line(&played, t.accent),
    ];
    let title = format!(
        " tiles a second over time ({} s window) · mean {mean:.2} ",
        TPS_WINDOW_MS / 1000
    );
    Chart::new(datasets)
        .block(Block::bordered().border_style(t.dim).title(title))
        .x_axis(
            Axis::default()
                .bounds([0.0, end])
                .labels(vec![Span::raw("0"), Span::raw(format_time(r.total_ms()))])
                .style(t.dim),
        )
        .y_axis(
            Axis::default()
                .bounds([0.0, top])
                .labels(vec![Span::raw("0"), Span::raw(format!("{top:.0}"))])
                .style(t.dim),
        )
        .render(area, buf);
}
