//! Render tests: facts about what a screen shows (a code, a hint's words, styles that do
//! not rely on colour, a notice drawn whole); whole screens are compared by the snapshot
//! tests (`snapshot_tests.rs`).

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use slide::difficulty::Level;
use slide::game::Game;
use slide::puzzle::Move;

use crate::ui::app::App;
use crate::ui::app_tests::Driven;
use crate::ui::keys::Action;
use crate::ui::screens::win::{WinScreen, WinSummary};
use crate::ui::widgets::layout::{Fit, fit};
use slide::engine::KnownPlan;

/// A 40-bit seed, as the game deals: its code has eight symbols and a check.
pub(crate) const SEED: u64 = 0x3A_9C51_7E2D;

pub(crate) fn app(board: &str, level: Option<Level>, par: Option<u32>) -> App {
    crate::ui::app_tests::test_app(Game::new(
        board.parse().expect("board"),
        level,
        level.map(|_| SEED),
        par,
    ))
}

fn draw(app: &App, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| f.render_widget(app, f.area())).expect("draw");
    t
}

pub(crate) fn screen(app: &App, w: u16, h: u16) -> Vec<String> {
    let t = draw(app, w, h);
    let buf = t.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect()
}

pub(crate) fn with_hint(mut a: App, plan: &[Move], optimal: bool, lower_bound: u32) -> App {
    a.engine.adopt_plan(KnownPlan {
        board: *a.current.game.board(),
        plan: plan.to_vec(),
        optimal,
        lower_bound,
        bounds: Vec::new(),
        with_tables: true,
    });
    a.current.hint_visible = true;
    a
}

pub(crate) fn won() -> App {
    won_with(|_| {})
}

/// A ranked best of `moves` moves in `time_ms`.
fn best(moves: u32, time_ms: u64) -> slide::game::Best {
    slide::game::Best {
        moves,
        time_ms,
        hints: 0,
        solver_used: false,
        assisted: false,
    }
}

/// A won game's app with the win box open, its summary changed by `change`: the game is won
/// by its last move, as a player wins it, and the box then shows the report below.
pub(crate) fn won_with(change: impl FnOnce(&mut WinSummary)) -> App {
    let mut a = app("1 2 3 4 5 6 7 0 8", Some(Level::Easy), Some(1));
    a.update(crate::ui::keys::Action::Left);
    assert!(a.current.game.is_won(), "the fixture's move wins");
    let report = slide::game::WinReport {
        result: slide::game::Outcome::Won,
        replay: false,
        moves: 4,
        stm: 6,
        mtm: 5,
        time_ms: Some(75_000),
        tps: Some(0.08),
        hints: 0,
        solver_used: false,
        ranked: true,
        assisted: false,
        helped_before: false,
        par: slide::game::ParLine::Proven { par: 2, extra: Some(4) },
        run_boards: None,
        splits: Vec::new(),
        seeded_run: false,
        beaten: Some(slide::game::Beaten {
            time: true,
            moves: false,
            tps: true,
            previous: slide::game::Bests {
                fastest: Some(best(6, 80_000)),
                fewest: Some(best(4, 90_000)),
                best_tps: Some(best(6, 80_000)),
                ..slide::game::Bests::default()
            },
        }),
        not_stored: None,
        bests: slide::game::Bests {
            fastest: Some(best(6, 75_000)),
            fewest: Some(best(4, 90_000)),
            best_tps: Some(best(6, 75_000)),
            ..slide::game::Bests::default()
        },
        record: Some(slide::game::Record {
            played: 3,
            won: 2,
            moves_with_par: 10,
            par_sum: 8,
            par_wins: 2,
            par_ratio_sum: 2.5,
            bests: slide::game::Bests::default(),
            ..slide::game::Record::default()
        }),
        session: None,
        daily: None,
    };
    let mut summary = WinSummary::new(report);
    change(&mut summary);
    let win = a.top_mut::<WinScreen>().expect("the win box opens on the winning move");
    *win = WinScreen::new(summary);
    a
}

pub(crate) const FOUR: &str = "5 1 2 4 9 6 3 8 13 10 7 11 14 15 0 12";
pub(crate) const SIX: &str =
    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 0 31 32 33 34 35 30";

