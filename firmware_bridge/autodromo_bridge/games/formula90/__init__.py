"""Formula 90 on the bridge: a track of sections shown through the section map generated from the
core's board (``sectionmap.py``), dashboards that show a seat's chart (``render.py``) and press
the common decisions by meaning (``buttons.py``)."""

from __future__ import annotations

import argparse
from types import ModuleType
from typing import Any

BOARD = "sections"
BOT = "medium"
HEADING = "Race! Formula 90"


def dashboard() -> ModuleType:
    """The module that draws its dashboards (its face, its buttons, DASH_STATE from a seat's
    chart, the needles): imported when asked, as it imports the shared bridge, which reads this
    module as it loads."""
    from . import render

    return render


def track_board() -> ModuleType:
    """The module that lays its track of sections on a strip and draws it (imported when asked,
    as ``dashboard``)."""
    from . import render

    return render


def local_options(args: argparse.Namespace) -> dict[str, Any]:
    return {"track": args.circuit}
