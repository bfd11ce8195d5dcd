"""Type hints and documentation of tarok's native module (``tarok._tarok``)."""

import os
from typing import Any, Iterable, Iterator, Literal, Mapping, Optional, Sequence, Union, final

from typing_extensions import Self

from ._tags import Tags

__all__ = [
    "Finding", "Kind", "ParseError", "Party", "Payment", "Reader", "Record", "Report",
    "Session", "Variant", "Verification", "__version__", "from_json", "generate", "parse",
    "read", "verify",
    # One deal step by step.
    "Game", "IllegalMove", "Move", "Phase",
    # Records built in code.
    "BuildError", "RecordBuilder",
    # The analysis tables, opened by ``tarok.frames`` (tables.py).
    "_frames",
]

#: The package's version (the ``tarok`` crates' version).
__version__: str

Variant = Literal["danish-tarok", "french-tarot", "koenigrufen", "skill7-tarock"]
#: The kinds of finding (``notation::Kind`` in Rust; ``spec/json.md``).
Kind = Literal[
    "syntax", "bad-tag", "bad-json", "binary-input", "invalid-utf8", "line-too-long",
    "record-too-long",
    "unknown-card", "duplicate-card", "duplicate-hand", "wrong-card-count", "unknown-seat",
    "wrong-trick-size", "too-many-tricks", "incomplete",
    "card-not-held", "revoke", "fool-misuse", "premature-ultimo-card",
    "out-of-turn", "illegal-bid", "illegal-call", "illegal-discard", "wrong-declaration",
    "missing-declaration", "claim-mismatch", "scores-mismatch", "pots-unknown",
    "result-mismatch", "bad-result", "other",
]
#: A party of a payment: a seat number, or a Danish pot ("king-pot", "pagat-pot").
Party = Union[int, str]

class ParseError(ValueError):
    """A record could not be read (a syntax error, malformed JSON, a bad card code).

    The location of the first fault is on the exception; ``findings`` has all
    of them::

        >>> try:
        ...     tarok.parse('[Variant "koenigrufen"]\\n\\ntrick 1: SK ZZ\\n')
        ... except tarok.ParseError as e:
        ...     print(e.line, e.column, e.findings[0].kind)
        3 13 unknown-card
    """

    findings: list[Finding]
    #: The index of the unreadable record in its document, from 0.
    record: int
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]
    #: For JSON input: where in the document (``tricks[0].plays[1]``).
    path: Optional[str]

@final
class Finding:
    """Something wrong with a record, and where: a parse error, a structural
    fault, or a broken rule (with its rules-digest id).

        >>> f = report.findings[0]
        >>> f.kind, f.rule, f.seat, f.trick, f.card
        ('revoke', 'DK-PLAY-2', 2, 4, 'C2')
        >>> f.line, f.column, f.path       # path only for JSON input
        (2, 1159, 'tricks[3].plays[1]')
        >>> str(f)
        'deals.jsonl:2:1159 (tricks[3].plays[1]): revoke[DK-PLAY-2]: seat 2 plays C2 to hearts, but must follow suit'
    """

    def __eq__(self, other: object, /) -> bool:
        """Equal when every field is (a finding is a value; it pickles)."""
    def __hash__(self) -> int: ...
    def __copy__(self) -> Finding: ...
    def __deepcopy__(self, memo: Any, /) -> Finding: ...
    @classmethod
    def _restore(cls, state: Any) -> Finding: ...

    #: The stable classification: ``revoke``, ``unknown-card``, ``claim-mismatch``, ``bad-json``, ...
    kind: Kind
    #: The rules digest id when a rule was broken (``DK-PLAY-2``).
    rule: Optional[str]
    #: The seat at fault, when one is.
    seat: Optional[int]
    #: That seat's name from the ``Players`` tag, when the record names it.
    player: Optional[str]
    #: The trick, from 1, when the finding is in the play.
    trick: Optional[int]
    #: The card concerned, canonical code (``"HK"``, ``"T21"``, ``"EX"``).
    card: Optional[str]
    message: str
    #: What to do about it.
    help: str
    #: The file the record came from (``None`` for text given directly).
    file: Optional[str]
    #: 1-based line and column (in characters) of the place the finding points at.
    line: Optional[int]
    column: Optional[int]
    #: The same place as a byte range of the file.
    offset: Optional[int]
    length: Optional[int]
    #: For JSON input: the JSON path of the offending value (``tricks[3].plays[1]``).
    path: Optional[str]
    #: A claim or score mismatch: the value the record claims, and the one the rules give.
    claimed: Optional[int]
    computed: Optional[int]
    #: ``kind[RULE]``, or ``kind``.
    @property
    def code(self) -> str: ...

