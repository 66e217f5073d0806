//! Dealing a board for a size and level from a seed, or the board a puzzle code names.
//!
//! Candidates come from uniformly random boards (or, for the easy levels of large sizes,
//! random walks from the goal), are filtered by a rating window and, where the rating alone
//! cannot vouch for the band, confirmed by the optimal solver. Every step is a function of
//! the seed: no clock, no thread, no table readiness changes which board is dealt (the
//! boards are read through [`DealJudge`] only).

use std::time::{Duration, Instant};

use crate::difficulty::bands::{Band, band_of};
use crate::difficulty::code::PuzzleCode;
use crate::difficulty::deal_judge::DealJudge;
use crate::difficulty::deal_policy::{Policy, Source, policy_for};
use crate::difficulty::level::Level;
use crate::difficulty::rating::{LevelRating, rate_level};
use crate::difficulty::shape_deal::{deal_shape, shape_stream_seed};
use crate::puzzle::{Board, SeededRng, Size};
use crate::solver::{SolveError, Solver, Stop};

/// Candidates drawn before giving up on the window and dealing the closest one seen.
const MAX_DRAWS: u32 = 1_000_000;
/// Optimal solves tried before dealing the closest confirmed candidate.
const MAX_CONFIRMS: u32 = 48;

/// A board dealt for a level, with what is known about it.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The board.
    pub board: Board,
    /// The level it was dealt for.
    pub level: Level,
    /// The seed that produced it.
    pub seed: u64,
    /// The rating (an admissible lower bound on the optimal length).
    pub rating: u32,
    /// The optimal length expected from the rating, or the exact length when known.
    pub expected_length: u32,
    /// The exact optimal length, when known (3×3 always; 4×4 and the other shapes' banded
    /// levels when the generator confirmed).
    pub length: Option<u32>,
    /// The full rating, including its kind and the level it implies.
    pub rated: LevelRating,
    /// How long dealing took.
    pub elapsed: Duration,
}

impl Generated {
    /// The board's size.
    pub fn size(&self) -> Size {
        self.board.size()
    }

    /// Milliseconds spent dealing.
    pub fn millis(&self) -> f64 {
        self.elapsed.as_secs_f64() * 1000.0
    }

    /// The puzzle code that deals this board again.
    pub fn code(&self) -> PuzzleCode {
        PuzzleCode::Seeded {
            size: self.size(),
            level: self.level,
            seed: self.seed,
        }
    }
}

impl PuzzleCode {
    /// Deals the board the code names, with its rating.
    pub fn deal(&self, solver: &Solver) -> Generated {
        match *self {
            PuzzleCode::Seeded { size, level, seed } => generate(solver, size, level, seed),
            PuzzleCode::Board(board) => {
                let rated = rate_level(solver, &board);
                Generated {
                    board,
                    level: rated.level,
                    seed: 0,
                    rating: rated.rating,
                    expected_length: rated.expected_length,
                    length: rated.length,
                    rated,
                    elapsed: std::time::Duration::ZERO,
                }
            }
        }
    }
}

/// Mixes size and level into the seed, so that one seed deals unrelated boards per level.
fn stream_seed(seed: u64, size: Size, level: Level) -> u64 {
    seed ^ ((size.side() as u64) << 56) ^ (level.ordinal() << 60)
}

fn draw(size: Size, source: Source, rng: &mut SeededRng) -> Board {
    match source {
        Source::Uniform => Board::random(size, rng),
        Source::Walk { min, max } => {
            let steps = min + rng.below(u64::from(max - min) + 1) as u32;
            Board::scrambled(size, steps as usize, rng)
        }
    }
}

fn window_distance((lo, hi): (u32, u32), r: u32) -> u32 {
    Band { min: lo, max: hi }.distance(r)
}

/// Deals a board for `size` and `level` from `seed`: the same inputs give the same board on
/// every run and platform. Always returns a solvable board; for banded levels its optimal
/// length lies in the level's band whenever `length` is `Some`, and otherwise with the
/// probability measured in CALIBRATION.md.
///
/// 4×4 Easy, Medium and Hard are confirmed by the optimal solver: prepare the solver for 4×4
/// first ([`Solver::prepare`]), or the confirmation searches with walking distance and can
/// take seconds. Either way the board dealt is the same.
pub fn generate(solver: &Solver, size: Size, level: Level, seed: u64) -> Generated {
    // Only a stop ends the search early, and this one never stops.
    generate_with_stop(solver, size, level, seed, &Stop::never()).expect("a search without a stop never gives up")
}

