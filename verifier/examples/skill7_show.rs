//! Shows how the engine reads a Skill7 file: each trick with its seats and
//! winner, the findings, the ledger and the totals:
//! `cargo run -p tarok-verifier --example skill7_show FILE`.

extern crate tarok_verifier as verifier;

fn main() {
    let path = std::env::args().nth(1).expect("a file");
    let text = std::fs::read_to_string(path).unwrap();
    let mut session = verifier::Session::default();
    for record in notation::parse_str(&text) {
        let record = record.expect("a record");
        let report = verifier::verify(&record, &mut session);
        for e in &report.events {
            if let verifier::Event::Trick {
                trick,
                leader,
                winner,
                reason,
            } = e
            {
                let plays = &record.tricks[*trick as usize - 1].plays;
                let cards: Vec<String> = plays
                    .iter()
                    .enumerate()
                    .map(|(i, p)| format!("{}:{}", leader.after(i, 4), p.card))
                    .collect();
                println!("trick {trick}: {} -> {winner} ({reason})", cards.join(" "));
            } else {
                println!("{e:?}");
            }
        }
        for p in &report.problems {
            println!(
                "! {}[{}] seat {:?} trick {:?} card {:?}: {}",
                p.kind,
                p.rule.map_or("-", notation::Rule::id),
                p.seat,
                p.trick,
                p.card,
                p.message
            );
        }
        for l in &report.ledger {
            println!(
                "  {:?} -> {:?} {} {} {}",
                l.payer, l.payee, l.amount, l.rule, l.reason
            );
        }
        println!("settled {} totals {:?}\n", report.settled, report.totals);
    }
}
