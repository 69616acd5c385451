"""The site's own words (notices, labels) in the reader's language, through gettext.

The messages live in ``locale/<lang>/LC_MESSAGES/tabula.po`` beside this module. Their
msgids are English keys; every site language has its msgstr. The ``.mo`` files are
compiled here at start-up, so only the ``.po`` files are kept in git.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from sphinx.application import Sphinx
from sphinx.locale import get_translation

CATALOG = "tabula"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_ = get_translation(CATALOG)

# Language names, translated through this catalogue (notices, the status page, provenance).
LANGUAGE_NAMES = {
    "da": "Danish",
    "sv": "Swedish",
    "de": "German",
    "fr": "French",
}


def compile_catalogues(locale_dir: Path = LOCALE_DIR) -> None:
    """Compile each ``tabula.po`` whose ``.mo`` is missing or older."""
    for po in locale_dir.glob(f"*/LC_MESSAGES/{CATALOG}.po"):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source)
        temporary = mo.with_suffix(f".{id(catalog)}.tmp")
        with temporary.open("wb") as target:
            write_mo(target, catalog)
        temporary.replace(mo)  # atomic: two language builds may start at once


def setup(app: Sphinx) -> None:
    compile_catalogues()
    app.add_message_catalog(CATALOG, str(LOCALE_DIR))
