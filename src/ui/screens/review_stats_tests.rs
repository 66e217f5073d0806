//! Render and state tests of the review and the statistics screen.

use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use slide::difficulty::{Level, UtcDate};
use slide::game::{AttemptRecord, Game, Stats};
use slide::puzzle::{Board, parse_moves};
use slide::review::Review;

use crate::ui::app::App;
use crate::ui::app_tests::Driven;
use crate::ui::app_tests::test_app;
use crate::ui::screens::playing::Playing;
use crate::ui::screens::review::{ReviewScreen, ReviewState};
use crate::ui::screens::stats::{Columns, StatsScreen, StatsState, StatsView};
use crate::ui::screens::win::WinScreen;

fn screen(app: &App, w: u16, h: u16) -> Vec<String> {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| f.render_widget(app, f.area())).expect("draw");
    let buf = t.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect()
}

fn key(app: &mut App, code: KeyCode) {
    let ev = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    if let Some(a) = app.keymap.action(&ev) {
        app.update(a);
    } else if code == KeyCode::Enter {
        app.update(crate::ui::keys::Action::Confirm);
    }
}

/// The review on top.
fn review(a: &App) -> &ReviewState {
    &a.top::<ReviewScreen>().expect("the review is open").state
}

/// The review on top, to change (a test sets what the engine would have said).
fn review_mut(a: &mut App) -> Option<&mut ReviewState> {
    a.top_mut::<ReviewScreen>().map(|r| &mut r.state)
}

/// A 3×3 game one detour long: 2 → 1 → 0 → 1 → 0.
fn reviewed(step: usize) -> App {
    let start: Board = "1 2 3 4 5 6 0 7 8".parse().unwrap();
    let moves = parse_moves("LLRL").unwrap();
    let mut a = test_app(Game::new(start, Some(Level::Easy), Some(1), Some(2)));
    a.push(Box::new(ReviewScreen {
        state: ReviewState {
            start,
            moves: moves.clone(),
            title: "3×3 easy".into(),
            computing: false,
            progress: None,
            review: Some(Review {
                board: start,
                moves,
                distances: vec![2, 1, 0, 1, 0],
                exact: true,
                lower_bounds: Vec::new(),
            }),
            error: None,
            step,
        },
        run: None,
    }));
    a
}

/// A won attempt at the 3×3 board two moves from the goal, `moves` tiles slid (a move and
/// its reverse before the two), ended on 2026-12-(1 + i/10) at 08:i.
fn finished(i: u32, moves: u32, par: u32, secs: u64) -> AttemptRecord {
    let day = UtcDate::new(2026, 12, 1).unwrap().days() as u64 + u64::from(i / 10);
    AttemptRecord {
        id: format!("{i:016x}-1"),
        at: day * 86_400_000 + 8 * 3_600_000 + u64::from(i % 60) * 60_000,
        size: slide::game::WrittenSize::square(3),
        level: "easy".into(),
        daily: None,
        mode: slide::game::SINGLE.into(),
        result: slide::game::Outcome::Won,
        replay: false,
        assisted: false,
        hints: 0,
        millis: secs * 1000,
        scramble: "1 2 3/4 5 6/0 7 8".into(),
        moves: format!("{}LL", "LR".repeat(moves.saturating_sub(2) as usize / 2)),
        gaps: Vec::new(),
        par: Some(par),
        seed: None,
        mtm: None,
        carried: false,
        ranked: Some(true),
        memo_ms: None,
    }
}

