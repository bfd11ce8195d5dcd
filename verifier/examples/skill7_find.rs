//! Finds a generated deal whose ledger and events mention every given
//! phrase and that has at most N distinct ledger lines:
//! `cargo run --release -p tarok-verifier --example skill7_find N phrase...`.

extern crate tarok_verifier as verifier;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let max: usize = args[0].parse().unwrap();
    let want = &args[1..];
    let mut rng = verifier::gen::Rng::new(99);
    for i in 0..20_000_000 {
        let r = verifier::gen::skill7::deal(&mut rng, i).unwrap();
        let rep = verifier::verify(&r, &mut verifier::Session::default());
        let mut lines: Vec<String> = rep
            .ledger
            .iter()
            .map(|l| format!("{} {}", l.rule, l.reason))
            .collect();
        lines.dedup();
        if lines.len() > max {
            continue;
        }
        let mut all = lines.join("\n");
        let text = notation::to_text(&r);
        all.push_str(&text);
        for e in &rep.events {
            all.push_str(&format!("{e:?}\n"));
        }
        if want.iter().all(|w| all.contains(w.as_str())) {
            println!("{text}");
            for l in &lines {
                println!("{{{l}}}");
            }
            return;
        }
    }
}
