//! The win screen: moves, time, hints, par, and the personal best.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use slide::game::{Beaten, Best, Bests, Outcome, ParLine, Speed, WinReport, format_time};

use crate::ui::clipboard::ClipboardSupport;
use crate::ui::context::{Context, View};
use crate::ui::keys::{Action, Bindings};
use crate::ui::screen::{Screen, Transition};
use crate::ui::screens::confirm_session::ConfirmNewSession;
use crate::ui::screens::daily_share::DailyWin;
use crate::ui::screens::dealing::deal;
use crate::ui::screens::help::Help;
use crate::ui::screens::menu::MenuScreen;
use crate::ui::screens::review::ReviewScreen;
use crate::ui::screens::session_stats::SessionScreen;
use crate::ui::screens::stats::{StatsScreen, open_statistics};
use crate::ui::theme::Theme;
use crate::ui::widgets::layout::{Fit, fit};
use crate::ui::widgets::overlay;

/// What the win screen shows: the model's report, and the daily puzzle's share line with
/// its copy key.
#[derive(Debug, Clone, PartialEq)]
pub struct WinSummary {
    /// Every figure and verdict, as the attempt model decided them.
    pub report: WinReport,
    /// A daily puzzle's streak and result to share.
    pub daily: Option<DailyWin>,
}

impl WinSummary {
    /// The win box of `report`.
    pub fn new(report: WinReport) -> WinSummary {
        let daily = report.daily.as_ref().map(|d| DailyWin {
            share: d.share.to_string(),
            streak: d.streak,
            best_streak: d.best_streak,
            copied: false,
        });
        WinSummary { report, daily }
    }
}

/// The win box over the solved board: new game, next, replay, review, quit; the peek key
/// moves it aside (a small box over the panel) to show the finished board or picture, and
/// Esc closes it (n, R and q still work there).
#[derive(Debug, Clone, PartialEq)]
pub struct WinScreen {
    /// What the box says.
    pub summary: WinSummary,
    /// Whether the box is moved aside, leaving the board in view.
    pub aside: bool,
}

impl WinScreen {
    /// The win box for `summary`.
    pub fn new(summary: WinSummary) -> WinScreen {
        WinScreen { summary, aside: false }
    }

    /// The win box's action under a click on its last line, if any.
    fn action_at(&self, ctx: &Context, column: u16, row: u16) -> Option<Action> {
        let keys = &ctx.settings.keys;
        let area = above_footer(ctx.area);
        let lines = win_lines(&self.summary, keys, &ctx.settings.theme, &ctx.clipboard.support, area);
        let rect = overlay::rect(area, TITLE, &lines);
        // The action rows are the box's last lines of text; text starts two columns in.
        let rows = action_rows(keys, text_width(area));
        let first = (rect.y + 1 + lines.len() as u16).checked_sub(rows.len() as u16)?;
        let entries = rows.into_iter().nth(usize::from(row.checked_sub(first)?))?;
        if column < rect.x + 2 {
            return None;
        }
        let mut x = usize::from(column - rect.x - 2);
        for (action, entry) in entries {
            let width = entry.chars().count();
            if x < width {
                return Some(action);
            }
            x = x.checked_sub(width + GAP.len())?;
        }
        None
    }
}

