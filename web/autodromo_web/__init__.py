"""Autodromo in the browser: a local Flask page to play every game of the engine hot-seat and
against bots, with every game saved in SQLite. Each game brings its own module (``games/``).

>>> from autodromo_web import create_app
>>> app = create_app({"DB": ":memory:"})  # doctest: +SKIP
"""

from __future__ import annotations

import os
import threading
import webbrowser
from typing import Any

from flask import Flask

from .store import Store, default_path
from .tables import Tables

__all__ = ["create_app", "serve"]


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The application. ``config["DB"]``: the SQLite file (default: the user's data directory).
    A saved game is loaded (replayed) when first asked for, and leaves memory after
    ``AUTODROMO_IDLE_SECONDS`` without a request or beyond ``AUTODROMO_MAX_LOADED`` games."""
    app = Flask(__name__)
    app.config.update(DB=None, MAX_CONTENT_LENGTH=8 * 1024 * 1024, AUTODROMO_LAN=False,
                      AUTODROMO_HOSTS=(), AUTODROMO_IDLE_SECONDS=600.0, AUTODROMO_MAX_LOADED=256)
    if config:
        app.config.update(config)
    from .answers import Answers

    app.json = Answers(app)
    db = app.config["DB"] or os.environ.get("AUTODROMO_WEB_DB") or default_path()
    store = Store(db, app.config.get("AUTODROMO_SQLITE_SYNC") or os.environ.get("AUTODROMO_SQLITE_SYNC") or "NORMAL",
                  process_lock=app.config.get("AUTODROMO_PROCESS_LOCK"))
    # A worker of a server of several processes is given what its parent's startup checks found.
    tables = Tables(store, idle=app.config["AUTODROMO_IDLE_SECONDS"], max_loaded=app.config["AUTODROMO_MAX_LOADED"],
                    checked=app.config.get("AUTODROMO_CHECKED"))
    app.extensions["autodromo.tables"] = tables
    from .throttle import BotSlots, Streams

    app.extensions["autodromo.bots"] = BotSlots.from_config(app.config)
    app.extensions["autodromo.streams"] = Streams.from_config(app.config)
    tables.expire_seconds = float(app.config.get("AUTODROMO_EXPIRE_SECONDS", tables.expire_seconds))
    # Network games left untouched while the server was down go now (then on later creations).
    tables.expire()
    app.extensions["autodromo.db"] = str(store.path)

    from . import api, events, languages, lessons, limits, live, seats, security, throttle, views

    # First: every refusal after it (a foreign Host, a body too large) is in the reader's language.
    languages.install(app)
    security.install(app)
    limits.install(app)
    throttle.install(app)
    _install_timing(app)

    app.extensions["autodromo.events"] = events.Events(store, tables)
    app.register_blueprint(api.bp)
    app.register_blueprint(events.bp)
    app.register_blueprint(seats.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(views.bp)
    lessons.install(app)
    return app


def _install_timing(app: Flask) -> None:
    """Every answer says how long the server took and how much CPU its thread used (a
    ``Server-Timing`` header, which browsers' tools show), and how long it waited for its
    commits (``db``): `make bench` tells the server's share of a round trip from the client's,
    and the disk's from the wait for a core."""
    import time

    from flask import Response, g

    waited = app.extensions["autodromo.tables"].store.waited

    @app.before_request
    def _start() -> None:
        g.autodromo_started = (time.perf_counter(), time.thread_time())
        waited.ms = 0.0

    @app.after_request
    def _timing(response: Response) -> Response:
        started = g.get("autodromo_started")
        if started is not None:
            wall = (time.perf_counter() - started[0]) * 1000
            cpu = (time.thread_time() - started[1]) * 1000
            db = getattr(waited, "ms", 0.0)
            response.headers["Server-Timing"] = f"app;dur={wall:.2f}, cpu;dur={cpu:.2f}, db;dur={db:.2f}"
        return response


def serve(host: str | None = None, port: int = 8000, db: str | None = None, open_browser: bool = False,
          lan: bool = False, workers: int | None = None) -> None:
    """Runs the page until interrupted: ``workers`` processes (default ``AUTODROMO_WORKERS``, else
    the machine's cores; 1: one process), each a waitress server (``serving.py``: a bounded pool
    of threads, connections kept between requests and capped per address; one lock per game).
    ``host``: loopback (127.0.0.1) unless ``lan``, which listens on every interface (0.0.0.0)
    unless told. Anything but loopback needs ``lan``: then every seat needs its own token, and
    the address a phone joins by is printed, with its QR code."""
    from . import security, serving
    from . import workers as several

    if host is None:
        host = "0.0.0.0" if lan else "127.0.0.1"

    if not lan and not security.is_loopback(host):
        raise SystemExit(
            f"autodromo: refusing to listen on {host} without --lan: anyone on that network could act for "
            "any seat. Add --lan to play on a local network (each seat then needs its own join link), or "
            "leave --host out to stay on this machine (127.0.0.1)."
        )
    count = several.default_workers() if workers is None else workers
    if count < 1:
        raise SystemExit("autodromo: --workers must be at least 1")
    if count > 1 and not hasattr(os, "fork"):
        print("autodromo: this system cannot fork worker processes: serving with one", flush=True)
        count = 1
    config: dict[str, Any] = {"AUTODROMO_LAN": lan}
    if db:
        config["DB"] = db
    joined = ""
    if lan:
        joined = security.lan_address(host)
        config["AUTODROMO_HOSTS"] = tuple(security.lan_names() | {joined.lower(), host.lower()})

    opened: list[str] = []

    def open_page() -> None:
        if open_browser and opened:
            threading.Timer(0.5, webbrowser.open, args=(opened[0],)).start()

    def announce(bound: int, db_path: str) -> dict[str, Any]:
        join = f"http://{joined if ':' not in joined else f'[{joined}]'}:{bound}/" if joined else ""
        network = lan and not security.is_loopback(joined)
        # A wildcard address is no address to open: the network's is (this machine reaches it too).
        shown = host if host not in ("0.0.0.0", "::") else "127.0.0.1"
        url = join if network else f"http://{shown if ':' not in shown else f'[{shown}]'}:{bound}/"
        processes = "one process" if count == 1 else f"{count} worker processes"
        print(f"Autodromo: {url}  (games saved in {db_path}; {processes}; Ctrl-C to stop)", flush=True)
        opened.append(url)
        if not lan:
            return {}
        if not network:
            # (--lan on a loopback --host: the rules of the network, reachable from here only.)
            print(f"--lan on {host}: phones cannot reach this machine's loopback address; leave --host out to "
                  "serve the table on the network", flush=True)
            return {}
        print(f"On the local network: open {join} on the table's screen or scan this code; every player then "
              "gets their own join link and QR code", flush=True)
        print_qr(join)
        # Join links and their QR codes name this address, whichever name the host screen used.
        return {"AUTODROMO_JOIN_URL": join}

    if count > 1:
        from .store import default_path

        db_path = str(db or os.environ.get("AUTODROMO_WEB_DB") or default_path())
        several.serve(host, port, count, config, lambda bound: announce(bound, db_path), after_start=open_page)
        return

    app = create_app(config)
    tables: Tables = app.extensions["autodromo.tables"]
    server = serving.make(host, port, app)
    app.config.update(announce(server.server_port, app.extensions["autodromo.db"]))
    open_page()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped", flush=True)
    finally:
        tables.close_streams()
        server.server_close()


def print_qr(url: str) -> None:
    """``url`` as a QR code in the terminal (text, two rows of modules a line), for the phone
    or the screen that opens the table."""
    import sys

    import segno

    try:
        segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
    except UnicodeEncodeError:  # a terminal that cannot print the half blocks
        segno.make(url, error="m").terminal(out=sys.stdout)
    sys.stdout.flush()
