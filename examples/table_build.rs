//! Builds one partition's pattern databases in memory and reports how long it took: for
//! measuring the table builder (BENCHMARKS.md). Run it under `/usr/bin/time -v` for the peak
//! memory.
//!
//! `cargo run --release --example table_build -- PARTITION`
//!
//! PARTITION is `large4` (the 8-7 tables), `large5` (6-6-6-6), `default4`, `default5`,
//! `default6`, or a signature such as `4x4:1,2,3,4/5,6,7,8/9,10,11,12,13,14,15;4bit`.

use std::time::Instant;

use slide::puzzle::Size;
use slide::solver::{Partition, Solver, TableCache};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "default4".into());
    let partition = match arg.as_str() {
        "large4" => Partition::large_for(Size::FOUR).ok_or("no large 4×4 partition")?,
        "large5" => Partition::large_for(Size::FIVE).ok_or("no large 5×5 partition")?,
        "default3" => Partition::default_for(Size::THREE),
        "default4" => Partition::default_for(Size::FOUR),
        "default5" => Partition::default_for(Size::FIVE),
        "default6" => Partition::default_for(Size::SIX),
        sig => Partition::from_signature(sig)?,
    };
    let solver = Solver::new(TableCache::disabled());
    let start = Instant::now();
    let db = solver.install_partition(partition.clone(), &|_| {})?;
    println!(
        "{} ({}): built in {:.2} s, {} MB of tables",
        partition.name(),
        partition.signature(),
        start.elapsed().as_secs_f64(),
        db.memory_bytes() >> 20
    );
    Ok(())
}
