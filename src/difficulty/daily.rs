//! The daily puzzle: one board per size per UTC day, the same for everyone.

use std::fmt;
use std::str::FromStr;
use std::time::{SystemTime, UNIX_EPOCH};

use thiserror::Error;

use crate::difficulty::{Generated, Level, generate};
use crate::puzzle::Size;
use crate::solver::Solver;

/// The level the daily puzzle is dealt at.
pub const DAILY_LEVEL: Level = Level::Hard;

/// A calendar day in UTC (proleptic Gregorian).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UtcDate {
    year: i32,
    month: u8,
    day: u8,
}

/// Why a date was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DateError {
    /// Not of the form `YYYY-MM-DD`.
    #[error("'{0}' is not a date: use YYYY-MM-DD")]
    Format(String),
    /// A month or day that does not exist.
    #[error("{year:04}-{month:02}-{day:02} is not a day of the calendar")]
    NoSuchDay {
        /// The year given.
        year: i32,
        /// The month given.
        month: u32,
        /// The day given.
        day: u32,
    },
}

const fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

const fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl UtcDate {
    /// The date, if it exists.
    pub fn new(year: i32, month: u32, day: u32) -> Result<UtcDate, DateError> {
        let bad = DateError::NoSuchDay { year, month, day };
        let m = u8::try_from(month).map_err(|_| bad.clone())?;
        let d = u8::try_from(day).map_err(|_| bad.clone())?;
        if !(1..=12).contains(&m) || d == 0 || d > days_in_month(year, m) {
            return Err(bad);
        }
        Ok(UtcDate { year, month: m, day: d })
    }

    /// Today in UTC, by the system clock.
    pub fn today() -> UtcDate {
        let secs = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        UtcDate::from_days((secs / 86_400) as i64)
    }

    /// The date `days` days after 1970-01-01 (Howard Hinnant's civil-from-days).
    pub fn from_days(days: i64) -> UtcDate {
        let (year, month, day) = crate::time_format::civil_from_days(days);
        let (year, month, day) = (year as i32, month as u8, day as u8);
        UtcDate { year, month, day }
    }

    /// Days since 1970-01-01.
    pub fn days(self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The seed of this day's puzzle: 40 bits, so its puzzle code stays short.
    pub fn seed(self) -> u64 {
        let mut z = (self.days() as u64) ^ 0x5_1D3D_A11F;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) & ((1 << 40) - 1)
    }
}

impl fmt::Display for UtcDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for UtcDate {
    type Err = DateError;

    fn from_str(s: &str) -> Result<UtcDate, DateError> {
        let bad = || DateError::Format(s.to_string());
        let mut parts = s.trim().splitn(3, '-');
        let mut next = || -> Result<u32, DateError> {
            let p = parts.next().ok_or_else(bad)?;
            if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            p.parse().map_err(|_| bad())
        };
        let (y, m, d) = (next()?, next()?, next()?);
        UtcDate::new(i32::try_from(y).map_err(|_| bad())?, m, d)
    }
}

/// The daily puzzle of `size` for `date`: [`DAILY_LEVEL`], seeded by the date alone.
pub fn daily(solver: &Solver, size: Size, date: UtcDate) -> Generated {
    generate(solver, size, DAILY_LEVEL, date.seed())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_round_trip() {
        for days in [-800_000, -1, 0, 1, 59, 365, 11_016, 20_424, 2_000_000] {
            assert_eq!(UtcDate::from_days(days).days(), days);
        }
        assert_eq!(UtcDate::from_days(0).to_string(), "1970-01-01");
        assert_eq!("2026-12-02".parse::<UtcDate>().unwrap().days(), 20_789);
        assert_eq!("2000-02-29".parse::<UtcDate>().unwrap().to_string(), "2000-02-29");
    }

    #[test]
    fn bad_dates_are_rejected() {
        for s in [
            "",
            "2026",
            "2026-13-01",
            "2026-02-29",
            "1900-02-29",
            "2026-1x-01",
            "a-b-c",
        ] {
            assert!(s.parse::<UtcDate>().is_err(), "{s}");
        }
    }

    #[test]
    fn seeds_differ_by_day() {
        let a = UtcDate::new(2026, 12, 2).unwrap();
        let b = UtcDate::new(2026, 12, 3).unwrap();
        assert_ne!(a.seed(), b.seed());
        assert!(a.seed() < 1 << 40);
    }
}
