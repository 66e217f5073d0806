//! A centred, cleared box drawn over the game screen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget};

/// Where [`draw`] puts the box for `lines` titled `title` in `area` (for clicks on it):
/// the first line of text is at `y + 1`, `x + 2`.
pub fn rect(area: Rect, title: &str, lines: &[Line<'_>]) -> Rect {
    let width = lines
        .iter()
        .map(Line::width)
        .max()
        .unwrap_or(0)
        .max(title.chars().count() + 2) as u16
        + 4;
    let height = lines.len() as u16 + 2;
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(area.x + (area.width - w) / 2, area.y + (area.height - h) / 2, w, h)
}

/// Draws `lines` in a box titled `title`, centred in `area`.
pub fn draw(area: Rect, buf: &mut Buffer, title: &str, title_style: Style, lines: Vec<Line<'_>>) {
    let rect = rect(area, title, &lines);
    // Recede what is behind the box, so the parts of the board and panel that show around
    // its edges read as background rather than as part of the message.
    buf.set_style(area, Style::new().add_modifier(Modifier::DIM));
    Clear.render(rect, buf);
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .border_type(BorderType::Double)
                .title(title.to_string())
                .title_style(title_style)
                .padding(ratatui::widgets::Padding::horizontal(1)),
        )
        .render(rect, buf);
}
