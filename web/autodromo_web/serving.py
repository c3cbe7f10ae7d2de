"""The HTTP server: werkzeug's threaded server, with connections kept open between requests.

werkzeug's own handler closes every connection after one answer (it cannot tell where an unread
body ends), so each decision cost a new TCP connection and a new thread. A phone's browser keeps
its connection, and so does this server now: a request's body is read whole (its
``Content-Length``, within the app's limit) before the app sees it, so the next request always
starts where this one ended. Anything else (a chunked body, ``Expect``, a body over the limit)
goes to werkzeug's handler unchanged, which answers it and closes the connection.

Measured under load (docs/web.md, "Under load"): a new connection and thread per request, and an
access-log line per answer, were a large share of the server's CPU; only refusals and errors are
logged now.
"""

from __future__ import annotations

import errno
import io
import socket
import threading
import time
from email.utils import formatdate
from typing import Any

from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler

#: Seconds a kept connection may stay silent before the server closes it (a phone that left).
IDLE_SECONDS = 120.0


class KeepAliveHandler(WSGIRequestHandler):
    protocol_version = "HTTP/1.1"
    #: Answers go out at once (``TCP_NODELAY``), not held back for the client's acknowledgement.
    disable_nagle_algorithm = True
    timeout = IDLE_SECONDS
    #: werkzeug types a handler's server as its base class; make() pairs this handler with a
    #: Server only.
    server: Server

    def setup(self) -> None:
        super().setup()
        self.server.opened(self.connection)

    def finish(self) -> None:
        self.server.closed(self.connection)
        super().finish()

    def log_error(self, format: str, *args: Any) -> None:
        # A kept connection silent for IDLE_SECONDS is closed (by http.server) without a word.
        if not format.startswith("Request timed out"):
            super().log_error(format, *args)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        # One line per answer to the terminal cost more than some answers; refusals and errors
        # are still logged.
        if str(code)[:1] in ("4", "5"):
            super().log_request(code, size)

    def run_wsgi(self) -> None:
        length = self._body_length()
        if length is None:
            self.close_connection = True
            super().run_wsgi()
            return
        body = self.rfile.read(length) if length else b""
        if len(body) < length:
            self.close_connection = True  # the client left mid-body
            return
        environ = self.make_environ()
        environ["wsgi.input"] = io.BytesIO(body)
        if self.headers.get("Connection", "").lower() == "close":
            self.close_connection = True
        self._answer(environ)

    def _body_length(self) -> int | None:
        """The body's length when this handler can read it whole, else None (werkzeug's)."""
        if self.headers.get("Transfer-Encoding") is not None or self.headers.get("Expect") is not None:
            return None
        given = self.headers.get("Content-Length")
        if given is None:
            return 0
        if not given.isdigit():
            return None
        length = int(given)
        # A Flask app's limit; a plain WSGI app has none.
        config: dict[str, Any] = getattr(self.server.app, "config", {})
        limit = config.get("MAX_CONTENT_LENGTH")
        if limit is not None and length > limit:
            return None  # the app answers 413; werkzeug's handler then drops the rest
        return length

    def _answer(self, environ: dict[str, Any]) -> None:
        started: list[Any] = []

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            if exc_info and started and started[2]:
                raise exc_info[1].with_traceback(exc_info[2])
            started[:] = [status, headers, False]
            return lambda data: self._send(started, environ, data, chunked=False)

        result = self.server.app(environ, start_response)
        try:
            if not started:
                raise RuntimeError("the application answered without start_response")
            names = {k.lower() for k, _ in started[1]}
            code = int(started[0].split(None, 1)[0])
            # An answer of unknown length (a live stream) goes out in chunks, each as made.
            chunked = ("content-length" not in names and environ["REQUEST_METHOD"] != "HEAD"
                       and not 100 <= code < 200 and code not in (204, 304))
            for data in result:
                if data:
                    self._send(started, environ, data, chunked)
            self._send(started, environ, b"", chunked)
            if chunked:
                self.wfile.write(b"0\r\n\r\n")
        except (ConnectionError, socket.timeout):
            self.close_connection = True
        except Exception:
            # Headers may be out already: the only honest end is to close the connection.
            self.close_connection = True
            raise
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()

    def _send(self, started: list[Any], environ: dict[str, Any], data: bytes, chunked: bool) -> None:
        out = b""
        if not started[2]:
            started[2] = True
            status, headers = started[0], started[1]
            lines = [f"HTTP/1.1 {status}", f"Server: {self.version_string()}",
                     f"Date: {formatdate(usegmt=True)}"]
            lines += [f"{k}: {v}" for k, v in headers]
            if chunked:
                lines.append("Transfer-Encoding: chunked")
            if self.close_connection:
                lines.append("Connection: close")
            out = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
            self.log_request(status.split(None, 1)[0])
        if data:
            out += b"%x\r\n%s\r\n" % (len(data), data) if chunked else data
        if out:
            # Headers and body in one write: one packet for a small answer.
            self.wfile.write(out)


class Server(ThreadedWSGIServer):
    """Keeps its open connections, so that closing the server closes them too (a kept
    connection would otherwise go on being answered after the server stopped)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Set first: given a socket to listen on, werkzeug closes the one it made in __init__.
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()
        super().__init__(*args, **kwargs)

    def opened(self, connection: socket.socket) -> None:
        with self._open_lock:
            self._open.add(connection)

    def closed(self, connection: socket.socket) -> None:
        with self._open_lock:
            self._open.discard(connection)

    def server_close(self) -> None:
        super().server_close()
        with self._open_lock:
            still = list(self._open)
        for connection in still:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def make(host: str, port: int, app: Any, fd: int | None = None) -> Server:
    """A threaded server for ``app`` on ``host:port`` (0: any free port), connections kept; on
    the listening socket ``fd`` instead when given (a worker of a server of several processes)."""
    return Server(host, port, app, handler=KeepAliveHandler, fd=fd)


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (0: any free port), for workers to share."""
    from werkzeug.serving import get_sockaddr, select_address_family

    family = select_address_family(host, port)
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # A server just killed on this port may still have workers closing (they leave as soon as
    # they see their parent gone): the port is tried again for a moment before giving up.
    deadline = time.monotonic() + 3.0
    while True:
        try:
            sock.bind(get_sockaddr(host, port, family))
            break
        except OSError as e:
            if e.errno == errno.EADDRINUSE and time.monotonic() < deadline:
                time.sleep(0.05)
                continue
            sock.close()
            raise SystemExit(f"autodromo: cannot listen on {host}:{port}: {e.strerror}") from None
    sock.listen(128)
    sock.setblocking(False)
    return sock
