"""Issue 28, tables for analysis: ``tarok convert --to parquet`` writes the
tables of generated deals, DuckDB and Polars read them with the columns
``spec/tables.md`` lists, and their totals, ledgers and findings are those of
``tarok verify --format json``; ``tarok.frames`` gives the same tables.

The CLI is the binary built in ``target/`` (or ``$TAROK``); without one the
CLI tests are skipped, with the reason. The number of deals is $TAROK_DEALS
(default 4 x 1,000, each variant: the CI's debug binary generates them;
``bench/tables.sh`` runs it with 4 x 25,000 = 100,000 on a release build).
"""

import json
import os
import pathlib
import re
import subprocess
import sys
from typing import Any, Optional

import pytest

import tarok
from _cli import ROOT, TAROK

duckdb = pytest.importorskip("duckdb", reason="duckdb is not installed (pip install duckdb)")
pl = pytest.importorskip("polars", reason="polars is not installed (pip install polars)")
pa = pytest.importorskip("pyarrow", reason="pyarrow is not installed (pip install pyarrow)")
pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow is not installed (pip install pyarrow)")
ipc = pytest.importorskip("pyarrow.ipc", reason="pyarrow is not installed (pip install pyarrow)")

VARIANTS = ["danish-tarok", "french-tarot", "koenigrufen", "skill7-tarock"]
EACH = int(os.environ.get("TAROK_DEALS", "4000")) // len(VARIANTS)

needs_cli = pytest.mark.skipif(TAROK is None, reason="no tarok binary built (cargo build, or set $TAROK)")


def run(*args: str, stdout: Any = subprocess.PIPE) -> "subprocess.CompletedProcess[str]":
    assert TAROK is not None
    return subprocess.run(
        [str(TAROK), "-q", *args], cwd=ROOT, stdout=stdout, stderr=subprocess.PIPE, text=True,
        env={"NO_COLOR": "1"},
    )


def spec_columns(table: str) -> list[str]:
    """The columns spec/tables.md lists for ``table``, in order."""
    text = (ROOT / "spec/tables.md").read_text(encoding="utf-8")
    section = text.split(f"## `{table}`\n", 1)[1].split("\n## ", 1)[0]
    names: list[str] = []
    for line in section.splitlines():
        if line.startswith("| `"):
            names += re.findall(r"`([a-z_]+)`", line.split("|")[1])
    return names


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    if TAROK is None:
        pytest.skip("no tarok binary built (cargo build, or set $TAROK)")
    tmp = tmp_path_factory.mktemp("tables")
    deals = tmp / "deals.jsonl"
    with deals.open("w") as out:
        for seed, variant in enumerate(VARIANTS, 1):
            done = run("gen", "--variant", variant, "--seed", str(seed), "--count", str(EACH), "--to", "jsonl", stdout=out)
            assert done.returncode == 0, done.stderr
    # One deal spoilt (a claim off by one), so that findings have rows and
    # the claimed and computed amounts are checked.
    lines = deals.read_text(encoding="utf-8").splitlines()
    spoilt = json.loads(lines[7])
    spoilt["claim"]["entries"][0]["amount"] += 1
    lines[7] = json.dumps(spoilt, ensure_ascii=False)
    deals.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out_dir = tmp / "out"
    done = run("convert", "--to", "parquet", "--out", str(out_dir), str(deals))
    assert done.returncode == 0, done.stderr
    verified = run("verify", "--format", "json", str(deals))
    assert verified.returncode == 1, verified.stderr
    return {
        "dir": out_dir,
        "jsonl": deals,
        "json": [json.loads(line) for line in verified.stdout.splitlines()],
    }


@needs_cli
@pytest.mark.parametrize("table", ["deals", "findings", "ledger"])
def test_columns_are_the_documented_ones(tables: dict[str, Any], table: str) -> None:
    path = str(tables["dir"] / f"{table}.parquet")
    documented = spec_columns(table)
    assert len(documented) > 5
    assert duckdb.sql(f"SELECT * FROM read_parquet('{path}') LIMIT 0").columns == documented
    assert pl.read_parquet(path).columns == documented


