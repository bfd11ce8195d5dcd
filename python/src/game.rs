//! `tarok.Game` and `tarok.Move`: one deal step by step, on the verifier's
//! [`verifier::game::Game`] (whose rules are the engines', replayed).
//!
//! The Python-facing documentation is in `tarok/_tarok.pyi`.

use notation::Seat;
use notation::{Act, Card, Lead, Problem, Record};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use verifier::game::{Game, Move, Phase};

use super::{read_doc, report_of, Finding, Origin, PyRecord, Report, NO_FILE};

pyo3::create_exception!(
    tarok,
    IllegalMove,
    PyValueError,
    "A move `Game.apply` does not take. `findings` are the verifier's findings on the record with the move appended; `move` is the move."
);

/// One step of a deal, as a record writes it.
#[pyclass(module = "tarok", name = "Move", frozen)]
#[derive(Clone)]
pub(crate) struct PyMove {
    mv: Move,
}

fn card(code: &str) -> PyResult<Card> {
    code.parse().map_err(|_| {
        PyValueError::new_err(format!(
            "`{code}` is not a card (codes such as SK, H10, DN, T21, EX)"
        ))
    })
}

fn lead(word: Option<&str>) -> PyResult<Option<Lead>> {
    word.map(|w| {
        w.parse().map_err(|_| {
            PyValueError::new_err(format!(
                "`{w}` is no suit to name: S, H, D, C, or T for trumps"
            ))
        })
    })
    .transpose()
}

/// The entry `words` of `section` by `seat`, read by the notation's own
/// parser (a one-line record of that section).
fn act(section: &str, seat: u8, words: &str) -> PyResult<Act> {
    if words.contains(['\n', ',', '{', '[']) {
        return Err(PyValueError::new_err(format!(
            "`{words}` is not one entry: give the words of one {section} entry, such as `pass` or `call HK`"
        )));
    }
    let text = format!("[Variant \"skill7-tarock\"]\n\n{section}: {seat} {words}\n");
    let mut read = notation::parse_str(&text);
    let got = match read.pop() {
        Some(Ok(record)) if read.is_empty() => {
            let list = match section {
                "auction" => record.auction,
                "calls" => record.calls,
                _ => record.declarations,
            };
            list.and_then(|l| {
                let mut actions = l.actions;
                (actions.len() == 1 && actions[0].after.is_none()).then(|| actions.remove(0).act)
            })
        }
        Some(Err(problems)) => {
            let why = problems
                .first()
                .map(|p: &Problem| p.message.clone())
                .unwrap_or_default();
            return Err(PyValueError::new_err(format!(
                "`{words}` is not an entry of the {section}: {why}"
            )));
        }
        _ => None,
    };
    got.ok_or_else(|| {
        PyValueError::new_err(format!(
            "`{words}` is not one {section} entry, such as `pass` or `call HK`"
        ))
    })
}

fn phase_word(phase: Phase) -> &'static str {
    match phase {
        Phase::Auction => "auction",
        Phase::Calls => "calls",
        Phase::Discard => "discard",
        Phase::Declare => "declarations",
        Phase::Play => "play",
        Phase::Over => "over",
    }
}

#[pymethods]
impl PyMove {
    /// A card played (a Danish fool led with a suit named, a renaming, a
    /// call for the fool at the start of the trick).
    #[staticmethod]
    #[pyo3(signature = (seat, card, name = None, rename = None, fool_call = None))]
    fn play(
        seat: u8,
        card: &str,
        name: Option<&str>,
        rename: Option<&str>,
        fool_call: Option<u8>,
    ) -> PyResult<PyMove> {
        Ok(PyMove {
            mv: Move::Play {
                seat: Seat::new(seat),
                card: self::card(card)?,
                name: lead(name)?,
                rename: lead(rename)?,
                fool_call: fool_call.map(Seat::new),
            },
        })
    }

    /// One card laid away.
    #[staticmethod]
    fn discard(seat: u8, card: &str) -> PyResult<PyMove> {
        Ok(PyMove {
            mv: Move::Discard {
                seat: Seat::new(seat),
                card: self::card(card)?,
            },
        })
    }

    /// One card of a French handful of `size` (`simple`, `double`,
    /// `triple`) shown: a handful is shown card by card.
    #[staticmethod]
    fn handful(seat: u8, size: &str, card: &str) -> PyResult<PyMove> {
        let size = notation::HandfulSize::from_word(size).ok_or_else(|| {
            PyValueError::new_err(format!(
                "`{size}` is no handful size (simple, double, triple)"
            ))
        })?;
        Ok(PyMove {
            mv: Move::Handful {
                seat: Seat::new(seat),
                size,
                card: self::card(card)?,
            },
        })
    }

