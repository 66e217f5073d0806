//! Parsers for option values that need more than `FromStr`.

use std::time::Duration;

/// A positive number of seconds, fractions allowed (`--max-time 0.5`).
pub fn seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !secs.is_finite() || secs <= 0.0 {
        return Err(format!("'{text}': the time must be more than 0 seconds"));
    }
    Duration::try_from_secs_f64(secs).map_err(|_| format!("'{text}' is too many seconds"))
}

/// A number of boards to deal: a whole number, at least 1.
pub fn count(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("count must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("'{text}' is not a count: give a whole number, at least 1")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_positive_seconds_only() {
        assert_eq!(seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(seconds("2"), Ok(Duration::from_secs(2)));
        assert!(seconds("0").is_err());
        assert!(seconds("-1").is_err());
        assert!(seconds("soon").is_err());
        assert!(seconds("inf").is_err());
        assert!(seconds("1e300").is_err());
    }

    #[test]
    fn counts_start_at_one() {
        assert_eq!(count("3"), Ok(3));
        assert_eq!(count("0"), Err("count must be at least 1".to_string()));
        assert!(count("-1").is_err());
        assert!(count("many").is_err());
    }
}