#[test]
fn review_chart_at_80x24() {
    let a = reviewed(3);
    let s = screen(&a, 80, 24);
    let text = s.join("\n");
    // The summary, the step, the detour with its cost and the keys are all on screen.
    assert!(text.contains("Review · 3×3 easy · 4 moves"), "{text}");
    assert!(
        text.contains("optimal for 3 of 4 moves · 1 detour cost 2 moves · first detour at move 3"),
        "{text}"
    );
    assert!(text.contains("Move 3/4: R tile 8"), "{text}");
    assert!(text.contains("0 → 1 away (+2)"), "{text}");
    assert!(text.contains("Detours (move +cost): 3 +2"), "{text}");
    assert!(text.contains("←/→ step"), "{text}");
    assert!(text.contains("moves to the goal, at best"), "{text}");
    // Its legend shows at 80 columns too.
    assert!(
        text.contains("│ideal ") && text.contains("│played") && text.contains("│detour"),
        "{text}"
    );
    // The chart draws a line (braille dots) and the detour's mark.
    assert!(
        s.iter()
            .any(|l| l.chars().any(|c| ('\u{2801}'..='\u{28FF}').contains(&c))),
        "{text}"
    );
    assert!(s.iter().any(|l| l.contains('•')), "{text}");
}

#[test]
fn review_progress_and_estimate_labels() {
    let mut a = reviewed(0);
    if let Some(r) = review_mut(&mut a) {
        r.review = None;
        r.computing = true;
        r.progress = Some(slide::review::Progress { done: 2, total: 5 });
    }
    let text = screen(&a, 80, 24).join("\n");
    assert!(text.contains("Computing the optimal distance"), "{text}");
    assert!(text.contains("2/5 positions"), "{text}");
    assert!(text.contains("Esc cancels"), "{text}");

    let mut a = reviewed(0);
    if let Some(r) = review_mut(&mut a)
        && let Some(review) = &mut r.review
    {
        review.exact = false;
    }
    let text = screen(&a, 120, 40).join("\n");
    assert!(text.contains("· estimate"), "{text}");
    assert!(text.contains("estimate: on the best line found for"), "{text}");
}

#[test]
fn the_win_screen_opens_the_review_and_esc_goes_back() {
    let mut a = test_app(Game::new(
        "1 2 3 4 5 6 0 7 8".parse().unwrap(),
        Some(Level::Easy),
        Some(1),
        Some(2),
    ));
    key(&mut a, KeyCode::Right);
    key(&mut a, KeyCode::Left);
    key(&mut a, KeyCode::Left);
    key(&mut a, KeyCode::Left);
    assert!(a.current.game.is_won());
    assert!(a.is::<WinScreen>());
    assert!(
        screen(&a, 80, 24).join("\n").contains("v review"),
        "the win box names the key"
    );
    key(&mut a, KeyCode::Char('v'));
    assert!(a.is::<ReviewScreen>(), "review opened");
    while a.engine.reviewing() {
        assert!(a.wait_reply(Duration::from_secs(10)), "the worker answers");
    }
    let r = review(&a);
    let distances = r.review.as_ref().expect("distances");
    assert_eq!(distances.moves.len(), a.current.game.history().len());
    assert_eq!(distances.distances.first(), Some(&2));
    assert_eq!(distances.distances.last(), Some(&0));
    key(&mut a, KeyCode::Right);
    key(&mut a, KeyCode::Right);
    let r = review(&a);
    assert_eq!(r.step, 2);
    key(&mut a, KeyCode::Left);
    let r = review(&a);
    assert_eq!(r.step, 1);
    key(&mut a, KeyCode::Esc);
    assert!(a.is::<WinScreen>());
}

#[test]
fn esc_cancels_a_review_still_computing() {
    let mut a = test_app(Game::new(
        "1 2 3 4 5 6 0 7 8".parse().unwrap(),
        Some(Level::Easy),
        Some(1),
        Some(2),
    ));
    let start = Board::scrambled(slide::puzzle::Size::FOUR, 300, &mut slide::puzzle::SeededRng::new(4));
    let mut b = start;
    let mut moves = Vec::new();
    let mut rng = slide::puzzle::SeededRng::new(5);
    for _ in 0..60 {
        let legal: Vec<_> = b.legal_moves().collect();
        let m = legal[rng.index(legal.len())];
        b.try_move(m);
        moves.push(m);
    }
    let screen = a.with_context(|ctx| ReviewScreen::open(start, moves, "4×4".into(), None, ctx));
    a.push(Box::new(screen));
    assert!(a.engine.reviewing());
    key(&mut a, KeyCode::Esc);
    assert!(a.is::<Playing>());
    assert!(!a.engine.reviewing(), "the request is dropped");
}

