"""Issue 31: one table, several languages at once. The page keeps each game's worded log as it
goes (only the actions since the last request are worded): it must keep it per reader's language,
or the first reader's language is every later reader's."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import legend_body
from .test_api import act, create, view

SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "easy", "name": "Bot"}]


def log_texts(client: Any, gid: str, lang: str) -> list[str]:
    return [e["text"] for e in client.get(f"/api/games/{gid}?seat=0&page=1&lang={lang}").json["log"]]


@pytest.mark.parametrize("game", ["legend", "formula90", "lamborghini", "mille_bornes"])
def test_a_log_read_in_italian_first_reads_in_portuguese_after(client: Any, game: str) -> None:
    body = legend_body(bots=1) if game == "legend" else {"game": game, "seats": SEATS, "seed": 4}
    gid = create(client, body)["id"]
    for _ in range(12):
        if view(client, gid)["status"] == "finished":
            break
        act(client, gid, 0, view(client, gid, seat=0)["legal"][0]["id"])
        log_texts(client, gid, "it")  # an Italian reader keeps up with the game
    italian, portuguese = log_texts(client, gid, "it"), log_texts(client, gid, "pt")
    assert italian and len(italian) == len(portuguese)
    # Names are the same in every language; the words around them are not.
    assert sum(i != p for i, p in zip(italian, portuguese)) >= len(italian) // 2, (italian[:3], portuguese[:3])
