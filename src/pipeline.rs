//! `tarok verify` of one file on more threads than one: the records are
//! read in units (`UNIT` records), each unit parsed and replayed ahead
//! of its turn (`Sessions::ahead`) by whichever thread is free, and the
//! units settled in order (`Sessions::settle`) on the calling thread, which
//! also writes the output; each unit is dropped by the thread that parsed
//! it (its memory goes back to that thread's heap). No barrier: while the
//! unit next in order is not done, the calling thread parses and replays
//! one itself. Records are slices of the blocks read, not copies. A file
//! of the text notation is cut by the threads themselves: a worker that
//! finds few units waiting (`LOW`), or any thread that finds none, cuts the
//! next batch ([`input::Chunks`]) while the others go on working through
//! the units left, so there are as many threads as cores and no more (a
//! reader thread of its own took turns with them, issue 29). JSON is cut by
//! a reader thread, at most `QUEUE` units ahead of the workers. A worker
//! takes a unit only while fewer than `DONE` wait to be settled, so memory
//! stays flat. Every wait is a blocking one (a condition variable):
//! nothing spins.

use std::collections::{BTreeMap, VecDeque};
use std::io;
use std::path::Path;
use std::sync::{Condvar, Mutex, MutexGuard, TryLockError};

use notation::{Problem, Record};
use verifier::session::{Ahead, Sessions};
use verifier::Report;

use crate::input::{self, Origin, Raw};

/// Records a unit of work holds. Small, so that the records parsed and
/// not yet settled stay in a core's cache (1 MiB of L2 here): on a loaded
/// machine two cores spent about 20% more CPU time than one with 32, 9%
/// with 16; on an idle one the two sizes measured the same (issue 29,
/// bench/README.md).
const UNIT: usize = 16;
/// Units cut and not yet taken, at most; once there are this many, the
/// reader waits until half of them are taken (fewer wake-ups). Cut records
/// hold only their text (slices of the blocks read).
const QUEUE: usize = 32;
/// Units left in the queue below which a worker that comes for one cuts
/// the next batch of the text first, so that the cut (a read of the input
/// and its check every few batches) overlaps the other threads' work
/// rather than leaving them waiting for it (issue 29, bench/README.md).
/// A batch is eight units ([`input::Chunks`]).
const LOW: usize = 8;
/// Units parsed and replayed ahead but not yet settled, at most, before a
/// worker takes another: parsed records and their reports take far more
/// memory than their text.
const DONE: usize = 4;

/// A record parsed, and where it came from.
pub type Read = (Result<Box<Record>, Vec<Problem>>, Origin);

/// A unit parsed and replayed ahead.
struct Done {
    records: Vec<Read>,
    ahead: Ahead,
    /// The thread that parsed it (0: the calling one).
    owner: usize,
}

/// A unit settled and written: dropped by the thread that parsed it, so
/// that memory goes back to the heap it came from without a hand-off per
/// allocation (records have dozens).
type Trash = (Vec<Read>, Vec<Option<Report>>);

struct State {
    /// Units cut, not yet taken: (number, records).
    queue: VecDeque<(usize, Vec<Raw>)>,
    /// Units parsed and replayed ahead, by number, waiting for their turn.
    done: BTreeMap<usize, Done>,
    /// Units cut so far.
    cut: usize,
    /// The reader waits for room in the queue; workers wait for fewer
    /// units done.
    reader_waits: bool,
    workers_wait: bool,
    /// The reader is done.
    read_all: bool,
    /// The read error that ended the input, cut by the threads ([`cut`]).
    failed: Option<io::Error>,
    /// A thread panicked: the others stop.
    broken: bool,
    /// Threads waiting on `Shared::work`: a notification is a system call
    /// even when nobody waits, so it is made only when somebody does.
    idle: usize,
    /// The sessions as last settled: what planning reads of them.
    planner: Sessions,
    /// Units settled, to be dropped by the thread that parsed them (by
    /// thread number).
    trash: Vec<Vec<Trash>>,
}