/// [`generate`], abandoned with [`SolveError::Cancelled`] (or `OutOfTime`) when `stop` says so:
/// for dealing ahead in the background, where a newer request makes the old one stale. A
/// stopped call deals nothing; a completed one deals exactly what [`generate`] deals.
pub fn generate_with_stop(
    solver: &Solver,
    size: Size,
    level: Level,
    seed: u64,
    stop: &Stop,
) -> Result<Generated, SolveError> {
    let start = Instant::now();
    if !size.is_classic() {
        return shape_deal(solver, size, level, seed, start, stop);
    }
    let mut rng = SeededRng::new(stream_seed(seed, size, level));
    let (board, length) = match (policy_for(size, level), band_of(size, level)) {
        (Some(policy), Some(band)) => {
            let judge = DealJudge::new(solver);
            search(&judge, size, policy, band, MAX_CONFIRMS, &mut rng, stop)?
        }
        _ => (Board::random(size, &mut rng), None),
    };
    let mut rated = rate_level(solver, &board);
    if let Some(len) = length {
        rated = rated.with_length(size, len);
    }
    Ok(Generated::of(board, level, seed, rated, start))
}

/// A deal of a size that is not classic: a banded level of a measured shape (found and
/// proven as on the classic sizes, from the shape's own stream of the seed), else "random",
/// which every shape deals (the level dealt is the one returned, so a caller that asked for
/// a level the shape does not offer sees it).
fn shape_deal(
    solver: &Solver,
    size: Size,
    level: Level,
    seed: u64,
    start: Instant,
    stop: &Stop,
) -> Result<Generated, SolveError> {
    if let (Some(policy), Some(band)) = (policy_for(size, level), band_of(size, level)) {
        let mut rng = SeededRng::new(shape_stream_seed(size, level, seed));
        let judge = DealJudge::new(solver);
        let (board, length) = search(&judge, size, policy, band, MAX_CONFIRMS, &mut rng, stop)?;
        let mut rated = rate_level(solver, &board);
        if let Some(len) = length {
            rated = rated.with_length(size, len);
        }
        return Ok(Generated::of(board, level, seed, rated, start));
    }
    let (board, level) = match deal_shape(size, level, seed) {
        Ok(board) => (board, level),
        Err(_) => match deal_shape(size, Level::Random, seed) {
            Ok(board) => (board, Level::Random),
            // Not reached: every shape deals "random"; a board of the shape all the same.
            Err(_) => (Board::random(size, &mut SeededRng::new(seed)), Level::Random),
        },
    };
    let rated = rate_level(solver, &board);
    Ok(Generated::of(board, level, seed, rated, start))
}

impl Generated {
    /// The deal of `board` at `level` from `seed`, its figures those of `rated`, dealt in
    /// the time since `start`.
    fn of(board: Board, level: Level, seed: u64, rated: LevelRating, start: Instant) -> Generated {
        Generated {
            board,
            level,
            seed,
            rating: rated.rating,
            expected_length: rated.expected_length,
            length: rated.length,
            rated,
            elapsed: start.elapsed(),
        }
    }
}

