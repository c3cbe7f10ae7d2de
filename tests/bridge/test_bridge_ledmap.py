"""LED maps (ours, one per circuit) and the dashboard mapping: the shipped maps cover every
cell; a bad map is refused with the file and the key; the Legend view maps to DASH_STATE as
docs/bridge.md says; and `autodromo bridge --emulate` runs end to end."""

from __future__ import annotations

from pathlib import Path

import pytest

import autodromo
from autodromo import cli
from autodromo_bridge import render
from autodromo_bridge.games.legend import render as legend
from autodromo_bridge.errors import BridgeError
from autodromo_bridge.ledmap import LedMap
from autodromo_bridge.ledmap import circuit as board_circuit


@pytest.mark.parametrize("circuit", ["example", "castelrosso"])
def test_the_shipped_maps_light_every_cell_with_its_own_leds(circuit: str) -> None:
    m = LedMap.for_circuit(circuit)
    c = board_circuit("legend", circuit)
    assert set(m.cells) == {(r, ln) for r in range(c.rows) for ln in range(c.lanes)}
    used = [i for leds in m.cells.values() for i in leds] + [i for leds in m.markers for i in leds] + m.weather
    assert len(used) == len(set(used)), "no LED serves two purposes"
    assert max(used) < m.led_count == 300


GOOD = """circuit = "example"
led_count = 300
[[strip]]
lane = 0
rows = [0, 71]
first_led = 0
[[strip]]
lane = 1
rows = [71, 0]
first_led = 72
[[strip]]
lane = 2
rows = [0, 71]
first_led = 144
"""


@pytest.mark.parametrize("text, message", [
    (GOOD.replace("led_count = 300", "led_count = 100"), "strip[1].first_led: LED 100 is outside 0..99"),
    (GOOD.replace("rows = [71, 0]", "rows = [72, 0]"), "strip[1].rows: row 72 is outside 0..71"),
    (GOOD.replace("lane = 2", "lane = 3"), "strip[2].rows: lane 3 is outside 0..2"),
    (GOOD.replace('circuit = "example"', 'circuit = "example"\ncolour = 1'), "colour: unknown key"),
    (GOOD.replace("rows = [0, 71]\nfirst_led = 144", "rows = [0, 70]\nfirst_led = 144"),
     'cell "71,2" of circuit \'example\' has no LED'),
    (GOOD + '[cells]\n"3" = [1]\n', 'cells.3: a key is "row,lane"'),
    (GOOD.replace("led_count = 300", 'led_count = 300\n[colors]\ncars = ["red"]'),
     "colors.cars[0]: a colour is \"#rrggbb\""),
    (GOOD.replace("led_count = 300", "led_count = 300\nmarkers = [[1]]"), "markers: 1 lists for the 5 turns"),
    ("circuit = \"nowhere\"\nled_count = 3\n", "circuit 'nowhere'"),
    ("circuit = ", "not TOML"),
])
def test_a_bad_map_names_the_file_and_the_key(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(BridgeError) as e:
        LedMap.load(path)
    assert message in str(e.value)
    if "circuit 'nowhere'" not in message:
        assert str(path) in str(e.value)


def test_the_good_map_loads() -> None:
    m = LedMap.parse(__import__("tomllib").loads(GOOD), "good.toml")
    assert m.cells[(0, 1)] == [143] and m.cells[(71, 2)] == [215]


def test_the_legend_view_maps_to_dash_state() -> None:
    g = autodromo.game("legend", cars=["bugatti_type_35", "alfa_8c_2300"])
    view = g.new_state().view(None)
    car = dict(view["cars"][0], speed=6, temperature=3, engine=2, brakes=1, tires=-1, flat_tire=True,
               battery_ok=False, headlights_ok=True, best_line=True, status="racing", row=14, lane=1)
    view = dict(view, cars=[car, view["cars"][1]], weather="light rain")
    d = legend.dash_state(view, 0, board_circuit("legend", "example"), deciding=True, cursor=2, refused=True)
    # The next turn from row 14 is the B sweeper at row 16; light rain reads it as A.
    assert d == {"speed": 6, "turn_pins": car["safe_speeds"]["A"], "temperature": 3, "engine": 2,
                 "brakes": 1, "tyres": 0, "switches": legend.SWITCH_BATTERY, "pace": 3,
                 "lamps": render.LAMP_YOUR_TURN | render.LAMP_REFUSED | legend.LAMP_BEST_LINE
                 | legend.LAMP_FLAT_TIRE | render.LAMP_RAIN}


def test_autodromo_bridge_emulate_runs_a_race_on_emulated_devices(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["bridge", "--emulate", "dashboard,track", "--watch", "--step-ms", "0",
                     "--seconds", "5", "--seed", "3", "--png-dir", str(tmp_path), "--quiet"])
    assert code == 0
    out = capsys.readouterr().out
    assert "dashboard e0000000000000000000000000000000: seat 1" in out
    assert "track e0010000000000000000000000000000" in out
    assert (tmp_path / "0-dashboard.png").stat().st_size > 1000
    assert (tmp_path / "1-track.png").stat().st_size > 1000


def test_autodromo_bridge_without_a_device_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bridge"]) == 2
    assert "no device: give --port URL" in capsys.readouterr().err
    assert cli.main(["bridge", "--emulate", "toaster"]) == 2
    assert "'toaster' is neither dashboard nor track" in capsys.readouterr().err


def test_a_bridge_config_names_ports_and_seats_and_refuses_mistakes(tmp_path: Path) -> None:
    from autodromo_bridge.devices import BridgeConfig, PortMatch, matching_ports

    good = tmp_path / "bridge.toml"
    good.write_text('[[port]]\nvid = 0x1209\npid = 0x0001\n[[port]]\nurl = "/dev/ttyUSB3"\n'
                    '[seats]\n"000102030405060708090a0b0c0d0e0f" = 1\n')
    c = BridgeConfig.load(good)
    assert c.ports == [PortMatch(vid=0x1209, pid=1), PortMatch(url="/dev/ttyUSB3")]
    assert c.seats == {bytes(range(16)): 1}
    assert matching_ports([PortMatch(url="/dev/ttyUSB3"), PortMatch(url="/dev/ttyUSB3")]) == ["/dev/ttyUSB3"]
    for text, message in [
        ("[[port]]\nvid = 70000\n", "port[0].vid: a USB id 0..0xFFFF"),
        ("[[port]]\nbaud = 9600\n", "port[0]: keys are url, vid, pid, serial"),
        ('[seats]\n"abc" = 1\n', "seats.abc: a uid is 32 hex digits"),
        ("ports = 1\n", "unknown key 'ports'"),
    ]:
        bad = tmp_path / "bad.toml"
        bad.write_text(text)
        with pytest.raises(BridgeError, match=f"{bad}: .*") as e:
            BridgeConfig.load(bad)
        assert message in str(e.value)
