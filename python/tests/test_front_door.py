"""Issue 24, one front door: the Python package gives the answers of
``tarok verify --format json`` (the CLI), record for record: findings and
their places, ledgers, totals and pots, on the inputs of
``tests/it/front_door.rs`` (which holds the Rust API to the same lines).

The CLI is the binary built in ``target/`` (or ``$TAROK``); without one
these tests are skipped.
"""

import json
import os
import pathlib
import subprocess
from typing import Any, Optional

import pytest

import tarok
from _cli import ROOT, TAROK


pytestmark = pytest.mark.skipif(TAROK is None, reason="no tarok binary built")


def cli(*args: str) -> str:
    assert TAROK is not None
    done = subprocess.run([str(TAROK), *args], cwd=ROOT, capture_output=True, text=True, env={"NO_COLOR": "1"})
    assert done.returncode in (0, 1, 2), done.stderr
    return done.stdout


def break_fifth(text: str) -> str:
    parts = text.split("[Variant")
    parts[5] = parts[5].replace("\n\n", "\n\nwhat is this\n", 1)
    return "[Variant".join(parts)


def edit_one(lines: str, n: int) -> str:
    out = []
    for i, line in enumerate(lines.splitlines()):
        if i == n:
            v = json.loads(line)
            t = v["tricks"]
            t[2]["plays"][0], t[3]["plays"][0] = t[3]["plays"][0], t[2]["plays"][0]
            line = json.dumps(v, separators=(",", ":"), ensure_ascii=False)
        out.append(line + "\n")
    return "".join(out)


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[pathlib.Path]:
    d = tmp_path_factory.mktemp("front_door")
    files = sorted(p for p in ROOT.glob("corpus/*/*.tarok") if p.parent.name != "bad")
    danish = d / "danish-unreadable.tarok"
    danish.write_text(break_fifth(cli("gen", "--variant", "danish-tarok", "--count", "12", "--seed", "24")))
    lines = cli("gen", "--variant", "french-tarot", "--count", "2000", "--seed", "5", "--to", "jsonl")
    (d / "deals.jsonl").write_text(lines)
    (d / "deals-edited.jsonl").write_text(edit_one(lines, 1234))
    (d / "bom.json").write_text("\ufeff" + cli("convert", "--to", "json", "corpus/danish-tarok/20-revoke.tarok"))
    (d / "bom.jsonl").write_text("\ufeff" + cli("convert", "--to", "jsonl", "corpus/danish-tarok/20-revoke.tarok"))
    return files + [danish, d / "deals.jsonl", d / "deals-edited.jsonl", d / "bom.json", d / "bom.jsonl"]


def of_cli(line: dict[str, Any]) -> dict[str, Any]:
    """What a CLI line says, in the terms the comparison uses."""
    ledger = []
    for p in line.get("ledger") or []:
        at = p["at"]
        trick = at["trick"] if isinstance(at, dict) else None
        ledger.append((p["payer"], p["payee"], p["amount"], p["rule"], p["reason"], "trick" if trick else at, trick))
    return {
        "readable": line["readable"],
        "variant": line.get("variant"),
        "findings": [
            tuple(v.get(k) for k in ("kind", "rule", "seat", "player", "trick", "card", "message", "line", "column", "offset", "length", "path", "claimed", "computed"))
            for v in line["violations"]
        ],
        "ledger": ledger,
        "totals": line.get("totals") or [],
        "pots": line.get("pots"),
    }


def of_python(r: tarok.Report) -> dict[str, Any]:
    return {
        "readable": r.record is not None,
        "variant": r.variant,
        "findings": [
            (f.kind, f.rule, f.seat, f.player, f.trick, f.card, f.message, f.line, f.column, f.offset, f.length, f.path, f.claimed, f.computed)
            for f in r.findings
        ],
        "ledger": [(p.payer, p.payee, p.amount, p.rule, p.reason, p.at, p.trick) for p in r.ledger],
        "totals": r.totals,
        "pots": r.pots,
    }


