fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    for r in notation::parse_str(&text) {
        match r {
            Ok(rec) => {
                let t = notation::to_text(&rec);
                print!("{t}");
                println!("{}", notation::json::to_json(&rec));
                let back = notation::parse_str(&t).remove(0).unwrap();
                assert_eq!(back, rec);
                println!(
                    "{:?}",
                    notation::check::structure(&rec)
                        .iter()
                        .map(|p| p.message.clone())
                        .collect::<Vec<_>>()
                );
            }
            Err(ps) => {
                for p in ps {
                    println!("ERR {} {:?} {}", p.kind, p.span, p.message)
                }
            }
        }
    }
}
