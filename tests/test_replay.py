"""Replay files and saved states: exact round trips, and every kind of damage refused."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import autodromo
from autodromo import ReplayError, replay
from scripting import mb

SEED = 2024


@pytest.fixture(scope="module")
def finished() -> autodromo.State:
    g = mb(players=3)
    return autodromo.Race(g, ["heuristic", "random", "heuristic"], seed=SEED).run()


@pytest.fixture(scope="module")
def doc(finished: autodromo.State) -> dict[str, Any]:
    d: dict[str, Any] = json.loads(replay.dumps(finished, SEED))
    return d


def resign(body: dict[str, Any]) -> str:
    """The replay text of ``body`` with a freshly computed digest: only the edit is wrong."""
    body = {k: v for k, v in body.items() if k != "digest"}
    return json.dumps({**body, "digest": replay._digest(body)})


def edited(doc: dict[str, Any], edit: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    copy: dict[str, Any] = json.loads(json.dumps(doc))
    edit(copy)
    return copy


# ---- round trips ---------------------------------------------------------------------------


def test_save_load_round_trip_reproduces_the_exact_state(
    finished: autodromo.State, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    replay.save(path, finished, SEED)
    r = replay.load(path)
    assert r.state == finished
    assert r.state.serialize() == finished.serialize()
    assert r.state.is_terminal()
    assert r.seed == SEED
    assert r.actions == finished.history()
    assert r.game.name == "mille_bornes"
    assert r.options == autodromo.game_options(finished.game)
    assert r.state.view(None) == finished.view(None)
    assert [e for e in r.state.log(1)] == finished.log(1)
    assert not (tmp_path / "game.json.tmp").exists()


def test_labels_in_the_replay_are_the_actions_labels(finished: autodromo.State) -> None:
    r = replay.loads(replay.dumps(finished, SEED))
    replayer = finished.game.new_state()
    for a, label in zip(r.actions, r.labels, strict=True):
        assert replayer.action_to_string(a) == label
        replayer.apply_action(a)
    assert replayer == finished


def test_a_race_replayed_with_its_seed_gives_the_same_game(finished: autodromo.State) -> None:
    r = replay.loads(replay.dumps(finished, SEED))
    again = autodromo.Race(r.game, ["heuristic", "random", "heuristic"], seed=r.seed).run()
    assert again == finished


@pytest.mark.parametrize("options", [{"players": 4, "teams": 2}, {"players": 2, "target": 700}])
def test_round_trip_of_a_game_in_progress(options: dict[str, object], tmp_path: Path) -> None:
    race = autodromo.Race(mb(**options), ["random"] * mb(**options).num_players, seed=5)
    for _ in range(150):
        race.step()
    path = tmp_path / "midgame.json"
    replay.save(path, race.state)
    r = replay.load(path)
    assert r.seed is None
    assert r.state == race.state
    assert r.state.serialize() == race.state.serialize()
    assert not r.state.is_terminal()


def test_save_replaces_an_existing_file(finished: autodromo.State, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old")
    replay.save(path, finished, 1)
    assert replay.load(path).seed == 1


# ---- damaged replays -----------------------------------------------------------------------


def bad(text: str, match: str | None = None) -> None:
    with pytest.raises(ReplayError, match=match):
        replay.loads(text)


@pytest.mark.parametrize(
    "text",
    ["", "{", "not json at all", '{"format": "autodromo-replay",', "\x00"],
)
def test_malformed_json_is_refused(text: str) -> None:
    bad(text, "not JSON")


@pytest.mark.parametrize("text", ["[]", "42", '"replay"', "null"])
def test_a_json_value_that_is_not_an_object_is_refused(text: str) -> None:
    bad(text)


def test_wrong_format_or_version_is_refused(doc: dict[str, Any]) -> None:
    bad(resign(edited(doc, lambda d: d.update(format="chess-pgn"))), "autodromo-replay")
    bad(resign(edited(doc, lambda d: d.update(version=2))), "version")
    bad(resign(edited(doc, lambda d: d.pop("format"))))


def test_an_altered_digest_is_refused(doc: dict[str, Any]) -> None:
    flipped = doc["digest"][:-1] + ("0" if doc["digest"][-1] != "0" else "1")
    bad(json.dumps({**doc, "digest": flipped}), "digest")
    bad(json.dumps({k: v for k, v in doc.items() if k != "digest"}), "digest")


def test_an_altered_body_without_a_new_digest_is_refused(doc: dict[str, Any]) -> None:
    bad(json.dumps(edited(doc, lambda d: d.update(seed=SEED + 1))), "digest")
    bad(json.dumps(edited(doc, lambda d: d["actions"].pop())), "digest")


def test_an_id_whose_label_does_not_match_is_refused(doc: dict[str, Any]) -> None:
    def relabel(d: dict[str, Any]) -> None:
        first = d["actions"][0]
        first["label"] = "draw 25" if first["label"] == "draw Right of Way" else "draw Right of Way"

    bad(resign(edited(doc, relabel)), re.escape("action 1 (actions[0]): id "))


def test_a_replay_from_before_labels_counted_sides_from_one_still_loads() -> None:
    # Written by the engine of 2 December 2026, whose attack labels counted sides from 0
    # ("play Stop on player 0"): its ids decide, and the labels read as they read today. It was
    # played under rules version 1 too, when a Speed Limit hit any car: it plays again with
    # independent_speed_limit, the rule of that time.
    path = Path(__file__).parent / "data" / "mille_bornes_replay_v1.json"
    old = json.loads(path.read_text(encoding="utf-8"))
    assert any(a["label"].endswith("on player 0") for a in old["actions"])
    r = replay.load(path)
    assert json.loads(r.game.options_json)["independent_speed_limit"] is True
    # Every recorded decision is applied, by id, to the end of the game. (It was once checked
    # against three `medium` bots of seed 11, who recorded it; since `medium` plays differently
    # (8154c64), the file itself is the record.)
    assert r.state.history() == [a["id"] for a in old["actions"]]
    assert r.state.is_terminal()
    attacks = [label for label in r.labels if " on player " in label]
    assert attacks and {label[-1] for label in attacks} <= {"1", "2", "3"}
    assert len(attacks) == sum(" on player " in a["label"] for a in old["actions"])


def _rules_v1_hash(game: autodromo.Game) -> str:
    """The content hash rules version 1 recorded: FNV-1a over the deck's counts, card by card in
    id order, and the version's four bytes."""
    s = game.new_state()
    size = s.view(None)["deck_size"]
    counts = [0] * 21
    for card, p in s.chance_outcomes():
        counts[card] = round(p * size)
    h = 0xCBF29CE484222325
    for b in [*counts, *(1).to_bytes(4, "little")]:
        h = ((h ^ b) * 0x100000001B3) % 2**64
    return f"{h:016x}"


