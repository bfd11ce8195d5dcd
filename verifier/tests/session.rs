//! Where sessions start: the rule of spec/notation.md §2.3, as the library
//! applies it for every front end.

extern crate tarok_verifier as verifier;

use verifier::session::{mark, starts_session, Grouping, Mark, Sessions};

fn record(extra_tags: &str) -> notation::Record {
    let text = format!("[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n{extra_tags}");
    notation::parse_str(&text).remove(0).unwrap()
}

#[test]
fn session_tag_values() {
    assert_eq!(mark(&record("")).unwrap(), Mark::default());
    let new = mark(&record("[Session \"new\"]\n")).unwrap();
    assert!(new.opens && !new.closes);
    let end = mark(&record("[Session \"end\"]\n")).unwrap();
    assert!(!end.opens && end.closes);
    let both = mark(&record("[Session \"new, end\"]\n")).unwrap();
    assert!(both.opens && both.closes);
    let bad = mark(&record("[Session \"soon\"]\n")).unwrap_err();
    assert_eq!(bad.kind, "bad-tag");
}

#[test]
fn what_starts_a_session() {
    let plain = record("");
    let new = record("[Session \"new\"]\n");
    assert!(starts_session(&plain, Grouping::File, true, false));
    assert!(!starts_session(&plain, Grouping::File, false, false));
    assert!(starts_session(&plain, Grouping::File, false, true));
    assert!(starts_session(&new, Grouping::File, false, false));
    assert!(starts_session(&plain, Grouping::Independent, false, false));
    // A tag that cannot be read starts nothing.
    let bad = record("[Session \"soon\"]\n");
    assert!(!starts_session(&bad, Grouping::File, false, false));
}

#[test]
fn sessions_count_and_reset_the_carried_state() {
    let scored = |extra: &str| record(&format!("[Scores \"0 +5, 1 -5, 2 0, 3 0\"]\n{extra}"));
    let mut sessions = Sessions::new(Grouping::File);
    sessions.verify(&scored(""));
    assert_eq!(sessions.number(), 0);
    // The same running totals again: the deal before (unsettled) left them
    // as they were, so they agree within the session.
    let again = sessions.verify(&record("[Scores \"0 +5, 1 -5, 2 0, 3 0\"]\n"));
    assert!(again.problems.iter().all(|p| p.kind != "scores-mismatch"));
    assert_eq!(sessions.state().deals, 2);
    // Different totals in a new session are no mismatch either.
    let fresh = sessions.verify(&record(
        "[Session \"new\"]\n[Scores \"0 +1, 1 -1, 2 0, 3 0\"]\n",
    ));
    assert!(fresh.problems.iter().all(|p| p.kind != "scores-mismatch"));
    assert_eq!(sessions.number(), 1);
    assert_eq!(sessions.state().deals, 1);
    // ... but in the same session they are.
    let wrong = sessions.verify(&record("[Scores \"0 +9, 1 -9, 2 0, 3 0\"]\n"));
    assert!(wrong.problems.iter().any(|p| p.kind == "scores-mismatch"));
    assert_eq!(sessions.number(), 1);

    let mut independent = Sessions::new(Grouping::Independent);
    independent.verify(&scored(""));
    let alone = independent.verify(&record("[Scores \"0 +9, 1 -9, 2 0, 3 0\"]\n"));
    assert!(alone.problems.iter().all(|p| p.kind != "scores-mismatch"));
    assert_eq!(independent.number(), 1);
}
