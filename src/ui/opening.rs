//! Which game the app opens with: a given board or code, a dealt game, or the game played
//! last (resumed), with the notices that say what happened to the others. The app opens
//! at once on its loading screen; the game is installed when the disk has been read.

use std::time::Instant;

use slide::config::Config;
use slide::difficulty::{DealRequest, Level, PuzzleCode, fresh_seed};
use slide::game::{Game, Notice, Persistence};
use slide::puzzle::{Board, Size};
use slide::solver::Solver;

use crate::ui::app::App;
use crate::ui::args::PlayArgs;
use crate::ui::context::context;
use crate::ui::current_game::{CurrentGame, Origin};
use crate::ui::events::Event;
use crate::ui::keys::Action;
use crate::ui::opened::{self, Opened};
use crate::ui::screen::Transition;
use crate::ui::screens::dealing::deal;
use crate::ui::screens::loading::Loading;
use crate::ui::screens::paused::Paused;
use crate::ui::settings::Settings;

/// The marathon or relay asked for (`--mode`), dealt at once: its boards are uniformly
/// random, nothing to wait for. From a seed the player chose (`--seed`) they are the same
/// boards at will, so the game is told before its first move: the run is recorded apart
/// from the ranked row.
pub(crate) fn asked_run(args: &PlayArgs, config: &Config) -> Option<Game> {
    let asked = args.run?;
    let size = args.size.unwrap_or_else(|| config.size());
    let mut game = Game::new_run(asked.at(size), args.seed.unwrap_or_else(fresh_seed));
    if args.seed.is_some() {
        game.mark_seed_chosen();
    }
    Some(game)
}

/// The app for these arguments, at once: its first frame says the records are loading
/// while a thread reads the disk ([`crate::ui::opened::open`]); the game they open (a given
/// board, a dealt game, or the game played last) is installed when that ends.
pub fn opening(settings: Settings, args: &PlayArgs, code: Option<PuzzleCode>, solver: Solver) -> App {
    let size = args.size.unwrap_or_else(|| settings.config.size());
    let mut app = loading(settings, size, solver);
    let new_game = app.settings.keys.name(Action::NewGame);
    let tx = app.sender();
    let asked = args.clone();
    let spawned = std::thread::Builder::new().name("slide-opening".into()).spawn(move || {
        let _ = tx.send(Event::Opened(Box::new(opened::open(asked, code, &new_game))));
    });
    if spawned.is_err() {
        // No thread to spare: the disk is read here, as before there was one.
        let new_game = app.settings.keys.name(Action::NewGame);
        install(&mut app, opened::open(args.clone(), code, &new_game));
    }
    app
}

/// An app with nothing on disk yet, its loading screen up over a stand-in board of `size`.
fn loading(settings: Settings, size: Size, solver: Solver) -> App {
    let stand_in = Game::new(Board::goal(size), None, None, Some(0));
    let mut app = App::new(settings, stand_in, solver, Persistence::disabled(), Origin::Placeholder);
    app.apply(Transition::Push(Box::new(Loading::new())));
    app
}

