//! Marathons and relays: several boards in a row on one clock, played as ONE attempt.
//!
//! - A marathon of N deals N uniformly random solvable boards of one size (any W×H); a relay
//!   deals its list of sizes in order: 3×3, then 4×4, … up to N×N for `relay-N`, or any list
//!   of shapes (see `relay_sizes.rs`). Each board is dealt the moment the one before it is solved;
//!   the clock never stops between them, and the attempt is won when the last is solved.
//! - The boards come from the run's seed (below 2^40, as every dealt seed): board `i` from
//!   the generator seeded with `seed | i << 40`, so a run is the same on every machine and a
//!   saved run needs only its seed and the board it is on.
//! - Ranked play (as slidysim requires): every board is a uniformly random solvable
//!   permutation ([`Board::random`]), never a level-targeted deal; a board dealt solved is
//!   drawn again.
//! - The history keeps a run as one record: its level is `marathon-N` or `relay-N` (or
//!   `relay-3x3-4x3-4x4` for a list), its mode
//!   `marathon` or `relay`, its scramble the boards reached joined by `;` (each in slidysim's
//!   form), its moves every tile slid in the whole run. The moves split into boards by
//!   replaying them: a board ends the first time it reaches the goal.

use crate::game::play::relay_sizes::RelaySizes;
use crate::game::play::solve_mode::{MARATHON, RELAY};
use crate::puzzle::slidysim::format_scramble;
use crate::puzzle::{Board, SeededRng, Size};

/// The fewest boards a marathon has.
pub(crate) const MIN_MARATHON: u32 = 2;
/// The most boards a marathon has.
pub(crate) const MAX_MARATHON: u32 = 999_999;
/// What joins the boards of a run in its record's scramble.
pub const BOARD_SEPARATOR: char = ';';

/// Which boards a run deals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunKind {
    /// `count` boards of `size`.
    Marathon {
        /// The board size.
        size: Size,
        /// How many boards, [`MIN_MARATHON`] to [`MAX_MARATHON`].
        count: u32,
    },
    /// Each of `sizes`, in order.
    Relay {
        /// The boards' sizes.
        sizes: RelaySizes,
    },
}

impl RunKind {
    /// The relay 3×3, 4×4, … up to `top` (slidysim's relays; see [`RelaySizes::up_to`]).
    pub fn relay_to(top: Size) -> RunKind {
        RunKind::Relay {
            sizes: RelaySizes::up_to(top),
        }
    }

    /// How many boards the run has.
    pub fn count(self) -> u32 {
        match self {
            RunKind::Marathon { count, .. } => count,
            RunKind::Relay { sizes } => sizes.len() as u32,
        }
    }

    /// The size of board `i` (from 0).
    pub fn size_of(self, i: u32) -> Size {
        match self {
            RunKind::Marathon { size, .. } => size,
            RunKind::Relay { sizes } => sizes.as_slice().get(i as usize).copied().unwrap_or(sizes.last()),
        }
    }

    /// The size its records are kept under: the marathon's size, the relay's last size.
    pub(crate) fn record_size(self) -> Size {
        match self {
            RunKind::Marathon { size, .. } => size,
            RunKind::Relay { sizes } => sizes.last(),
        }
    }

