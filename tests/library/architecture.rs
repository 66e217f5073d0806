//! The house rules that a reviewer would otherwise check by hand, checked on every test run:
//!
//! - the import graph between source files has no cycle (`crate::` and `super::` paths);
//! - no source file has more than [`MAX_LINES`] lines before its tests;
//! - the library (everything outside `src/ui`, `src/cli` and `src/main.rs`) names no key,
//!   mouse event or terminal crate.
//!
//! Each rule has a list of known exceptions that may only shrink: a listed exception that no
//! longer occurs fails the test too, so the list is kept honest as the exceptions are fixed.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The longest a source file may be before its tests module.
const MAX_LINES: usize = 600;

/// Files allowed over [`MAX_LINES`] for now. Empty it; never grow it.
const KNOWN_LONG_FILES: &[&str] = &[];

/// Import cycles allowed for now, each as its files sorted and joined by " ". Empty it;
/// never grow it.
const KNOWN_CYCLES: &[&str] = &[];

/// Cycles between top-level modules allowed for now (`lib::solver lib::review`). Empty it;
/// never grow it.
const KNOWN_MODULE_CYCLES: &[&str] = &[];

/// Library files allowed to name UI words for now. Empty it; never grow it.
const KNOWN_UI_WORDS: &[&str] = &[];

/// Rooms and the rooms they must not import: `(room, forbidden)`, as folders under `src/`.
/// `game/` imports one way (storage -> records -> play), and no heuristic imports a search.
const ONE_WAY: &[(&str, &str)] = &[
    ("src/game/play/", "src/game/records/"),
    ("src/game/play/", "src/game/storage/"),
    ("src/game/records/", "src/game/storage/"),
    ("src/solver/heuristic/", "src/solver/search/"),
];

/// Imports against [`ONE_WAY`] allowed for now, as "importer -> imported". Empty it; never
/// grow it.
const KNOWN_WRONG_WAY: &[&str] = &[];

/// The longest a function may be, in lines of code (blank and comment lines not counted,
/// as clippy's `too_many_lines` counts them).
const MAX_FN_LINES: usize = 80;

/// Functions allowed over [`MAX_FN_LINES`] for now, as "file: name". Empty it; never grow it.
const KNOWN_LONG_FNS: &[&str] = &[];

/// Words the library must not use: they belong to the terminal UI.
const UI_WORDS: &[&str] = &["Click", "Hover", "PageUp", "KeyCode", "ratatui", "crossterm"];

