//! Pictures for picture mode: a PNG or JPEG, decoded with `image` (those two codecs only),
//! cut into a board's tiles.
//!
//! A picture is the shipped one of a name ([`builtin`]) or a file ([`Picture::open`]). It is
//! cropped to a square (the board is square) and scaled to the board's pixel grid
//! ([`TiledPicture`]), where each tile shows the part of the picture at its goal cell and
//! the bottom-right part is the blank's. Tiles that look alike ([`look_alike_tiles`]) are
//! found so that the game can number them: no shipped picture has any, at any size.
//!
//! Imports nothing of the crate but its error excerpts: no board, solver or game.

mod builtin;
mod decoded;
mod look_alike;
mod tiled;

pub use builtin::BUILTIN;
pub use decoded::{Picture, PictureError, Rgb};
pub use look_alike::look_alike_tiles;
pub use tiled::TiledPicture;
