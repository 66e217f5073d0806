//! End to end: after a size has been played three times, a game of it builds the
//! size's large tables in the background, the panel shows how far, and `slide tables` says
//! where they are once built; with `game.large_tables = "off"` nothing is built. A small
//! stand-in partition (`SLIDE_LARGE_PARTITION`) keeps the build to seconds; everything else
//! is the game's own path.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::tmux::{self, Tmux};

/// The stand-in for the large 4×4 tables: rows of six, six and three tiles, a few seconds
/// to build on one thread.
const STAND_IN: &str = "4x4:1,2,3,4,5,6/7,8,9,10,11,12/13,14,15";

/// A cache holding the default 4×4 tables, built once for every test (and kept under the
/// target directory for the next run).
fn default_tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("e2e-default-4x4-tables");
        let out = Command::new(tmux::bin())
            .args(["tables", "build", "--size", "4"])
            .env("SLIDE_CACHE_DIR", &dir)
            .env("SLIDE_CONFIG_DIR", &dir)
            .output()
            .expect("slide runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        dir
    })
}

/// The game on 4×4, with `setting` for `game.large_tables`, after three 4×4 games left
/// (the records say so), its build on one thread. Its default tables are in its cache, as
/// they are for a player who has played the size: the game loads them.
fn start(t: &Tmux, setting: &str) {
    let cache = t.dir().join("cache");
    std::fs::create_dir_all(&cache).expect("cache dir");
    for file in std::fs::read_dir(default_tables())
        .expect("the default tables")
        .flatten()
    {
        if file.file_name().to_string_lossy().ends_with(".bin") {
            std::fs::copy(file.path(), cache.join(file.file_name())).expect("a copy of the tables");
        }
    }
    let data = t.dir().join("data");
    std::fs::create_dir_all(&data).expect("data dir");
    std::fs::write(
        data.join("stats.json"),
        r#"{"version":2,"records":{"4x4 medium":{"played":3,"dnf":3}}}"#,
    )
    .expect("stats");
    let config = t.dir().join("config");
    std::fs::create_dir_all(&config).expect("config dir");
    std::fs::write(
        config.join("config.toml"),
        format!("[game]\nsize = 4\nlevel = \"medium\"\nlarge_tables = \"{setting}\"\n"),
    )
    .expect("config");
    let script = format!(
        "{} export SLIDE_BACKGROUND_TABLES=on SLIDE_BUILD_THREADS=1 SLIDE_LARGE_PARTITION='{STAND_IN}'; \
         '{}'; echo \"EXITED $?\"; sleep 60",
        t.env(&data),
        tmux::bin()
    );
    t.open("g", 80, 24, &script);
}

/// `slide tables` on the test's cache and config; its standard output.
fn tables(t: &Tmux) -> String {
    let out = Command::new(tmux::bin())
        .arg("tables")
        .env("SLIDE_CACHE_DIR", t.dir().join("cache"))
        .env("SLIDE_CONFIG_DIR", t.dir().join("config"))
        .env("SLIDE_LARGE_PARTITION", STAND_IN)
        .output()
        .expect("slide runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Waits up to `secs` for `pred` on the screen (the machine may be busy: the tables are
/// built at a low priority).
fn wait(t: &Tmux, what: &str, secs: u64, pred: impl Fn(&str) -> bool) -> String {
    let start = Instant::now();
    loop {
        let s = t.screen("g");
        if pred(&s) {
            return s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "timed out waiting for {what}; the screen was:\n{s}"
        );
        sleep(Duration::from_millis(20));
    }
}

/// Whether the panel shows the board's par: its search has ended (a build waits for the
/// searches), and the tables, loaded meanwhile, are in use.
fn par_shown(screen: &str) -> bool {
    screen.lines().any(|l| {
        l.split("│Par")
            .nth(1)
            .is_some_and(|rest| rest.trim_start().starts_with(|c: char| c.is_ascii_digit() || c == '≈'))
    })
}

/// Checks that no build of the large tables shows: watches the screen for `window`, long
/// enough for a build that had started to show its progress. The last screen.
fn nothing_built(t: &Tmux, window: Duration) -> String {
    let watched = Instant::now();
    loop {
        let screen = t.screen("g");
        assert!(!screen.contains("Building 4×4"), "{screen}");
        if watched.elapsed() >= window {
            return screen;
        }
        sleep(Duration::from_millis(50));
    }
}

/// Quits the game with its key, and waits for a clean exit.
fn quit(t: &Tmux) {
    t.keys("g", &["q"]);
    wait(t, "a clean exit", 30, |s| s.contains("EXITED 0"));
}

#[test]
fn a_size_played_three_times_gets_its_large_tables_built_in_the_background() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("large-tables");
    start(&t, "auto");
    let progress = wait(&t, "the build's progress in the panel", 120, |s| {
        s.contains("Building 4×4 tables") || s.contains("large tables built")
    });
    assert!(progress.contains("Building 4×4 tables"), "{progress}");
    let line = progress
        .lines()
        .find(|l| l.contains("Building 4×4 tables"))
        .expect("the line");
    assert!(line.contains('%'), "{line}");
    let done = wait(&t, "the end of the build", 120, |s| {
        s.contains("4×4 large tables built")
    });
    assert!(!done.contains("Building 4×4 tables"), "{done}");
    let listing = tables(&t);
    assert!(listing.contains("game.large_tables = \"auto\""), "{listing}");
    let status = listing
        .lines()
        .find(|l| l.contains("4×4 6-6-3:"))
        .unwrap_or_else(|| panic!("{listing}"));
    assert!(status.contains("built,") && status.contains("bytes"), "{listing}");
    // No checkpoint is left once the file is written.
    let parts = std::fs::read_dir(t.dir().join("cache"))
        .expect("cache")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".part"))
        .count();
    assert_eq!(parts, 0);
    quit(&t);
}