/// A source file: its path from the crate root folder and its module path.
#[derive(Debug)]
struct Source {
    rel: String,
    /// The crate (`lib` or `bin`) and the module path inside it.
    module: (String, Vec<String>),
    /// The text before its tests module.
    body: String,
    /// Whether the whole file is a test module (declared under `#[cfg(test)]`).
    test_only: bool,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir).expect("src is readable").flatten().collect();
    entries.sort_by_key(std::fs::DirEntry::path);
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file under `src/`, and which crate it belongs to.
fn module_of(rel: &Path) -> (String, Vec<String>) {
    let parts: Vec<String> = rel
        .iter()
        .skip(1)
        .map(|s| s.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    let mut path: Vec<String> = parts.into_iter().filter(|p| p != "mod").collect();
    let krate = match path.first().map(String::as_str) {
        Some("main" | "ui" | "cli") => "bin",
        _ => "lib",
    };
    if matches!(path.first().map(String::as_str), Some("main" | "lib")) {
        path.remove(0);
    }
    (krate.to_string(), path)
}

/// The text with comments and string literals blanked, so words in them are not read as
/// code.
fn strip_comments_and_strings(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                if b[i] == b'\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 2;
        } else if b[i] == b'r' && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#')) && !is_ident(b, i) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                out.push(b[i] as char);
                i += 1;
                continue;
            }
            j += 1;
            let close: Vec<u8> = std::iter::once(b'"').chain(std::iter::repeat_n(b'#', hashes)).collect();
            while j < b.len() && !b[j..].starts_with(&close) {
                if b[j] == b'\n' {
                    out.push('\n');
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j + close.len();
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                if i < b.len() && b[i] == b'\n' {
                    out.push('\n');
                }
                i += 1;
            }
            out.push_str("\"\"");
            i += 1;
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            // A char literal such as '"'.
            out.push_str("' '");
            i += 3;
        } else if b[i] == b'\'' && b.get(i + 1) == Some(&b'\\') {
            let mut j = i + 2;
            while j < b.len() && b[j] != b'\'' {
                j += 1;
            }
            out.push_str("' '");
            i = j + 1;
        } else {
            let ch = text[i..].chars().next().expect("inside the text");
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

fn is_ident(b: &[u8], i: usize) -> bool {
    i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
}

/// The text before the file's tests module (`#[cfg(test)]` followed by `mod`).
fn before_tests(text: &str) -> &str {
    let mut offset = 0;
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for (k, line) in lines.iter().enumerate() {
        if line.trim() == "#[cfg(test)]"
            && lines.get(k + 1).is_some_and(|next| {
                let n = next.trim_start();
                n.starts_with("mod ") || n.starts_with("pub(crate) mod ") || n.starts_with("pub mod ")
            })
        {
            // Only a module with a body: `#[cfg(test)] mod x;` declares another file.
            if !lines[k + 1].trim_end().ends_with(';') {
                return &text[..offset];
            }
        }
        offset += line.len();
    }
    text
}

/// A module: its crate (`lib` or `bin`) and its path inside it.
type ModulePath = (String, Vec<String>);

/// A file as read: its path, its module and its text.
type RawSource = (String, ModulePath, String);

/// Files that are declared only under `#[cfg(test)]` in their parent: `(crate, module)`.
fn test_only_modules(sources: &[RawSource]) -> BTreeSet<ModulePath> {
    let mut out = BTreeSet::new();
    for (_, (krate, module), text) in sources {
        let lines: Vec<&str> = text.lines().collect();
        for k in 0..lines.len().saturating_sub(1) {
            let next = lines[k + 1].trim();
            if lines[k].trim() == "#[cfg(test)]" && next.starts_with("mod ") && next.ends_with(';') {
                let name = next.trim_start_matches("mod ").trim_end_matches(';').trim();
                let mut m = module.clone();
                m.push(name.to_string());
                out.insert((krate.clone(), m));
            }
        }
    }
    out
}

fn load() -> Vec<Source> {
    let root = root();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    let raw: Vec<RawSource> = files
        .iter()
        .map(|p| {
            let rel = p.strip_prefix(&root).expect("under the root");
            let text = fs::read_to_string(p).expect("source is UTF-8");
            (rel.to_string_lossy().replace('\\', "/"), module_of(rel), text)
        })
        .collect();
    let tests = test_only_modules(&raw);
    raw.into_iter()
        .map(|(rel, module, text)| {
            let test_only = tests.contains(&module);
            Source {
                rel,
                body: before_tests(&text).to_string(),
                module,
                test_only,
            }
        })
        .collect()
}

/// Every `crate::a::b` and `super::a` path in `code`, brace groups expanded, as segments.
fn paths_in(code: &str) -> Vec<(bool, Vec<String>)> {
    let mut out = Vec::new();
    let b = code.as_bytes();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(k) = code[from..].find(start) {
            let at = from + k;
            from = at + start.len();
            if is_ident(b, at) {
                continue;
            }
            let is_super = start == "super::";
            let mut prefix = Vec::new();
            if is_super {
                prefix.push("super".to_string());
            }
            expand(&code[from..], prefix, &mut |p| out.push((is_super, p)));
        }
    }
    out
}

