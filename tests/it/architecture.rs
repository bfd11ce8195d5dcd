//! ARCHITECTURE.md is a map: every path it names in backticks exists.
//!
//! A path is a backticked word with a `/` in it or a file name (`x.rs`,
//! `x.md`, ...). It is looked for from the repository's root, from the
//! crate of the `###` heading it stands under (`notation/` and
//! `notation/src/`), and from every folder named before it in the same
//! bullet or table row (`parse/` then `split.rs`). `<variant>` stands for
//! each of the four variants.

use std::path::Path;

const VARIANTS: [&str; 4] = [
    "danish-tarok",
    "french-tarot",
    "koenigrufen",
    "skill7-tarock",
];
const EXTENSIONS: [&str; 8] = [
    ".rs", ".md", ".json", ".toml", ".sh", ".pyi", ".py", ".tarok",
];

/// The backticked words of a line that name paths.
fn paths(line: &str) -> Vec<&str> {
    line.split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| {
            !w.is_empty()
                && w.chars()
                    .all(|c| c.is_alphanumeric() || "._-/<>".contains(c))
                && (w.contains('/') || EXTENSIONS.iter().any(|e| w.ends_with(e)))
        })
        .collect()
}

/// The paths `word` stands for (one per variant when it holds `<variant>`).
fn expand(word: &str) -> Vec<String> {
    if word.contains("<variant>") {
        VARIANTS
            .iter()
            .map(|v| word.replace("<variant>", v))
            .collect()
    } else {
        vec![word.to_owned()]
    }
}

#[test]
fn every_path_in_architecture_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut bases: Vec<String> = vec![String::new()];
    let mut folders: Vec<String> = Vec::new();
    let mut checked = 0;
    let mut missing = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') {
            bases = vec![String::new()];
            if let (true, Some(&krate)) = (line.starts_with("### "), paths(line).first()) {
                bases.push(krate.to_owned());
                bases.push(format!("{krate}src/"));
            }
        }
        // A new bullet or table row starts a new list of folders.
        if line.starts_with("- ") || line.starts_with('|') || line.is_empty() {
            folders.clear();
        }
        for word in paths(line) {
            for path in expand(word) {
                let found = bases
                    .iter()
                    .chain(&folders)
                    .map(|base| format!("{base}{path}"))
                    .find(|p| root.join(p).exists());
                checked += 1;
                match found {
                    Some(p) if p.ends_with('/') => folders.push(p),
                    Some(_) => {}
                    None => missing.push(format!("line {}: `{path}`", n + 1)),
                }
            }
        }
    }
    assert!(
        checked > 100,
        "only {checked} paths found in ARCHITECTURE.md"
    );
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist:\n{}",
        missing.join("\n")
    );
}

/// The map stays a map: about 150 lines at most (issue 25).
#[test]
fn architecture_is_short() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let lines = text.lines().count();
    assert!(lines <= 160, "ARCHITECTURE.md has {lines} lines");
}