@needs_cli
def test_totals_ledger_and_findings_are_verifys(tables: dict[str, Any]) -> None:
    lines = tables["json"]
    path = tables["dir"] / "deals.parquet"
    deals = pl.read_parquet(path).sort("deal")
    assert deals.height == len(lines) == EACH * len(VARIANTS)
    assert deals["totals"].to_list() == [line["totals"] for line in lines]
    assert deals["variant"].to_list() == [line["variant"] for line in lines]
    assert deals["file"].to_list() == [line["file"] for line in lines]
    assert deals["players"].to_list() == [line.get("players", []) for line in lines]
    # The same totals in DuckDB, summed per seat over all deals.
    per_seat = duckdb.sql(
        f"SELECT s.i - 1 AS seat, sum(totals[s.i]) AS total FROM read_parquet('{path}'), "
        "range(1, 5) s(i) GROUP BY seat ORDER BY seat"
    ).fetchall()
    expected = [sum(line["totals"][s] for line in lines if len(line["totals"]) > s) for s in range(4)]
    assert [int(t) for _, t in per_seat] == expected
    # Every payment, in order, as the JSON lines give them.
    ledger = duckdb.sql(
        f"SELECT deal, payer, payer_pot, payee, payee_pot, amount, rule, reason, moment "
        f"FROM read_parquet('{tables['dir'] / 'ledger.parquet'}') ORDER BY deal, index"
    ).fetchall()
    want = []
    for n, line in enumerate(lines):
        for p in line["ledger"]:
            def seat(x: Any) -> Optional[int]:
                return x if isinstance(x, int) else None

            def pot(x: Any) -> Optional[str]:
                return x if isinstance(x, str) else None

            at = "trick" if isinstance(p["at"], dict) else p["at"]
            want.append((n, seat(p["payer"]), pot(p["payer"]), seat(p["payee"]), pot(p["payee"]),
                         p["amount"], p["rule"], p["reason"], at))
    assert ledger == want
    # The one spoilt claim: its finding with both amounts.
    findings = pl.read_parquet(tables["dir"] / "findings.parquet")
    flagged = [(n, v) for n, line in enumerate(lines) for v in line["violations"]]
    assert findings.height == len(flagged) >= 1
    got = findings.select("deal", "kind", "rule", "claimed", "computed", "line").rows()
    assert got == [(n, v["kind"], v.get("rule"), v.get("claimed"), v.get("computed"), v.get("line"))
                   for n, v in flagged]
    assert any(v["kind"] == "claim-mismatch" for _, v in flagged)
    assert deals.filter(pl.col("findings") > 0)["deal"].to_list() == sorted({n for n, _ in flagged})


@needs_cli
def test_contract_and_declarer(tables: dict[str, Any]) -> None:
    """The contract is the auction's last bid and its bidder, read back
    from the record itself."""
    rows = pl.read_parquet(tables["dir"] / "deals.parquet").sort("deal").select("contract", "declarer").rows()
    records = [json.loads(x) for x in tables["jsonl"].read_text(encoding="utf-8").splitlines()]
    checked = 0
    for (contract, declarer), record in zip(rows, records):
        bids = [a for a in record.get("auction", {}).get("actions", []) if a["act"] == "bid"]
        if bids:
            assert (contract, declarer) == (bids[-1]["game"], bids[-1]["seat"])
            checked += 1
    assert checked > EACH  # French, Königrufen and Skill7 deals have auctions


@needs_cli
def test_python_frames_equal_the_files(tables: dict[str, Any]) -> None:
    frames = tarok.frames(tables["jsonl"])
    for name, table in zip(("deals", "findings", "ledger"), frames):
        on_disk = pq.read_table(tables["dir"] / f"{name}.parquet")
        assert table.column_names == on_disk.column_names
        assert table.equals(on_disk.cast(table.schema)), name
    frame = frames.deals.to_pandas()
    assert list(frame.columns) == spec_columns("deals")
    assert len(frame) == EACH * len(VARIANTS)


@needs_cli
def test_arrow_files_and_refusals(tables: dict[str, Any], tmp_path: pathlib.Path) -> None:
    done = run("convert", "--to", "arrow", "--out", str(tmp_path / "ipc"), str(ROOT / "corpus/danish-tarok"))
    assert done.returncode == 0, done.stderr
    deals = ipc.open_file(tmp_path / "ipc" / "deals.arrow").read_all()
    assert deals.column_names == spec_columns("deals")
    assert deals.num_rows == len(run("verify", "--format", "json", "corpus/danish-tarok").stdout.splitlines())
    # No folder: refused, nothing on standard output.
    done = run("convert", "--to", "parquet", str(tables["jsonl"]))
    assert done.returncode == 2 and done.stdout == "" and "--out DIR" in done.stderr
    # A folder that cannot be made: exit 2, the path named.
    blocker = tmp_path / "file"
    blocker.write_text("x")
    done = run("convert", "--to", "parquet", "--out", str(blocker / "sub"), str(tables["jsonl"]))
    assert done.returncode == 2 and str(blocker) in done.stderr


@needs_cli
def test_unreadable_record_is_a_row(tmp_path: pathlib.Path) -> None:
    src = tmp_path / "two.tarok"
    good = (ROOT / "corpus/danish-tarok/01-declarations.tarok").read_text(encoding="utf-8")
    src.write_text(good + "\n[Variant \"danish-tarok\"]\n\nwhat is this\n", encoding="utf-8")
    done = run("convert", "--to", "parquet", "--out", str(tmp_path / "t"), str(src))
    assert done.returncode == 2 and "two.tarok" in done.stderr
    deals = pl.read_parquet(tmp_path / "t" / "deals.parquet")
    verified = [json.loads(x) for x in run("verify", "--format", "json", str(src)).stdout.splitlines()]
    assert deals["readable"].to_list() == [v["readable"] for v in verified]
    assert deals["readable"].to_list()[-1] is False
    findings = pl.read_parquet(tmp_path / "t" / "findings.parquet")
    last = deals.height - 1
    assert findings.filter(pl.col("deal") == last)["kind"].to_list() == [
        v["kind"] for v in verified[-1]["violations"]
    ]


def test_frames_without_pyarrow_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # A module set to None in sys.modules cannot be imported: as if absent.
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.ipc", None)
    with pytest.raises(ImportError, match="pip install pyarrow"):
        tarok.frames(ROOT / "corpus/danish-tarok")


def test_frames_of_an_unreadable_path_raise(tmp_path: pathlib.Path) -> None:
    with pytest.raises(OSError):
        tarok.frames(tmp_path / "missing.jsonl")