/// Reads a path (with `{…}` groups) at the start of `rest`, calling `emit` for each full path.
fn expand(rest: &str, prefix: Vec<String>, emit: &mut dyn FnMut(Vec<String>)) {
    let mut path = prefix;
    let mut s = rest;
    loop {
        let ident: String = s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if ident.is_empty() {
            if let Some(inner) = s.strip_prefix('{') {
                // A group: split at top-level commas up to the matching brace.
                let mut depth = 0;
                let mut item_start = 0;
                for (i, c) in inner.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => {
                            expand(inner[item_start..i].trim_start(), path.clone(), emit);
                            return;
                        }
                        '}' => depth -= 1,
                        ',' if depth == 0 => {
                            expand(inner[item_start..i].trim_start(), path.clone(), emit);
                            item_start = i + 1;
                        }
                        _ => {}
                    }
                }
            }
            emit(path);
            return;
        }
        s = &s[ident.len()..];
        if ident == "super" {
            path.push("super".to_string());
        } else if ident != "self" {
            path.push(ident);
        }
        let Some(r) = s.strip_prefix("::") else {
            emit(path);
            return;
        };
        s = r;
    }
}

/// What the checker knows of every file: its index by module path, the names it defines at
/// its top level, and the names it re-exports (`pub use`), by name or by glob.
struct Index {
    modules: BTreeMap<(String, Vec<String>), usize>,
    defines: Vec<BTreeSet<String>>,
    reexports: Vec<BTreeMap<String, Vec<String>>>,
    globs: Vec<Vec<Vec<String>>>,
}

type Modules = BTreeMap<(String, Vec<String>), usize>;

/// A path made absolute (from the crate root) from the module `base` that states it; empty
/// when it leads outside the crate (std or another crate).
fn absolute(base: &[String], path: &[String], modules: &Modules, krate: &str) -> Vec<String> {
    match path.first().map(String::as_str) {
        Some("crate") => path[1..].to_vec(),
        Some("super") => {
            let mut b = base.to_vec();
            let mut p = path;
            while p.first().is_some_and(|x| x == "super") {
                b.pop();
                p = &p[1..];
            }
            b.extend(p.iter().cloned());
            b
        }
        Some(first) => {
            let mut child = base.to_vec();
            child.push(first.to_string());
            if modules.contains_key(&(krate.to_string(), child)) {
                let mut b = base.to_vec();
                b.extend(path.iter().cloned());
                b
            } else {
                Vec::new()
            }
        }
        None => Vec::new(),
    }
}

/// The name a top-level item line defines, if it is one.
fn item_name(line: &str) -> Option<String> {
    let mut words = line
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | '<' | ':' | '{' | ';' | '='))
        .filter(|w| !w.is_empty());
    let mut w = words.next()?;
    if w.starts_with("pub") {
        w = words.find(|x| !x.starts_with("crate") && !x.starts_with("super") && *x != ")")?;
    }
    while matches!(w, "unsafe" | "async" | "extern") || (w == "const" && line.contains(" fn ")) {
        w = words.next()?;
    }
    if matches!(
        w,
        "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static" | "mod" | "union"
    ) {
        words.next().map(str::to_string)
    } else if w == "macro_rules!" {
        words.next().map(|n| n.trim_end_matches('!').to_string())
    } else {
        None
    }
}

impl Index {
    fn new(sources: &[Source]) -> Index {
        let modules: Modules = sources
            .iter()
            .enumerate()
            .map(|(i, s)| ((s.module.0.clone(), s.module.1.clone()), i))
            .collect();
        let mut defines = Vec::new();
        let mut reexports = Vec::new();
        let mut globs = Vec::new();
        for s in sources {
            let code = strip_comments_and_strings(&s.body);
            let d: BTreeSet<String> = code
                .lines()
                .filter(|l| !l.starts_with(char::is_whitespace))
                .filter_map(item_name)
                .collect();
            let mut r = BTreeMap::new();
            let mut g = Vec::new();
            for stmt in use_statements(&code).into_iter().filter(|u| u.public) {
                let mut paths = Vec::new();
                expand_tree(&stmt.path, &mut |p| paths.push(p));
                for (p, alias) in paths {
                    let abs = absolute(&s.module.1, &p, &modules, &s.module.0);
                    match abs.last().map(String::as_str) {
                        Some("*") => g.push(abs[..abs.len() - 1].to_vec()),
                        Some(name) => {
                            r.insert(alias.unwrap_or_else(|| name.to_string()), abs.clone());
                        }
                        None => {}
                    }
                }
            }
            defines.push(d);
            reexports.push(r);
            globs.push(g);
        }
        Index {
            modules,
            defines,
            reexports,
            globs,
        }
    }

