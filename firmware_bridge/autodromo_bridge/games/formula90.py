"""Formula 90 on the bridge: a track of sections (the section map generated from the core's
board), dashboards that show a seat's chart and press the common decisions by meaning
(``binding.F90_BUTTONS``), drawn by ``render_f90.py``."""

from __future__ import annotations

import argparse
from types import ModuleType
from typing import Any

BOARD = "sections"
BOT = "medium"
HEADING = "Race! Formula 90"


def dashboard() -> ModuleType:
    """The module that draws its dashboards (its face, and DASH_STATE from a seat's chart):
    imported when asked, as it imports the shared bridge, which reads this module as it loads."""
    from .. import render_f90

    return render_f90


def local_options(args: argparse.Namespace) -> dict[str, Any]:
    return {"track": args.circuit}
