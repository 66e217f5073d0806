//! The session screen: this session's figures row by row (size and level): count, best,
//! mean, ao5/ao12/ao50, mean TPS, and histograms of the times and of each solve's TPS as
//! text bars. Every figure is the library's ([`slide::game::records::session_figures`]: the fold
//! the win box's and the Times list's "Session" read); the screen only lays them out.
//!
//! At 80×24 the two histograms stand side by side with up to 15 buckets; a taller screen
//! gives them more buckets, a wider one longer bars.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Widget};
use slide::game::records::averages::format_average;
use slide::game::{Histogram, SessionFigures, SessionRow, format_time, utc_date_time};

use crate::ui::context::{Context, View};
use crate::ui::keys::{Action, Bindings};
use crate::ui::screen::{Screen, Transition};
use crate::ui::screens::confirm_session::ConfirmNewSession;
use crate::ui::screens::help::Help;
use crate::ui::theme::Theme;

/// Opens the statistics screen (given by the screen that opens this one, so that the two
/// screens need not import each other).
pub type OpenStatistics = fn(&mut Context) -> Box<dyn Screen>;

/// The session screen's state: the row shown (its key, so that it stays the same row as
/// others are played).
#[derive(Default)]
pub struct SessionScreen {
    /// The row shown (`"3x3 easy"`); `None` shows the first.
    pub row: Option<String>,
    /// How the statistics key opens the statistics in its place; `None` when they are
    /// below (the session screen was opened from them): the key closes it.
    statistics: Option<OpenStatistics>,
}

impl SessionScreen {
    /// The session screen, on the game's row if it was played in this session.
    pub fn open(ctx: &mut Context, statistics: Option<OpenStatistics>) -> SessionScreen {
        ctx.current.persist.refresh();
        let current = ctx.current.game.record_key().row();
        let figures = ctx.current.persist.session_figures();
        let row = figures.row(&current).or(figures.rows.last()).map(|r| r.row.clone());
        SessionScreen { row, statistics }
    }
}

impl Screen for SessionScreen {
    /// ←/→ show another row, the new-session key asks to begin a new session, the
    /// statistics key opens the statistics; Esc (or the session key) closes.
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        let figures = ctx.current.persist.session_figures();
        let at = index_of(&figures, self.row.as_deref());
        let n = figures.rows.len();
        match action {
            Action::Left | Action::Right if n > 0 => {
                let next = if action == Action::Left {
                    (at + n - 1) % n
                } else {
                    (at + 1) % n
                };
                self.row = Some(figures.rows[next].row.clone());
            }
            Action::NewSession => return Transition::Push(Box::new(ConfirmNewSession)),
            Action::Stats => {
                return match self.statistics {
                    Some(open) => Transition::Replace(open(ctx)),
                    None => Transition::Pop,
                };
            }
            Action::Help => return Transition::Push(Box::new(Help::default())),
            Action::Back | Action::Session => return Transition::Pop,
            Action::Quit => return Transition::Quit,
            _ => {}
        }
        Transition::Stay
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        SessionView {
            figures: &view.current.persist.session_figures(),
            row: self.row.as_deref(),
            keys: &view.settings.keys,
            theme: &view.settings.theme,
        }
        .render(area, buf);
    }

    fn covers(&self) -> bool {
        true
    }
}

/// The index of the row `key` among the session's rows (the first if it is not there).
fn index_of(figures: &SessionFigures, key: Option<&str>) -> usize {
    key.and_then(|k| figures.rows.iter().position(|r| r.row == k))
        .unwrap_or(0)
}

/// A row's key as the screen writes it: `3x3 easy` → `3×3 easy`.
fn row_name(key: &str) -> String {
    match key.split_once(' ') {
        Some((size, kind)) => format!("{} {kind}", size.replacen('x', "×", 1)),
        None => key.to_string(),
    }
}

/// The session screen, over the whole terminal.
pub struct SessionView<'a> {
    /// The session's figures.
    pub figures: &'a SessionFigures,
    /// The row shown (the first if `None` or not played).
    pub row: Option<&'a str>,
    /// Key names.
    pub keys: &'a Bindings,
    /// Styles.
    pub theme: &'a Theme,
}

