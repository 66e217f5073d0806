//! Every parser of the library fed arbitrary bytes, and valid inputs with random damage:
//! none may panic. What each returns is checked elsewhere; here only that it returns.
//!
//! Board text in all its forms, move strings, sizes, levels, heuristics, dates, puzzle
//! codes, config.toml, and the data directory's files (saved games, `stats.json`,
//! `history.json`), read the way the game reads them, and picture files.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use proptest::prelude::*;
use serde_json::Value;
use slide::config::Config;
use slide::difficulty::{Level, PuzzleCode, UtcDate};
use slide::game::{Ending, Game, Kind, Loaded, Persistence, Seen, Stats, Store, count};
use slide::picture::{BUILTIN, Picture, TiledPicture};
use slide::puzzle::{Board, Move, SeededRng, Size, parse_board, parse_moves};
use slide::solver::HeuristicKind;

/// Text from arbitrary bytes, as a reader of a file or of stdin would get it.
fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Text made mostly of the characters a parser cares about, so that it gets deep.
fn near_text(alphabet: &'static str) -> impl Strategy<Value = String> {
    let chars: Vec<char> = alphabet.chars().collect();
    prop::collection::vec(prop::sample::select(chars), 0..120).prop_map(|c| c.into_iter().collect())
}

/// A scratch folder of its own for each case.
fn scratch(tag: &str) -> PathBuf {
    static N: AtomicU64 = AtomicU64::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("slide-fuzz-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch folder");
    d
}

/// `value` with the node numbered `at` (in a walk of the tree) replaced by `with`.
fn replace_node(value: &mut Value, at: &mut usize, with: &Value) -> bool {
    if *at == 0 {
        *value = with.clone();
        return true;
    }
    *at -= 1;
    match value {
        Value::Array(items) => items.iter_mut().any(|v| replace_node(v, at, with)),
        Value::Object(map) => map.values_mut().any(|v| replace_node(v, at, with)),
        _ => false,
    }
}

fn node_count(value: &Value) -> usize {
    1 + match value {
        Value::Array(items) => items.iter().map(node_count).sum(),
        Value::Object(map) => map.values().map(node_count).sum(),
        _ => 0,
    }
}

