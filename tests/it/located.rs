//! Findings on JSON input point at the offending value: its JSON path, and
//! the line and column of the value in the file.

use crate::cli::{json_lines, root, stdout, tarok, tarok_with_input};

/// A JSON Lines file of two records, the second with a revoke (corpus
/// `danish-tarok/20-revoke`), written where the test can name it.
fn jsonl_with_a_revoke() -> (std::path::PathBuf, String) {
    let clean = tarok(&[
        "gen",
        "--variant",
        "danish-tarok",
        "--seed",
        "3",
        "--to",
        "jsonl",
    ]);
    let revoke = tarok(&[
        "convert",
        "--to",
        "jsonl",
        "corpus/danish-tarok/20-revoke.tarok",
    ]);
    let text = format!("{}{}", stdout(&clean), stdout(&revoke));
    assert_eq!(text.lines().count(), 2);
    let dir = root().join("target").join("tmp");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("located-{}.jsonl", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    (path, text)
}

#[test]
fn verify_json_locates_a_revoke_in_json_lines_at_its_card() {
    let (path, text) = jsonl_with_a_revoke();
    let out = tarok(&["verify", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines[1]["variant"], "danish-tarok");
    let revoke = lines[1]["violations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["kind"] == "revoke")
        .expect("the revoke is found");
    assert_eq!(revoke["card"], "C2");
    assert_eq!(revoke["path"], "tricks[3].plays[1]");
    // The card's value in the second line, found by hand.
    let second = text.lines().nth(1).unwrap();
    let value = second
        .find(r#"{"card":"C2""#)
        .expect("the revoke carries a comment: an object");
    assert_eq!(revoke["line"], 2);
    assert_eq!(revoke["column"], second[..value].chars().count() + 1);
    let offset = text.lines().next().unwrap().len() + 1 + value;
    assert_eq!(revoke["offset"], offset);
    let length = revoke["length"].as_u64().unwrap() as usize;
    assert!(text[offset..offset + length].starts_with(r#"{"card":"C2""#));
    assert!(text[offset..offset + length].ends_with('}'));
    let _ = std::fs::remove_file(path);
}

#[test]
fn the_text_diagnostic_shows_a_window_around_the_value() {
    let (path, text) = jsonl_with_a_revoke();
    let out = tarok(&["verify", path.to_str().unwrap()]);
    let shown = stdout(&out);
    let _ = std::fs::remove_file(&path);
    assert!(shown.contains("tarok::revoke[DK-PLAY-2]"), "{shown}");
    assert!(shown.contains("at tricks[3].plays[1]"), "{shown}");
    let second = text.lines().nth(1).unwrap();
    assert!(second.len() > 1000, "a JSON Lines record is a long line");
    // The source line shown is a window of the record's line, holding the card.
    let shown_line = shown
        .lines()
        .find(|l| l.starts_with(" 2 │") && l.contains("C2"))
        .expect("line 2 is shown at the card");
    assert!(shown_line.contains(r#"{"card":"C2""#), "{shown_line}");
    // A window, not the record's whole line of more than 1,000 characters.
    assert!(shown_line.chars().count() < 300, "{shown_line}");
}

#[test]
fn a_json_array_document_locates_with_the_element_index() {
    let text = tarok(&[
        "convert",
        "--to",
        "json",
        "corpus/danish-tarok/20-revoke.tarok",
    ]);
    let out = tarok_with_input(&["verify", "--format", "json", "-"], Some(&stdout(&text)));
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let revoke = &line["violations"][0];
    assert_eq!(revoke["path"], "[0].tricks[3].plays[1]");
    let shown = stdout(&text);
    let row = shown
        .lines()
        .position(|l| l.contains(r#""card": "C2""#))
        .unwrap();
    // Pretty JSON: the object starts on the line before its "card" key.
    assert_eq!(revoke["line"], row as u64);
}

#[test]
fn a_validation_error_points_at_the_bad_value() {
    let json =
        r#"{"tags":[{"name":"Variant","value":"koenigrufen"},{"name":"Event","value":"a\nb"}]}"#;
    let out = tarok_with_input(&["verify", "--format", "json", "-"], Some(json));
    assert_eq!(out.status.code(), Some(2));
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let v = &line["violations"][0];
    assert_eq!(v["kind"], "bad-json");
    assert_eq!(v["path"], "tags[1].value");
    assert_eq!(v["column"], json.find(r#""a\nb""#).unwrap() + 1);
    assert_eq!(v["length"], 6);
}
