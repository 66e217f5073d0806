//! The ranked rule: which attempts may set a best or enter an average. Decided once, when
//! the attempt ends, and stored on its record (`"ranked"`); every best and average reads
//! ranked attempts only (see `figures.rs`). Everything else still counts as played, won,
//! replay, solver-finished or DNF, where `outcome.rs` and `figures.rs` say.
//!
//! A ranked attempt is one whose scramble nobody could know beforehand:
//! - dealt for this game, not chosen: a seed drawn at random (a level, a blind deal, a
//!   marathon or relay), or the day's daily puzzle; not a seed or code the player chose,
//!   nor a board given by hand;
//! - its first showing: not a restart, not a game resumed from its save, not a board
//!   finished or attempted before (a replay);
//! - with no help: no hint, and the solution never asked for;
//! - with an honest clock (the clock ran whenever the board was visible).
//!
//! The help's records page and `docs/records.md` hold the table [`table`] writes; a test
//! checks that they do, and that each of its lines follows [`ranked`].

use crate::game::play::game::Game;

/// What the ranked rule reads of an attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(
    clippy::struct_excessive_bools,
    reason = "the rule's independent conditions, not a state"
)]
pub struct RankFacts {
    /// Dealt for this game and not chosen: a seed drawn at random, or the day's daily.
    pub fair_deal: bool,
    /// The scramble's first showing: not a restart, a resume, or a board seen before.
    pub first_showing: bool,
    /// No hint was shown and the solution was never asked for, restarts included.
    pub unhelped: bool,
    /// The clock ran whenever the board was visible. The game keeps this by construction
    /// (a screen that stops the clock hides the board of an attempt under way, a resumed
    /// attempt opens hidden and its clock runs from the moment it shows, a suspend hides
    /// it), so every attempt passes; a check the game cannot keep answers here.
    pub clock_honest: bool,
}

/// Whether an attempt with these facts is ranked: all of them must hold.
pub fn ranked(facts: RankFacts) -> bool {
    facts.fair_deal && facts.first_showing && facts.unhelped && facts.clock_honest
}

/// The attempts the table lists, each with the facts it has and whether it is ranked: the
/// one list the help's table is written from.
pub fn cases() -> Vec<(&'static str, RankFacts, bool)> {
    let fair = RankFacts {
        fair_deal: true,
        first_showing: true,
        unhelped: true,
        clock_honest: true,
    };
    let chosen = RankFacts {
        fair_deal: false,
        ..fair
    };
    let again = RankFacts {
        first_showing: false,
        ..fair
    };
    let helped = RankFacts {
        unhelped: false,
        ..fair
    };
    vec![
        ("dealt at random, first try", fair, true),
        ("the daily, first try", fair, true),
        ("blind, marathon, relay dealt", fair, true),
        ("restarted (same scramble)", again, false),
        ("the daily, restarted", again, false),
        ("resumed from its save", again, false),
        ("a replay of a board seen", again, false),
        ("--seed, --code, a typed board", chosen, false),
        ("a hint shown", helped, false),
        ("solution asked (p), any key", helped, false),
        ("solver made a move", helped, false),
    ]
}

/// The table of [`cases`] as the help's records page and `docs/records.md` show it.
pub fn table() -> String {
    let mut lines = vec![
        "| attempt                       | ranked |".to_string(),
        "|-------------------------------|--------|".to_string(),
    ];
    for (what, facts, _) in cases() {
        let mark = if ranked(facts) { "yes" } else { "no" };
        lines.push(format!("| {what:<29} | {mark:<6} |"));
    }
    lines.join("\n") + "\n"
}

impl Game {
    /// What the ranked rule reads of this attempt; `seen_before` says that the records
    /// already hold an attempt at this scramble (a replay, or the daily tried before).
    pub fn rank_facts(&self, seen_before: bool) -> RankFacts {
        let dealt = (self.level().is_some() || self.run().is_some()) && self.seed().is_some();
        RankFacts {
            fair_deal: !self.seed_chosen() && (dealt || self.daily().is_some()),
            first_showing: !self.shown_before() && !seen_before && !self.given_up(),
            unhelped: !self.assisted() && !self.log().solver_moved(),
            clock_honest: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::Level;
    use crate::puzzle::Move;

    #[test]
    fn each_line_of_the_table_follows_the_rule() {
        for (what, facts, said) in cases() {
            assert_eq!(ranked(facts), said, "{what}");
        }
        assert!(table().lines().all(|l| l.chars().count() <= 48), "fits the help");
    }

    #[test]
    fn a_game_reports_the_facts_the_rule_reads() {
        let dealt = || {
            Game::new(
                "1 2 3 4 5 6 7 0 8".parse().unwrap(),
                Some(Level::Easy),
                Some(3),
                Some(1),
            )
        };
        assert!(ranked(dealt().rank_facts(false)));
        assert!(!ranked(dealt().rank_facts(true)), "seen before");
        let mut g = dealt();
        g.mark_seed_chosen();
        assert!(!g.rank_facts(false).fair_deal);
        let mut g = dealt();
        g.play(Move::Right);
        g.restart();
        assert!(!g.rank_facts(false).first_showing);
        let mut g = dealt();
        g.note_solver();
        assert!(!g.rank_facts(false).unhelped, "asking is help");
        let typed = Game::new("1 2 3 4 5 6 7 0 8".parse().unwrap(), None, None, None);
        assert!(!typed.rank_facts(false).fair_deal);
        let back = Game::from_saved(&dealt().to_saved()).unwrap();
        assert!(!back.rank_facts(false).first_showing, "a resume");
    }

    #[test]
    fn the_dailys_first_attempt_is_ranked_and_its_restarts_are_not() {
        let date = crate::difficulty::UtcDate::new(2026, 12, 3).unwrap();
        let daily = || Game::new("1 2 3 4 5 6 0 7 8".parse().unwrap(), None, None, Some(2)).with_daily(date);
        let mut g = daily();
        g.play(Move::Left);
        let first = g.ending_record(
            crate::game::records::outcome::Ending::Restarted,
            crate::game::records::ending::Seen::default(),
            1,
        );
        assert_eq!(first.and_then(|r| r.ranked), Some(true));
        g.restart();
        g.play_segment(Move::Left, 2);
        let again = g.ending_record(
            crate::game::records::outcome::Ending::Solved,
            crate::game::records::ending::Seen::default(),
            2,
        );
        assert_eq!(again.and_then(|r| r.ranked), Some(false), "a restart");
        // Dealt again as a new game, the records know it was tried: shown before.
        let mut g = daily();
        g.play_segment(Move::Left, 2);
        let seen = crate::game::records::ending::Seen {
            finished: false,
            attempted: true,
        };
        let r = g.ending_record(crate::game::records::outcome::Ending::Solved, seen, 3);
        assert_eq!(r.map(|r| (r.ranked, r.replay)), Some((Some(false), false)));
    }
}
