//! The app as a player drives it: keys in, the game and the screens out. Nothing here
//! touches the terminal.

use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use slide::config::ArrowsMove;
use slide::difficulty::{DealRequest, Level};
use slide::engine::{Answer, KnownPlan};
use slide::game::{Game, Notice, Persistence};
use slide::puzzle::{Board, Move, Size};
use slide::solver::Solver;

use crate::ui::app::App;
use crate::ui::context::{Context, context};
use crate::ui::current_game::Origin;
use crate::ui::keys::Action;
use crate::ui::notices::READ_TIME;
use crate::ui::scheme::Scheme;
use crate::ui::screen::Screen;
use crate::ui::screens::animation::Animation;
use crate::ui::screens::confirm_restart::ConfirmRestart;
use crate::ui::screens::dealing::Dealing;
use crate::ui::screens::help::Help;
use crate::ui::screens::menu::{Menu, MenuScreen};
use crate::ui::screens::paused::Paused;
use crate::ui::screens::playing::Playing;
use crate::ui::screens::win::WinScreen;
use crate::ui::settings::Settings;
use crate::ui::widgets::layout::{Fit, fit};

/// An app around `game` with default settings, no disk and no table cache, for tests.
pub(crate) fn test_app(game: Game) -> App {
    App::new(
        Settings::plain(),
        game,
        Solver::new(slide::solver::TableCache::disabled()),
        Persistence::disabled(),
        Origin::New,
    )
}

/// An app whose first game is still to be dealt: it opens at once on the "Dealing…" box
/// (over no board) and starts the game when the deal lands.
pub(crate) fn dealing_app(
    settings: Settings,
    request: slide::difficulty::DealRequest,
    solver: Solver,
    persist: Persistence,
) -> App {
    let placeholder = Game::new(slide::puzzle::Board::goal(request.size), None, None, Some(0));
    let mut app = App::new(settings, placeholder, solver, persist, Origin::Placeholder);
    let t = crate::ui::screens::dealing::deal(request, true, &mut context!(app, Instant::now()));
    app.apply(t);
    app.sync();
    app
}

/// What the tests do to an app beyond the keys.
pub(crate) trait Driven {
    /// Waits for one of the engine's replies and handles it.
    fn wait_reply(&mut self, timeout: Duration) -> bool;
    /// Waits until no deal is awaited, handling replies.
    fn wait_dealt(&mut self, timeout: Duration) -> bool;
    /// Opens `screen` on top.
    fn push(&mut self, screen: Box<dyn Screen>);
    /// The screen on top, as `T` if it is one, to change.
    fn top_mut<T: Screen>(&mut self) -> Option<&mut T>;
    /// Runs `f` with the context of an event now (to build screens with it).
    fn with_context<T>(&mut self, f: impl FnOnce(&mut Context) -> T) -> T;
}

impl Driven for App {
    fn wait_reply(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while let Ok(event) = self
            .events
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            if let crate::ui::events::Event::Engine(r) = event {
                self.handle_reply(r);
                return true;
            }
        }
        false
    }

    fn wait_dealt(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while self.is::<Dealing>() && Instant::now() < deadline {
            self.wait_reply(Duration::from_millis(50));
        }
        !self.is::<Dealing>()
    }

    fn push(&mut self, screen: Box<dyn Screen>) {
        self.stack.push(screen);
    }

    fn top_mut<T: Screen>(&mut self) -> Option<&mut T> {
        let top: &mut dyn std::any::Any = self.stack.last_mut().map(AsMut::as_mut)?;
        top.downcast_mut()
    }

    fn with_context<T>(&mut self, f: impl FnOnce(&mut Context) -> T) -> T {
        f(&mut context!(self, Instant::now()))
    }
}

/// The direction key that plays `m` (tiles move the key's way, the default).
fn play(app: &mut App, m: Move) {
    app.update(match m {
        Move::Up => Action::Up,
        Move::Down => Action::Down,
        Move::Left => Action::Left,
        Move::Right => Action::Right,
    });
}

fn app_with(board: &str) -> App {
    test_app(Game::new(board.parse().unwrap(), Some(Level::Easy), Some(1), None))
}

/// [`app_with`], preparing the size's tables in the background as the game does (on 3×3,
/// a few milliseconds): what is dealt ahead waits for them.
fn app_preparing(board: &str) -> App {
    App::new(
        Settings {
            background_tables: true,
            ..Settings::plain()
        },
        Game::new(board.parse().unwrap(), Some(Level::Easy), Some(1), None),
        Solver::new(slide::solver::TableCache::disabled()),
        Persistence::disabled(),
        Origin::New,
    )
}

/// Presses a key as a player who has read the notice on screen, if any, would.
fn key(app: &mut App, code: KeyCode) {
    app.notices.age(READ_TIME);
    press(app, code);
}

/// Presses a key at once, whatever is on screen.
fn press(app: &mut App, code: KeyCode) {
    let ev = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    if let Some(a) = app.keymap.action(&ev) {
        app.update(a);
    }
}

fn temp_store(tag: &str) -> slide::game::Store {
    let dir = std::env::temp_dir().join(format!("slide-app-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    slide::game::Store::at(dir)
}

fn app_on_disk(store: &slide::game::Store, game: Game, origin: Origin) -> App {
    App::new(
        Settings::plain(),
        game,
        Solver::new(slide::solver::TableCache::disabled()),
        Persistence::open(Ok(store.clone())),
        origin,
    )
}

#[test]
fn winning_a_chosen_game_keeps_the_game_saved_before_it() {
    let store = temp_store("keep-saved");
    let mut earlier = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), None, None, None);
    earlier.play(Move::Left);
    store.save_game(&earlier.to_saved()).unwrap();
    let one_move = Game::new("1 2 3 4 5 6 7 0 8".parse().unwrap(), None, None, None);
    let mut app = app_on_disk(&store, one_move, Origin::New);
    key(&mut app, KeyCode::Left);
    let w = &app.top::<WinScreen>().expect("won").summary;
    assert_eq!(w.report.beaten, None, "a typed board is unranked");
    assert!(!w.report.ranked && w.report.not_stored.is_none());
    let (games, _) = store.list_games();
    assert_eq!(games.len(), 1, "only the earlier game is left");
    assert_eq!(games[0].id, earlier.id());
    // The game's writer finishes its last write as the app goes: before the folder does.
    drop(app);
    let _ = std::fs::remove_dir_all(store.dir());
}

