//! End to end: the real binary in a real terminal (tmux), driven by keys, read back from
//! the screen. Skipped, with a note, when tmux is not installed, except under `CI=true`.

use crate::tmux::{self, Tmux};

const S: &str = "game";

fn start(name: &str, args: &str) -> Tmux {
    let t = Tmux::new(name);
    let bin = tmux::bin();
    let env = t.env(&t.dir().join("data"));
    // After the game exits the shell prints a marker and stays, so the restored screen can
    // be read back.
    let script = format!("{env} '{bin}' play {args}; echo \"EXITED $?\"; read x; '{bin}' play; echo AGAIN; sleep 60");
    t.open(S, 100, 35, &script);
    t
}

#[test]
fn plays_a_three_by_three_game_in_a_real_terminal() {
    if !tmux::available() {
        return;
    }
    // The blank is bottom-left: Left slides 7 into it, then 8 is one move from home.
    let t = start("play", "--board '1 2 3 4 5 6 0 7 8'");
    // Waits name all they check: under load a capture may catch a frame half drawn.
    let (screen, _) = t.wait_for(S, "the game screen", |s| {
        s.contains("Moves    0") && s.contains("[  1 ]") && s.contains("i hint")
    });
    assert!(screen.contains("[  1 ]"), "tiles at home are bracketed:\n{screen}");
    assert!(screen.contains("i hint"), "the footer names the hint key:\n{screen}");
    let before: Vec<String> = screen.lines().map(str::to_string).collect();

    t.keys(S, &["Left"]);
    let (screen, _) = t.wait_for(S, "the move counter", |s| s.contains("Moves    1"));
    assert!(screen.contains("[  7 ]"), "7 slid home:\n{screen}");
    assert_ne!(before, screen.lines().map(str::to_string).collect::<Vec<_>>());

    t.keys(S, &["i"]);
    let (screen, took) = t.wait_for(S, "the hint", |s| s.contains("Hint: slide 8 left"));
    eprintln!("hint drawn {} ms after the key was sent", took.as_millis());
    assert!(screen.contains("◀"), "the hinted tile carries an arrow:\n{screen}");
    assert!(screen.contains("1 move (optimal)"), "{screen}");

    t.keys(S, &["q"]);
    let (screen, _) = t.wait_for(S, "the shell after exit", |s| s.contains("EXITED"));
    assert!(screen.contains("EXITED 0"), "clean exit:\n{screen}");
    assert!(
        !screen.contains("Moves") && !screen.contains("╭"),
        "the alternate screen is gone:\n{screen}"
    );

    // Enter starts the game again with no arguments: the saved game comes back.
    t.keys(S, &["Enter"]);
    let (screen, _) = t.wait_for(S, "the resumed game and its moves", |s| {
        s.contains("Resumed") && s.contains("Moves    ")
    });
    assert!(screen.contains("Moves    1"), "{screen}");
    assert!(
        !screen.contains("[  7 ]"),
        "the board shows once the player looks:\n{screen}"
    );
    t.keys(S, &["Escape"]);
    let (screen, _) = t.wait_for(S, "the board again", |s| s.contains("[  7 ]"));
    assert!(!screen.contains("Resumed your last game"), "{screen}");
    t.keys(S, &["C-c"]);
    t.wait_for(S, "Ctrl-C to quit and restore", |s| {
        s.contains("AGAIN") && !s.contains("Resumed")
    });
}
