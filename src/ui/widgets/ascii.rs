//! The screen for a terminal without UTF-8: every character the game draws beyond ASCII
//! (box drawing, arrows, the spinner, chart dots, ×, …, ·) is replaced, after the frame is
//! drawn, by an ASCII one of the same width, so nothing arrives as mangled bytes. One pass
//! over the finished frame, so no widget needs a second way of drawing itself.

use ratatui::buffer::Buffer;

/// The ASCII stand-in for `c`: a line for box drawing, `^ v < >` for arrows, `#` for
/// blocks, `.` for dots, `x` for ×, and `?` for anything else.
pub fn ascii_of(c: char) -> char {
    match c {
        c if c.is_ascii() => c,
        '─' | '━' | '═' | '╌' | '┄' | '—' | '–' => '-',
        '│' | '┃' | '║' | '╎' | '┆' => '|',
        '╭' | '╮' | '╰' | '╯' | '┌' | '┐' | '└' | '┘' | '╔' | '╗' | '╚' | '╝' | '├' | '┤' | '┬' | '┴' | '┼' | '╠'
        | '╣' | '╦' | '╩' | '╬' => '+',
        '▲' | '↑' | '▴' => '^',
        '▼' | '↓' | '▾' => 'v',
        '◀' | '←' | '◂' => '<',
        '▶' | '→' | '▸' | '▹' => '>',
        '█' | '▀' | '▄' | '▌' | '▐' | '▉' | '▊' | '▋' | '▍' | '▎' | '▏' | '▇' | '▆' | '▅' | '▃' | '▂' | '▁' => {
            '#'
        }
        '×' => 'x',
        // Dots, and the spinner's and charts' braille.
        '·' | '•' | '…' | '\u{2801}'..='\u{28FF}' => '.',
        '≈' => '~',
        '★' => '*',
        '⚠' => '!',
        '\u{2800}' => ' ',
        _ => '?',
    }
}

/// Replaces every cell's symbol of `buf` by its ASCII stand-in.
pub fn downgrade(buf: &mut Buffer) {
    for cell in &mut buf.content {
        let symbol = cell.symbol();
        if !symbol.is_ascii() {
            let c = symbol.chars().next().map_or(' ', ascii_of);
            cell.set_char(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::widgets::{Block, BorderType, Widget};

    #[test]
    fn a_frame_becomes_ascii_of_the_same_shape() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 3));
        Block::bordered()
            .border_type(BorderType::Rounded)
            .title(" 4×4 · ▶ ")
            .render(buf.area, &mut buf);
        downgrade(&mut buf);
        let rows: Vec<String> = (0..3)
            .map(|y| (0..12).map(|x| buf[(x, y)].symbol()).collect())
            .collect();
        assert_eq!(rows, vec!["+ 4x4 . > -+", "|          |", "+----------+"]);
    }
}
