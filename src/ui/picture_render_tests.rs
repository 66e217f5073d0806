//! Render tests of picture mode and of a daily puzzle's win screen: the screen drawn into
//! ratatui's `TestBackend`, cell colours read back.

use std::collections::BTreeSet;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::Color;
use slide::game::Game;
use slide::picture::Picture;

use crate::ui::app::App;
use crate::ui::app_tests::Driven;
use crate::ui::capabilities::Colours as PictureColours;
use crate::ui::clipboard::ClipboardSupport;
use crate::ui::keys::Action;
use crate::ui::screens::daily_share::DailyWin;
use crate::ui::screens::menu::MenuScreen;
use crate::ui::screens::win::{WinScreen, WinSummary};
use crate::ui::theme::Theme;
use crate::ui::widgets::layout::{Fit, fit};
use crate::ui::widgets::picture_board::{NO_COLOUR, TOO_SMALL};

const THREE: &str = "1 2 3 4 5 6 7 0 8";
const SIX: &str = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 0 35";

fn picture_app(board: &str, picture: &str, colours: PictureColours) -> App {
    let mut a = crate::ui::app_tests::test_app(Game::new(board.parse().expect("board"), None, None, None));
    a.notices.clear();
    a.settings.theme = Theme::colour();
    a.look.colours = colours;
    set_picture(&mut a, Picture::resolve(picture).expect("shipped picture"));
    a.notices.clear();
    a
}

/// Puts `picture` on the tiles, with the notice it may bring.
fn set_picture(a: &mut App, picture: Picture) {
    if let Some(n) = a.look.set_picture(Some(picture)) {
        a.notify(n);
    }
}

fn buffer(app: &App, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| f.render_widget(app, f.area())).expect("draw");
    t.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let a = buf.area;
    (0..a.height)
        .map(|y| (0..a.width).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n")
        .collect()
}

/// The colours (fg and bg) of every cell of the tile at `cell`.
fn tile_colours(app: &App, buf: &Buffer, cell: usize) -> (Vec<String>, BTreeSet<String>) {
    let Fit::Fits(layout) = fit(buf.area, app.current.game.size()) else {
        panic!("fits")
    };
    let r = layout.tile_rect(cell);
    let mut symbols = Vec::new();
    let mut colours = BTreeSet::new();
    for y in r.y..r.y + r.height {
        for x in r.x..r.x + r.width {
            let c = &buf[(x, y)];
            symbols.push(c.symbol().to_string());
            colours.insert(format!("{:?}", c.fg));
            colours.insert(format!("{:?}", c.bg));
        }
    }
    (symbols, colours)
}

#[test]
fn picture_tiles_are_half_blocks_whose_colours_vary_across_a_tile() {
    let a = picture_app(THREE, "rings", PictureColours::True);
    let buf = buffer(&a, 80, 24);
    let (symbols, colours) = tile_colours(&a, &buf, 0);
    assert!(symbols.iter().all(|s| s == "▀"), "{symbols:?}");
    assert!(colours.len() >= 4, "one tile shows several colours: {colours:?}");
    assert!(colours.iter().all(|c| c.contains("Rgb")), "true colour: {colours:?}");
    // Tiles differ from each other too.
    let (_, other) = tile_colours(&a, &buf, 4);
    assert_ne!(colours, other);
    // The blank stays empty until the picture is whole; the frame names the numbers key.
    let (blank, _) = tile_colours(&a, &buf, 7);
    assert!(blank.iter().all(|s| s == " "), "{blank:?}");
    assert!(text(&buf).contains("# numbers"), "{}", text(&buf));
}

#[test]
fn the_256_colour_fallback_uses_indexed_colours() {
    let a = picture_app(THREE, "sunset", PictureColours::Indexed);
    let buf = buffer(&a, 80, 24);
    let (_, colours) = tile_colours(&a, &buf, 1);
    assert!(colours.iter().all(|c| c.contains("Indexed")), "{colours:?}");
    assert!(colours.len() >= 2, "{colours:?}");
}