impl Screen for WinScreen {
    fn update(&mut self, action: Action, ctx: &mut Context) -> Transition {
        let action = match action {
            Action::Click { .. } if self.aside => return Transition::Stay,
            Action::Click { column, row } => match self.action_at(ctx, column, row) {
                Some(a) => a,
                None => return Transition::Stay,
            },
            a => a,
        };
        match action {
            Action::NewGame | Action::Confirm => Transition::Push(Box::new(MenuScreen::open(ctx))),
            Action::NextScramble if ctx.current.next_run(ctx.engine, &ctx.settings.config) => Transition::Home,
            Action::NextScramble => {
                let request = ctx.current.next_scramble(&ctx.settings.config);
                deal(request, false, ctx)
            }
            Action::Scheme => {
                ctx.current.status = Some(crate::ui::screens::settings::cycle_scheme(ctx));
                Transition::Stay
            }
            Action::Restart => {
                ctx.current.restart(ctx.engine, &ctx.settings.config);
                Transition::Pop
            }
            Action::Quit => Transition::Quit,
            Action::Back => {
                let n = ctx.settings.keys.name(Action::NewGame);
                ctx.current.status = Some(format!("Solved. {n} for a new game."));
                Transition::Pop
            }
            Action::Peek => {
                self.aside = !self.aside;
                Transition::Stay
            }
            Action::Help => Transition::Push(Box::new(Help::default())),
            Action::Review => Transition::Push(Box::new(ReviewScreen::current(ctx))),
            Action::Stats => Transition::Push(Box::new(StatsScreen::open(ctx))),
            Action::Session => Transition::Push(Box::new(SessionScreen::open(ctx, Some(open_statistics)))),
            Action::NewSession => Transition::Push(Box::new(ConfirmNewSession)),
            Action::Copy => {
                if let Some(daily) = &mut self.summary.daily {
                    daily.copy(ctx.clipboard);
                }
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }

    fn draw(&self, area: Rect, buf: &mut Buffer, view: &View) {
        let (keys, theme) = (&view.settings.keys, &view.settings.theme);
        if self.aside
            && let Fit::Fits(layout) = fit(area, view.current.game.size())
        {
            draw_aside(&self.summary, keys, theme, layout.panel, buf);
            return;
        }
        WinView {
            win: &self.summary,
            keys,
            theme,
            clipboard: &view.clipboard.support,
        }
        .render(area, buf);
    }
}

/// The screen less its footer line: the box stays clear of it.
fn above_footer(area: Rect) -> Rect {
    Rect {
        height: area.height.saturating_sub(1),
        ..area
    }
}

pub struct WinView<'a> {
    /// The result.
    pub win: &'a WinSummary,
    /// Key names.
    pub keys: &'a Bindings,
    /// Styles.
    pub theme: &'a Theme,
    /// Whether the copy key can reach the clipboard.
    pub clipboard: &'a ClipboardSupport,
}

/// The win box's action line: each action with its key, in order.
const ACTIONS: [(Action, &str); 7] = [
    (Action::Review, "review"),
    (Action::NewGame, "new"),
    (Action::NextScramble, "next"),
    (Action::Restart, "replay"),
    (Action::Peek, "aside"),
    (Action::Back, "close"),
    (Action::Quit, "quit"),
];

/// The win box moved aside: a small box over the panel, the board left in view.
fn draw_aside(w: &WinSummary, keys: &Bindings, t: &Theme, panel: Rect, buf: &mut Buffer) {
    let row =
        |label: &str, value: String| Line::from(vec![Span::styled(format!("{label:<7}"), t.dim), Span::raw(value)]);
    let w = &w.report;
    let par = match w.par {
        ParLine::Proven { par, .. } => par.to_string(),
        ParLine::Estimate { best_found, .. } => format!("≈{best_found}"),
        ParLine::Unknown => "—".to_string(),
    };
    let lines = vec![
        row("Moves", w.moves.to_string()),
        row("Time", w.time_ms.map_or_else(|| "—".to_string(), format_time)),
        row("Par", par),
        Line::raw(""),
        Line::styled(format!("{} back to the box", keys.name(Action::Peek)), t.dim),
        Line::styled(format!("{} new game", keys.name(Action::NewGame)), t.dim),
        Line::styled(format!("{} close", keys.name(Action::Back)), t.dim),
    ];
    let height = (lines.len() as u16 + 2).min(panel.height);
    let rect = Rect { height, ..panel };
    ratatui::widgets::Clear.render(rect, buf);
    ratatui::widgets::Paragraph::new(lines)
        .block(
            ratatui::widgets::Block::bordered()
                .border_type(ratatui::widgets::BorderType::Double)
                .title(TITLE)
                .title_style(t.accent),
        )
        .render(rect, buf);
}

/// The action line's entries as drawn ("n new game"), and the gap between them.
fn action_entries(keys: &Bindings) -> Vec<(Action, String)> {
    ACTIONS
        .iter()
        .map(|&(a, what)| {
            let key = keys.name(a);
            (a, format!("{key} {what}"))
        })
        .collect()
}

const GAP: &str = "  ";

/// The action entries in rows of at most `width` columns (an entry wider than that alone on
/// its row): one row when it fits, as on any terminal of 64 columns or more.
fn action_rows(keys: &Bindings, width: usize) -> Vec<Vec<(Action, String)>> {
    let mut rows: Vec<Vec<(Action, String)>> = Vec::new();
    let mut used = 0;
    for (action, entry) in action_entries(keys) {
        let w = entry.chars().count();
        match rows.last_mut() {
            Some(row) if used + GAP.len() + w <= width => {
                used += GAP.len() + w;
                row.push((action, entry));
            }
            _ => {
                used = w;
                rows.push(vec![(action, entry)]);
            }
        }
    }
    rows
}

/// The columns of text a box in `area` can hold (its border and padding take four).
fn text_width(area: Rect) -> usize {
    usize::from(area.width.saturating_sub(4))
}

/// Every line of the win box in `area`: the report's figures and verdicts, in words, then
/// the actions, on as many rows as the width needs.
fn win_lines(
    summary: &WinSummary,
    keys: &Bindings,
    t: &Theme,
    clipboard: &ClipboardSupport,
    area: Rect,
) -> Vec<Line<'static>> {
    let w = &summary.report;
    let mut lines = figure_lines(w, t);
    if let Some(reason) = &w.not_stored {
        // A result the history can't take yet waits in the game's save and is retried.
        if let Some(why) = reason.strip_prefix(slide::game::NOT_RECORDED_YET) {
            lines.push(Line::styled("⚠ Not recorded yet: will retry", t.accent));
            let why = why.trim_start_matches([' ', '(']).trim_end_matches(')');
            lines.push(Line::styled(format!("  ({})", shorten(why, 44)), t.dim));
        } else {
            lines.push(Line::styled("⚠ Not recorded: progress can't be saved", t.accent));
            lines.push(Line::styled(format!("  ({})", shorten(reason, 44)), t.dim));
        }
    } else {
        lines.extend(verdict_lines(w, t));
    }
    if let Some(d) = &summary.daily {
        lines.extend(crate::ui::screens::daily_share::daily_lines(d, keys, t, clipboard));
    }
    let rows = action_rows(keys, text_width(area));
    // The blank line before the actions goes first when the box would be taller than the
    // area (the box is cut from below, and the actions are its last lines).
    if lines.len() + 1 + rows.len() + 2 <= usize::from(area.height) {
        lines.push(Line::raw(""));
    }
    for row in rows {
        let entries: Vec<String> = row.into_iter().map(|(_, e)| e).collect();
        lines.push(Line::styled(entries.join(GAP), t.dim));
    }
    lines
}

