"""The e-book: one EPUB 3 per language, from Sphinx's epub builder.

``tools/build.py`` builds it after the language's site, from the same doctrees (so it holds
the same text, figures and checks), with ``sphinx-build -b epub -W``; ``epubcheck`` then
reads it. This module makes the book right for its language:

* per-language settings (``config-inited``): the file ``tabula-xx.epub``, the language, a
  title and an identifier (a UUID made from the language and the edition's version: the
  same edition is the same book), no index, links' addresses not printed after them;
* the same bytes from the same text: the archive's entries carry the commit's time
  (``SOURCE_DATE_EPOCH``) instead of the files' (Sphinx's own archive takes theirs);
* the drawings lose their document type declaration (EPUB 3 allows no external DTD), and
  the old-style contents (``toc.ncx``) name the book by its identifier;
* every page's ``<html>`` carries the language, and the contents are headed in it;
* the site's language bar is left out (its links lead out of the book), and so is each
  translated paragraph's original (a disclosure the books do not print).

Figures are the site's SVG drawings (a core media type of EPUB 3, which every reading system
must show); text in another language carries its ``lang``, as on the site.
"""

from __future__ import annotations

import os
import re
import time
import uuid
from typing import Any
from zipfile import ZIP_DEFLATED, ZIP_STORED, ZipFile, ZipInfo

from sphinx.application import Sphinx
from sphinx.builders.epub3 import Epub3Builder
from sphinx.config import Config

from .pdf import CONTENTS

DOCTYPE = re.compile(r"<!DOCTYPE svg[^>]*>\s*")
EPOCH_1980 = 315532800  # the earliest time a zip entry can carry
NAMESPACE = uuid.UUID("6f0c3c8e-6c1e-5b0a-9d43-746162756c61")  # the edition's own


def identifier(language: str, release: str) -> str:
    """The book's unique identifier: the same for the same language and version."""
    return f"urn:uuid:{uuid.uuid5(NAMESPACE, f'tabula/{release}/{language}')}"


def _configure(app: Sphinx, config: Config) -> None:
    language = config.language
    config.epub_basename = f"tabula-{language}"
    config.epub_title = "Tabula"
    config.epub_author = config.epub_publisher = "Tabula"
    config.epub_language = language
    config.epub_identifier = identifier(language, config.release)
    config.epub_scheme = "UUID"
    config.epub_uid = "tabula-id"
    config.epub_use_index = False
    config.epub_show_urls = "no"
    config.epub_tocdepth = 2


class TabulaEpubBuilder(Epub3Builder):
    """Sphinx's EPUB 3 builder, writing its archive reproducibly, and the figures and the
    old-style contents (toc.ncx) as EPUB 3 wants them."""

    def init(self) -> None:
        super().init()
        language = self.config.language
        # every page says its language (Sphinx's EPUB pages do not); the contents are
        # headed in it (Sphinx's heading is English)
        self.html_tag = (
            '<html xmlns="http://www.w3.org/1999/xhtml" '
            f'xmlns:epub="http://www.idpf.org/2007/ops" lang="{language}" xml:lang="{language}">'
        )
        self.guide_titles = {**self.guide_titles, "toc": CONTENTS.get(language, "Contents")}

    def copy_image_files(self) -> None:
        super().copy_image_files()
        for drawing in sorted((self.outdir / self.imagedir).glob("*.svg")):
            _drop_doctype(drawing)

    def toc_metadata(self, level: int, navpoints: list[Any]) -> dict[str, Any]:
        # the contents name the book by its identifier, as the package does (Sphinx puts
        # the name of the identifier's XML attribute there)
        metadata = super().toc_metadata(level, navpoints)
        metadata["uid"] = self.config.epub_identifier
        return metadata

    def build_epub(self) -> None:
        stamp = _stamp()
        target = self.outdir / f"{self.config.epub_basename}.epub"
        partial = target.with_name(f".{target.name}.partial")
        names = ["META-INF/container.xml", "content.opf", "toc.ncx", *self.files]
        with ZipFile(partial, "w") as book:
            # the mimetype first and stored, as EPUB requires
            _add(book, self.outdir / "mimetype", "mimetype", stamp, ZIP_STORED)
            for name in names:
                _add(book, self.outdir / name, name, stamp, ZIP_DEFLATED)
        os.replace(partial, target)


def _drop_doctype(drawing: Any) -> None:
    """Remove an SVG's document type declaration (matplotlib writes SVG 1.1's): EPUB 3
    allows no external DTD, and the drawing is the same without it."""
    text = drawing.read_text(encoding="utf-8")
    plain = DOCTYPE.sub("", text, count=1)
    if plain != text:
        drawing.write_text(plain, encoding="utf-8")


def _add(book: ZipFile, path: Any, name: str, stamp: tuple[int, ...], method: int) -> None:
    entry = ZipInfo(name, date_time=stamp[:6])  # type: ignore[arg-type]
    entry.external_attr = 0o644 << 16
    entry.compress_type = method
    with open(path, "rb") as handle:
        book.writestr(entry, handle.read(), compresslevel=9 if method == ZIP_DEFLATED else None)


def _stamp() -> tuple[int, ...]:
    """The commit's time (tools/build.py sets SOURCE_DATE_EPOCH), or 1980."""
    value = os.environ.get("SOURCE_DATE_EPOCH", "")
    seconds = max(int(value) if value.isdigit() else EPOCH_1980, EPOCH_1980)
    return tuple(time.gmtime(seconds))


def setup(app: Sphinx) -> None:
    # set by tools/build.py when it builds the e-books too: every page then links its book
    app.add_config_value("tabula_epub", False, "html", types=frozenset({bool}))
    app.connect("config-inited", _configure)
    app.add_builder(TabulaEpubBuilder, override=True)
