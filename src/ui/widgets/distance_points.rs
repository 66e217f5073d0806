//! The points of a distance chart, which the review and the replay draw alike: the optimal
//! distance to the goal after each move, the detours (moves that took the board further
//! from the goal), and the chart's top.

/// What a distance chart plots, as (move, distance) points.
pub struct DistancePoints {
    /// The distance after each move, the start's first.
    pub all: Vec<(f64, f64)>,
    /// Each move, among the first ones asked for, that went further from the goal.
    pub detours: Vec<(f64, f64)>,
    /// The largest distance, at least 1: the y axis's top.
    pub top: f64,
}

impl DistancePoints {
    /// The points of `distances` (one a position, the start's first), with the detours
    /// among the first `moves` moves.
    pub fn new(distances: &[u32], moves: usize) -> DistancePoints {
        let all = distances
            .iter()
            .enumerate()
            .map(|(i, &d)| (i as f64, f64::from(d)))
            .collect();
        let detours = distances
            .windows(2)
            .enumerate()
            .filter(|(i, w)| w[1] > w[0] && *i < moves)
            .map(|(i, w)| ((i + 1) as f64, f64::from(w[1])))
            .collect();
        let top = distances.iter().copied().max().unwrap_or(1).max(1) as f64;
        DistancePoints { all, detours, top }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detours_are_the_moves_away_from_the_goal_up_to_the_one_asked() {
        let p = DistancePoints::new(&[3, 4, 3, 2, 3, 2, 1, 0], usize::MAX);
        assert_eq!(p.all.len(), 8);
        assert_eq!(p.detours, [(1.0, 4.0), (4.0, 3.0)]);
        assert!((p.top - 4.0).abs() < f64::EPSILON);
        assert_eq!(DistancePoints::new(&[3, 4, 3, 2, 3, 2, 1, 0], 3).detours, [(1.0, 4.0)]);
        assert!((DistancePoints::new(&[], 0).top - 1.0).abs() < f64::EPSILON);
    }
}
