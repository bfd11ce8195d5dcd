"""The Python API as an app developer uses it: read, convert, verify, locate."""

import json
import pathlib
import re
from typing import Iterator

import pytest

import tarok

ROOT = pathlib.Path(__file__).resolve().parents[2]
REVOKE = ROOT / "corpus/danish-tarok/20-revoke.tarok"
CALLER = ROOT / "corpus/koenigrufen/02-caller-pagat.tarok"


def test_parse_a_file_and_read_its_parts() -> None:
    (record,) = tarok.parse(CALLER)
    assert record.variant == "koenigrufen"
    assert record.tags["Variant"] == "koenigrufen"
    assert len(record.players) == 4
    assert all(len(t) == 4 for t in record.tricks)
    assert [seat for seat, _ in record.hands] == [0, 1, 2, 3]
    assert record.file == str(CALLER)
    assert record.line == 1
    assert "koenigrufen" in repr(record)


def test_parse_takes_a_path_as_str_too() -> None:
    assert tarok.parse(str(CALLER)) == tarok.parse(CALLER)
    assert tarok.parse(str(CALLER))[0].file == str(CALLER)
    # A mistyped path is a missing file, not text with a syntax error.
    with pytest.raises(FileNotFoundError):
        tarok.parse("no/such/file.tarok")


def test_parse_text_json_and_json_lines_alike() -> None:
    text = REVOKE.read_text()
    (from_text,) = tarok.parse(text)
    assert from_text.file is None
    line = from_text.to_json()
    assert "\n" not in line
    assert tarok.parse(line) == [from_text]
    assert tarok.parse(line + "\n" + line + "\n") == [from_text, from_text]
    assert tarok.parse("[" + from_text.to_json(indent=True) + "]") == [from_text]


def test_json_round_trip_is_lossless() -> None:
    paths = [p for p in sorted(ROOT.glob("corpus/*/*.tarok")) if p.parent.name != "bad"]
    assert len(paths) > 50
    for path in paths:
        for record in tarok.parse(path):
            line = record.to_json()
            back = tarok.from_json(line)
            assert back == record
            assert back.to_json() == line
            assert tarok.from_json(json.loads(line)) == record
            assert tarok.parse(back.to_text()) == [record]


def test_to_dict_is_the_json_form() -> None:
    (record,) = tarok.parse(CALLER)
    d = record.to_dict()
    assert d["tags"][0] == {"name": "Variant", "value": "koenigrufen"}
    assert tarok.from_json(d) == record


def test_a_parse_error_carries_its_location() -> None:
    with pytest.raises(tarok.ParseError) as info:
        tarok.parse('[Variant "koenigrufen"]\n[Dealer "0"]\n\ntrick 1: SK SQ ZZ SJ\n')
    e = info.value
    assert isinstance(e, ValueError)
    assert (e.line, e.column) == (4, 16)
    assert e.findings[0].kind == "unknown-card"
    assert e.record == 0
    assert "4:16" in str(e)


def test_a_json_error_carries_its_path() -> None:
    bad = '{"tags":[{"name":"Variant","value":"koenigrufen"}],"tricks":[{"plays":["SK","ZZ"]}]}'
    with pytest.raises(tarok.ParseError) as info:
        tarok.from_json(bad)
    e = info.value
    assert e.path == "tricks[0].plays[1]"
    assert (e.line, e.column) == (1, bad.index('"ZZ"') + 1)
    assert "is not a card" in e.findings[0].message


def test_read_streams_text_json_and_json_lines(tmp_path: pathlib.Path) -> None:
    records = tarok.generate("danish-tarok", seed=5, count=40)
    text = tmp_path / "deals.tarok"
    text.write_text("\n".join(r.to_text() for r in records))
    jsonl = tmp_path / "deals.jsonl"
    jsonl.write_text("".join(r.to_json() + "\n" for r in records))
    array = tmp_path / "deals.json"
    array.write_text("[" + ",".join(r.to_json() for r in records) + "]")
    odd = tmp_path / "deals.log"  # told by its first characters
    odd.write_text(jsonl.read_text())
    for path in (text, jsonl, array, odd):
        reader = tarok.read(path)
        assert iter(reader) is reader
        got = list(reader)
        assert got == records, path
        assert got[-1].file == str(path)
    lines = [r.line for r in tarok.read(jsonl)]
    assert lines == list(range(1, 41))