#[test]
fn with_the_setting_off_nothing_is_built() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("large-tables-off");
    start(&t, "off");
    // Once the par is found, a build would run: it waits for the searches and the tables.
    wait(&t, "the game and its par", 60, |s| {
        s.contains("Moves    0") && par_shown(s)
    });
    nothing_built(&t, Duration::from_secs(2));
    let listing = tables(&t);
    assert!(listing.contains("game.large_tables = \"off\""), "{listing}");
    assert!(listing.contains("4×4 6-6-3: absent"), "{listing}");
    quit(&t);
}

#[test]
fn with_the_setting_ask_the_game_asks_first_and_enter_builds_them() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("large-tables-ask");
    start(&t, "ask");
    // Under load the deal may still be on screen over the question: wait for all of it.
    let asked = wait(&t, "the question", 60, |s| {
        s.contains("Large tables?") && s.contains("Build its large tables?") && !s.contains("Dealing")
    });
    assert!(asked.contains("Enter builds them"), "{asked}");
    // Nothing is built while the question waits (the game has loaded its tables by then).
    nothing_built(&t, Duration::from_secs(2));
    t.keys("g", &["Enter"]);
    let progress = wait(&t, "the build's progress in the panel", 120, |s| {
        s.contains("Building 4×4 tables") || s.contains("large tables built")
    });
    assert!(!progress.contains("Large tables?"), "the question is gone:\n{progress}");
    wait(&t, "the end of the build", 120, |s| {
        s.contains("4×4 large tables built")
    });
    let listing = tables(&t);
    assert!(listing.contains("game.large_tables = \"ask\""), "{listing}");
    assert!(
        listing
            .lines()
            .any(|l| l.contains("4×4 6-6-3:") && l.contains("built,")),
        "{listing}"
    );
    quit(&t);
}

#[test]
fn with_the_setting_ask_another_key_builds_nothing() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("large-tables-ask-no");
    start(&t, "ask");
    wait(&t, "the question", 60, |s| {
        s.contains("Build its large tables?") && !s.contains("Dealing")
    });
    t.keys("g", &["n"]);
    let screen = wait(&t, "the board", 30, |s| {
        s.contains("Not now") && !s.contains("Large tables?")
    });
    assert!(screen.contains("Not now: asked again at the"), "{screen}");
    wait(&t, "the par", 60, par_shown);
    nothing_built(&t, Duration::from_secs(2));
    assert!(tables(&t).contains("4×4 6-6-3: absent"), "{}", tables(&t));
    quit(&t);
}

#[test]
fn turning_the_setting_to_auto_on_the_settings_screen_starts_the_build() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("large-tables-set");
    start(&t, "off");
    wait(&t, "the game", 60, |s| {
        s.contains("Moves    0") && !s.contains("any key to close")
    });
    t.keys("g", &["o"]);
    wait(&t, "the settings", 30, |s| {
        s.contains("Large tables") && s.contains("◀ off ▶")
    });
    // The last row: up from the first.
    t.keys("g", &["Up", "Right"]);
    wait(&t, "the row turned to auto", 30, |s| {
        s.contains("◀ built after 3 games ▶")
    });
    t.keys("g", &["Escape"]);
    wait(&t, "the build's progress in the panel", 120, |s| {
        s.contains("Building 4×4 tables") || s.contains("large tables built")
    });
    let saved = std::fs::read_to_string(t.dir().join("config").join("config.toml")).expect("config");
    assert!(saved.contains("large_tables = \"auto\""), "{saved}");
    quit(&t);
}