impl Widget for SessionView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        Clear.render(area, buf);
        let since = utc_date_time(std::time::UNIX_EPOCH + std::time::Duration::from_millis(self.figures.since));
        // `2026-12-04T03:51:07Z` → `03:51 UTC, 2026-12-04`.
        let since = match (since.get(11..16), since.get(..10)) {
            (Some(time), Some(date)) => format!("{time} UTC, {date}"),
            _ => since,
        };
        let block = Block::bordered()
            .border_type(BorderType::Double)
            .title(format!(" Session · since {since} "))
            .title_style(t.accent);
        let inner = block.inner(area);
        block.render(area, buf);
        let [rows_line, figures_area, hist_area, keys_line] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(4),
            Constraint::Min(2),
            Constraint::Length(1),
        ])
        .areas(inner);
        let keys = self.keys;
        let mut help = vec![];
        if self.figures.rows.len() > 1 {
            help.push(format!(
                "{}/{} size and level",
                keys.name(Action::Left),
                keys.name(Action::Right)
            ));
        }
        help.push(format!("{} new session", keys.name(Action::NewSession)));
        help.push(format!("{} statistics", keys.name(Action::Stats)));
        help.push(format!("{} close", keys.name(Action::Back)));
        Line::styled(help.join(" · "), t.dim).centered().render(keys_line, buf);
        if self.figures.rows.is_empty() {
            Line::raw("No attempts in this session yet: the games you finish now show here.").render(rows_line, buf);
            return;
        }
        let at = index_of(self.figures, self.row);
        render_row_names(self.figures, at, rows_line, buf, t);
        let row = &self.figures.rows[at];
        render_figures(row, figures_area, buf, t);
        render_histograms(row, hist_area, buf, t);
    }
}

/// The session's rows, the one shown highlighted.
fn render_row_names(figures: &SessionFigures, at: usize, area: Rect, buf: &mut Buffer, t: &Theme) {
    let mut spans = vec![];
    for (i, r) in figures.rows.iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(" · ", t.dim));
        }
        let name = row_name(&r.row);
        spans.push(if i == at {
            Span::styled(format!("[{name}]"), t.accent)
        } else {
            Span::styled(name, t.dim)
        });
    }
    Line::from(spans).render(area, buf);
}

/// Count, results, best, mean, averages and TPS of one row.
fn render_figures(row: &SessionRow, area: Rect, buf: &mut Buffer, t: &Theme) {
    let r = &row.record;
    let label = |text: &str| Span::styled(format!("{text} "), t.dim);
    let value = |text: String| Span::raw(text);
    let sep = || Span::styled(" · ", t.dim);
    let dash = |v: Option<String>| v.unwrap_or_else(|| "—".into());
    let mut lines = vec![Line::from(vec![
        label("Count"),
        value(row.count().to_string()),
        sep(),
        label("won"),
        value(r.won.to_string()),
        sep(),
        label("DNF"),
        value(r.dnf.to_string()),
        sep(),
        label("solver-finished"),
        value(r.solver_finished.to_string()),
        sep(),
        label("replays (apart)"),
        value(r.replays.to_string()),
    ])];
    if row.is_timed() {
        lines.push(Line::from(vec![
            label("Best"),
            value(dash(row.best_ms().map(format_time))),
            sep(),
            label("Mean"),
            value(dash(row.mean_ms().map(format_time))),
            sep(),
            label("Mean TPS"),
            value(dash(row.mean_tps().map(|x| format!("{x:.2}")))),
            sep(),
            label("timed solves"),
            value(row.timed().to_string()),
        ]));
        lines.push(Line::from(vec![
            label("ao5"),
            value(dash(row.ao(5).map(format_average))),
            sep(),
            label("ao12"),
            value(dash(row.ao(12).map(format_average))),
            sep(),
            label("ao50"),
            value(dash(row.ao(50).map(format_average))),
        ]));
    } else {
        lines.push(Line::styled(
            "No time yet: times come from ranked attempts of a timed row (rules: ?).",
            t.dim,
        ));
    }
    // All time, beside the session's: the best single and the current ao5 and ao12.
    let all = &row.all_time;
    if !all.is_empty() {
        lines.push(Line::from(vec![
            label("All time: best"),
            value(dash(all.best_single().map(format_time))),
            sep(),
            label("ao5"),
            value(dash(all.ao(5).map(format_average))),
            sep(),
            label("ao12"),
            value(dash(all.ao(12).map(format_average))),
        ]));
    }
    for (i, line) in lines.into_iter().enumerate() {
        if let Some(y) = area.y.checked_add(i as u16).filter(|&y| y < area.bottom()) {
            line.render(Rect { y, height: 1, ..area }, buf);
        }
    }
}

