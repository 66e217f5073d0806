//! Snapshot tests: every screen drawn whole into ratatui's `TestBackend` at 80×24 and
//! 120×40 (and at the size a layout was first checked at, when it differs), compared with
//! the snapshots committed under `src/ui/snapshots/` (insta; `cargo insta review`, or
//! `INSTA_UPDATE=always cargo test`, after a deliberate change of a screen).

use std::time::Instant;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use slide::difficulty::{DealRequest, Level, UtcDate};
use slide::game::{Game, Notice, Stats};
use slide::puzzle::{Board, Move, Size, parse_moves};
use slide::review::{Progress, Review};

use crate::ui::app::App;
use crate::ui::app_tests::{Driven, render_text, test_app};
use crate::ui::clipboard::ClipboardSupport;
use crate::ui::current_game::Origin;
use crate::ui::keys::Action;
use crate::ui::render_tests::{FOUR, SEED, SIX, app, with_hint, won, won_with};
use crate::ui::screens::animation::Animation;
use crate::ui::screens::confirm_restart::ConfirmRestart;
use crate::ui::screens::daily_share::DailyWin;
use crate::ui::screens::dealing::Dealing;
use crate::ui::screens::help::Help;
use crate::ui::screens::paused::Paused;
use crate::ui::screens::peek::Peek;
use crate::ui::screens::replay::ReplayScreen;
use crate::ui::screens::replay_state::Distances;
use crate::ui::screens::review::{ReviewScreen, ReviewState};
use crate::ui::screens::settings::SettingsScreen;
use crate::ui::screens::stats::{StatsScreen, StatsState, StatsView};
use crate::ui::settings::Settings;
use crate::ui::widgets::panel::SPINNER;

/// The two sizes every screen is checked at.
const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn terminal(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| f.render_widget(app, f.area())).expect("draw");
    t
}

/// Checks `app`'s screen against the snapshot `name_WxH`, at each of `sizes`. A spinner's
/// frame depends on the time the frame is drawn: any frame reads as the first.
#[track_caller]
fn check(name: &str, app: &App, sizes: &[(u16, u16)]) {
    let spinner = format!("[{}]", SPINNER.iter().collect::<String>());
    insta::with_settings!({ filters => vec![(spinner.as_str(), "⠋")] }, {
        for &(w, h) in sizes {
            insta::assert_snapshot!(format!("{name}_{w}x{h}"), terminal(app, w, h).backend());
        }
    });
}

/// A 3×3 easy board two moves from solved, par known.
fn three() -> App {
    app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2))
}

#[test]
fn playing_three_by_three() {
    let a = three();
    check("playing_three", &a, &[(60, 17), SIZES[0], SIZES[1]]);
}

#[test]
fn playing_four_by_four_with_a_hint() {
    let a = with_hint(
        app(FOUR, Some(Level::Medium), Some(6)),
        &[Move::Left, Move::Up],
        true,
        6,
    );
    // 60×16 has only the compact tiles.
    check("playing_four_hint", &a, &[(60, 16), SIZES[0], SIZES[1]]);
}

#[test]
fn playing_six_by_six_with_a_plan_not_proven() {
    let a = with_hint(app(SIX, None, None), &[Move::Up, Move::Down, Move::Up], false, 1);
    check("playing_six_plan", &a, &[(80, 28), SIZES[0], SIZES[1]]);
}

#[test]
fn playing_the_very_first_game_shows_the_goal() {
    let mut a = three();
    a.current.first_game = true;
    check("playing_first_game", &a, &SIZES);
}

#[test]
fn the_terminal_too_small_for_the_board() {
    let a = app(FOUR, None, None);
    // 80×24 and 120×40 hold every board: the message shows below the smallest layout.
    check("too_small", &a, &[(40, 10), (49, 24)]);
}

#[test]
fn the_win_box() {
    let a = won();
    check("win", &a, &[(60, 17), SIZES[0], SIZES[1]]);
}

