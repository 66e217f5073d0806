//! Speedsolving averages: the trimmed means players quote ("ao5", "ao12", "ao100"), best
//! singles and rolling best averages, and tiles per second.
//!
//! The rules are the usual ones (as on speedsolving sites and in the WCA regulations):
//! - an average of `n` takes the last `n` attempts, drops the `trim(n)` best and the
//!   `trim(n)` worst, and is the mean of the rest (rounded to the nearest millisecond);
//! - `trim(n)` is 5 % of `n` each side, rounded up: 1 for ao5 and ao12, 5 for ao100;
//! - an unfinished attempt (a DNF) counts as the worst possible time, so it is dropped
//!   with the worst ones; more DNFs than the trim make the whole average a DNF;
//! - fewer than `n` attempts give no average at all.

/// One attempt: its time in milliseconds, or `None` for a DNF (did not finish).
pub type Attempt = Option<u64>;

/// An average, or a single: a time, or DNF.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Average {
    /// A time in milliseconds.
    Millis(u64),
    /// Did not finish: more unfinished attempts than the trim drops.
    Dnf,
}

impl Average {
    /// The time, if finished.
    pub fn millis(self) -> Option<u64> {
        match self {
            Average::Millis(ms) => Some(ms),
            Average::Dnf => None,
        }
    }
}

/// How many attempts an average of `n` drops on each side: 5 % rounded up, at least one.
pub fn trim(n: usize) -> usize {
    (n * 5).div_ceil(100).max(1)
}

/// The trimmed mean of exactly these attempts (order does not matter); `None` when there
/// are too few to trim (fewer than `2 * trim + 1`).
pub(crate) fn trimmed_mean(attempts: &[Attempt]) -> Option<Average> {
    let n = attempts.len();
    let t = trim(n);
    if n < 2 * t + 1 {
        return None;
    }
    let dnfs = attempts.iter().filter(|a| a.is_none()).count();
    if dnfs > t {
        return Some(Average::Dnf);
    }
    // DNFs sort last (worst), so dropping the `t` worst drops them first.
    let mut times: Vec<u64> = attempts.iter().map(|a| a.unwrap_or(u64::MAX)).collect();
    times.sort_unstable();
    let kept = &times[t..n - t];
    let sum: u128 = kept.iter().map(|&ms| u128::from(ms)).sum();
    let count = kept.len() as u128;
    Some(Average::Millis(((sum + count / 2) / count) as u64))
}

/// The average of the last `n` of `attempts` (oldest first); `None` with fewer than `n`.
pub(crate) fn average_of(attempts: &[Attempt], n: usize) -> Option<Average> {
    let start = attempts.len().checked_sub(n)?;
    trimmed_mean(&attempts[start..])
}

/// The best average of `n` consecutive attempts anywhere in `attempts` (rolling); `None`
/// with fewer than `n`. A DNF average is worse than any time.
#[cfg(test)]
pub(crate) fn best_average_of(attempts: &[Attempt], n: usize) -> Option<Average> {
    if n == 0 {
        return None;
    }
    attempts.windows(n).filter_map(trimmed_mean).min()
}

/// The best finished single, if any.
pub fn best_single(attempts: &[Attempt]) -> Option<u64> {
    attempts.iter().flatten().copied().min()
}

/// Tiles per second: single-tile moves over the time. `None` for a zero time.
pub fn tps(stm: u64, millis: u64) -> Option<f64> {
    (millis > 0).then(|| stm as f64 * 1000.0 / millis as f64)
}

/// A time as speedsolvers write it: the one format of [`crate::game::format_time`].
use crate::time_format::format_time;

