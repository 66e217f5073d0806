//! The start's disk work, on a thread of its own so that the screen shows at once: the data
//! folder opened (stale files removed, waiting results written, the history loaded and
//! checked), then the game played last resumed, or the one under way left for the game
//! the arguments ask for. A held lock or a long history delays the game, never the screen.
//!
//! Must not import the app: what it finds goes to the loop as an event (`ui/opening.rs`
//! installs it).

use slide::difficulty::{Level, PuzzleCode};
use slide::game::{Ending, Game, Notice, Outcome, Persistence, Store, StoreError};
use slide::puzzle::Size;

use crate::ui::args::PlayArgs;

/// What the start found on disk, and what it was asked for.
#[derive(Debug)]
pub struct Opened {
    /// The command line.
    pub args: PlayArgs,
    /// The puzzle code asked for, if any.
    pub code: Option<PuzzleCode>,
    /// The data folder, open.
    pub persist: Persistence,
    /// The game played last, resumed, with what to call it.
    pub resumed: Option<(String, Game)>,
    /// Notices of the games left or out of reach.
    pub later: Vec<Notice>,
    /// The size and level last chosen in the menu (a `None` level: the daily).
    pub last_choice: Option<(Size, Option<Level>)>,
}

/// Opens the data folder for `args` and `code`; `new_game` names the key that starts a new
/// game, for the notices.
pub fn open(args: PlayArgs, code: Option<PuzzleCode>, new_game: &str) -> Opened {
    open_in(Store::locate(), args, code, new_game)
}

/// [`open`] in `store`'s folder.
pub(crate) fn open_in(
    store: Result<Store, StoreError>,
    args: PlayArgs,
    code: Option<PuzzleCode>,
    new_game: &str,
) -> Opened {
    let mut persist = Persistence::open(store);
    let mut later = Vec::new();
    let resumed = if asks_for_a_game(&args, code.as_ref()) {
        // The player asked for a particular game: the unfinished ones stay saved, and the
        // one under way is left for it (a DNF, as leaving it from the menu is).
        later.extend(leave_for_the_asked(&mut persist, new_game));
        None
    } else {
        resume_last(&mut persist, new_game, &mut later)
    };
    let last_choice = persist.last_choice();
    Opened {
        args,
        code,
        persist,
        resumed,
        later,
        last_choice,
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
