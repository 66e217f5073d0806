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

/// The stand-in for the large 6×6 tables: rows of four tiles (not the default's 2×2
/// blocks), a few seconds to build on one thread.
const STAND_IN_6: &str =
    "6x6:1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,16/17,18,19,20/21,22,23,24/25,26,27,28/29,30,31,32/33,34,35";

/// A cache holding the default 4×4 tables, built once for every test (and kept under the
/// target directory for the next run).
fn default_tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| default_tables_of(4))
}

/// A cache holding the default 6×6 tables, built once for every test that needs them.
fn default_6x6_tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| default_tables_of(6))
}

/// Builds the default tables of the size `side` into a folder under the target directory
/// (kept for the next run).
fn default_tables_of(side: usize) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("e2e-default-{side}x{side}-tables"));
    let out = Command::new(tmux::bin())
        .args(["tables", "build", "--size", &side.to_string()])
        .env("SLIDE_CACHE_DIR", &dir)
        .env("SLIDE_CONFIG_DIR", &dir)
        .output()
        .expect("slide runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    dir
}

/// The game on 4×4, with `setting` for `game.large_tables`, after three 4×4 games left
/// (the records say so), its build on one thread. Its default tables are in its cache, as
/// they are for a player who has played the size: the game loads them.
fn start(t: &Tmux, setting: &str) {
    start_size(t, setting, 4, default_tables(), STAND_IN);
}

/// [`start`] on the size `side`, with its default tables from `tables` and `stand_in` for
/// its large partition.
fn start_size(t: &Tmux, setting: &str, side: usize, tables: &Path, stand_in: &str) {
    let cache = t.dir().join("cache");
    std::fs::create_dir_all(&cache).expect("cache dir");
    for file in std::fs::read_dir(tables).expect("the default tables").flatten() {
        if file.file_name().to_string_lossy().ends_with(".bin") {
            std::fs::copy(file.path(), cache.join(file.file_name())).expect("a copy of the tables");
        }
    }
    let data = t.dir().join("data");
    std::fs::create_dir_all(&data).expect("data dir");
    std::fs::write(
        data.join("stats.json"),
        format!(r#"{{"version":2,"records":{{"{side}x{side} medium":{{"played":3,"dnf":3}}}}}}"#),
    )
    .expect("stats");
    let config = t.dir().join("config");
    std::fs::create_dir_all(&config).expect("config dir");
    std::fs::write(
        config.join("config.toml"),
        format!("[game]\nsize = {side}\nlevel = \"medium\"\nlarge_tables = \"{setting}\"\n"),
    )
    .expect("config");
    let script = format!(
        "{} export SLIDE_BACKGROUND_TABLES=on SLIDE_BUILD_THREADS=1 SLIDE_LARGE_PARTITION='{STAND_IN}'; \
         '{}'; echo \"EXITED $?\"; sleep 60",
        t.env(&data),
        tmux::bin()
    )
    .replace(STAND_IN, stand_in);
    t.open("g", 80, 24, &script);
}

/// `slide tables` on the test's cache and config; its standard output.
fn tables(t: &Tmux) -> String {
    tables_with(t, STAND_IN)
}

/// [`tables`] with `stand_in` for its size's large partition.
fn tables_with(t: &Tmux, stand_in: &str) -> String {
    let out = Command::new(tmux::bin())
        .arg("tables")
        .env("SLIDE_CACHE_DIR", t.dir().join("cache"))
        .env("SLIDE_CONFIG_DIR", t.dir().join("config"))
        .env("SLIDE_LARGE_PARTITION", stand_in)
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
fn a_third_6x6_game_builds_the_6x6_large_tables_and_the_panel_shows_how_far() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("large-tables-6");
    start_size(&t, "auto", 6, default_6x6_tables(), STAND_IN_6);
    let progress = wait(&t, "the build's progress in the panel", 120, |s| {
        s.contains("Building 6×6 tables") || s.contains("large tables built")
    });
    let line = progress
        .lines()
        .find(|l| l.contains("Building 6×6 tables"))
        .unwrap_or_else(|| panic!("the progress shows before the end:\n{progress}"));
    assert!(line.contains('%'), "{line}");
    wait(&t, "the end of the build", 120, |s| {
        s.contains("6×6 large tables built")
    });
    let listing = tables_with(&t, STAND_IN_6);
    let status = listing
        .lines()
        .find(|l| l.contains("6×6 4-4-4-4-4-4-4-4-3:"))
        .unwrap_or_else(|| panic!("{listing}"));
    assert!(status.contains("built,") && status.contains("bytes"), "{listing}");
    // A hint now, guided by the new tables: its plan and its bound, never above the plan.
    t.keys("g", &["i"]);
    let hinted = wait(&t, "the hint", 60, |s| s.contains("Hint:") && s.contains("At least"));
    let figure = |label: &str| -> u32 {
        let line = hinted.lines().find(|l| l.contains(label)).expect("the row");
        let rest = line.split(label).nth(1).expect("after the label");
        let digits: String = rest.trim_start().chars().take_while(char::is_ascii_digit).collect();
        digits.parse().unwrap_or_else(|_| panic!("{line}"))
    };
    let (plan, bound) = (figure("│Plan"), figure("│At least"));
    assert!(0 < bound && bound <= plan, "{hinted}");
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