#[test]
fn stats_open_from_playing_stop_the_clock_and_close() {
    let mut a = test_app(Game::new(
        "1 2 3 4 5 0 7 8 6".parse().unwrap(),
        Some(Level::Easy),
        Some(1),
        None,
    ));
    key(&mut a, KeyCode::Down);
    assert!(a.current.game.clock().is_running(), "a move starts the clock");
    key(&mut a, KeyCode::Char('t'));
    assert!(a.is::<StatsScreen>());
    assert!(
        !a.current.game.clock().is_running(),
        "the clock stops under the statistics"
    );
    key(&mut a, KeyCode::Down);
    key(&mut a, KeyCode::Esc);
    assert!(a.is::<Playing>());
}

#[test]
fn enter_on_a_recent_game_opens_its_review_and_esc_returns_to_the_stats() {
    let mut a = test_app(Game::new(
        "1 2 3 4 5 0 7 8 6".parse().unwrap(),
        Some(Level::Easy),
        Some(1),
        None,
    ));
    a.push(Box::new(StatsScreen {
        state: StatsState::new(vec![finished(2, 2, 2, 10), finished(1, 4, 2, 20)]),
    }));
    key(&mut a, KeyCode::Down);
    key(&mut a, KeyCode::Enter);
    let r = review(&a);
    assert_eq!(r.title, "3×3 easy");
    assert_eq!(r.moves.len(), 4, "every tile slid");
    key(&mut a, KeyCode::Esc);
    let s = &a.top::<StatsScreen>().expect("back to the statistics").state;
    assert_eq!(s.selected, 1, "the selection is kept");
}