#[test]
fn every_move_is_saved_shortly_after_and_the_menu_resumes_another_game() {
    let store = temp_store("continuous");
    let mut earlier = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), Some(Level::Easy), Some(5), None);
    earlier.play(Move::Left);
    store.save_game(&earlier.to_saved()).unwrap();
    let game = Game::new("1 2 3 4 0 5 7 8 6".parse().unwrap(), None, None, None);
    let id = game.id().to_string();
    let mut app = app_on_disk(&store, game, Origin::New);
    key(&mut app, KeyCode::Left);
    assert!(
        app.current
            .persist
            .writer_handle()
            .unwrap()
            .flush(slide::game::FLUSH_TIMEOUT)
    );
    assert!(!app.current.persist.is_dirty());
    // The game in play is claimed, so it is read from its file.
    let file = store.dir().join("games").join(format!("{id}.json"));
    let saved: slide::game::SavedGame = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
    assert_eq!(saved.moves, 1);
    // The menu offers the earlier game; choosing it keeps this one.
    key(&mut app, KeyCode::Char('n'));
    let menu = &app.top::<MenuScreen>().expect("menu").menu;
    assert_eq!(menu.resumable.len(), 1);
    assert!(
        menu.resumable[0].1.starts_with("3×3 easy · 1 move"),
        "{:?}",
        menu.resumable
    );
    key(&mut app, KeyCode::Down); // the resume row, below Start
    key(&mut app, KeyCode::Enter);
    assert!(app.is::<Playing>());
    assert_eq!(app.current.game.id(), earlier.id());
    assert_eq!(app.current.game.moves(), 1);
    // The start of a game waits for no disk: the writer has the game left in its queue.
    let writer = app.current.persist.writer_handle().expect("a writer");
    assert!(writer.flush(Duration::from_secs(10)));
    let ids: Vec<String> = store.list_games().0.into_iter().map(|g| g.id).collect();
    assert!(ids.contains(&id), "the game left is kept: {ids:?}");
    let _ = std::fs::remove_dir_all(store.dir());
}

#[test]
fn a_notice_stays_until_a_key_and_that_key_only_closes_it() {
    let mut app = app_with("1 2 3 4 0 5 7 8 6");
    app.notify(Notice::warning("Progress can't be saved."));
    app.tick(Instant::now() + Duration::from_secs(60));
    assert!(app.notice().is_some(), "a warning does not time out");
    key(&mut app, KeyCode::Left);
    assert!(app.notice().is_none());
    assert_eq!(
        app.current.game.moves(),
        0,
        "the key closed the notice and did nothing else"
    );
}

#[test]
fn an_information_is_a_line_that_takes_no_key_and_goes_once_it_could_be_read() {
    let mut app = app_with("1 2 3 4 0 5 7 8 6");
    app.notify(Notice::info("Resumed your last game."));
    let screen = crate::ui::render_tests::screen(&app, 80, 24);
    assert!(
        screen[23].contains("Resumed your last game."),
        "a line at the foot of the screen:\n{}",
        screen.join("\n")
    );
    assert!(!screen.concat().contains("any key to close"), "no box");
    app.tick(Instant::now() + Duration::from_secs(60));
    assert!(on_screen(&app, "Resumed your last game."), "no clock takes it away");
    press(&mut app, KeyCode::Left);
    assert_eq!(app.current.game.moves(), 1, "the first key moves a tile");
    assert!(
        app.current.game.clock().is_running(),
        "and the clock runs under the line"
    );
    assert!(on_screen(&app, "Resumed your last game."), "typed as it came: it stays");
    app.notices.age(READ_TIME);
    press(&mut app, KeyCode::Right);
    assert_eq!(app.current.game.moves(), 2, "that key plays too");
    assert!(!on_screen(&app, "Resumed your last game."), "and the line, read, goes");
}

#[test]
fn a_notice_that_comes_while_keys_are_typed_is_not_closed_unread() {
    let mut app = app_with("1 2 3 4 0 5 7 8 6");
    press(&mut app, KeyCode::Left);
    assert_eq!(app.current.game.moves(), 1);
    // A notice lands mid-play; the player's next key was already on its way.
    app.notify(Notice::warning("Progress can't be saved."));
    press(&mut app, KeyCode::Right);
    assert!(
        app.notice().is_some(),
        "a key typed as the notice came does not close it"
    );
    assert_eq!(app.current.game.moves(), 1, "nor does it reach the board");
    let screen = render_text(&app, 80, 24);
    assert!(
        screen.contains("Progress can't be saved."),
        "the notice is on screen:\n{screen}"
    );
    assert!(
        !screen.contains("any key to close"),
        "no key closes it yet, so none is offered:\n{screen}"
    );
    // Once it has been up long enough to read, the screen says a key closes it, and one does.
    app.notices.age(READ_TIME);
    assert!(
        app.tick(Instant::now()),
        "the screen changes when the notice takes keys"
    );
    let screen = render_text(&app, 80, 24);
    assert!(screen.contains("Progress can't be saved."), "{screen}");
    assert!(screen.contains("any key to close"), "{screen}");
    press(&mut app, KeyCode::Right);
    assert!(app.notice().is_none());
    assert_eq!(app.current.game.moves(), 1, "the closing key did nothing else");
    press(&mut app, KeyCode::Right);
    assert_eq!(app.current.game.moves(), 2, "the next key plays");
}

/// The screen as text, drawn at `w`×`h`.
pub(crate) fn render_text(app: &App, w: u16, h: u16) -> String {
    let area = Rect::new(0, 0, w, h);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    app.render(area, &mut buf);
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_restart_counts_hints_afresh_but_the_win_stays_assisted() {
    let mut app = app_with("1 2 3 4 5 6 0 7 8");
    key(&mut app, KeyCode::Char('i'));
    wait_hint(&mut app);
    assert_eq!(app.current.game.hints_used(), 1);
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Char('R'));
    assert!(app.is::<ConfirmRestart>(), "a restart asks first");
    key(&mut app, KeyCode::Char('x'));
    assert!(app.is::<Playing>());
    assert_eq!(app.current.game.moves(), 1, "any other key keeps the game");
    key(&mut app, KeyCode::Char('R'));
    key(&mut app, KeyCode::Char('R'));
    assert_eq!((app.current.game.moves(), app.current.game.hints_used()), (0, 0));
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Left);
    let w = &app.top::<WinScreen>().expect("won").summary;
    assert_eq!(w.report.hints, 0);
    assert!(w.report.assisted);
}

fn wait_hint(app: &mut App) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while app.engine.pending().is_some() && Instant::now() < deadline {
        app.wait_reply(Duration::from_millis(100));
    }
}

