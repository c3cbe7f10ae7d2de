"""``python -m autodromo.locale.english``: the English catalogues say what the words modules
say. English is the words' own language, so each English message is its own translation; run
by ``make messages`` after an update, so the English catalogues stay complete."""

from __future__ import annotations

from babel.messages.pofile import read_po, write_po

from . import DOMAINS, catalogue_path


def main() -> None:
    for domain in DOMAINS:
        path = catalogue_path(domain, "en")
        with path.open("rb") as f:
            catalog = read_po(f, locale="en", domain=domain)
        for message in catalog:
            if message.id and not message.string:
                message.string = message.id
        with path.open("wb") as f:
            write_po(f, catalog, width=100)


if __name__ == "__main__":
    main()