#[test]
fn the_numbers_key_shows_each_tiles_number_in_its_corner() {
    let mut a = picture_app(THREE, "flower", PictureColours::True);
    a.update(crate::ui::keys::Action::Numbers);
    let buf = buffer(&a, 80, 24);
    let Fit::Fits(layout) = fit(buf.area, slide::puzzle::Size::THREE) else {
        panic!("fits")
    };
    for cell in 0..8 {
        let r = layout.tile_rect(cell);
        let tile = a.current.game.board().tile_at(cell);
        if tile == 0 {
            continue;
        }
        assert_eq!(buf[(r.x, r.y)].symbol(), tile.to_string(), "tile {tile}");
        assert!(matches!(buf[(r.x, r.y)].fg, Color::Black | Color::White));
    }
    a.update(crate::ui::keys::Action::Numbers);
    let buf = buffer(&a, 80, 24);
    let r = layout.tile_rect(0);
    assert_eq!(buf[(r.x, r.y)].symbol(), "▀", "hidden again");
}

#[test]
fn a_solved_board_shows_the_whole_picture() {
    let mut a = picture_app("1 2 3 4 5 6 7 8 0", "sunset", PictureColours::True);
    // A solved start opens the menu; the board behind it is what is checked.
    a.update(Action::Back);
    let buf = buffer(&a, 80, 24);
    let (last, colours) = tile_colours(&a, &buf, 8);
    assert!(last.iter().all(|s| s == "▀"), "the last piece fills the gap: {last:?}");
    assert!(colours.len() >= 2);
}

#[test]
fn no_colour_or_small_tiles_fall_back_to_numbers_and_say_so() {
    let mono = picture_app(THREE, "rings", PictureColours::None);
    let screen = text(&buffer(&mono, 80, 24));
    assert!(screen.contains(NO_COLOUR.trim()), "{screen}");
    assert!(screen.contains("[  1 ]"), "numbers drawn: {screen}");
    // 6×6 at 80×24 has only the compact tiles: numbers, and the frame says why.
    let small = picture_app(SIX, "rings", PictureColours::True);
    let screen = text(&buffer(&small, 80, 24));
    assert!(screen.contains(TOO_SMALL.trim()), "{screen}");
    assert!(!screen.contains('▀'), "{screen}");
    // The game says so once, with the window size that would show the picture.
    let mut small = small;
    small.area = ratatui::layout::Rect::new(0, 0, 80, 24);
    small.tick(std::time::Instant::now());
    let said = small.notice().expect("a notice").notice.text.clone();
    assert!(said.contains("76×26"), "{said}");
    assert_eq!(
        crate::ui::widgets::layout::big_minimum(slide::puzzle::Size::SIX),
        (76, 26)
    );
    small.notices.clear();
    small.tick(std::time::Instant::now());
    assert!(small.notice().is_none(), "said once");
    // With room for big tiles, the 6×6 picture shows.
    let screen = text(&buffer(&small, 120, 40));
    assert!(screen.contains('▀'), "{screen}");
    // Choosing a picture under mono says so in a notice.
    let mut a = crate::ui::app_tests::test_app(Game::new(THREE.parse().expect("board"), None, None, None));
    a.notices.clear();
    set_picture(&mut a, Picture::resolve("rings").expect("picture"));
    let notice = a.notice().expect("a notice").notice.text.clone();
    assert!(notice.contains("numbers"), "{notice}");
}

#[test]
fn the_menu_offers_the_pictures_and_puts_one_on() {
    let mut a = crate::ui::app_tests::test_app(Game::new(THREE.parse().expect("board"), None, None, None));
    a.notices.clear();
    a.settings.theme = Theme::colour();
    a.look.colours = PictureColours::True;
    a.update(crate::ui::keys::Action::NewGame);
    let screen = text(&buffer(&a, 80, 24));
    assert!(screen.contains("Picture ◀ none"), "{screen}");
    a.update(crate::ui::keys::Action::Up); // the code row
    a.update(crate::ui::keys::Action::Up); // the picture row
    a.update(crate::ui::keys::Action::Right); // none → the first shipped picture
    let m = &a.top::<MenuScreen>().expect("menu").menu;
    assert_eq!(m.pictures[m.picture], "sunset");
    let screen = text(&buffer(&a, 80, 24));
    assert!(screen.contains("Picture ◀ sunset"), "{screen}");
    a.update(crate::ui::keys::Action::Confirm);
    assert_eq!(a.look.picture.as_ref().map(|p| p.picture.name.as_str()), Some("sunset"));
}