#[test]
fn arrows_slide_tiles_in_their_direction() {
    // Blank in the middle.
    let mut app = app_with("1 2 3 4 0 5 7 8 6");
    key(&mut app, KeyCode::Left);
    assert_eq!(app.current.game.board().to_string(), "1 2 3 4 5 0 7 8 6");
    assert_eq!(app.current.game.moves(), 1);
    key(&mut app, KeyCode::Left);
    assert_eq!(app.current.game.moves(), 1, "an illegal move changes nothing");
    assert_eq!(app.current.status, None);
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(app.current.game.board().to_string(), "1 2 3 4 0 5 7 8 6");
    key(&mut app, KeyCode::Char('r'));
    assert_eq!(app.current.game.board().to_string(), "1 2 3 4 5 0 7 8 6");
}

#[test]
fn blank_convention_inverts() {
    let mut app = app_with("1 2 3 4 0 5 7 8 6");
    app.settings.config.game.arrows_move = ArrowsMove::Blank;
    key(&mut app, KeyCode::Left);
    assert_eq!(app.current.game.board().to_string(), "1 2 3 0 4 5 7 8 6");
}

#[test]
fn click_slides_a_segment() {
    let mut app = app_with("1 2 3 4 5 6 0 7 8");
    let Fit::Fits(l) = fit(app.area, Size::THREE) else {
        panic!()
    };
    let r = l.tile_rect(8);
    app.update(Action::Click {
        column: r.x + 1,
        row: r.y + 1,
    });
    assert!(app.is::<WinScreen>());
    assert_eq!(app.current.game.moves(), 2);
}

#[test]
fn hint_arrives_then_follows_the_plan() {
    let mut app = app_with("1 2 3 4 5 6 0 7 8");
    key(&mut app, KeyCode::Char('i'));
    assert!(app.engine.pending().is_some());
    key(&mut app, KeyCode::Char('i'));
    wait_hint(&mut app);
    assert_eq!(app.current.visible_hint(&app.engine), Some(Move::Left));
    assert_eq!(app.current.game.hints_used(), 1, "pressing twice queued nothing");
    assert_eq!(app.current.current_plan(&app.engine).map(KnownPlan::remaining), Some(2));
    assert_eq!(app.current.game.par(), Some(2));
    key(&mut app, KeyCode::Left);
    assert_eq!(
        app.current.visible_hint(&app.engine),
        Some(Move::Left),
        "hint mode: the next move shows at once"
    );
    assert_eq!(app.current.game.hints_used(), 1, "following a hint asks no new one");
    assert_eq!(app.current.current_plan(&app.engine).map(KnownPlan::remaining), Some(1));
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(
        app.current.visible_hint(&app.engine),
        None,
        "leaving the plan ends hint mode"
    );
    key(&mut app, KeyCode::Char('i'));
    assert!(app.engine.pending().is_some(), "a new board needs a new hint");
}

#[test]
fn a_move_while_a_hint_computes_asks_again_for_the_new_board() {
    let mut app = app_with("8 6 7 2 5 4 3 0 1");
    key(&mut app, KeyCode::Char('i'));
    let first = app.engine.pending().expect("pending");
    key(&mut app, KeyCode::Down);
    let again = app.engine.pending().expect("asked again for the new board");
    assert_ne!(again.ticket, first.ticket);
    assert_eq!(again.board, *app.current.game.board());
    assert!(
        app.current
            .status
            .as_deref()
            .is_some_and(|s| s.contains("new position"))
    );
    // The first request's answer (Cancelled, or a hint for the old board) changes
    // nothing.
    assert!(app.wait_reply(Duration::from_secs(10)));
    assert_eq!(
        app.current.visible_hint(&app.engine),
        None,
        "the stale reply is dropped"
    );
    assert_eq!(app.current.game.hints_used(), 0);
    wait_hint(&mut app);
    assert!(
        app.current.visible_hint(&app.engine).is_some(),
        "the new board's hint arrives"
    );
    assert_eq!(app.current.game.hints_used(), 1, "one request, one hint");
}

#[test]
fn solve_animates_and_any_key_stops() {
    let mut app = app_with("8 6 7 2 5 4 3 0 1");
    key(&mut app, KeyCode::Char('p'));
    let deadline = Instant::now() + Duration::from_secs(10);
    while !app.is::<Animation>() && Instant::now() < deadline {
        app.wait_reply(Duration::from_millis(100));
    }
    let later = Instant::now() + Duration::from_secs(1);
    app.tick(later);
    app.tick(later + Duration::from_secs(1));
    assert_eq!(app.current.game.moves(), 2);
    key(&mut app, KeyCode::Char('x'));
    assert!(app.is::<Playing>());
    assert!(app.current.game.assisted() && app.current.game.log().solver_moved());
    // Let it finish: the win is marked as assisted.
    key(&mut app, KeyCode::Char('p'));
    let mut t = later + Duration::from_secs(2);
    for _ in 0..40 {
        t += Duration::from_secs(1);
        app.tick(t);
    }
    let w = &app.top::<WinScreen>().expect("won").summary;
    assert!(w.report.solver_used);
    assert!(w.report.assisted);
    assert!(
        w.report.bests.is_empty() && !w.report.ranked,
        "the solver's win is no best"
    );
}

#[test]
fn menu_deals_a_new_game_and_help_closes() {
    let mut app = app_with("1 2 3 4 5 6 7 0 8");
    key(&mut app, KeyCode::Char('?'));
    assert!(app.is::<Help>());
    key(&mut app, KeyCode::Char('x'));
    assert!(app.is::<Playing>());
    key(&mut app, KeyCode::Char('n'));
    assert!(app.is::<MenuScreen>());
    key(&mut app, KeyCode::Up); // code row
    key(&mut app, KeyCode::Up); // picture row
    key(&mut app, KeyCode::Up); // mode row
    key(&mut app, KeyCode::Up); // level row
    key(&mut app, KeyCode::Up); // height row
    key(&mut app, KeyCode::Up); // width row
    key(&mut app, KeyCode::Up); // size row
    key(&mut app, KeyCode::Right); // 3×3 → 4×4
    key(&mut app, KeyCode::Enter);
    assert!(app.is::<Dealing>(), "dealt in the background");
    assert!(app.wait_dealt(Duration::from_secs(60)));
    assert!(app.is::<Playing>());
    assert_eq!(app.current.game.size(), Size::FOUR);
    assert_eq!(app.current.game.moves(), 0);
}

