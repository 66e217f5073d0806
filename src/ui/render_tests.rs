//! Render tests: the whole screen drawn into ratatui's `TestBackend`, compared line by line
//! so a failure shows both screens in full.

use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Modifier;
use slide::difficulty::Level;
use slide::game::Game;
use slide::puzzle::Move;

use crate::ui::app::{App, Known, Mode};
use crate::ui::modes::win::WinSummary;

/// A 40-bit seed, as the game deals: its code has eight symbols and a check.
const SEED: u64 = 0x3A_9C51_7E2D;

fn app(board: &str, level: Option<Level>, par: Option<u32>) -> App {
    crate::ui::app::test_app(Game::new(
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

fn screen(app: &App, w: u16, h: u16) -> Vec<String> {
    let t = draw(app, w, h);
    let buf = t.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect()
}

#[track_caller]
fn assert_screen(app: &App, w: u16, h: u16, expected: &[&str]) {
    let actual = screen(app, w, h);
    let expected: Vec<String> = expected
        .iter()
        .map(|l| format!("{l:<w$}", w = usize::from(w)))
        .collect();
    assert!(
        actual == expected,
        "screen differs\n--- expected\n{}\n--- actual\n{}\n",
        expected.join("|\n"),
        actual.join("|\n")
    );
}

fn with_hint(mut a: App, plan: &[Move], optimal: bool, lower_bound: u32) -> App {
    a.known = Some(Known {
        board: *a.game.board(),
        plan: plan.to_vec(),
        optimal,
        lower_bound,
        bounds: Vec::new(),
        with_tables: true,
    });
    a.hint_visible = true;
    a
}

fn won() -> App {
    let mut a = app("1 2 3 4 5 6 7 8 0", Some(Level::Easy), Some(2));
    a.mode = Mode::Won(WinSummary {
        moves: 4,
        time: Duration::from_secs(75),
        hints: 1,
        solver_used: false,
        assisted: true,
        par: Some(2),
        beaten: Some(slide::game::Beaten::First { assisted: true }),
        not_stored: None,
        daily_replay: false,
        daily_late: false,
        daily: None,
        best: Some(slide::game::Best {
            moves: 6,
            time_ms: 80_000,
            hints: 0,
            solver_used: false,
            assisted: false,
        }),
        best_assisted: Some(slide::game::Best {
            moves: 4,
            time_ms: 75_000,
            hints: 1,
            solver_used: false,
            assisted: true,
        }),
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
    });
    a
}

const FOUR: &str = "5 1 2 4 9 6 3 8 13 10 7 11 14 15 0 12";
const SIX: &str = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 0 31 32 33 34 35 30";

fn scenarios() -> Vec<(&'static str, App, u16, u16)> {
    let mut help = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    help.mode = Mode::Help(crate::ui::modes::help::HelpState {
        scroll: 0,
        back: Box::new(Mode::Playing),
    });
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
            with_hint(app(SIX, None, None), &[Move::Up], false, 1),
            80,
            28,
        ),
        ("too_small", app(FOUR, None, None), 40, 10),
        ("won", won(), 60, 17),
        ("help", help, 64, 36),
    ]
}

/// Prints every screen, to write new expectations:
/// `cargo test --bin slide print_screens -- --ignored --nocapture`.
#[test]
#[ignore = "a helper for writing expectations"]
fn print_screens() {
    for (name, a, w, h) in scenarios() {
        println!("== {name}");
        for l in screen(&a, w, h) {
            println!("            \"{}\",", l.trim_end());
        }
    }
}

#[test]
fn three_by_three_big_tiles_home_brackets() {
    let (_, a, w, h) = scenarios().into_iter().find(|s| s.0 == "three").expect("scenario");
    assert_screen(
        &a,
        w,
        h,
        &[
            "  ╭ 3×3 · easy ──────────╮ ╭ Slide ─────────────────────╮",
            "  │                      │ │Size     3×3                │",
            "  │ [  1 ] [  2 ] [  3 ] │ │Level    easy               │",
            "  │                      │ │Code     3E-7AE52ZHDB       │",
            "  │                      │ │Moves    0                  │",
            "  │                      │ │Time     0:00               │",
            "  │ [  4 ] [  5 ] [  6 ] │ │Hints    0                  │",
            "  │                      │ │Par      2                  │",
            "  │                      │ │To go    —                  │",
            "  │                      │ │Best     —                  │",
            "  │           7      8   │ │                            │",
            "  │                      │ │                            │",
            "  ╰──────────────────────╯ │                            │",
            "                           │                            │",
            "                           ╰────────────────────────────╯",
            "",
            " ↑↓←→ move  i hint  p solve  u undo  n new  ? more  q quit",
        ],
    );
}

#[test]
fn four_by_four_compact_with_hint_arrow() {
    let (_, a, w, h) = scenarios().into_iter().find(|s| s.0 == "four_hint").expect("scenario");
    assert_screen(
        &a,
        w,
        h,
        &[
            "   ╭ 4×4 · medium ───────╮ ╭ Slide ─────────────────────╮",
            "   │   5    1    2  [ 4] │ │Size     4×4                │",
            "   │                     │ │Level    medium             │",
            "   │   9  [ 6]   3  [ 8] │ │Code     4M-7AE52ZHDX       │",
            "   │                     │ │Moves    0                  │",
            "   │  13  [10]   7   11  │ │Time     0:00               │",
            "   │                     │ │Hints    0                  │",
            "   │  14   15       ◀12  │ │Par      6                  │",
            "   ╰─────────────────────╯ │To go    2 moves (optimal)  │",
            "                           │Best     —                  │",
            "                           │                            │",
            "                           │Hint: slide 12 left ◀       │",
            "                           │                            │",
            "                           │                            │",
            "                           ╰────────────────────────────╯",
            " ↑↓←→ move  i hint  p solve  u undo  n new  ? more  q quit",
        ],
    );
}

#[test]
fn six_by_six_big_tiles_with_plan() {
    let (_, a, w, h) = scenarios().into_iter().find(|s| s.0 == "six_plan").expect("scenario");
    assert_screen(
        &a,
        w,
        h,
        &[
            "",
            "  ╭ 6×6 ──────────────────────────────────────╮ ╭ Slide ─────────────────────╮",
            "  │                                           │ │Size     6×6                │",
            "  │ [  1 ] [  2 ] [  3 ] [  4 ] [  5 ] [  6 ] │ │Level    custom board       │",
            "  │                                           │ │Moves    0                  │",
            "  │                                           │ │Time     0:00               │",
            "  │                                           │ │Hints    0                  │",
            "  │ [  7 ] [  8 ] [  9 ] [ 10 ] [ 11 ] [ 12 ] │ │Par      —                  │",
            "  │                                           │ │Plan     1 move             │",
            "  │                                           │ │At least 1 move             │",
            "  │                                           │ │Best     —                  │",
            "  │ [ 13 ] [ 14 ] [ 15 ] [ 16 ] [ 17 ] [ 18 ] │ │                            │",
            "  │                                           │ │Hint: slide 30 up ▲         │",
            "  │                                           │ │                            │",
            "  │                                           │ │                            │",
            "  │ [ 19 ] [ 20 ] [ 21 ] [ 22 ] [ 23 ] [ 24 ] │ │                            │",
            "  │                                           │ │                            │",
            "  │                                           │ │                            │",
            "  │                                           │ │                            │",
            "  │ [ 25 ] [ 26 ] [ 27 ] [ 28 ] [ 29 ]        │ │                            │",
            "  │                                           │ │                            │",
            "  │                                           │ │                            │",
            "  │                                      ▲▲   │ │                            │",
            "  │ [ 31 ] [ 32 ] [ 33 ] [ 34 ] [ 35 ]   30   │ │                            │",
            "  │                                           │ │                            │",
            "  ╰───────────────────────────────────────────╯ ╰────────────────────────────╯",
            "",
            "  ↑↓←→ move  i hint  p solve  u undo  r redo  R restart  n new  ? more  q quit",
        ],
    );
}

#[test]
fn too_small_screen() {
    let (_, a, w, h) = scenarios().into_iter().find(|s| s.0 == "too_small").expect("scenario");
    assert_screen(
        &a,
        w,
        h,
        &[
            "",
            "",
            "",
            "",
            "  terminal too small: need 54×16, have",
            "                  40×10",
            " enlarge the window, or press q to quit",
            "",
            "",
            "",
        ],
    );
}

#[test]
fn win_screen() {
    let (_, a, w, h) = scenarios().into_iter().find(|s| s.0 == "won").expect("scenario");
    assert_screen(
        &a,
        w,
        h,
        &[
            "",
            "        ╔ ★ Solved! ══════════════════════════════╗",
            "        ║ Moves   4                               ║",
            "        ║ Time    1:15                            ║",
            "        ║ Hints   1                               ║",
            "        ║ Par     2  (+2 over par)                ║",
            "        ║ Best    6 moves, 1:20                   ║",
            "        ║ Helped  4 moves, 1:15 (best with help)  ║",
            "        ║ Record  2 of 3 won, 1.25× par avg       ║",
            "        ║ First win with help (kept apart from    ║",
            "        ║ your unassisted best)                   ║",
            "  ╔ Notice ══════════════════════════════════════════════╗",
            "  ║ That board is already solved: there is nothing to    ║",
            "  ║ play. Choose a new game.                             ║",
            "  ║ any key to close                                     ║",
            "  ╚══════════════════════════════════════════════════════╝",
            " ↑↓←→ move  i hint  p solve  u undo  n new  ? more  q quit",
        ],
    );
}

#[test]
fn help_overlay() {
    let (_, a, w, h) = scenarios().into_iter().find(|s| s.0 == "help").expect("scenario");
    assert_screen(
        &a,
        w,
        h,
        &[
            "   ╔ Help ═════════════════════════════════════════════════╗",
            "   ║ Goal: put the tiles in order, 1 2 3 … row by row,     ║",
            "   ║ with the gap in the bottom-right corner.              ║",
            "   ║ A direction key slides the tile beside the gap        ║",
            "   ║ that way (Left slides the tile right of it left).     ║",
            "   ║ A click on a tile in the gap's row or column slides   ║",
            "   ║ the whole segment (one move each, one undo step).     ║",
            "   ║ Tiles in their place are bold and [bracketed].        ║",
            "   ║ Undo takes a move back, and the count with it.        ║",
            "   ║ A hint marks the tile to move with an arrow. Follow   ║",
            "   ║ it and the next one shows, until you leave the plan;  ║",
            "   ║ each hint asked for counts once.                      ║",
            "   ║                                                       ║",
            "   ║ up       Up w k      new game n                       ║",
            "   ║ down     Down s j    help     ? F1                    ║",
            "   ║ left     Left a h    pause    Space                   ║",
            "   ║ right    Right d l   back     Esc                     ║",
            "   ║ hint     i           quit     q                       ║",
            "   ║ solve    p           copy     c                       ║",
            "   ║ undo     u z         numbers  #                       ║",
            "   ║ redo     r y         quit now Ctrl-c                  ║",
            "   ║ restart  R                                            ║",
            "   ║                                                       ║",
            "   ║ Levels, by the moves a board needs at best:           ║",
            "   ║       easy     medium   hard     expert               ║",
            "   ║ 3×3   10-16    17-20    21-24    25-31                ║",
            "   ║ 4×4   20-36    37-46    47-56    57-80                ║",
            "   ║ 5×5   40-69    70-89    90-109   110-208              ║",
            "   ║ 6×6   60-119   120-149  150-179  180-400              ║",
            "   ║ random: any solvable board, the classic shuffle.      ║",
            "   ║ daily: hard, one board per size per UTC day, for all. ║",
            "   ║                                                       ║",
            "   ║ Records: a game counts as played once it is dealt.    ║",
            "   ║ ↑↓ PgUp PgDn scroll (32/50) · other keys close        ║",
            "   ╚═══════════════════════════════════════════════════════╝",
            "   ↑↓←→ move  i hint  p solve  u undo  n new  ? more  q quit",
        ],
    );
}

#[test]
fn help_at_80_by_24_shows_the_goal_first_and_scrolls_to_every_key() {
    let mut a = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    a.area = ratatui::layout::Rect::new(0, 0, 80, 24);
    a.update(slide::config::Action::Help);
    let first = screen(&a, 80, 24).join("\n");
    assert!(first.contains("Goal: put the tiles in order"), "{first}");
    assert!(first.contains("gap in the bottom-right corner"), "{first}");
    assert!(first.contains("PgUp PgDn scroll"), "{first}");
    assert!(first.contains("i hint"), "the footer stays:\n{first}");
    let mut seen = first.clone();
    for _ in 0..6 {
        a.update(slide::config::Action::PageDown);
        seen.push_str(&screen(&a, 80, 24).join("\n"));
    }
    for needle in [
        "Up w k",
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
    a.update(slide::config::Action::Back);
    assert_eq!(a.mode, Mode::Playing);
    assert!(!a.quit);
}

#[test]
fn help_speaks_the_blank_convention() {
    let mut a = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    a.config.game.arrows_move = slide::config::ArrowsMove::Blank;
    a.update(slide::config::Action::Help);
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
    daily.game = daily.game.clone().with_daily(date);
    let lines = screen(&daily, 60, 17);
    assert!(
        lines.iter().any(|l| l.contains("Level    daily 2026-12-02")),
        "{lines:#?}"
    );
    let code = daily.game.code().to_string();
    assert!(code.starts_with("3H-") && code.len() == 12, "{code}");
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
    a.mode = Mode::Dealing(crate::ui::modes::dealing::Dealing {
        id: 1,
        request: slide::difficulty::DealRequest {
            size: slide::puzzle::Size::THREE,
            level: Level::Easy,
            seed: 1,
            daily: None,
        },
        since: std::time::Instant::now(),
        first: false,
    });
    a.notify(slide::game::Notice::warning(text.clone()));
    a.notify(slide::game::Notice::info("Resumed your last game."));
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
    assert!(shown.contains("any key to close (1 more)"), "{}", lines.join("\n"));
}

#[test]
fn pause_hides_the_board() {
    let mut a = app("1 2 3 4 5 6 0 7 8", Some(Level::Easy), Some(2));
    a.mode = Mode::Paused;
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
    a.first_game = true;
    let text = screen(&a, 60, 17).join("\n");
    assert!(text.contains("Goal: tiles in order,"), "{text}");
    assert!(text.contains("? help"), "{text}");
    a.update(slide::config::Action::Left);
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
    a.config.game.arrows_move = slide::config::ArrowsMove::Blank;
    let text = screen(&a, 60, 16).join("\n");
    assert!(text.contains("Hint: move the gap right ▶"), "{text}");
    assert!(
        !text.contains("◀12"),
        "the arrow sits in the gap, not on the tile:\n{text}"
    );
}