    /// The file that defines what an absolute path names: the longest prefix of it that is
    /// a module with a file, followed through that module's re-exports.
    fn resolve(&self, krate: &str, abs: &[String], depth: usize) -> Option<usize> {
        let mut prefix = abs.to_vec();
        let mut rest = Vec::new();
        let m = loop {
            if let Some(&i) = self.modules.get(&(krate.to_string(), prefix.clone())) {
                break i;
            }
            rest.insert(0, prefix.pop()?);
        };
        let Some(name) = rest.first() else {
            return Some(m);
        };
        if depth > 8 || self.defines[m].contains(name) {
            return Some(m);
        }
        if let Some(target) = self.reexports[m].get(name) {
            let mut t = target.clone();
            t.extend(rest[1..].iter().cloned());
            return self.resolve(krate, &t, depth + 1).or(Some(m));
        }
        for g in &self.globs[m] {
            let mut t = g.clone();
            t.extend(rest.iter().cloned());
            if let Some(j) = self.resolve(krate, &t, depth + 1)
                && j != m
                && (self.defines[j].contains(name) || self.reexports[j].contains_key(name))
            {
                return Some(j);
            }
        }
        Some(m)
    }
}

/// A `use` statement: its tree and whether it is public (a re-export).
struct UseStatement {
    path: String,
    public: bool,
}

/// Every `use …;` statement in the code.
fn use_statements(code: &str) -> Vec<UseStatement> {
    let mut out = Vec::new();
    let b = code.as_bytes();
    let mut from = 0;
    while let Some(k) = code[from..].find("use ") {
        let at = from + k;
        from = at + 4;
        if is_ident(b, at) {
            continue;
        }
        let line_start = code[..at].rfind('\n').map_or(0, |x| x + 1);
        let lead = code[line_start..at].trim();
        let public = lead.starts_with("pub");
        if !(lead.is_empty() || public) {
            continue;
        }
        let Some(end) = code[from..].find(';') else {
            break;
        };
        out.push(UseStatement {
            path: code[from..from + end].split_whitespace().collect::<Vec<_>>().join(" "),
            public,
        });
    }
    out
}

/// The paths of a `use` tree (groups expanded), each with its `as` alias if any.
fn expand_tree(tree: &str, emit: &mut dyn FnMut((Vec<String>, Option<String>))) {
    fn go(s: &str, prefix: Vec<String>, emit: &mut dyn FnMut((Vec<String>, Option<String>))) {
        let s = s.trim();
        if let Some(inner) = s.strip_prefix('{').and_then(|x| x.strip_suffix('}')) {
            let mut depth = 0;
            let mut item_start = 0;
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        go(&inner[item_start..i], prefix.clone(), emit);
                        item_start = i + 1;
                    }
                    _ => {}
                }
            }
            if !inner[item_start..].trim().is_empty() {
                go(&inner[item_start..], prefix, emit);
            }
            return;
        }
        if let Some((head, tail)) = s.split_once("::")
            && !head.contains('{')
        {
            let mut p = prefix;
            if head.trim() != "self" || p.is_empty() {
                p.push(head.trim().to_string());
            }
            go(tail, p, emit);
            return;
        }
        let (name, alias) = match s.split_once(" as ") {
            Some((n, a)) => (n.trim(), Some(a.trim().to_string())),
            None => (s, None),
        };
        let mut p = prefix;
        if name != "self" {
            p.push(name.to_string());
        }
        if !p.is_empty() {
            emit((p, alias));
        }
    }
    go(tree, Vec::new(), emit);
}

