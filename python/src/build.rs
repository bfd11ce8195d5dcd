//! `tarok.RecordBuilder`: a record built in code on the notation's
//! [`notation::build::Builder`], its structure checked as it goes.
//!
//! The Python-facing documentation is in `tarok/_tarok.pyi`.

// The builder's error is the one finding type (see notation::build).
#![allow(clippy::result_large_err)]

use notation::build::Builder;
use notation::Seat;
use notation::{Problem, Variant};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::{made, Finding, PyRecord, NO_FILE};

pyo3::create_exception!(
    tarok,
    BuildError,
    PyValueError,
    "A piece `RecordBuilder` refuses: `findings` say what is wrong (a card not in the pack, dealt twice, a trick of the wrong size)."
);

/// A record built piece by piece.
#[pyclass(module = "tarok", name = "RecordBuilder")]
pub(crate) struct PyBuilder {
    b: Builder,
}

fn refused(problems: Vec<Problem>) -> PyErr {
    let origin = super::Origin {
        source: std::sync::Arc::new(tarok::input::Source {
            name: NO_FILE.into(),
            text: String::new(),
            base: 0,
            base_line: 0,
            element: None,
        }),
        named: false,
        doc: 0,
    };
    let findings: Vec<Finding> = problems
        .iter()
        .map(|p| {
            Finding::new(
                &Problem {
                    span: None,
                    ..p.clone()
                },
                &origin,
                &[],
            )
        })
        .collect();
    let message = problems
        .first()
        .map(|p| format!("{}: {} ({})", p.kind.as_str(), p.message, p.help))
        .unwrap_or_default();
    Python::attach(|py| {
        let err = BuildError::new_err(message);
        let _ = err.value(py).setattr("findings", findings);
        err
    })
}

/// The words of a list of cards: a str as written, or card codes.
fn cards(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = obj.extract::<String>() {
        return Ok(s);
    }
    let codes: Vec<String> = obj.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(
            "cards are a str (`SK SQ EX=H`) or a list of card codes",
        )
    })?;
    Ok(codes.join(" "))
}

type Step = Result<(), Problem>;

impl PyBuilder {
    fn step<'py>(
        slf: Bound<'py, Self>,
        f: impl FnOnce(&mut Builder) -> Step,
    ) -> PyResult<Bound<'py, Self>> {
        f(&mut slf.borrow_mut().b).map_err(|p| refused(vec![p]))?;
        Ok(slf)
    }
}

#[pymethods]
impl PyBuilder {
    #[new]
    #[pyo3(signature = (variant, *, dealer = None, players = None, tags = None))]
    fn new(
        variant: &str,
        dealer: Option<u8>,
        players: Option<Vec<String>>,
        tags: Option<Vec<(String, String)>>,
    ) -> PyResult<PyBuilder> {
        let v: Variant = variant.parse().map_err(|_| {
            PyValueError::new_err(format!(
                "`{variant}` is not a variant: danish-tarok, french-tarot, koenigrufen, skill7-tarock"
            ))
        })?;
        let mut b = Builder::new(v);
        let mut go = || -> Step {
            if let Some(d) = dealer {
                b.dealer(Seat::new(d))?;
            }
            if let Some(p) = &players {
                b.players(p)?;
            }
            for (name, value) in tags.iter().flatten() {
                b.tag(name, value)?;
            }
            Ok(())
        };
        go().map_err(|p| refused(vec![p]))?;
        Ok(PyBuilder { b })
    }

    fn tag<'py>(slf: Bound<'py, Self>, name: &str, value: &str) -> PyResult<Bound<'py, Self>> {
        Self::step(slf, |b| b.tag(name, value).map(drop))
    }

    fn dealer<'py>(slf: Bound<'py, Self>, seat: u8) -> PyResult<Bound<'py, Self>> {
        Self::step(slf, |b| b.dealer(Seat::new(seat)).map(drop))
    }

    fn players<'py>(slf: Bound<'py, Self>, names: Vec<String>) -> PyResult<Bound<'py, Self>> {
        Self::step(slf, |b| b.players(&names).map(drop))
    }

    fn hand<'py>(
        slf: Bound<'py, Self>,
        seat: u8,
        cards: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, Self>> {
        let words = self::cards(cards)?;
        Self::step(slf, |b| b.hand(Seat::new(seat), words).map(drop))
    }

    fn talon<'py>(slf: Bound<'py, Self>, cards: &Bound<'py, PyAny>) -> PyResult<Bound<'py, Self>> {
        let words = self::cards(cards)?;
        Self::step(slf, |b| b.talon(words).map(drop))
    }

    fn auction<'py>(slf: Bound<'py, Self>, seat: u8, words: &str) -> PyResult<Bound<'py, Self>> {
        Self::step(slf, |b| b.auction(Seat::new(seat), words).map(drop))
    }

    fn call<'py>(slf: Bound<'py, Self>, seat: u8, words: &str) -> PyResult<Bound<'py, Self>> {
        Self::step(slf, |b| b.call(Seat::new(seat), words).map(drop))
    }

    fn declare<'py>(slf: Bound<'py, Self>, seat: u8, words: &str) -> PyResult<Bound<'py, Self>> {
        Self::step(slf, |b| b.declare(Seat::new(seat), words).map(drop))
    }

    fn discard<'py>(
        slf: Bound<'py, Self>,
        seat: u8,
        cards: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, Self>> {
        let words = self::cards(cards)?;
        Self::step(slf, |b| b.discard(Seat::new(seat), words).map(drop))
    }

    #[pyo3(signature = (cards, lead = None))]
    fn trick<'py>(
        slf: Bound<'py, Self>,
        cards: &Bound<'py, PyAny>,
        lead: Option<u8>,
    ) -> PyResult<Bound<'py, Self>> {
        let words = self::cards(cards)?;
        Self::step(slf, |b| match lead {
            Some(l) => b.trick_led_by(Seat::new(l), words).map(drop),
            None => b.trick(words).map(drop),
        })
    }

    fn fool_call<'py>(slf: Bound<'py, Self>, seat: u8) -> PyResult<Bound<'py, Self>> {
        Self::step(slf, |b| b.fool_call(Seat::new(seat)).map(drop))
    }

    fn result<'py>(slf: Bound<'py, Self>, facts: &str) -> PyResult<Bound<'py, Self>> {
        Self::step(slf, |b| b.result(facts).map(drop))
    }

    fn claim<'py>(slf: Bound<'py, Self>, entries: &str) -> PyResult<Bound<'py, Self>> {
        Self::step(slf, |b| b.claim(entries).map(drop))
    }

    fn comment<'py>(slf: Bound<'py, Self>, text: &str) -> Bound<'py, Self> {
        slf.borrow_mut().b.comment(text);
        slf
    }

    fn annotate<'py>(slf: Bound<'py, Self>, text: &str) -> Bound<'py, Self> {
        slf.borrow_mut().b.annotate(text);
        slf
    }

    /// The record, checked whole; `BuildError` with every fault if not.
    fn build(&self, py: Python<'_>) -> PyResult<PyRecord> {
        let record = self.b.build().map_err(refused)?;
        made(py, notation::to_text(&record))
    }

    fn __repr__(&self) -> String {
        let r = self.b.record();
        format!(
            "<RecordBuilder {}, {} hands, {} tricks>",
            r.variant().map_or("?".into(), |v| v.to_string()),
            r.hands.len(),
            r.tricks.len()
        )
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBuilder>()?;
    m.add("BuildError", m.py().get_type::<BuildError>())?;
    Ok(())
}
