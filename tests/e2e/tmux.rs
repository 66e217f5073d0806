//! A tmux server of the test's own, to drive the real binary in a real terminal and read
//! the screen back. Shared by the end-to-end tests.
//!
//! When tmux is missing the tests are skipped with a note, except under `CI=true`, where
//! a missing tmux is a failure: CI installs it, and a silent skip would hide that it didn't.

#![allow(dead_code, reason = "each test file uses the part it needs")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A tmux server (`-L`), so the tests never touch the user's sessions, and a scratch
/// directory for the game's data, config and cache.
pub struct Tmux {
    socket: String,
    dir: PathBuf,
}

/// Whether the end-to-end tests can run; panics under CI when they can't.
pub fn available() -> bool {
    let ok = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var("CI").map_or(true, |v| v != "true"),
            "tmux is not installed, and CI=true: the end-to-end tests must run in CI"
        );
        eprintln!("note: tmux is not installed; skipping the end-to-end test");
    }
    ok
}

/// The game binary under test.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_slide")
}

impl Tmux {
    /// A new server and an empty scratch directory named after `name`.
    pub fn new(name: &str) -> Tmux {
        let tag = format!("slide-e2e-{name}-{}", std::process::id());
        let dir = std::env::temp_dir().join(&tag);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        Tmux { socket: tag, dir }
    }

    /// The scratch directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The environment that points the game at the scratch directory, with `data` as its
    /// data directory. The solver's tables are not prepared in the background: no test here
    /// needs them, and building them would only slow every test down.
    pub fn env(&self, data: &Path) -> String {
        let d = self.dir.display();
        format!(
            "export SLIDE_DATA_DIR='{}' SLIDE_CONFIG_DIR='{d}/config' SLIDE_CACHE_DIR='{d}/cache' \
             SLIDE_BACKGROUND_TABLES=off LC_ALL=C.UTF-8;",
            data.display()
        )
    }

    /// Runs a tmux command on this server.
    pub fn run(&self, args: &[&str]) -> Option<Output> {
        // -u: UTF-8 whatever the machine's locale, as the game is told by LC_ALL (env()).
        Command::new("tmux")
            .arg("-u")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .ok()
    }

