//! The new-game menu's sizes: the presets its size row cycles through (the classic sizes,
//! then other shapes), a width or height stepped within 2 to 10, and the levels each size
//! offers.

use slide::difficulty::Level;
use slide::puzzle::Size;

/// The sizes the size row cycles through: the classic ones, then the presets of other shapes
/// (any width and height is chosen on the rows below it).
pub const PRESETS: [(usize, usize); 12] = [
    (3, 3),
    (4, 4),
    (5, 5),
    (6, 6),
    (3, 4),
    (4, 3),
    (4, 5),
    (5, 4),
    (7, 7),
    (8, 8),
    (9, 9),
    (10, 10),
];

/// The size after (or before) `size` among the presets; a size that is no preset goes to the
/// first (or last).
pub(crate) fn next_preset(size: Size, forward: bool) -> Size {
    let sizes: Vec<Size> = PRESETS.iter().filter_map(|&(w, h)| Size::rect(w, h).ok()).collect();
    let n = sizes.len();
    let next = match sizes.iter().position(|s| *s == size) {
        Some(i) if forward => (i + 1) % n,
        Some(i) => (i + n - 1) % n,
        None if forward => 0,
        None => n - 1,
    };
    sizes[next]
}

/// `size` with its width (or height) one more or one less, wrapping within 2 to 10.
pub(crate) fn stepped(size: Size, width: bool, forward: bool) -> Size {
    let step = |n: usize| match (forward, n) {
        (true, 10) => 2,
        (true, n) => n + 1,
        (false, 2) => 10,
        (false, n) => n - 1,
    };
    let (w, h) = (size.width(), size.height());
    let (w, h) = if width { (step(w), h) } else { (w, step(h)) };
    Size::rect(w, h).unwrap_or(size)
}

/// The levels the menu offers at `size`: the library's one list
/// ([`slide::difficulty::levels_for`]).
pub fn levels_offered(size: Size) -> Vec<Level> {
    slide::difficulty::levels_for(size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_cycle_and_sides_wrap() {
        let s = |w, h| Size::rect(w, h).expect("2 to 10");
        assert_eq!(next_preset(s(6, 6), true), s(3, 4));
        assert_eq!(next_preset(s(10, 10), true), s(3, 3));
        assert_eq!(next_preset(s(3, 3), false), s(10, 10));
        // A size that is no preset goes to either end.
        assert_eq!(next_preset(s(5, 3), true), s(3, 3));
        assert_eq!(next_preset(s(5, 3), false), s(10, 10));
        assert_eq!(stepped(s(10, 3), true, true), s(2, 3));
        assert_eq!(stepped(s(10, 2), false, false), s(10, 10));
        assert_eq!(stepped(s(4, 4), false, true), s(4, 5));
        assert_eq!(levels_offered(s(4, 4)), Level::ALL.to_vec());
        assert_eq!(levels_offered(s(4, 3)), Level::ALL.to_vec());
        assert_eq!(levels_offered(s(4, 5)), vec![Level::Random]);
        assert_eq!(levels_offered(s(7, 7)), vec![Level::Random]);
    }
}
