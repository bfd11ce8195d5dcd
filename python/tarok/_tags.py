"""``Record.tags``: the tags of a record as a mutable mapping that writes
through to the record.

``rec.tags["Round"] = "3"`` sets the first tag of that name (or adds a tag
after the others), ``del rec.tags["Event"]`` removes it; the record is then
read back from its canonical text, so its findings are located in
``rec.to_text()`` as ``tarok verify`` locates them in a file of that text.
An edit the notation cannot hold (a name that is no tag name, a value over
two lines, a record without its ``Variant`` tag) raises ``ValueError`` and
leaves the record as it was; a value that is not a ``str`` raises
``TypeError``. Nothing is ever ignored.
"""

from collections.abc import Iterator, MutableMapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._tarok import Record


class Tags(MutableMapping[str, str]):
    """The tags of one record, in order (the first tag of a name wins)."""

    __slots__ = ("_record",)

    def __init__(self, record: "Record") -> None:
        self._record = record

    def __getitem__(self, name: str) -> str:
        for key, value in self._record._tag_items():
            if key == name:
                return value
        raise KeyError(name)

    def __setitem__(self, name: str, value: str) -> None:
        if not isinstance(name, str) or not isinstance(value, str):
            raise TypeError(f"a tag's name and value are str, not {type(name).__name__} and {type(value).__name__}")
        self._record._set_tag(name, value)

    def __delitem__(self, name: str) -> None:
        if not isinstance(name, str):
            raise KeyError(name)
        self._record._set_tag(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter([key for key, _ in self._record._tag_items()])

    def __len__(self) -> int:
        return len(self._record._tag_items())

    def __repr__(self) -> str:
        return f"Tags({dict(self._record._tag_items())!r})"