@final
class Payment:
    """One line of the ledger: who pays whom, how much, and by which rule.

        >>> p = report.ledger[0]
        >>> p.payer, p.payee, p.amount, p.rule, p.at
        (0, 'king-pot', 20, 'DK-POT-2', 'deal')
    """

    def __eq__(self, other: object, /) -> bool:
        """Equal when every field is (a payment is a value; it pickles)."""
    def __hash__(self) -> int: ...
    def __copy__(self) -> Payment: ...
    def __deepcopy__(self, memo: Any, /) -> Payment: ...
    @classmethod
    def _restore(cls, state: Any) -> Payment: ...

    payer: Party
    payee: Party
    #: In the variant's unit (Danish chips, game points, French points).
    amount: int
    rule: str
    reason: str
    #: When it falls due: ``deal``, ``auction``, ``calls``, ``discard``,
    #: ``declarations``, ``trick`` (see ``trick``) or ``settlement``.
    at: str
    trick: Optional[int]

@final
class Record:
    """One deal as written: tags, hands, talon, auction, calls, discard,
    declarations, tricks, claim, with its comments.

    A record is not checked against the rules when read (a revoke is a good
    record); :func:`verify` does that.

        >>> r = tarok.parse(pathlib.Path("corpus/koenigrufen/02-caller-pagat.tarok"))[0]
        >>> r.variant, r.tags["Dealer"], len(r.tricks)
        ('koenigrufen', '2', 12)
        >>> r.tricks[0]
        ['CK', 'CN', 'C8', 'CQ']
        >>> tarok.from_json(r.to_json()) == r
        True

    Its tags are edited in place (:class:`tarok.Tags`); ``copy.copy``,
    ``copy.deepcopy`` and ``pickle`` give records equal to it, edited on
    their own:

        >>> r.tags["Round"] = "3"
        >>> '[Round "3"]' in r.to_text()
        True
    """

    @property
    def variant(self) -> Optional[Variant]:
        """The variant named by the ``Variant`` tag."""
    @property
    def tags(self) -> Tags:
        """The tags in order, as a mutable mapping that writes through to the
        record (the first tag of a name wins): ``rec.tags["Round"] = "3"``
        sets it, ``del rec.tags["Event"]`` removes it. An edit the notation
        cannot hold raises ``ValueError``, a value not a ``str``
        ``TypeError``; the record is then unchanged. An edited record has no
        ``file``: its findings are located in ``to_text()``."""
    def _tag_items(self) -> list[tuple[str, str]]: ...
    def _set_tag(self, name: str, value: Optional[str]) -> None: ...
    @classmethod
    def _from_text(cls, text: str) -> Record: ...
    def __copy__(self) -> Record: ...
    def __deepcopy__(self, memo: Any, /) -> Record: ...
    @property
    def players(self) -> list[str]:
        """The names of the ``Players`` tag, by seat (empty without the tag)."""
    @property
    def hands(self) -> list[tuple[int, list[str]]]:
        """The dealt hands as (seat, card codes); empty in a partial record."""
    @property
    def talon(self) -> Optional[list[str]]:
        """The talon (French dog, Königrufen talon), if the record has one."""
    @property
    def tricks(self) -> list[list[str]]:
        """The tricks, each the cards in play order from its leader."""
    @property
    def comments(self) -> list[str]:
        """The comments before the first tag."""
    @property
    def file(self) -> Optional[str]:
        """The file the record was read from (``None`` for text given directly)."""
    @property
    def line(self) -> int:
        """The line the record starts on, from 1."""
    def to_json(self, indent: bool = False) -> str:
        """The JSON form (``spec/json.md``): one compact line (a JSON Lines row),
        or indented with ``indent=True``. ``from_json`` reads it back unchanged."""
    def to_dict(self) -> dict[str, Any]:
        """The JSON form as plain Python values."""
    def to_text(self) -> str:
        """The canonical text notation (what ``tarok fmt`` writes); ``str(record)`` too."""
    def __eq__(self, other: object, /) -> bool:
        """Equal when the contents are, wherever they were read from."""
    def _repr_html_(self) -> str:
        """The deal as HTML, for Jupyter: the deal view of ``tarok explain
        --format html`` (players, hands, auction, tricks, findings, ledger),
        verified on its own; every text of the record escaped."""