/// The par line's text: the par, and how the moves made (STM, undos included) compare.
fn par_text(par: ParLine) -> String {
    match par {
        ParLine::Proven { par, extra: Some(0) } => format!("{par}  (optimal!)"),
        ParLine::Proven { par, extra: Some(n) } => format!("{par}  (STM {}: +{n} over par)", par + n),
        ParLine::Proven { par, extra: None } => par.to_string(),
        ParLine::Estimate {
            best_found,
            made: Some(m),
        } if m > best_found => format!("≈{best_found} best found  (STM +{})", m - best_found),
        ParLine::Estimate {
            best_found,
            made: Some(m),
        } if m < best_found => format!("≈{best_found} best found  (you beat it!)"),
        ParLine::Estimate { best_found, .. } => format!("≈{best_found} best found"),
        ParLine::Unknown => "unknown".into(),
    }
}

/// The bests as the win box writes them: the fastest time, the fewest moves, the best TPS.
fn bests_text(b: &Bests) -> String {
    let mut parts = Vec::new();
    if let Some(f) = &b.fastest {
        parts.push(format_time(f.time_ms));
    }
    if let Some(f) = &b.fewest {
        parts.push(crate::ui::widgets::panel::moves(f.moves));
    }
    if let Some(tps) = b.best_tps.as_ref().and_then(Best::tps) {
        parts.push(format!("{tps:.2} TPS"));
    }
    parts.join(" · ")
}

/// The win box's words for the bests a ranked win set: each one named, with what it beat.
fn beaten_lines(b: &Beaten) -> Vec<String> {
    if b.first() {
        return vec!["★ First ranked win: your bests!".into()];
    }
    let was =
        |best: Option<&Best>, say: fn(&Best) -> String| best.map_or_else(String::new, |p| format!(" (was {})", say(p)));
    let mut lines = Vec::new();
    if b.time {
        lines.push(format!(
            "★ Best time{}",
            was(b.previous.fastest.as_ref(), |p| format_time(p.time_ms))
        ));
    }
    if b.moves {
        lines.push(format!(
            "★ Fewest moves{}",
            was(b.previous.fewest.as_ref(), |p| p.moves.to_string())
        ));
    }
    if b.tps {
        lines.push(format!(
            "★ Best TPS{}",
            was(b.previous.best_tps.as_ref(), |p| p
                .tps()
                .map_or_else(String::new, |x| format!("{x:.2}")))
        ));
    }
    lines
}

