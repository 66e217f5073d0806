//! Dealing a board for a size and level from a seed, or the board a puzzle code names.
//!
//! Candidates come from uniformly random boards (or, for the easy levels of large sizes,
//! random walks from the goal), are filtered by a rating window and, where the rating alone
//! cannot vouch for the band, confirmed by the optimal solver. Every step is a function of
//! the seed: no clock, no thread, no table readiness changes which board is dealt.

use std::time::{Duration, Instant};

use crate::difficulty::bands::{Band, band_of};
use crate::difficulty::code::PuzzleCode;
use crate::difficulty::deal_policy::{Policy, Source, policy_for};
use crate::difficulty::level::Level;
use crate::difficulty::rating::{LevelRating, rate_level, rating};
use crate::puzzle::{Board, SeededRng, Size};
use crate::solver::{SolveError, SolveOptions, Solver, Stop};

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
    /// The exact optimal length, when known (3×3 always; 4×4 when the generator confirmed).
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

/// The rating the generator places by: never the pattern databases, whose readiness must
/// not change which board a seed deals (it only changes the reported rating).
fn placement_rating(solver: &Solver, board: &Board) -> u32 {
    match board.size().side() {
        3 | 4 => rating(solver, board).0,
        _ => solver.rate(board).linear_conflict,
    }
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
    let mut rng = SeededRng::new(stream_seed(seed, size, level));
    let (board, length) = match (policy_for(size, level), band_of(size, level)) {
        (Some(policy), Some(band)) => search(solver, size, policy, band, &mut rng, stop)?,
        _ => (Board::random(size, &mut rng), None),
    };
    let mut rated = rate_level(solver, &board);
    if let Some(len) = length {
        rated = rated.with_length(size, len);
    }
    Ok(Generated {
        board,
        level,
        seed,
        rating: rated.rating,
        expected_length: rated.expected_length,
        length: rated.length,
        rated,
        elapsed: start.elapsed(),
    })
}

/// Draws until a candidate passes the window (and the solver, if the policy confirms).
fn search(
    solver: &Solver,
    size: Size,
    policy: Policy,
    band: Band,
    rng: &mut SeededRng,
    stop: &Stop,
) -> Result<(Board, Option<u32>), SolveError> {
    // The closest candidate so far, by distance from the window (or band once confirmed).
    let mut best: Option<(u32, Board, Option<u32>)> = None;
    let mut confirms = 0;
    let exact = size.side() == 3;
    for draws in 0..MAX_DRAWS {
        if draws % 1024 == 0 && stop.should_stop() {
            return Err(stop.error());
        }
        let board = draw(size, policy.source, rng);
        let r = placement_rating(solver, &board);
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
        // Any admissible bound above the band rejects the board just as the solver would,
        // so using the strongest one ready (the pattern databases) saves a search without
        // changing which board is dealt.
        let lower_bound = solver.rate(&board).lower_bound;
        if lower_bound > band.max {
            continue;
        }
        let opts = SolveOptions {
            optimal: true,
            stop: stop.clone(),
            ..SolveOptions::default()
        };
        let solution = match solver.solve(&board, &opts) {
            Ok(s) => s,
            Err(e @ (SolveError::Cancelled | SolveError::OutOfTime)) => return Err(e),
            Err(_) => continue,
        };
        let len = solution.len() as u32;
        if band.contains(len) {
            return Ok((board, Some(len)));
        }
        // A confirmed miss beats any unconfirmed one: count it as just outside the band.
        let miss = band.distance(len);
        if best.as_ref().is_none_or(|b| b.2.is_none() || miss < b.0) {
            best = Some((miss, board, Some(len)));
        }
        confirms += 1;
        if confirms >= MAX_CONFIRMS {
            break;
        }
    }
    Ok(best.map_or_else(|| (Board::random(size, rng), None), |(_, b, l)| (b, l)))
}
