"""Issue 31 on the bridge: the emulator's screen names a Lamborghini dashboard's lamps, says what
each means and reads its needles in the language asked for (``--lang``, else the environment's
locale), through the game's words module (autodromo.lamborghini.words)."""

from __future__ import annotations

from autodromo import locale
from autodromo_bridge import games
from autodromo_bridge.cli import parser
from autodromo_bridge.games.lamborghini import render as lam

DASH = {"speed": 12, "turn_pins": 2, "temperature": 1, "engine": 5, "brakes": 3, "tyres": 40}


def test_a_lamborghini_dashboards_lamps_and_needles_in_the_language_asked_for() -> None:
    # The screen asks the game's module for its lamps' words each time it draws.
    assert games.dashboard_fact("lamborghini", "lamp_words") is lam.lamp_words
    names, meanings = lam.lamp_words()
    assert names[lam.LAMP_CHECK] == "CHECK" and "1ST" in names.values()
    assert lam.needles(DASH).startswith("  needles: 12 squares covered, place 2, damage 1")
    with locale.use("it"):
        names, meanings = lam.lamp_words()
        assert names[lam.LAMP_CHECK] == "PROVA" and meanings[lam.LAMP_CHECK].startswith("una prova di manovra")
        assert lam.needles(DASH) == "  lancette: 12 caselle percorse, posizione 2, danni 1, carte in mano 5, turno 3, denaro $40k"
    with locale.use("pt"):
        names, meanings = lam.lamp_words()
        assert names[lam.LAMP_SLIPSTREAM] == "VÁCUO" and set(names) == set(meanings)
    with locale.use(locale.PSEUDO):
        names, meanings = lam.lamp_words()
        assert all(t.startswith("[") for t in [*names.values(), *meanings.values(), lam.needles(DASH).strip()])
    assert parser().parse_args(["lamborghini", "--emulate", "dashboard", "--lang", "pt"]).lang == "pt"


def test_a_legend_dashboards_lamps_and_needles_in_the_language_asked_for() -> None:
    from autodromo_bridge.games.legend import render as leg

    assert games.dashboard_fact("legend", "lamp_words") is leg.lamp_words
    names, _ = leg.lamp_words()
    assert names[leg.LAMP_FOG] == "FOG" and leg.needles(DASH).startswith("  needles: speed 12, safe speed")
    with locale.use("it"):
        names, meanings = leg.lamp_words()
        assert names[leg.LAMP_FOG] == "NEBBIA" and meanings[leg.LAMP_FOG].startswith("nebbia: segnalini coperti")
        assert leg.needles(DASH).startswith("  lancette: velocità 12, velocità sicura della prossima curva 2")
    with locale.use("pt"):
        assert leg.lamp_words()[0][leg.LAMP_FLAT_TIRE] == "PNEU FURADO"
