//! Which game the app opens with: a given board or code, a dealt game, or the game played
//! last (resumed), with the notices that say what happened to the others.

use slide::config::Config;
use slide::difficulty::{DealRequest, Level, PuzzleCode, fresh_seed};
use slide::game::{Ending, Game, Notice, Outcome, Persistence, Store};
use slide::puzzle::Size;
use slide::solver::Solver;

use crate::ui::app::App;
use crate::ui::args::PlayArgs;
use crate::ui::current_game::Origin;
use crate::ui::screen::Transition;
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

/// The app for these arguments: a given board, a dealt game, or the game played last,
/// with the notices to show (a resumed game, a file moved aside, a directory that can't be
/// written).
pub fn opening(settings: Settings, args: &PlayArgs, code: Option<PuzzleCode>, solver: Solver) -> App {
    let mut persist = Persistence::open(Store::locate());
    let new_game = settings.keys.name(crate::ui::keys::Action::NewGame);
    let mut later = Vec::new();
    let resumed = if asks_for_a_game(args, code.as_ref()) {
        // The player asked for a particular game: the unfinished ones stay saved, and the
        // one under way is left for it (a DNF, as leaving it from the menu is).
        later.extend(leave_for_the_asked(&mut persist, &new_game));
        None
    } else {
        resume_last(&mut persist, &new_game, &mut later)
    };
    let given = match code {
        Some(PuzzleCode::Board(board)) => Some(board),
        _ => args.board,
    };
    let run = asked_run(args, &settings.config);
    let mut resumed_box = None;
    let mut app = match (resumed, given, run) {
        (Some((summary, game)), _, _) => {
            let app = App::new(settings, game, solver, persist, Origin::Resumed);
            // An attempt under way opens hidden: its clock runs from the moment it shows.
            if app.current.under_way() {
                resumed_box = Some(format!("Resumed your last game ({summary})."));
            } else {
                later.push(Notice::info(format!(
                    "Resumed your last game ({summary}); press {new_game} for a new one."
                )));
            }
            app
        }
        (None, _, Some(game)) => App::new(settings, game, solver, persist, Origin::New),
        (None, Some(board), None) => App::new(
            settings,
            Game::new(board, None, None, None),
            solver,
            persist,
            Origin::New,
        ),
        (None, None, None) => {
            // A dealt game is dealt in the background (a 4×4 Hard board can take a second or
            // two to confirm); the request fixes the seed first, so the board is the one
            // `generate`, `daily` and `PuzzleCode::deal` give for it.
            let request = deal_request(args, code, persist.last_choice(), &settings.config);
            App::dealing(settings, request, solver, persist)
        }
    };
    tell_the_game(&mut app, args, code, given.is_some());
    for n in later {
        app.notify(n);
    }
    if let Some(said) = resumed_box {
        app.apply(Transition::Push(Box::new(Paused::resumed(said))));
    }
    app
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

/// The notice of the game `slide` alone would resume, left for the one asked for (see
/// [`leave_newest`]), if there is one.
fn leave_for_the_asked(persist: &mut Persistence, new_game: &str) -> Option<Notice> {
    let (summary, ended) = leave_newest(persist)?;
    let counted = match ended {
        Some(Outcome::Dnf) => " as practice (its attempt counted as a DNF)",
        Some(Outcome::GaveUp) => " as practice (its attempt counted as given up)",
        _ => "",
    };
    Some(Notice::info(format!(
        "Your unfinished game ({summary}) is kept{counted}: press {new_game} to resume it from the menu."
    )))
}

/// The game `slide` alone would resume, left for another one: an attempt under way (a move,
/// or time on its clock) counts as a DNF now, as leaving it from the menu does, and stays
/// resumable as practice. Its summary, and what its attempt counted as, if anything.
pub(crate) fn leave_newest(persist: &mut Persistence) -> Option<(String, Option<Outcome>)> {
    let newest = persist.resumable().into_iter().next()?;
    let summary = newest.summary(slide::game::unix_millis());
    let under_way = !newest.given_up && (newest.moves > 0 || newest.elapsed_ms > 0);
    if !under_way {
        return Some((summary, None));
    }
    // Held by another copy: that copy's player is still at it, and nothing is ended.
    let ended = persist.resume(&newest.id).ok().and_then(|game| {
        let outcome = game.would_record(Ending::Left);
        persist.leave(&game);
        outcome
    });
    Some((summary, ended))
}

/// Whether the arguments ask for a particular game (a board, a code, a size, a level, a
/// seed, a daily, a blind solve or a run), rather than the game played last.
fn asks_for_a_game(args: &PlayArgs, code: Option<&PuzzleCode>) -> bool {
    args.board.is_some()
        || code.is_some()
        || args.daily
        || args.size.is_some()
        || args.level.is_some()
        || args.seed.is_some()
        || args.blind
        || args.run.is_some()
}

/// The game played last, resumed, with a summary of it to say; or, when every unfinished game
/// is open in another copy of Slide, a notice of that in `later`.
fn resume_last(persist: &mut Persistence, new_game: &str, later: &mut Vec<Notice>) -> Option<(String, Game)> {
    // Held games are listed before the resume is tried: a copy still closing after its
    // terminal went away may let its game go in between, and the player must hear of
    // the game either way (resumed, or open elsewhere), never find it silently missing.
    let busy = persist.held_elsewhere();
    let resumed = persist.resume_newest();
    if let Some(g) = resumed {
        return Some((g.to_saved().summary(slide::game::unix_millis()), g));
    }
    if let Some(busy) = busy.first() {
        // Every unfinished game is held by another copy of Slide (perhaps one still
        // closing after its terminal went away): say so rather than seem to lose it.
        later.push(Notice::info(format!(
            "Your last game ({}) is open in another copy of Slide; once that one is closed, \
             press {new_game} to resume it from the menu.",
            busy.summary(slide::game::unix_millis())
        )));
    }
    None
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
