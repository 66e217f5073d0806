//! One attempt line of the history, read fast.
//!
//! At 100,000 attempts the history is about 55 MB of JSON, most of it the per-move gaps;
//! `serde_json`'s generic machinery made reading it most of a second of processor time. The
//! lines this version writes have one fixed shape (serde's encoding of [`AttemptRecord`]:
//! known keys, no whitespace, plain strings, unsigned integers), so [`read_attempt`] reads
//! that shape by hand and hands anything else to `serde_json`: a key it does not know (a
//! newer version's field), an escaped or unusual string, a number serde might read
//! differently, a repeated key. The fast path therefore never decides anything serde would
//! decide otherwise: it answers only for lines where both agree, which a test checks on
//! damaged and random lines.

use serde::Deserialize;
use serde::de::value::{Error as ValueError, StrDeserializer};

use crate::game::play::solve_mode::SINGLE;
use crate::game::play::written_size::WrittenSize;
use crate::game::records::attempt_record::AttemptRecord;
use crate::game::records::outcome::Outcome;

/// The attempt on `line`, if it is one: read by hand when it has the shape this version
/// writes, by `serde_json` otherwise (so unknown fields are ignored, as everywhere).
pub(crate) fn read_attempt(line: &str) -> Option<AttemptRecord> {
    fast_attempt(line).or_else(|| serde_json::from_str(line).ok())
}

/// The attempt on `line` when it has exactly the shape this version writes; `None` for
/// anything else, which is then `serde_json`'s to judge.
pub(crate) fn fast_attempt(line: &str) -> Option<AttemptRecord> {
    let mut c = Cursor {
        bytes: line.as_bytes(),
        text: line,
        at: 0,
    };
    c.eat(b'{')?;
    let mut f = Fields::default();
    if c.peek()? == b'}' {
        return None;
    }
    loop {
        let key = c.string()?;
        c.eat(b':')?;
        match key {
            "id" => set(&mut f.id, c.string()?.to_string())?,
            "at" => set(&mut f.at, c.u64()?)?,
            "size" => set(&mut f.size, c.size()?)?,
            "level" => set(&mut f.level, c.string()?.to_string())?,
            "daily" => set(&mut f.daily, c.or_null(|c| c.string().map(str::to_string))?)?,
            "mode" => set(&mut f.mode, c.string()?.to_string())?,
            "result" => {
                let name = c.string()?;
                set(
                    &mut f.result,
                    Outcome::deserialize(StrDeserializer::<ValueError>::new(name)).ok()?,
                )?;
            }
            "replay" => set(&mut f.replay, c.bool()?)?,
            "assisted" => set(&mut f.assisted, c.bool()?)?,
            "hints" => set(&mut f.hints, c.u32()?)?,
            "millis" => set(&mut f.millis, c.u64()?)?,
            "scramble" => set(&mut f.scramble, c.string()?.to_string())?,
            "moves" => set(&mut f.moves, c.string()?.to_string())?,
            "gaps" => set(&mut f.gaps, c.u64s()?)?,
            "par" => set(&mut f.par, c.or_null(Cursor::u32)?)?,
            "seed" => set(&mut f.seed, c.or_null(Cursor::u64)?)?,
            "mtm" => set(&mut f.mtm, c.or_null(Cursor::u32)?)?,
            "carried" => set(&mut f.carried, c.bool()?)?,
            "ranked" => set(&mut f.ranked, c.or_null(Cursor::bool)?)?,
            "memo_ms" => set(&mut f.memo_ms, c.or_null(Cursor::u64)?)?,
            _ => return None,
        }
        match c.next()? {
            b',' => {}
            b'}' => break,
            _ => return None,
        }
    }
    if c.at != c.bytes.len() {
        return None;
    }
    Some(AttemptRecord {
        id: f.id?,
        at: f.at?,
        size: f.size?,
        level: f.level?,
        daily: f.daily.flatten(),
        mode: f.mode.unwrap_or_else(|| SINGLE.to_string()),
        result: f.result?,
        replay: f.replay.unwrap_or(false),
        assisted: f.assisted.unwrap_or(false),
        hints: f.hints.unwrap_or(0),
        millis: f.millis?,
        scramble: f.scramble?,
        moves: f.moves?,
        gaps: f.gaps.unwrap_or_default(),
        par: f.par.flatten(),
        seed: f.seed.flatten(),
        mtm: f.mtm.flatten(),
        carried: f.carried.unwrap_or(false),
        ranked: f.ranked.flatten(),
        memo_ms: f.memo_ms.flatten(),
    })
}

/// Sets a field once: a second value for one key is serde's to judge (it refuses it).
fn set<T>(slot: &mut Option<T>, value: T) -> Option<()> {
    if slot.is_some() {
        return None;
    }
    *slot = Some(value);
    Some(())
}

