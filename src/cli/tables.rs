//! `slide tables`: list the cached tables, remove stale ones, or build them ahead of time.

use std::time::Instant;

use clap::{Args, Subcommand};
use serde::Serialize;
use slide::config::{Config, LargeTables};
use slide::puzzle::Size;
use slide::solver::{
    BuildControl, BuildStatus, CacheStatus, CachedFile, CheckpointFile, CheckpointState, Partition, Solver, TableCache,
};

use crate::cli::output::{grouped, human_duration, print_json, print_line};
use crate::cli::{CliError, progress, values};

/// Table commands; with none, lists the cache.
#[derive(Debug, Args)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "Tables are cached on disk (under $SLIDE_CACHE_DIR when set and not empty, else \
the user's cache directory). A file is current when the running version would load it: same \
file format, same table builder, the partition its name promises, checksum intact. Anything else \
is stale: never read again, and removed by `slide tables clean`.\n\n\
Examples:\n  slide tables                 list the cached files\n  \
slide tables clean           remove the stale ones\n  \
slide tables build --size 5  build (or load) the 5×5 tables"
)]
pub struct TablesArgs {
    /// Print one JSON object per cached file (for the listing).
    #[arg(long)]
    json: bool,

    #[command(subcommand)]
    command: Option<TablesCommand>,
}

/// Table commands.
#[derive(Debug, Subcommand)]
pub enum TablesCommand {
    /// List the cached table files: size on disk, and whether each is current or stale.
    #[command(after_help = "Examples:\n  slide tables list\n  slide tables list --json")]
    List {
        /// Print one JSON object per file.
        #[arg(long)]
        json: bool,
    },
    /// Remove the stale cached files (older format or builder, damaged, misnamed) and say
    /// which were removed and why.
    #[command(after_help = "Current files are kept, whatever their partition.\n\n\
Examples:\n  slide tables clean\n  slide tables clean --json")]
    Clean {
        /// Print one JSON object per removed file.
        #[arg(long)]
        json: bool,
    },
    /// Build (or load from the cache) the tables of one size, or of every size.
    #[command(after_help = "Tables are cached on disk (under $SLIDE_CACHE_DIR when set, else the \
user's cache directory) and rebuilt if missing or corrupt.\n\n\
With --large, builds the opt-in larger tables of 4×4, 5×5 or 6×6 instead (the game builds them \
by itself after three games of a size, see game.large_tables). 4×4: 8-7 with the diagonal \
mirror (about 290 MB on disk and in memory; about a minute and 680 MB of memory to build on two \
quiet cores), used for every 4×4 board in place of the default 6-6-3. 5×5: 6-6-6-6 (about 255 MB; \
about a minute and 370 MB to build) and 6×6: 5-5-5-5-5-5-5 (about 160 MB; 82 CPU-seconds and \
275 MB to build, 2.5 minutes on two cores busy with other work), loaded beside the default \
to guide the time-bounded search to shorter plans (ratings and daily puzzles keep the default). A build stopped part-way, here or in the game, \
goes on from the groups it finished. Delete a file to go back.\n\n\
Examples:\n  slide tables build --size 4\n  slide tables build\n  slide tables build --size 4 --large\n  \
slide tables build --size 6 --large")]
    Build {
        /// Board size: 3, 4, 5 or 6 (or 4x4), or a shape of at most 20 cells (2x8, 4x5); every
        /// classic size (3 to 6) when left out.
        #[arg(long, value_name = "N", value_parser = values::table_size(), hide_possible_values = true)]
        size: Option<Size>,
        /// Build the larger opt-in tables (4×4, 5×5 or 6×6): fewer nodes on hard 4×4 boards,
        /// shorter 5×5 and 6×6 plans.
        #[arg(long)]
        large: bool,
    },
}

