//! Pieces of the screen that several modes draw: the board, the side panel, the footer,
//! boxes over the screen, and the layout that places them.

pub mod ascii;
pub mod board;
pub mod digits;
pub mod distance_chart;
pub mod footer;
pub mod layout;
pub mod notice;
pub mod overlay;
pub mod panel;
pub mod picture_board;
pub mod times;
pub mod too_small;