/// The file-level import graph: for each file, the files whose code it names. A module
/// root's own re-exports (`pub use`) are names, not code, and make no edge.
fn graph(sources: &[Source]) -> Vec<BTreeSet<usize>> {
    let index = Index::new(sources);
    (0..sources.len())
        .map(|from| {
            let mut edges = Edges {
                index: &index,
                sources,
                from,
                out: BTreeSet::new(),
            };
            if sources[from].test_only {
                return edges.out;
            }
            let code = strip_comments_and_strings(&sources[from].body);
            edges.add_use_statements(&code);
            edges.add_child_modules(&code);
            edges.add_code_paths(&code);
            edges.out
        })
        .collect()
}

/// The edges from one file of the graph, gathered.
struct Edges<'a> {
    index: &'a Index,
    sources: &'a [Source],
    /// The file they start from.
    from: usize,
    out: BTreeSet<usize>,
}

impl Edges<'_> {
    /// The file the edges start from.
    fn source(&self) -> &Source {
        &self.sources[self.from]
    }

    /// An edge to the file that defines the absolute path `abs`, unless that is this file,
    /// a test-only file or outside the crate.
    fn add(&mut self, abs: &[String]) {
        if abs.is_empty() {
            return;
        }
        let krate = &self.source().module.0;
        if let Some(j) = self.index.resolve(krate, abs, 0)
            && j != self.from
            && !self.sources[j].test_only
        {
            self.out.insert(j);
        }
    }

    /// The edges of the `use` statements.
    fn add_use_statements(&mut self, code: &str) {
        let s = self.source();
        let (krate, module) = (s.module.0.clone(), s.module.1.clone());
        let root = is_module_root(s);
        let mut code_words: Option<BTreeSet<&str>> = None;
        for stmt in use_statements(code) {
            let mut paths = Vec::new();
            expand_tree(&stmt.path, &mut |p| paths.push(p));
            for (p, alias) in paths {
                if stmt.public && root {
                    // A re-export is a name for others; it is an edge only when the
                    // root's own code uses the name too (more than the `use` line).
                    let name = alias.clone().or_else(|| p.last().cloned()).unwrap_or_default();
                    let words = code_words
                        .get_or_insert_with(|| code.split(|c: char| !(c.is_alphanumeric() || c == '_')).collect());
                    let uses = code
                        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .filter(|w| *w == name)
                        .count();
                    if !words.contains(name.as_str()) || uses < 2 {
                        continue;
                    }
                }
                let abs = absolute(&module, &p, &self.index.modules, &krate);
                self.add(&abs);
            }
        }
    }

    /// Child modules named in code without `crate::` (`ida_star::search(…)`).
    fn add_child_modules(&mut self, code: &str) {
        let s = self.source();
        let (krate, module) = (s.module.0.clone(), s.module.1.clone());
        let b = code.as_bytes();
        let index = self.index;
        for ((k, child), _) in index.modules.range((krate.clone(), module.clone())..) {
            if *k != krate || child.len() != module.len() + 1 || child[..module.len()] != module[..] {
                if *k != krate || !child.starts_with(&module) {
                    break;
                }
                continue;
            }
            let pat = format!("{}::", child[module.len()]);
            let mut from = 0;
            while let Some(at) = code[from..].find(&pat).map(|x| x + from) {
                from = at + pat.len();
                if is_ident(b, at) || (at >= 2 && &code[at - 2..at] == "::") {
                    continue;
                }
                let mut found = Vec::new();
                expand(&code[from..], child.clone(), &mut |p| found.push(p));
                for p in found {
                    self.add(&p);
                }
            }
        }
    }

    /// Paths written out in code (and in `use` lines again, which adds nothing new),
    /// leaving out a module root's re-exports.
    fn add_code_paths(&mut self, code: &str) {
        let s = self.source();
        let (krate, module) = (s.module.0.clone(), s.module.1.clone());
        let root = is_module_root(s);
        let mut code_paths = String::new();
        let mut in_reexport = false;
        for line in code.lines() {
            let t = line.trim_start();
            if root && (t.starts_with("pub use") || t.starts_with("pub(crate) use")) {
                in_reexport = true;
            }
            if !in_reexport {
                code_paths.push_str(line);
                code_paths.push('\n');
            }
            if in_reexport && line.contains(';') {
                in_reexport = false;
            }
        }
        for (_, p) in paths_in(&code_paths) {
            let p: Vec<String> = if p.first().is_some_and(|x| x == "super") {
                p
            } else {
                std::iter::once("crate".to_string()).chain(p).collect()
            };
            let abs = absolute(&module, &p, &self.index.modules, &krate);
            self.add(&abs);
        }
    }
}

