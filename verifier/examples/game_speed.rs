//! Random playouts through [`Game`] and the cost of cloning one in the
//! middle of the play, per variant (issue 29 item 5: "random playouts
//! through `Game` ... 100,000 deals a second per core ... and a cheap clone
//! for search"):
//!
//! ```text
//! taskset -c 0 cargo run --release -p tarok-verifier --example game_speed [N] [VARIANT...]
//! ```
//!
//! A playout starts from a generated deal (`Game::from_record`, its tags,
//! hands and talon), takes one of [`Game::legal_moves`] at random until the
//! deal is over, and settles it ([`Game::settlement`], which must find
//! nothing). The best of three passes over the same `N` deals (default
//! 2,000) is printed. The clone is timed on each deal's game after five
//! tricks (or at its end, a deal that ends sooner), with the allocations it
//! makes counted. The allocator is mimalloc through `tarok_alloc`, as in the `tarok` command.

extern crate tarok_verifier as verifier;

use std::alloc::{GlobalAlloc, Layout};
use std::borrow::Cow;
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use notation::{Record, Variant};
use verifier::game::{Game, Phase};
use verifier::gen::{self, Rng};

/// The `tarok` command's allocator (`tarok_alloc`), counting allocations and their bytes while [`COUNTING`] is on.
struct Counting;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

fn count(size: usize) {
    if COUNTING.load(Relaxed) {
        ALLOCATIONS.fetch_add(1, Relaxed);
        BYTES.fetch_add(size as u64, Relaxed);
    }
}

// SAFETY: every call is handed to mimalloc unchanged; counting touches
// only atomics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: the caller's guarantees, passed on.
        unsafe { tarok_alloc::MiMalloc.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        // SAFETY: as `alloc`.
        unsafe { tarok_alloc::MiMalloc.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from mimalloc with `layout`.
        unsafe { tarok_alloc::MiMalloc.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        // SAFETY: as `dealloc`, and the caller's guarantees on `new_size`.
        unsafe { tarok_alloc::MiMalloc.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Clones timed per game in the middle of its play.
const CLONES: usize = 200;

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    let n: usize = match args.peek().and_then(|a| a.parse().ok()) {
        Some(n) => {
            args.next();
            n
        }
        None => 2_000,
    };
    let mut variants: Vec<Variant> = Vec::new();
    for word in args {
        match word.parse::<Variant>() {
            Ok(v) => variants.push(v),
            Err(_) => {
                eprintln!("error: `{word}` is not a variant");
                std::process::exit(2);
            }
        }
    }
    if variants.is_empty() {
        variants = Variant::ALL.to_vec();
    }
    println!(
        "{:<14} {:>6} {:>10} {:>11} {:>9} {:>10} {:>11} {:>12}",
        "variant", "deals", "playouts/s", "moves/s", "clone ns", "allocs", "bytes", "size_of Game"
    );
    for variant in variants {
        let mut rng = Rng::new(29);
        let deals: Vec<Record> = (0..n)
            .map(|i| gen::deal(variant, &mut rng, i).expect("every variant has a generator"))
            .collect();
        let mut best = f64::MAX;
        let mut moves = 0;
        for _ in 0..3 {
            let start = Instant::now();
            moves = playouts(&deals);
            best = best.min(start.elapsed().as_secs_f64());
        }
        let (clone_ns, allocations, bytes) = clones(&deals);
        println!(
            "{:<14} {:>6} {:>10.0} {:>11.0} {:>9.0} {:>10.1} {:>11.0} {:>12}",
            variant.to_string(),
            n,
            n as f64 / best,
            moves as f64 / best,
            clone_ns,
            allocations,
            bytes,
            std::mem::size_of::<Game>(),
        );
    }
}

/// Every deal played out at random and settled; the moves taken.
fn playouts(deals: &[Record]) -> usize {
    let mut rng = Rng::new(5);
    let mut moves = 0;
    for deal in deals {
        let mut game = Game::from_record(deal).expect("a generated deal is playable");
        while !game.is_over() {
            take_one(&mut game, &mut rng);
            moves += 1;
        }
        let report = game.settlement();
        assert!(
            report.settled && report.problems.is_empty(),
            "a random legal playout settles clean: {:?}",
            report.problems
        );
    }
    moves
}

/// One of the legal moves at random, taken: by its place in the engine's
/// list ([`Game::apply_at`], nothing copied), or out of a list judged.
fn take_one(game: &mut Game, rng: &mut Rng) {
    let legal = game.legal_moves();
    let k = rng.below(legal.len());
    let applied = match legal {
        Cow::Borrowed(_) => game.apply_at(k),
        Cow::Owned(mut judged) => game.apply(judged.swap_remove(k)),
    };
    applied.expect("a listed move is legal");
}

/// Nanoseconds per clone of a game after five tricks, and allocations and
/// bytes allocated per clone, over every deal.
fn clones(deals: &[Record]) -> (f64, f64, f64) {
    let mut rng = Rng::new(6);
    let games: Vec<Game> = deals
        .iter()
        .map(|deal| {
            let mut game = Game::from_record(deal).expect("a generated deal is playable");
            let middle = |g: &Game| g.phase() == Phase::Play && g.record().tricks.len() > 5;
            while !(game.is_over() || middle(&game)) {
                take_one(&mut game, &mut rng);
            }
            game
        })
        .collect();
    let start = Instant::now();
    for game in &games {
        for _ in 0..CLONES {
            black_box(game.clone());
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    COUNTING.store(true, Relaxed);
    for game in &games {
        black_box(game.clone());
    }
    COUNTING.store(false, Relaxed);
    let count = games.len() as f64;
    (
        seconds * 1e9 / (count * CLONES as f64),
        ALLOCATIONS.swap(0, Relaxed) as f64 / count,
        BYTES.swap(0, Relaxed) as f64 / count,
    )
}
