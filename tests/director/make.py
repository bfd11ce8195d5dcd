#!/usr/bin/env python3
"""Writes the hand-made tournament fixtures of tests/it/director.rs from
generated Königrufen deals (`tarok gen`): run from the repository root with
the binary built. The deals are the generator's; the tags, names, rulings
and claims are set here, by hand (see README.md for the values checked)."""
import subprocess, pathlib

def deal(seed):
    out = subprocess.run(["target/debug/tarok", "gen", "--variant", "koenigrufen",
                          "--seed", str(seed)], capture_output=True, text=True, check=True)
    lines = out.stdout.strip("\n").split("\n")
    body = [l for l in lines if not l.startswith("[")]
    return body

def record(seed, tags, claim=None):
    body = deal(seed)
    if claim is not None:
        body = [l if not l.startswith("claim:") else "claim: " + claim for l in body]
    head = ['[Variant "koenigrufen"]', '[Dealer "0"]']
    head += [f'[{k} "{v}"]' for k, v in tags]
    return "\n".join(head + body) + "\n"

EVENT = [("Event", "Club night"), ("Site", "Aarhus"), ("Date", "2026-11-20")]
ROUND1 = {1: ("Anna; Bent; Cara; Dirk", [1, 2]),
          2: ("Emil; Frida; Gustav; Hanne", [3, 4]),
          3: ("Ida; Jens; Karen; Lars", [5, 6])}
ROUND2 = {1: "Anna; Emil; Ida; Bent",
          2: "Frida; Jens; Cara; Gustav",
          3: "Karen; Dirk; Hanne; Lars"}

club = pathlib.Path("tests/director/club")
for t, (names, seeds) in ROUND1.items():
    text = "\n".join(record(s, EVENT + [("Round", "1"), ("Table", str(t)), ("Players", names)])
                     for s in seeds)
    (club / f"round-1-table-{t}.tarok").write_text(text)
for t, names in ROUND2.items():
    recs = []
    for board, seed in [("1", 7), ("2", 8)]:
        tags = EVENT + [("Round", "2"), ("Table", str(t)), ("Board", board), ("Players", names)]
        claim = None
        if t == 3 and board == "1":
            tags.append(("Ruling", "assign 0 +30, 1 -10, 2 -10, 3 -10; cards exposed before the lead, result assigned; KR-PLAY-1"))
        if t == 2 and board == "2":
            tags.append(("Ruling", "adjust 1 -10; slow play"))
            claim = "0 +8, 1 -34, 2 +8, 3 +8"  # the ruled result
        recs.append((seed, tags, claim))
    (club / f"round-2-table-{t}.tarok").write_text("\n".join(record(*r) for r in recs))

lineup = pathlib.Path("tests/director/lineup")
# One player typed two ways, and one seated at two tables of round 1.
(lineup / "table-1.tarok").write_text(
    record(1, [("Round", "1"), ("Table", "1"), ("Board", "9"), ("Players", "Zoë Berg; Bent; Cara; Dirk")]))
(lineup / "table-2.tarok").write_text(
    record(2, [("Round", "1"), ("Table", "2"), ("Board", "9"), ("Players", "Zoe  Berg; Emil; Cara; Hanne")]))
# Twice at one table.
(lineup / "table-3.tarok").write_text(
    record(3, [("Round", "1"), ("Table", "3"), ("Players", "Ida; Jens; Ida; Lars")]))
# Two tables pasted into one file, no Session tag.
(lineup / "pasted.tarok").write_text(
    record(4, [("Round", "2"), ("Table", "4"), ("Players", "Anna; Bent; Cara; Dirk")]) + "\n" +
    record(5, [("Round", "2"), ("Table", "5"), ("Players", "Emil; Frida; Gustav; Hanne")]))
# A malformed ruling.
(lineup / "bad-ruling.tarok").write_text(
    record(6, [("Round", "3"), ("Table", "6"), ("Players", "Anna; Bent; Cara; Dirk"), ("Ruling", "adjust 7 -10; slow play")]))