/// Strongly connected components with more than one file (Tarjan).
fn cycles(g: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    struct T<'a> {
        g: &'a [BTreeSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(t: &mut T, v: usize) {
        t.index[v] = Some(t.next);
        t.low[v] = t.next;
        t.next += 1;
        t.stack.push(v);
        t.on[v] = true;
        for &w in &t.g[v] {
            match t.index[w] {
                None => {
                    visit(t, w);
                    t.low[v] = t.low[v].min(t.low[w]);
                }
                Some(iw) if t.on[w] => t.low[v] = t.low[v].min(iw),
                _ => {}
            }
        }
        if Some(t.low[v]) == t.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = t.stack.pop().expect("v is on the stack");
                t.on[w] = false;
                comp.push(w);
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort_unstable();
                t.out.push(comp);
            }
        }
    }
    let n = g.len();
    let mut t = T {
        g,
        index: vec![None; n],
        low: vec![0; n],
        on: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            visit(&mut t, v);
        }
    }
    t.out
}

/// Files that declare a folder's modules (lib.rs, main.rs, mod.rs): their `pub use` lines
/// re-export names for others.
fn is_module_root(s: &Source) -> bool {
    s.rel.ends_with("/mod.rs") || s.rel == "src/lib.rs" || s.rel == "src/main.rs"
}

fn check_known(kind: &str, found: &BTreeSet<String>, known: &[&str]) -> Vec<String> {
    let known: BTreeSet<String> = known.iter().map(|s| (*s).to_string()).collect();
    let mut problems = Vec::new();
    for f in found.difference(&known) {
        problems.push(format!("{kind}: {f}"));
    }
    for k in known.difference(found) {
        problems.push(format!("{kind}: {k} is fixed; remove it from the known list"));
    }
    problems
}

#[test]
fn no_source_file_is_longer_than_600_lines_before_its_tests() {
    let found: BTreeSet<String> = load()
        .iter()
        .filter(|s| !s.test_only && s.body.lines().count() > MAX_LINES)
        .map(|s| s.rel.clone())
        .collect();
    let problems = check_known("over 600 lines before its tests", &found, KNOWN_LONG_FILES);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_rooms_import_one_way() {
    let sources = load();
    let g = graph(&sources);
    let mut found = BTreeSet::new();
    for (i, s) in sources.iter().enumerate() {
        for &j in &g[i] {
            let to = &sources[j].rel;
            if ONE_WAY
                .iter()
                .any(|(room, forbidden)| s.rel.starts_with(room) && to.starts_with(forbidden))
            {
                found.insert(format!("{} -> {to}", s.rel));
            }
        }
    }
    let problems = check_known("imports against the rooms' direction", &found, KNOWN_WRONG_WAY);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every function in `code` (comments and strings blanked) with its lines of code: from its
/// `fn` line to its closing brace, blank lines left out.
fn functions(code: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let words: Vec<&str> = line
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        let Some(at) = words.iter().position(|w| *w == "fn") else {
            continue;
        };
        let Some(name) = words.get(at + 1) else {
            continue;
        };
        // The body: from the first `{` after the signature to its matching `}`; a `;` first
        // means a declaration without a body (a trait's).
        let mut depth = 0usize;
        let mut opened = false;
        let mut end = None;
        'scan: for (m, l) in lines.iter().enumerate().skip(k) {
            let from = if m == k { line.find("fn ").unwrap_or(0) } else { 0 };
            for c in l[from..].chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => {
                        depth = depth.saturating_sub(1);
                        if opened && depth == 0 {
                            end = Some(m);
                            break 'scan;
                        }
                    }
                    ';' if !opened => break 'scan,
                    _ => {}
                }
            }
        }
        if let Some(end) = end {
            let count = lines[k..=end].iter().filter(|l| !l.trim().is_empty()).count();
            out.push(((*name).to_string(), count));
        }
    }
    out
}

