//! End to end: the board grows with the terminal, a picture's look-alike tiles
//! can't hide a scramble, a setting changed on the settings screen survives a restart with
//! the config file's comments kept, a code typed in the menu deals its puzzle, and with the
//! direction keys rebound no screen names an arrow key.

use std::path::Path;
use std::thread::sleep;
use std::time::Duration;

use crate::tmux::{self, Tmux};

/// Runs `slide ARGS` in `session` at `width`×`height`, with `extra` exported first; the
/// shell then prints the exit status.
fn start(t: &Tmux, session: &str, (width, height): (u16, u16), extra: &str, args: &str) {
    let data = t.dir().join("data");
    let script = format!(
        "{} {extra} '{}' {args}; echo \"EXITED $?\"; sleep 60",
        t.env(&data),
        tmux::bin()
    );
    t.open(session, width, height, &script);
}

/// The width of the board's frame: from its top-left corner to its top-right one.
fn frame_width(screen: &str, title: &str) -> usize {
    let line = screen.lines().find(|l| l.contains(title)).unwrap_or_default();
    let chars: Vec<char> = line.chars().collect();
    let left = chars.iter().position(|&c| c == '╭').unwrap_or(0);
    let right = chars.iter().skip(left).position(|&c| c == '╮').unwrap_or(0);
    right + 1
}

#[test]
fn at_200_by_60_the_three_by_three_board_is_at_least_1_8_times_as_wide_as_at_80_by_24() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("board-grows");
    let board = "--board '1 2 3 4 5 6 0 7 8'";
    start(&t, "small", (80, 24), "", board);
    start(&t, "large", (200, 60), "", board);
    let (small, _) = t.wait_for("small", "the board at 80×24", |s| s.contains("Moves    0"));
    let (large, _) = t.wait_for("large", "the board at 200×60", |s| s.contains("Moves    0"));
    let (w80, w200) = (frame_width(&small, "╭ 3×3"), frame_width(&large, "╭ 3×3"));
    assert_eq!(w80, 24, "80×24 as before:\n{small}");
    assert!(w200 * 10 >= w80 * 18, "{w200} vs {w80}:\n{large}");
    // Big tiles draw their numbers in big digits, centred.
    assert!(large.contains('█') || large.contains('▀'), "{large}");
}

/// The colours of the cells left of the panel (the board and its frame), row by row.
fn board_cells(t: &Tmux, session: &str) -> Vec<Vec<(char, String)>> {
    let screen = t.screen(session);
    let panel_at = screen
        .lines()
        .find_map(|l| l.find("╭ Slide").map(|b| l[..b].chars().count()))
        .unwrap_or(0);
    t.styled_screen(session)
        .into_iter()
        .map(|row| row.into_iter().take(panel_at).collect())
        .collect()
}

#[test]
fn the_sunset_board_with_tiles_swapped_is_drawn_unlike_those_tiles_at_home() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("sunset-swapped");
    // Tiles 3 and 4, and 9 and 12, swapped: 32 moves from the goal, and on the old sunset
    // these pairs were pixel-identical, so the board looked solved.
    let swapped = "1 2 4 3 5 6 7 8 12 10 11 9 13 14 0 15";
    let home = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15";
    let extra = "COLORTERM=truecolor TERM=xterm-256color";
    start(
        &t,
        "swapped",
        (100, 30),
        extra,
        &format!("--picture sunset --board '{swapped}'"),
    );
    start(
        &t,
        "home",
        (100, 30),
        extra,
        &format!("--picture sunset --board '{home}'"),
    );
    // Whole frames, colours included: a capture may catch the terminal mid-draw.
    let picture = |s: &str| s.contains("Moves    0") && s.contains('▀');
    t.wait_settled("swapped", "the picture", picture);
    t.wait_settled("home", "the picture", picture);
    let (a, b) = (board_cells(&t, "swapped"), board_cells(&t, "home"));
    assert!(!a.is_empty() && a.len() == b.len());
    let differing = a.iter().zip(&b).filter(|(x, y)| x != y).count();
    assert!(differing > 0, "the swapped board looks solved");
    // Each swapped pair is told apart where it lies: the rows of both tile rows differ.
    let rows_with_tiles: Vec<usize> = (0..a.len()).filter(|&r| a[r].iter().any(|(c, _)| *c == '▀')).collect();
    let differing_rows: Vec<usize> = rows_with_tiles.iter().copied().filter(|&r| a[r] != b[r]).collect();
    assert!(
        differing_rows.len() >= 6,
        "rows {differing_rows:?} of {rows_with_tiles:?}"
    );
}