def test_read_goes_on_past_a_bad_record(tmp_path: pathlib.Path) -> None:
    (good,) = tarok.parse(CALLER)
    path = tmp_path / "mixed.jsonl"
    path.write_text(good.to_json() + "\n{\"tags\": []}\n" + good.to_json() + "\n")
    reader = tarok.read(path)
    assert next(reader) == good
    with pytest.raises(tarok.ParseError) as info:
        next(reader)
    assert info.value.line == 2
    assert info.value.file == str(path)
    assert next(reader) == good
    with pytest.raises(StopIteration):
        next(reader)


def test_verify_locates_a_revoke_read_from_json_lines(tmp_path: pathlib.Path) -> None:
    (clean,) = tarok.generate("danish-tarok", seed=3)
    (revoke,) = tarok.parse(REVOKE)
    path = tmp_path / "session.jsonl"
    path.write_text(clean.to_json() + "\n" + revoke.to_json() + "\n")
    reports = list(tarok.verify(tarok.read(path)))
    assert [r.variant for r in reports] == ["danish-tarok", "danish-tarok"]
    found = [f for f in reports[1].findings if f.kind == "revoke"]
    assert [f.code for f in found] == ["revoke[DK-PLAY-2]", "revoke[DK-PLAY-2]"]
    f = found[0]
    assert (f.seat, f.trick, f.card) == (2, 4, "C2")
    assert f.path == "tricks[3].plays[1]"
    second = path.read_text().splitlines()[1]
    assert f.line == 2
    assert f.column == second.index('{"card":"C2"') + 1
    assert f.file == str(path)
    assert str(f).startswith(f"{path}:2:{f.column} (tricks[3].plays[1]): revoke[DK-PLAY-2]")


def test_verify_gives_the_settlement() -> None:
    (report,) = tarok.verify(tarok.parse(REVOKE))
    assert report.settled and not report.is_clean
    assert report.variant == "danish-tarok"
    assert len(report.totals) == 3
    assert report.pots is not None and set(report.pots) == {"king-pot", "pagat-pot"}
    assert report.ledger, "a settled deal has payments"
    for p in report.ledger:
        assert isinstance(p.payer, (int, str)) and isinstance(p.payee, (int, str))
        assert p.rule.startswith("DK-")
        assert (p.at == "trick") == (p.trick is not None)
    # The ledger adds up to the totals.
    net = [0, 0, 0]
    for p in report.ledger:
        if isinstance(p.payer, int):
            net[p.payer] -= p.amount
        if isinstance(p.payee, int):
            net[p.payee] += p.amount
    assert net == report.totals
    assert report.record == tarok.parse(REVOKE)[0]


def test_findings_name_the_player() -> None:
    text = REVOKE.read_text().replace('[Dealer "0"]', '[Dealer "0"]\n[Players "Ann; Bo; Cy"]')
    (report,) = tarok.verify(tarok.parse(text))
    f = next(f for f in report.findings if f.kind == "revoke")
    assert (f.seat, f.player) == (2, "Cy")


def test_a_session_carries_and_independent_does_not() -> None:
    deals = tarok.generate("danish-tarok", seed=11, count=6)
    assert all(r.is_clean for r in tarok.verify(deals))
    shuffled = deals[1:] + deals[:1]
    # Out of order, the dealer's turn is wrong; on their own, each deal is fine.
    assert any(not r.is_clean for r in tarok.verify(tarok.parse("\n".join(d.to_text() for d in shuffled))))
    assert all(r.is_clean for r in tarok.verify(shuffled, independent=True))


