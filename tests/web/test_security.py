"""Issue 18, item 3: the attacks a page on another site, or a name rebound onto this server, could
try are refused before they reach a game, and every page carries headers that forbid inline
script and framing. The cross-origin attacks are made for real by chromium, from a page served on
another port."""

from __future__ import annotations

import http.server
import json
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from autodromo_web import create_app

from .conftest import LiveServer, Page, legend_body
from .test_e2e import free_port


def test_a_foreign_host_is_refused_on_every_path(client: Any) -> None:
    for path in ("/", "/api/games", "/static/common.js"):
        with client.get(path, headers={"Host": "attacker.example"}) as r:
            assert r.status_code == 403, path
            assert "attacker.example" in r.get_data(as_text=True)
    r = client.get("/api/games", headers={"Host": "attacker.example:8000"})
    assert r.status_code == 403 and "is not a name of this server" in r.json["error"]


def test_loopback_names_are_served(client: Any) -> None:
    for host in ("localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000"):
        assert client.get("/api/games", headers={"Host": host}).status_code == 200, host
    # A literal address other than loopback reaches a loopback server only by a rebinding trick.
    assert client.get("/api/games", headers={"Host": "192.168.1.20:8000"}).status_code == 403


def test_on_a_lan_literal_addresses_and_the_names_given_are_served(db: Any) -> None:
    client = create_app({"DB": str(db), "AUTODROMO_LAN": True, "AUTODROMO_HOSTS": ("table.local",)}).test_client()
    for host in ("192.168.1.20:8000", "[fe80::1]:8000", "table.local:8000", "localhost"):
        assert client.get("/api/games", headers={"Host": host}).status_code == 200, host
    assert client.get("/api/games", headers={"Host": "attacker.example"}).status_code == 403


def games(client: Any) -> list[str]:
    return [g["id"] for g in client.get("/api/games").json["games"]]


def test_a_change_from_another_origin_is_refused(client: Any) -> None:
    r = client.post("/api/games", json=legend_body(), headers={"Origin": "http://attacker.example"})
    assert r.status_code == 403 and r.json["error"].startswith("Origin:")
    # Another port of this very host is another origin too.
    r = client.post("/api/games", json=legend_body(), headers={"Origin": "http://localhost:9999"})
    assert r.status_code == 403
    r = client.post("/api/games", json=legend_body(), headers={"Origin": "null"})
    assert r.status_code == 403
    r = client.post("/api/games", json=legend_body(), headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403
    assert games(client) == []
    # The page's own origin may.
    r = client.post("/api/games", json=legend_body(), headers={"Origin": "http://localhost"})
    assert r.status_code == 201


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; b=x",
                                  None])
def test_a_change_not_sent_as_json_is_refused(client: Any, kind: str | None) -> None:
    data = json.dumps(legend_body()).encode()
    headers = {} if kind is None else {"Content-Type": kind}
    r = client.post("/api/games", data=data, headers=headers)
    assert r.status_code == 415, r.get_data(as_text=True)
    assert r.json["error"].startswith("Content-Type:")
    assert games(client) == []
    gid = client.post("/api/games", json=legend_body()).json["id"]
    version = client.get(f"/api/games/{gid}").json["version"]
    label = client.get(f"/api/games/{gid}?seat=0").json["legal"][0]["label"]
    r = client.post(f"/api/games/{gid}/actions", data=json.dumps({"seat": 0, "action": label}), headers=headers)
    assert r.status_code == 415
    assert client.get(f"/api/games/{gid}").json["version"] == version
    # A delete with a body that is not JSON is refused too; one with no body is a script's.
    assert client.delete(f"/api/games/{gid}", data="x", headers={"Content-Type": "text/plain"}).status_code == 415
    assert client.delete(f"/api/games/{gid}").status_code == 200