    /// Its mode in the history: `marathon` or `relay`.
    pub fn mode(self) -> &'static str {
        match self {
            RunKind::Marathon { .. } => MARATHON,
            RunKind::Relay { .. } => RELAY,
        }
    }

    /// Its level in the history and `slide stats`: `marathon-10`, `relay-5`,
    /// `relay-3x3-4x3-4x4`.
    pub fn level(self) -> String {
        match self {
            RunKind::Marathon { count, .. } => format!("{MARATHON}-{count}"),
            RunKind::Relay { sizes } => format!("{RELAY}-{}", sizes.name()),
        }
    }

    /// What it is, in words: `marathon-10 4×3`, `relay-5 3×3→5×5`, `relay 3×3→4×3→4×4`.
    pub fn describe(self) -> String {
        match self {
            RunKind::Marathon { size, .. } => format!("{} {size}", self.level()),
            RunKind::Relay { sizes } if sizes.top_side().is_some() => format!("{} {sizes}", self.level()),
            RunKind::Relay { sizes } => format!("{RELAY} {sizes}"),
        }
    }

    /// The kind named by a level and the size its records are under (a relay's level
    /// names its sizes); `None` if the level names no run (or one out of range).
    pub(crate) fn from_level(level: &str, size: Size) -> Option<RunKind> {
        let (mode, rest) = level.split_once('-')?;
        let kind = match mode {
            MARATHON => RunKind::Marathon {
                size,
                count: rest.parse().ok()?,
            },
            RELAY => RunKind::Relay {
                sizes: RelaySizes::from_name(rest)?,
            },
            _ => return None,
        };
        kind.valid().then_some(kind)
    }

    /// Whether the run is one Slide plays: 2 to 999,999 boards, a relay of 1 to
    /// [`crate::game::play::relay_sizes::MAX_RELAY`] boards.
    pub fn valid(self) -> bool {
        match self {
            RunKind::Marathon { count, .. } => (MIN_MARATHON..=MAX_MARATHON).contains(&count),
            RunKind::Relay { sizes } => !sizes.is_empty(),
        }
    }

    /// Board `i` (from 0) of the run dealt from `seed`: uniformly random, solvable, not
    /// already solved.
    pub fn board(self, seed: u64, i: u32) -> Board {
        let mut rng = SeededRng::new((seed & ((1 << 40) - 1)) | (u64::from(i) << 40));
        loop {
            let board = Board::random(self.size_of(i), &mut rng);
            if !board.is_goal() {
                return board;
            }
        }
    }
}

/// A run in play: its kind, its seed and the board it is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    kind: RunKind,
    seed: u64,
    index: u32,
}

impl Run {
    /// A run at its first board.
    pub fn new(kind: RunKind, seed: u64) -> Run {
        Run {
            kind,
            seed: seed & ((1 << 40) - 1),
            index: 0,
        }
    }

    /// A run at board `index` (from 0), as a save holds it; `None` if out of range.
    pub fn at(kind: RunKind, seed: u64, index: u32) -> Option<Run> {
        (kind.valid() && index < kind.count()).then_some(Run { kind, seed, index })
    }

    /// Which boards it deals.
    pub fn kind(&self) -> RunKind {
        self.kind
    }

    /// The seed its boards come from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The board in play, from 0.
    pub fn index(&self) -> u32 {
        self.index
    }

    /// The board in play, from 1 ("board k of N").
    pub fn number(&self) -> u32 {
        self.index + 1
    }

    /// Whether the board in play is the last.
    pub(crate) fn on_last(&self) -> bool {
        self.number() >= self.kind.count()
    }

    /// The first board.
    pub(crate) fn first_board(&self) -> Board {
        self.kind.board(self.seed, 0)
    }

    /// Moves on to the next board and deals it; `None` on the last.
    pub(crate) fn next(&mut self) -> Option<Board> {
        if self.on_last() {
            return None;
        }
        self.index += 1;
        Some(self.kind.board(self.seed, self.index))
    }

    /// Back to the first board (a restart of the run).
    pub(crate) fn rewind(&mut self) -> Board {
        self.index = 0;
        self.first_board()
    }

    /// The boards reached so far (the one in play included), in slidysim's form, joined by
    /// [`BOARD_SEPARATOR`]: the record's scramble.
    pub fn scrambles(&self) -> String {
        (0..=self.index)
            .map(|i| format_scramble(&self.kind.board(self.seed, i)))
            .collect::<Vec<_>>()
            .join(&BOARD_SEPARATOR.to_string())
    }

