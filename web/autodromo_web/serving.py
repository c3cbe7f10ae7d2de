"""The HTTP server: waitress (issue 37, item 5), its connections kept open between requests.

werkzeug's threaded server gave each connection a thread of its own, unbounded, with one 120 s
timeout that also covered a request's unfinished headers: 6,000 half-sent requests closed at
once left it unanswering for 45 s. waitress reads every connection in one loop of its own (a
connection that sends nothing costs a socket, not a thread) and runs the app in a bounded pool of
``THREADS`` threads, once a request has arrived whole. On top of it:

- **a cap per address** (``PER_ADDRESS`` connections open at once, per worker process): past it
  a new connection from that address is closed as soon as it is accepted;
- **a short header timeout** (``HEADER_SECONDS``): a request whose headers have not all arrived
  that long after its first byte is closed, however slowly its bytes trickle in;
- a connection silent for ``IDLE_SECONDS`` between requests is closed (a phone that left), and at
  most ``CONNECTIONS`` are open per process (past it waitress stops accepting until some close).

Bodies longer than the app's ``MAX_CONTENT_LENGTH`` are refused (413) before they are read.
"""

from __future__ import annotations

import errno
import socket
import threading
import time
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer

#: Seconds a kept connection may stay silent between requests before the server closes it.
IDLE_SECONDS = 120.0
#: Seconds from a request's first byte to the end of its headers.
HEADER_SECONDS = 10.0
#: Connections one address may hold open at once, per worker process (a browser opens at most
#: six per server, plus a live stream per tab).
PER_ADDRESS = 32
#: Connections open at once per worker process.
CONNECTIONS = 1000
#: Connections accepted at most per turn of the server's loop.
ACCEPT_BATCH = 256
#: Threads running requests, per worker process (a live stream holds one while it is open:
#: ``throttle.Streams`` leaves room for the requests).
THREADS = 24


class Channel(HTTPChannel):  # type: ignore[misc]
    #: When the first byte of the request still being read arrived (None between requests).
    began: float | None = None
    counted: bool = False

    def received(self, data: bytes) -> bool:
        if self.request is None and data:
            self.began = time.time()
        done: bool = super().received(data)
        if self.request is None or self.request.headers_finished:
            self.began = None
        return done

    def del_channel(self, map: Any = None) -> None:
        super().del_channel(map)
        if self.counted:
            self.counted = False
            self.server.forget(self.addr)