#[test]
fn the_menu_offers_the_modes_and_starts_a_marathon_and_a_relay() {
    let mut app = app_with("1 2 3 4 5 6 7 0 8");
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Up); // code row
    key(&mut app, KeyCode::Up); // picture row
    key(&mut app, KeyCode::Up); // mode row
    key(&mut app, KeyCode::Right); // single → blind
    key(&mut app, KeyCode::Right); // → marathon of 2
    key(&mut app, KeyCode::Enter);
    assert!(app.is::<Playing>(), "a run is dealt at once");
    let kind = app.current.game.run().map(slide::game::Run::kind);
    assert_eq!(
        kind,
        Some(slide::game::RunKind::Marathon {
            size: Size::THREE,
            count: 2
        })
    );
    // The menu opens on the mode in play; one step back from single is the relay.
    key(&mut app, KeyCode::Char('n'));
    let menu = &app.top::<MenuScreen>().expect("menu").menu;
    assert_eq!(menu.chosen_mode(), crate::ui::screens::menu::MenuMode::Marathon(2));
    for _ in 0..3 {
        key(&mut app, KeyCode::Up); // the mode row
    }
    for _ in 0..3 {
        key(&mut app, KeyCode::Left); // marathon of 2 → blind → single → relay
    }
    key(&mut app, KeyCode::Up); // level row
    key(&mut app, KeyCode::Up); // height row
    key(&mut app, KeyCode::Up); // width row
    key(&mut app, KeyCode::Up); // size row
    key(&mut app, KeyCode::Right); // 3×3 → 4×4
    for _ in 0..Menu::START {
        key(&mut app, KeyCode::Down); // back to Start
    }
    key(&mut app, KeyCode::Enter);
    let kind = app.current.game.run().map(slide::game::Run::kind);
    assert_eq!(kind, Some(slide::game::RunKind::relay_to(Size::FOUR)));
    assert_eq!(app.current.game.size(), Size::THREE, "a relay starts at 3×3");
}

#[test]
fn menu_deals_the_daily_puzzle() {
    let mut app = app_with("1 2 3 4 5 6 7 0 8");
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Up); // code row
    key(&mut app, KeyCode::Up); // picture row
    key(&mut app, KeyCode::Up); // mode row
    key(&mut app, KeyCode::Up); // level row
    key(&mut app, KeyCode::Left); // easy → daily (the last entry)
    key(&mut app, KeyCode::Enter);
    assert!(app.wait_dealt(Duration::from_secs(60)));
    let date = slide::difficulty::UtcDate::today();
    assert_eq!(app.current.game.daily(), Some(date));
    let expected = slide::difficulty::daily(app.engine.solver(), Size::THREE, date);
    assert_eq!(*app.current.game.start(), expected.board);
    assert_eq!(app.current.game.code(), expected.code());
}

/// Waits until the deal made ahead has its board; returns it.
fn ahead_ready(app: &mut App) -> (DealRequest, slide::difficulty::Generated) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some((request, Some(g))) = app.engine.dealt_ahead() {
            return (request, g.clone());
        }
        assert!(Instant::now() < deadline, "nothing dealt ahead");
        app.wait_reply(Duration::from_millis(100));
    }
}

#[test]
fn the_next_game_is_dealt_ahead_and_starts_at_once() {
    let mut app = app_preparing("1 2 3 4 5 6 7 0 8");
    // Dealing ahead waits for the size's tables.
    let (request, ready) = ahead_ready(&mut app);
    assert_eq!((request.size, request.level), (Size::THREE, Level::Easy));
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Enter);
    assert!(app.is::<Playing>(), "no wait");
    assert_eq!(*app.current.game.start(), ready.board);
    assert_eq!(app.current.game.seed(), Some(ready.seed));
    assert!(app.engine.dealt_ahead().is_some(), "and the one after is on its way");
}

#[test]
fn the_menu_deals_the_highlighted_choice_ahead_so_start_needs_no_wait() {
    let mut app = app_preparing("1 2 3 4 5 6 7 0 8");
    ahead_ready(&mut app);
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Up); // code row
    key(&mut app, KeyCode::Up); // picture row
    key(&mut app, KeyCode::Up); // mode row
    key(&mut app, KeyCode::Up); // level row
    key(&mut app, KeyCode::Right);
    let menu = &app.top::<MenuScreen>().expect("the menu is open").menu;
    let chosen = menu.request();
    let (ahead, _) = app.engine.dealt_ahead().expect("the choice is dealt ahead");
    assert_eq!((ahead.size, ahead.level), (chosen.size, chosen.level));
    let (_, ready) = ahead_ready(&mut app);
    key(&mut app, KeyCode::Enter);
    assert!(app.is::<Playing>(), "no wait");
    assert_eq!(*app.current.game.start(), ready.board);
    assert_eq!(app.current.game.level(), Some(chosen.level));
    // The daily puzzle too, as soon as it is highlighted.
    key(&mut app, KeyCode::Char('n'));
    for _ in 0..4 {
        key(&mut app, KeyCode::Up); // the level row
    }
    for _ in 0..=Menu::DAILY {
        if app.top::<MenuScreen>().is_some_and(|m| m.menu.level == Menu::DAILY) {
            break;
        }
        key(&mut app, KeyCode::Right);
    }
    let today = slide::difficulty::UtcDate::today();
    assert_eq!(app.engine.dealt_ahead().and_then(|(r, _)| r.daily), Some(today));
}

#[test]
fn a_par_found_in_the_background_is_kept_and_saved_with_the_game() {
    let board = Board::scrambled(Size::FIVE, 300, &mut slide::puzzle::SeededRng::new(7));
    let mut app = test_app(Game::new(board, None, None, None));
    app.answer(&Answer::Par {
        start: board,
        length: 120,
        optimal: false,
    });
    assert_eq!(app.current.game.par_estimate(), Some(120));
    assert_eq!(app.current.game.par(), None, "an estimate is never a proven par");
    // Saved with the game: a resumed game shows it (and the engine asks for it no more).
    let resumed = Game::from_saved(&app.current.game.to_saved()).expect("the save reads back");
    assert_eq!(resumed.par_estimate(), Some(120));
    let other = Board::scrambled(Size::FIVE, 300, &mut slide::puzzle::SeededRng::new(8));
    app.answer(&Answer::Par {
        start: other,
        length: 60,
        optimal: true,
    });
    assert_eq!(app.current.game.par(), None, "another game's par is not this one's");
}

#[test]
fn the_first_game_is_dealt_in_the_background_from_its_seed() {
    let solver = Solver::new(slide::solver::TableCache::disabled());
    let request = DealRequest {
        size: Size::THREE,
        level: Level::Medium,
        seed: 99,
        daily: None,
    };
    let dealing = || dealing_app(Settings::plain(), request, solver.clone(), Persistence::disabled());
    let mut app = dealing();
    assert!(app.top::<Dealing>().is_some_and(|d| d.first));
    assert!(app.wait_dealt(Duration::from_secs(60)));
    let expected = slide::difficulty::generate(&solver, Size::THREE, Level::Medium, 99);
    assert_eq!(*app.current.game.start(), expected.board);
    assert_eq!(app.current.game.code(), expected.code());
    // Nothing to go back to: q while the first deal runs quits.
    let mut app = dealing();
    key(&mut app, KeyCode::Char('q'));
    assert!(app.quit);
}

