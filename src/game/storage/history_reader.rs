//! Reading one history file, whatever happened to it: every good line is read, and what is
//! not is counted, never hides the rest.
//!
//! - Lines are cut at line breaks before anything else, so damage (a torn last line, bytes
//!   that are not text, a line broken in two or two glued together) costs the lines it
//!   touches and no more: the next line break resyncs.
//! - A UTF-8 byte order mark is skipped; the header's version may be spelt `1`, `1.0` or
//!   `"1"` (and 2, a sealed file of gzip members, likewise). A header that is damaged, or missing, costs nothing but its own line.
//! - A version above this one's leaves the file alone, unread (as every file of a newer
//!   version is left).
//! - An attempt must pass the load checks (`attempt_check.rs`); one that fails is kept
//!   out of the figures with its reason, and left in the file.
//! - A JSON line that is not an attempt, carried statistics, or damage is a newer
//!   version's kind of line, skipped. A line with an attempt's fields that doesn't read as
//!   one is damage.
//! - A sealed file is decompressed past its damage (`sealed_file.rs`).

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Deserialize;
use serde_json::Value;

use crate::game::records::attempt_record::AttemptRecord;
use crate::game::records::stats::Stats;
use crate::game::storage::attempt_check::check;
use crate::game::storage::history_line::read_attempt;
use crate::game::storage::sealed_file::decompress;

/// The history's format version, which the active file's header states.
pub(crate) const HISTORY_FORMAT: u64 = 1;

/// The format a sealed file of gzip members states: the same lines, but a reader that
/// takes only the first member (versions before this one) would read 50 of its 1000
/// attempts, so they are told it is newer, and leave the history alone, rather than that.
pub(crate) const SEALED_FORMAT: u64 = 2;

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The fields of an attempt that every version writes: a JSON line with one of them is an
/// attempt, damaged if it doesn't read as one.
const ATTEMPT_KEYS: [&str; 8] = ["id", "at", "size", "level", "result", "millis", "scramble", "moves"];

#[derive(Deserialize)]
struct CarriedLine {
    carried_stats: Stats,
}

/// The lines of one history file, before ids are de-duplicated across files.
#[derive(Debug, Default)]
pub(crate) struct Parsed {
    /// The statistics carried over from an older version, if the file holds them.
    pub carried: Option<Stats>,
    /// The attempts that passed the load checks, in order.
    pub attempts: Vec<AttemptRecord>,
    /// Lines that could not be read (damage, a torn line, a damaged header).
    pub damaged_lines: usize,
    /// Attempts that failed the load checks: their id and why.
    pub rejected: Vec<(String, String)>,
    /// Whether the file begins with a good header.
    pub header_ok: bool,
}

/// What one file holds, and what was wrong with it as a whole.
#[derive(Debug)]
pub(crate) struct FileRead {
    /// Its lines.
    pub parsed: Parsed,
    /// Why part of it could not be read at all (a sealed file that does not decompress
    /// whole).
    pub damage: Option<String>,
}

/// Why a file was not read.
#[derive(Debug)]
pub(crate) enum Unread {
    /// It was written by a newer version (its format): left alone.
    Newer(u64),
    /// It could not be read (permissions, I/O): left as it is.
    Failed(String),
}

/// What the header line says.
enum Header {
    Good,
    Newer(u64),
    Damaged,
    Other,
}

fn header(line: &str) -> Header {
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(line) else {
        return Header::Other;
    };
    let Some(version) = map.get("slide_history") else {
        return Header::Other;
    };
    let number = match version {
        Value::Number(n) => n.as_u64().or_else(|| whole(n.as_f64()?)),
        Value::String(s) => s.trim().parse::<u64>().ok().or_else(|| whole(s.trim().parse().ok()?)),
        _ => None,
    };
    match number {
        Some(HISTORY_FORMAT | SEALED_FORMAT) => Header::Good,
        Some(v) if v > SEALED_FORMAT => Header::Newer(v),
        _ => Header::Damaged,
    }
}