#[test]
fn a_setting_changed_on_the_settings_screen_is_there_after_a_restart_with_the_comments_kept() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("settings-saved");
    let config_dir = t.dir().join("config");
    std::fs::create_dir_all(&config_dir).expect("config dir");
    let config = config_dir.join("config.toml");
    let mine = "# My own settings, by hand.\n\n[game]\n# Small boards for the train.\nsize = 3 # three\n\n[look]\n# The tiles' colours.\nscheme = \"plain\"\n";
    std::fs::write(&config, mine).expect("config");
    let board = "--board '1 2 3 4 5 6 0 7 8'";
    start(&t, "first", (80, 24), "", board);
    t.wait_for("first", "the game", |s| s.contains("Moves    0"));
    open_settings(&t, "first", |s| s.contains("Colour scheme") && s.contains("◀ plain ▶"));
    t.keys("first", &["Right"]);
    t.wait_for("first", "the change saved", |s| {
        s.contains("◀ rows ▶") && s.contains("Saved in")
    });
    // The solver's moves faster, too: a value not in the file yet.
    for _ in 0..5 {
        t.keys("first", &["Down"]);
    }
    t.keys("first", &["Left"]);
    t.wait_for("first", "the animation saved", |s| s.contains("◀ 120 ms apart ▶"));
    t.keys("first", &["q"]);
    t.wait_for("first", "a clean exit", |s| s.contains("EXITED 0"));
    let saved = std::fs::read_to_string(&config).expect("saved");
    for kept in [
        "# My own settings, by hand.",
        "# Small boards for the train.",
        "size = 3 # three",
        "# The tiles' colours.",
    ] {
        assert!(saved.contains(kept), "'{kept}' lost:\n{saved}");
    }
    assert!(saved.contains("scheme = \"rows\""), "{saved}");
    assert!(saved.contains("animation_ms = 120"), "{saved}");
    // The next start reads them.
    start(&t, "again", (80, 24), "", board);
    t.wait_for("again", "the game", |s| s.contains("Moves    0"));
    // The first game is kept to resume, and a notice says so: read, closed on the way.
    open_settings(&t, "again", |s| {
        s.contains("◀ rows ▶") && s.contains("◀ 120 ms apart ▶")
    });
    t.keys("again", &["q"]);
    t.wait_for("again", "a clean exit", |s| s.contains("EXITED 0"));
}

/// Opens the settings from the game until `ready` holds for the screen. A notice on the way
/// (the first game kept, or one that comes after the first frame) is closed first; a notice
/// closes on any key, so when one came just before the key and took it, the settings did not
/// open and the key is pressed again. Waits for what the screen shows, never for a time.
#[track_caller]
fn open_settings(t: &Tmux, session: &str, ready: impl Fn(&str) -> bool) {
    let shows = |pred: &dyn Fn(&str) -> bool, within: Duration| {
        let start = std::time::Instant::now();
        loop {
            if pred(&t.screen(session)) {
                return true;
            }
            if start.elapsed() > within {
                return false;
            }
            sleep(Duration::from_millis(20));
        }
    };
    for _ in 0..5 {
        if ready(&t.screen(session)) {
            return;
        }
        for _ in 0..5 {
            if !t.screen(session).contains("any key to close") {
                break;
            }
            t.keys(session, &["Space"]);
            shows(&|s| !s.contains("any key to close"), Duration::from_secs(15));
        }
        t.keys(session, &["o"]);
        if shows(&|s| ready(s) || s.contains("any key to close"), Duration::from_secs(5)) && ready(&t.screen(session)) {
            return;
        }
    }
    panic!("the settings never opened; the screen was:\n{}", t.screen(session));
}

/// The value of the panel row `label`.
fn panel_value(screen: &str, label: &str) -> Option<String> {
    screen.lines().find_map(|l| {
        let at = l.find(&format!("│{label} "))?;
        let rest = l[at + '│'.len_utf8() + label.len()..].trim_start();
        Some(rest.split('│').next().unwrap_or("").trim().to_string())
    })
}

/// The board's text: the lines of the screen left of the panel.
fn board_text(screen: &str) -> Vec<String> {
    screen
        .lines()
        .filter_map(|l| l.find("│ ╭").or_else(|| l.find("│ │")).map(|at| l[..at].to_string()))
        .collect()
}