/// The time and TPS histograms, side by side.
fn render_histograms(row: &SessionRow, area: Rect, buf: &mut Buffer, t: &Theme) {
    let [left, right] = Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(area);
    // A line for the title: the rest holds the buckets.
    let buckets = usize::from(area.height.saturating_sub(1)).max(1);
    let times = row.time_histogram(buckets);
    let speeds = row.tps_histogram(buckets);
    render_histogram(("Times", format_time(times.width)), &times, format_time, left, buf, t);
    render_histogram(
        ("TPS", format!("{:.1}", speeds.width as f64 / 1000.0)),
        &speeds,
        |milli| format!("{:.1}", milli as f64 / 1000.0),
        right,
        buf,
        t,
    );
}

/// One histogram: its name and bucket width, then a line per bucket: its lower edge, a bar as long as its
/// count is to the highest, and the count.
fn render_histogram(
    (name, width): (&str, String),
    h: &Histogram,
    label: impl Fn(u64) -> String,
    area: Rect,
    buf: &mut Buffer,
    t: &Theme,
) {
    if area.height == 0 {
        return;
    }
    let head = if h.buckets.is_empty() {
        name.to_string()
    } else {
        format!("{name} · buckets of {width}")
    };
    Line::styled(head, t.accent).render(Rect { height: 1, ..area }, buf);
    if h.buckets.is_empty() {
        if area.height > 1 {
            Line::styled("no timed solve", t.dim).render(
                Rect {
                    y: area.y + 1,
                    height: 1,
                    ..area
                },
                buf,
            );
        }
        return;
    }
    let labels: Vec<String> = h.buckets.iter().map(|b| label(b.from)).collect();
    let label_width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let peak = h.peak().max(1);
    let count_width = peak.to_string().len();
    // Label, a space, the bar, a space, the count, and a column to spare.
    let bar_room = usize::from(area.width).saturating_sub(label_width + count_width + 3);
    for (i, (b, l)) in h.buckets.iter().zip(&labels).enumerate() {
        let y = area.y + 1 + i as u16;
        if y >= area.bottom() {
            break;
        }
        let len = (b.count * bar_room).div_ceil(peak);
        let line = Line::from(vec![
            Span::styled(format!("{l:>label_width$} "), t.dim),
            Span::styled("█".repeat(len), t.accent),
            Span::raw(if b.count > 0 {
                format!(" {}", b.count)
            } else {
                String::new()
            }),
        ]);
        line.render(Rect { y, height: 1, ..area }, buf);
    }
}