def test_generate_is_reproducible_and_clean() -> None:
    variants: list[tarok.Variant] = ["danish-tarok", "french-tarot", "koenigrufen", "skill7-tarock"]
    for variant in variants:
        a = tarok.generate(variant, seed=2, count=5)
        assert a == tarok.generate(variant, seed=2, count=5)
        assert all(r.variant == variant for r in a)
        assert all(r.is_clean for r in tarok.verify(a)), variant
    with pytest.raises(ValueError):
        tarok.generate("chess")  # type: ignore[arg-type]


def test_bad_arguments_are_type_errors() -> None:
    with pytest.raises(TypeError):
        tarok.parse(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        list(tarok.verify(["not a record"]))  # type: ignore[list-item]
    with pytest.raises(OSError):
        tarok.read("no/such/file.tarok")


def test_the_kinds_of_the_type_hints_are_the_kinds_of_the_library() -> None:
    import ast

    stub = ast.parse((ROOT / "python/tarok/_tarok.pyi").read_text())
    literal = next(
        node.value
        for node in stub.body
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "Kind"
    )
    assert isinstance(literal, ast.Subscript) and isinstance(literal.slice, ast.Tuple)
    hinted = {elt.value for elt in literal.slice.elts if isinstance(elt, ast.Constant)}
    rust = (ROOT / "notation/src/problem.rs").read_text()
    named = set(re.findall(r'Kind::\w+ => "([a-z0-9-]+)"', rust))
    assert hinted == named


def test_a_session_tag_cuts_the_session() -> None:
    deals = tarok.generate("danish-tarok", seed=11, count=3)
    shuffled = [deals[1], deals[0]]
    text = "\n".join(d.to_text() for d in shuffled)
    assert not list(tarok.verify(tarok.parse(text)))[1].is_clean
    cut = text.replace('[Variant "danish-tarok"]', '[Variant "danish-tarok"]\n[Session "new"]')
    assert all(r.is_clean for r in tarok.verify(tarok.parse(cut)))


def _summary(r: tarok.Report) -> tuple[object, ...]:
    findings = [(f.code, f.seat, f.trick, f.card, f.line, f.column, f.path) for f in r.findings]
    ledger = [(p.payer, p.payee, p.amount, p.rule) for p in r.ledger]
    return (r.variant, findings, ledger, r.totals, r.pots, r.settled, r.record)


def test_verify_in_batches_gives_the_reports_of_one_by_one() -> None:
    # More records than a batch (512) and four documents: two read from
    # text, a from_json run (one document), and a generated session whose
    # Danish pots carry from deal to deal.
    deals = tarok.generate("danish-tarok", seed=21, count=1200)
    (revoke,) = tarok.parse(REVOKE)
    first = tarok.parse("\n".join(d.to_text() for d in deals[:150]))
    made = [tarok.from_json(d.to_json()) for d in deals[:140]]
    documents = [first, [revoke], deals[150:], made]
    records = [r for doc in documents for r in doc]
    # The reference: record by record, a fresh session at each document.
    reference = []
    for doc in documents:
        session = tarok.Session()
        reference += [_summary(session.verify(r)) for r in doc]
    got = [_summary(r) for r in tarok.verify(records)]
    assert got == reference
    assert sum(1 for r in got if r[1]) >= 1, "the revoke is found"
    # Independent: each record a session of its own, in the order given.
    alone = tarok.Session(independent=True)
    reference = [_summary(alone.verify(r)) for r in records]
    got = [_summary(r) for r in tarok.verify(iter(records), independent=True)]
    assert got == reference
    assert [r[-1] for r in got] == records


def test_verify_raises_what_the_iterable_raises_after_the_reports_before() -> None:
    deals = tarok.generate("french-tarot", seed=4, count=3)

    def records() -> Iterator[tarok.Record]:
        yield from deals
        raise RuntimeError("the caller's iterator failed")

    reports = tarok.verify(records())
    assert [r.record for r in (next(reports), next(reports), next(reports))] == deals
    with pytest.raises(RuntimeError, match="iterator failed"):
        next(reports)