#[test]
fn a_code_typed_in_the_menu_deals_that_puzzle() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("typed-code");
    let code = "4H-7AE52-ZHDZ";
    // The same puzzle from the command line, to compare.
    start(&t, "flag", (100, 30), "", &format!("--code {code}"));
    let (by_flag, _) = t.wait_for("flag", "the coded game", |s| s.contains("Moves    0"));
    start(&t, "menu", (100, 30), "", "--board '1 2 3 4 5 6 0 7 8'");
    t.wait_for("menu", "the game", |s| s.contains("Moves    0"));
    t.keys("menu", &["n"]);
    t.wait_for("menu", "the menu", |s| s.contains("New game") && s.contains("Code"));
    t.keys("menu", &["Up"]);
    t.keys("menu", &["Enter"]);
    t.wait_for("menu", "the code field", |s| s.contains("Type a puzzle code"));
    t.keys("menu", &["-l", &code.to_lowercase()]);
    t.wait_for("menu", "the code typed", |s| s.contains(&code.to_lowercase()));
    t.keys("menu", &["Enter"]);
    let (by_menu, _) = t.wait_for("menu", "the typed game", |s| {
        panel_value(s, "Code").as_deref() == Some(code) && s.contains("Moves    0") && !s.contains("Dealing")
    });
    assert_eq!(panel_value(&by_menu, "Level").as_deref(), Some("hard"));
    assert_eq!(board_text(&by_menu), board_text(&by_flag), "{by_menu}\n{by_flag}");
    // A board typed in: its numbers, the blank as 0.
    t.keys("menu", &["n"]);
    t.wait_for("menu", "the menu", |s| s.contains("New game"));
    t.keys("menu", &["Up"]);
    t.keys("menu", &["Enter"]);
    t.keys("menu", &["-l", "8 6 7 2 5 4 3 0 1"]);
    t.keys("menu", &["Enter"]);
    let (typed, _) = t.wait_for("menu", "the typed board", |s| s.contains("custom board"));
    assert_eq!(panel_value(&typed, "Code").as_deref(), Some("3B-867254301"), "{typed}");
}

/// Writes `config` as the game's config.toml in `t`'s scratch directory.
fn write_config(t: &Tmux, config: &str) {
    let dir = t.dir().join("config");
    std::fs::create_dir_all(&dir).expect("config dir");
    std::fs::write(Path::new(&dir).join("config.toml"), config).expect("config");
}

#[test]
fn with_the_arrows_rebound_to_ijkl_no_screen_names_an_arrow_key() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("rebound");
    write_config(
        &t,
        "[keys]\nup = [\"I\"]\ndown = [\"K\"]\nleft = [\"J\"]\nright = [\"L\"]\nnew_game = [\"G\"]\nquit = [\"Q\"]\nback = [\"b\"]\n",
    );
    // One move from solved: J slides 8 left into the gap.
    start(&t, "g", (100, 32), "", "--board '1 2 3 4 5 6 7 0 8'");
    let mut seen = Vec::new();
    let mut look = |t: &Tmux, what: &str, ready: &dyn Fn(&str) -> bool| {
        let (screen, _) = t.wait_for("g", what, ready);
        seen.push((what.to_string(), screen));
    };
    look(&t, "the board", &|s| {
        s.contains("Moves    0") && s.contains("IKJL move")
    });
    t.keys("g", &["?"]);
    look(&t, "the help", &|s| s.contains("Help") && s.contains("scroll"));
    t.keys("g", &["b"]);
    t.keys("g", &["G"]);
    look(&t, "the menu", &|s| s.contains("New game") && s.contains("choose"));
    t.keys("g", &["b"]);
    t.keys("g", &["o"]);
    look(&t, "the settings", &|s| s.contains("Settings") && s.contains("change"));
    t.keys("g", &["b"]);
    t.keys("g", &["t"]);
    look(&t, "the statistics", &|s| s.contains("close"));
    t.keys("g", &["b"]);
    t.keys("g", &["g"]);
    look(&t, "the goal", &|s| s.contains("goal"));
    t.keys("g", &["b"]);
    t.keys("g", &["J"]);
    look(&t, "the win box", &|s| s.contains("Solved"));
    t.keys("g", &["v"]);
    look(&t, "the review", &|s| s.contains("Review") && s.contains("step"));
    t.keys("g", &["b"]);
    t.keys("g", &["b"]);
    t.keys("g", &["t"]);
    t.wait_for("g", "the statistics with the win", |s| {
        s.contains("replay it") && s.contains("3×3 custom")
    });
    t.keys("g", &["P"]);
    look(&t, "the replay", &|s| {
        s.contains("Replay") && s.contains("step") && s.contains("· end")
    });
    t.keys("g", &["b"]);
    t.keys("g", &["b"]);
    t.run(&["resize-window", "-t", "g", "-x", "30", "-y", "10"]);
    look(&t, "the too-small screen", &|s| s.contains("too small"));
    for (what, screen) in &seen {
        for arrow in ['↑', '↓', '←', '→'] {
            assert!(!screen.contains(arrow), "{what} names the arrow key {arrow}:\n{screen}");
        }
        assert!(
            !screen.contains("Esc"),
            "{what} names Esc, which is not bound:\n{screen}"
        );
    }
    let too_small = &seen.last().expect("screens").1;
    let words: Vec<&str> = too_small.split_whitespace().collect();
    assert!(words.join(" ").contains("press Q to quit"), "{too_small}");
    t.keys("g", &["Q"]);
    t.wait_for("g", "a clean exit", |s| s.contains("EXITED 0"));
}

