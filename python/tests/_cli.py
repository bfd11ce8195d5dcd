"""Where the tests find the checkout and the `tarok` command it built."""

import os
import pathlib
from typing import Optional

ROOT = pathlib.Path(__file__).resolve().parents[2]


def binary() -> Optional[pathlib.Path]:
    """`$TAROK`, else the checkout's debug build, else its release build."""
    for candidate in [os.environ.get("TAROK"), ROOT / "target/debug/tarok", ROOT / "target/release/tarok"]:
        if candidate and pathlib.Path(candidate).is_file():
            return pathlib.Path(candidate)
    return None


TAROK = binary()
