//! Writing to stdout and stderr: one line or one JSON object per board, and a quiet stop
//! when the reader of a pipe goes away (of stdout or of stderr: `2>&1 | head` closes both).

use std::fmt::Display;
use std::io::{self, Write};

use serde::Serialize;

use crate::cli::CliError;

fn write_error(stream: &str, e: &io::Error) -> CliError {
    if e.kind() == io::ErrorKind::BrokenPipe {
        CliError::OutputClosed
    } else {
        CliError::Failure(format!("cannot write to {stream}: {e}"))
    }
}

/// Prints `text` as it is.
pub fn print_raw(text: &str) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| write_error("stdout", &e))
}

/// Prints one line. Flushed at once so that a long run shows each board as it finishes.
pub fn print_line(line: impl Display) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    writeln!(out, "{line}")
        .and_then(|()| out.flush())
        .map_err(|e| write_error("stdout", &e))
}

/// A size as the JSON lines write it: the side N of a square, as always, and "W×H" for a
/// rectangle.
pub fn json_size(size: slide::puzzle::Size) -> serde_json::Value {
    match size.square_side() {
        Some(n) => serde_json::Value::from(n),
        None => serde_json::Value::from(size.to_string()),
    }
}

/// Prints `value` as one JSON object on one line.
pub fn print_json(value: &impl Serialize) -> Result<(), CliError> {
    let line = serde_json::to_string(value).map_err(|e| CliError::Failure(format!("cannot encode JSON: {e}")))?;
    print_line(line)
}

/// Prints one line on stderr (a problem with one board of many, a summary beside JSON).
/// A closed stderr stops the run quietly, as a closed stdout does.
pub fn print_note(line: impl Display) -> Result<(), CliError> {
    let mut err = io::stderr().lock();
    writeln!(err, "{line}").map_err(|e| write_error("stderr", &e))
}

/// Milliseconds as a JSON-friendly number, with microsecond resolution.
pub fn millis(d: std::time::Duration) -> f64 {
    (d.as_micros() as f64) / 1000.0
}

/// A duration for people: `850 µs`, `12.3 ms`, `4.56 s`.
pub fn human_duration(d: std::time::Duration) -> String {
    let micros = d.as_micros();
    if micros < 1000 {
        format!("{micros} µs")
    } else if micros < 1_000_000 {
        format!("{:.1} ms", micros as f64 / 1000.0)
    } else {
        format!("{:.2} s", d.as_secs_f64())
    }
}

/// A number of moves in words: `1 move`, `0 moves`, `31 moves`.
pub fn moves(n: impl Into<u64>) -> String {
    let n = n.into();
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

/// A count with thousands separators: `12,345,678`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_move_is_singular() {
        assert_eq!(moves(0u32), "0 moves");
        assert_eq!(moves(1u32), "1 move");
        assert_eq!(moves(2u64), "2 moves");
    }

    #[test]
    fn groups_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(12_345_678), "12,345,678");
    }
}
