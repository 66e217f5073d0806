//! The level bands are written out in the README and config.toml; keep them true.

use slide::difficulty::bands;
use slide::puzzle::Size;

#[test]
fn readme_and_config_list_the_bands_the_code_uses() {
    let readme = include_str!("../../README.md");
    let config = include_str!("../../config.toml");
    for size in Size::ALL {
        let cells: Vec<String> = bands(size)
            .iter()
            .map(|(_, b)| format!("{}–{}", b.min, b.max))
            .collect();
        let row = format!("| {size} | {} |", cells.join(" | "));
        assert!(readme.contains(&row), "README.md lacks the row {row}");
        let line = config
            .lines()
            .find(|l| l.trim_start_matches('#').trim_start().starts_with(&size.to_string()))
            .unwrap_or_else(|| panic!("config.toml lists no bands for {size}"));
        let listed: Vec<&str> = line.split_whitespace().skip(2).take(4).collect();
        assert_eq!(listed, cells, "config.toml's {size} bands");
    }
}