    /// A bid of the auction: a game's word (`guard`, `solo`, ...) or `pass`.
    #[staticmethod]
    fn bid(seat: u8, game: &str) -> PyResult<PyMove> {
        if game != "pass" && notation::Game::from_word(game).is_none() {
            return Err(PyValueError::new_err(format!(
                "`{game}` is no game to bid (or `pass`)"
            )));
        }
        PyMove::auction(seat, game)
    }

    /// An entry of the auction, in the notation's words (`pass`, `solo`).
    #[staticmethod]
    fn auction(seat: u8, words: &str) -> PyResult<PyMove> {
        Ok(PyMove {
            mv: Move::Auction {
                seat: Seat::new(seat),
                act: act("auction", seat, words)?,
            },
        })
    }

    /// An entry of the calls (`call HK`, `talon 1`, `announce pagat`, `contra game`).
    #[staticmethod]
    fn calls(seat: u8, words: &str) -> PyResult<PyMove> {
        Ok(PyMove {
            mv: Move::Calls {
                seat: Seat::new(seat),
                act: act("calls", seat, words)?,
            },
        })
    }

    /// A declaration (`slam`, `handful simple T21 ...`, `trumps 11 pagat`).
    #[staticmethod]
    fn declare(seat: u8, words: &str) -> PyResult<PyMove> {
        Ok(PyMove {
            mv: Move::Declare {
                seat: Seat::new(seat),
                act: act("declare", seat, words)?,
            },
        })
    }

    /// The seat that makes the move.
    #[getter]
    fn seat(&self) -> u8 {
        self.mv.seat().number()
    }

    /// The phase the move belongs to.
    #[getter]
    fn phase(&self) -> &'static str {
        phase_word(self.mv.phase())
    }

    /// The card played or laid away (`None` for an entry).
    #[getter]
    fn card(&self) -> Option<String> {
        match &self.mv {
            Move::Play { card, .. } | Move::Discard { card, .. } | Move::Handful { card, .. } => {
                Some(card.to_string())
            }
            _ => None,
        }
    }

    /// The words of the move after its seat: `pass`, `call HK`, `T21`, `EX=S`.
    #[getter]
    fn words(&self) -> String {
        let text = self.mv.to_string();
        let after_colon = text.split_once(": ").map_or(text.as_str(), |(_, w)| w);
        match self.mv {
            // `discard 3: C6`, `handful 2 simple: T21`: the words follow the colon.
            Move::Discard { .. } | Move::Handful { .. } => after_colon.to_string(),
            // `auction: 1 guard`, `play: 1 T21`: a seat, then the words.
            _ => after_colon
                .split_once(' ')
                .map_or(after_colon, |(_, w)| w)
                .to_string(),
        }
    }

    fn __str__(&self) -> String {
        self.mv.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Move {}>", self.mv)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyMove>().is_ok_and(|o| o.get().mv == self.mv)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.mv.to_string().hash(&mut h);
        h.finish()
    }
}

/// A finding of a game: no file and no place in one (the record is being
/// made, not read).
fn finding(p: &Problem, players: &[String]) -> Finding {
    let origin = nowhere();
    Finding {
        line: None,
        column: None,
        offset: None,
        length: None,
        path: None,
        ..Finding::new(p, &origin, players)
    }
}

fn nowhere() -> Origin {
    Origin {
        source: std::sync::Arc::new(tarok::input::Source {
            name: NO_FILE.into(),
            text: String::new(),
            base: 0,
            base_line: 0,
            element: None,
        }),
        named: false,
        doc: 0,
    }
}

fn illegal(mv: &PyMove, problems: &[Problem], players: &[String]) -> PyErr {
    let findings: Vec<Finding> = problems.iter().map(|p| finding(p, players)).collect();
    let words: Vec<String> = findings
        .iter()
        .map(|f| format!("{}: {}", f.code(), f.message))
        .collect();
    Python::attach(|py| {
        let err = IllegalMove::new_err(format!("{}: {}", mv.mv, words.join("; ")));
        let value = err.value(py);
        let _ = value.setattr("findings", findings);
        let _ = value.setattr("move", mv.clone());
        err
    })
}

/// One deal in progress.
#[pyclass(module = "tarok", name = "Game")]
#[derive(Clone)]
pub(crate) struct PyGame {
    game: Game,
    players: Vec<String>,
}

impl PyGame {
    fn findings(&self, problems: &[Problem]) -> Vec<Finding> {
        problems.iter().map(|p| finding(p, &self.players)).collect()
    }