/// The figures: time, moves, TPS, hints, par, the bests, the row's record, the session.
fn figure_lines(w: &WinReport, t: &Theme) -> Vec<Line<'static>> {
    let row =
        |label: &str, value: String| Line::from(vec![Span::styled(format!("{label:<8}"), t.dim), Span::raw(value)]);
    let help = match (w.hints, w.solver_used) {
        (0, false) => "none".to_string(),
        (h, false) => h.to_string(),
        (h, true) => format!("{h}, and the solver played"),
    };
    let mut lines = Vec::new();
    match w.time_ms {
        Some(ms) => lines.push(row("Time", format_time(ms))),
        None => lines.push(row("Time", "— (the solver finished it)".into())),
    }
    if !w.splits.is_empty() {
        lines.push(row("Splits", splits_text(&w.splits)));
    }
    lines.push(row("Moves", format!("{}  (STM {}, MTM {})", w.moves, w.stm, w.mtm)));
    if let Some(tps) = w.tps {
        lines.push(row("TPS", format!("{tps:.2} tiles/s")));
    }
    lines.push(row("Hints", help));
    // A run's par is the sum of its boards' (the model's), not one board's.
    lines.push(row(
        if w.run_boards.is_some() { "Run par" } else { "Par" },
        par_text(w.par),
    ));
    if !w.bests.is_empty() {
        lines.push(row("Bests", bests_text(&w.bests)));
    }
    if let Some(r) = &w.record {
        let avg = r
            .mean_par_ratio()
            .map_or(String::new(), |x| format!(", {x:.2}× par avg"));
        lines.push(row("Record", format!("{} of {} won{avg}", r.won, r.played)));
    }
    if let Some(session) = w.session.as_ref().filter(|s| !s.is_empty()) {
        lines.push(row("Session", averages_text(session)));
    }
    lines
}

/// How many of a run's splits the box shows: the rest are in `slide history --json`.
const SPLITS_SHOWN: usize = 5;

/// A run's splits, each board's time in order (the first few of a long run).
fn splits_text(splits: &[u64]) -> String {
    let shown: Vec<String> = splits.iter().take(SPLITS_SHOWN).map(|&ms| format_time(ms)).collect();
    let more = splits.len().saturating_sub(SPLITS_SHOWN);
    if more == 0 {
        shown.join(" · ")
    } else {
        format!("{} · … (+{more})", shown.join(" · "))
    }
}

/// What the records made of a recorded win: the best it set, and why it counts apart.
fn verdict_lines(w: &WinReport, t: &Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(beaten) = &w.beaten {
        lines.extend(
            beaten_lines(beaten)
                .into_iter()
                .map(|text| Line::styled(text, t.accent)),
        );
    }
    if w.result == Outcome::Solver {
        lines.push(Line::styled("Solver-finished: not counted as a win", t.dim));
    } else if !w.ranked && !w.replay && !w.seeded_run && w.not_stored.is_none() {
        lines.push(Line::styled("Unranked: no best, no average (rules: ?)", t.dim));
    }
    if w.helped_before {
        lines.push(Line::styled(
            "Counted as helped: hints were used before a restart",
            t.dim,
        ));
    }
    match (&w.daily, w.replay) {
        (Some(_), true) => lines.push(Line::styled(
            "A replay: the streak counts the first win of the day",
            t.dim,
        )),
        (None, true) => lines.push(Line::styled("A replay: counted apart (no best, no average)", t.dim)),
        _ if w.seeded_run => lines.push(Line::styled("Seed chosen: counted apart, unranked", t.dim)),
        (Some(d), false) if d.late => {
            lines.push(Line::styled("Finished after its day: a win, not a streak day", t.dim));
        }
        _ => {}
    }
    lines
}

const TITLE: &str = " ★ Solved! ";

impl Widget for WinView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        // The box is taller than most of what is behind it: clear the screen rather than
        // leave fragments of the board and panel around it (Esc closes it to see the board).
        // The footer's line stays.
        let area = above_footer(area);
        let lines = win_lines(self.win, self.keys, self.theme, self.clipboard, area);
        ratatui::widgets::Clear.render(area, buf);
        overlay::draw(area, buf, TITLE, self.theme.accent, lines);
    }
}

/// "ao5 12.345 · ao12 —": the current averages of a size and level.
pub fn averages_text(speed: &Speed) -> String {
    let ao = |n| {
        speed
            .ao(n)
            .map_or_else(|| "—".to_string(), slide::game::records::averages::format_average)
    };
    format!("ao5 {} · ao12 {}", ao(5), ao(12))
}

/// `text` cut to `max` characters with an ellipsis.
fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut s: String = text.chars().take(max.saturating_sub(1)).collect();
    s.push('…');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_run_shows_its_first_splits_and_how_many_more() {
        assert_eq!(
            splits_text(&[1_200, 900]),
            format!("{} · {}", format_time(1_200), format_time(900))
        );
        let long = splits_text(&[1_000; 8]);
        assert!(long.ends_with("· … (+3)"), "{long}");
        assert_eq!(long.matches(" · ").count(), SPLITS_SHOWN);
    }
}