class BuildError(ValueError):
    """A piece :class:`RecordBuilder` refuses; ``findings`` say what is wrong."""

    findings: list[Finding]

@final
class RecordBuilder:
    """A record built in code, piece by piece, its structure checked as it
    goes: a card not in the variant's pack, a card dealt twice (or played
    twice in a record without hands), a trick of the wrong size, a seat the
    table does not have raise :class:`BuildError` naming what is wrong, and
    the builder is unchanged. The rules are :func:`verify`'s: a revoke
    builds. Every method but ``build`` returns the builder.

    Cards are a ``str`` in the notation's words (``"SK SQ EX=H"``, aliases
    allowed) or a list of card codes; entries are the notation's words
    (``"pass"``, ``"call HK"``, ``"handful simple T21 T20 ..."``).

        >>> b = tarok.RecordBuilder("skill7-tarock", dealer=0, players=["A", "B", "C", "D"])
        >>> b.auction(1, "rufer").auction(2, "pass").trick("SK SQ SN SJ")
        <RecordBuilder skill7-tarock, 0 hands, 1 tricks>
        >>> b.trick("SK T4 T5 T6")
        Traceback (most recent call last):
        tarok.BuildError: duplicate-card: SK is played twice (trick 1 and trick 2) (...)
        >>> rec = b.build()

    The record built is one made in code, as :func:`from_json`'s are (no
    file; records made in code verified together are one session).
    """

    def __new__(
        cls,
        variant: Variant,
        *,
        dealer: Optional[int] = None,
        players: Optional[Sequence[str]] = None,
        tags: Optional[Sequence[tuple[str, str]]] = None,
    ) -> RecordBuilder: ...
    def tag(self, name: str, value: str) -> Self:
        """Set a tag: the first of that name, or a new one after the others."""
    def dealer(self, seat: int) -> Self:
        """The ``Dealer`` tag."""
    def players(self, names: Sequence[str]) -> Self:
        """The ``Players`` tag: the names in seat order (their number is the table's)."""
    def hand(self, seat: int, cards: Union[str, Sequence[str]]) -> Self:
        """A seat's dealt hand (its size checked once the dealer is known)."""
    def talon(self, cards: Union[str, Sequence[str]]) -> Self:
        """The talon (French dog, Königrufen talon)."""
    def auction(self, seat: int, words: str) -> Self:
        """An entry of the auction: ``pass``, ``guard``."""
    def call(self, seat: int, words: str) -> Self:
        """An entry of the calls: ``call HK``, ``talon 1``, ``contra game``."""
    def declare(self, seat: int, words: str) -> Self:
        """A declaration: ``trumps 11 pagat``, ``handful simple T21 ...``."""
    def discard(self, seat: int, cards: Union[str, Sequence[str]]) -> Self:
        """The cards a seat lays away (``show T5`` for those shown)."""
    def trick(self, cards: Union[str, Sequence[str]], lead: Optional[int] = None) -> Self:
        """The next trick, in play order from its leader (named with ``lead``)."""
    def fool_call(self, seat: int) -> Self:
        """Danish: the seat that called for the fool in the last trick added."""
    def result(self, facts: str) -> Self:
        """The result as the score sheet states it: ``2 guard, points 43``."""
    def claim(self, entries: str) -> Self:
        """The payments as the score sheet writes them: ``0 +40, 1 -20, 2 -20``."""
    def comment(self, text: str) -> Self:
        """A comment on the record, before its first tag."""
    def annotate(self, text: str) -> Self:
        """A comment on the element added last (after a tag, an entry, a card)."""
    def build(self) -> Record:
        """The record, checked whole (every hand dealt, a dealer named);
        :class:`BuildError` with every fault if not."""

