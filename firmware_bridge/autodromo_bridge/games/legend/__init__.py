"""Legend on the bridge: dashboards (``render.py``: the car's Dashboard, its pace buttons) and
track boards on its circuits (LED maps) and routes (maps generated from their stages)."""

from __future__ import annotations

import argparse
from types import ModuleType
from typing import Any

BOARD = "cells"
#: A Legend race needs cars; any two show the same circuit.
BOARD_OPTIONS = {"cars": ["bugatti_type_35", "alfa_8c_2300"]}
#: Maps written before a map named its game are Legend's.
MAP_DEFAULT = True
BOT = "greedy"
#: `autodromo bridge` with no game races Legend.
LOCAL_DEFAULT = True
DEFAULT_CARS = "bugatti_type_35,alfa_8c_2300,ferrari_166_mm,maserati_300s"


def dashboard() -> ModuleType:
    """The module that draws its dashboards (its face, DASH_STATE, pace buttons, needles):
    imported when asked, as it imports the shared bridge, which reads this module as it loads."""
    from . import render

    return render


def add_local_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--cars", default=DEFAULT_CARS, help="local Legend race: car ids, comma separated")
    p.add_argument("--route", help="local Legend race: a Stage race on this route (e.g. coppa_breve "
                   "or mille_miglia) instead of a circuit")


def local_options(args: argparse.Namespace) -> dict[str, Any]:
    return {"cars": [c.strip() for c in args.cars.split(",") if c.strip()],
            "circuit": args.circuit, "route": args.route}