    /// Every board of the run, the ones not reached yet included: the scramble a won run is
    /// recorded with, so an attempt at the same run (an `R` replay) is known as a replay
    /// however far it gets.
    pub(crate) fn all_scrambles(&self) -> String {
        (0..self.kind.count())
            .map(|i| format_scramble(&self.kind.board(self.seed, i)))
            .collect::<Vec<_>>()
            .join(&BOARD_SEPARATOR.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relay_goes_from_three_by_three_up_to_its_top() {
        let relay = RunKind::relay_to(Size::FOUR);
        assert_eq!(relay.count(), 2);
        assert_eq!((relay.size_of(0), relay.size_of(1)), (Size::THREE, Size::FOUR));
        assert_eq!(relay.level(), "relay-4");
        let mut run = Run::new(relay, 7);
        assert_eq!(run.first_board().size(), Size::THREE);
        let second = run.next().expect("a second board");
        assert_eq!(second.size(), Size::FOUR);
        assert!(run.on_last() && run.next().is_none());
        assert_eq!(RunKind::from_level("relay-4", Size::FOUR), Some(relay));
        assert_eq!(relay.describe(), "relay-4 3×3→4×4");
    }

    #[test]
    fn boards_are_random_solvable_and_the_same_for_a_seed() {
        let kind = RunKind::Marathon {
            size: Size::FOUR,
            count: 10,
        };
        let boards: Vec<Board> = (0..10).map(|i| kind.board(12_345, i)).collect();
        assert_eq!(boards, (0..10).map(|i| kind.board(12_345, i)).collect::<Vec<_>>());
        for b in &boards {
            assert!(!b.is_goal(), "every Board is solvable; none is dealt solved");
        }
        let distinct: std::collections::HashSet<_> = boards.iter().collect();
        assert_eq!(distinct.len(), 10, "each board dealt afresh");
        assert_ne!(kind.board(12_346, 0), boards[0]);
    }

    #[test]
    fn levels_name_the_run_and_read_back() {
        let m = RunKind::Marathon {
            size: Size::THREE,
            count: 10,
        };
        assert_eq!((m.level(), m.mode()), ("marathon-10".to_string(), "marathon"));
        assert_eq!(RunKind::from_level("marathon-10", Size::THREE), Some(m));
        for bad in [
            "marathon-1",
            "marathon-1000000",
            "relay-2",
            "relay-11",
            "relay-3x3,4x4",
            "sprint-3",
            "marathon",
        ] {
            assert_eq!(RunKind::from_level(bad, Size::THREE), None, "{bad}");
        }
        let run = Run::at(m, 5, 1).unwrap();
        assert_eq!(run.scrambles().split(BOARD_SEPARATOR).count(), 2);
        assert!(Run::at(m, 5, 10).is_none());
    }

    #[test]
    fn relays_go_up_to_ten_by_ten_or_over_any_list() {
        let ten = RunKind::relay_to(Size::new(10).unwrap());
        assert_eq!((ten.count(), ten.level()), (8, "relay-10".to_string()));
        assert_eq!(ten.size_of(7), Size::new(10).unwrap());
        assert_eq!(ten.describe(), "relay-10 3×3→10×10");
        assert_eq!(RunKind::from_level("relay-10", Size::THREE), Some(ten));
        let run = Run::new(ten, 3);
        assert_eq!(run.all_scrambles().split(BOARD_SEPARATOR).count(), 8);
        let list = RunKind::Relay {
            sizes: "3x3,4x3,4x4".parse().unwrap(),
        };
        assert_eq!(list.level(), "relay-3x3-4x3-4x4");
        assert_eq!(list.describe(), "relay 3×3→4×3→4×4");
        assert_eq!(list.size_of(1), Size::rect(4, 3).unwrap());
        assert_eq!(list.record_size(), Size::FOUR);
        assert_eq!(RunKind::from_level(&list.level(), Size::FOUR), Some(list));
        assert_ne!(list, RunKind::relay_to(Size::FOUR), "another list, another run");
        let wide = RunKind::Marathon {
            size: Size::rect(5, 3).unwrap(),
            count: 3,
        };
        assert_eq!(wide.describe(), "marathon-3 5×3");
        assert_eq!(wide.board(9, 2).size(), Size::rect(5, 3).unwrap());
    }
}