fn scenarios() -> Vec<(&'static str, App, u16, u16)> {
    let mut help = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    help.push(Box::new(crate::ui::screens::help::Help::default()));
    vec![
        ("three", app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2)), 60, 17),
        (
            "four_hint",
            with_hint(
                app(FOUR, Some(Level::Medium), Some(6)),
                &[Move::Left, Move::Up],
                true,
                6,
            ),
            60,
            16,
        ),
        (
            "six_plan",
            with_hint(app(SIX, None, None), &[Move::Up, Move::Down, Move::Up], false, 1),
            80,
            28,
        ),
        ("too_small", app(FOUR, None, None), 40, 10),
        ("won", won(), 60, 17),
        ("help", help, 64, 36),
    ]
}

#[test]
fn help_overlay() {
    let (_, a, w, h) = scenarios().into_iter().find(|s| s.0 == "help").expect("scenario");
    let shown = screen(&a, w, h);
    // The keys first, each action with its keys as bound; then the goal.
    assert!(shown[0].contains("╔ Help"), "{shown:#?}");
    assert!(shown[1].contains("Keys"), "{shown:#?}");
    let text = shown.join("\n");
    for needle in ["up", "↑ w k", "hint", "settings", "peek", "quit now", "Ctrl-c"] {
        assert!(text.contains(needle), "{needle}:\n{text}");
    }
    let keys_at = shown.iter().position(|l| l.contains("↑ w k")).expect("the keys");
    let goal_at = shown
        .iter()
        .position(|l| l.contains("Goal: put the tiles in order"))
        .expect("the goal");
    assert!(keys_at < goal_at, "the keys come first:\n{text}");
    // The rules name the keys by their letters, not "the review key".
    assert!(
        !text.contains("the review key") && !text.contains("the hint key"),
        "{text}"
    );
    assert!(text.contains("u takes a move back"), "{text}");
    assert!(text.contains("↑↓ PgUp PgDn scroll"), "{text}");
}

#[test]
fn help_at_80_by_24_shows_the_goal_first_and_scrolls_to_every_key() {
    let mut a = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    a.area = ratatui::layout::Rect::new(0, 0, 80, 24);
    a.update(crate::ui::keys::Action::Help);
    let first = screen(&a, 80, 24).join("\n");
    assert!(first.contains("Keys"), "{first}");
    assert!(first.contains("hint"), "{first}");
    assert!(first.contains("PgUp PgDn scroll"), "{first}");
    assert!(first.contains("i hint"), "the footer stays:\n{first}");
    let mut seen = first.clone();
    for _ in 0..6 {
        a.update(crate::ui::keys::Action::PageDown);
        seen.push_str(&screen(&a, 80, 24).join("\n"));
    }
    for needle in [
        "↑ w k",
        "Goal: put the tiles in order",
        "hint",
        "pause",
        "Space",
        "back",
        "Esc",
        "Ctrl-c",
        "Levels, by the moves",
        "Records:",
    ] {
        assert!(seen.contains(needle), "{needle} never shown while scrolling:\n{seen}");
    }
    // Any other key closes the help; it never quits.
    a.update(crate::ui::keys::Action::Back);
    assert!(a.is::<crate::ui::screens::playing::Playing>());
    assert!(!a.quit);
}

#[test]
fn help_speaks_the_blank_convention() {
    let mut a = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    a.settings.config.game.arrows_move = slide::config::ArrowsMove::Blank;
    a.update(crate::ui::keys::Action::Help);
    let text = screen(&a, 80, 40).join("\n");
    assert!(text.contains("moves the gap that way"), "{text}");
}

#[test]
fn panel_shows_the_code_and_the_daily_date() {
    let custom = app("1 2 3 4 5 6 0 7 8", None, None);
    let lines = screen(&custom, 60, 17);
    assert!(lines.iter().any(|l| l.contains("Code     3B-123456078")), "{lines:#?}");
    let date = slide::difficulty::UtcDate::new(2026, 12, 2).expect("date");
    let mut daily = app("1 2 3 4 5 6 0 7 8", Some(Level::Hard), None);
    daily.current.game = daily.current.game.clone().with_daily(date);
    let lines = screen(&daily, 60, 17);
    assert!(
        lines.iter().any(|l| l.contains("Level    daily 2026-12-02")),
        "{lines:#?}"
    );
    let code = daily.current.game.code().to_string();
    assert!(code.starts_with("3H-") && code.len() == 13, "{code}");
    assert!(lines.iter().any(|l| l.contains(&code)), "{lines:#?}");
}