/// An average as written: its time, or `DNF`.
pub fn format_average(a: Average) -> String {
    match a {
        Average::Millis(ms) => format_time(ms),
        Average::Dnf => "DNF".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(list: &[f64]) -> Vec<Attempt> {
        list.iter()
            .map(|&s| {
                if s < 0.0 {
                    None
                } else {
                    Some((s * 1000.0).round() as u64)
                }
            })
            .collect()
    }

    const DNF: f64 = -1.0;

    #[test]
    fn trims_are_five_percent_rounded_up() {
        assert_eq!((trim(5), trim(12), trim(100)), (1, 1, 5));
    }

    #[test]
    fn ao5_drops_the_best_and_the_worst() {
        // 10.000 and 20.000 dropped: (12 + 13 + 14) / 3 = 13.
        let a = secs(&[12.0, 10.0, 20.0, 13.0, 14.0]);
        assert_eq!(average_of(&a, 5), Some(Average::Millis(13_000)));
        // (11.111 + 12.222 + 13.333) / 3 = 12.222 exactly.
        let a = secs(&[9.0, 11.111, 12.222, 13.333, 15.0]);
        assert_eq!(average_of(&a, 5), Some(Average::Millis(12_222)));
        // Rounding to the nearest millisecond: (10.000 + 10.001 + 10.001) / 3 = 10.000667.
        let a = secs(&[1.0, 10.0, 10.001, 10.001, 99.0]);
        assert_eq!(average_of(&a, 5), Some(Average::Millis(10_001)));
    }

    #[test]
    fn ao5_with_one_dnf_drops_it_and_with_two_is_dnf() {
        // The DNF is the worst; 8.000 the best; (9 + 10 + 11) / 3 = 10.
        let a = secs(&[9.0, DNF, 8.0, 10.0, 11.0]);
        assert_eq!(average_of(&a, 5), Some(Average::Millis(10_000)));
        let a = secs(&[9.0, DNF, 8.0, DNF, 11.0]);
        assert_eq!(average_of(&a, 5), Some(Average::Dnf));
    }

    #[test]
    fn ties_drop_one_copy_each_side() {
        // Two 10s and two 12s: one of each is dropped; (10 + 11 + 12) / 3 = 11.
        let a = secs(&[10.0, 12.0, 11.0, 10.0, 12.0]);
        assert_eq!(average_of(&a, 5), Some(Average::Millis(11_000)));
        let a = secs(&[7.5; 5]);
        assert_eq!(average_of(&a, 5), Some(Average::Millis(7_500)));
    }

    #[test]
    fn only_the_last_n_count_and_too_few_is_none() {
        let a = secs(&[100.0, 12.0, 10.0, 20.0, 13.0, 14.0]);
        assert_eq!(average_of(&a, 5), Some(Average::Millis(13_000)));
        assert_eq!(average_of(&a[..4], 5), None);
        assert_eq!(average_of(&a, 12), None);
    }

    #[test]
    fn ao12_by_hand() {
        // 1..=12 seconds with 6 a DNF: the DNF and 1.000 are dropped; the rest
        // 2+3+4+5+7+8+9+10+11+12 = 71 over 10 = 7.1.
        let mut list: Vec<f64> = (1..=12).map(f64::from).collect();
        list[5] = DNF;
        let a = secs(&list);
        assert_eq!(average_of(&a, 12), Some(Average::Millis(7_100)));
        list[0] = DNF;
        assert_eq!(average_of(&secs(&list), 12), Some(Average::Dnf));
    }

    #[test]
    fn ao50_by_hand() {
        // 5 % of 50 is 2.5, rounded up: 3 dropped each side.
        assert_eq!(trim(50), 3);
        // 1..=50 seconds, in any order: 1-3 and 48-50 dropped; 4..=47 sum to 1,122 over
        // 44 = 25.5.
        let mut list: Vec<f64> = (1..=50).map(|i| f64::from((i * 17) % 50 + 1)).collect();
        assert_eq!(average_of(&secs(&list), 50), Some(Average::Millis(25_500)));
        // Only the last 50 count.
        list.insert(0, 1_000.0);
        assert_eq!(average_of(&secs(&list), 50), Some(Average::Millis(25_500)));
        // 10, 20 and 30 DNF: the DNFs go with the worst; kept 4..=50 but those three:
        // 1,269 - 60 = 1,209 over 44 = 27.477272… → 27.477.
        let mut dnfs: Vec<f64> = (1..=50).map(f64::from).collect();
        for i in [9, 19, 29] {
            dnfs[i] = DNF;
        }
        assert_eq!(average_of(&secs(&dnfs), 50), Some(Average::Millis(27_477)));
        // A fourth DNF is one too many.
        dnfs[0] = DNF;
        assert_eq!(average_of(&secs(&dnfs), 50), Some(Average::Dnf));
        // 49 attempts are no ao50.
        assert_eq!(average_of(&secs(&dnfs[1..]), 50), None);
    }

    #[test]
    fn ao100_drops_five_each_side() {
        // 1..=100 seconds: 1-5 and 96-100 dropped, the mean of 6..=95 is 50.5.
        let list: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(average_of(&secs(&list), 100), Some(Average::Millis(50_500)));
        // Five DNFs are dropped with the worst: 96..=100 replaced, same result.
        let mut five = list.clone();
        for x in &mut five[95..] {
            *x = DNF;
        }
        assert_eq!(average_of(&secs(&five), 100), Some(Average::Millis(50_500)));
        // A sixth is one too many.
        five[0] = DNF;
        assert_eq!(average_of(&secs(&five), 100), Some(Average::Dnf));
    }

    #[test]
    fn rolling_bests_and_singles() {
        let a = secs(&[20.0, 10.0, 11.0, 12.0, 13.0, 30.0, DNF]);
        // Windows: [20,10,11,12,13] -> 12; [10,11,12,13,30] -> 12; [11,12,13,30,DNF] -> 18.333.
        assert_eq!(best_average_of(&a, 5), Some(Average::Millis(12_000)));
        assert_eq!(best_single(&a), Some(10_000));
        assert_eq!(best_single(&secs(&[DNF])), None);
        assert_eq!(best_average_of(&a, 12), None);
        let dnfs = secs(&[DNF, DNF, 1.0, 2.0, 3.0]);
        assert_eq!(best_average_of(&dnfs, 5), Some(Average::Dnf));
        assert!(Average::Millis(u64::MAX) < Average::Dnf);
    }

    #[test]
    fn tps_and_formats() {
        assert_eq!(tps(30, 10_000), Some(3.0));
        assert_eq!(tps(30, 0), None);
        assert_eq!(format_time(12_345), "12.345");
        assert_eq!(format_time(62_005), "1:02.005");
        assert_eq!(format_time(3_723_456), "1:02:03.456");
        assert_eq!(format_time(7), "0.007");
        assert_eq!(format_average(Average::Dnf), "DNF");
    }
}