#[test]
fn a_solved_start_offers_a_new_game() {
    let mut a = app("1 2 3 4 5 6 7 8 0", None, None);
    a.notices.age(crate::ui::notices::READ_TIME);
    check("solved_start", &a, &SIZES);
}

#[test]
fn the_win_box_set_aside_shows_the_board() {
    let mut a = won();
    a.update(Action::Peek);
    check("win_aside", &a, &SIZES);
}

#[test]
fn the_win_box_of_a_daily_puzzle_with_its_share_line() {
    let mut a = won_with(|w| {
        w.daily = Some(DailyWin {
            share: "Slide daily 2026-12-02 · 3×3 · 4 moves (par 2) · 1:15 · 1 hint".into(),
            streak: 3,
            best_streak: 5,
            copied: false,
        });
    });
    a.notices.clear();
    a.clipboard.support = ClipboardSupport::Osc52;
    check("win_daily", &a, &SIZES);
    a.update(Action::Copy);
    check("win_daily_copied", &a, &SIZES[..1]);
}

#[test]
fn the_help() {
    let mut a = three();
    a.push(Box::new(Help::default()));
    check("help", &a, &[(64, 36), SIZES[0], SIZES[1]]);
    a.update(Action::PageDown);
    check("help_page_two", &a, &SIZES[..1]);
}

#[test]
fn the_new_game_menu() {
    let mut a = three();
    a.update(Action::NewGame);
    check("menu", &a, &SIZES);
}

#[test]
fn the_deal_box() {
    let mut a = three();
    a.push(Box::new(Dealing {
        request: DealRequest {
            size: Size::FOUR,
            level: Level::Hard,
            seed: 1,
            daily: None,
        },
        since: Instant::now(),
        first: false,
    }));
    check("dealing", &a, &SIZES);
}

#[test]
fn the_first_deal_has_no_board_behind_it() {
    let request = DealRequest {
        size: Size::FOUR,
        level: Level::Hard,
        seed: 1,
        daily: None,
    };
    // As the first deal opens, with no deal running (a fast one would replace the box).
    let mut a = App::new(
        Settings::plain(),
        Game::new(Board::goal(request.size), None, None, Some(0)),
        slide::solver::Solver::new(slide::solver::TableCache::disabled()),
        slide::game::Persistence::disabled(),
        Origin::Placeholder,
    );
    a.push(Box::new(Dealing {
        request,
        since: Instant::now(),
        first: true,
    }));
    check("dealing_first", &a, &SIZES);
}

#[test]
fn the_settings() {
    let mut a = three();
    let screen = a.with_context(SettingsScreen::open);
    a.push(Box::new(screen));
    check("settings", &a, &SIZES);
}

#[test]
fn a_peek_at_the_goal() {
    let mut a = three();
    a.push(Box::new(Peek));
    check("peek", &a, &SIZES);
}

#[test]
fn paused() {
    let mut a = three();
    a.push(Box::new(Paused::default()));
    check("paused", &a, &SIZES);
}

#[test]
fn the_restart_question() {
    let mut a = three();
    a.push(Box::new(ConfirmRestart));
    check("confirm_restart", &a, &SIZES);
}

#[test]
fn the_solver_playing() {
    let mut a = three();
    let plan = [Move::Left, Move::Left].into_iter().collect();
    let animation = a.with_context(|ctx| Animation::start(plan, ctx));
    a.push(Box::new(animation));
    check("animation", &a, &SIZES);
}

#[test]
fn a_notice_over_the_board() {
    let mut a = three();
    a.notify(Notice::warning(
        "Progress can't be saved: the data folder is read-only. Your games are not kept.",
    ));
    a.notify(Notice::info("Resumed your last game."));
    a.notices.age(crate::ui::notices::READ_TIME);
    check("notice", &a, &SIZES);
}