#[test]
fn undo_takes_the_move_and_the_count_back_and_a_mouse_slide_is_one_step() {
    let mut app = app_with("0 1 2 4 5 3 7 8 6");
    let Fit::Fits(l) = fit(app.area, Size::THREE) else {
        panic!()
    };
    let r = l.tile_rect(2);
    app.update(Action::Click {
        column: r.x + 1,
        row: r.y + 1,
    });
    assert_eq!(app.current.game.moves(), 2, "two tiles slid");
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(app.current.game.moves(), 0, "one undo takes the whole slide back");
    assert_eq!(*app.current.game.board(), *app.current.game.start());
    key(&mut app, KeyCode::Char('r'));
    assert_eq!(app.current.game.moves(), 2);
    key(&mut app, KeyCode::Char('u'));
    for _ in 0..7 {
        key(&mut app, KeyCode::Left);
        key(&mut app, KeyCode::Right);
    }
    assert_eq!(app.current.game.moves(), 14);
    for _ in 0..14 {
        key(&mut app, KeyCode::Char('u'));
    }
    assert_eq!(app.current.game.moves(), 0, "14 moves and 14 undos read 0");
}

#[test]
fn esc_closes_every_overlay_and_never_quits() {
    let mut app = app_with("1 2 3 4 5 6 7 0 8");
    key(&mut app, KeyCode::Char('?'));
    key(&mut app, KeyCode::Esc);
    assert!(app.is::<Playing>(), "help");
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Esc);
    assert!(app.is::<Playing>(), "menu");
    key(&mut app, KeyCode::Char(' '));
    assert!(app.is::<Paused>());
    key(&mut app, KeyCode::Esc);
    assert!(app.is::<Playing>(), "pause");
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Char('R'));
    assert!(app.is::<ConfirmRestart>());
    key(&mut app, KeyCode::Esc);
    assert!(app.is::<Playing>(), "restart question");
    key(&mut app, KeyCode::Esc);
    assert!(!app.quit, "Esc while playing does not quit");
    key(&mut app, KeyCode::Left);
    assert!(app.is::<WinScreen>());
    key(&mut app, KeyCode::Esc);
    assert!(app.is::<Playing>(), "the win box closes onto the solved board");
    assert!(app.current.game.is_won());
    assert!(!app.quit);
    key(&mut app, KeyCode::Char('q'));
    assert!(app.quit, "q quits");
}

#[test]
fn while_the_board_is_hidden_only_quit_is_taken() {
    let mut app = app_with("1 2 3 4 5 6 7 0 8");
    app.area = Rect::new(0, 0, 30, 8);
    for code in [
        KeyCode::Left,
        KeyCode::Char('i'),
        KeyCode::Char('n'),
        KeyCode::Char('?'),
        KeyCode::Char(' '),
    ] {
        key(&mut app, code);
    }
    assert_eq!(app.current.game.moves(), 0, "no tile moved behind the message");
    assert!(app.is::<Playing>());
    assert!(app.engine.pending().is_none());
    key(&mut app, KeyCode::Char('q'));
    assert!(app.quit);
}

#[test]
fn pause_stops_the_clock_and_so_do_overlays() {
    let mut app = app_with("1 2 3 4 0 5 7 8 6");
    key(&mut app, KeyCode::Left);
    assert!(app.current.game.clock().is_running(), "the first move starts the clock");
    key(&mut app, KeyCode::Char(' '));
    assert!(!app.current.game.clock().is_running(), "paused");
    key(&mut app, KeyCode::Char('x'));
    assert!(app.current.game.clock().is_running());
    key(&mut app, KeyCode::Char('?'));
    assert!(!app.current.game.clock().is_running(), "help");
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Char('n'));
    assert!(!app.current.game.clock().is_running(), "menu");
}

#[test]
fn a_solved_starting_board_says_so_and_offers_a_new_game() {
    let app = app_with("1 2 3 4 5 6 7 8 0");
    assert!(app.is::<MenuScreen>(), "the new-game menu is open");
    assert!(app.notice().is_some_and(|n| n.notice.text.contains("already solved")));
}

#[test]
fn par_is_known_from_the_first_frame_on_three_by_three() {
    let app = test_app(Game::new("8 6 7 2 5 4 3 0 1".parse().unwrap(), None, None, None));
    assert_eq!(app.current.game.par(), Some(31));
}

#[test]
fn ctrl_c_quits_from_anywhere() {
    let mut app = app_with("1 2 3 4 5 6 7 0 8");
    key(&mut app, KeyCode::Char('n'));
    app.update(Action::ForceQuit);
    assert!(app.quit);
}

#[test]
fn hover_slides_a_segment_only_when_turned_on() {
    let mut app = app_with("0 1 2 4 5 3 7 8 6");
    let Fit::Fits(l) = fit(app.area, Size::THREE) else {
        panic!()
    };
    let r = l.tile_rect(2);
    let over = Action::Hover {
        column: r.x + 1,
        row: r.y,
    };
    app.update(over);
    assert_eq!(app.current.game.moves(), 0, "hover is off by default");
    app.settings.config.input.hover = true;
    app.update(over);
    assert_eq!(app.current.game.moves(), 2, "both tiles slid");
    assert_eq!(
        (app.current.game.stm(), app.current.game.mtm()),
        (2, 1),
        "one multi-tile move"
    );
    assert!(app.current.game.clock().is_running(), "a hover move starts the clock");
    // Over a tile off the gap's lines nothing happens, and a hover is no key: it
    // neither closes a notice nor resumes a pause.
    let r = l.tile_rect(4);
    app.update(Action::Hover {
        column: r.x + 1,
        row: r.y,
    });
    assert_eq!(app.current.game.moves(), 2);
    app.notify(slide::game::Notice::warning("hello"));
    app.update(over);
    assert!(app.notice().is_some());
    key(&mut app, KeyCode::Char('v'));
    key(&mut app, KeyCode::Char(' '));
    app.update(over);
    assert!(app.is::<Paused>());
    key(&mut app, KeyCode::Char(' '));
    // The undo takes the whole hovered segment back.
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(app.current.game.moves(), 0);
}

