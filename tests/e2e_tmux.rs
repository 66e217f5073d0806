//! End to end: the real binary in a real terminal (tmux), driven by keys, read back from
//! the screen. Skipped, with a note, when tmux is not installed (CI installs it).

use std::path::PathBuf;
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A tmux server of our own (`-L`), so the test never touches the user's sessions.
struct Tmux {
    socket: String,
    session: String,
    dir: PathBuf,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> Option<Output> {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .ok()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", &self.session])
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default()
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", &self.session];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Waits until `pred` holds for the screen; returns the screen and the time it took.
    #[track_caller]
    fn wait_for(&self, what: &str, pred: impl Fn(&str) -> bool) -> (String, Duration) {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if pred(&s) {
                return (s, start.elapsed());
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "timed out waiting for {what}; the screen was:\n{s}"
            );
            sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn tmux_available() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn start(name: &str, args: &str) -> Tmux {
    let tag = format!("slide-e2e-{name}-{}", std::process::id());
    let dir = std::env::temp_dir().join(&tag);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bin = env!("CARGO_BIN_EXE_slide");
    let d = dir.display();
    // After the game exits the shell prints a marker and stays, so the restored screen can
    // be read back.
    let script = format!(
        "export SLIDE_DATA_DIR={d}/data SLIDE_CONFIG_DIR={d}/config SLIDE_CACHE_DIR={d}/cache; \
         '{bin}' play {args}; echo \"EXITED $?\"; read x; '{bin}' play; echo AGAIN; sleep 60"
    );
    let t = Tmux {
        socket: tag.clone(),
        session: "game".into(),
        dir,
    };
    let out = t
        .run(&[
            "new-session",
            "-d",
            "-s",
            "game",
            "-x",
            "100",
            "-y",
            "35",
            "sh",
            "-c",
            &script,
        ])
        .expect("tmux runs");
    assert!(out.status.success(), "tmux: {}", String::from_utf8_lossy(&out.stderr));
    t
}

#[test]
fn plays_a_three_by_three_game_in_a_real_terminal() {
    if !tmux_available() {
        eprintln!("note: tmux is not installed; skipping the end-to-end test");
        return;
    }
    // The blank is bottom-left: Left slides 7 into it, then 8 is one move from home.
    let t = start("play", "--board '1 2 3 4 5 6 0 7 8'");
    let (screen, _) = t.wait_for("the game screen", |s| s.contains("Moves  0"));
    assert!(screen.contains("[  1 ]"), "tiles at home are bracketed:\n{screen}");
    assert!(screen.contains("i hint"), "the footer names the hint key:\n{screen}");
    let before: Vec<String> = screen.lines().map(str::to_string).collect();

    t.keys(&["Left"]);
    let (screen, _) = t.wait_for("the move counter", |s| s.contains("Moves  1"));
    assert!(screen.contains("[  7 ]"), "7 slid home:\n{screen}");
    assert_ne!(before, screen.lines().map(str::to_string).collect::<Vec<_>>());

    t.keys(&["i"]);
    let (screen, took) = t.wait_for("the hint", |s| s.contains("Hint: slide 8 left"));
    eprintln!("hint drawn {} ms after the key was sent", took.as_millis());
    assert!(screen.contains("◀"), "the hinted tile carries an arrow:\n{screen}");
    assert!(screen.contains("1 move (optimal)"), "{screen}");

    t.keys(&["q"]);
    let (screen, _) = t.wait_for("the shell after exit", |s| s.contains("EXITED"));
    assert!(screen.contains("EXITED 0"), "clean exit:\n{screen}");
    assert!(
        !screen.contains("Moves") && !screen.contains("╭"),
        "the alternate screen is gone:\n{screen}"
    );

    // Enter starts the game again with no arguments: the saved game comes back.
    t.keys(&["Enter"]);
    let (screen, _) = t.wait_for("the resumed game", |s| s.contains("Resumed"));
    assert!(screen.contains("Moves  1"), "{screen}");
    assert!(screen.contains("[  7 ]"), "{screen}");
    t.keys(&["C-c"]);
    t.wait_for("Ctrl-C to quit and restore", |s| {
        s.contains("AGAIN") && !s.contains("Resumed")
    });
}
