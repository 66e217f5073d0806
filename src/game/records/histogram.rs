//! Histograms of a session's figures (its times, its TPS): values counted into buckets of
//! one "nice" width (1, 2 or 5 times a power of ten units), so that every bucket's edge
//! reads as a round number, and at most as many buckets as the view has room for.

/// One bucket: the values `v` with `from <= v < to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bucket {
    /// The lowest value it holds.
    pub from: u64,
    /// The first value past it.
    pub to: u64,
    /// How many values fell in it.
    pub count: usize,
}

/// Values counted into consecutive buckets of one width, from the bucket of the smallest
/// value to the bucket of the largest (empty buckets between them kept, so the shape is
/// true).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Histogram {
    /// The width of every bucket (0 when there is no value).
    pub width: u64,
    /// The buckets, lowest first.
    pub buckets: Vec<Bucket>,
}

impl Histogram {
    /// Counts `values` into at most `max_buckets` buckets (at least one) whose width is
    /// the smallest nice width (1, 2 or 5 times a power of ten) not below `min_width` that
    /// fits. No value, no bucket.
    pub fn of(values: &[u64], max_buckets: usize, min_width: u64) -> Histogram {
        let (Some(&lo), Some(&hi)) = (values.iter().min(), values.iter().max()) else {
            return Histogram::default();
        };
        let max_buckets = max_buckets.max(1) as u64;
        let width = nice_widths()
            .find(|&w| w >= min_width.max(1) && hi / w - lo / w < max_buckets)
            .unwrap_or(u64::MAX);
        let first = lo / width;
        let mut buckets: Vec<Bucket> = (first..=hi / width)
            .map(|i| Bucket {
                from: i * width,
                to: (i * width).saturating_add(width),
                count: 0,
            })
            .collect();
        for v in values {
            buckets[(v / width - first) as usize].count += 1;
        }
        Histogram { width, buckets }
    }

    /// The largest count of a bucket (0 when there is none).
    pub fn peak(&self) -> usize {
        self.buckets.iter().map(|b| b.count).max().unwrap_or(0)
    }
}

/// 1, 2, 5, 10, 20, 50, … up to the largest that fits in a `u64`.
fn nice_widths() -> impl Iterator<Item = u64> {
    std::iter::successors(Some(1u64), |p| p.checked_mul(10))
        .flat_map(|p| [1u64, 2, 5].into_iter().filter_map(move |m| p.checked_mul(m)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(h: &Histogram) -> Vec<(u64, usize)> {
        h.buckets.iter().map(|b| (b.from, b.count)).collect()
    }

    #[test]
    fn values_fall_in_round_buckets_that_fit_the_room() {
        // 4.2 s to 13.9 s in ten rows: 1 s buckets from 4 s to 13 s.
        let times = [4_200, 4_900, 5_000, 7_450, 13_900, 9_999, 10_000];
        let h = Histogram::of(&times, 10, 100);
        assert_eq!(h.width, 1_000);
        assert_eq!(
            counts(&h),
            vec![
                (4_000, 2),
                (5_000, 1),
                (6_000, 0),
                (7_000, 1),
                (8_000, 0),
                (9_000, 1),
                (10_000, 1),
                (11_000, 0),
                (12_000, 0),
                (13_000, 1)
            ]
        );
        assert_eq!(h.peak(), 2);
        assert_eq!(h.buckets.iter().map(|b| b.count).sum::<usize>(), times.len());
        assert!(h.buckets.iter().all(|b| b.to == b.from + h.width));
        // Five rows: 2 s buckets (4-6, 6-8, 8-10, 10-12, 12-14).
        let h = Histogram::of(&times, 5, 100);
        assert_eq!(h.width, 2_000);
        assert_eq!(
            counts(&h),
            vec![(4_000, 3), (6_000, 1), (8_000, 1), (10_000, 1), (12_000, 1)]
        );
        // Room for many: the width never goes below the least asked for.
        let h = Histogram::of(&times, 1_000, 100);
        assert_eq!(h.width, 100);
        assert_eq!(h.buckets.len(), 98);
    }

    #[test]
    fn one_value_one_bucket_and_none_none() {
        let h = Histogram::of(&[4_593], 12, 100);
        assert_eq!((h.width, counts(&h)), (100, vec![(4_500, 1)]));
        assert_eq!(Histogram::of(&[], 12, 100), Histogram::default());
        assert_eq!(Histogram::of(&[], 12, 100).peak(), 0);
        // No room at all still gives one bucket holding everything.
        let h = Histogram::of(&[1, 999_999], 0, 1);
        assert_eq!(h.buckets.len(), 1);
        assert_eq!(h.buckets[0].count, 2);
        // Extreme values neither overflow nor lose a value.
        let h = Histogram::of(&[0, u64::MAX], 3, 1);
        assert_eq!(h.buckets.iter().map(|b| b.count).sum::<usize>(), 2);
    }
}