@final
class Reader(Iterator[Record]):
    """The records of a file, read as they are asked for (see :func:`read`)."""

    def __iter__(self) -> Reader: ...
    def __next__(self) -> Record: ...

@final
class Report:
    """What verifying one record found: the findings, and the settlement.

        >>> report = next(tarok.verify("corpus/danish-tarok/20-revoke.tarok"))
        >>> report.variant, report.is_clean
        ('danish-tarok', False)
        >>> report.totals            # each seat's net result, index = seat
        [-55, -45, -110]
        >>> report.pots
        {'king-pot': 105, 'pagat-pot': 105}
    """

    #: The record verified; ``None`` when it could not be read (``findings`` say why).
    record: Optional[Record]
    variant: Optional[Variant]
    findings: list[Finding]
    #: Every payment in the order the rules make it; empty when not settled.
    ledger: list[Payment]
    #: Each seat's net result for the deal; empty when not settled.
    totals: list[int]
    #: Danish Tarok: the pots after the deal.
    pots: Optional[dict[str, int]]
    #: Whether a rules engine replayed and settled the deal.
    settled: bool
    @property
    def is_clean(self) -> bool:
        """True when there are no findings."""
    def _repr_html_(self) -> str:
        """The findings, ledger and totals as HTML, for Jupyter: the tables
        ``tarok explain --format html`` shows under a deal, from this report
        (with the session state it was verified in); every text escaped."""

def parse(source: Union[str, os.PathLike[str]]) -> list[Record]:
    """Parse every record of a text or a file.

    A path (``pathlib.Path``, any ``os.PathLike``) is read as a file. A
    ``str`` is the text itself (the notation, a JSON document or JSON Lines,
    told apart by the first characters), except a ``str`` of one line that
    names a file or looks like a file's name (a ``/``, or ``.tarok``,
    ``.json``, ``.jsonl``) and does not start with ``[`` or ``{`` (so cannot
    be a record): that is read as a path (``FileNotFoundError`` if missing).
    Raises :class:`ParseError` at the first record that cannot be read.

        >>> records = tarok.parse(pathlib.Path("corpus/koenigrufen/02-caller-pagat.tarok"))
        >>> records = tarok.parse('[Variant "skill7-tarock"]\\n[Dealer "0"]\\n')
    """

def read(path: Union[str, os.PathLike[str]]) -> Reader:
    """Stream the records of a file, one at a time: memory stays flat on files
    of any size. ``.tarok`` is the notation, ``.json`` one JSON document (an
    object, an array or a stream of objects), ``.jsonl`` JSON Lines; another
    extension is told by the first characters. A record that cannot be read
    raises :class:`ParseError` when it is reached (iteration may go on past it).

        >>> for record in tarok.read("deals.jsonl"):
        ...     print(record.variant, len(record.tricks))
    """

def from_json(obj: Union[str, bytes, dict[str, Any]]) -> Record:
    """Read one record from its JSON form: a JSON text or an already decoded dict.

        >>> r = tarok.from_json({"tags": [{"name": "Variant", "value": "skill7-tarock"}]})
        >>> r.to_text()
        '[Variant "skill7-tarock"]\\n'
    """

@final
class Verification(Iterator[Report]):
    """Reports, one per record, made as they are asked for (see :func:`verify`)."""

    def __iter__(self) -> Verification: ...
    def __next__(self) -> Report: ...

@final
class Session:
    """Records verified one by one in the sessions of one input, as ``tarok
    verify`` follows the records of one file: the dealer's turn, the Danish
    pots and running scores carry from deal to deal; a ``Session`` tag cuts.

        >>> s = tarok.Session()
        >>> reports = [s.verify(tarok.from_json(line)) for line in open("deals.jsonl")]
    """

    def __new__(cls, independent: bool = False) -> Session: ...
    def verify(self, record: Record) -> Report:
        """Verify the next record of the input."""
    def lost(self) -> None:
        """A record of the input could not be read: what it carried to the next
        deal is lost (Danish Tarok: the next deal's pots are unknown)."""
    @property
    def number(self) -> int:
        """The 0-based number of the session of the last record verified."""