/// A 3×3 game one detour long (2 → 1 → 0 → 1 → 0), its review at `step`.
fn reviewed(step: usize) -> App {
    let start: Board = "1 2 3 4 5 6 0 7 8".parse().expect("board");
    let moves = parse_moves("LLRL").expect("moves");
    let mut a = test_app(Game::new(start, Some(Level::Easy), Some(SEED), Some(2)));
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

#[test]
fn the_review_chart() {
    check("review", &reviewed(3), &SIZES);
}

#[test]
fn the_review_computing() {
    let mut a = reviewed(0);
    if let Some(r) = a.top_mut::<ReviewScreen>() {
        r.state.review = None;
        r.state.computing = true;
        r.state.progress = Some(Progress { done: 2, total: 5 });
    }
    check("review_progress", &a, &SIZES);
}

#[test]
fn the_statistics_with_no_game() {
    let mut a = three();
    a.update(Action::Stats);
    check("stats_empty", &a, &SIZES);
}

#[test]
fn the_statistics_with_games() {
    let history = crate::ui::screens::review_stats_tests::history();
    let mut a = three();
    a.push(Box::new(StatsScreen {
        state: StatsState {
            selected: 1,
            ..StatsState::new(history)
        },
    }));
    check("stats_games", &a, &SIZES);
    // The records table, with a fixed day for the streaks.
    let stats: Stats = crate::ui::screens::review_stats_tests::some_stats();
    let state = StatsState {
        selected: 1,
        ..StatsState::new(crate::ui::screens::review_stats_tests::history())
    };
    for (w, h) in SIZES {
        let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
        t.draw(|f| {
            f.render_widget(
                StatsView {
                    state: &state,
                    stats: &stats,
                    today: UtcDate::new(2026, 12, 3).expect("date"),
                    keys: &a.settings.keys,
                    theme: &a.settings.theme,
                },
                f.area(),
            );
        })
        .expect("draw");
        insta::assert_snapshot!(format!("stats_records_{w}x{h}"), t.backend());
    }
}

/// Opens the replay of the history line `json` over `a`, and waits for the review's
/// distances: whether they came.
fn open_replay(a: &mut App, json: &str) -> bool {
    let record: slide::game::AttemptRecord = serde_json::from_str(json).expect("a record");
    let screen = a
        .with_context(|ctx| ReplayScreen::open(&record, false, ctx))
        .expect("playable");
    a.push(Box::new(screen));
    let known = |a: &App| {
        a.top::<ReplayScreen>()
            .is_some_and(|r| matches!(r.state.distances, Distances::Known(_)))
    };
    while !known(a) && a.wait_reply(std::time::Duration::from_secs(10)) {}
    known(a)
}

#[test]
fn the_replay_of_a_solve_with_its_distances() {
    let mut a = three();
    // A 3×3 won in 4 moves with a detour, each move's gap in milliseconds.
    let json = r#"{"id":"00000000000000ab-1","at":1796259723000,"size":3,"level":"easy","result":"won",
        "millis":2100,"scramble":"1 2 3/4 5 6/0 7 8","moves":"LRLL","gaps":[0,500,700,900]}"#;
    let known = open_replay(&mut a, json);
    assert!(known, "the review's distances came");
    check("replay", &a, &SIZES);
}

#[test]
fn the_replay_of_a_marathon_on_its_second_board() {
    let mut a = three();
    // A marathon of two 3×3 boards: the first solved in 4 moves with a detour, the second
    // in 1; paused on the move that solved the first, where the second was dealt.
    let json = r#"{"id":"00000000000000ac-1","at":1796259723000,"size":3,"level":"marathon-2","mode":"marathon",
        "result":"won","millis":3300,"scramble":"1 2 3/4 5 6/0 7 8;1 2 3/4 5 6/7 0 8","moves":"LRLLL",
        "gaps":[0,500,700,900,600],"seed":7}"#;
    let known = open_replay(&mut a, json);
    assert!(known, "both boards' distances came");
    if let Some(r) = a.top_mut::<ReplayScreen>() {
        r.state.go_to(4);
    }
    check("replay_marathon", &a, &SIZES);
}

