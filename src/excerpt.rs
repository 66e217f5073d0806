//! Quoting what was rejected: enough to recognise it, never a whole megabyte.
//!
//! This file imports nothing of the crate, so every layer may use it.

/// At most this many characters of a rejected text are quoted in an error.
pub(crate) const MAX_QUOTED: usize = 60;

/// `text` as it is when short; else its first characters, an ellipsis and how long it was
/// (`"xxxxxxxx… (1000000 characters)"`), at most about [`MAX_QUOTED`] characters in all.
pub fn excerpt(text: &str) -> String {
    let Some((cut, _)) = text.char_indices().nth(MAX_QUOTED) else {
        return text.to_string();
    };
    let total = text.chars().count();
    let keep = text[..cut].char_indices().nth(MAX_QUOTED - 25).map_or(cut, |(i, _)| i);
    format!("{}… ({total} characters)", &text[..keep])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_stay_long_ones_are_cut() {
        assert_eq!(excerpt("abc"), "abc");
        let exact = "x".repeat(MAX_QUOTED);
        assert_eq!(excerpt(&exact), exact);
        let long = "é".repeat(1_000_000);
        let cut = excerpt(&long);
        assert!(cut.chars().count() <= MAX_QUOTED, "{cut}");
        assert!(cut.ends_with("… (1000000 characters)"), "{cut}");
    }
}
