//! Snapshots of the board screen (insta) at 80×24, 120×40 and 200×60, for 3×3 and 6×6, with
//! numbers and with a picture: the tiles grow with the terminal, the numbers stay centred
//! (big digits on big tiles), and a picture is cut for the tiles on screen. The snapshots
//! live in `tests/snapshots/board/`; a change to the layout shows there, to be checked by eye
//! before it is accepted (`INSTA_UPDATE=always cargo test --bin slide board_snapshots`, then
//! review the diff).

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use slide::game::Game;
use slide::picture::Picture;

use crate::ui::app::App;
use crate::ui::capabilities::Colours;
use crate::ui::keys::Action;
use crate::ui::theme::Theme;

const THREE: &str = "8 6 7 2 5 4 3 0 1";
const SIX: &str = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 0 35";

/// The sizes of terminal the issue names.
const TERMINALS: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

fn board_app(board: &str, picture: bool) -> App {
    let game = Game::new(board.parse().expect("board"), None, None, None);
    let mut a = crate::ui::app_tests::test_app(game);
    a.notices.clear();
    if picture {
        a.settings.theme = Theme::colour();
        a.look.colours = Colours::True;
        let _ = a.look.set_picture(Some(Picture::resolve("sunset").expect("shipped")));
        // The numbers shown, so that the snapshot says which tile is where.
        a.update(Action::Numbers);
        a.current.status = None;
    }
    a.notices.clear();
    a
}

fn snapshot(name: &str, app: &App, (w, h): (u16, u16)) {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    t.draw(|f| f.render_widget(app, f.area())).expect("draw");
    insta::with_settings!({
        snapshot_path => "../../tests/snapshots/board",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, t.backend());
    });
}

#[test]
fn the_board_at_three_terminal_sizes_in_numbers_and_pictures() {
    for (side, board) in [(3, THREE), (6, SIX)] {
        for picture in [false, true] {
            let app = board_app(board, picture);
            for (w, h) in TERMINALS {
                let mode = if picture { "picture" } else { "numbers" };
                snapshot(&format!("board_{side}x{side}_{mode}_{w}x{h}"), &app, (w, h));
            }
        }
    }
}