    /// The record so far, as read back from its canonical text (so that
    /// `tarok.verify` locates its findings).
    fn read_back(&self, py: Python<'_>) -> PyResult<Py<PyRecord>> {
        let text = notation::to_text(self.game.record());
        let mut items = py.detach(|| read_doc(text, None));
        match items.pop() {
            Some((Ok(record), source)) if items.is_empty() => {
                Py::new(py, PyRecord { record, source })
            }
            _ => Py::new(
                py,
                PyRecord {
                    record: self.game.record().clone(),
                    source: nowhere(),
                },
            ),
        }
    }
}

#[pymethods]
impl PyGame {
    /// The deal of `record` (tags, hands, talon; its entries and tricks left
    /// out), at its start.
    #[staticmethod]
    fn from_record(py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let record = record
            .cast::<PyRecord>()
            .map_err(|_| PyTypeError::new_err("Game.from_record() takes a tarok.Record"))?;
        let record = record.borrow();
        let record: &Record = &record.record;
        let players = tarok::players::names(record);
        match py.detach(|| Game::from_record(record)) {
            Ok(game) => Ok(PyGame { game, players }),
            Err(rejected) => {
                let findings: Vec<Finding> = rejected
                    .problems
                    .iter()
                    .map(|p| finding(p, &players))
                    .collect();
                let first = findings
                    .first()
                    .map(|f| format!("{}: {}", f.code(), f.message))
                    .unwrap_or_default();
                let err = PyValueError::new_err(format!("the deal cannot be played: {first}"));
                let _ = err.value(py).setattr("findings", findings);
                Err(err)
            }
        }
    }

    /// Every legal move now.
    fn legal(&self, py: Python<'_>) -> Vec<PyMove> {
        let game = &self.game;
        py.detach(|| game.legal())
            .into_iter()
            .map(|mv| PyMove { mv })
            .collect()
    }

    /// Takes a legal move; raises `IllegalMove` (the game unchanged) otherwise.
    fn apply(&mut self, py: Python<'_>, r#move: PyRef<'_, PyMove>) -> PyResult<()> {
        let mv = r#move.clone();
        let game = &mut self.game;
        let taken = py.detach(|| game.apply(mv.mv.clone()));
        taken.map_err(|rejected| illegal(&mv, &rejected.problems, &self.players))
    }

    /// Takes a move, legal or not (entering a real record); gives the
    /// findings it adds (none for a legal move).
    fn apply_anyway(&mut self, py: Python<'_>, r#move: PyRef<'_, PyMove>) -> Vec<Finding> {
        let mv = r#move.mv.clone();
        let game = &mut self.game;
        let added = py.detach(|| game.apply_anyway(mv));
        self.findings(&added)
    }

    /// The seat to act (`None` once the deal is over).
    #[getter]
    fn to_act(&self, py: Python<'_>) -> Option<u8> {
        let game = &self.game;
        py.detach(|| game.to_act().map(Seat::number))
    }

    /// The phase of the deal.
    #[getter]
    fn phase(&self, py: Python<'_>) -> &'static str {
        let game = &self.game;
        phase_word(py.detach(|| game.phase()))
    }

    /// Whether the deal has ended.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The variant.
    #[getter]
    fn variant(&self) -> String {
        self.game.variant().to_string()
    }

    /// The findings of the record so far (none after legal moves only).
    #[getter]
    fn problems(&self) -> Vec<Finding> {
        self.findings(self.game.problems())
    }

    /// The record so far.
    fn record(&self, py: Python<'_>) -> PyResult<Py<PyRecord>> {
        self.read_back(py)
    }

    /// The verifier's report on the record so far (settled once the deal is over).
    fn result(&self, py: Python<'_>) -> PyResult<Report> {
        let record = self.read_back(py)?;
        let game = &self.game;
        let report = py.detach(|| game.result());
        let findings = self.findings(&report.problems);
        let mut shown = report_of(
            Some(record),
            Some(self.game.record()),
            &nowhere(),
            Some(report),
            Vec::new(),
        );
        shown.findings = findings;
        Ok(shown)
    }

    /// A copy of the game (to try moves on).
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __repr__(&self) -> String {
        let record = self.game.record();
        format!(
            "<Game {}, {}, {} tricks>",
            self.game.variant(),
            phase_word(self.game.phase()),
            record.tricks.len()
        )
    }
}

/// Adds `Game`, `Move`, `IllegalMove` and the `Phase` type to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyMove>()?;
    m.add("IllegalMove", m.py().get_type::<IllegalMove>())?;
    let words = pyo3::types::PyTuple::new(
        m.py(),
        [
            Phase::Auction,
            Phase::Calls,
            Phase::Discard,
            Phase::Declare,
            Phase::Play,
            Phase::Over,
        ]
        .map(phase_word),
    )?;
    let literal = m.py().import("typing")?.getattr("Literal")?;
    m.add("Phase", literal.get_item(words)?)?;
    Ok(())
}
