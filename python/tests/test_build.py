"""Issue 28, item 2: records built and edited in code. ``RecordBuilder``
builds a deal piece by piece and refuses a structural fault at once; a
record's tags are a mapping that writes through; records copy and pickle;
``Session`` verifies built and edited records one by one with the state
the CLI carries (the Danish pots), to the answers of ``tarok verify
--format json`` on their text.
"""

import copy
import json
import pathlib
import pickle
import random
import re
import subprocess
from typing import Callable

import pytest

import tarok
from _cli import ROOT, TAROK
from test_front_door import cli, of_cli, of_python

VARIANTS: list[tarok.Variant] = ["danish-tarok", "french-tarot", "koenigrufen", "skill7-tarock"]


def rebuild(record: tarok.Record) -> tarok.Record:
    """``record`` built again through ``RecordBuilder``, line by line of its
    text: each tag, hand, entry and trick given as its words."""
    assert record.variant is not None
    b = tarok.RecordBuilder(record.variant)
    for name, value in record.tags.items():
        if name != "Variant":
            b.tag(name, value)
    for line in record.to_text().splitlines():
        head, _, words = line.partition(": ")
        parts = head.split()
        if not parts or line.startswith("["):
            continue
        if parts[0] == "hand":
            b.hand(int(parts[1].rstrip(":")), words)
        elif parts[0] == "talon":
            b.talon(words)
        elif parts[0] == "discard":
            b.discard(int(parts[1]), words.split())
        elif parts[0] in ("auction", "calls", "declare"):
            add = {"auction": b.auction, "calls": b.call, "declare": b.declare}[parts[0]]
            for entry in words.split(", "):
                seat, said = entry.split(" ", 1)
                add(int(seat), said)
        elif parts[0] == "trick":
            lead = int(parts[parts.index("lead") + 1]) if "lead" in parts else None
            b.trick(words, lead=lead)
            if "call" in parts:
                b.fool_call(int(parts[parts.index("call") + 1]))
        elif parts[0] == "claim":
            b.claim(words)
        else:
            raise AssertionError(f"a line the test does not build: {line}")
    return b.build()


@pytest.mark.parametrize("variant", VARIANTS)
def test_generated_deals_rebuild_to_the_same_records(variant: tarok.Variant) -> None:
    for deal in tarok.generate(variant, seed=28, count=5):
        built = rebuild(deal)
        assert built == deal
        assert built.to_text() == deal.to_text()
        # A built record is made in code: no file, its text its own.
        assert built.file is None and built.line == 1


def test_each_structural_fault_is_refused_naming_what_is_wrong() -> None:
    b = tarok.RecordBuilder("french-tarot", dealer=0, players=["Ann", "Bo", "Cy", "Di"])
    cases: list[tuple[Callable[[], object], str, str]] = [
        (lambda: b.hand(0, "T22"), "unknown-card", "T22 is not in the french-tarot pack"),
        (lambda: b.hand(5, "SK"), "unknown-seat", "seat 5 is not at this table of 4 (hand)"),
        (lambda: b.hand(1, ["SK", "SQ"]), "wrong-card-count", "seat 1 is dealt 2 cards, not 18"),
        (lambda: b.talon("SK SQ SN"), "wrong-card-count", "the talon holds 3 cards, not 6"),
        (lambda: b.trick("SK SQ SN"), "wrong-trick-size", "trick 1 has 3 cards, not 4"),
        (lambda: b.auction(1, "gaurd"), "syntax", "`gaurd`: `gaurd` is not an action"),
        (lambda: b.tag("Bad name", "x"), "bad-tag", "`Bad name` is not a tag name"),
    ]
    for step, kind, message in cases:
        with pytest.raises(tarok.BuildError) as info:
            step()
        assert isinstance(info.value, ValueError)
        assert [(f.kind, f.message) for f in info.value.findings][0][0] == kind
        assert info.value.findings[0].message.startswith(message), info.value.findings[0].message
    # Nothing refused was added; a revoke is no structural fault.
    b.trick("SK HK T21 CK")
    assert b.build().tricks == [["SK", "HK", "T21", "CK"]]
    # Every hand is dealt once the record has hands: `build` checks it whole.
    hand = tarok.generate("french-tarot", seed=1)[0].hands[0][1]
    b.hand(0, hand)
    with pytest.raises(tarok.BuildError) as info:
        b.build()
    assert info.value.findings[0].kind == "wrong-card-count"
    with pytest.raises(tarok.BuildError, match="dealt twice"):
        b.hand(1, hand)


