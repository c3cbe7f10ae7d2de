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
    Every saved game is resumed (replayed) here, before the first request."""
    app = Flask(__name__)
    app.config.update(DB=None, MAX_CONTENT_LENGTH=8 * 1024 * 1024, JSON_SORT_KEYS=False)
    if config:
        app.config.update(config)
    db = app.config["DB"] or os.environ.get("AUTODROMO_WEB_DB") or default_path()
    store = Store(db)
    tables = Tables(store)
    app.extensions["autodromo.tables"] = tables
    app.extensions["autodromo.db"] = str(store.path)

    from . import api, events, views

    app.extensions["autodromo.events"] = events.Events(store, tables)
    app.register_blueprint(api.bp)
    app.register_blueprint(events.bp)
    app.register_blueprint(views.bp)
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, open_browser: bool = False) -> None:
    """Runs the page until interrupted (threaded: one request per thread, one lock per game)."""
    from werkzeug.serving import make_server

    app = create_app({"DB": db} if db else None)
    server = make_server(host, port, app, threaded=True)
    url = f"http://{host if ':' not in host else f'[{host}]'}:{server.server_port}/"
    print(f"Autodromo: {url}  (games saved in {app.extensions['autodromo.db']}; Ctrl-C to stop)",
          flush=True)
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped", flush=True)
    finally:
        server.server_close()
