//! The library through its public API (the solver, the heuristics, deals and difficulty,
//! properties under random input, parsers fed garbage), and the house rules read off the
//! sources. One test binary for them all (one link instead of one a file), sharing one
//! solver and its tables ([`common::solver`]).

mod common;

mod architecture;
mod deals_and_tables;
mod difficulty;
mod difficulty_codes;
mod docs;
mod fuzz_parsers;
mod heuristics;
mod large_tables;
mod properties;
mod properties_records;
mod review_estimates;
mod shape_games;
mod shapes;
mod solver;
