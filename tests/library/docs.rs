//! The documents tell the truth about the game: the level bands written out in
//! docs/playing.md and config.toml are the code's, every screen a document shows is the
//! game's own (its snapshot), the README stays short and its links lead somewhere, and no
//! document names an issue number.

use std::fs;
use std::path::{Path, PathBuf};

use slide::difficulty::bands;
use slide::puzzle::Size;

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The pages under `docs/`, as paths from the root.
fn doc_pages() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("an entry of docs/").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .map(|path| path.strip_prefix(root()).expect("under the root").to_path_buf())
        .collect();
    pages.sort();
    pages
}

/// Every document: the Markdown files at the top and under `docs/`.
fn documents() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = fs::read_dir(root())
        .expect("the root")
        .map(|entry| entry.expect("an entry of the root").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .map(|path| path.strip_prefix(root()).expect("under the root").to_path_buf())
        .collect();
    docs.sort();
    docs.extend(doc_pages());
    docs
}

#[test]
fn the_playing_page_and_config_list_the_bands_the_code_uses() {
    let playing = include_str!("../../docs/playing.md");
    let config = include_str!("../../config.toml");
    for size in Size::ALL {
        let cells: Vec<String> = bands(size)
            .iter()
            .map(|(_, b)| format!("{}–{}", b.min, b.max))
            .collect();
        let row = format!("| {size} | {} |", cells.join(" | "));
        assert!(playing.contains(&row), "docs/playing.md lacks the row {row}");
        let line = config
            .lines()
            .find(|l| l.trim_start_matches('#').trim_start().starts_with(&size.to_string()))
            .unwrap_or_else(|| panic!("config.toml lists no bands for {size}"));
        let listed: Vec<&str> = line.split_whitespace().skip(2).take(4).collect();
        assert_eq!(listed, cells, "config.toml's {size} bands");
    }
}

/// The marker that names the snapshot the fenced block after it copies.
const SCREEN_MARKER: &str = "<!-- screen: ";

/// The screens `doc` shows: each snapshot's name and the lines of the fenced block right
/// after its marker line `<!-- screen: NAME -->`, trailing spaces dropped.
fn screens_in(doc: &str, what: &str) -> Vec<(String, Vec<String>)> {
    let mut screens = Vec::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        let Some(rest) = line.strip_prefix(SCREEN_MARKER) else {
            continue;
        };
        let name = rest
            .strip_suffix(" -->")
            .unwrap_or_else(|| panic!("{what}: a screen marker ends with ` -->`: {line}"));
        let fence = lines.next().unwrap_or_default();
        assert!(
            fence.starts_with("```"),
            "{what}: no fenced block after the screen {name}"
        );
        let block: Vec<String> = lines
            .by_ref()
            .take_while(|l| !l.starts_with("```"))
            .map(|l| l.trim_end().to_string())
            .collect();
        screens.push((name.to_string(), block));
    }
    screens
}

/// The screen of the snapshot `name` (`src/ui/snapshots/`), as the README copies it: insta's
/// header dropped, the quotes it puts around each line taken off, trailing spaces dropped,
/// and the blank rows above and below the screen's content left out.
fn snapshot_screen(name: &str) -> Vec<String> {
    let path = root().join(format!("src/ui/snapshots/slide__ui__snapshot_tests__{name}.snap"));
    let text = read(&path);
    // The header sits between the first two `---` lines.
    let (_, body) = text
        .strip_prefix("---\n")
        .and_then(|rest| rest.split_once("\n---\n"))
        .unwrap_or_else(|| panic!("{}: no insta header", path.display()));
    let mut lines: Vec<String> = body
        .lines()
        .map(|line| {
            let inner = line
                .strip_prefix('"')
                .and_then(|l| l.strip_suffix('"'))
                .unwrap_or_else(|| panic!("{}: a screen line is not quoted: {line}", path.display()));
            inner.trim_end().to_string()
        })
        .collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    let first = lines.iter().position(|l| !l.is_empty()).unwrap_or(lines.len());
    lines.drain(..first);
    lines
}

