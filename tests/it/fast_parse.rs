//! The parser's fast paths (hands, tricks, talon, discard, actions and the
//! claim in their common form, read on bytes) make exactly what the general
//! parser makes: the same records, spans and problems, on generated deals of
//! every variant and on variations of them that leave the common form.

fn variations(text: &str) -> Vec<String> {
    vec![
        text.to_owned(),
        text.replace(", ", " , "),
        text.replace(", ", ",\n  "),
        text.replace(" pass", " good"),
        text.replace(" -", " - ").replace(" +", " "),
        text.replace("claim: 0 ", "claim: 0  "),
        text.replace(" 1 ", " 01 ").replace(" 2 ", " 300 "),
        text.replace(" call ", " call fool ")
            .replace(" HK", " HK fourth"),
        text.replace(" pagat", " pagat after 2")
            .replace(" three", " three {c}"),
        text.replace("\ntrick 3", "\n{x}\ntrick 3")
            .replace(" talon ", " talon +"),
        text.replace(" announce ", " announce  ")
            .replace("trumps 1", "trumps 9"),
        text.replace(" contra game", " contra moon")
            .replace(" 0 ", " 0\t"),
        text.replace("trick 2:", "trick 2 lead 1:")
            .replace(" call 1:", " call 1 lead 2:"),
        text.replace("trick 4:", "trick 4 lead 1000:")
            .replace(" call 0:", " call  0:"),
        text.replace("=S", "=s")
            .replace("=H", "=X")
            .replace("=D", "= D"),
        text.replace(" half ", " half  ")
            .replace(" full H", " full h"),
        text.replace(" half-kings DK", " half-kings dame")
            .replace("kings", "kings skat"),
        text.replace(" call 1:", " call 1 :")
            .replace(" call 2:", " call 256:")
            .replace(" call 0:", " call 0x:")
            .replace(" half H", " half HH")
            .replace(" abundant ", " abundant 1"),
        text.replace(" rename ", " rename  ")
            .replace("EX=T", "EX=T=S")
            .replace("king-pot 1", "king-pot 9999999999"),
        text.replace("rename T ", "rename TT ")
            .replace("rename S ", "rename S\n")
            .replace("EX=C", "EX=C{c}")
            .replace("EX=H", "EX=H1")
            .replace("king-pot ", "king-pot 12345678"),
        text.replace("handful simple ", "handful simple\n  ")
            .replace("handful double ", "handful double {c} ")
            .replace(" T21 ", " T21  t1 ")
            .replace(" T5 ", " T5 after 1 "),
    ]
}

#[test]
fn fast_paths_read_as_the_general_parser_does() {
    let mut records = 0;
    for variant in notation::Variant::ALL {
        for seats in variant.table_sizes() {
            let mut rng = verifier::gen::Rng::new(7);
            let Some(mut session) =
                verifier::gen::Session::new(variant, *seats, verifier::gen::Fixed::default())
            else {
                continue;
            };
            let mut text = String::new();
            for _ in 0..150 {
                text.push_str(&notation::to_text(&session.next_deal(&mut rng).unwrap()));
                text.push('\n');
            }
            for text in variations(&text) {
                for (offset, chunk) in notation::split_records(&text) {
                    let fast = format!("{:?}", notation::parse_record(chunk, offset));
                    let general =
                        format!("{:?}", notation::parse::parse_record_general(chunk, offset));
                    assert_eq!(fast, general, "{variant}:\n{chunk}");
                    records += 1;
                }
            }
        }
    }
    assert!(records > 4000, "{records}");
}