def test_every_response_carries_the_security_headers(client: Any) -> None:
    for path in ("/", "/api/games", "/static/common.js", "/nowhere"):
        with client.get(path) as r:
            h = r.headers
        csp = h["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp, path
        assert "frame-ancestors 'none'" in csp
        assert h["X-Content-Type-Options"] == "nosniff"
        assert h["Referrer-Policy"] == "no-referrer"


def test_no_template_holds_an_inline_script_or_style() -> None:
    from pathlib import Path

    import autodromo_web

    root = Path(autodromo_web.__file__).parent
    for f in [*(root / "templates").glob("*.html"), *(root / "static").rglob("*.js")]:
        text = f.read_text()
        assert "<script>" not in text and " style=" not in text, f.name
        assert 'setAttribute("style"' not in text, f.name


class Attacker:
    """Another origin: a plain HTTP server on another port serving one page."""

    def __init__(self, html: str) -> None:
        page = html.encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.end_headers()
                self.wfile.write(page)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def attacked(live: LiveServer) -> Iterator[tuple[LiveServer, str, str]]:
    client = live.app.test_client()
    gid = client.post("/api/games", json=legend_body()).json["id"]
    label = client.get(f"/api/games/{gid}?seat=0").json["legal"][0]["label"]
    yield live, gid, label


def test_chromium_on_another_origin_can_neither_create_nor_play(attacked: Any, browser: Any) -> None:
    live, gid, label = attacked
    client = live.app.test_client()
    before = client.get(f"/api/games/{gid}?seat=0").json
    # The form's one field, name "=" value, makes a JSON body: {"seat": 0, "action": ..., "x": "="}.
    name = json.dumps({"seat": 0, "action": label})[:-1] + ', "x": "'
    html = f"""<!doctype html><html><body>
<form id="f" method="POST" enctype="text/plain" action="{live.url}/api/games/{gid}/actions">
<input type="hidden" name='{name}' value='"}}'></form>
<script>
fetch("{live.url}/api/games", {{method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}},
  body: {json.dumps(json.dumps(legend_body()))}}})
  .then(() => {{ document.title = "fetched"; document.getElementById("f").submit(); }});
</script></body></html>"""
    attacker = Attacker(html)
    p = Page(browser)
    seen: list[tuple[str, str, int]] = []
    p.page.on("response", lambda r: seen.append((r.request.method, r.url, r.status))
              if r.url.startswith(live.url) else None)
    try:
        with p.page.expect_navigation(url=f"{live.url}/api/games/{gid}/actions"):
            p.page.goto(attacker.url)
        p.page.wait_for_load_state()
        posts = [(url, status) for method, url, status in seen if method == "POST"]
        assert (f"{live.url}/api/games", 403) in posts, seen
        assert (f"{live.url}/api/games/{gid}/actions", 403) in posts, seen
        assert "Origin:" in p.page.content()
    finally:
        p.context.close()
        attacker.stop()
    assert games(client) == [gid]
    after = client.get(f"/api/games/{gid}?seat=0").json
    assert (after["version"], after["view"]) == (before["version"], before["view"])
    # The refused form body was a real decision: sent as JSON by the page's origin, it is played.
    body = name + '="}'
    r = client.post(f"/api/games/{gid}/actions", data=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 200 and r.json["applied"] == 1, r.get_data(as_text=True)


def serve(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "autodromo_web", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_a_host_other_than_loopback_needs_lan(tmp_path: Any) -> None:
    p = serve("--host", "0.0.0.0", "--port", str(free_port()), "--db", str(tmp_path / "g.sqlite3"))
    out, err = p.communicate(timeout=60)
    assert p.returncode != 0
    assert "without --lan" in err and "0.0.0.0" in err


def test_lan_prints_the_join_address_and_still_refuses_foreign_hosts(tmp_path: Any) -> None:
    port = free_port()
    p = serve("--host", "0.0.0.0", "--port", str(port), "--lan", "--db", str(tmp_path / "g.sqlite3"))
    try:
        deadline = time.time() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1) as r:
                    assert r.status == 200
                    break
            except OSError:
                assert time.time() < deadline and p.poll() is None, "the server did not start"
                time.sleep(0.1)
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/games", headers={"Host": "attacker.example"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(req, timeout=5)
        assert refused.value.code == 403
        refused.value.close()
    finally:
        p.terminate()
        out, _ = p.communicate(timeout=10)
    # The address phones open is the machine's network address, with its QR code in text (issue 32).
    line = next(x for x in out.splitlines() if x.startswith("On the local network: open http://"))
    assert f":{port}/" in line and "127.0.0.1" not in line and "0.0.0.0" not in line, line
    assert "▀" in out or "█" in out, "a QR code drawn in the terminal"
