"""Finding devices and keeping them: ports from USB VID/PID/serial (``list_ports``) or explicit
URLs, a handshake on each, and one :class:`Device` per ``uid`` that outlives its ports.

A device's wanted state (dashboard, palette, LED frame) lives on its :class:`Device`, not on the
port: when the device comes back, on the same port or another one, it is matched by ``uid`` and
gets that state in full. A device reset (new ``boot_id``, same port) is handled by the session
itself, which forgets what the device held and sends everything again.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from serial.tools import list_ports

from autodromo.errors import AutodromoError

from .clock import Clock, MonotonicClock
from .errors import BridgeError, LinkClosed
from .session import HostLink
from .transport import DEFAULT_BAUD, SerialTransport, Transport

DASHBOARD = 1
TRACK = 2
KIND_NAMES = {DASHBOARD: "dashboard", TRACK: "track"}

#: A port that answers nothing for this long after opening is closed and tried again later.
PROBE_MS = 3000
#: Reopening backs off from 250 ms to 2 s (hardware.md, "Liveness, reconnection").
BACKOFF_MIN_MS = 250
BACKOFF_MAX_MS = 2000
#: A device speaking another protocol is left alone this long before it is asked again.
INCOMPATIBLE_RETRY_MS = 10_000
#: Ports are listed at most this often (a USB scan reads sysfs: not for every loop turn).
SCAN_MS = 250
#: A link that brought bytes this recently is alive: a second port answering with its uid is
#: another device sharing it, not the same device plugged in again.
ALIVE_MS = 600

#: Input events a device holds unacknowledged at most (PROTOCOL.md, INPUT_EVENT).
INPUT_RING = 16

#: What each NACK code means, for the log.
NACK_CAUSES = {
    1: "NEED_KEYFRAME (a delta on a frame it does not show): a keyframe follows",
    2: "BAD_RANGE (LEDs past its strip)",
    3: "UNSUPPORTED (an LED format it lacks)",
    4: "BUSY (LED data while its strip latched): sent again",
}


@dataclass(frozen=True)
class PortMatch:
    """Which ports to use: an explicit ``url``, or USB ports matching every field given."""

    url: str | None = None
    vid: int | None = None
    pid: int | None = None
    serial_number: str | None = None


@dataclass
class BridgeConfig:
    """A bridge config file (TOML), e.g.::

        [[port]]
        vid = 0x1209
        pid = 0x7A70          # every board of ours
        [[port]]
        url = "/dev/ttyUSB3"  # or a port by name

        [seats]               # dashboard uid (32 hex digits) -> seat; others take free seats
        "a0a1a2a3a4a5a6a700000000000c0d0e0f" = 1
    """

    ports: list[PortMatch] = field(default_factory=list)
    seats: dict[bytes, int] = field(default_factory=dict)

    @classmethod
    def load(cls, path: str | Path) -> BridgeConfig:
        name = str(path)
        try:
            doc = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
            raise BridgeError(f"{name}: {e}") from None
        ports = []
        for i, p in enumerate(doc.get("port", [])):
            where = f"{name}: port[{i}]"
            if not isinstance(p, dict) or set(p) - {"url", "vid", "pid", "serial"}:
                raise BridgeError(f"{where}: keys are url, vid, pid, serial")
            for key in ("vid", "pid"):
                if key in p and not (isinstance(p[key], int) and 0 <= p[key] <= 0xFFFF):
                    raise BridgeError(f"{where}.{key}: a USB id 0..0xFFFF")
            for key in ("url", "serial"):
                if key in p and not isinstance(p[key], str):
                    raise BridgeError(f"{where}.{key}: a string")
            if not p:
                raise BridgeError(f"{where}: give a url or a vid/pid/serial to match")
            ports.append(PortMatch(p.get("url"), p.get("vid"), p.get("pid"), p.get("serial")))
        seats = {}
        for uid, seat in doc.get("seats", {}).items():
            try:
                raw = bytes.fromhex(uid)
            except ValueError:
                raw = b""
            if len(raw) != 16:
                raise BridgeError(f"{name}: seats.{uid}: a uid is 32 hex digits")
            if not isinstance(seat, int) or seat < 0:
                raise BridgeError(f"{name}: seats.{uid}: a seat number")
            seats[raw] = seat
        unknown = set(doc) - {"port", "seats"}
        if unknown:
            raise BridgeError(f"{name}: unknown key {sorted(unknown)[0]!r} (keys: port, seats)")
        return cls(ports, seats)


def matching_ports(matches: Iterable[PortMatch]) -> list[str]:
    """Port URLs for ``matches``: explicit URLs as given, USB matches from ``list_ports``."""
    out: list[str] = []
    usb = [m for m in matches if m.url is None]
    for m in matches:
        if m.url is not None and m.url not in out:
            out.append(m.url)
    if usb:
        for p in list_ports.comports():
            for m in usb:
                if ((m.vid is None or p.vid == m.vid) and (m.pid is None or p.pid == m.pid)
                        and (m.serial_number is None or p.serial_number == m.serial_number)):
                    if p.device not in out:
                        out.append(p.device)
    return out


@dataclass
class Device:
    """One physical device, known by ``uid``; what it should show, and its port if connected."""

    uid: bytes
    kind: int
    info: dict[str, Any]
    link: HostLink | None = None
    seat: int | None = None
    dash: dict[str, int] | None = None
    palette: list[tuple[int, int, int]] | None = None
    leds: tuple[int, bytes] | None = None
    status: dict[str, Any] | None = None
    connects: int = 0
    resets: int = 0
    nacks: int = 0
    #: The last input event handed on: (boot_id, ev_seq). A new session on the device (a port
    #: opened again) starts from the device's oldest unacknowledged event, which may be one
    #: already handed on if its ACK_INPUT was lost with the old port.
    last_input: tuple[int, int] | None = None

    @property
    def name(self) -> str:
        return f"{KIND_NAMES.get(self.kind, '?')} {self.uid.hex()}"

    @property
    def connected(self) -> bool:
        return self.link is not None and self.link.state == "linked"

    @property
    def led_count(self) -> int:
        return int(self.info["caps"]["led_count"])

    @property
    def led_formats(self) -> int:
        return int(self.info["caps"]["led_formats"])

    def set_dash(self, dash: dict[str, int]) -> None:
        self.dash = dict(dash)
        if self.link is not None:
            self.link.host.set_dash(self.dash)
            self.link.flush()

    def set_leds(self, palette: list[tuple[int, int, int]], fmt: int, data: bytes) -> None:
        self.palette = list(palette)
        self.leds = (fmt, bytes(data))
        if self.link is not None:
            self.link.host.set_palette(self.palette)
            self.link.host.set_leds(fmt, self.leds[1])
            self.link.flush()

    def push_state(self) -> None:
        """Gives the port's session everything this device should show."""
        if self.link is None:
            return
        if self.dash is not None:
            self.link.host.set_dash(self.dash)
        if self.palette is not None:
            self.link.host.set_palette(self.palette)
        if self.leds is not None:
            self.link.host.set_leds(*self.leds)
        self.link.flush()


