"""tarok.Game and tarok.Move: random playouts through legal() verify clean,
an illegal move is refused with the findings tarok.verify gives, and the
example bot (examples/highest_card.py) plays whole deals."""

from __future__ import annotations

import importlib.util
import pathlib
import random
from types import ModuleType
from typing import Callable

import pytest

import tarok

ROOT = pathlib.Path(__file__).resolve().parents[2]
VARIANTS: list[tarok.Variant] = ["danish-tarok", "french-tarot", "koenigrufen", "skill7-tarock"]


def phase(game: tarok.Game) -> tarok.Phase:
    """The game's phase now (a call: mypy keeps no narrowing across moves)."""
    return game.phase


def bot() -> ModuleType:
    path = ROOT / "python/examples/highest_card.py"
    spec = importlib.util.spec_from_file_location("highest_card", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_random_playout_verifies_clean(variant: tarok.Variant) -> None:
    rng = random.Random(variant)
    (dealt,) = tarok.generate(variant, seed=11)
    game = tarok.Game.from_record(dealt)
    assert game.variant == variant
    assert phase(game) != "over" and game.to_act is not None
    phases: list[str] = []
    while not game.is_over:
        legal = game.legal()
        assert legal, "a deal not over has a legal move"
        assert game.to_act == legal[0].seat and game.phase == legal[0].phase
        move = rng.choice(legal)
        phases.append(move.phase)
        game.apply(move)
    assert phase(game) == "over" and game.to_act is None and game.legal() == []
    assert game.problems == []
    assert "play" in phases
    record = game.record()
    assert len(record.tricks) > 0
    (report,) = tarok.verify([record])
    assert report.findings == [] and report.settled
    result = game.result()
    assert result.settled and result.findings == [] and result.totals == report.totals
    assert sum(result.totals) == 0 or variant == "danish-tarok"


def test_an_illegal_card_is_refused_with_the_verifier_s_finding() -> None:
    rng = random.Random(5)
    refused = 0
    for seed in range(1, 4):
        (dealt,) = tarok.generate("french-tarot", seed=seed)
        hands = dict(dealt.hands)
        game = tarok.Game.from_record(dealt)
        while not game.is_over:
            legal = game.legal()
            seat = game.to_act
            assert seat is not None
            if game.phase == "play":
                played = {c for t in game.record().tricks for c in t}
                held = [c for c in hands[seat] if c not in played]
                for card in held:
                    move = tarok.Move.play(seat, card)
                    if move in legal:
                        continue
                    with pytest.raises(tarok.IllegalMove) as caught:
                        game.copy().apply(move)
                    assert caught.value.move == move
                    findings = caught.value.findings
                    assert findings and str(move) in str(caught.value)
                    # The same finding from tarok.verify on the record with it.
                    entered = game.copy()
                    added = entered.apply_anyway(move)
                    assert [f.code for f in added] == [f.code for f in findings]
                    (report,) = tarok.verify([entered.record()])
                    got = {(f.kind, f.rule, f.seat, f.trick) for f in report.findings}
                    for f in findings:
                        assert (f.kind, f.rule, f.seat, f.trick) in got
                        assert f.rule is not None and f.rule.startswith("FR-")
                    refused += 1
            game.apply(rng.choice(legal))
    assert refused > 0


def test_a_move_out_of_turn_and_after_the_end() -> None:
    (dealt,) = tarok.generate("skill7-tarock", seed=3)
    game = tarok.Game.from_record(dealt)
    seat = game.to_act
    assert seat is not None
    other = (seat + 1) % 4
    with pytest.raises(tarok.IllegalMove):
        game.apply(tarok.Move.bid(other, "pass"))
    assert game.to_act == seat  # unchanged
    while not game.is_over:
        game.apply(game.legal()[0])
    with pytest.raises(tarok.IllegalMove) as caught:
        game.apply(tarok.Move.play(0, "T1"))
    assert caught.value.findings


def test_moves_are_built_and_written_in_the_notation_s_words() -> None:
    assert str(tarok.Move.play(1, "T21")) == "play: 1 T21"
    assert str(tarok.Move.bid(0, "guard")) == "auction: 0 guard"
    assert str(tarok.Move.calls(3, "call HK")) == "calls: 3 call HK"
    assert str(tarok.Move.discard(3, "C6")) == "discard 3: C6"
    assert str(tarok.Move.declare(2, "slam")) == "declare: 2 slam"
    assert str(tarok.Move.play(0, "EX", name="S", fool_call=2)) == "play call 2: 0 EX=S"
    move = tarok.Move.calls(3, "call HK fourth")
    assert (move.seat, move.phase, move.card, move.words) == (3, "calls", None, "call HK fourth")
    assert tarok.Move.play(2, "SK").card == "SK"
    shown = tarok.Move.handful(2, "simple", "T21")
    assert (str(shown), shown.phase, shown.card, shown.words) == (
        "handful 2 simple: T21", "declarations", "T21", "T21",
    )
    assert tarok.Move.bid(1, "solo") == tarok.Move.auction(1, "solo")
    assert len({tarok.Move.bid(1, "solo"), tarok.Move.auction(1, "solo")}) == 1
    bad_moves: list[Callable[[], tarok.Move]] = [
        lambda: tarok.Move.play(0, "ZZ"),
        lambda: tarok.Move.bid(0, "call HK"),
        lambda: tarok.Move.calls(0, "pass, 1 pass"),
        lambda: tarok.Move.auction(0, "dance"),
        lambda: tarok.Move.play(0, "EX", name="X"),
        lambda: tarok.Move.handful(0, "huge", "T1"),  # type: ignore[arg-type]
    ]
    for bad in bad_moves:
        with pytest.raises(ValueError):
            bad()


def test_a_deal_that_cannot_be_played_is_refused() -> None:
    (record,) = tarok.parse('[Variant "french-tarot"]\n[Dealer "9"]\n')
    with pytest.raises(ValueError) as caught:
        tarok.Game.from_record(record)
    assert "cannot be played" in str(caught.value)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_example_bot_plays_a_whole_deal(variant: tarok.Variant) -> None:
    module = bot()
    (dealt,) = tarok.generate(variant, seed=2)
    report = module.play_out(dealt)
    assert report.settled and report.findings == []
    # It plays its highest legal card (the auction made by random moves, as
    # the bot passes wherever it may).
    rng = random.Random(variant)
    for seed in range(1, 20):
        (dealt,) = tarok.generate(variant, seed=seed)
        game = tarok.Game.from_record(dealt)
        while game.phase not in ("play", "over"):
            game.apply(rng.choice(game.legal()))
        if phase(game) == "play":
            break
    assert phase(game) == "play"
    choice = module.choose(game)
    cards = [m.card for m in game.legal() if m.card is not None]
    assert choice.card == max(cards, key=module.strength)
    game.apply(choice)