#[test]
fn no_function_is_longer_than_80_lines() {
    let mut found = BTreeSet::new();
    for s in load().iter().filter(|s| !s.test_only) {
        for (name, count) in functions(&strip_comments_and_strings(&s.body)) {
            if count > MAX_FN_LINES {
                found.insert(format!("{}: {name}", s.rel));
            }
        }
    }
    let problems = check_known("functions over 80 lines", &found, KNOWN_LONG_FNS);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_function_reader_counts_lines_of_code() {
    let code = "fn a() {\n    let x = 1;\n\n    if x > 0 {\n        x;\n    }\n}\ntrait T {\n    fn b(&self);\n}\n";
    assert_eq!(functions(code), vec![("a".to_string(), 6)]);
}

#[test]
fn the_import_graph_between_files_has_no_cycle() {
    let sources = load();
    let g = graph(&sources);
    let found: BTreeSet<String> = cycles(&g)
        .into_iter()
        .map(|c| c.iter().map(|&i| sources[i].rel.as_str()).collect::<Vec<_>>().join(" "))
        .collect();
    let problems = check_known("import cycle", &found, KNOWN_CYCLES);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The file graph collapsed into top-level modules (`lib::solver`, `bin::ui`, ...). With
/// `across`, the binary's `slide::…` paths add its edges into the library too.
fn module_graph(sources: &[Source], g: &[BTreeSet<usize>], across: bool) -> (Vec<String>, Vec<BTreeSet<usize>>) {
    let top = |s: &Source| format!("{}::{}", s.module.0, s.module.1.first().map_or("", String::as_str));
    let mut names: BTreeSet<String> = sources.iter().map(top).collect();
    let lib_tops: BTreeSet<String> = sources
        .iter()
        .filter(|s| s.module.0 == "lib")
        .filter_map(|s| s.module.1.first().cloned())
        .collect();
    let mut across_edges = Vec::new();
    if across {
        for s in sources.iter().filter(|s| s.module.0 == "bin" && !s.test_only) {
            let code = strip_comments_and_strings(&s.body);
            for (_, p) in paths_in(&code.replace("slide::", "crate::")) {
                if let Some(t) = p.first().filter(|t| lib_tops.contains(*t)) {
                    // Only the `slide::` paths: the binary's own modules have other names.
                    if code.contains(&format!("slide::{t}")) {
                        across_edges.push((top(s), format!("lib::{t}")));
                    }
                }
            }
        }
        names.extend(across_edges.iter().map(|(_, b)| b.clone()));
    }
    let names: Vec<String> = names.into_iter().collect();
    let id = |n: &str| names.iter().position(|x| x == n).expect("listed");
    let mut mg = vec![BTreeSet::new(); names.len()];
    for (i, s) in sources.iter().enumerate() {
        for &j in &g[i] {
            let (a, b) = (id(&top(s)), id(&top(&sources[j])));
            if a != b {
                mg[a].insert(b);
            }
        }
    }
    for (a, b) in &across_edges {
        mg[id(a)].insert(id(b));
    }
    (names, mg)
}

#[test]
fn the_library_modules_point_down_with_no_cycle() {
    // Files collapsed into the library's top-level modules (puzzle, solver, review, ...):
    // arrows between them point down, so these form no cycle either.
    let sources = load();
    let (names, mg) = module_graph(&sources, &graph(&sources), false);
    let found: BTreeSet<String> = cycles(&mg)
        .into_iter()
        .map(|c| c.iter().map(|&i| names[i].as_str()).collect::<Vec<_>>().join(" "))
        .collect();
    let problems = check_known("module cycle", &found, KNOWN_MODULE_CYCLES);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_library_names_no_key_mouse_event_or_terminal_crate() {
    let found: BTreeSet<String> = load()
        .iter()
        .filter(|s| s.module.0 == "lib" && !s.test_only)
        .filter(|s| {
            let code = strip_comments_and_strings(&s.body);
            let words: BTreeSet<&str> = code.split(|c: char| !(c.is_alphanumeric() || c == '_')).collect();
            UI_WORDS.iter().any(|w| words.contains(w))
        })
        .map(|s| s.rel.clone())
        .collect();
    let problems = check_known("UI words in the library", &found, KNOWN_UI_WORDS);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The most lines the app's file may have before its tests: it owns the loop, nothing else.
const APP_MAX_LINES: usize = 300;

#[test]
fn the_app_is_implemented_in_one_short_file() {
    let sources = load();
    let holders: Vec<&Source> = sources
        .iter()
        .filter(|s| {
            let code = strip_comments_and_strings(&s.body);
            code.lines().any(|l| {
                let words: Vec<&str> = l
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .filter(|w| !w.is_empty())
                    .collect();
                words.first() == Some(&"impl") && words.contains(&"App") && !words.contains(&"for")
            })
        })
        .collect();
    let names: Vec<&str> = holders.iter().map(|s| s.rel.as_str()).collect();
    assert_eq!(names, ["src/ui/app.rs"], "`impl App` belongs in one file");
    let lines = holders[0].body.lines().count();
    assert!(
        lines <= APP_MAX_LINES,
        "src/ui/app.rs has {lines} lines before its tests; the app owns the loop only (at most {APP_MAX_LINES})"
    );
}

#[test]
fn the_path_reader_expands_groups_and_resolves_super() {
    let p = paths_in("use crate::{a::b, c::{d, e::f}};\nlet x = super::g::h();");
    let got: Vec<Vec<String>> = p.into_iter().map(|(_, v)| v).collect();
    let want: Vec<Vec<String>> = vec![
        vec!["a".into(), "b".into()],
        vec!["c".into(), "d".into()],
        vec!["c".into(), "e".into(), "f".into()],
        vec!["super".into(), "g".into(), "h".into()],
    ];
    assert_eq!(got, want);
    let code = strip_comments_and_strings("// crate::x\nlet s = \"crate::y\"; crate::z::w");
    let got: Vec<Vec<String>> = paths_in(&code).into_iter().map(|(_, v)| v).collect();
    assert_eq!(got, vec![vec!["z".to_string(), "w".to_string()]]);
}

#[test]
#[ignore = "prints the graph"]
fn print_graph() {
    let sources = load();
    let g = graph(&sources);
    for (i, s) in sources.iter().enumerate() {
        let names: Vec<&str> = g[i].iter().map(|&j| sources[j].rel.as_str()).collect();
        println!("{} -> {}", s.rel, names.join(", "));
    }
    // Collapsed to top-level modules, with the binary's edges into the library.
    println!();
    let (names, mg) = module_graph(&sources, &g, true);
    for (i, n) in names.iter().enumerate() {
        let to: Vec<&str> = mg[i].iter().map(|&j| names[j].as_str()).collect();
        println!("{n} -> {}", to.join(", "));
    }
}
