//! Render tests of boards of every shape: rectangles wide and tall, and 10×10 in the compact
//! tiles on 80×24; a click on a rectangle's tile slides the tiles it names; the menu picks a
//! width and a height.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use slide::game::Game;
use slide::puzzle::{Board, SeededRng, Size};

use crate::ui::app::App;
use crate::ui::keys::Action;
use crate::ui::render_tests::screen;
use crate::ui::scheme::Scheme;
use crate::ui::screens::menu::{Menu, MenuScreen};
use crate::ui::screens::menu_size::levels_offered;
use crate::ui::screens::playing::segment_to;
use crate::ui::theme::Theme;
use crate::ui::widgets::board::BoardView;
use crate::ui::widgets::layout::{Fit, ScreenLayout, fit};

fn size(w: usize, h: usize) -> Size {
    Size::rect(w, h).expect("2 to 10")
}

fn random(size: Size) -> Board {
    Board::random(size, &mut SeededRng::new(7))
}

/// An app playing a random board of `size` (the same each run).
fn shaped_app(size: Size) -> App {
    crate::ui::app_tests::test_app(Game::new(random(size), None, None, None))
}

fn layout_for(size: Size, w: u16, h: u16) -> ScreenLayout {
    match fit(Rect::new(0, 0, w, h), size) {
        Fit::Fits(l) => l,
        Fit::TooSmall { need, .. } => panic!("{size} needs {need:?} at {w}×{h}"),
    }
}

fn layout(app: &App, w: u16, h: u16) -> ScreenLayout {
    layout_for(app.current.game.size(), w, h)
}

