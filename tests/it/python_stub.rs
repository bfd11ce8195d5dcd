//! The Python stub's `Kind` literal names every kind of finding, and no
//! other: a kind added in Rust (`notation::Kind::ALL`) must reach the
//! typed API that `mypy --strict` checks Python callers against.

use std::collections::BTreeSet;

#[test]
fn the_stubs_kind_literal_is_notations_kind_list() {
    let stub = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/python/tarok/_tarok.pyi"
    ))
    .expect("python/tarok/_tarok.pyi is readable");
    let start = stub.find("Kind = Literal[").expect("the stub defines Kind");
    let end = start + stub[start..].find(']').expect("Kind's literal is closed");
    let in_stub: BTreeSet<&str> = stub[start..end].split('"').skip(1).step_by(2).collect();
    let in_rust: BTreeSet<&str> = notation::Kind::ALL.iter().map(|k| k.as_str()).collect();
    assert_eq!(
        in_stub, in_rust,
        "python/tarok/_tarok.pyi's Kind and notation::Kind::ALL differ"
    );
}
