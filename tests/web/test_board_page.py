"""The page's board is the core's (``Game.board()``): the same rows, cells, turns and Box, and a
game built from other content shows that content, since the page reads no content file."""

from __future__ import annotations

import shutil
from pathlib import Path

import autodromo
from autodromo import content
from autodromo_web.board import page_board

CARS = ["bugatti_type_35", "alfa_8c_2300"]


def test_the_page_draws_the_cores_circuit() -> None:
    g = autodromo.game("legend", circuit="castelrosso", cars=CARS)
    core = g.board()
    page = page_board(g)
    assert core is not None and page is not None
    assert page["length"] == core["length"] == len(page["rows"])
    assert [r["cells"] for r in page["rows"]] == [r["cells"] for r in core["rows"]]
    entries = [i for i, r in enumerate(page["rows"]) if r["entry"]]
    assert entries == [t["entry"] for t in core["turns"]]
    assert [page["rows"][i]["turn"] for i in entries] == [t["marker"] for t in core["turns"]]
    assert [i for i, r in enumerate(page["rows"]) if r["box"]] == [
        r["row"] for r in core["rows"] if r["box"]]
    lambo = page_board(autodromo.game("lamborghini", circuit="imola_like"))
    assert lambo is not None and lambo["lanes"] == 4 and all(r["turn"] is None for r in lambo["rows"])
    assert page_board(autodromo.game("mille_bornes")) is None


def test_a_game_from_other_content_shows_that_content(tmp_path: Path) -> None:
    root = tmp_path / "legend"
    shutil.copytree(content.directory("legend"), root)
    path = root / "circuits" / "castelrosso.toml"
    path.write_text(path.read_text().replace('name = "Circuito di Castelrosso"', 'name = "Pista Nuova"'))
    page = page_board(autodromo.game("legend", str(root), circuit="castelrosso", cars=CARS))
    assert page is not None and page["name"] == "Pista Nuova"