fn stats_screen(w: u16, h: u16, history: Vec<AttemptRecord>, stats: &Stats) -> Vec<String> {
    let a = test_app(Game::new(
        "1 2 3 4 5 0 7 8 6".parse().unwrap(),
        Some(Level::Easy),
        Some(1),
        None,
    ));
    let state = StatsState {
        selected: 1,
        ..StatsState::new(history)
    };
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| {
        f.render_widget(
            StatsView {
                state: &state,
                stats,
                today: UtcDate::new(2026, 12, 3).unwrap(),
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

/// Four easy 3×3 games: three won (4, 2 and 6 moves, par 2), one given up; counted by the
/// real fold, as the game counts its history.
pub(crate) fn some_stats() -> Stats {
    let mut stats = Stats::default();
    for (i, moves) in [4u32, 2, 6].into_iter().enumerate() {
        slide::game::count(&mut stats, &finished(i as u32, moves, 2, 10 + i as u64));
    }
    let given_up = AttemptRecord {
        result: slide::game::Outcome::GaveUp,
        ..finished(3, 2, 2, 20)
    };
    slide::game::count(&mut stats, &given_up);
    stats
}

/// 35 won games, newest first.
pub(crate) fn history() -> Vec<AttemptRecord> {
    (0..35)
        .rev()
        .map(|i| finished(i, 2 + (i % 3) * 2, 2, 10 + u64::from(i)))
        .collect()
}

#[test]
fn statistics_screen_at_80x24() {
    let s = stats_screen(80, 24, history(), &some_stats());
    let text = s.join("\n");
    assert!(text.contains("3×3 easy"), "{text}");
    assert!(text.contains("75%"), "3 of 4 won: {text}");
    assert!(text.contains("10.000 · 4"), "the best time, and its moves: {text}");
    assert!(text.contains("2.00×"), "mean moves/par: {text}");
    assert!(text.contains("moves/par, last 30"), "{text}");
    assert!(text.contains("solve times"), "{text}");
    assert!(text.contains("Daily streak"), "{text}");
    assert!(text.contains("recent games"), "{text}");
    assert!(
        text.contains("▸ 2026-12-04 08:33"),
        "the second game is selected: {text}"
    );
    assert!(text.contains("Enter review it"), "{text}");
}

/// Statistics with a row for every size and the first three levels, each a win of
/// `10 + size` seconds.
fn many_rows() -> Stats {
    let mut stats = Stats::default();
    for size in slide::puzzle::Size::ALL {
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            let win = AttemptRecord {
                size: slide::game::WrittenSize::of(size),
                level: level.name().to_string(),
                ..finished(0, 40, 40, 10 + size.width() as u64)
            };
            slide::game::count(&mut stats, &win);
        }
    }
    stats
}

#[test]
fn every_row_and_figure_of_the_statistics_is_reachable_at_80x24() {
    let stats = many_rows();
    let rows = slide::puzzle::Size::ALL.len() * 3;
    let draw = |top: usize, columns: Columns| {
        let a = test_app(Game::new(
            "1 2 3 4 5 0 7 8 6".parse().unwrap(),
            Some(Level::Easy),
            Some(1),
            None,
        ));
        let state = StatsState {
            top,
            columns,
            ..StatsState::new(Vec::new())
        };
        let mut t = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
        t.draw(|f| {
            f.render_widget(
                StatsView {
                    state: &state,
                    stats: &stats,
                    today: UtcDate::new(2026, 12, 3).unwrap(),
                    keys: &a.settings.keys,
                    theme: &a.settings.theme,
                },
                f.area(),
            );
        })
        .expect("draw");
        let buf = t.backend().buffer();
        (0..24)
            .map(|y| (0..80).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let first = draw(0, Columns::Games);
    assert!(first.contains("3×3 easy") && !first.contains("6×6 hard"), "{first}");
    assert!(first.contains(&format!("of {rows}")), "which rows are shown: {first}");
    assert!(first.contains("PgUp/PgDn"), "{first}");
    // Scrolled to the end (further scrolling stops at the last page).
    let last = draw(rows, Columns::Games);
    assert!(last.contains("6×6 hard") && !last.contains("3×3 easy"), "{last}");
    assert!(last.contains(&format!("{rows} of {rows}")), "{last}");
    // The speed figures, the other page at 80 columns.
    let speed = draw(0, Columns::Speed);
    for head in ["single", "ao5", "ao12", "ao100", "best ao5", "TPS"] {
        assert!(speed.contains(head), "{head}: {speed}");
    }
    assert!(speed.contains("13.000"), "3×3's best single: {speed}");
    assert!(speed.contains("←/→ games"), "{speed}");
}

#[test]
fn page_keys_scroll_the_records_and_arrows_switch_their_figures() {
    let mut a = test_app(Game::new(
        "1 2 3 4 5 0 7 8 6".parse().unwrap(),
        Some(Level::Easy),
        Some(1),
        None,
    ));
    a.push(Box::new(StatsScreen {
        state: StatsState::new(Vec::new()),
    }));
    key(&mut a, KeyCode::PageDown);
    key(&mut a, KeyCode::Right);
    let s = &a.top::<StatsScreen>().expect("the statistics").state;
    assert_eq!(s.top, 0, "no records: nothing to scroll");
    assert_eq!(s.columns, Columns::Speed);
}

#[test]
fn statistics_screen_without_games() {
    let s = stats_screen(120, 40, Vec::new(), &Stats::default());
    let text = s.join("\n");
    assert!(text.contains("No games recorded yet."), "{text}");
    assert!(text.contains("Finished games appear here"), "{text}");
}

#[test]
fn a_one_move_game_reads_1_move_in_the_recent_games() {
    let one = AttemptRecord {
        moves: "L".into(),
        scramble: "1 2 3/4 5 6/7 0 8".into(),
        par: Some(1),
        ..finished(0, 2, 1, 3)
    };
    let two = finished(1, 2, 2, 4);
    let text = stats_screen(80, 24, vec![two, one], &Stats::default()).join("\n");
    assert!(text.contains("1 move (par 1) ·"), "{text}");
    assert!(text.contains("2 moves (par 2) ·"), "{text}");
    assert!(!text.contains("1 moves"), "{text}");
}