def verify(
    records: Union[Iterable[Record], str, os.PathLike[str]], independent: bool = False
) -> Verification:
    """Verify records as ``tarok verify`` does, one report at a time (memory
    stays flat): structural checks, the variant's rules, the claimed results.

    A path is read and verified by the CLI's own reader and pipeline: one
    file is a session, an unreadable record gives a report with
    ``record=None`` and its parse findings, and what it carried is lost (the
    next Danish deal's pots are unknown), as in ``tarok verify``. An iterable
    of records is verified as it comes: records read from one document (one
    ``parse`` or ``read`` call) are a session, and so are consecutive records
    made by ``from_json``; a ``Session`` tag (``new``, ``end``) cuts sessions
    where it says. ``independent=True`` verifies each record on its own.
    The GIL is released while verifying, and the work is parallel either way:
    a path as ``tarok verify`` does it (on threads of the package, which
    hand the reports over 64 at a time: the calling thread holds the GIL
    only to take them; on one core, a file of the text notation is read and
    verified on the calling thread itself, up to 128 records each time the
    reports before them are taken, as ``tarok verify`` does there, with no
    thread to take turns with), an iterable in batches of up to 512
    records taken from it (a batch ends where a document does), whose deals
    are replayed on every core; the reports are those of verifying the
    records one by one, in their order. What the iterable raises is raised
    after the reports of the records it gave before.

        >>> reports = list(tarok.verify("deals.jsonl"))
        >>> [f.code for r in reports for f in r.findings]
        ['revoke[DK-PLAY-2]', 'revoke[DK-PLAY-2]']
    """

def generate(
    variant: Variant,
    seed: int = 1,
    count: int = 1,
    seats: Optional[int] = None,
    hands: Optional[Sequence[str]] = None,
) -> list[Record]:
    """Random legal deals played out with random legal moves, as ``tarok gen``
    makes them (the same code): one session in order, hands sorted as held,
    the Danish pots carried from each deal's claim to the next deal's
    ``Pots`` tag. ``hands`` fixes seats' hands as ``--hands`` does
    (``["0: SK SQ ..."]``): every deal then has the same dealer. The same
    arguments always give the same deals; ``"\\n".join(r.to_text() for r
    in deals)`` is the text ``tarok gen`` prints. Raises ``ValueError`` for
    an unknown variant, a table size the variant is not played at, or hands
    that cannot be dealt.

        >>> [r.variant for r in tarok.generate("french-tarot", seed=7, count=2)]
        ['french-tarot', 'french-tarot']
    """

# ---------------------------------------------------------------------------
# One deal step by step: Game, Move (the verifier's ``game`` module).

#: The phases of a deal, in the order of a record's sections; ``over`` once it has ended.
Phase = Literal["auction", "calls", "discard", "declarations", "play", "over"]

class IllegalMove(ValueError):
    """:meth:`Game.apply` refused a move: ``findings`` are what ``tarok.verify``
    finds on the record with the move appended (kind, rule, seat, trick).

        >>> try:
        ...     game.apply(tarok.Move.play(2, "C2"))
        ... except tarok.IllegalMove as e:
        ...     print(e.findings[0].code)
        revoke[DK-PLAY-2]
    """

    findings: list[Finding]
    move: Move