#[test]
fn home_and_hint_do_not_rely_on_colour() {
    let a = with_hint(app(FOUR, Some(Level::Medium), Some(6)), &[Move::Left], true, 6);
    let t = draw(&a, 60, 16);
    let buf = t.backend().buffer();
    // "[ 4]" at the top right is home: bold; "◀12" is the hint: underlined; "5" is neither.
    let cell = |x: u16, y: u16| buf[(x, y)].clone();
    assert_eq!(cell(20, 1).symbol(), "[");
    assert!(cell(22, 1).modifier.contains(Modifier::BOLD));
    assert_eq!(cell(20, 7).symbol(), "◀");
    assert!(cell(21, 7).modifier.contains(Modifier::UNDERLINED));
    assert!(!cell(7, 1).modifier.contains(Modifier::BOLD));
}

#[test]
fn footer_always_names_the_hint_key() {
    for (_, a, w, h) in scenarios() {
        let last = screen(&a, w, h).pop().unwrap_or_default();
        if w >= 54 {
            assert!(last.contains("i hint"), "{last}");
            assert!(last.contains("q quit"), "{last}");
        }
    }
}

/// Frame render time on 6×6 with big tiles:
/// `cargo test --release --bin slide frame_time -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn frame_time_six_by_six() {
    let a = with_hint(app(SIX, None, None), &[Move::Up], false, 1);
    let mut t = Terminal::new(TestBackend::new(100, 35)).expect("test terminal");
    let frames = 2000;
    let start = std::time::Instant::now();
    for _ in 0..frames {
        t.draw(|f| f.render_widget(&a, f.area())).expect("draw");
    }
    let per = start.elapsed() / frames;
    println!("6×6 frame (100×35, widget render + diff): {per:?}");
}

#[test]
fn a_long_notice_is_drawn_whole_over_the_dealing_box_at_80_by_24() {
    let path = "a-rather-long-data-directory/for/the/slide/game/stats.json.corrupt-1764700000";
    let text = format!(
        "Your statistics were unreadable (expected value at line 1 column 1); the file is kept as {path}. \
         New statistics start now."
    );
    let mut a = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    a.push(Box::new(crate::ui::screens::dealing::Dealing {
        request: slide::difficulty::DealRequest {
            size: slide::puzzle::Size::THREE,
            level: Level::Easy,
            seed: 1,
            daily: None,
        },
        since: std::time::Instant::now(),
        first: false,
    }));
    a.notify(slide::game::Notice::warning(text.clone()));
    a.notify(slide::game::Notice::info("Resumed your last game."));
    a.notices.age(crate::ui::notices::READ_TIME);
    let lines = screen(&a, 80, 24);
    let shown: String = lines
        .iter()
        .filter_map(|l| {
            let inner = l.split('║').nth(1)?;
            Some(inner.trim().to_string())
        })
        .collect::<Vec<_>>()
        .join(" ");
    let squash = |s: &str| s.split_whitespace().collect::<String>();
    assert!(
        squash(&shown).contains(&squash(&text)),
        "the whole notice is on screen:\n{}",
        lines.join("\n")
    );
    assert!(shown.contains("any key to close"), "{}", lines.join("\n"));
    assert!(
        lines[23].contains("Resumed your last game."),
        "the information is a line below the box:\n{}",
        lines.join("\n")
    );
}

#[test]
fn pause_hides_the_board() {
    let mut a = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    a.push(Box::new(crate::ui::screens::paused::Paused::default()));
    let text = screen(&a, 60, 17).join("\n");
    assert!(text.contains("Paused"), "{text}");
    assert!(!text.contains("[  1 ]"), "no tile shows while paused:\n{text}");
}

#[test]
fn a_solved_start_says_so_on_screen() {
    let a = app("1 2 3 4 5 6 7 8 0", None, None);
    let text = screen(&a, 80, 24).join("\n");
    assert!(text.contains("already solved"), "{text}");
    assert!(text.contains("New game"), "the menu is offered:\n{text}");
}

