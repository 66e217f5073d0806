//! A board's size as the game's files write it (history lines, saves, the menu's choice):
//! `"size":4` for 4×4, as every version wrote it, and `"size":"4x3"` for a rectangle.
//!
//! A rectangle is a string, not a side and another field, so that a version that knows only
//! squares cannot read it as one: its reader refuses the line as damaged (and leaves it in
//! the file) rather than count a 4×3 attempt under 4×4. The value is kept as written, even
//! out of range, so that a check can say what is wrong with a hand-edited line ("its board
//! size 99×99 …") instead of losing the line as unreadable.

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::puzzle::Size;

/// A width and a height as a file wrote them, not yet checked against the sizes Slide
/// plays ([`WrittenSize::size`] checks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WrittenSize {
    width: u64,
    height: u64,
}

impl WrittenSize {
    /// The size `size` is written as.
    pub fn of(size: Size) -> WrittenSize {
        WrittenSize {
            width: size.width() as u64,
            height: size.height() as u64,
        }
    }

    /// An N×N size, as older versions wrote every size (`"size":N`).
    pub fn square(side: u64) -> WrittenSize {
        WrittenSize {
            width: side,
            height: side,
        }
    }

    /// The size, if it is one Slide plays (2 to 10 each way).
    pub fn size(self) -> Option<Size> {
        let w = usize::try_from(self.width).ok()?;
        let h = usize::try_from(self.height).ok()?;
        Size::rect(w, h).ok()
    }

    /// The side of a square, `None` for a rectangle.
    pub fn square_side(self) -> Option<u64> {
        (self.width == self.height).then_some(self.width)
    }

    /// As a line writes it, without quotes: `4` for a square, `4x3` for a rectangle.
    pub fn text(self) -> String {
        match self.square_side() {
            Some(side) => side.to_string(),
            None => format!("{}x{}", self.width, self.height),
        }
    }

    /// The text form of a rectangle (`4x3`, also `4×3`), or a square's (`4x4`, `4`): the
    /// width and height as written, in range or not; `None` for anything else.
    pub(crate) fn parse(text: &str) -> Option<WrittenSize> {
        let number = |t: &str| -> Option<u64> {
            (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse().ok())
                .flatten()
        };
        match text.split_once(['x', '×']) {
            Some((w, h)) => Some(WrittenSize {
                width: number(w)?,
                height: number(h)?,
            }),
            None => number(text).map(WrittenSize::square),
        }
    }
}

impl fmt::Display for WrittenSize {
    /// `4×3`, as the game shows a size.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}×{}", self.width, self.height)
    }
}

impl Serialize for WrittenSize {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.square_side() {
            Some(side) => s.serialize_u64(side),
            None => s.serialize_str(&self.text()),
        }
    }
}

impl<'de> Deserialize<'de> for WrittenSize {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<WrittenSize, D::Error> {
        d.deserialize_any(WrittenSizeVisitor)
    }
}

struct WrittenSizeVisitor;

impl Visitor<'_> for WrittenSizeVisitor {
    type Value = WrittenSize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a side (4) or a width and height (\"4x3\")")
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<WrittenSize, E> {
        Ok(WrittenSize::square(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<WrittenSize, E> {
        WrittenSize::parse(v).ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn squares_are_written_as_before_and_rectangles_as_text() {
        let four = WrittenSize::of(Size::FOUR);
        assert_eq!(serde_json::to_string(&four).unwrap(), "4");
        let rect = WrittenSize::of(Size::rect(4, 3).unwrap());
        assert_eq!(serde_json::to_string(&rect).unwrap(), r#""4x3""#);
        assert_eq!(rect.to_string(), "4×3");
        assert_eq!(rect.size(), Size::rect(4, 3).ok());
        assert_eq!(serde_json::from_str::<WrittenSize>("99").unwrap().size(), None);
        assert_eq!(
            serde_json::from_str::<WrittenSize>(r#""4×4""#).unwrap(),
            four,
            "a square written as text reads as the square"
        );
        for bad in [
            r#""four""#,
            r#""4x""#,
            r#""x3""#,
            r#""4x3x2""#,
            r#""-4x3""#,
            "-4",
            "4.5",
            "null",
        ] {
            assert!(serde_json::from_str::<WrittenSize>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_version_that_knows_only_sides_refuses_a_rectangle() {
        #[derive(Deserialize)]
        #[allow(dead_code, reason = "only whether it reads matters")]
        struct OlderLine {
            size: usize,
        }
        let line = serde_json::json!({ "size": WrittenSize::of(Size::rect(5, 3).unwrap()) }).to_string();
        assert!(serde_json::from_str::<OlderLine>(&line).is_err(), "{line}");
        let square = serde_json::json!({ "size": WrittenSize::of(Size::FIVE) }).to_string();
        assert_eq!(serde_json::from_str::<OlderLine>(&square).unwrap().size, 5);
    }

    proptest! {
        /// Every size Slide plays reads back as itself.
        #[test]
        fn every_size_reads_back(w in 2usize..=10, h in 2usize..=10) {
            let size = Size::rect(w, h).unwrap();
            let text = serde_json::to_string(&WrittenSize::of(size)).unwrap();
            let back: WrittenSize = serde_json::from_str(&text).unwrap();
            prop_assert_eq!(back.size(), Some(size));
        }
    }
}
