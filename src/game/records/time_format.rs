//! The one way Slide writes a time: to the millisecond, with minutes from 60 seconds and
//! hours from 3,600 (`4.593`, `1:02.310`, `1:02:03.456`), as speedsolvers write them.
//! The win box, the panel, the Times list, the statistics screen, the charts' labels and
//! `slide stats` all call [`format_time`], so a time reads the same everywhere.

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
}