struct Shared {
    state: Mutex<State>,
    /// The text still to cut, by the thread that finds no unit waiting
    /// (`None`: a reader thread cuts, for JSON). Locked before `state`
    /// when both are held.
    cutter: Option<Mutex<input::Chunks>>,
    /// A unit cut or done, the reader done (the workers wait on it).
    work: Condvar,
    /// Units settled: room for more (the reader waits on it).
    room: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wait<'a>(&self, on: &Condvar, guard: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        on.wait(guard).unwrap_or_else(|e| e.into_inner())
    }

    /// Waits on `work` (counted in `idle`).
    fn wait_work<'a>(&self, mut guard: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        guard.idle += 1;
        let mut guard = self.wait(&self.work, guard);
        guard.idle -= 1;
        guard
    }

    /// Releases the state just changed and wakes the threads waiting on
    /// `work`, if any: read under the same lock as the change, so that a
    /// thread that waits later saw it first.
    fn wake(&self, guard: MutexGuard<'_, State>) {
        let idle = guard.idle > 0;
        drop(guard);
        if idle {
            self.work.notify_all();
        }
    }
}

/// Tells the other threads to stop when a thread panics, so that none
/// waits forever for its work.
struct Guard<'a>(&'a Shared);

impl Drop for Guard<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.lock().broken = true;
            self.0.work.notify_all();
            self.0.room.notify_all();
        }
    }
}

/// What a thread does next.
enum Job {
    Settle(Done),
    Work(usize, Vec<Raw>, Sessions),
    End,
}

/// Verifies the records of the file at `path` in order, in the sessions
/// `sessions` cuts, as `tarok verify` does: `each` is called on this thread
/// for every record read, in order, with its report (`None`: the record
/// could not be read, and what it did to its session is lost,
/// [`Sessions::lost`]). With more threads than one in rayon's pool (and
/// this thread not one of its workers) records are parsed and replayed
/// ahead on every thread ([`verify`]); otherwise here, a unit at a time
/// ([`verify_here`]). The reports are the same either way.
pub fn verify_file(
    path: &Path,
    sessions: &mut Sessions,
    each: &mut dyn FnMut(&Read, Option<&Report>),
) -> io::Result<()> {
    let threads = threads();
    if threads > 1 {
        return verify(path, threads, sessions, each);
    }
    verify_here(path, sessions, |read, report| each(read, report.as_ref()))
}

/// [`verify_file`] on this thread alone, each record read and its report
/// lent to `each` to read or to take (`None`: the record could not be read,
/// and what it did to its session is lost, [`Sessions::lost`]). Lent, not
/// moved: a record read is about 600 bytes, and moving each one cost 0.7%
/// of `verify`'s instructions.
///
/// A unit of `UNIT` (16) records at a time, a stage at a time: every record
/// of the unit is parsed, then every one replayed, then every one handed
/// on, so that each stage's code stays in the instruction cache for the
/// unit (a record taken whole through parser, engine and report misses it:
/// Königrufen's I1 misses halved, `verify` 5% faster, bench/README.md).
pub fn verify_here(
    path: &Path,
    sessions: &mut Sessions,
    mut each: impl FnMut(&mut Read, &mut Option<Report>),
) -> io::Result<()> {
    let mut unit = Vec::with_capacity(UNIT);
    let read = input::read_raw(path, |raw| {
        unit.push(raw);
        if unit.len() == UNIT {
            settle_unit(&mut unit, sessions, &mut each);
        }
    });
    settle_unit(&mut unit, sessions, &mut each);
    read
}

/// [`verify_here`] for records already cut ([`input::Chunks`]), a batch
/// taken at a time by a caller that returns between batches: the same
/// units, stages and lending.
pub fn verify_cut(
    batch: Vec<input::Chunk>,
    sessions: &mut Sessions,
    mut each: impl FnMut(&mut Read, &mut Option<Report>),
) {
    let mut batch = batch.into_iter().map(Raw::Cut).peekable();
    let mut unit = Vec::with_capacity(UNIT);
    while batch.peek().is_some() {
        unit.extend(batch.by_ref().take(UNIT));
        settle_unit(&mut unit, sessions, &mut each);
    }
}

/// The records cut in `unit` parsed, replayed in order in `sessions`, and
/// handed to `each` ([`verify_here`]); `unit` left empty.
fn settle_unit(
    unit: &mut Vec<Raw>,
    sessions: &mut Sessions,
    each: &mut impl FnMut(&mut Read, &mut Option<Report>),
) {
    let mut records: Vec<Read> = unit.drain(..).map(Raw::read).collect();
    let mut reports: Vec<Option<Report>> = records
        .iter()
        .map(|read| match &read.0 {
            Ok(r) => Some(sessions.verify(r)),
            Err(_) => {
                sessions.lost();
                None
            }
        })
        .collect();
    for (read, report) in records.iter_mut().zip(&mut reports) {
        each(read, report);
    }
}

