//! The one way Slide writes a time: to the millisecond, with minutes from 60 seconds and
//! hours from 3,600 (`4.593`, `1:02.310`, `1:02:03.456`), as speedsolvers write them.
//! The win box, the panel, the Times list, the statistics screen, the charts' labels, the
//! daily's share line and `slide stats` all call [`format_time`], so a time reads the same
//! everywhere. A spreadsheet gets [`format_seconds`] (a plain number), the daily's share
//! line [`format_clock`] (whole seconds), and a moment [`utc_date_time`]. Imports nothing of the crate: every layer may use it.

use std::time::{SystemTime, UNIX_EPOCH};

/// `ms` milliseconds as `4.593`, `1:02.310`, or `1:02:03.456` past an hour.
pub fn format_time(ms: u64) -> String {
    let (s, milli) = (ms / 1000, ms % 1000);
    if s >= 3600 {
        format!("{}:{:02}:{:02}.{milli:03}", s / 3600, s / 60 % 60, s % 60)
    } else if s >= 60 {
        format!("{}:{:02}.{milli:03}", s / 60, s % 60)
    } else {
        format!("{s}.{milli:03}")
    }
}

/// `ms` milliseconds as a clock shows them, in whole seconds rounded down: `2:13`, or
/// `1:02:33` past an hour. The daily's share line uses it: short enough to copy by hand.
pub fn format_clock(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// `ms` milliseconds as seconds to the millisecond, `62.310`: a number a spreadsheet reads.
pub fn format_seconds(ms: u64) -> String {
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

/// `now` as `YYYY-MM-DDTHH:MM:SSZ`, in UTC.
pub fn utc_date_time(now: SystemTime) -> String {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, of_day) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        of_day / 3600,
        of_day % 3600 / 60,
        of_day % 60
    )
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
pub(crate) fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn milliseconds_always_and_minutes_from_sixty_seconds() {
        assert_eq!(format_time(4_593), "4.593");
        assert_eq!(format_time(890), "0.890", "a sub-second solve is not 0:00");
        assert_eq!(format_time(59_999), "59.999");
        assert_eq!(format_time(60_000), "1:00.000");
        assert_eq!(format_time(62_310), "1:02.310");
        assert_eq!(format_time(3_723_456), "1:02:03.456");
        assert_eq!(format_time(0), "0.000");
        assert!(format_time(u64::MAX).ends_with(".615"), "no overflow on any value");
    }

    #[test]
    fn seconds_for_a_spreadsheet_and_moments_in_utc() {
        assert_eq!(format_seconds(62_310), "62.310");
        assert_eq!(format_clock(133_900), "2:13", "a clock's whole seconds");
        assert_eq!(format_clock(3_753_000), "1:02:33");
        assert_eq!(format_seconds(7), "0.007");
        let at = |s: u64| utc_date_time(UNIX_EPOCH + std::time::Duration::from_secs(s));
        assert_eq!(at(0), "1970-01-01T00:00:00Z");
        assert_eq!(at(951_782_400), "2000-02-29T00:00:00Z", "a leap day");
        assert_eq!(at(1_796_256_000 + 3 * 3600 + 4 * 60 + 5), "2026-12-03T03:04:05Z");
    }
}
