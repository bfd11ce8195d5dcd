//! Names the commit the binary is built from in `tarok --version`:
//! `tarok 0.1.0 (commit 1a2b3c4d5e6f)`, or `(commit unknown)` when built
//! outside a git checkout (from a tarball, `cargo install` from a copy).

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_owned())
}

fn main() {
    let commit = git(&["rev-parse", "--short=12", "HEAD"]);
    // Built again when the checkout moves to another commit.
    for path in ["HEAD", "packed-refs"]
        .into_iter()
        .filter_map(|p| git(&["rev-parse", "--git-path", p]))
        .chain(
            git(&["symbolic-ref", "-q", "HEAD"])
                .and_then(|r| git(&["rev-parse", "--git-path", &r])),
        )
    {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!(
        "cargo:rustc-env=TAROK_VERSION={} (commit {})",
        env!("CARGO_PKG_VERSION"),
        commit.as_deref().unwrap_or("unknown")
    );
}
