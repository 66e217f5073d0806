//! `slide tables` and the large tables' storage: a build killed part-way keeps the groups it
//! finished and the next `tables build --large` goes on from them with the same bytes; a
//! build running in another process shows as running; leftover checkpoints are listed and
//! cleaned; a damaged large table is said to be damaged, once, and built again. Small
//! stand-in partitions (`SLIDE_LARGE_PARTITION`) keep each build short.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant, SystemTime};

use crate::data_dir::temp;

/// A 4×4 stand-in whose two groups of six take long enough on one thread (a fraction of a
/// second each) for a build to be killed between them.
const KILLABLE: &str = "4x4:1,2,3,4,5,6/7,8,9,10,11,12/13,14,15";

/// A 3×3 stand-in built in milliseconds.
const TINY: &str = "3x3:1,2,3,4,5/6,7,8";

/// `slide ARGS` on the cache and config in `dir`, with `stand_in` as its size's large
/// partition.
fn command(dir: &Path, stand_in: &str, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_slide"));
    cmd.args(args)
        .env("SLIDE_CACHE_DIR", dir.join("cache"))
        .env("SLIDE_CONFIG_DIR", dir.join("config"))
        .env("SLIDE_LARGE_PARTITION", stand_in)
        .env("SLIDE_BUILD_THREADS", "1")
        .stdin(Stdio::null());
    cmd
}

fn run(dir: &Path, stand_in: &str, args: &[&str]) -> Output {
    command(dir, stand_in, args).output().expect("slide runs")
}

/// Standard output of a run that succeeded.
fn ok(out: &Output) -> String {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The cache's files whose names end with `suffix`.
fn files_ending(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir.join("cache"))
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.to_string_lossy().ends_with(suffix))
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// Waits (polling) until `done` says so, for at most a minute.
fn wait_for(what: &str, done: impl Fn() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn kill(mut child: Child) {
    let _ = child.kill();
    let _ = child.wait();
}

/// The line of `listing` about the large tables of `name` (e.g. "4×4 6-6-3:").
fn status_line<'a>(listing: &'a str, name: &str) -> &'a str {
    listing
        .lines()
        .find(|l| l.trim_start().starts_with(name))
        .unwrap_or_else(|| panic!("no line for {name}:\n{listing}"))
}

