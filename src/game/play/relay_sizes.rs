//! The boards of a relay, in the order played: 3×3 up to N×N (`relay-N`, slidysim's relays,
//! "3×3 to 10×10" included), or any list of shapes (`relay-3x3-4x3-4x4`).
//!
//! The name is what the history's level and the records' row keep, so two relays are the
//! same row exactly when they play the same boards: a list that is 3×3 up to N×N is always
//! named `relay-N`, as it was before lists, and any other list by its sizes joined by `-`
//! (no `,`: the name is a column of `slide history --csv`).

use std::fmt;
use std::str::FromStr;

use crate::puzzle::Size;

/// The most boards a relay has: every square from 2×2 to 10×10 twice over fits.
pub const MAX_RELAY: usize = 18;

/// The smallest board of a `relay-N` (3×3, as slidysim starts its relays).
const FIRST_SIDE: usize = 3;

/// The sizes of a relay's boards, in the order played (1 to [`MAX_RELAY`]). A small copy
/// type, so that a run's kind stays one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RelaySizes {
    len: u8,
    /// The sizes; the ones past `len` are 3×3, so that equal lists compare equal.
    sizes: [Size; MAX_RELAY],
}

/// Why a list of sizes is no relay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RelayError {
    /// No size at all.
    #[error("a relay needs at least one size")]
    Empty,
    /// More boards than a relay holds.
    #[error("a relay has at most {MAX_RELAY} boards, not {0}")]
    TooLong(usize),
    /// A size that does not read.
    #[error("relay sizes: {0}")]
    BadSize(String),
}

impl RelaySizes {
    /// The boards `sizes` lists, in that order.
    pub fn new(sizes: &[Size]) -> Result<RelaySizes, RelayError> {
        if sizes.is_empty() {
            return Err(RelayError::Empty);
        }
        if sizes.len() > MAX_RELAY {
            return Err(RelayError::TooLong(sizes.len()));
        }
        let mut all = [Size::THREE; MAX_RELAY];
        all[..sizes.len()].copy_from_slice(sizes);
        Ok(RelaySizes {
            len: sizes.len() as u8,
            sizes: all,
        })
    }

    /// 3×3, 4×4, … up to `top` (`relay-N`), for a square `top` from 3×3 to 10×10; any other
    /// size (2×2, a rectangle) is a relay of that one board.
    pub fn up_to(top: Size) -> RelaySizes {
        let list: Vec<Size> = match top.square_side() {
            Some(n) if n >= FIRST_SIDE => (FIRST_SIDE..=n).filter_map(|s| Size::new(s).ok()).collect(),
            _ => vec![top],
        };
        let mut all = [Size::THREE; MAX_RELAY];
        all[..list.len()].copy_from_slice(&list);
        RelaySizes {
            len: list.len() as u8,
            sizes: all,
        }
    }

    /// The sizes, in the order played.
    pub fn as_slice(&self) -> &[Size] {
        &self.sizes[..usize::from(self.len)]
    }

    /// How many boards.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Always false: a relay has a board at least.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The last size, which the relay's records are kept under.
    pub fn last(&self) -> Size {
        self.sizes[self.len().saturating_sub(1)]
    }

    /// N when this is 3×3 up to N×N (`relay-N`).
    pub fn top_side(&self) -> Option<usize> {
        let n = self.last().square_side()?;
        (n >= FIRST_SIDE && *self == RelaySizes::up_to(self.last())).then_some(n)
    }

    /// What follows `relay-` in its name: `5`, or `3x3-4x3-4x4`.
    pub fn name(&self) -> String {
        match self.top_side() {
            Some(n) => n.to_string(),
            None => self
                .as_slice()
                .iter()
                .map(|s| format!("{}x{}", s.width(), s.height()))
                .collect::<Vec<_>>()
                .join("-"),
        }
    }