/// Values that break assumptions: huge, negative, fractional, of the wrong kind.
fn odd_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        Just(Value::from(u64::MAX)),
        Just(Value::from(u32::MAX)),
        Just(Value::from(0)),
        any::<f64>()
            .prop_filter("JSON numbers are finite", |f| f.is_finite())
            .prop_map(Value::from),
        ".{0,20}".prop_map(Value::from),
        Just(Value::from("8 6 7 2 5 4 3 0 1")),
        Just(Value::from("UDLR")),
        Just(Value::from("2026-13-45")),
    ];
    leaf.prop_recursive(2, 8, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{1,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Damages `json` at a node chosen by `pick`, with `with`, or cuts it short: mostly what a
/// parser refuses outright.
fn damaged(json: &Value, pick: usize, with: &Value, cut: Option<usize>) -> Vec<u8> {
    let mut v = json.clone();
    let mut at = pick % node_count(&v);
    replace_node(&mut v, &mut at, with);
    let mut bytes = serde_json::to_vec_pretty(&v).expect("encodes");
    if let Some(cut) = cut {
        bytes.truncate(cut % (bytes.len() + 1));
    }
    bytes
}

/// `json` with a few values changed to others of the same kind (extreme numbers, odd
/// strings, elements dropped or repeated): mostly what a parser accepts, so that what reads
/// the values afterwards (averages, streaks, replays) gets them.
fn subtly_damaged(json: &Value, seed: u64) -> Vec<u8> {
    const NUMBERS: [u64; 9] = [
        0,
        1,
        2,
        59,
        1000,
        u32::MAX as u64 - 1,
        u32::MAX as u64,
        1 << 53,
        u64::MAX,
    ];
    const TEXTS: [&str; 8] = [
        "",
        "8 6 7 2 5 4 3 0 1",
        "1 2 3",
        "UDLRRRRUUU",
        "2026-02-30",
        "expert",
        "daily",
        "é",
    ];
    let mut rng = SeededRng::new(seed);
    let mut v = json.clone();
    for _ in 0..=rng.index(4) {
        let mut at = rng.index(node_count(&v));
        let mut pick = |node: &Value| -> Value {
            match node {
                Value::Number(_) | Value::Null => Value::from(NUMBERS[rng.index(NUMBERS.len())]),
                Value::String(_) => Value::from(TEXTS[rng.index(TEXTS.len())]),
                Value::Bool(b) => Value::Bool(!b),
                Value::Array(items) if !items.is_empty() && rng.index(2) == 0 => Value::Array(items[1..].to_vec()),
                Value::Array(items) => Value::Array([items.clone(), items.clone()].concat()),
                Value::Object(map) => {
                    let mut map = map.clone();
                    if let Some(key) = map.keys().nth(rng.index(map.len().max(1))).cloned() {
                        map.remove(&key);
                    }
                    Value::Object(map)
                }
            }
        };
        mutate_node(&mut v, &mut at, &mut pick);
    }
    serde_json::to_vec_pretty(&v).expect("encodes")
}

/// Replaces the node numbered `at` by what `pick` makes of it.
fn mutate_node(value: &mut Value, at: &mut usize, pick: &mut dyn FnMut(&Value) -> Value) -> bool {
    if *at == 0 {
        *value = pick(value);
        return true;
    }
    *at -= 1;
    match value {
        Value::Array(items) => items.iter_mut().any(|v| mutate_node(v, at, pick)),
        Value::Object(map) => map.values_mut().any(|v| mutate_node(v, at, pick)),
        _ => false,
    }
}

/// A game a few moves in, as saved.
fn a_game() -> Game {
    let mut g = Game::new(
        "8 6 7 2 5 4 3 0 1".parse().expect("board"),
        Some(Level::Hard),
        Some(7),
        Some(31),
    );
    for m in [Move::Down, Move::Left, Move::Up, Move::Right] {
        g.play(m);
    }
    g
}

/// `g` as an older version's game log (`history.json`) kept it.
fn an_old_log_entry(g: &Game) -> Value {
    serde_json::json!({
        "id": g.id(),
        "finished_at": "2026-12-03T03:04:05Z",
        "size": g.size().side(),
        "level": "hard",
        "start": g.start().to_string(),
        "moves": slide::puzzle::format_moves(g.history()),
        "millis": 12_345,
        "move_count": g.moves(),
        "hints": 1,
        "assisted": true,
        "par": 31,
        "par_optimal": true,
    })
}

/// Statistics with records of each kind, won and left, counted by the real fold, as JSON.
fn a_stats_json() -> Value {
    let mut s = Stats::default();
    let three = || {
        Game::new(
            "1 2 3 4 5 6 7 0 8".parse().expect("board"),
            Some(Level::Hard),
            Some(7),
            Some(1),
        )
    };
    let daily = || {
        Game::new(
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15".parse().expect("board"),
            None,
            None,
            Some(1),
        )
        .with_daily(UtcDate::today())
    };
    let given = || Game::new("1 2 3 4 5 6 7 0 8".parse().expect("board"), None, None, None);
    let makers: [&dyn Fn() -> Game; 3] = [&three, &daily, &given];
    for make in makers {
        let mut won = make();
        assert!(won.play(Move::Left), "one move from solved");
        let mut left = make();
        assert!(left.play(Move::Right));
        for (g, ending) in [(&won, Ending::Solved), (&left, Ending::Left)] {
            let record = g
                .ending_record(ending, Seen::default(), 1_796_256_000_000)
                .expect("a record");
            count(&mut s, &record);
        }
    }
    serde_json::to_value(&s).expect("encodes")
}

/// Reads the statistics as `slide stats` and the statistics screen do.
fn read_stats_as_the_game_does(store: &Store) {
    if let Loaded::Found(stats) = store.load_stats() {
        let today = UtcDate::today();
        for size in Size::ALL {
            let _ = stats.daily_streak(size, today);
            for kind in Kind::all() {
                if let Some(r) = stats.row(size, kind) {
                    let _ = (r.speed.ao(5), r.speed.ao(12), r.speed.ao(100));
                    let _ = (r.speed.best_single(), r.speed.mean_tps());
                    let _ = r.speed.latest(12).count();
                }
            }
        }
    }
    // And as the game does at start and on a win: open, record, log.
    let mut p = Persistence::open(Ok(store.clone()));
    let _ = p.take_notices();
    let _ = p.records().recent().count();
    let mut g = Game::new(
        "1 2 3 4 5 6 7 0 8".parse().expect("board"),
        Some(Level::Easy),
        Some(1),
        None,
    );
    p.start(&g, true);
    g.play(Move::Left);
    let _ = p.won(&g);
    let _ = p.resumable();
    settle(p);
}

/// Lets the game's writer finish what `p` queued, then lets it go: a write still queued
/// when the test removes its folder would make the folder again (`games/.claims.lock`), and
/// the temporary folders would pile up.
fn settle(p: Persistence) {
    if let Some(writer) = p.writer_handle() {
        writer.flush(slide::game::FLUSH_TIMEOUT);
    }
    drop(p);
}

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
    std::fs::write(path, bytes).expect("write");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn board_text_of_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let t = text(&bytes);
        let _ = parse_board(&t);
        let _ = parse_moves(&t);
        let _ = t.parse::<Size>();
        let _ = t.parse::<Level>();
        let _ = t.parse::<HeuristicKind>();
        let _ = t.parse::<UtcDate>();
        let _ = t.parse::<PuzzleCode>();
    }

    #[test]
    fn board_text_near_valid(t in near_text("0123456789 ,._\n\t-x×")) {
        if let Ok(b) = parse_board(&t) {
            // What parses is a board that prints and parses back.
            prop_assert_eq!(b.to_string().parse::<Board>().ok(), Some(b));
        }
        let _ = t.parse::<Size>();
    }

    #[test]
    fn moves_and_codes_near_valid(t in near_text("UDLRudlr ,3456EMHXRB-0123456789ABCDEFGHJKMNPQRSTVWXYZ*~$=")) {
        let _ = parse_moves(&t);
        if let Ok(code) = t.parse::<PuzzleCode>() {
            prop_assert_eq!(code.to_string().parse::<PuzzleCode>().ok(), Some(code));
        }
    }

    #[test]
    fn dates_near_valid(t in near_text("0123456789-T:Z ")) {
        if let Ok(d) = t.parse::<UtcDate>() {
            prop_assert_eq!(d.to_string().parse::<UtcDate>().ok(), Some(d));
        }
    }

    #[test]
    fn config_toml_of_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        if let Ok(c) = Config::parse(&text(&bytes), Path::new("config.toml")) {
            let _ = (c.size(), c.level(), c.hint_budget(), c.animation_delay());
        }
    }

    #[test]
    fn config_toml_damaged(line in 0usize..400, with in "[a-z_.\\[\\]=\" 0-9#-]{0,30}") {
        // The shipped file with one line replaced.
        let default = slide::config::DEFAULT_CONFIG_TOML;
        let lines: Vec<&str> = default.lines().collect();
        let at = line % lines.len();
        let t: Vec<&str> = lines.iter().enumerate().map(|(i, l)| if i == at { with.as_str() } else { l }).collect();
        if let Ok(c) = Config::parse(&t.join("\n"), Path::new("config.toml")) {
            let _ = (c.size(), c.level(), c.hint_budget(), c.animation_delay());
            let _ = c.keys.all();
        }
    }
}