class Server(TcpWSGIServer):  # type: ignore[misc]
    channel_class = Channel

    def __init__(self, app: Any, sock: socket.socket, adj: Adjustments, per_address: int,
                 header_seconds: float) -> None:
        #: The app served (waitress keeps it, maybe wrapped, as ``application``).
        self.app = app
        self.per_address = per_address
        self.header_seconds = header_seconds
        self.open_from: dict[str, int] = {}
        #: Connections closed at once for their address's cap (the bench reads it).
        self.refused = 0
        self._stopping = threading.Event()
        self._stopped = threading.Event()
        # Set from a signal handler, which must take no lock (Event.set takes one).
        self._stop_requested = False
        sockinfo = (sock.family, sock.type, sock.proto, sock.getsockname())
        super().__init__(app, map={}, _sock=sock, adj=adj, bind_socket=False, sockinfo=sockinfo)

    @property
    def server_port(self) -> int:
        return int(self.effective_port)

    def handle_accept(self) -> None:
        # Whatever waits, up to a batch: waitress takes one connection per turn of its loop,
        # and each turn looks at every open connection, so a thousand arriving at once kept
        # the next honest request waiting 1.5 s behind them.
        for _ in range(ACCEPT_BATCH):
            try:
                got = self.accept()
                if got is None:
                    return  # none left (or another worker took it)
                conn, addr = got
            except OSError:
                return
            host = str(addr[0]) if isinstance(addr, tuple) else str(addr)
            if self.open_from.get(host, 0) >= self.per_address:
                self.refused += 1
                conn.close()
                continue
            try:
                self.set_socket_options(conn)
            except OSError:
                conn.close()
                continue
            self.open_from[host] = self.open_from.get(host, 0) + 1
            channel = self.channel_class(self, conn, addr, self.adj, map=self._map)
            channel.counted = True

    def forget(self, addr: Any) -> None:
        host = str(addr[0]) if isinstance(addr, tuple) else str(addr)
        left = self.open_from.get(host, 0) - 1
        if left > 0:
            self.open_from[host] = left
        else:
            self.open_from.pop(host, None)

    def maintenance(self, now: float) -> None:
        super().maintenance(now)
        cutoff = now - self.header_seconds
        for channel in list(self.active_channels.values()):
            began = getattr(channel, "began", None)
            if began is not None and began < cutoff:
                channel.will_close = True

    def serve_forever(self) -> None:
        try:
            while not (self._stop_requested or self._stopping.is_set()):
                self.asyncore.loop(timeout=self.adj.asyncore_loop_timeout, map=self._map,
                                   use_poll=True, count=1)
        finally:
            self._stopped.set()

    def request_stop(self) -> None:
        """(From a signal handler.) The loop ends at its next turn, woken at once by the trigger
        (a write to a pipe: no lock)."""
        self._stop_requested = True
        self.pull_trigger()

    def shutdown(self) -> None:
        """(From another thread.) Stops the loop; ``server_close`` then closes what is open."""
        self._stopping.set()
        self.pull_trigger()
        self._stopped.wait(10)

    def server_close(self) -> None:
        """Closes every connection (a kept one would otherwise go on being answered) and the
        listening socket, and lets the pool's threads finish."""
        self._stopping.set()
        for channel in list(self._map.values()):
            if channel is self or channel is self.trigger:
                continue
            try:
                channel.socket.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            try:
                channel.close()
            except OSError:
                pass
        self.task_dispatcher.shutdown(cancel_pending=True, timeout=5)
        try:
            self.close()
        except OSError:
            pass


def make(host: str, port: int, app: Any, fd: int | None = None) -> Server:
    """A server for ``app`` on ``host:port`` (0: any free port), connections kept; on the
    listening socket ``fd`` instead when given (a worker of a server of several processes)."""
    sock = listen(host, port) if fd is None else socket.socket(fileno=socket.dup(fd))
    config: dict[str, Any] = getattr(app, "config", {})
    limit = config.get("MAX_CONTENT_LENGTH")
    adj = Adjustments(
        threads=int(config.get("AUTODROMO_THREADS", THREADS)),
        connection_limit=int(config.get("AUTODROMO_CONNECTIONS", CONNECTIONS)),
        channel_timeout=int(config.get("AUTODROMO_IDLE_CONNECTION_SECONDS", IDLE_SECONDS)),
        cleanup_interval=1,
        asyncore_use_poll=True,
        # Read one request ahead: a request's bot work then hears of its client leaving.
        channel_request_lookahead=1,
        max_request_body_size=limit if limit is not None else 1073741824,
        backlog=1024,
        ident="autodromo",
        # No proxy stands in front: its headers' middleware only cost each request a pass.
        clear_untrusted_proxy_headers=False,
    )
    return Server(app, sock, adj, int(config.get("AUTODROMO_PER_ADDRESS", PER_ADDRESS)),
                  float(config.get("AUTODROMO_HEADER_SECONDS", HEADER_SECONDS)))


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (0: any free port), for workers to share."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # A server just killed on this port may still have workers closing (they leave as soon as
    # they see their parent gone): the port is tried again for a moment before giving up.
    deadline = time.monotonic() + 3.0
    while True:
        try:
            sock.bind((host, port))
            break
        except OSError as e:
            if e.errno == errno.EADDRINUSE and time.monotonic() < deadline:
                time.sleep(0.05)
                continue
            sock.close()
            raise SystemExit(f"autodromo: cannot listen on {host}:{port}: {e.strerror}") from None
    sock.listen(1024)
    sock.setblocking(False)
    return sock
