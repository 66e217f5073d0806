//! A data directory of a test's own, and `slide` run on it: what the history, statistics
//! and ranked views' tests share.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// An empty directory for the test `tag` of `module`, made afresh.
pub fn temp(module: &str, tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("slide-cli-{module}-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// `slide ARGS` with `data` as its data directory and nothing on stdin.
pub fn slide(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(args)
        .env("SLIDE_DATA_DIR", data)
        .stdin(Stdio::null())
        .output()
        .expect("slide runs")
}
