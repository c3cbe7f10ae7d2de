"""Issues 29 and 31 on the bridge: the emulator's screen of a Formula 90 race, played in a real
terminal (tmux, the emulated devices on pty pairs), is worded by autodromo.formula90.words in the
language asked for (``--lang``): the frame, the choices (from the core's moves), the buttons,
the needles, the lamps and what each means, the track board's lines and the log's moves.

What stays out of the words module is the emulated hardware's own: the strip's LEDs, the track
device's face line ("track e0010000  frame 3") and the devices' and keyboard's log lines."""

from __future__ import annotations

import re
import subprocess

from autodromo import locale
from autodromo_bridge import games
from autodromo_bridge.games.formula90 import render as f90

from .test_bridge_emulator import Terminal, bridge_command

#: The emulated hardware's lines: an LED row, the track device's face, the log's device lines.
HARDWARE = re.compile(r"^\s*(\x1b\[.*|█+|track [0-9a-f]{8}  frame \d+|/dev/pts/\d+: .*|"
                      r"(dashboard|track) [0-9a-f]{32}(:| on ).*|you: .*)$")


def _screen(lang: str, first: str, then: str) -> str:
    """The screen once Blue has taken its skill and its setup (CONFIRM twice, the first choice
    each time) and the spare car's decision shows (``then``)."""
    term = Terminal(bridge_command("formula90", "--emulate", "dashboard,track", "--seed", "2", "--step-ms", "0",
                                   "--lang", lang))
    try:
        term.until(lambda s: first in s)
        term.keys("c")
        term.until(lambda s: first not in s)
        term.keys("c")
        term.until(lambda s: then in s)
        # The lines as drawn, not as the 110 columns wrap them.
        return subprocess.run(["tmux", "-L", term.name, "capture-pane", "-p", "-J", "-t", term.name],
                              capture_output=True, text=True, check=True).stdout
    finally:
        term.close()


def test_every_line_of_the_screen_goes_through_the_words_module() -> None:
    # The pseudo language alters every message ("[ŁØG]"): a line made in English elsewhere shows.
    with locale.use(locale.PSEUDO):
        skill, spare = (f90.f90_words.phase_name(f"Free Practice: the {p}") for p in ("skill", "spare car"))
    screen = _screen(locale.PSEUDO, skill, spare)
    lines = [line for line in screen.splitlines() if line.strip()]
    assert len(lines) > 20, screen
    english = [line for line in lines if not HARDWARE.match(line) and "[" not in line]
    assert english == [], "\n".join(english)


def test_the_screen_in_portuguese() -> None:
    screen = _screen("pt", "Free Practice: a habilidade", "Free Practice: o carro substituto")
    assert "autodromo bridge: Race! Formula 90 em Autodromo del Lago, semente 2" in screen
    assert "Esperando por você: a luz SUA VEZ de um painel está acesa." in screen
    assert "PAINEL e0000000 mostra lugar 1 (Blue)" in screen
    assert "SUA VEZ: Free Practice: o carro substituto. Gire o seletor (+ / -), depois confirme (c):" in screen
    assert "seletor 2: nova mão (carro substituto)" in screen
    assert "botões agora: 2 não: ficar com a mão" in screen
    assert "Blue: habilidade Qualify" in screen, "the log's moves in words"
    assert ("ponteiros: carta Target Check -, slots de desgaste livres 5, combustível para 0 turnos, "
            "desgaste vermelho 0, desgaste marrom 0, tokens de pneus 10, pneus duros") in screen
    assert "luzes acesas: SUA VEZ (este carro decide agora)" in screen
    assert "corrida: não começou" in screen and "REGISTRO" in screen
    assert "teclas, depois Enter: + / - giram o seletor (++ dois passos), c confirma, 1 sim, 2 não" in screen


def test_each_lamp_in_italian_and_portuguese() -> None:
    assert games.dashboard_fact("formula90", "lamp_words") is f90.lamp_words
    names, meanings = f90.lamp_words()
    assert set(names) == set(meanings) == set(f90.FACE.lamps)
    assert names[f90.LAMP_MUST_PIT] == "MUST PIT"
    with locale.use("it"):
        names, meanings = f90.lamp_words()
        assert names[f90.LAMP_YELLOW_FLAG] == "BANDIERA GIALLA"
        assert meanings[f90.LAMP_EXTREME] == "questa auto è su una Traiettoria Estrema"
    with locale.use("pt"):
        names, meanings = f90.lamp_words()
        assert names[f90.LAMP_YELLOW_FLAG] == "BANDEIRA AMARELA" and names[f90.LAMP_DRIZZLE] == "GAROA"
        assert meanings[f90.LAMP_MUST_PIT].endswith("pit stop agora")
    with locale.use(locale.PSEUDO):
        names, meanings = f90.lamp_words()
        assert all(t.startswith("[") for t in [*names.values(), *meanings.values()])