/// The fields seen so far.
#[derive(Default)]
#[allow(
    clippy::option_option,
    reason = "an optional field is unseen, null or a value: a repeated key is told apart"
)]
struct Fields {
    id: Option<String>,
    at: Option<u64>,
    size: Option<WrittenSize>,
    level: Option<String>,
    daily: Option<Option<String>>,
    mode: Option<String>,
    result: Option<Outcome>,
    replay: Option<bool>,
    assisted: Option<bool>,
    hints: Option<u32>,
    millis: Option<u64>,
    scramble: Option<String>,
    moves: Option<String>,
    gaps: Option<Vec<u64>>,
    par: Option<Option<u32>>,
    seed: Option<Option<u64>>,
    mtm: Option<Option<u32>>,
    carried: Option<bool>,
    ranked: Option<Option<bool>>,
    memo_ms: Option<Option<u64>>,
}

/// A position in a line. Every reader answers `None` for what it does not expect.
struct Cursor<'a> {
    bytes: &'a [u8],
    text: &'a str,
    at: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.at += 1;
        Some(b)
    }

    fn eat(&mut self, want: u8) -> Option<()> {
        (self.next()? == want).then_some(())
    }

    fn word(&mut self, word: &[u8]) -> Option<()> {
        let end = self.at + word.len();
        (self.bytes.get(self.at..end)? == word).then(|| self.at = end)
    }

    /// A string with nothing to unescape (a backslash or a control character is serde's).
    fn string(&mut self) -> Option<&'a str> {
        self.eat(b'"')?;
        let start = self.at;
        loop {
            match self.next()? {
                b'"' => return self.text.get(start..self.at - 1),
                b'\\' | 0..=0x1f => return None,
                _ => {}
            }
        }
    }

    /// An unsigned integer as JSON writes it: digits, no leading zero, no sign, fraction
    /// or exponent (those, and values past u64, are serde's).
    fn u64(&mut self) -> Option<u64> {
        let start = self.at;
        let mut n: u64 = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            n = n.wrapping_mul(10).wrapping_add(u64::from(d - b'0'));
            self.at += 1;
        }
        let digits = self.at - start;
        let leading_zero = digits > 1 && self.bytes[start] == b'0';
        let more = matches!(self.peek(), Some(b'.' | b'e' | b'E'));
        if digits == 0 || leading_zero || more {
            return None;
        }
        // Nineteen digits always fit; past that, the slow way, which sees an overflow.
        if digits < 20 {
            Some(n)
        } else {
            self.text.get(start..self.at)?.parse().ok()
        }
    }

    /// A size: a side, or a rectangle's text (`"4x3"`), read as `written_size.rs` reads
    /// them.
    fn size(&mut self) -> Option<WrittenSize> {
        if self.peek()? == b'"' {
            WrittenSize::parse(self.string()?)
        } else {
            self.u64().map(WrittenSize::square)
        }
    }

    fn u32(&mut self) -> Option<u32> {
        u32::try_from(self.u64()?).ok()
    }

    fn bool(&mut self) -> Option<bool> {
        match self.peek()? {
            b't' => self.word(b"true").map(|()| true),
            b'f' => self.word(b"false").map(|()| false),
            _ => None,
        }
    }

    /// `null`, or what `read` reads.
    #[allow(clippy::option_option, reason = "not this shape, null, or a value")]
    fn or_null<T>(&mut self, read: impl FnOnce(&mut Self) -> Option<T>) -> Option<Option<T>> {
        if self.peek()? == b'n' {
            self.word(b"null").map(|()| None)
        } else {
            read(self).map(Some)
        }
    }

    /// `[n,n,…]`.
    fn u64s(&mut self) -> Option<Vec<u64>> {
        self.eat(b'[')?;
        let mut out = Vec::new();
        if self.peek()? == b']' {
            self.at += 1;
            return Some(out);
        }
        // One allocation for the whole list: a number for each comma, and one.
        let rest = &self.bytes[self.at..];
        let end = rest.iter().position(|&b| b == b']')?;
        out.reserve_exact(rest[..end].split(|&b| b == b',').count());
        loop {
            out.push(self.u64()?);
            match self.next()? {
                b',' => {}
                b']' => return Some(out),
                _ => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::game::records::attempt_record::tests::sample;

    fn by_serde(line: &str) -> Option<AttemptRecord> {
        serde_json::from_str(line).ok()
    }

    #[test]
    fn the_lines_this_version_writes_take_the_fast_path() {
        let mut r = sample();
        let line = serde_json::to_string(&r).unwrap();
        assert_eq!(fast_attempt(&line), Some(r.clone()));
        r.daily = Some("2026-12-04".into());
        r.mode = "marathon-10".into();
        r.result = Outcome::GaveUp;
        r.replay = true;
        r.assisted = true;
        r.hints = 3;
        r.gaps = Vec::new();
        r.par = None;
        r.seed = Some(u64::MAX);
        r.mtm = None;
        r.carried = true;
        let line = serde_json::to_string(&r).unwrap();
        assert_eq!(fast_attempt(&line), Some(r.clone()));
        let nulls = line.replacen(r#""hints":3"#, r#""hints":3,"par":null,"mtm":null"#, 1);
        assert_eq!(fast_attempt(&nulls), Some(r.clone()));
        assert_eq!(by_serde(&nulls), Some(r.clone()));
        r.size = WrittenSize::of(crate::puzzle::Size::rect(5, 3).unwrap());
        let line = serde_json::to_string(&r).unwrap();
        assert!(line.contains(r#""size":"5x3""#), "{line}");
        assert_eq!(fast_attempt(&line), Some(r));
    }

    #[test]
    fn other_shapes_are_left_to_serde_which_still_reads_them() {
        let line = serde_json::to_string(&sample()).unwrap();
        for other in [
            line.replacen('{', r#"{"ghost":[1,2],"#, 1),
            line.replacen(r#""id":"#, r#" "id" : "#, 1),
            line.replacen("00000000000000ab-1", r"00000000000000\u0061b-1", 1),
            format!("{line} "),
        ] {
            assert_eq!(fast_attempt(&other), None, "{other}");
            assert_eq!(read_attempt(&other), Some(sample()), "{other}");
        }
        for refused in [
            line.replacen(r#""millis":1500"#, r#""millis":1500,"millis":2"#, 1),
            line.replacen(r#""millis":1500"#, r#""millis":01500"#, 1),
            line.replacen(r#""millis":1500"#, r#""millis":1500.0"#, 1),
            line.replacen(r#""millis":1500"#, r#""millis":-1500"#, 1),
            line.replacen(r#""millis""#, r#""hints":4294967296,"millis""#, 1),
            line.replacen(r#""result":"won""#, r#""result":"lost""#, 1),
            line.replacen(r#""id":"00000000000000ab-1","#, "", 1),
            format!("{line}x"),
        ] {
            assert_eq!(fast_attempt(&refused), None, "{refused}");
            assert_eq!(read_attempt(&refused), by_serde(&refused), "{refused}");
        }
    }

    /// Any side, as older lines may hold, or any W×H, square or not.
    fn written_size() -> impl Strategy<Value = WrittenSize> {
        prop_oneof![
            (0u64..40).prop_map(WrittenSize::square),
            (2usize..=10, 2usize..=10).prop_map(|(w, h)| WrittenSize::of(crate::puzzle::Size::rect(w, h).unwrap())),
        ]
    }

    fn record() -> impl Strategy<Value = AttemptRecord> {
        let text = "[ -~é\\\\\"\n]{0,12}";
        (
            (
                text,
                any::<u64>(),
                written_size(),
                text,
                proptest::option::of(text),
                text,
            ),
            (0..4u8, any::<bool>(), any::<bool>(), any::<u32>(), any::<u64>(), text),
            (
                "[UDLRudlr]{0,40}",
                proptest::collection::vec(any::<u64>(), 0..40),
                proptest::option::of(any::<u32>()),
                proptest::option::of(any::<u64>()),
                proptest::option::of(any::<u32>()),
                any::<bool>(),
                proptest::option::of(any::<bool>()),
                proptest::option::of(any::<u64>()),
            ),
        )
            .prop_map(
                |(
                    (id, at, size, level, daily, mode),
                    (result, replay, assisted, hints, millis, scramble),
                    (moves, gaps, par, seed, mtm, carried, ranked, memo_ms),
                )| {
                    AttemptRecord {
                        id,
                        at,
                        size,
                        level,
                        daily,
                        mode,
                        result: [Outcome::Won, Outcome::Solver, Outcome::Dnf, Outcome::GaveUp][usize::from(result)],
                        replay,
                        assisted,
                        hints,
                        millis,
                        scramble,
                        moves,
                        gaps,
                        par,
                        seed,
                        mtm,
                        carried,
                        ranked,
                        memo_ms,
                    }
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Every record reads back as written, whichever path reads it.
        #[test]
        fn every_record_reads_back(r in record()) {
            let line = serde_json::to_string(&r).unwrap();
            prop_assert_eq!(read_attempt(&line), Some(r));
        }

        /// On a damaged line the fast path answers nothing or what serde answers.
        #[test]
        fn the_fast_path_never_disagrees_with_serde(
            r in record(),
            edits in proptest::collection::vec((any::<prop::sample::Index>(), 0..3u8, "[ -~]"), 1..4),
        ) {
            let mut line = serde_json::to_string(&r).unwrap().into_bytes();
            for (at, how, with) in edits {
                let i = at.index(line.len() + 1);
                let b = with.as_bytes()[0];
                match how {
                    0 if i < line.len() => { line.remove(i); }
                    1 if i < line.len() => line[i] = b,
                    _ => line.insert(i, b),
                }
            }
            if let Ok(line) = String::from_utf8(line)
                && let Some(fast) = fast_attempt(&line)
            {
                prop_assert_eq!(Some(fast), by_serde(&line), "{}", line);
            }
        }
    }
}
