//! Calibrated constants: the map from a rating to the expected optimal length.
//! `examples/calibrate.rs` measures and prints these; CALIBRATION.md records the data behind
//! them. How the generator finds boards of each level is [`crate::difficulty::deal_policy`].

use crate::difficulty::rating_kind::RatingKind;
use crate::puzzle::Size;

/// Points `(rating, mean optimal length)` of a piecewise-linear map, by increasing rating.
type Knots = &'static [(u32, f32)];

/// 4×4, walking distance with linear conflict by max, against optimal lengths of random
/// boards and random-walk boards (`calibrate fit4`).
const FOUR_WALKING_CONFLICT: Knots = &[
    (0, 0.0),
    (10, 11.0),
    (14, 18.3),
    (18, 22.6),
    (22, 29.0),
    (25, 35.5),
    (30, 41.0),
    (34, 46.0),
    (38, 50.3),
    (41, 54.1),
    (45, 57.1),
    (49, 60.5),
    (54, 64.8),
];

/// 5×5, Manhattan plus linear conflict (and the pattern databases until their own fit):
/// through Korf and Taylor's ten random instances with known optimal lengths (mean bound 81,
/// mean optimal 102.6), one for one above them.
const FIVE_LOWER_BOUND: Knots = &[(0, 0.0), (40, 48.0), (80, 101.5), (208, 229.5)];

/// 6×6, as for 5×5.
const SIX_LOWER_BOUND: Knots = &[(0, 0.0), (60, 70.0), (139, 167.0), (400, 440.0)];

fn knots(size: Size, kind: RatingKind) -> Option<Knots> {
    // Only the game's sizes were calibrated; elsewhere the rating is the estimate itself.
    match (size.square_side().filter(|_| size.is_classic())?, kind) {
        (_, RatingKind::Exact) => None,
        (4, _) => Some(FOUR_WALKING_CONFLICT),
        (5, _) => Some(FIVE_LOWER_BOUND),
        _ => Some(SIX_LOWER_BOUND),
    }
}

/// Interpolates `knots` at `x`; past the last knot the length grows one for one, since an
/// admissible rating never exceeds the optimal length.
fn interpolate(knots: Knots, x: u32) -> f32 {
    let Some(&(last_x, last_y)) = knots.last() else {
        return x as f32;
    };
    if x >= last_x {
        return last_y + (x - last_x) as f32;
    }
    for w in knots.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if x <= x1 {
            let t = (x - x0) as f32 / (x1 - x0) as f32;
            return y0 + t * (y1 - y0);
        }
    }
    last_y
}

/// The optimal length expected for a board of `size` whose rating of `kind` is `rating`:
/// never below the rating itself.
pub fn expected_length(size: Size, kind: RatingKind, rating: u32) -> u32 {
    match knots(size, kind) {
        None => rating,
        Some(k) => (interpolate(k, rating).round() as u32).max(rating),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_length_is_monotone_and_admissible() {
        for size in [Size::FOUR, Size::FIVE, Size::SIX] {
            let mut prev = 0;
            for r in 0..300 {
                let e = expected_length(size, RatingKind::WalkingConflict, r);
                assert!(e >= r && e >= prev, "{size} rating {r}");
                prev = e;
            }
        }
    }
}
