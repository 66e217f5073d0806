//! Games of every shape through the library: a 5×3 game dealt at level random, played to a
//! win with the solver's moves and recorded once with its shape in its own row; a 10×10
//! game and relays up to 10×10 (and over a list of shapes) saved and resumed.

use std::path::PathBuf;

use slide::difficulty::{Level, generate, levels_for};
use slide::game::{FLUSH_TIMEOUT, Game, Kind, Loaded, Persistence, RelaySizes, Replay, RunKind, Store};
use slide::puzzle::{Move, Size};
use slide::solver::{SolveOptions, Solver, TableCache};

fn scratch(tag: &str) -> Store {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("slide-shape-games-{tag}"));
    let _ = std::fs::remove_dir_all(&dir);
    Store::at(dir)
}

/// Every history line on disk, as text (the active file; nothing is sealed this soon).
fn history_text(store: &Store) -> String {
    let mut text = String::new();
    for entry in std::fs::read_dir(store.history_dir())
        .expect("history folder")
        .flatten()
    {
        text += &std::fs::read_to_string(entry.path()).unwrap_or_default();
    }
    text
}

#[test]
fn a_five_by_three_game_is_won_and_recorded_once_in_its_own_row() {
    let size = Size::rect(5, 3).expect("5×3");
    assert_eq!(
        levels_for(size),
        vec![Level::Easy, Level::Medium, Level::Hard, Level::Random]
    );
    let solver = Solver::new(TableCache::disabled());
    let dealt = generate(&solver, size, Level::Random, 42);
    assert_eq!((dealt.board.size(), dealt.level), (size, Level::Random));
    assert_eq!(
        generate(&solver, size, Level::Random, 42).board,
        dealt.board,
        "a seed deals one board"
    );
    // A level the shape does not offer (Expert: its proofs take seconds) deals random, and
    // says so.
    assert_eq!(generate(&solver, size, Level::Expert, 42).level, Level::Random);

    let store = scratch("five-by-three");
    let mut p = Persistence::open(Ok(store.clone()));
    let mut game = Game::new(dealt.board, Some(dealt.level), Some(dealt.seed), None);
    p.start(&game, true);
    let plan = solver.solve(game.board(), &SolveOptions::default()).expect("a plan");
    for m in plan.moves {
        assert!(game.play(m));
        p.changed(&game);
    }
    assert!(game.is_won());
    let first = p.win(&game);
    let again = p.win(&game);
    assert_eq!(first.beaten, again.beaten, "the same win reported twice is one answer");
    assert!(p.writer_handle().expect("a writer").flush(FLUSH_TIMEOUT));
    drop(p);

    let text = history_text(&store);
    assert_eq!(text.matches(r#""size":"5x3""#).count(), 1, "{text}");
    let Loaded::Found(history) = store.load_records() else {
        panic!("the history reads");
    };
    assert_eq!(history.attempts.len(), 1, "recorded once");
    let attempt = &history.attempts[0];
    assert_eq!(attempt.board_size(), Some(size));
    let key = attempt.record_key().expect("a row");
    assert_eq!(key.row(), "5x3 random");
    assert_eq!(format!("{} {}", key.size, key.kind.name()), "5×3 random");
    let stats = history.figures();
    let row = stats.row(size, Kind::Level(Level::Random)).expect("its row");
    assert_eq!((row.played, row.won), (1, 1));
    assert_eq!(stats.sizes(), vec![size]);
    assert!(
        stats.row(Size::FIVE, Kind::Level(Level::Random)).is_none(),
        "never under 5×5"
    );
    let replay = Replay::of(attempt).expect("a recorded 5×3 solve replays");
    assert_eq!(replay.start().size(), size);
    assert!(replay.board_after(replay.len()).is_goal());
    let json = serde_json::to_value(attempt.to_json()).expect("json");
    assert_eq!((json["width"].as_u64(), json["height"].as_u64()), (Some(5), Some(3)));
    assert!(json.get("size").is_none(), "{json}");
    let _ = std::fs::remove_dir_all(store.dir());
}

/// Starts `game` under a fresh store, plays `moves` (each legal), saves, and resumes it in
/// another opening of the store.
fn saved_and_resumed(tag: &str, mut game: Game, moves: &[Move]) -> (Game, Game) {
    let store = scratch(tag);
    let mut p = Persistence::open(Ok(store.clone()));
    p.start(&game, true);
    for &m in moves {
        assert!(game.play(m), "{m:?} on {}", game.board());
        p.changed(&game);
    }
    assert!(p.writer_handle().expect("a writer").flush(FLUSH_TIMEOUT));
    drop(p);
    let back = Persistence::open(Ok(store.clone())).resume_newest().expect("resumed");
    let _ = std::fs::remove_dir_all(store.dir());
    (game, back)
}

/// A few legal moves from `game`'s board that do not solve it.
fn some_moves(game: &Game) -> Vec<Move> {
    let mut board = *game.board();
    let mut moves = Vec::new();
    for _ in 0..3 {
        let m = board.legal_moves().next().expect("a legal move");
        board.try_move(m);
        moves.push(m);
    }
    moves
}

#[test]
fn a_ten_by_ten_game_saves_and_resumes() {
    let solver = Solver::new(TableCache::disabled());
    let size = Size::new(10).expect("10×10");
    let dealt = generate(&solver, size, Level::Random, 7);
    let game = Game::new(dealt.board, Some(Level::Random), Some(7), None);
    let moves = some_moves(&game);
    let (played, back) = saved_and_resumed("ten", game, &moves);
    assert_eq!((back.start(), back.board()), (played.start(), played.board()));
    assert_eq!((back.size(), back.moves()), (size, 3));
    assert_eq!(back.record_key().row(), "10x10 random");
}

#[test]
fn relays_up_to_ten_by_ten_and_over_a_list_save_and_resume_on_their_second_board() {
    let solver = Solver::new(TableCache::disabled());
    let list: RelaySizes = "3x3,5x3,2x2".parse().expect("a list");
    for (tag, kind) in [
        ("relay-ten", RunKind::relay_to(Size::new(10).expect("10×10"))),
        ("relay-list", RunKind::Relay { sizes: list }),
    ] {
        let mut game = Game::new_run(kind, 11);
        // The first board (3×3) solved: the run deals its second.
        let plan = solver.solve(game.board(), &SolveOptions::default()).expect("a plan");
        for m in plan.moves {
            game.play(m);
        }
        assert_eq!(game.run().map(slide::game::Run::number), Some(2), "{tag}");
        let moves = some_moves(&game);
        let (played, back) = saved_and_resumed(tag, game, &moves);
        let run = back.run().expect("still a run");
        assert_eq!((run.kind(), run.index()), (kind, 1), "{tag}");
        assert_eq!(back.board(), played.board(), "{tag}");
        assert_eq!(back.size(), kind.size_of(1), "{tag}");
        let row = back.record_key().row();
        match tag {
            "relay-ten" => assert_eq!(row, "10x10 relay-10"),
            _ => assert_eq!(row, "2x2 relay-3x3-5x3-2x2"),
        }
    }
}