#[test]
fn the_first_game_shows_the_goal_until_the_first_move() {
    let mut a = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    a.current.first_game = true;
    let text = screen(&a, 60, 17).join("\n");
    assert!(text.contains("Goal: tiles in order,"), "{text}");
    assert!(text.contains("? help"), "{text}");
    a.update(crate::ui::keys::Action::Left);
    let text = screen(&a, 60, 17).join("\n");
    assert!(!text.contains("Goal:"), "{text}");
}

#[test]
fn a_blank_convention_hint_speaks_of_the_gap() {
    let mut a = with_hint(
        app(FOUR, Some(Level::Medium), Some(6)),
        &[Move::Left, Move::Up],
        true,
        6,
    );
    a.settings.config.game.arrows_move = slide::config::ArrowsMove::Blank;
    let text = screen(&a, 60, 16).join("\n");
    assert!(text.contains("Hint: move the gap right ▶"), "{text}");
    assert!(
        !text.contains("◀12"),
        "the arrow sits in the gap, not on the tile:\n{text}"
    );
}

/// The drawn style (foreground, background, modifiers) in the middle row of each tile of
/// a 4×4 at 60×16, by cell.
fn tile_styles(a: &App) -> Vec<(ratatui::style::Color, ratatui::style::Color, Modifier, String)> {
    let t = draw(a, 60, 16);
    let buf = t.backend().buffer();
    let crate::ui::widgets::layout::Fit::Fits(l) =
        crate::ui::widgets::layout::fit(ratatui::layout::Rect::new(0, 0, 60, 16), slide::puzzle::Size::FOUR)
    else {
        panic!("4×4 fits 60×16")
    };
    (0..16)
        .map(|cell| {
            let r = l.tile_rect(cell);
            let c = &buf[(r.x + 2, r.y + r.height / 2)];
            let text: String = (r.x..r.x + r.width)
                .map(|x| buf[(x, r.y + r.height / 2)].symbol())
                .collect();
            (c.fg, c.bg, c.modifier, text)
        })
        .collect()
}

