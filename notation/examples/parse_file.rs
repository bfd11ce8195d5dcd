//! Parses a file repeatedly, for profiling the parser:
//! `cargo run --release -p tarok-notation --example parse_file -- FILE [ROUNDS]`.

extern crate tarok_notation as notation;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a file");
    let rounds: usize = args.next().map_or(5, |r| r.parse().expect("a number"));
    let text = std::fs::read_to_string(path).expect("readable");
    let start = std::time::Instant::now();
    let mut records = 0;
    for _ in 0..rounds {
        records += notation::parse_str(&text)
            .iter()
            .filter(|r| r.is_ok())
            .count();
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{records} records, {:.1} MB/s, {:.0} records/s",
        (text.len() * rounds) as f64 / secs / 1e6,
        records as f64 / secs
    );
}