#[test]
fn the_scheme_key_cycles_the_schemes() {
    let mut app = app_with("1 2 3 4 0 5 7 8 6");
    assert_eq!(app.look.scheme, Scheme::Plain);
    for expected in [Scheme::Rows, Scheme::Fringe, Scheme::Checker, Scheme::Plain] {
        key(&mut app, KeyCode::Char('x'));
        assert_eq!(app.look.scheme, expected);
    }
    assert_eq!(app.current.game.moves(), 0);
}

#[test]
fn next_scramble_deals_the_same_size_and_level_from_play_and_from_the_win_box() {
    let mut app = app_with("1 2 3 4 5 6 7 0 8");
    key(&mut app, KeyCode::Char('N'));
    assert!(app.is::<Dealing>() || app.is::<Playing>());
    assert!(app.wait_dealt(std::time::Duration::from_secs(60)));
    assert!(app.is::<Playing>(), "no menu");
    assert_eq!(app.current.game.size(), slide::puzzle::Size::THREE);
    assert_eq!(app.current.game.level(), Some(Level::Easy));
    let first = *app.current.game.start();
    // Win it from the solver's table, then N from the win box.
    let plan = app.engine.solver().exact3().solve(app.current.game.board());
    for m in plan {
        play(&mut app, m);
    }
    assert!(app.is::<WinScreen>());
    key(&mut app, KeyCode::Char('N'));
    assert!(app.wait_dealt(std::time::Duration::from_secs(60)));
    assert!(app.is::<Playing>());
    assert_eq!(app.current.game.moves(), 0);
    assert_ne!(app.current.game.id(), "", "a new game");
    let _ = first;
}

