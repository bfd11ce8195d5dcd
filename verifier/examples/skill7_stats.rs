fn main() {
    let mut rng = verifier::gen::Rng::new(1);
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for i in 0..5000 {
        let r = verifier::gen::skill7::deal(&mut rng, i).unwrap();
        let rep = verifier::verify(&r, &mut verifier::Session::default());
        for l in &rep.ledger {
            let key = l
                .reason
                .split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ");
            *counts.entry(format!("{} {}", l.rule, key)).or_default() += 1;
        }
        let text = notation::to_text(&r);
        for w in [
            "recontra",
            "subcontra",
            "contra game",
            "farbesolo",
            "solo",
            "announce valat",
            "announce pagat",
            "announce absolut",
        ] {
            if text.contains(w) {
                *counts.entry(format!("text {w}")).or_default() += 1;
            }
        }
        if i == 0 {
            println!("{text}");
            for l in &rep.ledger {
                println!("{l:?}");
            }
        }
    }
    for (k, v) in counts {
        println!("{v:6} {k}");
    }
}
