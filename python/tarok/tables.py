"""Tables for analysis: the deals of files verified as ``tarok verify`` does,
as the three tables of ``tarok convert --to parquet`` (``spec/tables.md``):
``deals`` (one row a deal: tags, variant, contract, declarer, result,
totals), ``findings`` and ``ledger`` (keyed by the deal's ``deal`` number).

The tables are pyarrow Tables; ``.to_pandas()`` makes DataFrames of them, and
Polars and DuckDB read them as they are. pyarrow is optional: it is needed
only here, and its absence is said when ``frames`` is called::

    >>> import tarok
    >>> deals, findings, ledger = tarok.frames("corpus/danish-tarok")
    >>> deals.to_pandas()[["file", "contract", "totals"]]
"""

from __future__ import annotations

import importlib
import os
from typing import Any, Iterable, NamedTuple, Union

from ._tarok import _frames

#: A ``pyarrow.Table`` (pyarrow ships no type hints, and is optional).
Table = Any
Path = Union[str, "os.PathLike[str]"]


class Frames(NamedTuple):
    """The three tables: ``deals``, ``findings`` and ``ledger``."""

    deals: Table
    findings: Table
    ledger: Table


def _pyarrow_ipc() -> Any:
    try:
        # By name: pyarrow ships no type hints, and is optional.
        return importlib.import_module("pyarrow.ipc")
    except ImportError as e:
        raise ImportError(
            "tarok.frames needs pyarrow (an optional dependency of tarok): "
            "pip install pyarrow (and pandas for .to_pandas())"
        ) from e


def frames(source: Union[Path, Iterable[Path]], independent: bool = False) -> Frames:
    """The tables of the records in ``source``: a file or folder (``.tarok``,
    ``.json``, ``.jsonl``), or several; each file is a session, as in ``tarok
    verify``, unless ``independent``. A record that cannot be read is a row
    of ``deals`` with ``readable`` false and its findings in ``findings``;
    a file that cannot be read raises ``OSError``. Raises ``ImportError``
    when pyarrow is not installed.
    """
    ipc = _pyarrow_ipc()
    if isinstance(source, (str, os.PathLike)):
        paths = [os.fspath(source)]
    else:
        paths = [os.fspath(p) for p in source]
    deals, findings, ledger = _frames(paths, independent)
    return Frames(*(ipc.open_stream(b).read_all() for b in (deals, findings, ledger)))
