//! Parsers for option values that need more than `FromStr`: checked ranges, and the values
//! that shell completion offers (levels, sizes, heuristics, pictures).
//!
//! Clap quotes the rejected value itself ("invalid value 'x' for '--max-time <SECS>'"), so
//! these messages say only what is wrong with it.

use std::time::Duration;

use clap::builder::{PossibleValue, TypedValueParser};
use slide::difficulty::Level;
use slide::puzzle::Size;
use slide::solver::{HeuristicKind, Partition};

/// The longest time budget taken: a year. Longer ones would overflow the clock's arithmetic
/// on some systems, and mean "no limit" anyway (`--optimal` says that).
pub const MAX_SECONDS: u64 = 365 * 24 * 3600;

/// A positive number of seconds, fractions allowed (`--max-time 0.5`), at most a year.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text.trim().parse().map_err(|_| "not a number of seconds".to_string())?;
    if secs.is_nan() {
        return Err("not a number of seconds".to_string());
    }
    if secs <= 0.0 {
        return Err("the time must be more than 0 seconds".to_string());
    }
    if secs > MAX_SECONDS as f64 {
        return Err(format!(
            "more than the longest time limit, a year ({MAX_SECONDS} seconds)"
        ));
    }
    Duration::try_from_secs_f64(secs).map_err(|e| e.to_string())
}

/// A number of boards to deal: a whole number, at least 1.
pub fn count(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("count must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err("not a count: give a whole number, at least 1".to_string()),
    }
}

/// A value parsed by `parse`, with `names` as the values shell completion offers (and
/// `--help` could list). Other spellings `parse` accepts stay accepted (`4x4` for a size,
/// a file's path for a picture).
#[derive(Clone)]
pub struct Offered<T> {
    names: Vec<&'static str>,
    parse: fn(&str) -> Result<T, String>,
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Offered<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        self.parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.names.iter().map(|&n| PossibleValue::new(n))))
    }
}

/// `--level`: easy, medium, hard, expert or random.
pub fn level() -> Offered<Level> {
    Offered {
        names: Level::ALL.iter().map(|l| l.name()).collect(),
        parse: |s| s.parse::<Level>().map_err(|e| e.to_string()),
    }
}

/// `--size`: N for N×N or W×H (`4x3`), 2 to 10 each (completion offers the game's 3 to 6).
pub fn size() -> Offered<Size> {
    Offered {
        names: vec!["3", "4", "5", "6"],
        parse: |s| s.parse::<Size>().map_err(|e| e.to_string()),
    }
}

/// `--size` where tables are meant: a size with pattern databases of its own (3 to 6, also
/// `4x4`, and the other shapes of at most 20 cells, `2x8`, `4x5`); any other size is
/// refused by name, with what its searches use instead.
pub fn table_size() -> Offered<Size> {
    Offered {
        names: vec!["3", "4", "5", "6"],
        parse: |s| {
            let size = s.parse::<Size>().map_err(|e| e.to_string())?;
            if Partition::has_default(size) {
                Ok(size)
            } else {
                Err(format!(
                    "{size} boards have no tables (their searches use Manhattan distance and linear \
                     conflicts): tables exist for 3×3 to 6×6 and for shapes of at most 20 cells"
                ))
            }
        },
    }
}

/// `--heuristic`: one of [`HeuristicKind::ALL`]'s names.
pub fn heuristic() -> Offered<HeuristicKind> {
    Offered {
        names: HeuristicKind::ALL.iter().map(|h| h.name()).collect(),
        parse: |s| s.parse::<HeuristicKind>().map_err(|e| e.to_string()),
    }
}

/// `--picture`: a shipped picture's name, or any file's path (checked when the game starts).
pub fn picture() -> Offered<String> {
    Offered {
        names: slide::picture::BUILTIN.iter().map(|(n, _)| *n).collect(),
        parse: |s| Ok(s.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_positive_seconds_up_to_a_year() {
        assert_eq!(seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(seconds("2"), Ok(Duration::from_secs(2)));
        assert_eq!(seconds("31536000"), Ok(Duration::from_secs(MAX_SECONDS)));
        for zero in ["0", "-1", "-inf", "-0"] {
            assert_eq!(
                seconds(zero),
                Err("the time must be more than 0 seconds".into()),
                "{zero}"
            );
        }
        for big in ["1e19", "1e300", "1e309", "inf", "31536001"] {
            let e = seconds(big).unwrap_err();
            assert!(e.contains("a year"), "{big}: {e}");
        }
        assert_eq!(seconds("soon"), Err("not a number of seconds".into()));
        assert_eq!(seconds("NaN"), Err("not a number of seconds".into()));
    }

    #[test]
    fn counts_start_at_one() {
        assert_eq!(count("3"), Ok(3));
        assert_eq!(count("0"), Err("count must be at least 1".to_string()));
        assert!(count("-1").is_err());
        assert!(count("many").is_err());
    }

    #[test]
    fn offered_values_are_the_names_and_other_spellings_still_parse() {
        let level: Vec<String> = level()
            .possible_values()
            .unwrap()
            .map(|v| v.get_name().to_string())
            .collect();
        assert_eq!(level, ["easy", "medium", "hard", "expert", "random"]);
        assert_eq!((size().parse)("4x4"), Ok(Size::FOUR));
        assert!((size().parse)("11").is_err());
        assert_eq!((table_size().parse)("4x4"), Ok(Size::FOUR));
        assert!((table_size().parse)("7").is_err_and(|e| e.contains("7×7 boards have no tables")));
        assert_eq!(
            (table_size().parse)("2x8").map(|s| s.to_string()),
            Ok("2×8".to_string())
        );
        assert!((table_size().parse)("5x5").is_ok());
        assert!((table_size().parse)("5x6").is_err());
        assert_eq!((size().parse)("4x3").map(|s| s.to_string()), Ok("4×3".to_string()));
        assert_eq!((heuristic().parse)("pdb"), Ok(HeuristicKind::Pdb));
        assert_eq!((picture().parse)("some/file.png"), Ok("some/file.png".to_string()));
        let pictures: Vec<String> = picture()
            .possible_values()
            .unwrap()
            .map(|v| v.get_name().to_string())
            .collect();
        assert!(pictures.contains(&"sunset".to_string()));
    }
}