#[cfg(test)]
mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use slide::difficulty::Level;
    use slide::game::{AttemptRecord, Game, Outcome, Records, session_figures};

    use super::*;
    use crate::ui::app::App;
    use crate::ui::app_tests::test_app;
    use crate::ui::screens::confirm_session::ConfirmNewSession;
    use crate::ui::screens::stats::StatsScreen;

    /// A 3×3 easy attempt of two moves ended at `at` ms, `millis` long.
    fn attempt(i: u32, result: Outcome, millis: u64) -> AttemptRecord {
        AttemptRecord {
            id: format!("{i:016x}-1"),
            at: 1_000 + u64::from(i),
            size: slide::game::WrittenSize::square(3),
            level: "easy".into(),
            daily: None,
            mode: slide::game::SINGLE.into(),
            result,
            replay: false,
            assisted: false,
            hints: 0,
            millis,
            scramble: format!("1 2 3/4 5 6/0 7 8 {i}"),
            moves: "LL".into(),
            gaps: Vec::new(),
            par: Some(2),
            seed: None,
            mtm: None,
            carried: false,
            ranked: Some(true),
            memo_ms: None,
        }
    }

    fn app() -> App {
        test_app(Game::new(
            "1 2 3 4 5 6 0 7 8".parse().unwrap(),
            Some(Level::Easy),
            Some(1),
            Some(2),
        ))
    }

    fn draw(figures: &SessionFigures, w: u16, h: u16) -> Vec<String> {
        let a = app();
        let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
        t.draw(|f| {
            f.render_widget(
                SessionView {
                    figures,
                    row: None,
                    keys: &a.settings.keys,
                    theme: &a.settings.theme,
                },
                f.area(),
            );
        })
        .expect("draw");
        let buf = t.backend().buffer();
        (0..h)
            .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect()
    }

    /// Six timed solves of 4.2 to 9.9 s, a DNF, a solver-finished game and a replay.
    fn session() -> SessionFigures {
        let mut r = Records::since(None, &[], 1_000);
        for (i, ms) in [4_200, 5_100, 5_300, 6_000, 7_700, 9_900].into_iter().enumerate() {
            r.add(&attempt(i as u32, Outcome::Won, ms));
        }
        r.add(&attempt(10, Outcome::Dnf, 3_000));
        r.add(&attempt(11, Outcome::Solver, 500));
        r.add(&AttemptRecord {
            replay: true,
            ..attempt(12, Outcome::Won, 100)
        });
        session_figures(&r)
    }

    #[test]
    fn the_session_screen_shows_its_figures_and_histograms_at_80x24() {
        let figures = session();
        let s = draw(&figures, 80, 24);
        let text = s.join("\n");
        assert!(text.contains("Session · since 00:00 UTC, 1970-01-01"), "{text}");
        assert!(text.contains("[3×3 easy]"), "{text}");
        assert!(
            text.contains("Count 8 · won 6 · DNF 1 · solver-finished 1 · replays (apart) 1"),
            "{text}"
        );
        // The mean of the six times is 6.367 s; 12 moves over 38.2 s is 0.31 TPS.
        assert!(
            text.contains("Best 4.200 · Mean 6.367 · Mean TPS 0.31 · timed solves 6"),
            "{text}"
        );
        // Last five: 5.3 6.0 7.7 9.9 DNF: 5.3 and the DNF dropped: 7.867.
        assert!(text.contains("ao5 7.867 · ao12 — · ao50 —"), "{text}");
        // All time, beside the session's (here the same attempts).
        assert!(text.contains("All time: best 4.200 · ao5 7.867 · ao12 —"), "{text}");
        assert!(text.contains("Times · buckets of 0.500"), "{text}");
        assert!(text.contains("TPS · buckets of 0.1"), "{text}");
        // Buckets of half a second from 4.000 to 9.500, each with its count.
        assert!(s.iter().any(|l| l.contains("4.000 █") && l.contains(" 1")), "{text}");
        assert!(s.iter().any(|l| l.contains("5.000 ██")), "{text}");
        assert!(s.iter().any(|l| l.contains("9.500 █")), "{text}");
        assert!(text.contains("B new session · t statistics · Esc close"), "{text}");
        // Nothing drawn past the screen's width (the bars fit their half).
        assert!(s.iter().all(|l| l.chars().count() == 80));
        // A large screen gives longer bars.
        let big = draw(&figures, 120, 40);
        let longest = |s: &[String]| s.iter().map(|l| l.matches('█').count()).max().unwrap_or(0);
        assert!(longest(&big) > longest(&s), "{}", big.join("\n"));
    }

    #[test]
    fn an_empty_session_says_so() {
        let figures = session_figures(&Records::since(None, &[], 0));
        let text = draw(&figures, 80, 24).join("\n");
        assert!(text.contains("No attempts in this session yet"), "{text}");
    }

    #[test]
    fn the_session_key_opens_it_and_the_new_session_key_asks_then_begins_one() {
        use crate::ui::keys::Action;
        let mut a = app();
        a.update(Action::Session);
        assert!(a.top::<SessionScreen>().is_some());
        a.update(Action::NewSession);
        assert!(a.top::<ConfirmNewSession>().is_some(), "it asks first");
        a.update(Action::Other);
        assert!(a.top::<SessionScreen>().is_some(), "any other key keeps the session");
        assert_eq!(a.current.status.as_deref(), Some("Kept this session."));
        let before = a.current.persist.session_figures().since;
        std::thread::sleep(std::time::Duration::from_millis(2));
        a.update(Action::NewSession);
        a.update(Action::NewSession);
        assert!(a.top::<SessionScreen>().is_some());
        assert!(
            a.current.persist.session_figures().since > before,
            "a new session began"
        );
        assert!(
            a.current
                .status
                .as_deref()
                .is_some_and(|s| s.starts_with("A new session began at")),
            "{:?}",
            a.current.status
        );
        // The statistics and the session screen open each other.
        a.update(Action::Stats);
        assert!(a.top::<StatsScreen>().is_some(), "in its place");
        a.update(Action::Session);
        assert!(a.top::<SessionScreen>().is_some());
        a.update(Action::Stats);
        assert!(a.top::<StatsScreen>().is_some(), "back to the statistics below");
        a.update(Action::Back);
        assert!(a.top::<SessionScreen>().is_none() && a.top::<StatsScreen>().is_none());
    }
}