def test_a_rules_version_1_replay_is_recognised_by_its_hash() -> None:
    # The saved file of version 1 bears the hash the function computes; today's rules have another.
    path = Path(__file__).parent / "data" / "mille_bornes_replay_v1.json"
    old = json.loads(path.read_text(encoding="utf-8"))
    game = mb(**old["options"])
    assert _rules_v1_hash(game) == old["content_hash"] != game.content_hash


def test_a_rules_version_1_replay_with_wrong_way_is_refused_with_the_reason() -> None:
    # Under version 1 a Wrong Way could hit a car that had not started; no option gives that back.
    g = mb(players=2, score_to_win=0, wrong_way=True)
    body = json.loads(replay.dumps(autodromo.Race(g, ["random"] * 2, seed=5).run(), seed=5))
    del body["digest"]
    del body["options"]["independent_speed_limit"]
    body["content_hash"] = _rules_v1_hash(g)
    bad(resign(body), "rules version 1, when a Wrong Way could hit a car that had not started")
    # The same replay, recorded under today's rules, loads.
    body["options"]["independent_speed_limit"] = False
    body["content_hash"] = g.content_hash
    assert replay.loads(resign(body)).state.is_terminal()


def test_an_attack_label_two_sides_off_is_refused(doc: dict[str, Any]) -> None:
    # Only a label one lower (the old counting) stands for today's; any other side is a mismatch.
    def retarget(d: dict[str, Any]) -> None:
        attack = next(a for a in d["actions"] if " on player " in a["label"])
        n = int(attack["label"].rsplit(" ", 1)[1])
        attack["label"] = attack["label"].rsplit(" ", 1)[0] + f" {n + 1 if n == 1 else n - 2}"

    bad(resign(edited(doc, retarget)), "not 'play")


def test_an_illegal_action_with_its_true_label_is_refused(
    doc: dict[str, Any], finished: autodromo.State
) -> None:
    # Find the first player move and swap it for an illegal one, labelled truthfully.
    g = finished.game
    s = g.new_state()
    for i, a in enumerate(finished.history()):
        if not s.is_chance_node():
            legal = set(s.legal_actions())
            illegal = next(b for b in range(g.num_distinct_actions) if b not in legal)
            label = s.action_to_string(illegal)
            break
        s.apply_action(a)

    def swap(d: dict[str, Any]) -> None:
        d["actions"][i] = {"id": illegal, "label": label}

    bad(resign(edited(doc, swap)), re.escape(f"action {i + 1} (actions[{i}]) ("))


def test_a_card_dealt_more_often_than_the_deck_holds_is_refused(doc: dict[str, Any]) -> None:
    # The reduced deck has one Right of Way: dealing it twice breaks the rules.
    s = mb(players=3).new_state()
    rw = s.string_to_action("draw Right of Way")

    def twice(d: dict[str, Any]) -> None:
        d["actions"][0] = {"id": rw, "label": "draw Right of Way"}
        d["actions"][1] = {"id": rw, "label": "draw Right of Way"}

    bad(resign(edited(doc, twice)), re.escape("action 2 (actions[1]) ("))