/// `x` as a whole number, if it is one (`1.0`).
fn whole(x: f64) -> Option<u64> {
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "checked whole and in range"
    )]
    (x.fract() == 0.0 && (0.0..1e15).contains(&x)).then_some(x as u64)
}

/// Parses one file's bytes; `Err` with its version when a newer version wrote it.
pub(crate) fn parse(bytes: &[u8]) -> Result<Parsed, u64> {
    parse_trusting(bytes, true)
}

/// [`parse`], taking a newer version in the header at its word only if `trust_version`: a
/// sealed file whose checksum failed may have had its version damaged into a higher one,
/// and one flipped bit must not hide all of it.
fn parse_trusting(bytes: &[u8], trust_version: bool) -> Result<Parsed, u64> {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    let mut parsed = Parsed {
        attempts: Vec::with_capacity(1000),
        ..Parsed::default()
    };
    let mut lines = bytes.split(|&b| b == b'\n');
    if let Some(first) = lines.next() {
        match std::str::from_utf8(first).map_or(Header::Damaged, header) {
            Header::Good => parsed.header_ok = true,
            Header::Newer(v) if trust_version => return Err(v),
            Header::Newer(_) | Header::Damaged => parsed.damaged_lines += 1,
            // Read as any line; but a newer kind of line can't stand first: it is the
            // header, damaged.
            Header::Other => {
                if !read_line(first, &mut parsed) {
                    parsed.damaged_lines += 1;
                }
            }
        }
    }
    for line in lines {
        read_line(line, &mut parsed);
    }
    Ok(parsed)
}

/// Reads one line into `parsed`; whether it was an attempt, carried statistics, a blank
/// line or damage (rather than a newer kind of line).
fn read_line(line: &[u8], parsed: &mut Parsed) -> bool {
    let Ok(line) = std::str::from_utf8(line) else {
        parsed.damaged_lines += 1;
        return true;
    };
    if line.trim().is_empty() {
        return true;
    }
    if let Some(record) = read_attempt(line) {
        match check(&record) {
            Ok(()) => parsed.attempts.push(record),
            Err(why) => parsed.rejected.push((record.id, why)),
        }
        return true;
    }
    if let Ok(c) = serde_json::from_str::<CarriedLine>(line) {
        parsed.carried.get_or_insert(c.carried_stats);
        return true;
    }
    match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(map)) if !ATTEMPT_KEYS.iter().any(|k| map.contains_key(*k)) => false,
        _ => {
            parsed.damaged_lines += 1;
            true
        }
    }
}

/// Reads and parses one history file (decompressed if sealed); `None` when there is no
/// such file.
pub(crate) fn read_file(path: &Path) -> Result<Option<FileRead>, Unread> {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Unread::Failed(format!("it could not be read: {e}"))),
    };
    let (bytes, damage) = if is_sealed(path) {
        let d = decompress(&bytes);
        (
            d.text,
            d.damage
                .map(|e| format!("part of it does not decompress ({e}); the rest is read")),
        )
    } else {
        (bytes, None)
    };
    let parsed = parse_trusting(&bytes, damage.is_none()).map_err(Unread::Newer)?;
    // A sealed file always begins with its header: without one, it was cut (to nothing).
    let damage = damage.or_else(|| {
        (is_sealed(path) && !parsed.header_ok).then(|| "it does not begin with a history header".to_string())
    });
    Ok(Some(FileRead { parsed, damage }))
}

/// Whether `path` names a gzip file (a sealed file, or one set aside).
pub(crate) fn is_sealed(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n.to_string_lossy().contains(".gz"))
}

