"""The ``autodromo`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib.metadata import entry_points
from types import ModuleType
from typing import Any

from . import balance_cli, game_module, games, locale, replay, simulate_cli
from .errors import AutodromoError, OptionError


WEB_FLAGS = {"--host", "--port", "--open", "--db", "--lan", "--workers"}

# The web page and the bridge are their own distributions: each declares its command in this
# entry-point group, so this package never imports them by name.
COMMANDS = "autodromo.commands"
PROVIDERS = {"play": ("autodromo-web", "web"), "bridge": ("autodromo-bridge", "firmware_bridge")}


def command(name: str) -> Callable[..., Any]:
    """The command another distribution provides under ``name``, or an error saying what to install."""
    for ep in entry_points(group=COMMANDS, name=name):
        loaded: Callable[..., Any] = ep.load()
        return loaded
    package, folder = PROVIDERS[name]
    raise OptionError(
        f"`autodromo {name}` needs the {package} package: run `make setup` (or `pip install -e {folder}`)"
    )


def _terminals() -> list[ModuleType]:
    """Each game's terminal module (``autodromo.tui.<id>``), in the core's order of the games."""
    return [t for g in games() if (t := game_module.of(g, "tui")) is not None]


def _terminal(game: str) -> ModuleType:
    """The game's terminal module; :class:`OptionError` for a game without one."""
    tui = game_module.of(game, "tui")
    if tui is None:
        raise OptionError(f"{game} has no terminal game")
    return tui


def _play_games() -> list[str]:
    """The games whose terminal plays under ``autodromo play <game>``."""
    return [g for g in games() if hasattr(game_module.of(g, "tui"), "add_play_options")]


def _choose_play(args: argparse.Namespace, words: list[str]) -> None:
    """`autodromo play` alone starts the web page; a game name, or any terminal option (as
    before the page existed), plays the terminal game of `play`."""
    flags = {w.split("=")[0] for w in words[1:] if w.startswith("--")}
    if args.game is None and not flags - WEB_FLAGS:
        args.run = _web
        return
    if flags & WEB_FLAGS:
        raise OptionError("--host, --port, --open, --db, --lan and --workers are for the web page: "
                          "`autodromo play` with no game")
    args.game = args.game or _play_games()[0]


def _web(args: argparse.Namespace) -> int:
    command("play")(args.host, args.port, args.db, args.open, args.lan, args.workers)
    return 0


def _play(args: argparse.Namespace) -> int:
    result: int = _terminal(args.game).play(args)
    return result


def _bridge(words: list[str]) -> int:
    """`autodromo bridge ...`: its options are the autodromo-bridge package's own."""
    result: int = command("bridge")(words)
    return result


def _replay(args: argparse.Namespace) -> int:
    r = replay.load(args.file)
    print(f"{r.game.name}: {len(r.actions)} actions verified, terminal={r.state.is_terminal()}")
    return 0


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language of the terminal's words (default: the environment's locale)."""
    parser.add_argument("--lang", choices=locale.LANGUAGES, default=None,
                        help="the language of the words: " + ", ".join(locale.LANGUAGES)
                        + " (default: LANGUAGE, LC_ALL or LANG, else English)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="autodromo", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    terminal = _play_games()
    play = sub.add_parser(
        "play", help="play in the browser (no game: the local web page)"
        + "".join(f" or {game_module.title(g)} in the terminal" for g in terminal)
    )
    play.add_argument("game", nargs="?", default=None, choices=terminal)
    play.add_argument("--host", default=None,
                      help="web page: address (default loopback only; with --lan, every interface)")
    play.add_argument("--port", type=int, default=8000, help="web page: port")
    play.add_argument("--open", action="store_true", help="web page: open it in a browser")
    play.add_argument("--db", default=None, help="web page: the SQLite file of saved games")
    play.add_argument("--lan", action="store_true",
                      help="web page: serve it on the local network (each seat joins by its own link; "
                           "prints the address and a QR code)")
    play.add_argument("--workers", type=int, default=None,
                      help="web page: server processes (default: AUTODROMO_WORKERS, else the machine's cores)")
    add_lang_option(play)
    for g in terminal:
        _terminal(g).add_play_options(play)
    play.set_defaults(run=_play)
    # Each game's terminal adds its own commands (`race <game>`, `<game>`).
    for tui in _terminals():
        if hasattr(tui, "add_commands"):
            tui.add_commands(sub)
    simulate_cli.add_parser(sub)
    balance_cli.add_parser(sub)
    sub.add_parser("bridge", help="dashboards and LED track boards over serial (see `autodromo bridge --help`)")
    rep = sub.add_parser("replay", help="verify a replay file")
    rep.add_argument("file")
    rep.set_defaults(run=_replay)
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["bridge"]:
        try:
            return _bridge(words[1:])
        except AutodromoError as e:
            print(f"autodromo: {e}", file=sys.stderr)
            return 2
    if words[:1] == ["race"] and len(words) > 1 and words[1] in games() and words[1] in sub.choices:
        # `autodromo race <game> ...` for a game with a command of its own: its options are its own.
        words = words[1:]
    args = parser.parse_args(words)
    try:
        if args.command == "play":
            _choose_play(args, words)
        # The words of the game in the language asked for, else the locale's (docs/languages.md).
        with locale.use(locale.choose(getattr(args, "lang", None))):
            result: int = args.run(args)
        return result
    except (AutodromoError, OSError) as e:
        print(f"autodromo: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