    /// The relay [`RelaySizes::name`] names; `None` for anything else.
    pub fn from_name(name: &str) -> Option<RelaySizes> {
        if let Ok(n) = name.parse::<usize>() {
            let top = Size::new(n).ok().filter(|_| n >= FIRST_SIDE)?;
            return Some(RelaySizes::up_to(top));
        }
        let sizes: Vec<Size> = name.split('-').map(parse_size).collect::<Option<_>>()?;
        RelaySizes::new(&sizes).ok()
    }

    /// In words: `3×3→5×5` for `relay-5`, `3×3→4×3→4×4` for a list.
    pub fn describe(&self) -> String {
        match self.top_side() {
            Some(_) => format!("3×3→{}", self.last()),
            None => self
                .as_slice()
                .iter()
                .map(Size::to_string)
                .collect::<Vec<_>>()
                .join("→"),
        }
    }
}

/// `4x3` as a name writes it: digits, `x`, digits (no `N` alone: that is `relay-N`).
fn parse_size(text: &str) -> Option<Size> {
    let (w, h) = text.split_once('x')?;
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(w) || !digits(h) {
        return None;
    }
    Size::rect(w.parse().ok()?, h.parse().ok()?).ok()
}

impl fmt::Display for RelaySizes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

impl FromStr for RelaySizes {
    type Err = RelayError;

    /// A list as the command line takes it: sizes joined by commas (`3x3,4x3,4x4`), each
    /// `N`, `WxH` or `W×H`.
    fn from_str(s: &str) -> Result<RelaySizes, RelayError> {
        let sizes = s
            .split(',')
            .map(|p| p.trim().parse::<Size>().map_err(|e| RelayError::BadSize(e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        RelaySizes::new(&sizes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(w: usize, h: usize) -> Size {
        Size::rect(w, h).unwrap()
    }

    #[test]
    fn three_up_to_n_keeps_its_old_name_and_lists_name_their_sizes() {
        let five = RelaySizes::up_to(Size::FIVE);
        assert_eq!(five.as_slice(), [Size::THREE, Size::FOUR, Size::FIVE]);
        assert_eq!((five.name(), five.describe()), ("5".to_string(), "3×3→5×5".to_string()));
        let ten = RelaySizes::up_to(Size::new(10).unwrap());
        assert_eq!((ten.len(), ten.name()), (8, "10".to_string()));
        assert_eq!(RelaySizes::from_name("10"), Some(ten));
        let list: RelaySizes = "3x3, 4x3 ,4×4".parse().unwrap();
        assert_eq!(list.as_slice(), [Size::THREE, rect(4, 3), Size::FOUR]);
        assert_eq!(list.name(), "3x3-4x3-4x4");
        assert_eq!(list.describe(), "3×3→4×3→4×4");
        assert_eq!(RelaySizes::from_name(&list.name()), Some(list));
        assert_eq!(list.last(), Size::FOUR);
        // The same boards, however asked for, are the same relay.
        assert_eq!("3,4,5".parse::<RelaySizes>().unwrap(), five);
        assert_eq!(RelaySizes::from_name("3x3-4x4-5x5").map(|r| r.name()), Some("5".into()));
        assert_ne!(RelaySizes::from_name("4x4-3x3"), RelaySizes::from_name("3x3-4x4"));
    }

    #[test]
    fn nonsense_is_refused() {
        for bad in [
            "", "2", "11", "3x3-", "3x3--4x4", "3x3-4", "3x3-11x3", "3x3,4x4", "x3", "3x3-1x4",
        ] {
            assert_eq!(RelaySizes::from_name(bad), None, "{bad}");
        }
        assert!("".parse::<RelaySizes>().unwrap_err().to_string().contains("size"));
        let long = vec!["3"; MAX_RELAY + 1].join(",");
        assert_eq!(long.parse::<RelaySizes>(), Err(RelayError::TooLong(MAX_RELAY + 1)));
        assert!(RelaySizes::new(&[]).is_err());
        // A one-board relay of a shape is named by its size, not as relay-N.
        let one = RelaySizes::up_to(rect(5, 3));
        assert_eq!((one.len(), one.name()), (1, "5x3".to_string()));
        assert_eq!(RelaySizes::up_to(Size::THREE).name(), "3");
    }
}
