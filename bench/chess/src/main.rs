//! The chess baseline of `bench/speed.sh`: pgn-reader reading and shakmaty
//! validating every move of a PGN file, as pgn-reader's own
//! `examples/validate.rs` does (the game counted, every SAN turned into a
//! legal move and played), and a generator of the PGN it reads.
//!
//!   chess-baseline gen SEED COUNT > games.pgn   # random legal games
//!   chess-baseline validate games.pgn           # prints "games N ok|errors"
//!
//! The games are random legal moves from the start position, 20 to 140
//! plies (80 on average, about a real game's length) or fewer when the game
//! ends, under the seven tags of the PGN standard and eight more of the kind
//! online servers write (Elo ratings, UTC time, ECO code and opening, time
//! control, termination); no clock comments.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::{env, fs::File, process};

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{fen::Fen, CastlingMode, Chess, Position};

struct Validator {
    games: usize,
}

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let Ok(fen) = Fen::from_ascii(value.as_bytes()) else {
                return ControlFlow::Break(false);
            };
            let Ok(pos) = fen.into_position(CastlingMode::Chess960) else {
                return ControlFlow::Break(false);
            };
            tags.replace(pos);
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(&mut self, pos: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(pos) {
            Ok(m) => pos.play_unchecked(m),
            Err(err) => {
                eprintln!("error in game {}: {} {}", self.games, err, san_plus);
                return ControlFlow::Break(false);
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _pos: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true)) // stay in the mainline
    }

    fn end_game(&mut self, _pos: Self::Movetext) -> Self::Output {
        true
    }
}

fn validate(path: &str) -> io::Result<bool> {
    let mut reader = Reader::new(File::open(path)?);
    let mut validator = Validator { games: 0 };
    let mut ok = true;
    while let Some(game_ok) = reader.read_game(&mut validator)? {
        ok &= game_ok;
    }
    println!(
        "games {} {}",
        validator.games,
        if ok { "ok" } else { "errors" }
    );
    Ok(ok)
}

/// Opening names for the tag of that name (the games themselves are random).
const OPENINGS: [&str; 4] = [
    "Sicilian Defense: Najdorf Variation",
    "Queen's Gambit Declined: Orthodox Defense",
    "Caro-Kann Defense: Advance Variation",
    "Ruy Lopez: Berlin Defense",
];

/// xorshift64*: enough for picking moves, and no dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % n
    }
}

fn generate(seed: u64, count: usize) -> io::Result<()> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let out = io::stdout();
    let mut out = io::BufWriter::new(out.lock());
    let mut text = String::new();
    for game in 1..=count {
        text.clear();
        let mut pos = Chess::default();
        let plies = 20 + rng.below(121);
        let mut moves = String::new();
        for ply in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len() as u64) as usize];
            if ply % 2 == 0 {
                let _ = write!(moves, "{}. ", ply / 2 + 1);
            }
            let san = SanPlus::from_move_and_play_unchecked(&mut pos, m);
            let _ = write!(moves, "{san} ");
        }
        let result = pos.outcome().to_string();
        let _ = write!(
            text,
            "[Event \"Rated blitz game\"]\n[Site \"https://example.org/{game:08}\"]\n\
             [Date \"2026.11.{:02}\"]\n[Round \"-\"]\n[White \"player{}\"]\n[Black \"player{}\"]\n\
             [Result \"{result}\"]\n[WhiteElo \"{}\"]\n[BlackElo \"{}\"]\n\
             [UTCDate \"2026.11.24\"]\n[UTCTime \"12:{:02}:{:02}\"]\n\
             [ECO \"B{:02}\"]\n[Opening \"{}\"]\n\
             [TimeControl \"180+0\"]\n[Termination \"Normal\"]\n\n",
            1 + rng.below(28),
            rng.below(100_000),
            rng.below(100_000),
            1000 + rng.below(1800),
            1000 + rng.below(1800),
            rng.below(60),
            rng.below(60),
            rng.below(100),
            OPENINGS[rng.below(OPENINGS.len() as u64) as usize],
        );
        // Movetext wrapped at 80 columns, as PGN export format asks.
        let mut column = 0;
        for word in moves.split_whitespace().chain([result.as_str()]) {
            if column > 0 && column + 1 + word.len() > 80 {
                text.push('\n');
                column = 0;
            } else if column > 0 {
                text.push(' ');
                column += 1;
            }
            text.push_str(word);
            column += word.len();
        }
        text.push_str("\n\n");
        out.write_all(text.as_bytes())?;
    }
    out.flush()
}

fn main() -> io::Result<()> {
    let args: Vec<String> = env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["validate", path] => {
            if !validate(path)? {
                process::exit(1);
            }
        }
        ["gen", seed, count] => {
            let seed = seed.parse().expect("SEED is a number");
            let count = count.parse().expect("COUNT is a number");
            generate(seed, count)?;
        }
        _ => {
            eprintln!("usage: chess-baseline gen SEED COUNT | chess-baseline validate FILE.pgn");
            process::exit(2);
        }
    }
    Ok(())
}
