"""A simple bot for every seat of a tarok deal: it plays its highest legal card
(trumps above suit cards, a higher trump above a lower one, a king above a queen
...) and takes the first legal move anywhere else (a pass where it may pass).

    python examples/highest_card.py french-tarot 7

plays the deal of ``tarok.generate("french-tarot", seed=7)`` out and prints its
record and totals. ``mypy --strict`` checks this file against the package's
type hints (``.ci/run``).
"""

from __future__ import annotations

import sys
from typing import Optional, get_args

import tarok

#: The rank of a court card's letter.
COURTS = {"K": 14, "Q": 13, "N": 12, "J": 11}


def strength(card: str) -> int:
    """A card's strength for this bot: trumps by number above suit cards by rank."""
    if card == "EX":
        return 0
    if card.startswith("T"):
        return 100 + int(card[1:])
    rank = card[1:]
    return COURTS.get(rank) or int(rank)


def choose(game: tarok.Game) -> tarok.Move:
    """The bot's move: the highest card it may play, else the first legal move."""
    legal = game.legal()
    plays = [m for m in legal if m.phase == "play" and m.card is not None]
    if plays:
        return max(plays, key=lambda m: strength(m.card or "EX"))
    return legal[0]


def play_out(record: tarok.Record) -> tarok.Report:
    """The deal of ``record`` played out by the bot at every seat."""
    game = tarok.Game.from_record(record)
    while not game.is_over:
        game.apply(choose(game))
    return game.result()


def main(argv: Optional[list[str]] = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    variants: tuple[tarok.Variant, ...] = get_args(tarok.Variant)
    variant: tarok.Variant = "french-tarot"
    for v in variants:
        if args and v == args[0]:
            variant = v
    seed = int(args[1]) if len(args) > 1 else 1
    (dealt,) = tarok.generate(variant, seed=seed)
    report = play_out(dealt)
    assert report.record is not None
    print(report.record.to_text())
    print("totals:", report.totals)
    return 0


if __name__ == "__main__":
    sys.exit(main())
