"""The e-books: an EPUB 3 per language that a reading system accepts and that says what the
site says, read back from the archive.

They come from the session's build (``tests/conftest.py``): each passes epubcheck (run here
again), is in its language (package, every page, the contents' heading), has the site's
text page for page, its drawings (the site's SVG), footnotes, glossary and the ``lang`` of
passages in other languages, and is linked from every page of the site. All are ``slow``;
they need epubcheck (``make setup-system``).
"""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import LANGUAGES
from tests.docs.test_pdf import CHAPTER, CONTENTS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402

pytestmark = pytest.mark.slow


def book(built: Any, language: str) -> zipfile.ZipFile:
    return zipfile.ZipFile(built.epub / f"tabula-{language}.epub")


def read(archive: zipfile.ZipFile, name: str) -> str:
    return archive.read(name).decode("utf-8")


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_e_book_passes_epubcheck(built: Any, language: str) -> None:
    command = build.epubcheck_command()
    assert command, "epubcheck is not installed (make setup-system)"
    done = subprocess.run(
        [*command, str(built.epub / f"tabula-{language}.epub")], capture_output=True, text=True
    )
    said = done.stdout + done.stderr
    assert done.returncode == 0 and "No errors or warnings detected" in said, said


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_e_book_is_in_its_language(built: Any, language: str) -> None:
    with book(built, language) as archive:
        first = archive.infolist()[0]
        assert first.filename == "mimetype" and first.compress_type == zipfile.ZIP_STORED
        assert archive.read("mimetype") == b"application/epub+zip"
        package = read(archive, "content.opf")
        assert f"<dc:language>{language}</dc:language>" in package
        assert "<dc:title>Tabula</dc:title>" in package
        identifier = re.search(r"<dc:identifier[^>]*>urn:uuid:([0-9a-f-]{36})<", package)
        assert identifier, package[:2000]
        assert identifier.group(1) in read(archive, "toc.ncx")  # the same book in both
        pages = [n for n in archive.namelist() if n.endswith(".xhtml")]
        assert len(pages) > 20
        for name in pages:
            root = re.search(r"<html[^>]*>", read(archive, name))
            assert root and f'lang="{language}"' in root.group(0), name
        nav = read(archive, "nav.xhtml")
        assert f"<h1>{CONTENTS[language]}</h1>" in nav
        assert CHAPTER[language][0] in nav  # the Bräde chapter is in the contents
        assert 'href="brade/index.xhtml"' in nav


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_drawings_are_the_sites_svg(built: Any, language: str) -> None:
    with book(built, language) as archive:
        page = read(archive, "brade/index.xhtml")
        sources = re.findall(r'<img [^>]*src="\.\./(_images/[^"]+)"', page)
        assert len(sources) == 16 and all(s.endswith(".svg") for s in sources)
        package = read(archive, "content.opf")
        for source in sources:
            assert re.search(rf'href="{re.escape(source)}" media-type="image/svg\+xml"', package)
            drawing = read(archive, source)
            assert "<!DOCTYPE" not in drawing  # EPUB 3 allows no external DTD
            site = (built.html / language / source).read_text(encoding="utf-8")
            assert re.sub(r"<!DOCTYPE svg[^>]*>\s*", "", site) == drawing


@pytest.mark.parametrize("language", LANGUAGES)
def test_footnotes_glossary_and_foreign_passages(built: Any, language: str) -> None:
    with book(built, language) as archive:
        rules = read(archive, "trictrac-1698/index.xhtml")
        notes = re.findall(r'<aside class="footnote[^"]*" id="([^"]+)" role="doc-footnote"', rules)
        assert len(notes) > 50
        assert all(f'href="#{note}"' in rules for note in notes)  # each is referred to
        glossary = read(archive, "glossary/index.xhtml")
        assert glossary.count('class="tabula-term') > 30
        for other in LANGUAGES:  # each entry's equivalents carry their language
            if other != language:
                assert f'lang="{other}"' in glossary, other
        assert "../glossary/index.xhtml#glossary-" in read(archive, "brade/index.xhtml")
        assert "tabula-original" not in rules  # the originals on request are the site's only


# where a page's main text lies: the site's theme (Furo) puts it in <article role="main">,
# the e-book's plain page in <body>
SITE_MAIN = ("article", ("role", "main"))
BOOK_MAIN = ("body", None)


class Paragraphs(HTMLParser):
    """The text of each paragraph in a page's main text: not what only the site has, the
    originals on request (``<details>``), the permalinks (``a.headerlink``) and what its
    scripts show (replays and "try a roll", written ``hidden``)."""

    def __init__(self, main: tuple[str, tuple[str, str] | None]) -> None:
        super().__init__()
        self.main = main
        self.found: list[str] = []
        self.depth = 0  # inside the main text's element (counting its own kind nested in it)
        self.hiding: list[list[Any]] = []  # [tag, how many of it are open] that hide their inside
        self.current: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        container, marked = self.main
        if self.hiding and tag == self.hiding[-1][0]:
            self.hiding[-1][1] += 1
        elif tag == container and self.depth:
            self.depth += 1
        elif tag == container and (marked is None or marked in attrs):
            self.depth = 1
        elif self._hides(tag, attrs):
            self.hiding.append([tag, 1])
        elif tag == "p" and self.depth and not self.hiding:
            self.current = []

    @staticmethod
    def _hides(tag: str, attrs: list[tuple[str, str | None]]) -> bool:
        headerlink = tag == "a" and ("class", "headerlink") in attrs
        return tag == "details" or headerlink or any(name == "hidden" for name, _ in attrs)

    def handle_endtag(self, tag: str) -> None:
        if self.hiding and tag == self.hiding[-1][0]:
            self.hiding[-1][1] -= 1
            if not self.hiding[-1][1]:
                self.hiding.pop()
        elif tag == self.main[0] and self.depth:
            self.depth -= 1
        elif tag == "p" and self.current is not None:
            self.found.append(" ".join("".join(self.current).split()))
            self.current = None

    def handle_data(self, data: str) -> None:
        if self.current is not None and not self.hiding:
            self.current.append(data)


def paragraphs(text: str, main: tuple[str, tuple[str, str] | None] = BOOK_MAIN) -> list[str]:
    parser = Paragraphs(main)
    parser.feed(text)
    return parser.found


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_e_book_says_what_the_site_says(built: Any, language: str) -> None:
    with book(built, language) as archive:
        pages = [n for n in archive.namelist() if n.endswith(".xhtml") and n != "nav.xhtml"]
        for name in pages:
            site = built.html / language / name.replace(".xhtml", ".html")
            mine = paragraphs(read(archive, name))
            assert mine == paragraphs(site.read_text(encoding="utf-8"), SITE_MAIN), name
        assert any(len(paragraphs(read(archive, n))) > 100 for n in pages)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_links_its_e_book(built: Any, language: str) -> None:
    copy = built.html / language / f"tabula-{language}.epub"
    assert copy.read_bytes() == (built.epub / copy.name).read_bytes()
    for page in (built.html / language).rglob("*.html"):
        link = re.search(r'<a class="tabula-epub" href="([^"]+)"', page.read_text("utf-8"))
        assert link, page
        assert (page.parent / link.group(1)).resolve() == copy.resolve(), page