@final
class Move:
    """One step of a deal, as a record writes it: an entry of the auction, the
    calls or the declarations, a card laid away, a card played. Build one with
    the static methods; ``str()`` writes it in the notation's words.

        >>> print(tarok.Move.play(1, "T21"), tarok.Move.bid(0, "guard"), sep="\n")
        play: 1 T21
        auction: 0 guard
        >>> str(tarok.Move.calls(3, "call HK"))
        'calls: 3 call HK'
    """

    @staticmethod
    def play(
        seat: int,
        card: str,
        name: Optional[str] = None,
        rename: Optional[str] = None,
        fool_call: Optional[int] = None,
    ) -> Move:
        """A card played by ``seat`` (a card code: ``"SK"``, ``"T21"``, ``"EX"``).
        Danish Tarok: ``name`` the suit named for a led fool (``"S"``, ``"H"``,
        ``"D"``, ``"C"``, ``"T"`` for trumps), ``rename`` a renaming of it,
        ``fool_call`` the seat calling for the fool at the start of the trick."""
    @staticmethod
    def discard(seat: int, card: str) -> Move:
        """One card laid away (Danish skat, French écart, Königrufen discard):
        a discard is laid card by card."""
    @staticmethod
    def handful(seat: int, size: Literal["simple", "double", "triple"], card: str) -> Move:
        """One card of a French handful of ``size`` shown: a handful is shown card
        by card, and written once its cards are a legal handful (FR-HANDFUL-1)."""
    @staticmethod
    def bid(seat: int, game: str) -> Move:
        """A bid of the auction: a game's word (``"guard"``, ``"solo"``) or ``"pass"``."""
    @staticmethod
    def auction(seat: int, words: str) -> Move:
        """An entry of the auction in the notation's words."""
    @staticmethod
    def calls(seat: int, words: str) -> Move:
        """An entry of the calls: ``"call HK"``, ``"talon 1"``, ``"announce pagat"``,
        ``"contra game"``."""
    @staticmethod
    def declare(seat: int, words: str) -> Move:
        """A declaration: ``"slam"``, ``"handful simple T21 T20 ..."``,
        ``"trumps 11 pagat"``."""
    @property
    def seat(self) -> int:
        """The seat that makes the move."""
    @property
    def phase(self) -> Phase:
        """The phase the move belongs to."""
    @property
    def card(self) -> Optional[str]:
        """The card played, laid away or shown; ``None`` for an entry."""
    @property
    def words(self) -> str:
        """The notation's words after the seat: ``"pass"``, ``"call HK"``, ``"T21"``, ``"EX=S"``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Game:
    """One deal, step by step: whose turn it is, which moves are legal, the
    record so far, the settlement at the end. The rules are the verifier's:
    a move is legal when the record with it appended has no new finding.

    A random playout::

        >>> import random
        >>> (dealt,) = tarok.generate("french-tarot", seed=7)
        >>> game = tarok.Game.from_record(dealt)        # its deal only
        >>> while not game.is_over:
        ...     game.apply(random.choice(game.legal()))
        >>> report = game.result()
        >>> report.settled, report.findings
        (True, [])
    """

    @staticmethod
    def from_record(record: Record) -> Game:
        """A game at the start of the deal of ``record`` (its tags, hands and
        talon; its auction, discard, declarations and tricks are left out).
        Raises ``ValueError`` (with ``findings``) when the deal cannot be played."""
    def legal(self) -> list[Move]:
        """Every legal move now, in the order of the record's sections and
        seats; empty once the deal is over. A discard is listed card by card;
        see the verifier's ``game`` module docs for what is listed."""
    def apply(self, move: Move) -> None:
        """Take a legal move; raise :class:`IllegalMove` (the game unchanged)
        for any other."""
    def apply_anyway(self, move: Move) -> list[Finding]:
        """Take a move whether it is legal or not (entering a real record);
        return the findings it adds (none for a legal move)."""
    @property
    def to_act(self) -> Optional[int]:
        """The seat to act; ``None`` once the deal is over."""
    @property
    def phase(self) -> Phase:
        """The phase of the deal."""
    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
    @property
    def variant(self) -> Variant:
        """The variant."""
    @property
    def problems(self) -> list[Finding]:
        """The findings of the record so far: none after legal moves only."""
    def record(self) -> Record:
        """The record so far (a discard being laid is written once complete)."""
    def result(self) -> Report:
        """The verifier's report on the record so far; once the deal is over,
        ``settled`` with its ledger and totals."""
    def copy(self) -> Game:
        """An independent copy (to try moves on)."""
    def __copy__(self) -> Game: ...

def _frames(
    paths: Sequence[Union[str, os.PathLike[str]]], independent: bool = False
) -> tuple[bytes, bytes, bytes]:
    """The tables of ``tarok.frames`` (deals, findings, ledger) as Arrow IPC
    streams; ``tarok.frames`` opens them with pyarrow. Raises ``OSError``
    when a file cannot be read."""
