//! End to end: today's daily puzzle started from the command line, with a picture on the
//! tiles, solved, and its result line shared, in a real terminal (tmux).

use crate::tmux::{self, Tmux};

const S: &str = "game";

#[test]
fn the_daily_puzzle_with_a_picture_is_played_and_its_result_shared() {
    if !tmux::available() {
        return;
    }
    let t = Tmux::new("daily-picture");
    let bin = tmux::bin();
    let env = t.env(&t.dir().join("data"));
    // COLORTERM: the picture in 24-bit colour; animation_ms keeps the solver's play short.
    std::fs::create_dir_all(t.dir().join("config")).expect("config dir");
    std::fs::write(t.dir().join("config/config.toml"), "[game]\nanimation_ms = 20\n").expect("config");
    let script = format!(
        "{env} COLORTERM=truecolor TERM=xterm-256color '{bin}' --daily --size 3 --picture sunset; echo \"EXITED $?\"; sleep 60"
    );
    t.open(S, 80, 24, &script);
    let today = slide::difficulty::UtcDate::today().to_string();
    // Each wait names all it then checks: a capture may catch a frame half drawn.
    let (screen, _) = t.wait_for(S, "the daily puzzle", |s| {
        s.contains(&format!("daily {today}")) && s.contains('▀') && s.contains("# numbers")
    });
    assert!(screen.contains('▀'), "the tiles show the picture:\n{screen}");
    assert!(
        screen.contains("# numbers"),
        "the frame names the numbers key:\n{screen}"
    );

    t.keys(S, &["#"]);
    // Each tile's number in its top-left corner, on the picture.
    t.wait_for(S, "the tile numbers", |s| (1..=8).all(|n| s.contains(&format!("{n}▀"))));

    // Let the solver play it out: the win screen shows the line to share.
    t.keys(S, &["p"]);
    let share = format!("Slide daily {today} · 3×3 · ");
    let (screen, _) = t.wait_for(S, "the win screen", |s| {
        s.contains("Share your result")
            && s.contains(&share)
            && s.contains("solver played")
            && s.contains("c copies it to the clipboard")
    });
    assert!(screen.contains(&share), "{screen}");
    assert!(screen.contains("solver played"), "{screen}");
    // A daily the solver finished keeps no streak, and is no win.
    assert!(screen.contains("Streak  0 days (best 0)"), "{screen}");
    assert!(screen.contains("Record  0 of 1 won"), "{screen}");
    assert!(screen.contains("c copies it to the clipboard"), "{screen}");
    t.keys(S, &["c"]);
    t.wait_for(S, "the copy", |s| s.contains("Copied (if your terminal allows)."));

    t.keys(S, &["q"]);
    let (screen, _) = t.wait_for(S, "the exit", |s| s.contains("EXITED"));
    assert!(screen.contains("EXITED 0"), "{screen}");
}