/// Draws until a candidate passes the window (and the solver, if the policy confirms), or
/// until `max_confirms` candidates were solved without one in the band: then deals the
/// closest. Reads the boards through `judge` only, so what it deals is the same whatever
/// tables are loaded.
fn search(
    judge: &DealJudge<'_>,
    size: Size,
    policy: Policy,
    band: Band,
    max_confirms: u32,
    rng: &mut SeededRng,
    stop: &Stop,
) -> Result<(Board, Option<u32>), SolveError> {
    // The closest candidate so far, by distance from the window (or band once confirmed).
    let mut best: Option<(u32, Board, Option<u32>)> = None;
    let mut confirms = 0;
    let exact = size == Size::THREE;
    for draws in 0..MAX_DRAWS {
        if draws % 1024 == 0 && stop.should_stop() {
            return Err(stop.error());
        }
        let board = draw(size, policy.source, rng);
        let r = judge.placement_rating(&board);
        let miss = window_distance(policy.window, r);
        if miss > 0 {
            if best.as_ref().is_none_or(|b| miss < b.0) {
                best = Some((miss, board, exact.then_some(r)));
            }
            continue;
        }
        if !policy.confirm {
            return Ok((board, exact.then_some(r)));
        }
        // Every candidate in the window is solved and counted, even one whose pattern-database
        // bound already exceeds the band: skipping those would make the count, and so the
        // board dealt once it runs out, depend on the tables loaded.
        let Some(len) = judge.optimal_length(&board, stop)? else {
            continue;
        };
        if band.contains(len) {
            return Ok((board, Some(len)));
        }
        // A confirmed miss beats any unconfirmed one: count it as just outside the band.
        let miss = band.distance(len);
        if best.as_ref().is_none_or(|b| b.2.is_none() || miss < b.0) {
            best = Some((miss, board, Some(len)));
        }
        confirms += 1;
        if confirms >= max_confirms {
            break;
        }
    }
    Ok(best.map_or_else(|| (Board::random(size, rng), None), |(_, b, l)| (b, l)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::difficulty::daily::{UtcDate, daily};
    use crate::solver::tables::test_tables::{small_4x4, unit_test_cache};
    use crate::solver::{Partition, Solver, TableCache};

    /// Stand-ins for the large partitions (the real 8-7 and 6-6-6-6 take minutes to build),
    /// stored compactly as they are: on 4×4 they take the default's place, on 5×5 they guide
    /// the bounded search beside it.
    fn large_stand_ins() -> [Partition; 2] {
        let groups: Vec<Vec<u8>> = (0..8).map(|g| (1..=3).map(|i| g * 3 + i).collect()).collect();
        [
            small_4x4().stored_compactly(),
            Partition::new(Size::FIVE, groups)
                .expect("a partition")
                .stored_compactly(),
        ]
    }

    /// Four players: one with no pattern databases, one with the defaults, one with the
    /// large tables in the cache as well, and one whose large tables were built in the
    /// background while it ran (taken into use by `adopt_large` after the defaults).
    fn players() -> [Solver; 4] {
        let cache = unit_test_cache();
        let none = Solver::new(TableCache::disabled());
        let default = Solver::new(cache.clone());
        let large_ones = large_stand_ins();
        for p in &large_ones {
            cache.load_or_build(p.clone(), &|_| {}).expect("stand-in tables");
        }
        let large = Solver::preferring_each(cache.clone(), &large_ones);
        for size in Size::ALL {
            default.prepare(size, &|_| {}).expect("default tables");
            large.prepare(size, &|_| {}).expect("large tables");
        }
        assert!(none.pdb(Size::FOUR).is_none());
        assert_eq!(
            default.pdb(Size::FOUR).expect("tables").partition(),
            &Partition::default_for(Size::FOUR)
        );
        assert_eq!(large.pdb(Size::FOUR).expect("tables").partition(), &large_ones[0]);
        assert_eq!(large.guide(Size::FIVE).expect("guide").partition(), &large_ones[1]);
        // The defaults of 3×3 and 4×4 only (copied: no large file beside them), then the
        // large ones adopted as a background build does.
        let own = crate::solver::tables::test_tables::temp_dir("adopting");
        let adopting = Solver::preferring_each(TableCache::at(own.clone()), &large_ones);
        for size in [Size::THREE, Size::FOUR] {
            let name = |c: &TableCache| c.file_for(&Partition::default_for(size)).expect("a cache");
            std::fs::create_dir_all(&own).expect("a folder");
            std::fs::copy(name(&cache), name(adopting.cache())).expect("the default tables");
            adopting.prepare(size, &|_| {}).expect("default tables");
        }
        assert_eq!(
            adopting.pdb(Size::FOUR).expect("tables").partition(),
            &Partition::default_for(Size::FOUR)
        );
        for p in &large_ones {
            adopting.adopt_large(cache.load(p, &|_| {}).expect("stand-in tables"));
        }
        assert_eq!(adopting.pdb(Size::FOUR).expect("tables").partition(), &large_ones[0]);
        assert_eq!(adopting.guide(Size::FIVE).expect("guide").partition(), &large_ones[1]);
        let _ = std::fs::remove_dir_all(&own);
        [none, default, large, adopting]
    }

    /// What a player is dealt: the board, its proven length if any, and its code.
    fn dealt(g: &Generated) -> (Board, Option<u32>, String) {
        (g.board, g.length, g.code().to_string())
    }

    #[test]
    fn deals_dailies_and_codes_are_the_same_with_no_default_or_large_tables() {
        let [none, default, large, adopting] = players();
        let same = |what: &str, deal: &dyn Fn(&Solver) -> Generated| {
            let a = dealt(&deal(&none));
            assert_eq!(a, dealt(&deal(&default)), "{what}: no tables against the default");
            assert_eq!(a, dealt(&deal(&large)), "{what}: no tables against the large ones");
            assert_eq!(
                a,
                dealt(&deal(&adopting)),
                "{what}: no tables against those built meanwhile"
            );
        };
        for size in Size::ALL {
            for level in Level::ALL {
                // Without tables a 4×4 Hard confirmation searches with walking distance:
                // slow enough that two seeds must do.
                let seeds = if size == Size::FOUR && level == Level::Hard {
                    2
                } else {
                    4
                };
                for seed in 0..seeds {
                    same(&format!("{size} {level} seed {seed}"), &|s| {
                        generate(s, size, level, seed)
                    });
                }
            }
            let date = UtcDate::new(2026, 12, 2).expect("a date");
            same(&format!("{size} daily {date}"), &|s| daily(s, size, date));
            let shared = PuzzleCode::Seeded {
                size,
                level: Level::Hard,
                seed: 0x1AF,
            };
            let code: PuzzleCode = shared.to_string().parse().expect("a code");
            same(&format!("code {code}"), &|s| code.deal(s));
        }
    }

    #[test]
    fn when_the_confirmations_run_out_the_closest_board_is_the_same_whatever_the_tables() {
        // One confirmation only, so that it runs out on most deals: the board dealt is then
        // the closest seen, which depended on the tables when boards whose pattern-database
        // bound exceeded the band were skipped uncounted.
        let [none, default, large, adopting] = players();
        let mut ran_out = 0;
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            let (policy, band) = (
                policy_for(Size::FOUR, level).expect("a policy"),
                band_of(Size::FOUR, level).expect("a band"),
            );
            for seed in 0..8 {
                let deal = |s: &Solver| {
                    let mut rng = SeededRng::new(stream_seed(seed, Size::FOUR, level));
                    search(
                        &DealJudge::new(s),
                        Size::FOUR,
                        policy,
                        band,
                        1,
                        &mut rng,
                        &Stop::never(),
                    )
                    .expect("never stopped")
                };
                let a = deal(&none);
                assert_eq!(a, deal(&default), "{level} seed {seed}: no tables against the default");
                assert_eq!(a, deal(&large), "{level} seed {seed}: no tables against the large ones");
                assert_eq!(a, deal(&adopting), "{level} seed {seed}: against those built meanwhile");
                ran_out += usize::from(a.1.is_some_and(|len| !band.contains(len)));
            }
        }
        assert!(ran_out > 0, "the confirmations ran out on some deal");
    }
}

#[cfg(test)]
mod shape_tests {
    use super::*;
    use crate::difficulty::shape_levels::levels_for;
    use crate::solver::{SolveOptions, TableCache};

    fn optimal(solver: &Solver, board: &Board) -> u32 {
        let opts = SolveOptions {
            optimal: true,
            ..SolveOptions::default()
        };
        solver.solve(board, &opts).expect("a small board is solved").len() as u32
    }

    #[test]
    fn a_shapes_levels_deal_proven_boards_in_their_bands_again_from_seed_and_code() {
        let solver = Solver::new(TableCache::disabled());
        for (w, h) in [(2, 3), (3, 2), (2, 4), (4, 2), (5, 2), (3, 4), (4, 3)] {
            let size = Size::rect(w, h).unwrap();
            for level in levels_for(size).into_iter().filter(|l| *l != Level::Random) {
                let band = band_of(size, level).expect("an offered level has a band");
                for seed in 0..3 {
                    let g = generate(&solver, size, level, seed);
                    let what = format!("{size} {level} seed {seed}");
                    assert_eq!((g.size(), g.level, g.seed), (size, level, seed), "{what}");
                    let len = g.length.expect("a banded shape deal is proven");
                    assert!(band.contains(len), "{what}: {len} outside {band:?}");
                    assert_eq!(optimal(&solver, &g.board), len, "{what}");
                    assert_eq!(g.rated.level, level, "{what}");
                    assert_eq!(generate(&solver, size, level, seed).board, g.board, "{what}");
                    let code = g.code().to_string();
                    assert!(code.starts_with(&format!("{w}x{h}{}-", level.letter())), "{code}");
                    let read: PuzzleCode = code.parse().expect("the code reads back");
                    assert_eq!(read, g.code());
                    assert_eq!(read.deal(&solver).board, g.board, "{what}: the code deals it again");
                }
            }
        }
    }

    #[test]
    fn shape_deals_are_pinned_and_random_stays_as_it_was() {
        let solver = Solver::new(TableCache::disabled());
        let size = Size::rect(4, 3).unwrap();
        let hard = generate(&solver, size, Level::Hard, 1);
        let expert = generate(&solver, size, Level::Expert, 1);
        assert_ne!(hard.board, expert.board);
        assert_ne!(hard.board, generate(&solver, size, Level::Hard, 2).board);
        // Pinned: if these change, every shared seed and code of the shape deals another board.
        assert_eq!(hard.board.to_string(), "2 9 6 11/7 8 0 4/1 10 3 5");
        // "random" on a banded shape is the deal it was before the shape had bands.
        let random = generate(&solver, size, Level::Random, 7);
        assert_eq!(random.board.to_string(), "5 7 3 0/8 4 10 2/11 9 6 1");
        assert_eq!((random.level, random.length), (Level::Random, None));
        // A level the shape does not offer deals "random", and says so.
        let small = Size::rect(2, 3).unwrap();
        let asked_easy = generate(&solver, small, Level::Easy, 3);
        assert_eq!(asked_easy.level, Level::Random);
        assert_eq!(asked_easy.board, generate(&solver, small, Level::Random, 3).board);
    }
}