/// The threads a command may work on: rayon's pool, or 1 on one of its
/// workers (which would wait on its own pool). Where the pool would have
/// one thread (one core usable, as `taskset -c 0` leaves it, or
/// `RAYON_NUM_THREADS=1`), 1 without starting it: no thread is spawned
/// that would only take turns with this one on the same core (issue 29).
pub fn threads() -> usize {
    if rayon::current_thread_index().is_some() {
        return 1;
    }
    // How rayon sizes its global pool when nothing else built it.
    let configured = std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n > 0);
    let usable = configured.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    if usable == 1 {
        return 1;
    }
    rayon::current_num_threads()
}

/// Verifies the file at `path` with `threads` threads (this one among
/// them): `each` is called on this thread for every record read, in
/// order, with its report (`None`: the record could not be read), exactly
/// as verifying them one by one with [`Sessions::verify`] would.
pub fn verify(
    path: &Path,
    threads: usize,
    sessions: &mut Sessions,
    each: &mut dyn FnMut(&Read, Option<&Report>),
) -> io::Result<()> {
    let (cutter, json) = match input::open_to_cut(path)? {
        input::Opened::Text(chunks) => (Some(Mutex::new(chunks)), None),
        input::Opened::Json(reader) => (None, Some(reader)),
    };
    let shared = Shared {
        state: Mutex::new(State {
            queue: VecDeque::new(),
            done: BTreeMap::new(),
            cut: 0,
            reader_waits: false,
            workers_wait: false,
            read_all: false,
            failed: None,
            broken: false,
            idle: 0,
            planner: sessions.clone(),
            trash: (0..threads).map(|_| Vec::new()).collect(),
        }),
        cutter,
        work: Condvar::new(),
        room: Condvar::new(),
    };
    let shared = &shared;
    std::thread::scope(|scope| {
        let reader = json.map(|json| {
            scope.spawn(move || {
                let _guard = Guard(shared);
                let mut unit = Vec::with_capacity(UNIT);
                let read = input::read_raw_from(json, path, |raw| {
                    unit.push(raw);
                    if unit.len() == UNIT {
                        hand(
                            shared,
                            std::mem::replace(&mut unit, Vec::with_capacity(UNIT)),
                        );
                    }
                });
                if !unit.is_empty() {
                    hand(shared, unit);
                }
                let mut s = shared.lock();
                s.read_all = true;
                shared.wake(s);
                read
            })
        });
        for owner in 1..threads {
            scope.spawn(move || {
                let _guard = Guard(shared);
                while let Some((number, raws, planner)) = take(shared, owner) {
                    let done = work(raws, &planner, number == 0, owner);
                    let mut s = shared.lock();
                    s.done.insert(number, done);
                    shared.wake(s);
                }
            });
        }
        let _guard = Guard(shared);
        settle_all(shared, sessions, each);
        match reader {
            Some(reader) => reader.join().expect("the reader thread does not panic"),
            None => shared.lock().failed.take().map_or(Ok(()), Err),
        }
    })
}

/// Cuts the next batch of the text into units on the queue, unless another
/// thread is cutting (it hands the units on and wakes the waiting threads
/// when done). At the end of the input, or at a read error
/// (kept to be returned; the records of the batch being cut are not handed
/// on, as a reader thread drops them), the input is read.
fn cut(shared: &Shared) {
    let Some(cutter) = &shared.cutter else {
        return;
    };
    let mut chunks = match cutter.try_lock() {
        Ok(chunks) => chunks,
        // A thread panicked while cutting: `Guard` stops them all.
        Err(TryLockError::WouldBlock | TryLockError::Poisoned(_)) => return,
    };
    let batch = chunks.next_batch();
    let mut s = shared.lock();
    match batch {
        Ok(Some(batch)) => {
            let mut batch = batch.into_iter().map(Raw::Cut).peekable();
            while batch.peek().is_some() {
                let number = s.cut;
                s.cut += 1;
                s.queue
                    .push_back((number, batch.by_ref().take(UNIT).collect()));
            }
        }
        Ok(None) => s.read_all = true,
        Err(e) => {
            s.read_all = true;
            s.failed = Some(e);
        }
    }
    drop(chunks);
    shared.wake(s);
}

/// Hands a unit read on, once there is room for it.
fn hand(shared: &Shared, unit: Vec<Raw>) {
    let mut s = shared.lock();
    if s.queue.len() >= QUEUE {
        s.reader_waits = true;
        while s.queue.len() > QUEUE / 2 && !s.broken {
            s = shared.wait(&shared.room, s);
        }
        s.reader_waits = false;
    }
    let number = s.cut;
    s.cut += 1;
    s.queue.push_back((number, unit));
    shared.wake(s);
}