    /// Opens `session`, `width`×`height`, running `script` in `sh`.
    pub fn open(&self, session: &str, width: u16, height: u16, script: &str) {
        let (w, h) = (width.to_string(), height.to_string());
        let args = [
            "new-session",
            "-d",
            "-s",
            session,
            "-x",
            &w,
            "-y",
            &h,
            "sh",
            "-c",
            script,
        ];
        // A server whose last session was just killed may still be shutting down when the
        // next session asks for it ("server exited unexpectedly"): that is tmux's race, not
        // the game's, so the session is asked for again.
        for _ in 0..5 {
            let out = self.run(&args).expect("tmux runs");
            let err = String::from_utf8_lossy(&out.stderr);
            if out.status.success() {
                return;
            }
            assert!(err.contains("server exited unexpectedly"), "tmux: {err}");
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        panic!("tmux: the server kept exiting as the session {session} was opened");
    }

    /// The text on `session`'s screen.
    pub fn screen(&self, session: &str) -> String {
        self.run(&["capture-pane", "-p", "-t", session])
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default()
    }

    /// The cells of `session`'s screen, each its character and its colours ("fg/bg" as the
    /// SGR parameters that set them), so that what is drawn in colour can be compared.
    pub fn styled_screen(&self, session: &str) -> Vec<Vec<(char, String)>> {
        let text = self
            .run(&["capture-pane", "-e", "-p", "-t", session])
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default();
        let (mut fg, mut bg) = (String::new(), String::new());
        let mut rows = Vec::new();
        for line in text.lines() {
            let mut row = Vec::new();
            let mut chars = line.chars().peekable();
            while let Some(c) = chars.next() {
                if c != '\u{1b}' || chars.peek() != Some(&'[') {
                    row.push((c, format!("{fg}/{bg}")));
                    continue;
                }
                chars.next();
                let mut params = String::new();
                for p in chars.by_ref() {
                    if p.is_ascii_alphabetic() {
                        break;
                    }
                    params.push(p);
                }
                let codes: Vec<&str> = params.split(';').collect();
                let mut i = 0;
                while i < codes.len() {
                    match codes[i] {
                        "" | "0" => {
                            fg.clear();
                            bg.clear();
                        }
                        "39" => fg.clear(),
                        "49" => bg.clear(),
                        "38" | "48" => {
                            let n = if codes.get(i + 1) == Some(&"2") { 5 } else { 3 };
                            let colour = codes[i..(i + n).min(codes.len())].join(";");
                            if codes[i] == "38" {
                                fg = colour;
                            } else {
                                bg = colour;
                            }
                            i += n - 1;
                        }
                        c if c.len() == 2 && (c.starts_with('3') || c.starts_with('9')) => fg = c.to_string(),
                        c if (c.len() == 2 && c.starts_with('4')) || (c.len() == 3 && c.starts_with("10")) => {
                            bg = c.to_string();
                        }
                        _ => {}
                    }
                    i += 1;
                }
            }
            rows.push(row);
        }
        rows
    }

    /// Sends keys to `session`.
    pub fn keys(&self, session: &str, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", session];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// The process id of the program `session`'s shell started (the game).
    pub fn game_pid(&self, session: &str) -> Option<u32> {
        let out = self.run(&["display-message", "-p", "-t", session, "#{pane_pid}"])?;
        let shell = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let children = Command::new("pgrep").args(["-P", &shell]).output().ok()?;
        String::from_utf8_lossy(&children.stdout)
            .lines()
            .next()
            .and_then(|l| l.trim().parse().ok())
    }

    /// Closes `session` as closing a terminal window does (the game gets SIGHUP).
    pub fn kill_session(&self, session: &str) {
        self.run(&["kill-session", "-t", session]);
    }

    /// Waits for the box of a game resumed under way (its board hidden), shows the board
    /// with a key, and waits for the panel to say `moves`: the screen then.
    #[track_caller]
    pub fn resumed(&self, session: &str, moves: &str) -> String {
        self.wait_for(session, "the resumed game's box", |s| {
            s.contains("Resumed your last game")
        });
        self.keys(session, &["Escape"]);
        self.wait_for(session, "the resumed game's board", |s| {
            !s.contains("Resumed your last game") && s.contains(moves)
        })
        .0
    }

    /// Waits until `pred` holds for `session`'s screen; returns the screen and the time it
    /// took.
    #[track_caller]
    pub fn wait_for(&self, session: &str, what: &str, pred: impl Fn(&str) -> bool) -> (String, Duration) {
        let start = Instant::now();
        loop {
            let s = self.screen(session);
            if pred(&s) {
                return (s, start.elapsed());
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "timed out waiting for {what}; the screen was:\n{s}"
            );
            sleep(Duration::from_millis(20));
        }
    }
}

impl Tmux {
    /// Waits until `pred` holds for `session`'s screen and the screen, colours included,
    /// has stopped changing between two looks (a capture may catch the terminal mid-draw);
    /// returns the screen. For screens that stand still (no clock running).
    #[track_caller]
    pub fn wait_settled(&self, session: &str, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        let mut last = None;
        loop {
            let styled = self
                .run(&["capture-pane", "-e", "-p", "-t", session])
                .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
                .unwrap_or_default();
            let s = without_escapes(&styled);
            if pred(&s) && last.as_ref() == Some(&styled) {
                return s;
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "timed out waiting for {what} to settle; the screen was:\n{s}"
            );
            last = Some(styled);
            sleep(Duration::from_millis(50));
        }
    }
}

/// `text` without its escape sequences (`ESC [ … letter`): the characters on screen.
fn without_escapes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            for p in chars.by_ref() {
                if p.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Waits until no game in `data` is held: the game whose terminal was closed has saved and
/// exited. A copy started before that would, rightly, not take over a game still open.
pub fn wait_released(data: &Path) {
    let store = slide::game::Store::at(data.to_path_buf());
    wait_until("the game to exit and release its save", || {
        store.held_games().is_empty()
    });
}

/// Waits until `pred` holds, checking every 20 ms for up to 15 s.
#[track_caller]
pub fn wait_until(what: &str, pred: impl Fn() -> bool) {
    let start = Instant::now();
    while !pred() {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "timed out waiting for {what}"
        );
        sleep(Duration::from_millis(20));
    }
}

impl Tmux {
    /// The processes the sessions run: each pane's shell and everything it started (the
    /// game among them).
    fn pane_processes(&self) -> Vec<u32> {
        let shells: Vec<u32> = self
            .run(&["list-panes", "-a", "-F", "#{pane_pid}"])
            .map(|o| {
                String::from_utf8_lossy(&o.stdout)
                    .lines()
                    .filter_map(|l| l.trim().parse().ok())
                    .collect()
            })
            .unwrap_or_default();
        let parents = parents();
        let mut all = shells;
        let mut i = 0;
        while i < all.len() {
            let pid = all[i];
            all.extend(parents.iter().filter(|(_, p)| *p == pid).map(|(c, _)| *c));
            i += 1;
        }
        all
    }
}

/// Every process's parent, as (pid, parent pid), read from `/proc` (empty where there is
/// none).
fn parents() -> Vec<(u32, u32)> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| {
            let pid: u32 = e.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
            // "pid (name) state ppid ...": the name may hold spaces and parentheses.
            let ppid = stat
                .get(stat.rfind(')')? + 1..)?
                .split_whitespace()
                .nth(1)?
                .parse()
                .ok()?;
            Some((pid, ppid))
        })
        .collect()
}

/// Whether process `pid` still runs (a zombie, waiting to be reaped, has ended).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rfind(')')
            .and_then(|at| stat.get(at + 1..))
            .and_then(|rest| rest.split_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X")
    })
}

impl Drop for Tmux {
    fn drop(&mut self) {
        // The game saves as the hang-up reaches it, which can be after the server has gone:
        // the folder is removed once every program the sessions ran has ended.
        let programs = self.pane_processes();
        self.run(&["kill-server"]);
        if Path::new("/proc/self/stat").exists() {
            let start = Instant::now();
            while programs.iter().any(|&pid| running(pid)) && start.elapsed() < Duration::from_secs(15) {
                sleep(Duration::from_millis(10));
            }
        } else {
            // No /proc to watch the programs by: give the game a moment to save.
            sleep(Duration::from_millis(300));
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