/// Reads and parses `paths` on as many threads as there are cores (at most 8), answering in
/// the order of `paths`. The files are independent (ids are de-duplicated afterwards, in
/// order), and decompressing and parsing 100,000 attempts is most of a second of one core.
/// A thread that cannot be started leaves its share to the others: this thread works too.
pub(crate) fn read_all(paths: &[PathBuf]) -> Vec<Result<Option<FileRead>, Unread>> {
    let helpers = std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .min(8)
        .min(paths.len())
        .saturating_sub(1);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(path) = paths.get(i) else {
                return done;
            };
            done.push((i, read_file(path)));
        }
    };
    let mut done = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..helpers)
            .filter_map(|_| {
                std::thread::Builder::new()
                    .name("slide-history".into())
                    .spawn_scoped(scope, work)
                    .ok()
            })
            .collect();
        let mut done = work();
        for t in threads {
            match t.join() {
                Ok(theirs) => done.extend(theirs),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        done
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::records::attempt_record::tests::sample;

    fn line(id: &str) -> String {
        serde_json::to_string(&AttemptRecord {
            id: id.into(),
            ..sample()
        })
        .unwrap()
    }

    fn ids(p: &Parsed) -> Vec<&str> {
        p.attempts.iter().map(|a| a.id.as_str()).collect()
    }

    #[test]
    fn a_bom_and_other_spellings_of_the_version_are_read() {
        for head in [
            "{\"slide_history\":1}",
            "\u{feff}{\"slide_history\":1}",
            "{\"slide_history\":1.0}",
            "{\"slide_history\":\"1\"}",
            "{ \"slide_history\" : 1 }\r",
        ] {
            let text = format!("{head}\n{}\n{}\n", line("a"), line("b"));
            let p = parse(text.as_bytes()).unwrap();
            assert_eq!(ids(&p), ["a", "b"], "{head}");
            assert!(p.header_ok && p.damaged_lines == 0, "{head}");
        }
    }

    #[test]
    fn a_damaged_or_missing_header_costs_its_line_only() {
        for (head, damaged) in [
            ("{\"slide_history\":-1}", 1),
            ("{\"slide_history\":0}", 1),
            ("y\":1}", 1),
            ("{\"slide_historx\":1}", 1),
            ("", 0),
        ] {
            let text = format!("{head}\n{}\n{}\n", line("a"), line("b"));
            let p = parse(text.as_bytes()).unwrap();
            assert_eq!(ids(&p), ["a", "b"], "{head}");
            assert_eq!((p.header_ok, p.damaged_lines), (false, damaged), "{head}");
        }
        let headless = format!("{}\n{}\n", line("a"), line("b"));
        let p = parse(headless.as_bytes()).unwrap();
        assert_eq!((ids(&p), p.damaged_lines), (vec!["a", "b"], 0));
        assert_eq!(parse(b"{\"slide_history\":3.0}\n").unwrap_err(), 3);
    }

    #[test]
    fn damage_costs_only_the_lines_it_touches() {
        let (a, b, c) = (line("a"), line("b"), line("c"));
        let mut bytes = format!("{{\"slide_history\":1}}\n{a}\n").into_bytes();
        bytes.extend(b"\xff\xfe garbage \x00\n");
        bytes.extend(format!("{b}{c}\n").as_bytes());
        bytes.extend(format!("{}\n", a.replace("\"id\"", "\"ib\"")).as_bytes());
        bytes.extend(format!("{{\"newer_kind\":{{\"x\":1}}}}\n{c}\n{}", &b[..40]).as_bytes());
        let p = parse(&bytes).unwrap();
        assert_eq!(ids(&p), ["a", "c"]);
        assert_eq!(p.damaged_lines, 4, "garbage, glued, renamed field, torn");
    }

    #[test]
    fn attempts_that_fail_the_checks_are_kept_out_with_the_reason() {
        let big = serde_json::to_string(&AttemptRecord {
            id: "big".into(),
            size: crate::game::play::written_size::WrittenSize::square(99),
            ..sample()
        })
        .unwrap();
        let text = format!("{{\"slide_history\":1}}\n{big}\n{}\n", line("a"));
        let p = parse(text.as_bytes()).unwrap();
        assert_eq!(ids(&p), ["a"]);
        assert_eq!(p.rejected.len(), 1);
        assert_eq!(p.rejected[0].0, "big");
    }
}
