//! A value read from the config file together with where it was written, so that whoever
//! checks it later (the game checks key names and colours) can name the line and column.

use std::ops::Range;

use serde::{Deserialize, Deserializer};

/// A place in a text file: 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
}

impl Position {
    /// The position of byte `offset` in `text` (clamped to its end).
    pub(crate) fn of(text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        Position {
            line: before.matches('\n').count() + 1,
            column: before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1,
        }
    }
}

/// A setting's value and, when it came from a file, where it was written.
///
/// Equality compares the values only: a default and the same value read from a file are
/// the same setting.
#[derive(Debug, Clone)]
pub struct Placed<T> {
    /// The value as written.
    pub value: T,
    /// Where it was written; `None` for a default that was not in the file.
    pub at: Option<Position>,
    /// Its bytes in the text, until [`Placed::place`] turns them into a position.
    span: Option<Range<usize>>,
}

impl<T> Placed<T> {
    /// A value with no place in a file (a default).
    pub fn new(value: T) -> Placed<T> {
        Placed {
            value,
            at: None,
            span: None,
        }
    }

    /// Turns the byte span read with the value into a line and column of `text`.
    pub(crate) fn place(&mut self, text: &str) {
        if let Some(span) = self.span.take() {
            self.at = Some(Position::of(text, span.start));
        }
    }
}

impl<T: PartialEq> PartialEq for Placed<T> {
    fn eq(&self, other: &Placed<T>) -> bool {
        self.value == other.value
    }
}

impl<T: Eq> Eq for Placed<T> {}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Placed<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Placed<T>, D::Error> {
        // The toml deserializer hands the span to this one type; it stays private here.
        let spanned = toml::Spanned::<T>::deserialize(d)?;
        let span = spanned.span();
        Ok(Placed {
            value: spanned.into_inner(),
            at: None,
            span: Some(span),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_and_characters() {
        let text = "a\n[keys]\nhint = [\"×k\"]\n";
        assert_eq!(Position::of(text, 0), Position { line: 1, column: 1 });
        let at = text.find("\"×").unwrap();
        assert_eq!(Position::of(text, at), Position { line: 3, column: 9 });
        assert_eq!(Position::of(text, at + 2), Position { line: 3, column: 10 }, "inside ×");
        assert_eq!(Position::of(text, 999).line, 4);
    }

    #[test]
    fn equality_ignores_the_place() {
        let mut read = Placed::new("x".to_string());
        read.at = Some(Position { line: 2, column: 3 });
        assert_eq!(read, Placed::new("x".to_string()));
    }
}