@pytest.mark.parametrize("bad_id", [-1, 2**40, 10_000, True])
def test_an_action_id_out_of_range_is_refused(doc: dict[str, Any], bad_id: object) -> None:
    def put(d: dict[str, Any]) -> None:
        d["actions"][3]["id"] = bad_id

    bad(resign(edited(doc, put)), re.escape("action 4 (actions[3])"))


def test_a_wrong_content_hash_is_refused(doc: dict[str, Any]) -> None:
    bad(resign(edited(doc, lambda d: d.update(content_hash="0" * 16))), "content hash")
    # A replay made with the 106-card deck does not load as a 101-card game.
    other = mb(players=4).content_hash
    assert other != doc["content_hash"]
    bad(resign(edited(doc, lambda d: d.update(content_hash=other))), "content hash")


def test_an_unknown_game_is_refused(doc: dict[str, Any]) -> None:
    bad(resign(edited(doc, lambda d: d.update(game="tock"))), "tock")


def test_options_that_build_no_game_are_refused(doc: dict[str, Any]) -> None:
    bad(resign(edited(doc, lambda d: d["options"].update(turbo=True))), "turbo")
    bad(resign(edited(doc, lambda d: d["options"].update(players=12))), "players")


def test_other_options_make_the_actions_fail(doc: dict[str, Any]) -> None:
    # Same deck (2 and 3 players both deal 101 cards) but two seats: the labels differ.
    def two_players(d: dict[str, Any]) -> None:
        d["options"]["players"] = 2

    bad(resign(edited(doc, two_players)))


@pytest.mark.parametrize(
    ("key", "value"),
    [("actions", "all of them"), ("actions", None), ("seed", "7"), ("seed", True), ("options", [])],
)
def test_fields_of_the_wrong_type_are_refused(doc: dict[str, Any], key: str, value: object) -> None:
    bad(resign(edited(doc, lambda d: d.update({key: value}))), key)


@pytest.mark.parametrize("key", ["game", "options", "actions", "content_hash"])
def test_missing_fields_are_refused(doc: dict[str, Any], key: str) -> None:
    bad(resign(edited(doc, lambda d: d.pop(key))), key)


@pytest.mark.parametrize(
    "entry", [5, "draw 25", {"id": 0}, {"label": "draw 25"}, {"id": "0", "label": "draw 25"}]
)
def test_malformed_action_entries_are_refused(doc: dict[str, Any], entry: object) -> None:
    def put(d: dict[str, Any]) -> None:
        d["actions"][2] = entry

    bad(resign(edited(doc, put)), re.escape("action 3 (actions[2])"))


def test_load_refuses_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00garbage\x80")
    with pytest.raises(ReplayError):
        replay.load(path)


def test_load_refuses_a_damaged_file(doc: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "damaged.json"
    text = json.dumps(doc)
    path.write_text(text[: len(text) // 2])
    with pytest.raises(ReplayError):
        replay.load(path)


# ---- deserialize_state ---------------------------------------------------------------------


def _saved(finished: autodromo.State) -> dict[str, Any]:
    d: dict[str, Any] = json.loads(finished.serialize())
    return d


def test_deserialize_state_round_trip(finished: autodromo.State) -> None:
    back = finished.game.deserialize_state(finished.serialize())
    assert back == finished


def test_deserialize_state_refuses_an_illegal_action(finished: autodromo.State) -> None:
    g = finished.game
    saved = _saved(finished)
    s = g.new_state()
    for i, a in enumerate(saved["actions"]):
        if not s.is_chance_node():
            legal = set(s.legal_actions())
            saved["actions"][i] = next(b for b in range(g.num_distinct_actions) if b not in legal)
            break
        s.apply_action(a)
    with pytest.raises(ReplayError, match=re.escape(f"action {i + 1} (actions[{i}]), id ")):
        g.deserialize_state(json.dumps(saved))
    saved["actions"][1] = "draw"
    with pytest.raises(ReplayError, match=re.escape('action 2 (actions[1]) is not an id: "draw"')):
        g.deserialize_state(json.dumps(saved))


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(game="tock"),
        lambda d: d.update(rules_version=999),
        lambda d: d.update(content_hash="0" * 16),
        lambda d: d["options"].update(score_to_win=100),
        lambda d: d["options"].update(turbo=True),
        lambda d: d.pop("options"),
        lambda d: d.pop("actions"),
        lambda d: d.update(actions=["draw 25"]),
        lambda d: d["actions"].append(-1),
        lambda d: d["actions"].append(2**40),
    ],
)
def test_deserialize_state_refuses_a_tampered_save(
    finished: autodromo.State, edit: Callable[[dict[str, Any]], None]
) -> None:
    saved = _saved(finished)
    edit(saved)
    with pytest.raises(ReplayError):
        finished.game.deserialize_state(json.dumps(saved))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", "not json"])
def test_deserialize_state_refuses_text_that_is_no_save(text: str) -> None:
    with pytest.raises(ReplayError):
        mb(players=2).deserialize_state(text)


def test_deserialize_state_refuses_a_save_of_another_game_setup(finished: autodromo.State) -> None:
    with pytest.raises(ReplayError):
        mb(players=4).deserialize_state(finished.serialize())
