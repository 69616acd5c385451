"""Tabula's Sphinx extension: the thin layer between the engine and the site.

* :mod:`.figures` — the ``board`` and ``score-table`` directives: they ask the engine to
  check a figure's claims and draw it (cached by content hash), never deciding rules;
* :mod:`.ledgers` — the ``peg-board`` and ``ledger-table`` directives for the scoring
  ledgers of Trictrac (the combined game's hole rails, the worked accounts);
* :mod:`.replays` and :mod:`.interactive` — the ``replay`` directive (a sequence the text
  plays out, stepped through) and every board figure's "try a roll": reading aids shown by
  a script, left out without it, in print and in the books;
* :mod:`.editorial` — the ``ed`` role and the ``editorial-notes`` directive: every change
  this edition made to a source sentence, with the seed line it fixes;
* :mod:`.languages` — which language each page was written in, the notice and ``lang``
  marking where a reader's language is missing, and the language switcher;
* :mod:`.theme` — the site's theme (Furo) in the reader's language: its menu, colour switch
  and navigation tree named for screen readers and reachable by keyboard;
* :mod:`.publishing` — a published page's canonical address, language alternates and link
  preview, from the one setting of the site's public address;
* :mod:`.pdf` — the PDF edition (LaTeX/XeLaTeX): per-language book settings, fallback text
  in its own language's hyphenation, chapters not yet established left out;
* :mod:`.booklets` — a booklet per game (A5): its chapters, its glossary entries, a title page;
* :mod:`.epub` — the e-book (EPUB 3) per language, written reproducibly.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # the engine lives at the repository root
    sys.path.insert(0, str(ROOT))

from . import (  # noqa: E402
    booklets,
    chrome,
    domain,
    editorial,
    epub,
    examples,
    figures,
    glossary,
    interactive,
    languages,
    ledgers,
    pdf,
    publishing,
    replays,
    slots,
    status,
    theme,
)


def _source_version() -> int:
    """A number that changes with this extension's code, so Sphinx rereads every page then."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.read_bytes())
    return int(digest.hexdigest()[:8], 16)


def setup(app: Sphinx) -> dict[str, Any]:
    chrome.setup(app)
    domain.setup(app)
    languages.setup(app)
    figures.setup(app)
    ledgers.setup(app)
    interactive.setup(app)
    replays.setup(app)
    editorial.setup(app)
    examples.setup(app)
    slots.setup(app)
    status.setup(app)
    glossary.setup(app)
    pdf.setup(app)
    booklets.setup(app)  # after pdf: it adds to the book's LaTeX settings
    epub.setup(app)
    publishing.setup(app)
    theme.setup(app)
    return {
        "version": "1",
        "env_version": _source_version(),
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