/// Puts the game `opened` found in place of the loading screen, with its notices, then
/// gives it the keys pressed while it loaded. Whether it was installed (it is, once).
pub(crate) fn install(app: &mut App, opened: Opened) -> bool {
    let loading = app.stack.iter().find_map(|s| {
        let s: &dyn std::any::Any = s.as_ref();
        s.downcast_ref::<Loading>()
    });
    let Some(held) = loading.map(|l| l.held.clone()) else {
        return false;
    };
    app.stack.truncate(1);
    let Opened {
        args,
        code,
        persist,
        resumed,
        mut later,
        last_choice,
    } = opened;
    let new_game = app.settings.keys.name(Action::NewGame);
    let given = match code {
        Some(PuzzleCode::Board(board)) => Some(board),
        _ => args.board,
    };
    let run = asked_run(&args, &app.settings.config);
    let mut deal_first = None;
    let mut summary = None;
    let (game, origin) = match (resumed, given, run) {
        (Some((said, game)), _, _) => {
            summary = Some(said);
            (game, Origin::Resumed)
        }
        (None, _, Some(game)) => (game, Origin::New),
        (None, Some(board), None) => (Game::new(board, None, None, None), Origin::New),
        (None, None, None) => {
            // A dealt game is dealt in the background (a 4×4 Hard board can take a second or
            // two to confirm); the request fixes the seed first, so the board is the one
            // `generate`, `daily` and `PuzzleCode::deal` give for it.
            let request = deal_request(&args, code, last_choice, &app.settings.config);
            deal_first = Some(request);
            (
                Game::new(Board::goal(request.size), None, None, Some(0)),
                Origin::Placeholder,
            )
        }
    };
    app.current = CurrentGame::new(game, persist, origin, &mut app.engine, &app.settings.config);
    if let Some(request) = deal_first {
        let t = deal(request, true, &mut context!(app, Instant::now()));
        app.apply(t);
    }
    app.offer_a_new_game_if_solved();
    let mut resumed_box = None;
    if let Some(summary) = summary {
        // An attempt under way opens hidden: its clock runs from the moment it shows.
        if app.current.under_way() {
            resumed_box = Some(format!("Resumed your last game ({summary})."));
        } else {
            later.push(Notice::info(format!(
                "Resumed your last game ({summary}); press {new_game} for a new one."
            )));
        }
    }
    tell_the_game(app, &args, code, given.is_some());
    for n in later {
        app.notify(n);
    }
    if let Some(said) = resumed_box {
        app.apply(Transition::Push(Box::new(Paused::resumed(said))));
    }
    app.sync();
    for action in held {
        app.update(action);
    }
    true
}

/// What the arguments say of the game they open: a seed the player chose (`given`: a board
/// was given, which no seed deals), a blind solve.
fn tell_the_game(app: &mut App, args: &PlayArgs, code: Option<PuzzleCode>, given: bool) {
    // A seed the player chose deals the same board at will: the game is told so.
    let chosen = match code {
        Some(PuzzleCode::Seeded { seed, .. }) => Some(seed),
        _ => args.seed,
    };
    if let Some(seed) = chosen.filter(|_| args.run.is_none() && !given) {
        if app.current.placeholder {
            app.current.note_chosen_seed(seed);
        } else if app.current.game.seed() == Some(seed) {
            // Dealt at once: told before its first move.
            app.current.game.mark_seed_chosen();
            app.current.changed();
        }
    }
    // Blind solves: the game given here, and every game dealt from now on.
    app.current.blind = args.blind;
    if args.blind && !app.current.placeholder {
        app.current.game.set_blind(true);
    }
}

