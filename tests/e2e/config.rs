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

/// A scratch directory for one test, removed by the caller.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("slide-e2e-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn config_values_are_reported_at_their_line_and_column_in_plain_words() {
    let dir = scratch("config-values");
    for (name, text, expected) in [
        (
            "budget.toml",
            "[game]\nhint_budget_ms = 0\n",
            "budget.toml:2:18: game.hint_budget_ms must be between 50 and 60000",
        ),
        ("dup.toml", "[game]\nsize = 3\nsize = 4\n", "dup.toml:3:1: "),
        (
            "size.toml",
            "\n[game]\nsize = \"big\"\n",
            "size.toml:3:8: game.size must be a side from 2 to 10 (size = 4 is 4×4) or a width and height such as \"4x3\" (2 to 10 each)",
        ),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, text).expect("write config");
        // At the top level and after `play`: the game reads the file before the screen.
        for play in [&[][..], &["play"]] {
            let out = Command::new(env!("CARGO_BIN_EXE_slide"))
                .args(play)
                .arg("--config")
                .arg(&file)
                .env("SLIDE_DATA_DIR", dir.join("data"))
                .output()
                .expect("run slide");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
            assert!(stderr.contains(expected), "{name}: {stderr}");
            assert!(!stderr.contains("expected u"), "{name}: {stderr}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn commands_that_read_no_settings_reject_config() {
    let dir = scratch("config-rejected");
    let file = dir.join("broken.toml");
    std::fs::write(&file, "[game\n").expect("write config");
    for args in [
        &["levels"][..],
        &["solve", "1 2 3 4 5 6 7 0 8"],
        &["rate", "1 2 3 4 5 6 7 0 8"],
        &["hint", "1 2 3 4 5 6 7 0 8"],
        &["generate", "--size", "3", "--level", "easy"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_slide"))
            .args(args)
            .arg("--config")
            .arg(&file)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run slide");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("`slide {}` reads no settings", args[0])),
            "{args:?}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