def records_of(path: pathlib.Path) -> list[Optional[tarok.Record]]:
    """The records of a file as `tarok.read` gives them; None for one that
    cannot be read."""
    out: list[Optional[tarok.Record]] = []
    reader = tarok.read(path)
    while True:
        try:
            out.append(next(reader))
        except tarok.ParseError:
            out.append(None)
        except StopIteration:
            return out


# A path is verified on the pipeline's threads, or (one core, or
# RAYON_NUM_THREADS=1: read at each call) on one thread that owns each
# record; its record made for Python only when asked for. Both ways give
# the CLI's answers and the records `read` gives. Default first: rayon's
# pool is sized by the first call that starts it.
@pytest.mark.parametrize("threads", ["default", "1"])
def test_python_verifies_a_path_as_the_cli_does(
    inputs: list[pathlib.Path], threads: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if threads == "1":
        monkeypatch.setenv("RAYON_NUM_THREADS", "1")
    else:
        monkeypatch.delenv("RAYON_NUM_THREADS", raising=False)
    unreadable = 0
    for path in inputs:
        want = [of_cli(json.loads(line)) for line in cli("verify", "--format", "json", str(path)).splitlines()]
        reports = list(tarok.verify(path))
        got = [of_python(r) for r in reports]
        assert got == want, path
        unreadable += sum(not w["readable"] for w in want)
        records = [r.record for r in reports]
        assert records == records_of(path), path
        shown = [(r.file, r.line, r.to_text()) for r in records if r is not None]
        assert shown == [(r.file, r.line, r.to_text()) for r in records_of(path) if r is not None], path
        # Made once: the same object each time it is asked for.
        assert all(r.record is r.record for r in reports if r.record is not None)
    assert unreadable == 1


def test_records_read_or_made_from_json_are_one_session_as_the_cli_reads_the_file(inputs: list[pathlib.Path]) -> None:
    for name in ["deals.jsonl", "deals-edited.jsonl"]:
        path = next(p for p in inputs if p.name == name)
        want = [of_cli(json.loads(line)) for line in cli("verify", "--format", "json", str(path)).splitlines()]
        # Records read, verified as an iterable: the same answers.
        assert [of_python(r) for r in tarok.verify(tarok.read(path))] == want
        # Records made one by one from the lines, verified in one Session:
        # the same answers but for the file and its places (no file given).
        session = tarok.Session()
        got = [session.verify(tarok.from_json(line)) for line in path.read_text().splitlines()]
        assert [(r.is_clean, r.totals) for r in got] == [(not w["findings"], w["totals"]) for w in want]
        # And as an iterable of such records.
        again = tarok.verify(tarok.from_json(line) for line in path.read_text().splitlines())
        assert [(r.is_clean, r.totals) for r in again] == [(not w["findings"], w["totals"]) for w in want]
        flagged = [i for i, w in enumerate(want) if w["findings"]]
        assert flagged == ([1234] if name == "deals-edited.jsonl" else [])


def threads_now() -> int:
    return len(os.listdir("/proc/self/task"))


# One core (issue 29 item 4): a text file is cut and verified on the
# calling thread as its reports are taken, as `tarok verify` does on one
# core, with no thread to take turns with; JSON is read on a thread of its
# own. Taken one report at a time, the answers are the CLI's.
@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs /proc to count the threads")
def test_a_text_file_on_one_core_is_verified_on_the_calling_thread(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RAYON_NUM_THREADS", "1")
    text = tmp_path / "deals.tarok"
    text.write_text(cli("gen", "--variant", "koenigrufen", "--count", "700", "--seed", "5"))
    lines = tmp_path / "deals.jsonl"
    lines.write_text(cli("convert", "--to", "jsonl", str(text)))
    want = [of_cli(json.loads(line)) for line in cli("verify", "--format", "json", str(text)).splitlines()]
    for path, more in [(text, 0), (lines, 1)]:
        before = threads_now()
        reports = tarok.verify(path)
        got = [of_python(next(reports))]
        assert threads_now() == before + more, path
        got += [of_python(r) for r in reports]
        assert got == want, path


def test_paths_raise_what_python_raises_for_paths(tmp_path: pathlib.Path) -> None:
    with pytest.raises(FileNotFoundError):
        tarok.read(tmp_path / "missing.tarok")
    with pytest.raises(FileNotFoundError):
        tarok.parse("deals/missing.tarok")
    with pytest.raises(FileNotFoundError):
        tarok.verify(str(tmp_path / "missing.jsonl"))
    with pytest.raises(IsADirectoryError):
        tarok.read(tmp_path)
    # A device is refused at once, as the CLI refuses it.
    with pytest.raises(OSError, match="character device"):
        tarok.read("/dev/zero")
    # A FIFO too, by every call that takes a path, without opening it
    # (opening a FIFO waits for a writer: the call would hang).
    fifo = tmp_path / "pipe.tarok"
    os.mkfifo(fifo)
    for call in (tarok.read, tarok.parse, tarok.verify):
        with pytest.raises(OSError, match="a FIFO, not read"):
            call(fifo)


def test_the_readers_limits_are_the_clis(tmp_path: pathlib.Path) -> None:
    long = tmp_path / "long.tarok"
    long.write_text('[Variant "danish-tarok"]\n{' + "x" * (3 << 20) + "}\n")
    with pytest.raises(tarok.ParseError) as info:
        tarok.parse(long)
    assert info.value.findings[0].kind == "line-too-long"
    bad = tmp_path / "bad.tarok"
    bad.write_bytes(b'[Variant "danish-tarok"]\n[Dealer "\xff"]\n')
    with pytest.raises(tarok.ParseError) as info:
        tarok.parse(bad)
    assert (info.value.file, info.value.line) == (str(bad), 2)
    assert info.value.column is not None


def test_names_of_the_package() -> None:
    from tarok import Kind, Variant, __version__  # noqa: F401

    assert isinstance(__version__, str) and __version__
    (record,) = tarok.generate("skill7-tarock")
    # Tags write through (issue 28; tests/test_build.py has the rest).
    record.tags["Dealer"] = "1"
    assert '[Dealer "1"]' in record.to_text()


@pytest.mark.parametrize(
    "variant,seats",
    [("danish-tarok", None), ("danish-tarok", 4), ("french-tarot", None), ("koenigrufen", None), ("skill7-tarock", None)],
)
def test_generate_is_gen(variant: tarok.Variant, seats: Optional[int]) -> None:
    args = ["gen", "--variant", variant, "--seed", "11", "--count", "4"]
    if seats is not None:
        args += ["--seats", str(seats)]
    deals = tarok.generate(variant, seed=11, count=4, seats=seats)
    assert len(deals) == 4
    # The same deals, byte for byte: sorted hands, the Danish pots carried.
    assert "\n".join(r.to_text() for r in deals) == cli(*args)
    assert "".join(r.to_json() + "\n" for r in deals) == cli(*args, "--to", "jsonl")
    if variant == "danish-tarok":
        assert all("Pots" in r.tags for r in deals[1:])


def test_generate_fixes_hands_as_gen_does() -> None:
    (first,) = tarok.generate("koenigrufen", seed=3)
    spec = "1: " + " ".join(first.hands[1][1])
    deals = tarok.generate("koenigrufen", seed=5, count=3, hands=[spec])
    printed = cli("gen", "--variant", "koenigrufen", "--seed", "5", "--count", "3", "--hands", spec)
    assert "\n".join(r.to_text() for r in deals) == printed
    assert [r.hands[1][1] for r in deals] == [first.hands[1][1]] * 3
    assert len({r.tags["Dealer"] for r in deals}) == 1
    with pytest.raises(ValueError, match="hands: deal 1: seat 1 is dealt 12 cards, the hand given has 1"):
        tarok.generate("koenigrufen", hands=["1: SK"])
    with pytest.raises(ValueError, match="not played at a table of 3"):
        tarok.generate("koenigrufen", seats=3)
