#!/usr/bin/env python3
"""Random faults in generated records, for behaviour checks.

    python3 bench/faults.py SEED < clean.tarok > faulty.tarok

Every record gets zero to three faults, drawn from SEED (the same seed gives
the same file), each one of:
- two trick cards swapped between two tricks;
- a trick card replaced by a card of a hand (a card not held, or held twice);
- a trick's last card cut;
- a card of a hand added to a trick (a trick of the wrong size).

`bench/behaviour.sh` fingerprints what `tarok verify` and `tarok explain` say
about such a file. The fixed mutations there follow one pattern; these reach
the rarer paths (a card out of its duty in any trick, a lead by the wrong
seat), which is where a speed change that skips a check shows.
"""

import random
import sys


def records(lines):
    """Split a file's lines into records, each starting at its `[Variant` tag."""
    record = []
    for line in lines:
        if line.startswith("[Variant ") and record:
            yield record
            record = []
        record.append(line)
    if record:
        yield record


def fault(rng, record):
    """Apply one random fault to the record's lines, in place."""
    tricks = [i for i, line in enumerate(record) if line.startswith("trick ")]
    hands = [i for i, line in enumerate(record) if line.startswith("hand ")]
    if not tricks:
        return
    kind = rng.randrange(4)
    at = rng.choice(tricks)
    head, _, cards = record[at].rstrip("\n").partition(": ")
    cards = cards.split()
    if not cards:
        return
    if kind == 0 and len(tricks) > 1:
        other = rng.choice([t for t in tricks if t != at])
        o_head, _, o_cards = record[other].rstrip("\n").partition(": ")
        o_cards = o_cards.split()
        if not o_cards:
            return
        i, j = rng.randrange(len(cards)), rng.randrange(len(o_cards))
        cards[i], o_cards[j] = o_cards[j], cards[i]
        record[other] = o_head + ": " + " ".join(o_cards) + "\n"
    elif kind in (1, 3) and hands:
        hand = record[rng.choice(hands)].rstrip("\n").partition(": ")[2].split()
        if not hand:
            return
        card = rng.choice(hand)
        if kind == 1:
            cards[rng.randrange(len(cards))] = card
        else:
            cards.insert(rng.randrange(len(cards) + 1), card)
    else:
        cards.pop()
    record[at] = head + ": " + " ".join(cards) + "\n"


def main():
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.stderr.write("usage: faults.py SEED < clean.tarok > faulty.tarok\n")
        sys.exit(2)
    rng = random.Random(int(sys.argv[1]))
    out = sys.stdout
    for record in records(sys.stdin):
        for _ in range(rng.randrange(4)):
            fault(rng, record)
        out.writelines(record)


if __name__ == "__main__":
    main()