def test_tags_write_through_and_never_silently() -> None:
    (record,) = tarok.generate("skill7-tarock", seed=4)
    tags = record.tags
    tags["Round"] = "3"
    assert record.tags["Round"] == "3" and tags["Round"] == "3"
    assert '[Round "3"]\n' in record.to_text()
    record.tags["Dealer"] = "2"
    assert record.tags["Dealer"] == "2" and list(record.tags)[:2] == ["Variant", "Dealer"]
    record.tags.update({"Event": "Club night", "Round": "4"})
    assert dict(record.tags)["Round"] == "4" and len(record.tags) == 6
    del record.tags["Event"]
    assert "Event" not in record.tags and record.tags.get("Event") is None
    before = record.to_text()
    with pytest.raises(ValueError, match="not a tag name"):
        record.tags["Bad name"] = "x"
    with pytest.raises(ValueError, match="would not read back"):
        del record.tags["Variant"]
    with pytest.raises(ValueError):
        record.tags["Event"] = "two\nlines"
    with pytest.raises(TypeError):
        record.tags["Round"] = 5  # type: ignore[assignment]
    with pytest.raises(KeyError):
        del record.tags["Missing"]
    assert record.to_text() == before
    # The edited record is the record of its text.
    assert tarok.parse(record.to_text())[0] == record


def test_records_copy_and_pickle_as_values() -> None:
    (record,) = tarok.generate("koenigrufen", seed=9)
    for other in (copy.copy(record), copy.deepcopy(record), pickle.loads(pickle.dumps(record))):
        assert other == record and other is not record
        other.tags["Round"] = "7"
        assert "Round" not in record.tags and other != record
    assert re.fullmatch(r"\d+\.\d+\.\d+.*", tarok.__version__)
    # Findings and payments are values: pickled, equal (and hashed alike).
    (dealt,) = tarok.generate("danish-tarok", seed=3)
    report = next(tarok.verify([dealt]))
    revoke = next(tarok.verify(tarok.parse(ROOT / "corpus/danish-tarok/20-revoke.tarok")))
    for value in [*revoke.findings, *report.ledger]:
        again = pickle.loads(pickle.dumps(value))
        assert again == value and hash(again) == hash(value) and repr(again) == repr(value)
        assert copy.copy(value) is value and copy.deepcopy(value) is value
    assert revoke.findings and report.ledger


@pytest.mark.skipif(TAROK is None, reason="no tarok binary built")
def test_a_built_deal_and_an_edited_one_verify_in_a_session_as_the_cli_verifies_their_text(tmp_path: pathlib.Path) -> None:
    deals = tarok.generate("danish-tarok", seed=7, count=4)
    # A deal built in code: its hands dealt from a shuffled pack, two
    # tricks played, a claim written; not played out (incomplete, ALL-4),
    # so the next deal's pots are unknown.
    pack = [c for h in deals[0].hands for c in h[1]]
    random.Random(28).shuffle(pack)
    b = tarok.RecordBuilder("danish-tarok", dealer=2, tags=[("Event", "built in code")])
    b.hand(0, pack[:25]).hand(1, pack[25:50]).hand(2, pack[50:])
    b.comment("dealt by the test")
    built = b.build()
    # A tag of a record of the session edited: the pots it starts with.
    deals[1].tags["Pots"] = "king-pot 80, pagat-pot 70"
    deals[3].tags["Event"] = "edited"
    records = [deals[0], deals[1], built, deals[2], deals[3]]
    session = tarok.Session()
    got = [of_python(session.verify(r)) for r in records]
    path = tmp_path / "session.tarok"
    path.write_text("\n".join(r.to_text() for r in records))
    want = [of_cli(json.loads(line)) for line in cli("verify", "--format", "json", str(path)).splitlines()]
    # The same findings (kind, rule, message, line and column within each
    # record's text), ledgers, totals and pots. Lines are counted from the
    # start of the text each record was read from (the generated deals' one
    # text; an edited or built record's own) and from the file's in the
    # CLI: the comparison counts them from each record's first line.
    starts = [1]
    for r in records[:-1]:
        starts.append(starts[-1] + r.to_text().count("\n") + 1)
    for w, start in zip(want, starts):
        w["findings"] = [f[:7] + ((f[7] - start + 1) if f[7] is not None else None,) + f[8:9] + f[11:] for f in w["findings"]]
    for g, r in zip(got, records):
        g["findings"] = [f[:7] + ((f[7] - r.line + 1) if f[7] is not None else None,) + f[8:9] + f[11:] for f in g["findings"]]
    assert got == want
    # What the session made of them: with other pots to start from, the
    # edited deal's claim (the pots after it) is wrong; the built deal is
    # incomplete (ALL-4), not settled; the deal after it starts from its
    # own `Pots` tag.
    kinds = [[f[0] for f in g["findings"]] for g in got]
    assert kinds == [[], ["claim-mismatch"], ["incomplete"], [], []]
    assert got[2]["pots"] is None and got[2]["totals"] == []
    assert subprocess.run([str(TAROK), "verify", str(path)], capture_output=True).returncode == 1
