//! The `slide` binary: the game and the command line over the `slide` library.

fn main() {}