/// The screen's rows as text.
fn rows(buf: &Buffer) -> Vec<String> {
    let a = buf.area;
    (0..a.height)
        .map(|y| (0..a.width).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect()
}

/// `board` drawn by the board widget where the game's layout puts it on a `w`×`h` terminal
/// (the game model starts rectangles once the library does; the widget draws them now).
fn drawn(board: &Board, w: u16, h: u16) -> (ScreenLayout, Vec<String>) {
    let layout = layout_for(board.size(), w, h);
    let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
    BoardView {
        board,
        layout: &layout,
        theme: &Theme::colour(),
        hint: None,
        blank_convention: false,
        title: format!(" {} ", board.size()),
        bumped: false,
        scheme: Scheme::Rows,
        unicode: true,
        hidden: false,
    }
    .render(layout.board, &mut buf);
    (layout, rows(&buf))
}

/// Every tile shows its own number in its rectangle (big digits on the biggest tiles), and
/// the gap shows none.
fn assert_tiles_drawn(board: &Board, layout: &ScreenLayout, lines: &[String]) {
    let lines: Vec<Vec<char>> = lines.iter().map(|l| l.chars().collect()).collect();
    for cell in 0..board.size().cells() {
        let r = layout.tile_rect(cell);
        let row = &lines[usize::from(r.y + r.height / 2)];
        let text: String = row[usize::from(r.x)..usize::from(r.right())].iter().collect();
        let text = text.trim().trim_matches(|c| c == '[' || c == ']').trim();
        let tile = board.tile_at(cell);
        if layout.tile.h >= 5 {
            // Big digits: the tile's middle row shows part of them, the gap's nothing.
            assert_eq!(
                text.is_empty(),
                tile == 0,
                "{} cell {cell}:\n{}",
                board.size(),
                lines_text(&lines)
            );
            continue;
        }
        let want = if tile == 0 { String::new() } else { tile.to_string() };
        assert_eq!(text, want, "{} cell {cell}:\n{}", board.size(), lines_text(&lines));
    }
}

fn lines_text(lines: &[Vec<char>]) -> String {
    lines
        .iter()
        .map(|l| l.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_wide_and_a_tall_rectangle_draw_every_tile_in_its_place() {
    for shape in [size(5, 3), size(3, 5)] {
        let board = random(shape);
        for (w, h) in [(80, 24), (120, 40), (200, 60), (60, 20), (56, 20)] {
            let (l, lines) = drawn(&board, w, h);
            assert_tiles_drawn(&board, &l, &lines);
            // Columns by the width, rows by the height.
            let (cols, rows) = (shape.width() as u16, shape.height() as u16);
            assert_eq!(l.board.width, cols * (l.tile.w + l.tile.gap_x) - l.tile.gap_x + 4);
            assert_eq!(l.board.height, rows * (l.tile.h + l.tile.gap_y) - l.tile.gap_y + 2);
            if (w, h) == (80, 24) {
                assert!(l.tile.is_big(), "{shape} takes big tiles at 80×24");
                assert!(
                    lines[usize::from(l.board.y)].contains(&format!(" {shape} ")),
                    "the frame names {shape}"
                );
            }
        }
    }
}

#[test]
fn ten_by_ten_shows_all_99_numbers_on_80_by_24() {
    let a = shaped_app(Size::new(10).expect("10×10"));
    let l = layout(&a, 80, 24);
    assert_eq!((l.tile.w, l.tile.h), (3, 1), "the compact tiles");
    assert!(l.board.right() <= l.panel.x, "the board beside the panel");
    let board = *a.current.game.board();
    assert_tiles_drawn(&board, &l, &screen(&a, 80, 24));
    // Each number once, as a word of its own, on the screen.
    let text = screen(&a, 80, 24).join("\n");
    let board_words: Vec<String> = screen(&a, 80, 24)
        .iter()
        .skip(usize::from(l.board.y))
        .take(usize::from(l.board.height))
        .flat_map(|line| {
            let inside: String = line
                .chars()
                .skip(usize::from(l.board.x) + 1)
                .take(usize::from(l.board.width) - 2)
                .collect();
            inside.split_whitespace().map(str::to_string).collect::<Vec<_>>()
        })
        .collect();
    for n in 1..=99 {
        assert_eq!(
            board_words.iter().filter(|w| **w == n.to_string()).count(),
            1,
            "{n} on the board once:\n{text}"
        );
    }
    // At 200×60 the tiles are big again.
    let l = layout(&a, 200, 60);
    assert!(l.tile.is_big());
    assert_tiles_drawn(&board, &l, &screen(&a, 200, 60));
}

#[test]
fn long_thin_boards_fit_80_by_24_both_ways() {
    for shape in [size(10, 2), size(2, 10)] {
        let board = random(shape);
        for (w, h) in [(80, 24), (120, 40)] {
            let (l, lines) = drawn(&board, w, h);
            let right = l.times.map_or(l.panel.right(), Rect::right);
            assert!(right <= w && l.board.bottom() < h, "{shape}: {l:?}");
            assert_tiles_drawn(&board, &l, &lines);
        }
    }
}

/// Clicks the middle of the tile at `cell` of `board` drawn on a `w`×`h` screen: the cell
/// the click lands on, and the board after the segment it names slides.
fn click(board: &Board, w: u16, h: u16, cell: usize) -> (usize, Board) {
    let l = layout_for(board.size(), w, h);
    let r = l.tile_rect(cell);
    let landed = l.cell_at(r.x + r.width / 2, r.y + r.height / 2).expect("on a tile");
    let mut after = *board;
    if let Some((m, count)) = segment_to(board, landed) {
        for _ in 0..count {
            assert!(after.try_move(m), "the segment slides");
        }
    }
    (landed, after)
}

#[test]
fn a_click_on_a_rectangles_tile_slides_the_tiles_between_it_and_the_gap() {
    // 5×3, the gap at the middle row's first cell (cell 5).
    let board: Board = "1 2 3 4 5/0 6 7 8 9/11 12 13 14 10".parse().expect("5×3");
    // Big tiles, small ones, compact ones.
    for (w, h) in [(80, 24), (60, 20), (56, 20)] {
        // Cell 9, the row's last: four tiles slide left.
        let (landed, after) = click(&board, w, h, 9);
        assert_eq!(landed, 9, "{w}×{h}");
        assert_eq!(after.blank(), 9);
        assert_eq!((after.tile_at(5), after.tile_at(8)), (6, 9));
        // Cell 14, below the gap: one tile up, and the board is solved.
        let (_, solved) = click(&after, w, h, 14);
        assert!(solved.is_goal(), "{w}×{h}: {solved:?}");
    }
    // A tile off the gap's row and column moves nothing; on a tall board a column slides.
    let tall: Board = "0 2/1 4/3 6/5 8/7 9".parse().expect("2×5");
    assert_eq!(click(&tall, 80, 24, 3).1, tall, "off the gap's lines");
    let (landed, after) = click(&tall, 80, 24, 8);
    assert_eq!((landed, after.blank(), after.tile_at(0)), (8, 8, 1));
    // Every cell of every shape is hit where it is drawn.
    for (w, h) in [(2, 10), (10, 2), (4, 5), (7, 3)] {
        let board = random(size(w, h));
        for cell in 0..w * h {
            assert_eq!(click(&board, 80, 24, cell).0, cell, "{w}×{h}");
        }
    }
}

#[test]
fn the_compact_tiles_take_clicks_too() {
    let mut a = shaped_app(Size::new(10).expect("10×10"));
    a.area = Rect::new(0, 0, 80, 24);
    assert!(!layout(&a, 80, 24).tile.is_big());
    let blank = a.current.game.board().blank();
    // The cell at the other end of the gap's row.
    let row_start = blank - blank % 10;
    let target = if blank % 10 < 5 { row_start + 9 } else { row_start };
    let moved = a.current.game.board().tile_at(target);
    let r = layout(&a, 80, 24).tile_rect(target);
    a.update(Action::Click {
        column: r.x + 1,
        row: r.y,
    });
    assert_eq!(a.current.game.board().blank(), target);
    let next = if target > blank { target - 1 } else { target + 1 };
    assert_eq!(a.current.game.board().tile_at(next), moved);
}

/// Presses `action` `n` times.
fn press(a: &mut App, action: Action, n: usize) {
    for _ in 0..n {
        a.update(action);
    }
}

#[test]
fn the_menu_picks_a_width_and_a_height_and_its_levels() {
    let mut a = crate::ui::app_tests::test_app(Game::new("1 2 3 4 5 6 7 0 8".parse().expect("3×3"), None, None, None));
    a.update(Action::NewGame);
    press(&mut a, Action::Up, Menu::START - Menu::WIDTH);
    press(&mut a, Action::Right, 1); // width 3 → 4
    a.update(Action::Down);
    press(&mut a, Action::Right, 2); // height 3 → 5
    let menu = &a.top::<MenuScreen>().expect("the menu").menu;
    assert_eq!(menu.size, size(4, 5));
    let request = menu.request();
    assert_eq!(request.size, size(4, 5), "Start deals the size chosen");
    assert_eq!(request.level, slide::difficulty::Level::Random);
    let text = screen(&a, 80, 24).join("\n");
    for line in ["Size    ◀ 4×5", "width  ◀  4 ▶", "height ◀  5 ▶", "Level   ◀ random"] {
        assert!(text.contains(line), "{line}:\n{text}");
    }
    // The size row's presets: 4×5 → 5×4 → 7×7, and back to the classic 3×3 at the end.
    press(&mut a, Action::Up, 2);
    a.update(Action::Right);
    assert_eq!(a.top::<MenuScreen>().expect("the menu").menu.size, size(5, 4));
    a.update(Action::Right);
    assert_eq!(a.top::<MenuScreen>().expect("the menu").menu.size, size(7, 7));
    press(&mut a, Action::Right, 4);
    let menu = &a.top::<MenuScreen>().expect("the menu").menu;
    assert_eq!(menu.size, Size::THREE);
    assert_eq!(
        menu.level_choices(),
        levels_offered(Size::THREE).len() + 1,
        "and the daily"
    );
    // A width below 2 wraps to 10.
    a.update(Action::Down);
    press(&mut a, Action::Left, 2);
    assert_eq!(a.top::<MenuScreen>().expect("the menu").menu.size, size(10, 3));
}

#[test]
fn hovering_highlights_the_tiles_a_click_would_slide() {
    let mut a = shaped_app(Size::new(10).expect("10×10"));
    a.settings.config.game.mouse = true;
    a.settings.config.input.hover = false;
    a.area = Rect::new(0, 0, 80, 24);
    let l = layout(&a, 80, 24);
    let board = *a.current.game.board();
    let blank = board.blank();
    // The far end of the gap's column: every tile between is highlighted, no other.
    let (row, col) = (blank / 10, blank % 10);
    let target = if row < 5 { 90 + col } else { col };
    let styles = |a: &App| {
        let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).expect("terminal");
        t.draw(|f| f.render_widget(a, f.area())).expect("draw");
        let buf = t.backend().buffer().clone();
        (0..100)
            .map(|cell| {
                let r = l.tile_rect(cell);
                buf[(r.x + 1, r.y)].style()
            })
            .collect::<Vec<_>>()
    };
    let before = styles(&a);
    let r = l.tile_rect(target);
    assert!(
        a.update(Action::Hover {
            column: r.x + 1,
            row: r.y
        }),
        "a highlight is drawn"
    );
    assert_eq!(a.current.game.moves(), 0, "hovering moves nothing");
    let after = styles(&a);
    for cell in 0..100 {
        let between = cell % 10 == col
            && cell != blank
            && (cell / 10).abs_diff(row) <= (target / 10).abs_diff(row)
            && (cell / 10 > row) == (target / 10 > row);
        assert_eq!(
            before[cell] != after[cell],
            between,
            "cell {cell}, gap {blank}, hovered {target}"
        );
    }
    // Off the board, nothing is highlighted; the same place again changes nothing.
    assert!(a.update(Action::Hover { column: 0, row: 0 }));
    assert!(!a.update(Action::Hover { column: 1, row: 0 }));
    assert_eq!(a.current.hovered, None);
}

#[test]
fn a_picture_is_cut_to_the_rectangles_tiles() {
    use crate::ui::capabilities::Colours;
    use crate::ui::picture_mode::pixel_colour;
    use crate::ui::widgets::picture_board::PictureBoard;
    let mut a = shaped_app(Size::THREE);
    a.look.colours = Colours::True;
    let _ = a
        .look
        .set_picture(Some(slide::picture::Picture::resolve("sunset").expect("shipped")));
    for shape in [size(5, 3), size(3, 5)] {
        let board = random(shape);
        let layout = layout_for(shape, 120, 40);
        assert!(layout.tile.is_big());
        let theme = Theme::colour();
        let mut buf = Buffer::empty(Rect::new(0, 0, 120, 40));
        PictureBoard {
            board: BoardView {
                board: &board,
                layout: &layout,
                theme: &theme,
                hint: None,
                blank_convention: false,
                title: String::new(),
                bumped: false,
                scheme: Scheme::Plain,
                unicode: true,
                hidden: false,
            },
            look: &a.look,
            numbers_key: "#".into(),
        }
        .render(layout.board, &mut buf);
        let mode = a.look.picture.as_ref().expect("a picture");
        let cut = mode.cut(shape, a.look.tile_pixels(layout.tile), Colours::True);
        assert_eq!(cut.tiled.shape(), (shape.width(), shape.height()));
        for cell in 0..shape.cells() {
            let tile = board.tile_at(cell);
            if tile == 0 {
                continue;
            }
            // The tile's bottom-right cell: its part of the picture (no number drawn there).
            let r = layout.tile_rect(cell);
            let (x, y) = (r.width - 1, r.height - 1);
            let shown = &buf[(r.x + x, r.y + y)];
            assert_eq!(shown.symbol(), "▀", "{shape} cell {cell}");
            let want = pixel_colour(Colours::True, cut.tiled.pixel(tile, u32::from(x), u32::from(y) * 2));
            assert_eq!(shown.fg, want, "{shape} cell {cell} shows tile {tile}'s part");
        }
    }
}
