"""``python -m autodromo.locale.english``: the English catalogues say what the words modules
say. English is the words' own language, so each English message is its own translation; run
by ``make messages`` after an update, so the English catalogues stay complete."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po, write_po

from . import DOMAINS, catalogue_path


def main() -> None:
    # The page's catalogue (the web page's own texts) sits in the web package, when it is here.
    page = Path(__file__).resolve().parents[3] / "web/autodromo_web/locale/en/LC_MESSAGES/page.po"
    for domain, path in [*((d, catalogue_path(d, "en")) for d in DOMAINS), ("page", page)]:
        if not path.is_file():
            continue
        with path.open("rb") as f:
            catalog = read_po(f, locale="en", domain=domain)
        for message in catalog:
            if message.id and not message.string:
                message.string = message.id
        with path.open("wb") as f:
            write_po(f, catalog, width=100)


if __name__ == "__main__":
    main()
