"""Issue 31 on the bridge: the emulator's screen of a Legend race (a Track race and a Stage race)
and of a Lamborghini race, played in a real terminal (tmux, the emulated devices on pty pairs),
frames the game's words in the language asked for (``--lang``): the title, YOUR TURN's line, the
selector, the buttons and their words, the lamps, the log's heading and the keys, each game's
``frame_words``/``button_words`` (``bridge.frame.*``, ``bridge.button.*`` in its catalogue), as
Formula 90's do (test_bridge_formula90_languages.py).

What stays out of the words modules is the emulated hardware's own: the strip's LEDs, the track
device's face line and the devices' log lines."""

from __future__ import annotations

import subprocess

import pytest

from autodromo import locale
from autodromo_bridge import games

from .test_bridge_emulator import Terminal, bridge_command
from .test_bridge_formula90_languages import HARDWARE

RACES = {
    "legend_track": ("legend", "--emulate", "dashboard,track", "--seed", "3", "--circuit", "castelrosso"),
    "legend_stage": ("legend", "--emulate", "dashboard", "--seed", "3", "--route", "coppa_breve"),
    "lamborghini": ("lamborghini", "--emulate", "dashboard", "--seed", "2"),
}


def _screen(race: str, lang: str) -> str:
    """The screen once the first decision of seat 1 shows (its keys line drawn)."""
    game = RACES[race][0]
    frame = games.dashboard_fact(game, "frame_words")
    assert frame is not None, f"{game} gives no frame_words"
    with locale.use(lang):
        your_turn = frame("your_turn", phase="").split(":")[0]
        keys = frame("keys")[:20]
    term = Terminal(bridge_command(*RACES[race], "--step-ms", "0", "--lang", lang))
    try:
        term.until(lambda s: your_turn in s and keys in s)
        # The lines as drawn, not as the 110 columns wrap them.
        return subprocess.run(["tmux", "-L", term.name, "capture-pane", "-p", "-J", "-t", term.name],
                              capture_output=True, text=True, check=True).stdout
    finally:
        term.close()


@pytest.mark.parametrize("race", sorted(RACES))
def test_every_line_of_the_screen_goes_through_the_words_module(race: str) -> None:
    # The pseudo language alters every message ("[LØG]"): a line made in English elsewhere shows.
    screen = _screen(race, locale.PSEUDO)
    lines = [line for line in screen.splitlines() if line.strip()]
    assert len(lines) > 10, screen
    english = [line for line in lines if not HARDWARE.match(line) and "[" not in line]
    assert english == [], "\n".join(english)
    # Every button's word and the title's own words too, not only a bracket somewhere on their line.
    title = lines[0]
    assert " on the " not in title and "Stage race" not in title, title
    keys = lines[-1]
    for word in ("maintain", "lift and coast", "left", "ahead", "check"):
        assert f" {word}" not in keys, keys


def test_a_legend_stage_race_in_italian() -> None:
    screen = _screen("legend_stage", "it")
    assert "autodromo bridge: Legend, una corsa a tappe sul percorso Coppa Breve: Brescia – Ravenna, seme 3" in screen
    assert "Si aspetta te: la spia TOCCA A TE di un cruscotto è accesa." in screen
    assert "CRUSCOTTO e0000000 mostra posto 1 (Bugatti Type 35)" in screen
    assert "TOCCA A TE: scelta della velocità. Gira il selettore (+ / -), poi conferma (c):" in screen
    assert "pulsanti della velocità ora: 2 accelera di 1" in screen
    assert "spie accese: TOCCA A TE (questa auto decide ora)" in screen and "REGISTRO" in screen
    assert ("tasti, poi Invio: + / - girano il selettore (++ due scatti), c conferma, 1 mantieni, 2 accelera di 1, "
            "3 alza il piede, 4 fermati a raffreddare") in screen


def test_a_lamborghini_race_in_portuguese() -> None:
    screen = _screen("lamborghini", "pt")
    assert "autodromo bridge: Lamborghini no circuito de Sant Agata, semente 2" in screen
    assert "PAINEL e0000000 mostra lugar 1" in screen
    assert "botões agora: nenhum (use o seletor)" in screen
    assert "luzes acesas: SUA VEZ" in screen and "REGISTRO" in screen
    assert ("teclas, depois Enter: + / - giram o seletor (++ dois passos), c confirma, 1 esquerda, 2 em frente, "
            "3 direita, 4 teste") in screen