#[test]
fn the_replay_of_a_relay_to_five_by_five_shows_its_small_boards_distances_only() {
    let mut a = three();
    // A relay 3×3 → 5×5: the 3×3 and the 4×4 solved in one move each, one move on the 5×5
    // (a DNF). The 3×3's and 4×4's distances are shown; the 5×5's are said not to be.
    let json = r#"{"id":"00000000000000ad-1","at":1796259723000,"size":5,"level":"relay-5","mode":"relay",
        "result":"dnf","millis":2000,"scramble":"1 2 3/4 5 6/7 0 8;1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15;1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0 24",
        "moves":"LLR","gaps":[0,800,1200],"seed":7}"#;
    let known = open_replay(&mut a, json);
    assert!(known, "the small boards' distances came");
    if let Some(r) = a.top_mut::<ReplayScreen>() {
        assert_eq!(r.state.reviewed, 2);
        r.state.go_to(1);
    }
    let on_four = render_text(&a, 120, 40);
    assert!(on_four.contains("Optimum  2 for boards 1–2"), "{on_four}");
    assert!(!on_four.contains("not shown"), "the 4×4 has its distances:\n{on_four}");
    if let Some(r) = a.top_mut::<ReplayScreen>() {
        r.state.go_to(3);
    }
    check("replay_relay_five", &a, &SIZES);
    let on_five = render_text(&a, 120, 40);
    assert!(on_five.contains("not shown for 5×5 boards"), "{on_five}");
}

#[test]
fn the_replay_title_of_a_relay_the_solver_finished_fits_at_80_columns() {
    let mut a = three();
    // A relay 3×3 → 4×4 from a chosen seed, helped, the solver finishing the 4×4: the full
    // title ("relay-4 3×3→4×4 · solver · seeded · helped") is wider than the board's frame
    // at 80×24, where a shorter one (what and the result) is shown whole.
    let json = r#"{"id":"00000000000000ae-1","at":1796259723000,"size":4,"level":"relay-4-seeded","mode":"relay",
        "result":"solver","assisted":true,"millis":2000,"scramble":"1 2 3/4 5 6/7 0 8;1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15",
        "moves":"Ll","gaps":[0,800],"seed":7}"#;
    let known = open_replay(&mut a, json);
    assert!(known, "both boards' distances came");
    // On the 4×4, the board where the solver finished the relay.
    if let Some(r) = a.top_mut::<ReplayScreen>() {
        r.state.go_to(1);
    }
    let text = render_text(&a, 80, 24);
    let top = text.lines().next().unwrap_or_default();
    assert!(
        top.starts_with("╭ relay-4 · solver · seeded ─"),
        "the whole title: {top}"
    );
    check("replay_relay_title", &a, &SIZES);
}

#[test]
fn the_review_of_a_marathon_board_by_board() {
    let mut a = three();
    let legs = vec![
        (
            "1 2 3 4 5 6 0 7 8".parse().expect("board"),
            parse_moves("LRLL").expect("moves"),
        ),
        (
            "1 2 3 4 5 6 7 0 8".parse().expect("board"),
            parse_moves("L").expect("moves"),
        ),
    ];
    let screen = a.with_context(|ctx| ReviewScreen::open_run(legs, &[], "marathon-2 3×3".into(), ctx));
    a.push(Box::new(screen));
    let known = |a: &App| {
        a.top::<ReviewScreen>().is_some_and(|r| {
            r.run.as_ref().is_some_and(|p| {
                matches!(
                    p.reviewing.state(),
                    crate::ui::screens::run_reviewing::RunReviewState::Known(_)
                )
            })
        })
    };
    while !known(&a) && a.wait_reply(std::time::Duration::from_secs(10)) {}
    assert!(known(&a), "both boards reviewed");
    check("review_marathon", &a, &SIZES);
}

#[test]
fn the_first_frame_while_the_records_load() {
    let mut a = App::new(
        Settings::plain(),
        Game::new(Board::goal(Size::FOUR), None, None, Some(0)),
        slide::solver::Solver::new(slide::solver::TableCache::disabled()),
        slide::game::Persistence::disabled(),
        Origin::Placeholder,
    );
    a.push(Box::new(crate::ui::screens::loading::Loading::new()));
    check("loading", &a, &SIZES);
}
