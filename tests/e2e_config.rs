//! A bad config file or a malformed puzzle code is reported on stderr before the terminal
//! is touched (with file, line and column for a config file), and the exit status is 2.

use std::process::Command;

#[test]
fn invalid_config_is_reported_before_the_screen_changes() {
    let dir = std::env::temp_dir().join(format!("slide-e2e-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("bad.toml");
    std::fs::write(&file, "[keys]\nhint = [\"k\"]\n").expect("write config");
    let out = Command::new(env!("CARGO_BIN_EXE_slide"))
        .args(["play", "--config"])
        .arg(&file)
        .env("SLIDE_DATA_DIR", dir.join("data"))
        .output()
        .expect("run slide");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("bad.toml:2:9:"), "{stderr}");
    assert!(stderr.contains("bound to both keys.up and keys.hint"), "{stderr}");
    // Nothing was drawn: no alternate-screen escape on stdout.
    assert!(!String::from_utf8_lossy(&out.stdout).contains("\u{1b}[?1049h"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn malformed_puzzle_code_is_reported_before_the_screen_changes() {
    let dir = std::env::temp_dir().join(format!("slide-e2e-code-{}", std::process::id()));
    for (code, expected) in [
        ("9H-ABC", "starts with the size 3, 4, 5 or 6"),
        ("4HABC", "expected '-'"),
        ("3B-12345678", "needs 9 symbols"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_slide"))
            .args(["play", "--code", code])
            .env("SLIDE_DATA_DIR", dir.join("data"))
            .env("SLIDE_CONFIG_DIR", dir.join("config"))
            .output()
            .expect("run slide");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{code}: {stderr}");
        assert!(stderr.contains(&format!("puzzle code '{code}'")), "{stderr}");
        assert!(stderr.contains(expected), "{code}: {stderr}");
        assert!(!String::from_utf8_lossy(&out.stdout).contains("\u{1b}[?1049h"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