#[test]
fn a_dumb_terminal_without_utf8_gets_ascii_no_colour_and_no_mouse_capture() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("dumb");
    start(
        &t,
        "g",
        (80, 24),
        "TERM=dumb LANG=C LC_ALL=C",
        "--board '1 2 3 4 5 6 0 7 8'",
    );
    // The footer is the last line drawn: a capture may catch the frame half drawn.
    let (screen, _) = t.wait_for("g", "the game", |s| {
        s.contains("Moves    0") && s.contains("Up/Down/Left/Right move")
    });
    assert!(screen.is_ascii(), "only ASCII without UTF-8:\n{screen}");
    assert!(
        screen.contains("+ 3x3 ") && screen.contains("Up/Down/Left/Right move"),
        "{screen}"
    );
    let colours: Vec<String> = t
        .styled_screen("g")
        .into_iter()
        .flatten()
        .map(|(_, style)| style)
        .filter(|s| s != "/")
        .collect();
    assert!(colours.is_empty(), "no colour: {colours:?}");
    let mouse = t
        .run(&[
            "display-message",
            "-p",
            "-t",
            "g",
            "#{mouse_any_flag}#{mouse_button_flag}#{mouse_all_flag}",
        ])
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    assert_eq!(mouse, "000", "no mouse capture");
    // On a colour terminal the same game asks for the mouse, in 16 colours for TERM=xterm.
    start(&t, "x", (80, 24), "TERM=xterm", "--board '1 2 3 4 5 6 0 7 8'");
    t.wait_for("x", "the game", |s| s.contains("Moves    0"));
    let mouse = t
        .run(&["display-message", "-p", "-t", "x", "#{mouse_any_flag}"])
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    assert_eq!(mouse, "1");
    let styles: Vec<String> = t.styled_screen("x").into_iter().flatten().map(|(_, s)| s).collect();
    assert!(styles.iter().any(|s| s != "/"), "some colour");
    // tmux writes the 16 colours as indices 0 to 15 (38;5;N), never a 24-bit colour.
    let indices: Vec<u32> = styles
        .iter()
        .flat_map(|s| s.split('/'))
        .filter_map(|c| c.strip_prefix("38;5;").or_else(|| c.strip_prefix("48;5;")))
        .filter_map(|n| n.parse().ok())
        .collect();
    assert!(indices.iter().all(|&n| n < 16), "16 colours only: {indices:?}");
    assert!(styles.iter().all(|s| !s.contains(";2;")), "{styles:?}");
}

/// The seconds the panel's clock shows ("1.2" or "0:01.2").
fn clock(screen: &str) -> f64 {
    let value = panel_value(screen, "Time").unwrap_or_default();
    value
        .rsplit(':')
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(f64::NAN)
}

#[test]
fn the_clock_stops_behind_the_too_small_screen() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("clock-small");
    start(&t, "g", (80, 24), "", "--board '1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15'");
    t.wait_for("g", "the game", |s| s.contains("Moves    0"));
    t.keys("g", &["Left"]);
    t.wait_for("g", "the clock running", |s| clock(s) > 0.0);
    t.run(&["resize-window", "-t", "g", "-x", "30", "-y", "10"]);
    t.wait_for("g", "the too-small screen", |s| s.contains("too small"));
    sleep(Duration::from_secs(2));
    t.run(&["resize-window", "-t", "g", "-x", "80", "-y", "24"]);
    let (screen, _) = t.wait_for("g", "the board again", |s| s.contains("Moves    1"));
    let shown = clock(&screen);
    assert!(
        shown < 1.5,
        "the clock ran while the board was hidden: {shown}\n{screen}"
    );
}