proptest! {
    // Each case writes files and opens the data directory: fewer of them.
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn data_files_of_any_bytes(
        stats in prop::collection::vec(any::<u8>(), 0..300),
        history in prop::collection::vec(any::<u8>(), 0..300),
        game in prop::collection::vec(any::<u8>(), 0..300),
    ) {
        let dir = scratch("bytes");
        write(&dir, "stats.json", &stats);
        write(&dir, "history.json", &history);
        write(&dir, "games/abc.json", &game);
        write(&dir, "game.json", &game);
        let store = Store::at(dir.clone());
        store.migrate_legacy_game();
        read_stats_as_the_game_does(&store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn stats_json_damaged(pick in any::<usize>(), with in odd_value(), cut in prop::option::of(any::<usize>())) {
        let dir = scratch("stats");
        write(&dir, "stats.json", &damaged(&a_stats_json(), pick, &with, cut));
        read_stats_as_the_game_does(&Store::at(dir.clone()));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn history_json_damaged(pick in any::<usize>(), with in odd_value(), cut in prop::option::of(any::<usize>())) {
        let g = a_game();
        let entry = an_old_log_entry(&g);
        let log = serde_json::json!({ "version": 1, "games": [entry.clone(), entry] });
        let dir = scratch("history");
        write(&dir, "history.json", &damaged(&log, pick, &with, cut));
        let store = Store::at(dir.clone());
        if let Loaded::Found(h) = store.load_history() {
            for e in &h.games {
                let _ = (e.start_board(), e.move_list(), e.par_ratio());
            }
        }
        read_stats_as_the_game_does(&store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn saved_games_damaged(pick in any::<usize>(), with in odd_value(), cut in prop::option::of(any::<usize>())) {
        let saved = serde_json::to_value(a_game().to_saved()).expect("encodes");
        let id = saved["id"].as_str().expect("an id").to_string();
        let dir = scratch("games");
        write(&dir, &format!("games/{id}.json"), &damaged(&saved, pick, &with, cut));
        let mut p = Persistence::open(Ok(Store::at(dir.clone())));
        for g in p.resumable() {
            if let Ok(game) = p.resume(&g.id) {
                let _ = (game.moves(), game.board().to_string(), game.to_saved());
            }
        }
        settle(p);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn stats_json_subtly_damaged(seed in any::<u64>()) {
        let dir = scratch("stats-subtle");
        write(&dir, "stats.json", &subtly_damaged(&a_stats_json(), seed));
        read_stats_as_the_game_does(&Store::at(dir.clone()));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn history_json_subtly_damaged(seed in any::<u64>()) {
        let g = a_game();
        let entry = an_old_log_entry(&g);
        let log = serde_json::json!({ "version": 1, "games": [entry.clone(), entry] });
        let dir = scratch("history-subtle");
        write(&dir, "history.json", &subtly_damaged(&log, seed));
        let store = Store::at(dir.clone());
        if let Loaded::Found(h) = store.load_history() {
            for e in &h.games {
                let _ = (e.start_board(), e.move_list(), e.par_ratio());
            }
        }
        read_stats_as_the_game_does(&store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn saved_games_subtly_damaged(seed in any::<u64>()) {
        let saved = serde_json::to_value(a_game().to_saved()).expect("encodes");
        let id = saved["id"].as_str().expect("an id").to_string();
        let dir = scratch("games-subtle");
        write(&dir, &format!("games/{id}.json"), &subtly_damaged(&saved, seed));
        let mut p = Persistence::open(Ok(Store::at(dir.clone())));
        for g in p.resumable() {
            if let Ok(mut game) = p.resume(&g.id) {
                let _ = (game.moves(), game.board().to_string(), game.to_saved());
                for m in Move::ALL {
                    game.play(m);
                }
                let _ = game.undo();
                p.changed(&game);
            }
        }
        settle(p);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn pictures_of_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        if let Ok(p) = Picture::decode("fuzz", &bytes) {
            let _ = TiledPicture::new(&p, 4, 3, 3).pixel(5, 1, 1);
        }
    }

    #[test]
    fn pictures_damaged(which in 0usize..4, at in any::<usize>(), byte in any::<u8>(), cut in prop::option::of(any::<usize>())) {
        let mut bytes = BUILTIN[which % BUILTIN.len()].1.to_vec();
        let i = at % bytes.len();
        bytes[i] = byte;
        if let Some(cut) = cut {
            bytes.truncate(cut % (bytes.len() + 1));
        }
        if let Ok(p) = Picture::decode("fuzz.png", &bytes) {
            for side in [3, 6] {
                let t = TiledPicture::new(&p, side, 6, 6);
                let _ = t.pixel(1, 0, 0);
            }
        }
    }
}

/// A damaged JPEG too: the shipped pictures are PNGs.
#[test]
fn a_damaged_jpeg_never_panics() {
    let mut img = image::RgbImage::new(24, 16);
    for (x, y, p) in img.enumerate_pixels_mut() {
        *p = image::Rgb([(x * 10) as u8, (y * 15) as u8, 99]);
    }
    let mut jpeg = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut jpeg), image::ImageFormat::Jpeg)
        .expect("encodes");
    let mut rng = SeededRng::new(20);
    for _ in 0..300 {
        let mut bytes = jpeg.clone();
        for _ in 0..3 {
            let i = rng.index(bytes.len());
            bytes[i] = rng.next_u64() as u8;
        }
        bytes.truncate(rng.index(bytes.len() + 1).max(2));
        let _ = Picture::decode("fuzz.jpg", &bytes);
    }
}