/// The deal to open with: the code's seeded deal, the daily, a blind solve's random board, or
/// a board of the level asked for. With nothing asked for, the size and level last chosen in
/// the menu (`last`: a level of `None` is the daily).
fn deal_request(
    args: &PlayArgs,
    code: Option<PuzzleCode>,
    last: Option<(Size, Option<Level>)>,
    config: &Config,
) -> DealRequest {
    let last = last.filter(|_| args.size.is_none() && args.level.is_none());
    let size = args.size.or(last.map(|(s, _)| s)).unwrap_or_else(|| config.size());
    match code {
        Some(PuzzleCode::Seeded { size, level, seed }) => DealRequest {
            size,
            level,
            seed,
            daily: None,
        },
        _ if args.daily || last.is_some_and(|(_, l)| l.is_none()) && args.seed.is_none() => {
            DealRequest::daily_today(size)
        }
        // Blind solves are ranked: uniformly random boards, as slidysim requires.
        _ if args.blind => DealRequest {
            size,
            level: Level::Random,
            seed: args.seed.unwrap_or_else(fresh_seed),
            daily: None,
        },
        _ => DealRequest {
            size,
            level: args
                .level
                .or(last.and_then(|(_, l)| l))
                .unwrap_or_else(|| config.level()),
            seed: args.seed.unwrap_or_else(fresh_seed),
            daily: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use slide::game::{Game, SavedGame, Store};
    use slide::puzzle::{Move, Size};
    use slide::solver::{Solver, TableCache};

    use super::{install, loading};
    use crate::ui::app::App;
    use crate::ui::args::PlayArgs;
    use crate::ui::keys::Action;
    use crate::ui::opened::open_in;
    use crate::ui::screens::loading::Loading;
    use crate::ui::screens::paused::Paused;
    use crate::ui::screens::win::WinScreen;
    use crate::ui::settings::Settings;

    fn temp_store(tag: &str) -> Store {
        let dir = std::env::temp_dir().join(format!("slide-opening-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Store::at(dir)
    }

    fn loading_app() -> App {
        loading(Settings::plain(), Size::THREE, Solver::new(TableCache::disabled()))
    }

    fn given(board: &str) -> PlayArgs {
        PlayArgs {
            board: Some(board.parse().expect("a board")),
            ..PlayArgs::default()
        }
    }

    fn text(app: &App) -> String {
        crate::ui::render_tests::screen(app, 80, 24).join("\n")
    }

    #[test]
    fn the_first_frame_says_the_records_load_and_keys_pressed_meanwhile_reach_the_game() {
        let store = temp_store("keys");
        let mut app = loading_app();
        assert!(text(&app).contains("Loading your records"), "{}", text(&app));
        app.update(Action::Left);
        app.update(Action::Right);
        assert!(app.is::<Loading>(), "nothing is played before the game is there");
        let opened = open_in(Ok(store.clone()), given("1 2 3 4 0 5 7 8 6"), None, "n");
        assert!(install(&mut app, opened));
        assert_eq!(app.current.game.moves(), 2, "both keys played, in order");
        assert!(!text(&app).contains("Loading"), "{}", text(&app));
        let flushed = app.current.persist.writer_handle().expect("a writer");
        assert!(flushed.flush(std::time::Duration::from_secs(10)));
        let saved: Vec<SavedGame> = store.held_games();
        assert_eq!(saved.len(), 1, "the game and its moves are saved, held by this copy");
        assert_eq!(saved[0].moves, 2);
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_win_typed_before_the_records_loaded_is_checked_against_them() {
        let store = temp_store("win");
        // A win of this very board is in the history already: solving it again is a replay.
        let mut before = Game::new("1 2 3 4 5 6 7 0 8".parse().expect("board"), None, None, None);
        assert!(before.play(Move::Left));
        let record = before
            .ending_record(
                slide::game::Ending::Solved,
                slide::game::Seen::default(),
                slide::game::unix_millis(),
            )
            .expect("a record");
        store.append_attempts(std::slice::from_ref(&record)).expect("appended");
        let mut app = loading_app();
        app.update(Action::Left);
        let opened = open_in(Ok(store.clone()), given("1 2 3 4 5 6 7 0 8"), None, "n");
        assert!(install(&mut app, opened));
        assert!(app.is::<WinScreen>(), "the key won");
        let report = app.top::<WinScreen>().map(|w| w.summary.report.replay);
        assert_eq!(report, Some(true), "known from the records: a replay");
        let _ = std::fs::remove_dir_all(store.dir());
    }

    #[test]
    fn a_game_resumed_under_way_opens_hidden_after_the_load() {
        let store = temp_store("resume");
        let mut g = Game::new("1 2 3 4 0 5 7 8 6".parse().expect("board"), None, None, None);
        assert!(g.play(Move::Left));
        let mut saved = g.to_saved();
        saved.elapsed_ms = 4_000;
        store.save_game(&saved).expect("saved");
        let mut app = loading_app();
        let opened = open_in(Ok(store.clone()), PlayArgs::default(), None, "n");
        assert!(opened.resumed.is_some());
        assert!(install(&mut app, opened));
        assert!(app.is::<Paused>(), "hidden, its clock stopped");
        assert_eq!(app.current.game.moves(), 1);
        assert!(
            !install(&mut app, open_in(Ok(store.clone()), PlayArgs::default(), None, "n")),
            "once"
        );
        let _ = std::fs::remove_dir_all(store.dir());
    }
}