fn daily_win(clipboard: ClipboardSupport, copied: bool) -> App {
    let mut a =
        crate::ui::app_tests::test_app(Game::new("1 2 3 4 5 6 7 8 0".parse().expect("board"), None, None, None));
    a.notices.clear();
    a.clipboard.support = clipboard;
    let report = slide::game::WinReport {
        result: slide::game::Outcome::Won,
        replay: false,
        moves: 47,
        stm: 47,
        mtm: 47,
        time_ms: Some(133_000),
        tps: Some(0.35),
        hints: 0,
        solver_used: false,
        ranked: true,
        assisted: false,
        helped_before: false,
        par: slide::game::ParLine::Proven {
            par: 41,
            extra: Some(6),
        },
        run_boards: None,
        splits: Vec::new(),
        seeded_run: false,
        beaten: None,
        not_stored: None,
        bests: slide::game::Bests::default(),
        record: None,
        session: None,
        daily: None,
    };
    a.push(Box::new(WinScreen::new(WinSummary {
        report,
        daily: Some(DailyWin {
            share: "Slide daily 2026-12-02 · 4×4 · 47 moves (par 41) · 2:13 · no hints".into(),
            streak: 3,
            best_streak: 5,
            copied,
        }),
    })));
    a
}

#[test]
fn a_daily_win_shows_the_share_line_and_the_copy_key() {
    let mut a = daily_win(ClipboardSupport::Osc52, false);
    let screen = text(&buffer(&a, 80, 24));
    assert!(
        screen.contains("Slide daily 2026-12-02 · 4×4 · 47 moves (par 41) · 2:13 · no hints"),
        "{screen}"
    );
    assert!(screen.contains("c copies it to the clipboard"), "{screen}");
    assert!(screen.contains("Streak  3 days (best 5)"), "{screen}");
    a.update(crate::ui::keys::Action::Copy);
    assert_eq!(
        a.clipboard.out.as_deref(),
        Some("Slide daily 2026-12-02 · 4×4 · 47 moves (par 41) · 2:13 · no hints")
    );
    let screen = text(&buffer(&a, 80, 24));
    assert!(screen.contains("Copied (if your terminal allows)."), "{screen}");
    // Where OSC 52 can't work, the screen says to select the line, and nothing is sent.
    let mut a = daily_win(ClipboardSupport::Unavailable("TERM=dumb"), false);
    a.update(crate::ui::keys::Action::Copy);
    assert!(a.clipboard.out.is_none());
    let screen = text(&buffer(&a, 80, 24));
    assert!(
        screen.contains("Select the line above to copy it (TERM=dumb)."),
        "{screen}"
    );
}

/// Frame render time of a 6×6 picture board with big tiles and numbers shown:
/// `cargo test --release --bin slide picture_frame_time -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn picture_frame_time_six_by_six() {
    for (colours, name) in [
        (PictureColours::True, "true colour"),
        (PictureColours::Indexed, "256 colours"),
    ] {
        let mut a = picture_app(SIX, "sunset", colours);
        a.update(crate::ui::keys::Action::Numbers);
        let mut t = Terminal::new(TestBackend::new(120, 40)).expect("test terminal");
        let frames = 2000;
        let mut times = Vec::with_capacity(frames);
        for _ in 0..frames {
            let start = std::time::Instant::now();
            // A fresh buffer each frame: the whole board is drawn and diffed, as after a move.
            t.clear().expect("clear");
            t.draw(|f| f.render_widget(&a, f.area())).expect("draw");
            times.push(start.elapsed());
        }
        times.sort_unstable();
        let p = |q: f64| times[((frames as f64 - 1.0) * q) as usize];
        println!(
            "6×6 picture frame, {name} (120×40, render + diff): median {:?}, p95 {:?}, max {:?}",
            p(0.5),
            p(0.95),
            times[frames - 1]
        );
    }
}
