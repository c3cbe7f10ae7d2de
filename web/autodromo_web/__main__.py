"""``python -m autodromo_web [--host H] [--port P] [--db FILE] [--open] [--lan] [--workers N]``: the same as
``autodromo play`` with no game."""

from __future__ import annotations

import argparse

from . import serve


def main() -> None:
    parser = argparse.ArgumentParser(prog="autodromo_web", description=__doc__)
    parser.add_argument("--host", default=None,
                        help="address to listen on (default: loopback only; with --lan, every interface)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="the SQLite file of saved games")
    parser.add_argument("--lan", action="store_true",
                        help="serve the table on the local network: phones join by link (prints the address and its QR code)")
    parser.add_argument("--open", action="store_true", help="open the page in a browser")
    parser.add_argument("--workers", type=int, default=None,
                        help="server processes (default: AUTODROMO_WORKERS, else the machine's cores; 1: one process)")
    args = parser.parse_args()
    serve(args.host, args.port, args.db, args.open, args.lan, args.workers)


if __name__ == "__main__":
    main()