#[test]
fn giving_up_by_restart_or_next_scramble_is_a_dnf_and_a_win_is_a_time() {
    let dir = std::env::temp_dir().join(format!("slide-speedsolve-dnf-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = slide::game::Store::at(dir.clone());
    let game = Game::new("1 2 3 4 5 6 7 0 8".parse().unwrap(), Some(Level::Easy), Some(1), None);
    let mut app = App::new(
        crate::ui::settings::Settings::plain(),
        game,
        Solver::new(slide::solver::TableCache::disabled()),
        Persistence::open(Ok(store)),
        Origin::New,
    );
    let recent = |app: &App| app.current.speed().map(|s| s.recent.clone()).unwrap_or_default();
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Char('R'));
    key(&mut app, KeyCode::Char('R'));
    assert_eq!(recent(&app), vec![None], "a restart gave the attempt up");
    key(&mut app, KeyCode::Left);
    assert!(app.is::<WinScreen>());
    let w = &app.top::<WinScreen>().expect("won").summary.report;
    assert!(
        !w.ranked && w.beaten.is_none(),
        "the restart's win is unranked: no best"
    );
    assert_eq!(recent(&app), vec![None], "and no time in the averages");
    // From the win box: no DNF for a won game.
    key(&mut app, KeyCode::Char('N'));
    assert!(app.wait_dealt(std::time::Duration::from_secs(60)));
    assert_eq!(recent(&app).len(), 1);
    let m = app.current.game.board().legal_moves().next().expect("a move");
    play(&mut app, m);
    let scrapped = app.current.game.id().to_string();
    // Asked first, as the restart is: N again confirms.
    key(&mut app, KeyCode::Char('N'));
    key(&mut app, KeyCode::Char('N'));
    assert!(app.wait_dealt(std::time::Duration::from_secs(60)));
    let attempts = recent(&app);
    assert!(matches!(attempts.as_slice(), [None, None]), "{attempts:?}");
    let kept: Vec<String> = slide::game::Store::at(dir.clone())
        .list_games()
        .0
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert!(!kept.contains(&scrapped), "a skipped scramble is not kept: {kept:?}");
    // An untouched board left for the next is no attempt at all.
    key(&mut app, KeyCode::Char('N'));
    assert!(app.wait_dealt(std::time::Duration::from_secs(60)));
    assert_eq!(recent(&app).len(), 2);
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn inspection_counts_down_then_starts_the_clock() {
    let mut config = slide::config::Config::default();
    config.game.inspection_s = 15;
    let game = Game::new("1 2 3 4 0 5 7 8 6".parse().unwrap(), Some(Level::Easy), Some(1), None);
    let mut app = App::new(
        crate::ui::settings::Settings::with(config),
        game,
        Solver::new(slide::solver::TableCache::disabled()),
        Persistence::disabled(),
        Origin::New,
    );
    let now = std::time::Instant::now();
    assert_eq!(app.current.inspection_left(now), Some(15));
    app.tick(now + std::time::Duration::from_secs(5));
    assert!(!app.current.game.clock().is_running(), "still inspecting");
    app.tick(now + std::time::Duration::from_secs(16));
    assert_eq!(app.current.inspection_left(now), None);
    assert!(app.current.game.clock().is_running(), "inspection over: the clock runs");
    // A move during inspection starts the clock at once.
    let game = Game::new("1 2 3 4 0 5 7 8 6".parse().unwrap(), Some(Level::Easy), Some(1), None);
    app.current
        .start(game, Origin::New, &mut app.engine, &app.settings.config);
    assert!(app.current.inspection_left(std::time::Instant::now()).is_some());
    key(&mut app, KeyCode::Left);
    assert!(app.current.inspection_left(std::time::Instant::now()).is_none());
    assert!(app.current.game.clock().is_running());
}

#[test]
fn keys_on_a_board_given_solved_say_there_is_nothing_to_play() {
    let mut app = app_with("1 2 3 4 5 6 7 8 0");
    app.notices.clear();
    // The menu offered over it is closed: the solved board is on screen.
    key(&mut app, KeyCode::Esc);
    assert!(app.is::<Playing>());
    for code in [KeyCode::Left, KeyCode::Char('i'), KeyCode::Char('p')] {
        app.current.status = None;
        key(&mut app, code);
        let said = app.current.status.clone().unwrap_or_default();
        assert!(
            said.contains("nothing to play") && said.contains("n for a new game"),
            "{said}"
        );
    }
}

/// The optimal moves from `board`, by the library's solver.
fn optimal_plan(board: &Board) -> Vec<Move> {
    let options = slide::solver::SolveOptions {
        optimal: true,
        ..slide::solver::SolveOptions::default()
    };
    Solver::new(slide::solver::TableCache::disabled())
        .solve(board, &options)
        .expect("a plan")
        .moves
}

#[test]
fn a_runs_par_is_the_sum_of_its_boards_in_the_panel_the_win_box_and_the_review() {
    let kind = slide::game::RunKind::Marathon {
        size: Size::THREE,
        count: 2,
    };
    let mut app = test_app(Game::new_run(kind, 42));
    let first = app
        .current
        .game
        .par()
        .expect("a 3×3 board's par, from the table at once");
    let plan = optimal_plan(app.current.game.board());
    assert_eq!(plan.len() as u32, first);
    // A detour on the first board: a move and its reverse, two moves over par.
    play(&mut app, plan[0]);
    play(&mut app, plan[0].inverse());
    for m in plan {
        play(&mut app, m);
    }
    assert_eq!(app.current.game.run().map(slide::game::Run::number), Some(2));
    // R at the start of the second board asks to start the run again; Esc says no.
    app.update(Action::Restart);
    assert!(app.is::<ConfirmRestart>(), "R at a run's second board asks");
    app.update(Action::Back);
    assert!(!app.is::<ConfirmRestart>());
    assert_eq!(app.current.game.run().map(slide::game::Run::number), Some(2));
    let second = app.current.game.par().expect("the next board's par, at once");
    let text = render_text(&app, 80, 24);
    assert!(
        text.contains(&format!("{second} · {} in all", first + second)),
        "{text}"
    );
    for m in optimal_plan(app.current.game.board()) {
        play(&mut app, m);
    }
    let report = &app.top::<WinScreen>().expect("won").summary.report;
    assert_eq!(
        report.par,
        slide::game::ParLine::Proven {
            par: first + second,
            extra: Some(2)
        },
        "every move of the run counts against the sum of the boards' pars"
    );
    assert!(!report.optimal());
    let text = render_text(&app, 80, 24);
    assert!(
        text.contains(&format!(
            "Run par {}  (STM {}: +2 over par)",
            first + second,
            first + second + 2
        )),
        "{text}"
    );
    assert!(text.contains("Splits"), "each board's time in the win box:\n{text}");
    assert_eq!(report.splits.len(), 2);
    // The run's review finds the same optimum, board by board.
    app.update(Action::Review);
    let deadline = Instant::now() + Duration::from_secs(60);
    let review = loop {
        let screen = app
            .top::<crate::ui::screens::review::ReviewScreen>()
            .expect("the review");
        let part = screen.run.as_ref().expect("a run's review");
        if let crate::ui::screens::run_reviewing::RunReviewState::Known(r) = part.reviewing.state() {
            break r;
        }
        assert!(Instant::now() < deadline, "the review answers");
        app.wait_reply(Duration::from_millis(200));
    };
    assert_eq!((review.optimal(), review.extra()), (first + second, 2));
    assert_eq!(
        review.boards.iter().map(|b| b.distances[0]).collect::<Vec<_>>(),
        vec![first, second]
    );
}

#[test]
fn a_run_resumed_after_the_terminal_closed_knows_its_boards_pars() {
    let kind = slide::game::RunKind::Marathon {
        size: Size::THREE,
        count: 2,
    };
    let store = temp_store("run-par");
    let mut app = app_on_disk(&store, Game::new_run(kind, 5), Origin::New);
    let first = app.current.game.par().expect("a 3×3 board's par");
    for m in optimal_plan(app.current.game.board()) {
        play(&mut app, m);
    }
    let saved = app.current.game.to_saved();
    drop(app);
    let game = Game::from_saved(&saved).expect("the run reads back");
    assert_eq!(game.board_pars().first().and_then(|p| p.optimal), Some(first));
    let second = game.par().unwrap_or(0);
    assert!(second > 0, "the board in play's par was kept too");
    assert_eq!(game.par_so_far(), slide::game::ParSum::Proven(first + second));
    let _ = std::fs::remove_dir_all(store.dir());
}

#[test]
fn only_a_blind_deal_from_a_seed_drawn_at_random_is_ranked_blind() {
    let solver = Solver::new(slide::solver::TableCache::disabled());
    let request = DealRequest {
        size: Size::THREE,
        level: Level::Random,
        seed: 4,
        daily: None,
    };
    // As the opening does for `--mode blind`, with `--seed 4` (chosen) or without (drawn).
    for chosen in [true, false] {
        let mut app = dealing_app(Settings::plain(), request, solver.clone(), Persistence::disabled());
        if chosen {
            app.current.note_chosen_seed(4);
        }
        app.current.blind = true;
        assert!(app.wait_dealt(Duration::from_secs(60)));
        let game = &app.current.game;
        assert!(game.is_blind(), "a blind solve either way");
        let ranked = game.record_key().kind == slide::game::Kind::Blind;
        assert_eq!(ranked, !chosen, "ranked only when the seed was drawn at random");
        // The next deal's seed is drawn at random again.
        if chosen {
            app.update(Action::NextScramble);
            assert!(app.wait_dealt(Duration::from_secs(60)));
            assert_eq!(app.current.game.record_key().kind, slide::game::Kind::Blind);
        }
    }
}

#[test]
fn a_run_opened_with_a_seed_is_marked_chosen_and_without_one_is_ranked() {
    let config = slide::config::Config::default();
    let mut args = crate::ui::args::PlayArgs {
        size: Some(Size::THREE),
        seed: Some(42),
        run: Some(crate::ui::args::RunAsked::Marathon { count: 2 }),
        ..crate::ui::args::PlayArgs::default()
    };
    // `slide --mode marathon --count 2 --size 3 --seed 42`: the same boards at will.
    let game = crate::ui::opening::asked_run(&args, &config).expect("a marathon");
    assert!(game.is_seeded_run());
    assert_eq!(game.seed(), Some(42));
    assert_eq!(game.record_key().kind, slide::game::Kind::SeededMarathon(2));
    // Without `--seed`: a seed drawn at random, the ranked row.
    args.seed = None;
    let game = crate::ui::opening::asked_run(&args, &config).expect("a marathon");
    assert!(!game.is_seeded_run());
    assert_eq!(game.record_key().kind, slide::game::Kind::Marathon(2));
    args.run = Some(crate::ui::args::RunAsked::Relay);
    args.seed = Some(7);
    args.size = Some(Size::FOUR);
    let game = crate::ui::opening::asked_run(&args, &config).expect("a relay");
    assert_eq!(
        game.record_key().kind,
        slide::game::Kind::SeededRelay(slide::game::RelaySizes::up_to(Size::FOUR))
    );
}

/// Whether `text` is on the screen drawn at 80×24.
fn on_screen(app: &App, text: &str) -> bool {
    crate::ui::render_tests::screen(app, 80, 24).concat().contains(text)
}

#[test]
fn a_win_the_history_cant_take_says_it_will_retry_then_that_it_is_recorded() {
    let store = temp_store("waiting-win");
    std::fs::create_dir_all(store.dir()).unwrap();
    // A plain file where the history's folder should be: the win can't be written.
    std::fs::write(store.history_dir(), b"in the way").unwrap();
    let one_move = Game::new("1 2 3 4 5 6 7 0 8".parse().unwrap(), Some(Level::Easy), Some(3), None);
    let mut app = app_on_disk(&store, one_move, Origin::New);
    // The start says what is wrong with the history's folder first.
    assert!(app.notice().is_some(), "the folder's problem is said at start");
    app.notices.clear();
    key(&mut app, KeyCode::Left);
    assert!(app.is::<WinScreen>());
    assert!(on_screen(&app, "not recorded yet: will retry"), "the notice");
    app.tick(Instant::now() + Duration::from_secs(60));
    assert!(on_screen(&app, "not recorded yet: will retry"), "it waits to be read");
    key(&mut app, KeyCode::Char('x'));
    assert!(on_screen(&app, "Not recorded yet: will retry"), "the win box");
    std::fs::remove_file(store.history_dir()).unwrap();
    // Retried while the game runs, every few seconds.
    let deadline = Instant::now() + Duration::from_secs(20);
    while !on_screen(&app, "Recorded") && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
        app.tick(Instant::now());
    }
    assert!(
        on_screen(&app, "Recorded"),
        "{}",
        crate::ui::render_tests::screen(&app, 80, 24).join("\n")
    );
    let (games, _) = store.list_games();
    assert!(games.is_empty());
    drop(app);
    let _ = std::fs::remove_dir_all(store.dir());
}

#[test]
fn the_notice_of_a_game_pushed_out_waits_to_be_read() {
    let store = temp_store("pushed-out");
    for i in 0..8 {
        let mut g = Game::new("4 1 3 7 2 6 0 5 8".parse().unwrap(), Some(Level::Easy), Some(1), None);
        g.play(Move::Left);
        let mut saved = g.to_saved();
        saved.saved_at = 1 + i;
        store.save_game(&saved).unwrap();
    }
    let fresh = Game::new("1 2 3 4 5 6 7 0 8".parse().unwrap(), Some(Level::Easy), Some(3), None);
    let mut app = app_on_disk(&store, fresh, Origin::New);
    app.tick(Instant::now());
    assert!(
        on_screen(&app, "its attempt recorded"),
        "{}",
        crate::ui::render_tests::screen(&app, 80, 24).join("\n")
    );
    app.tick(Instant::now() + Duration::from_secs(60));
    assert!(on_screen(&app, "its attempt recorded"), "it stays until a key");
    key(&mut app, KeyCode::Char('x'));
    assert!(!on_screen(&app, "its attempt recorded"));
    drop(app);
    let _ = std::fs::remove_dir_all(store.dir());
}

#[test]
fn a_game_resumed_under_way_opens_hidden_and_its_clock_runs_once_the_board_shows() {
    let mut saved = Game::new(
        "1 2 3 4 5 6 0 7 8".parse().expect("board"),
        Some(Level::Easy),
        Some(7),
        None,
    )
    .to_saved();
    saved.elapsed_ms = 4_000;
    let game = Game::from_saved(&saved).expect("the save reads back");
    let mut app = test_app(game);
    assert!(app.current.under_way(), "time on its clock: under way");
    app.apply(crate::ui::screen::Transition::Push(Box::new(Paused::resumed(
        "Resumed.".into(),
    ))));
    app.update(Action::Left);
    assert!(app.is::<Playing>(), "any key shows the board");
    assert_eq!(app.current.game.moves(), 0, "the key moved nothing");
    assert!(
        app.current.game.clock().is_running(),
        "the clock runs from the moment the board shows, before any move"
    );
    // A game never started (no time on its clock) is not under way: it waits for a move.
    let fresh = Game::new("1 2 3 4 5 6 0 7 8".parse().expect("board"), None, None, None).to_saved();
    let app = test_app(Game::from_saved(&fresh).expect("the save reads back"));
    assert!(!app.current.under_way());
    assert!(!app.current.game.clock().is_running());
}

#[test]
fn the_next_scramble_key_asks_first_once_the_attempt_has_moves() {
    let game = Game::new(
        "1 2 3 4 5 6 0 7 8".parse().expect("board"),
        Some(Level::Easy),
        Some(7),
        None,
    );
    let mut app = test_app(game);
    app.update(Action::Left);
    assert!(app.current.game.moves() > 0);
    let id = app.current.game.id().to_string();
    app.update(Action::NextScramble);
    assert!(app.is::<crate::ui::screens::confirm_next::ConfirmNext>(), "asked first");
    app.update(Action::Down);
    assert!(app.is::<Playing>());
    assert_eq!(app.current.game.id(), id, "any other key keeps the game");
    assert!(app.current.game.moves() > 0);
    app.update(Action::NextScramble);
    app.update(Action::NextScramble);
    assert!(app.wait_dealt(Duration::from_secs(60)));
    assert_ne!(app.current.game.id(), id, "the key again deals the next");
}

#[test]
fn starting_another_game_ends_the_one_under_way_as_a_dnf_and_keeps_it_as_practice() {
    let store = temp_store("left-by-args");
    let mut game = Game::new(
        "1 2 3 4 5 6 0 7 8".parse().expect("board"),
        Some(Level::Easy),
        Some(5),
        None,
    );
    {
        let mut p = Persistence::open(Ok(store.clone()));
        p.start(&game, true);
        assert!(game.play(Move::Left));
        p.changed(&game);
        p.flush(&game).expect("saved");
    }
    let dnfs = |store: &slide::game::Store| match store.load_records() {
        slide::game::Loaded::Found(h) => h
            .attempts
            .iter()
            .filter(|a| a.result == slide::game::Outcome::Dnf)
            .count(),
        _ => 0,
    };
    // `slide --size 4`, say: the game `slide` alone would resume is left for it.
    let mut p = Persistence::open(Ok(store.clone()));
    let (summary, ended) = crate::ui::opened::leave_newest(&mut p).expect("a kept game");
    assert!(summary.contains("3×3"), "{summary}");
    assert_eq!(ended, Some(slide::game::Outcome::Dnf));
    assert!(p.writer_handle().is_none_or(|w| w.flush(Duration::from_secs(10))));
    assert_eq!(dnfs(&store), 1, "counted once, at that moment");
    assert_eq!(p.resumable().len(), 1, "kept, to be resumed as practice");
    drop(p);
    // Left again: its attempt is over, nothing more is counted.
    let mut p = Persistence::open(Ok(store.clone()));
    let (_, again) = crate::ui::opened::leave_newest(&mut p).expect("still kept");
    assert_eq!(again, None);
    assert!(p.writer_handle().is_none_or(|w| w.flush(Duration::from_secs(10))));
    assert_eq!(dnfs(&store), 1);
    drop(p);
    let _ = std::fs::remove_dir_all(store.dir());
}
