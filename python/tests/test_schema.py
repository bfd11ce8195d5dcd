"""spec/record.schema.json against what the reader and writer do, with a
real validator (jsonschema, draft 2020-12)."""

import json
import pathlib
from typing import Any, Iterator, Optional

import jsonschema
import pytest

import tarok

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "spec/record.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def test_the_schema_is_a_valid_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def corpus_records() -> Iterator[tuple[str, tarok.Record]]:
    paths = sorted(ROOT.glob("corpus/*/*.tarok"))
    paths = [p for p in paths if p.parent.name != "bad"]
    assert len(paths) > 50
    for path in paths:
        for i, record in enumerate(tarok.parse(path)):
            yield f"{path.relative_to(ROOT)}#{i}", record


def test_every_corpus_record_validates() -> None:
    count = 0
    for name, record in corpus_records():
        errors = list(VALIDATOR.iter_errors(record.to_dict()))
        assert not errors, f"{name}: {errors[0].message} at {list(errors[0].absolute_path)}"
        count += 1
    assert count > 50


@pytest.mark.parametrize("variant", ["danish-tarok", "french-tarot", "koenigrufen", "skill7-tarock"])
def test_generated_deals_validate(variant: tarok.Variant) -> None:
    seats: list[Optional[int]] = [3, 4] if variant == "danish-tarok" else [None]
    for n in seats:
        for record in tarok.generate(variant, seed=17, count=50, seats=n):
            VALIDATOR.validate(record.to_dict())


def minimal(**tag: str) -> dict[str, Any]:
    return {"tags": [{"name": "Variant", "value": "koenigrufen"}, {"name": "Event", **tag}]}


def test_a_line_break_in_a_tag_value_is_refused_by_both() -> None:
    bad = minimal(value="first line\nsecond line")
    assert not VALIDATOR.is_valid(bad)
    with pytest.raises(tarok.ParseError) as info:
        tarok.from_json(bad)
    assert info.value.path == "tags[1].value"
    good = minimal(value="one line, with \r and \t")
    assert VALIDATOR.is_valid(good)
    tarok.from_json(good)


@pytest.mark.parametrize(
    "record",
    [
        {"tags": [{"name": "Event", "value": "x"}]},
        {"tags": [{"name": "Variant", "value": "chess"}]},
        {"tags": [{"name": "Variant", "value": "koenigrufen"}, {"name": "Variant", "value": "koenigrufen"}]},
        {"tags": [{"name": "Variant", "value": "koenigrufen"}, {"name": "a b", "value": "x"}]},
        {"tags": [{"name": "Variant", "value": "koenigrufen"}], "hands": [{"seat": 0, "cards": [{"card": "EX", "name": "H"}]}]},
        {"tags": [{"name": "Variant", "value": "koenigrufen"}], "tricks": [{"plays": ["HD"]}]},
        {"tags": [{"name": "Variant", "value": "koenigrufen"}], "claim": {"entries": [{"party": "0", "amount": 1}]}},
        {"tags": [{"name": "Variant", "value": "koenigrufen"}], "tricks": [{"plays": ["HK"], "span": 1}]},
    ],
)
def test_what_the_reader_refuses_the_schema_refuses(record: dict[str, Any]) -> None:
    with pytest.raises(tarok.ParseError):
        tarok.from_json(record)
    assert not VALIDATOR.is_valid(record)


def test_the_unions_validate_in_both_shapes() -> None:
    record = {
        "tags": [{"name": "Variant", "value": "danish-tarok"}],
        "tricks": [{"plays": ["HK", {"card": "EX", "name": "H"}, {"card": "H4", "comments": ["c"]}]}],
        "claim": {"entries": [{"party": 0, "amount": 5}, {"party": "king-pot", "amount": 60}]},
    }
    VALIDATOR.validate(record)
    assert tarok.from_json(record).to_dict() == record
