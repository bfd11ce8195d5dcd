"""Read, write, convert and verify records of tarot-family card games.

tarok knows four games: Danish Tarok, French Tarot, Austrian Königrufen and
the 40-card Tarock played on Skill7. A record is one deal, written in the
tarok notation (a text in the spirit of PGN) or in its JSON form; both
convert into each other without loss (``spec/json.md``).

Read a file, convert it to JSON Lines, and verify it::

    >>> import pathlib, tarok
    >>> records = tarok.parse(pathlib.Path("corpus/danish-tarok/20-revoke.tarok"))
    >>> line = records[0].to_json()            # one JSON Lines row
    >>> again = tarok.from_json(line)          # and back: the same record
    >>> again == records[0]
    True
    >>> report = next(tarok.verify(records))
    >>> [f.code for f in report.findings]
    ['revoke[DK-PLAY-2]', ...]

Every finding says where it is: ``line`` and ``column`` in its file, and
for JSON input the JSON ``path`` of the offending value
(``tricks[3].plays[1]``). A record that cannot be read raises
:class:`ParseError`, which carries the same location.
"""

from ._tags import Tags
from ._tarok import (
    BuildError,
    Finding,
    Game,
    IllegalMove,
    Move,
    Phase,
    Kind,
    Session,
    Variant,
    Verification,
    __version__,
    ParseError,
    Payment,
    Reader,
    Record,
    RecordBuilder,
    Report,
    from_json,
    generate,
    parse,
    read,
    verify,
)
from .tables import Frames, frames

__all__ = [
    "BuildError",
    "Finding",
    "Frames",
    "Game",
    "IllegalMove",
    "Move",
    "Phase",
    "Kind",
    "Session",
    "Variant",
    "Verification",
    "__version__",
    "ParseError",
    "Payment",
    "Reader",
    "Record",
    "RecordBuilder",
    "Report",
    "Tags",
    "frames",
    "from_json",
    "generate",
    "parse",
    "read",
    "verify",
]