/// Runs a table command.
pub fn run(args: &TablesArgs) -> Result<(), CliError> {
    match &args.command {
        None => list(args.json),
        Some(TablesCommand::List { json }) => list(*json || args.json),
        Some(TablesCommand::Clean { json }) => clean(*json),
        Some(TablesCommand::Build { size, large: false }) => build(*size),
        Some(TablesCommand::Build { size, large: true }) => build_large(*size),
    }
}

/// One cached file, as `--json` prints it.
#[derive(Serialize)]
struct FileJson {
    file: String,
    bytes: u64,
    current: bool,
    /// The partition's signature, for a current file.
    #[serde(skip_serializing_if = "Option::is_none")]
    partition: Option<String>,
    /// Whether that partition is its size's default, for a current file.
    #[serde(skip_serializing_if = "Option::is_none")]
    default: Option<bool>,
    /// Why the file is stale.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

fn file_name(f: &CachedFile) -> String {
    f.path
        .file_name()
        .map_or_else(|| f.path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

fn describe(status: &CacheStatus) -> String {
    match status {
        CacheStatus::Current { partition, default } => format!(
            "current  {} {}{}",
            partition.size(),
            partition.name(),
            if *default {
                " (default)"
            } else if Partition::large_for(partition.size()).as_ref() == Some(partition) {
                if Partition::replaces_default(partition.size()) {
                    " (large, used in place of the default)"
                } else {
                    " (large, guides the bounded search beside the default)"
                }
            } else {
                ""
            }
        ),
        CacheStatus::Stale(why) => format!("stale    {why}"),
    }
}

fn cache() -> Result<TableCache, CliError> {
    let cache = TableCache::default_location();
    if cache.dir().is_none() {
        return Err(CliError::Failure(
            "no cache directory: set SLIDE_CACHE_DIR or HOME".into(),
        ));
    }
    Ok(cache)
}

fn dir_line(cache: &TableCache) -> Result<(), CliError> {
    match cache.dir() {
        Some(dir) => print_line(format_args!("cache: {}", dir.display())),
        None => Ok(()),
    }
}

fn list(json: bool) -> Result<(), CliError> {
    let cache = cache()?;
    let files = cache
        .list()
        .map_err(|e| CliError::Failure(format!("cannot read the table cache: {e}")))?;
    if json {
        for f in &files {
            let (partition, default, reason) = match &f.status {
                CacheStatus::Current { partition, default } => (Some(partition.signature()), Some(*default), None),
                CacheStatus::Stale(why) => (None, None, Some(why.clone())),
            };
            print_json(&FileJson {
                file: file_name(f),
                bytes: f.bytes,
                current: reason.is_none(),
                partition,
                default,
                reason,
            })?;
        }
        return Ok(());
    }
    dir_line(&cache)?;
    large_lines(&cache, &files)?;
    checkpoint_lines(&cache)?;
    if files.is_empty() {
        return print_line("no cached tables");
    }
    let width = files.iter().map(|f| file_name(f).chars().count()).max().unwrap_or(0);
    for f in &files {
        print_line(format_args!(
            "{:<width$}  {:>12} bytes  {}",
            file_name(f),
            grouped(f.bytes),
            describe(&f.status)
        ))?;
    }
    let stale = files
        .iter()
        .filter(|f| matches!(f.status, CacheStatus::Stale(_)))
        .count();
    let total: u64 = files.iter().map(|f| f.bytes).sum();
    print_line(format_args!(
        "{}, {} bytes; {stale} stale{}",
        files_count(files.len()),
        grouped(total),
        if stale > 0 {
            " (`slide tables clean` removes them)"
        } else {
            ""
        }
    ))
}

/// The partitions a build goes on with: each size's large one, as the game chooses them (a
/// test's stand-in included).
fn large_partitions(cache: &TableCache) -> Vec<Partition> {
    let solver = Solver::new(cache.clone());
    Size::ALL
        .into_iter()
        .filter_map(|size| solver.large_partition(size).cloned())
        .collect()
}

/// What the game builds by itself: the setting, and each size's large tables (absent,
/// building, stopped part-way, damaged, or built with their size and path). `files` is the
/// cache's listing, each file checked in full.
fn large_lines(cache: &TableCache, files: &[CachedFile]) -> Result<(), CliError> {
    let (setting, chosen) = match Config::load(None) {
        Ok(c) => (
            format!("game.large_tables = \"{}\"", c.game.large_tables.name()),
            Some(c.game.large_tables),
        ),
        Err(e) => (format!("the setting is unknown: {e}"), None),
    };
    // Who goes on with a build stopped part-way (`what`: "goes on with it"), as the setting
    // says.
    let who = |size: Size, what: &str| match chosen {
        Some(LargeTables::Auto) | None => format!("the game {what} when you play {size}"),
        Some(LargeTables::Ask) => format!("the game asks first, then {what}, when you play {size}"),
        Some(LargeTables::Off) => format!("`slide tables build --size {} --large` {what}", size.side()),
    };
    print_line(format_args!("large tables ({setting}):"))?;
    for partition in large_partitions(cache) {
        let size = partition.size();
        let status = match cache.build_status(&partition) {
            BuildStatus::Absent => "absent".to_string(),
            BuildStatus::Building { percent } => format!("building now, {percent}% done"),
            BuildStatus::Stopped { percent } => {
                format!("stopped at {percent}% ({})", who(size, "goes on with it"))
            }
            BuildStatus::Built { path, bytes } => match files.iter().find(|f| f.path == path).map(|f| &f.status) {
                Some(CacheStatus::Stale(why)) => format!("damaged ({why}): {}", who(size, "builds them again")),
                _ => format!("built, {} bytes, {}", grouped(bytes), path.display()),
            },
        };
        print_line(format_args!("  {size} {}: {status}", partition.name()))?;
    }
    Ok(())
}

/// The checkpoint files of table builds, each with what it is for.
fn checkpoint_lines(cache: &TableCache) -> Result<(), CliError> {
    let found = cache
        .checkpoints(&large_partitions(cache))
        .map_err(|e| CliError::Failure(format!("cannot read the table cache: {e}")))?;
    if found.is_empty() {
        return Ok(());
    }
    print_line("checkpoints of table builds:")?;
    let width = found
        .iter()
        .map(|f| checkpoint_name(f).chars().count())
        .max()
        .unwrap_or(0);
    for f in &found {
        let what = match &f.state {
            CheckpointState::Running => "a build running now writes it".to_string(),
            CheckpointState::Resumable { partition } => {
                format!(
                    "kept: the {} {} build goes on from it",
                    partition.size(),
                    partition.name()
                )
            }
            CheckpointState::Leftover(why) => format!("leftover ({why}): `slide tables clean` removes it"),
        };
        print_line(format_args!(
            "  {:<width$}  {:>12} bytes  {what}",
            checkpoint_name(f),
            grouped(f.bytes)
        ))?;
    }
    Ok(())
}

fn checkpoint_name(f: &CheckpointFile) -> String {
    f.path
        .file_name()
        .map_or_else(|| f.path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

fn clean(json: bool) -> Result<(), CliError> {
    let cache = cache()?;
    let failed = |e: std::io::Error| CliError::Failure(format!("cannot clean the table cache: {e}"));
    let mut removed = cache.clean().map_err(failed)?;
    removed.extend(
        cache
            .clean_checkpoints(&large_partitions(&cache))
            .map_err(failed)?
            .into_iter()
            .map(|f| CachedFile {
                status: CacheStatus::Stale(match f.state {
                    CheckpointState::Leftover(why) => format!("a leftover checkpoint: {why}"),
                    _ => "a leftover checkpoint".into(),
                }),
                path: f.path,
                bytes: f.bytes,
            }),
    );
    if json {
        for f in &removed {
            let reason = match &f.status {
                CacheStatus::Stale(why) => Some(why.clone()),
                CacheStatus::Current { .. } => None,
            };
            print_json(&FileJson {
                file: file_name(f),
                bytes: f.bytes,
                current: false,
                partition: None,
                default: None,
                reason,
            })?;
        }
        return Ok(());
    }
    dir_line(&cache)?;
    if removed.is_empty() {
        return print_line("nothing to remove");
    }
    for f in &removed {
        let why = match &f.status {
            CacheStatus::Stale(why) => why.as_str(),
            CacheStatus::Current { .. } => "",
        };
        print_line(format_args!("removed {} ({why})", file_name(f)))?;
    }
    let total: u64 = removed.iter().map(|f| f.bytes).sum();
    print_line(format_args!(
        "removed {}, {} bytes",
        files_count(removed.len()),
        grouped(total)
    ))
}

fn files_count(n: usize) -> String {
    if n == 1 { "1 file".into() } else { format!("{n} files") }
}

fn build(size: Option<Size>) -> Result<(), CliError> {
    let solver = Solver::new(TableCache::default_location());
    let sizes = size.map_or_else(|| Size::ALL.to_vec(), |s| vec![s]);
    for size in sizes {
        let start = Instant::now();
        progress::prepare(&solver, size)?;
        // With the large tables cached the solver loads those; the default is still built,
        // so that removing the large file never costs a build later.
        let default = Partition::default_for(size);
        if size.is_classic() && solver.pdb(size).is_some_and(|db| db.partition() != &default) {
            progress::with_bar(|show| solver.cache().load_or_build(default, show))
                .map_err(|e| CliError::Failure(format!("cannot prepare the {size} tables: {e}")))?;
        }
        print_line(format_args!(
            "{size} tables ready in {}",
            human_duration(start.elapsed())
        ))?;
    }
    if let Some(dir) = solver.cache().dir() {
        print_line(format_args!("cache: {}", dir.display()))?;
    }
    Ok(())
}

/// `slide tables build --large`: the opt-in larger tables, built once into the cache,
/// resumably as the game builds them: each group is saved as soon as it is built, so a build
/// stopped or killed part-way (here or in the game) goes on from the groups it finished.
fn build_large(size: Option<Size>) -> Result<(), CliError> {
    let size = size.unwrap_or(Size::FOUR);
    let cache = cache()?;
    // The game's own choice (a test's stand-in included), so that this builds what it uses.
    let Some(partition) = Solver::new(cache.clone()).large_partition(size).cloned() else {
        return Err(CliError::Input(format!(
            "--large tables exist for 4×4, 5×5 and 6×6, not {size}"
        )));
    };
    let start = Instant::now();
    let name = partition.name();
    match cache.build_status(&partition) {
        // Two builds at once would each take the memory and the time, for the same bytes.
        BuildStatus::Building { percent } => {
            return Err(CliError::Failure(format!(
                "the large {size} tables are being built now ({percent}% done), by another copy of Slide: \
                 wait for it, or stop it and run this again to go on from where it stopped"
            )));
        }
        BuildStatus::Stopped { percent } => print_line(format_args!(
            "going on with the large {size} tables ({name}) from the {percent}% built earlier"
        ))?,
        BuildStatus::Absent | BuildStatus::Built { .. } => {}
    }
    progress::with_bar(|show| cache.build_resumable(&partition, show, &BuildControl::new()))
        .map_err(|e| CliError::Failure(format!("cannot build the large {size} tables: {e}")))?;
    print_line(format_args!(
        "{size} large tables ({name}) ready in {}",
        human_duration(start.elapsed())
    ))?;
    if let Some(file) = cache.file_for(&partition) {
        let bytes = std::fs::metadata(&file).map_or(0, |m| m.len());
        print_line(format_args!("file: {} ({} bytes)", file.display(), grouped(bytes)))?;
    }
    Ok(())
}