#[test]
fn every_scheme_shows_in_colour_and_in_mono() {
    use crate::ui::scheme::Scheme;
    // The top row solved; 9 and 5 swapped, so the left column (5, 9, 13) is the fringe.
    // Cells: 0-3 hold 1-4 (home), 4 holds 9, 5 holds 6 (home), 8 holds 5, 12 holds 13.
    let board = "1 2 3 4 9 6 7 8 5 10 11 12 13 15 0 14";
    for mono in [false, true] {
        for scheme in Scheme::ALL {
            let mut a = app(board, Some(Level::Medium), Some(6));
            a.settings.theme = if mono {
                crate::ui::theme::Theme::mono()
            } else {
                crate::ui::theme::Theme::colour()
            };
            a.look.scheme = scheme;
            let s = tile_styles(&a);
            let what = format!("{scheme:?}, mono {mono}");
            // Home tiles keep brackets and bold in every scheme.
            assert!(s[0].3.starts_with('['), "{what}: {:?}", s[0].3);
            assert!(s[0].2.contains(Modifier::BOLD), "{what}");
            assert!(!s[4].3.contains('['), "{what}");
            let under = |i: usize| s[i].2.contains(Modifier::UNDERLINED);
            let look = |i: usize| (s[i].0, s[i].1, s[i].2 - Modifier::BOLD);
            if mono {
                assert!(
                    s.iter().all(|x| x.1 == ratatui::style::Color::Reset),
                    "{what}: no colour at all"
                );
            }
            match scheme {
                Scheme::Plain => {
                    assert_ne!(s[0], s[4], "{what}: home and not home differ");
                }
                Scheme::Rows => {
                    // 5 (cell 8) belongs to row 1 like 6 (cell 5); 9 (cell 4) to row 2.
                    assert_eq!(look(8), look(5), "{what}: same goal row, same look");
                    assert_ne!(look(4), look(8), "{what}: another row");
                    assert_ne!(look(0), look(5), "{what}");
                    if mono {
                        assert!(under(5) && !under(0) && !under(4), "{what}: odd rows underlined");
                    }
                }
                Scheme::Checker => {
                    // Goal columns: 1 and 5 column 0, 2 column 1.
                    assert_eq!(look(0), look(8), "{what}: same goal column");
                    assert_ne!(look(0), look(1), "{what}: neighbouring columns differ");
                    if mono {
                        assert!(under(1) && !under(0), "{what}: odd columns underlined");
                    }
                }
                Scheme::Fringe => {
                    // 1 solved, 9 and 5 and 13 the fringe, 6 (home but later) the rest.
                    assert_eq!(look(4), look(8), "{what}: the fringe looks alike");
                    assert_ne!(look(0), look(4), "{what}: solved and fringe differ");
                    assert_ne!(look(4), look(5), "{what}: fringe and rest differ");
                    assert_ne!(look(1), look(6), "{what}: solved and rest differ");
                    if mono {
                        assert!(s[0].2.contains(Modifier::DIM), "{what}: solved is dim");
                        assert!(
                            under(4) && s[4].2.contains(Modifier::BOLD),
                            "{what}: fringe bold, underlined"
                        );
                        assert!(!under(6), "{what}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_times_list_and_averages_show_beside_the_board_when_there_is_room() {
    let a = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    let lines = screen(&a, 80, 24);
    assert!(lines.iter().any(|l| l.contains("╭ Times ")), "{lines:#?}");
    assert!(
        !lines.iter().any(|l| l.contains("ao5")),
        "no attempt, no averages: {lines:#?}"
    );
    assert!(lines.iter().any(|l| l.contains("none yet")), "{lines:#?}");
    // With attempts on disk: the list newest first, the averages in the panel and below.
    let dir = std::env::temp_dir().join(format!("slide-render-times-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(
        dir.join("stats.json"),
        r#"{"version":2,"records":{"3x3 easy":{"played":8,"won":6,
           "speed":{"recent":[15000,12000,10000,null,20000,13000,14000]}}}}"#,
    )
    .expect("stats");
    let on_disk = App::new(
        crate::ui::settings::Settings::plain(),
        Game::new(
            "1 2 3 4 5 6 0 7 8".parse().expect("board"),
            Some(Level::Easy),
            Some(SEED),
            Some(2),
        ),
        slide::solver::Solver::new(slide::solver::TableCache::disabled()),
        slide::game::Persistence::open(Ok(slide::game::Store::at(dir.clone()))),
        crate::ui::current_game::Origin::Resumed,
    );
    let lines = screen(&on_disk, 80, 24);
    let _ = std::fs::remove_dir_all(&dir);
    // The panel's averages are the level's, all runs: the last five are 10, DNF, 20, 13,
    // 14: (20 + 13 + 14) / 3 = 15.667.
    assert!(lines.iter().any(|l| l.contains("ao5 15.667 · ao12 —")), "{lines:#?}");
    // The Times list is this session's: the earlier runs' times are not in it.
    let list: Vec<&str> = lines.iter().filter_map(|l| l.split("│ │").nth(2)).collect();
    assert!(list.first().is_some_and(|l| l.starts_with("none yet")), "{list:#?}");
    assert!(!list.iter().any(|l| l.contains("14.000")), "{list:#?}");
    // Too narrow for the list: the panel's averages stay.
    let narrow = screen(&a, 60, 17);
    assert!(!narrow.iter().any(|l| l.contains("Times")), "{narrow:#?}");
    let _ = a;
}

#[test]
fn an_estimated_par_says_so_in_the_panel_and_the_win_box() {
    let mut rng = slide::puzzle::SeededRng::new(7);
    let board = slide::puzzle::Board::scrambled(slide::puzzle::Size::new(5).expect("size"), 300, &mut rng);
    let mut a = crate::ui::app_tests::test_app(Game::new(board, None, None, None));
    a.current.game.note_par_estimate(104);
    let lines = screen(&a, 80, 24);
    let par = lines.iter().find(|l| l.contains("Par ")).expect("a Par row");
    assert!(par.contains("│Par      ≈104 best found"), "{par}");
    // The row stays within the panel's border.
    assert!(par.trim_end().ends_with('│'), "{par}");

    let w = won_with(|s| {
        s.report.par = slide::game::ParLine::Estimate {
            best_found: 3,
            made: Some(4),
        };
    });
    let lines = screen(&w, 80, 24);
    let par = lines.iter().find(|l| l.contains("Par ")).expect("a Par row");
    assert!(par.contains("Par     ≈3 best found  (STM +1)"), "{par}");
    assert!(!par.contains("optimal") && !par.contains("over par"), "{par}");
}

#[test]
fn a_hint_not_proven_optimal_says_so_in_full_at_80x24() {
    use slide::puzzle::{Board, SeededRng, Size};
    use slide::solver::Hint;
    // A 6×6 board some moves from the goal, with the way back as the hint's plan.
    let mut rng = SeededRng::new(11);
    let mut board = Board::goal(Size::new(6).expect("size"));
    let mut walk = Vec::new();
    while walk.len() < 40 {
        let moves: Vec<Move> = board
            .legal_moves()
            .filter(|m| walk.last() != Some(&m.inverse()))
            .collect();
        let m = moves[rng.index(moves.len())];
        assert!(board.try_move(m));
        walk.push(m);
    }
    let plan: Vec<Move> = walk.iter().rev().map(|m| m.inverse()).collect();
    let mut a = crate::ui::app_tests::test_app(Game::new(board, Some(Level::Medium), Some(9), None));
    let hint = Hint {
        mv: plan[0],
        tile: board.tile_moved_by(plan[0]).unwrap_or(0),
        remaining: plan.len() as u32,
        optimal: false,
        lower_bound: 30,
        plan: plan.clone(),
    };
    // What the engine does with a hint's answer: its plan becomes the known one.
    a.engine
        .adopt_plan(KnownPlan::from_hint(board, &hint, Vec::new(), true));
    a.answer(&slide::engine::Answer::Hint {
        board,
        result: Ok(hint),
    });
    let lines = screen(&a, 80, 24);
    let all = lines.join("\n");
    assert!(all.contains("Hint: slide"), "{all}");
    assert!(
        all.contains("Not proven optimal."),
        "the whole status is on screen:\n{all}"
    );
    assert!(all.contains("Plan     40 moves"), "{all}");
}

#[test]
fn help_keeps_its_place_when_the_terminal_is_resized() {
    let mut a = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    a.area = ratatui::layout::Rect::new(0, 0, 80, 24);
    a.update(crate::ui::keys::Action::Help);
    for _ in 0..2 {
        a.update(crate::ui::keys::Action::PageDown);
    }
    let text_at_top = |a: &App| {
        let shown = screen(a, 80, 24);
        let top = shown[1].trim_matches(|c| c == ' ' || c == '║').trim().to_string();
        (shown, top)
    };
    while text_at_top(&a).1.is_empty() {
        a.update(crate::ui::keys::Action::Down);
    }
    let (before, top) = text_at_top(&a);
    let first_words: String = top.split(' ').take(3).collect::<Vec<_>>().join(" ");
    assert!(!first_words.is_empty(), "{before:#?}");
    // Wider and taller: the paragraphs wrap anew, and the same text stays at the top.
    a.area = ratatui::layout::Rect::new(0, 0, 120, 40);
    let after = screen(&a, 120, 40);
    let head = format!("{} {}", after[1], after[2]);
    assert!(
        head.contains(&first_words),
        "'{first_words}' left the top:\n{}",
        after.join("\n")
    );
    // And back.
    a.area = ratatui::layout::Rect::new(0, 0, 80, 24);
    assert_eq!(screen(&a, 80, 24), before);
}

/// At 60×17 the win box's actions take two rows, each action whole, and a click on the
/// second row's entry does that action.
#[test]
fn the_win_box_shows_every_action_at_60_by_17_and_each_is_clickable() {
    let mut a = won();
    a.area = ratatui::layout::Rect::new(0, 0, 60, 17);
    let shown = screen(&a, 60, 17);
    let text = shown.join("\n");
    for entry in [
        "v review",
        "n new",
        "N next",
        "R replay",
        "g aside",
        "Esc close",
        "q quit",
    ] {
        assert!(text.contains(entry), "{entry}:\n{text}");
    }
    let (row, line) = shown
        .iter()
        .enumerate()
        .find(|(_, l)| l.contains("q quit"))
        .expect("the quit entry");
    let column = line.chars().take_while(|&c| c != 'q').count();
    a.update(crate::ui::keys::Action::Click {
        column: column as u16 + 2,
        row: row as u16,
    });
    assert!(a.quit, "a click on `q quit` quits:\n{text}");
}

/// The board's frame's inside, as text (empty rows dropped).
fn board_text(a: &App, w: u16, h: u16) -> String {
    let Fit::Fits(layout) = fit(Rect::new(0, 0, w, h), a.current.game.size()) else {
        panic!("the board fits");
    };
    let lines = screen(a, w, h);
    let b = layout.board;
    lines[usize::from(b.y) + 1..usize::from(b.y + b.height) - 1]
        .iter()
        .map(|l| {
            l.chars()
                .skip(usize::from(b.x) + 1)
                .take(usize::from(b.width) - 2)
                .collect::<String>()
        })
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_dialog_over_an_attempt_under_way_hides_the_board() {
    let mut a = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    a.update(Action::Left);
    a.update(Action::Right);
    assert!(a.current.game.moves() > 0, "a move was made");
    std::thread::sleep(std::time::Duration::from_millis(5));
    assert!(a.current.under_way());
    let before = board_text(&a, 80, 24);
    assert!(before.contains('8'), "the board shows:\n{before}");
    a.update(Action::Restart);
    assert!(a.is::<crate::ui::screens::confirm_restart::ConfirmRestart>());
    let text = screen(&a, 80, 24).join("\n");
    assert!(text.contains("Restart"), "the dialog shows:\n{text}");
    let hidden = board_text(&a, 80, 24);
    assert!(
        !hidden.contains('8'),
        "no tile shows while the clock is stopped:\n{text}"
    );
    a.update(Action::Back);
    assert!(board_text(&a, 80, 24).contains('8'), "the board is back");
    // Before the attempt is under way, a dialog hides nothing (the menu over a new deal).
    let mut fresh = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    fresh.update(Action::Help);
    assert!(!fresh.current.under_way());
}

#[test]
fn a_blind_solve_hides_the_code_with_the_numbers() {
    let mut a = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    a.current.game.set_blind(true);
    let code = a.current.game.code().to_string();
    assert!(
        screen(&a, 80, 24).join("\n").contains(&code),
        "memorised with the board"
    );
    a.update(Action::Left);
    a.update(Action::Right);
    let text = screen(&a, 80, 24).join("\n");
    assert!(!text.contains(&code), "gone with the numbers:\n{text}");
    assert!(text.contains("hidden (blind)"), "{text}");
}

#[test]
fn a_warning_box_over_an_attempt_under_way_stops_the_clock_and_hides_the_board() {
    let mut a = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    a.update(Action::Left);
    a.update(Action::Right);
    std::thread::sleep(std::time::Duration::from_millis(5));
    assert!(a.current.game.clock().is_running());
    a.notify(slide::game::Notice::warning(
        "Your result is not recorded yet: will retry.",
    ));
    a.tick(std::time::Instant::now());
    assert!(!a.current.game.clock().is_running(), "no clock runs behind the box");
    let text = screen(&a, 80, 24).join("\n");
    assert!(text.contains("not recorded yet"), "{text}");
    assert!(!board_text(&a, 80, 24).contains('8'), "no tile shows:\n{text}");
    a.notices.age(crate::ui::notices::READ_TIME);
    let moves = a.current.game.moves();
    a.update(Action::Left);
    assert_eq!(a.current.game.moves(), moves, "the key closed the box only");
    assert!(board_text(&a, 80, 24).contains('8'), "the board is back");
    assert!(a.current.game.clock().is_running(), "and its clock runs");
}

#[test]
fn the_start_notices_are_lines_under_a_board_that_shows_and_each_is_on_screen() {
    let mut a = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    a.notify(slide::game::Notice::info("Your unfinished game (3×3 easy) is kept."));
    a.notify(slide::game::Notice::info(
        "Your history was read: 12 attempt(s) counted. active.corrupt-1.jsonl in data/history: it was set aside \
         and holds 3 attempt(s) not counted; remove it once you no longer need them.",
    ));
    a.notify(slide::game::Notice::info("A third."));
    let text = screen(&a, 80, 24).join("\n");
    assert!(board_text(&a, 80, 24).contains('8'), "the board shows:\n{text}");
    assert!(text.contains("is kept."), "{text}");
    assert!(text.contains("no longer need them."), "the second, whole:\n{text}");
    assert!(text.contains("(1 more after a key)"), "{text}");
    assert!(!text.contains("any key to close"), "no box:\n{text}");
    a.notices.age(crate::ui::notices::READ_TIME);
    a.update(Action::Left);
    assert_eq!(a.current.game.moves(), 1, "the key played");
    let text = screen(&a, 80, 24).join("\n");
    assert!(text.contains("A third.") && !text.contains("is kept."), "{text}");
}