#[track_caller]
fn assert_screens_are_the_games(path: &Path, screens: &[(String, Vec<String>)]) {
    for (name, copy) in screens {
        let screen = snapshot_screen(name);
        assert!(
            *copy == screen,
            "{}'s screen {name} is not the game's: copy src/ui/snapshots/slide__ui__snapshot_tests__{name}.snap \
             into it (without insta's header, the quotes and the blank rows above and below)\n\
             the document's:\n{}\nthe game's:\n{}",
            path.display(),
            copy.join("\n"),
            screen.join("\n")
        );
    }
}

#[test]
fn the_readme_shows_a_screen_of_the_game_as_it_is() {
    let path = Path::new("README.md");
    let screens = screens_in(include_str!("../../README.md"), "README.md");
    assert!(!screens.is_empty(), "README.md shows no screen of the game");
    assert_screens_are_the_games(path, &screens);
}

#[test]
fn the_screens_in_the_docs_are_the_games() {
    for page in doc_pages() {
        let screens = screens_in(&read(&root().join(&page)), &page.display().to_string());
        assert_screens_are_the_games(&page, &screens);
    }
}

#[test]
fn the_readme_is_short() {
    let lines = include_str!("../../README.md").lines().count();
    assert!(lines <= 150, "README.md has {lines} lines; detail belongs in docs/");
}

/// The relative link targets in `doc` (`[text](target)`), without their `#anchor`.
fn links_in(doc: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut rest = doc;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = &rest[..end];
        let path = target.split('#').next().unwrap_or_default();
        if !path.is_empty() && !target.contains("://") && !target.starts_with("mailto:") {
            links.push(path.to_string());
        }
    }
    links
}

#[test]
fn the_documents_links_lead_to_files() {
    for doc in documents() {
        let dir = root().join(&doc).parent().expect("a folder").to_path_buf();
        for link in links_in(&read(&root().join(&doc))) {
            assert!(
                dir.join(&link).exists(),
                "{}: the link {link} leads nowhere",
                doc.display()
            );
        }
    }
    let readme = links_in(include_str!("../../README.md"));
    let mut wanted: Vec<String> = doc_pages()
        .iter()
        .map(|page| page.display().to_string().replace('\\', "/"))
        .collect();
    wanted.extend(["BENCHMARKS.md", "ARCHITECTURE.md", "CALIBRATION.md", "LICENSE"].map(String::from));
    for page in wanted {
        assert!(readme.contains(&page), "README.md does not link to {page}");
    }
}

/// Whether `line` names an issue by number: "issue 12", "Issue 12's", "#12".
fn names_an_issue(line: &str) -> bool {
    let lower = line.to_lowercase();
    let after_issue = lower.match_indices("issue").any(|(at, word)| {
        lower[at + word.len()..]
            .trim_start()
            .starts_with(|c: char| c.is_ascii_digit())
    });
    let after_hash = lower
        .match_indices('#')
        .any(|(at, _)| lower[at + 1..].starts_with(|c: char| c.is_ascii_digit()));
    after_issue || after_hash
}

#[test]
fn no_document_names_an_issue_number() {
    assert!(names_an_issue("as issue 23 asks") && names_an_issue("(#12)") && names_an_issue("Issue 4's"));
    assert!(!names_an_issue("position 3, instance 36") && !names_an_issue("the issue allows"));
    let mut texts = documents();
    texts.extend(["assets/help.txt", "assets/records.txt"].map(PathBuf::from));
    for doc in texts {
        for (n, line) in read(&root().join(&doc)).lines().enumerate() {
            assert!(
                !names_an_issue(line),
                "{}:{}: names an issue: {line}",
                doc.display(),
                n + 1
            );
        }
    }
}

#[test]
fn the_ranked_table_in_the_help_and_the_records_page_is_the_rules() {
    // Written from the rule's own cases (`ranked::table`), each checked against the rule.
    for (what, facts, said) in slide::game::records::ranked::cases() {
        assert_eq!(slide::game::ranked(facts), said, "{what}");
    }
    let table = slide::game::records::ranked::table();
    for doc in ["assets/records.txt", "docs/records.md"] {
        assert!(
            read(&root().join(doc)).contains(&table),
            "{doc} holds the ranked table as the rule writes it:\n{table}"
        );
    }
}