#[test]
fn a_killed_build_keeps_its_groups_shows_while_it_runs_and_the_next_build_goes_on_with_the_same_bytes() {
    let reference = temp("large-tables", "reference");
    ok(&run(
        &reference,
        KILLABLE,
        &["tables", "build", "--size", "4", "--large"],
    ));
    let built = files_ending(&reference, ".bin");
    assert_eq!(built.len(), 1, "{built:?}");

    let dir = temp("large-tables", "killed");
    let child = command(&dir, KILLABLE, &["tables", "build", "--size", "4", "--large"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("slide runs");
    wait_for("the first group's checkpoint", || {
        !files_ending(&dir, ".part").is_empty()
    });
    // Seen from another process while it runs: building, and a second build refused.
    let listing = ok(&run(&dir, KILLABLE, &["tables"]));
    let line = status_line(&listing, "4×4 6-6-3:");
    assert!(line.contains("building now") && line.contains('%'), "{listing}");
    let second = run(&dir, KILLABLE, &["tables", "build", "--size", "4", "--large"]);
    assert_eq!(second.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&second.stderr).contains("being built now"),
        "{}",
        String::from_utf8_lossy(&second.stderr)
    );
    kill(child);
    let parts = files_ending(&dir, ".part");
    assert!(!parts.is_empty() && files_ending(&dir, ".bin").is_empty(), "{parts:?}");

    // Killed: what it finished is kept, said as stopped, with its checkpoints listed as kept.
    // (The progress file it left reads as running for a few seconds: make it old.)
    for progress in files_ending(&dir, ".progress") {
        let old = SystemTime::now() - Duration::from_secs(3600);
        std::fs::File::options()
            .append(true)
            .open(&progress)
            .and_then(|f| f.set_modified(old))
            .expect("an old progress file");
    }
    let listing = ok(&run(&dir, KILLABLE, &["tables"]));
    assert!(status_line(&listing, "4×4 6-6-3:").contains("stopped at"), "{listing}");
    let kept = listing
        .lines()
        .filter(|l| l.contains("kept: the 4×4 6-6-3 build goes on from it"));
    assert!(kept.count() >= parts.len(), "{listing}");

    // The next build goes on from them, and makes the same file as one that ran through.
    let out = ok(&run(&dir, KILLABLE, &["tables", "build", "--size", "4", "--large"]));
    assert!(
        out.contains("going on with the large 4×4 tables (6-6-3) from the"),
        "{out}"
    );
    let file = files_ending(&dir, ".bin");
    assert_eq!(file.len(), 1);
    assert_eq!(file[0].file_name(), built[0].file_name());
    assert_eq!(std::fs::read(&file[0]).unwrap(), std::fs::read(&built[0]).unwrap());
    assert!(files_ending(&dir, ".part").is_empty() && files_ending(&dir, ".progress").is_empty());
    let listing = ok(&run(&dir, KILLABLE, &["tables"]));
    assert!(status_line(&listing, "4×4 6-6-3:").contains("built,"), "{listing}");
    for d in [reference, dir] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn leftover_checkpoints_are_listed_and_clean_removes_only_them() {
    let dir = temp("large-tables", "leftovers");
    ok(&run(&dir, TINY, &["tables", "build", "--size", "3", "--large"]));
    let table = files_ending(&dir, ".bin").pop().expect("the large 3×3 file");
    let stem = table.to_string_lossy().trim_end_matches(".bin").to_string();
    // Left by a build whose tables were built since, and by tables no longer built.
    let after_built = PathBuf::from(format!("{stem}.g1.part"));
    std::fs::write(&after_built, b"a group").unwrap();
    let cache = dir.join("cache");
    let orphan = cache.join("pdb-v2-b1-3x3-4-4-0123456789abcdef.g2.part");
    std::fs::write(&orphan, b"a group").unwrap();
    let listing = ok(&run(&dir, TINY, &["tables"]));
    assert!(listing.contains("checkpoints of table builds:"), "{listing}");
    let line = |name: &Path| {
        let name = name.file_name().unwrap().to_string_lossy().into_owned();
        listing
            .lines()
            .find(|l| l.contains(&name))
            .unwrap_or_else(|| panic!("{name} is listed:\n{listing}"))
            .to_string()
    };
    assert!(
        line(&after_built).contains("leftover (its tables are built)"),
        "{listing}"
    );
    assert!(
        line(&orphan).contains("leftover (of tables no longer built)"),
        "{listing}"
    );
    assert!(line(&orphan).contains("`slide tables clean` removes it"), "{listing}");

    let out = ok(&run(&dir, TINY, &["tables", "clean"]));
    assert!(out.contains("a leftover checkpoint"), "{out}");
    assert!(out.contains("removed 2 files"), "{out}");
    assert!(!after_built.exists() && !orphan.exists() && table.exists());
    let listing = ok(&run(&dir, TINY, &["tables"]));
    assert!(!listing.contains("checkpoints of table builds"), "{listing}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_damaged_large_table_is_said_to_be_damaged_once_and_built_again() {
    let dir = temp("large-tables", "damaged");
    ok(&run(&dir, TINY, &["tables", "build", "--size", "3", "--large"]));
    let table = files_ending(&dir, ".bin").pop().expect("the large 3×3 file");
    let sound = std::fs::read(&table).unwrap();
    let mut bytes = sound.clone();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x10;
    std::fs::write(&table, &bytes).unwrap();

    std::fs::create_dir_all(dir.join("config")).unwrap();
    for (setting, who) in [
        ("auto", "the game builds them again when you play 3×3"),
        ("off", "`slide tables build --size 3 --large` builds them again"),
    ] {
        std::fs::write(
            dir.join("config").join("config.toml"),
            format!("[game]\nlarge_tables = \"{setting}\"\n"),
        )
        .unwrap();
        let listing = ok(&run(&dir, TINY, &["tables"]));
        let line = status_line(&listing, "3×3 5-3:");
        assert!(line.contains("damaged (") && line.contains(who), "{listing}");
        assert!(!line.contains("built,"), "{listing}");
        let name = table.file_name().unwrap().to_string_lossy().into_owned();
        let file_line = listing.lines().find(|l| l.starts_with(&name)).expect("the file's line");
        assert!(file_line.contains("stale"), "{listing}");
    }
    let out = run(&dir, TINY, &["tables", "build", "--size", "3", "--large"]);
    ok(&out);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("unusable"),
        "the damage is said"
    );
    assert_eq!(std::fs::read(&table).unwrap(), sound, "built again, whole");
    let listing = ok(&run(&dir, TINY, &["tables"]));
    assert!(status_line(&listing, "3×3 5-3:").contains("built,"), "{listing}");
    let _ = std::fs::remove_dir_all(dir);
}