/// The next unit in the queue, and the sessions to plan it from; the
/// reader told when there is room again.
fn pop(shared: &Shared, s: &mut State) -> Option<(usize, Vec<Raw>, Sessions)> {
    let (number, raws) = s.queue.pop_front()?;
    if s.reader_waits && s.queue.len() <= QUEUE / 2 {
        shared.room.notify_one();
    }
    Some((number, raws, s.planner.clone()))
}

/// The next unit to parse and replay ahead, and the sessions to plan it
/// from; `None` when everything read has been taken.
fn take(shared: &Shared, owner: usize) -> Option<(usize, Vec<Raw>, Sessions)> {
    let mut s = shared.lock();
    // The text was cut, or tried, since the last wait.
    let mut tried = false;
    // The text was cut ahead, or tried, in this call.
    let mut ahead = shared.cutter.is_none();
    loop {
        if s.broken {
            return None;
        }
        if !s.trash[owner].is_empty() {
            // Dropped outside the lock.
            let trash = std::mem::take(&mut s.trash[owner]);
            drop(s);
            drop(trash);
            s = shared.lock();
            continue;
        }
        if s.done.len() < DONE {
            if !ahead && !s.read_all && s.queue.len() < LOW {
                // Before taking a unit, so that none waits on the cut.
                ahead = true;
                drop(s);
                cut(shared);
                s = shared.lock();
                continue;
            }
            if let Some(job) = pop(shared, &mut s) {
                return Some(job);
            }
            if s.read_all {
                return None;
            }
            if !tried {
                // Looked at again before waiting, whoever cut: the units
                // may already be there.
                tried = true;
                drop(s);
                cut(shared);
                s = shared.lock();
                continue;
            }
        } else {
            s.workers_wait = true;
        }
        s = shared.wait_work(s);
        tried = false;
    }
}

/// A unit parsed and replayed ahead. `first`: the first unit of the file,
/// planned from the sessions as they start.
fn work(raws: Vec<Raw>, planner: &Sessions, first: bool, owner: usize) -> Done {
    let records: Vec<Read> = raws.into_iter().map(Raw::read).collect();
    let refs: Vec<Option<&Record>> = records.iter().map(|(r, _)| r.as_deref().ok()).collect();
    let ahead = planner.ahead(&refs, first);
    drop(refs);
    Done {
        records,
        ahead,
        owner,
    }
}

/// The calling thread's part: settles the units in order (and hands each
/// record on to `each`); while the next one is not done, it takes a unit
/// to parse and replay itself.
fn settle_all(
    shared: &Shared,
    sessions: &mut Sessions,
    each: &mut dyn FnMut(&Read, Option<&Report>),
) {
    let mut next = 0;
    loop {
        let job = {
            let mut s = shared.lock();
            // As in `take`.
            let mut tried = false;
            loop {
                if s.broken {
                    panic!("a thread verifying the file panicked");
                }
                if let Some(done) = s.done.remove(&next) {
                    break Job::Settle(done);
                }
                // As a worker: not while enough units wait to be settled.
                if s.done.len() < DONE {
                    if let Some((number, raws, planner)) = pop(shared, &mut s) {
                        break Job::Work(number, raws, planner);
                    }
                }
                if s.read_all && next == s.cut {
                    break Job::End;
                }
                if !s.read_all && s.queue.is_empty() && !tried {
                    tried = true;
                    drop(s);
                    cut(shared);
                    s = shared.lock();
                    continue;
                }
                s = shared.wait_work(s);
                tried = false;
            }
        };
        let done = match job {
            Job::End => return,
            Job::Settle(done) => done,
            Job::Work(number, raws, planner) => {
                let done = work(raws, &planner, number == 0, 0);
                if number != next {
                    shared.lock().done.insert(number, done);
                    continue;
                }
                done
            }
        };
        let Done {
            records,
            ahead,
            owner,
        } = done;
        let refs: Vec<Option<&Record>> = records.iter().map(|(r, _)| r.as_deref().ok()).collect();
        let reports = sessions.settle(&refs, ahead);
        drop(refs);
        next += 1;
        for (record, report) in records.iter().zip(&reports) {
            each(record, report.as_ref());
        }
        let wake = {
            let mut s = shared.lock();
            s.planner = sessions.clone();
            if owner != 0 {
                s.trash[owner].push((records, reports));
            }
            std::mem::take(&mut s.workers_wait)
        };
        if wake {
            shared.work.notify_all();
        }
    }
}
