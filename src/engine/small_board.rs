//! Which boards the engine treats as small: those of at most 16 cells (3×3, 4×4, and the
//! shapes 2×2 to 2×8, 3×4, 4×3, 3×5, 5×3), whose optimal solutions the solver proves within
//! a hint's time or soon after. There the par is searched outright and shown only once
//! proven, and thinking time goes to that proof. On larger boards the par is the best plan
//! found, shown as an estimate until proven, and thinking time goes to better plans.

use crate::puzzle::Size;

/// The most cells of a small board (4×4's).
const SMALL_CELLS: usize = 16;

/// Whether boards of `size` are small (see the module's doc).
pub(crate) fn is_small(size: Size) -> bool {
    size.cells() <= SMALL_CELLS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_means_at_most_sixteen_cells_as_three_and_four_were() {
        assert!(is_small(Size::THREE) && is_small(Size::FOUR));
        assert!(!is_small(Size::FIVE) && !is_small(Size::SIX));
        for (w, h, small) in [
            (2, 2, true),
            (2, 8, true),
            (5, 3, true),
            (3, 5, true),
            (2, 9, false),
            (4, 5, false),
        ] {
            assert_eq!(is_small(Size::rect(w, h).unwrap()), small, "{w}×{h}");
        }
    }
}