Listener = Callable[[Device, dict[str, Any]], None]


def input_key(uid: bytes, boot_id: int, ev_seq: int) -> str:
    """An input event's identity, the same from any bridge: its device, the device's boot, its
    number in that boot."""
    return f"{uid.hex()}-{boot_id:08x}-{ev_seq}"


def _seq_diff(a: int, b: int) -> int:
    """``a - b`` between wrapping 16-bit numbers (PROTOCOL.md: RFC 1982)."""
    return (a - b + 0x8000) % 0x10000 - 0x8000


class Bridge:
    """Opens the ports ``ports()`` names, handshakes, and keeps every device linked.

    ``on_attach(device, event)`` runs when a device links (``event["event"]`` is "linked" or
    "device_reset"); ``on_input(device, event)`` once per input event, in order, exactly once;
    ``on_detach(device, event)`` when its port is lost. Call :meth:`pump` in a loop.
    """

    def __init__(
        self,
        ports: Callable[[], Iterable[str]],
        clock: Clock | None = None,
        baudrate: int = DEFAULT_BAUD,
        opener: Callable[[str], Transport] | None = None,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.ports = ports
        self.clock = clock or MonotonicClock()
        self.opener = opener or (lambda url: SerialTransport(url, baudrate))
        self.baudrate = baudrate
        self.log = log or (lambda _msg: None)
        self.links: dict[str, HostLink] = {}
        self.opened_at: dict[str, int] = {}
        self.link_uid: dict[str, bytes] = {}
        self.devices: dict[bytes, Device] = {}
        self.retry: dict[str, tuple[int, int]] = {}  # url -> (not before, next backoff)
        self.on_attach: Listener | None = None
        self.on_input: Listener | None = None
        self.on_detach: Listener | None = None
        self.errors: list[str] = []
        self._said: set[str] = set()
        self._scanned: int | None = None

    def _once(self, key: str, msg: str) -> None:
        """Logs `msg` the first time `key` comes up (a refusal or a drop repeats while its
        cause lasts; the log says it once)."""
        if key not in self._said:
            self._said.add(key)
            self.log(msg)

    def _backoff(self, url: str, delay: int | None = None) -> None:
        now = self.clock.now_ms()
        _, nxt = self.retry.get(url, (0, BACKOFF_MIN_MS))
        wait = delay if delay is not None else nxt
        self.retry[url] = (now + wait, min(max(nxt * 2, BACKOFF_MIN_MS), BACKOFF_MAX_MS))

    def _open(self, url: str) -> None:
        due, _ = self.retry.get(url, (0, 0))
        if self.clock.now_ms() < due:
            return
        try:
            transport = self.opener(url)
        except LinkClosed as e:
            self.log(str(e))
            self._backoff(url)
            return
        self.links[url] = HostLink(transport, self.clock)
        self.opened_at[url] = self.clock.now_ms()
        self.log(f"{url}: opened, saying HELLO")

    def _close(self, url: str, why: str, delay: int | None = None, quiet: bool = False) -> None:
        """Closes `url`'s port, to be tried again after a backoff; `quiet`: the reason was
        logged already (once)."""
        link = self.links.pop(url, None)
        if link is None:
            return
        link.close()
        self.opened_at.pop(url, None)
        self._backoff(url, delay)
        uid = self.link_uid.pop(url, None)
        dev = self.devices.get(uid) if uid is not None else None
        if dev is not None and dev.link is link:
            dev.link = None
            self.log(f"{dev.name}: {why}")
            if self.on_detach:
                self.on_detach(dev, {"event": "detached", "why": why})
        elif not quiet:
            self.log(f"{url}: {why}")

    def pump(self) -> None:
        now = self.clock.now_ms()
        if self._scanned is None or now - self._scanned >= SCAN_MS or now < self._scanned:
            self._scanned = now
            for url in self.ports():
                if url not in self.links:
                    self._open(url)
        for url, link in list(self.links.items()):
            try:
                events = link.pump()
            except LinkClosed as lost:
                self._close(url, f"port lost ({lost})")
                continue
            for e in events:
                try:
                    self._event(url, link, e)
                except AutodromoError as err:
                    # One device's trouble (a game that cannot be shown on it, a message it
                    # cannot take) must not end the loop the others share.
                    self._once(f"{url}:{type(err).__name__}:{err}", f"{url}: {err}")
            if (url in self.links and link.state == "handshaking" and url not in self.link_uid
                    and self.clock.now_ms() - self.opened_at.get(url, 0) >= PROBE_MS):
                # The usual causes on a first try, for the person at the board.
                self._close(url, f"no answer to HELLO at {self.baudrate} baud: is the board "
                            "flashed with the bridge firmware, and built for this speed (--baud)?")

    def _alive(self, link: HostLink) -> bool:
        now = self.clock.now_ms()
        return (link.state == "linked" and link.heard_ms is not None
                and now - link.heard_ms < ALIVE_MS)

    def _event(self, url: str, link: HostLink, e: dict[str, Any]) -> None:
        name = e["event"]
        if name in ("linked", "device_reset"):
            uid = bytes(e["uid"])
            dev = self.devices.get(uid)
            if dev is None:
                dev = self.devices[uid] = Device(uid, int(e["kind"]), dict(e))
            elif dev.link is not None and dev.link is not link and self._alive(dev.link):
                # Two live devices with one uid: the first keeps it, the second is left
                # alone (each would otherwise take the other's seat and state in turn).
                kind = KIND_NAMES.get(int(e["kind"]), "device")
                why = (f"duplicate uid {uid.hex()}: the {dev.name.split()[0]} on "
                       f"{dev.link.url} has it; this {kind} is left alone")
                self._once(f"dup:{url}:{uid.hex()}", f"{url}: refused: {why}")
                self._close(url, f"refused: {why}", INCOMPATIBLE_RETRY_MS, quiet=True)
                return
            elif dev.link is not None and dev.link is not link:
                # The same uid on a second port, the first silent: the first is stale (a
                # replug before the old path reported its loss).
                for old_url, old in list(self.links.items()):
                    if old is dev.link:
                        self._close(old_url, "superseded by another port")
            dev.info = dict(e)
            dev.kind = int(e["kind"])
            dev.link = link
            dev.connects += 1
            if name == "device_reset":
                dev.resets += 1
            self.link_uid[url] = uid
            self.retry.pop(url, None)
            self.log(f"{dev.name} on {url}: {name}")
            dev.push_state()
            if self.on_attach:
                self.on_attach(dev, e)
        elif name == "incompatible":
            msg = (f"{url}: incompatible device (protocol {e['major']}.{e['minor']}, schema "
                   f"{e['schema_hash']:#010x}): update its firmware or this bridge")
            if msg not in self.errors:
                self.errors.append(msg)
            self._once(msg, msg)
            self._close(url, msg, INCOMPATIBLE_RETRY_MS, quiet=True)
        elif name == "refused":
            what = f"{KIND_NAMES.get(int(e['kind']), 'device')} {bytes(e['uid']).hex()}"
            msg = f"{what} on {url}: refused: {e['reason']}"
            if msg not in self.errors:
                self.errors.append(msg)
            self._once(msg, msg)
            self._close(url, msg, INCOMPATIBLE_RETRY_MS, quiet=True)
        elif name == "link_lost":
            self._close(url, "link lost (no valid frame for 1 s)")
        else:
            known = self.link_uid.get(url)
            dev = self.devices.get(known) if known is not None else None
            if dev is None:
                return
            if name == "status":
                dev.status = e
            elif name == "nack":
                dev.nacks += 1
                cause = NACK_CAUSES.get(int(e["code"]), f"code {e['code']}")
                self._once(f"nack:{dev.uid.hex()}:{e['code']}", f"{dev.name}: NACK {cause}")
            elif name == "dropped" and e["cause"] == "inputs_renumbered":
                self.log(f"{dev.name}: {e['reason']}")
            elif name == "dropped":
                self._once(f"drop:{dev.uid.hex()}:{e['cause']}", f"{dev.name}: dropped: {e['reason']}")
            elif name == "input":
                self._input(dev, e)

    def _input(self, dev: Device, e: dict[str, Any]) -> None:
        """Hands an input event on once, with its identity (``uid``, ``boot_id``, ``ev_seq``:
        ``input_key``) for whoever applies it to refuse a repeat from another bridge."""
        boot, seq = int(dev.info["boot_id"]), int(e["ev_seq"])
        last = dev.last_input
        # A repeat is at most the device's ring (16) behind; further is a jump of its numbering,
        # which the session has resynchronised (logged).
        if last is not None and last[0] == boot and -INPUT_RING < _seq_diff(seq, last[1]) <= 0:
            self.log(f"{dev.name}: input event {seq} came again on a new link: handed on once "
                     "already, not again")
            return
        dev.last_input = (boot, seq)
        if self.on_input:
            self.on_input(dev, {**e, "uid": dev.uid, "boot_id": boot,
                                "input_key": input_key(dev.uid, boot, seq)})

    def close(self) -> None:
        for url in list(self.links):
            self._close(url, "bridge closed")
