"""The site builds in all four languages with warnings as errors, and reads as promised.

These tests read the real build (``tools/build.py``, run once per session into a temporary
folder by the ``site`` fixture of ``tests/conftest.py``); they are marked ``slow``
(``make test-fast`` leaves them out).
"""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("da", "sv", "de", "fr")

pytestmark = pytest.mark.slow


class _Page(HTMLParser):
    """Collects links, image sources, ids and the lang attributes of one HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.images: list[str] = []
        self.ids: set[str] = set()
        self.langs: list[tuple[str, str]] = []
        self.originals: list[str] = []  # the lang of each translated paragraph's original
        self.html_lang = ""
        self._in_original = False

    def handle_endtag(self, tag: str) -> None:
        if tag == "details":
            self._in_original = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "details" and "tabula-original" in values.get("class", "").split():
            self._in_original = True
        if tag == "html":
            self.html_lang = values.get("lang", "")
        elif "lang" in values and self._in_original:
            self.originals.append(values["lang"])
        elif "lang" in values:
            self.langs.append((tag, values["lang"]))
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "href" in values:
            self.links.append(values["href"])
        if tag == "img":
            self.images.append(values.get("src", ""))


def parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def test_the_root_page_names_each_language_in_itself(site: Path) -> None:
    root = parse(site / "index.html")
    assert [link for link in root.links] == [f"{lang}/index.html" for lang in LANGUAGES]
    text = (site / "index.html").read_text(encoding="utf-8")
    for name in ("Dansk", "Svenska", "Deutsch", "Français"):
        assert f">{name}</a>" in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_declares_its_language_and_switches_to_the_same_page(
    site: Path, language: str
) -> None:
    for path in (site / language).rglob("*.html"):
        if path.name in ("genindex.html", "search.html"):
            continue
        page = parse(path)
        assert page.html_lang == language, path
        relative = path.relative_to(site / language)
        for other in LANGUAGES:
            target = (path.parent / _switch_link(page, other)).resolve()
            assert target == (site / other / relative).resolve(), (path, other)
            assert target.is_file()


def _switch_link(page: _Page, language: str) -> str:
    links = [h for h in page.links if re.search(rf"(^|/){language}/", h)]
    assert links, f"no switcher link to {language}"
    return links[0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_brade_chapter_is_wholly_in_the_readers_language(site: Path, language: str) -> None:
    path = site / language / "brade" / "index.html"
    page = parse(path)
    foreign = [(tag, lang) for tag, lang in page.langs if tag != "a" and lang != language]
    assert foreign == [], foreign  # no silent fallback: every message is translated
    assert "tabula-notice" not in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("language", ("da", "de", "fr"))
def test_a_translated_chapter_says_where_its_text_comes_from(site: Path, language: str) -> None:
    """The Bräde chapter (Swedish): a line under the title names the translation's origin,
    and each translated paragraph offers its Swedish original, marked as Swedish."""
    path = site / language / "brade" / "index.html"
    text = path.read_text(encoding="utf-8")
    assert 'class="tabula-provenance"' in text
    page = parse(path)
    assert page.originals and set(page.originals) == {"sv"}
    assert text.count('<details class="tabula-original">') == len(page.originals)


def test_the_original_language_offers_no_original(site: Path) -> None:
    text = (site / "sv" / "brade" / "index.html").read_text(encoding="utf-8")
    assert "tabula-original" not in text and "tabula-provenance" not in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_figure_and_internal_link_resolves(site: Path, language: str) -> None:
    path = site / language / "brade" / "index.html"
    page = parse(path)
    assert len(page.images) == 16  # every board of diagrams/brade (the table is no image)
    for source in page.images:
        image = path.parent / source
        assert image.suffix == ".svg" and image.is_file(), source
        assert image.stat().st_size <= 30_000
    for link in page.links:
        if link.startswith("#") and link != "#":
            assert link[1:] in page.ids, link


@pytest.mark.parametrize("language", LANGUAGES)
def test_search_is_built_per_language(site: Path, language: str) -> None:
    index = (site / language / "searchindex.js").read_text(encoding="utf-8")
    options = (site / language / "_static" / "documentation_options.js").read_text()
    assert f"LANGUAGE: '{language}'" in options
    # the stemmed index holds the chapter's own words in that language
    word = {"da": "brik", "sv": "brick", "de": "stein", "fr": "dam"}[language]
    assert f'"{word}' in index


def test_editorial_notes_are_listed_in_each_language(site: Path) -> None:
    expected = {"da": "fåter femmeren", "sv": "fåtade", "de": "getekt", "fr": "votre"}
    for language, words in expected.items():
        text = (site / language / "brade" / "index.html").read_text(encoding="utf-8")
        assert words in text
        assert 'class="ed-list' in text or "ed-list" in text


def test_a_claim_that_does_not_hold_fails_the_build(tmp_path: Path) -> None:
    """A figure whose text claims a wrong play stops the build, naming figure and claim."""
    diagrams = tmp_path / "diagrams" / "brade"
    diagrams.mkdir(parents=True)
    spec = (ROOT / "diagrams" / "brade" / "explosion.toml").read_text(encoding="utf-8")
    diagrams.joinpath("broken.toml").write_text(
        spec.replace('plays = ["bar/6! bar/2"]', 'plays = ["bar/2 bar/6"]'), encoding="utf-8"
    )
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text(
        "# Test\n\n```{board} brade/broken\n:alt: a board\n\nA caption.\n```\n",
        encoding="utf-8",
    )
    (tmp_path / "conf.py").write_text(
        (ROOT / "conf.py")
        .read_text(encoding="utf-8")
        .replace("ROOT = Path(__file__).resolve().parent", f"ROOT = Path({str(ROOT)!r})"),
        encoding="utf-8",
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-W",
            "-q",
            "-c",
            str(tmp_path),
            "-b",
            "html",
            str(docs),
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        env={"TABULA_DIAGRAMS": str(tmp_path / "diagrams"), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode != 0
    assert "figure brade/broken" in done.stderr and "claim '6-2'" in done.stderr, done.stderr


def _latex(language: str, out: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """The LaTeX sources of one language's book, built into ``out``."""
    sphinx = [sys.executable, "-m", "sphinx", "-b", "latex", *options, "-q", "-c", str(ROOT)]
    return subprocess.run(
        [*sphinx, "-D", f"language={language}", str(ROOT / "docs"), str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def test_the_latex_builder_takes_the_vector_pdf_figures(tmp_path: Path) -> None:
    """The PDF edition (LaTeX) gets each board as vector PDF, not as a bitmap or SVG."""
    done = _latex("de", tmp_path, "-W")
    assert done.returncode == 0, done.stderr
    tex = next(tmp_path.glob("*.tex")).read_text(encoding="utf-8")
    figures = re.findall(r"includegraphics(?:\[[^\]]*\])?\{\{(brade-[0-9a-f]+)\}\.pdf\}", tex)
    assert len(figures) == 16
    assert all((tmp_path / f"{name}.pdf").is_file() for name in figures)


def test_the_glossary_lists_every_term_and_the_texts_link_to_it(site: Path) -> None:
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    from tabula.glossary import terms

    keys = {term["key"] for term in terms()}
    for language in LANGUAGES:
        glossary = parse(site / language / "glossary" / "index.html")
        assert {f"glossary-{key}" for key in keys} <= glossary.ids
        page = parse(site / language / "brade" / "index.html")
        links = [h for h in page.links if "glossary/index.html#" in h]
        assert len(links) >= 10, language  # the chapter's terms: huk, blotta, munk …
        for link in links:
            assert link.split("#")[1] in glossary.ids, link


def test_each_chapter_of_the_book_lists_only_its_own_editorial_changes(tmp_path: Path) -> None:
    """The book resolves all pages at once; each chapter must still list its own changes."""
    done = _latex("sv", tmp_path)
    assert done.returncode == 0, done.stderr
    tex = next(tmp_path.glob("*.tex")).read_text(encoding="utf-8")
    chapters = re.split(r"\\chapter\{", tex)[1:]
    items = {c.split("}")[0][:30]: c.count("\\item") for c in chapters}
    intro = next(count for title, count in items.items() if title.startswith("Introduktion"))
    brade = next(count for title, count in items.items() if title.startswith("Bräde"))
    assert 0 < intro < 30, items  # the Introduction's few Swedish records, not the book's
    assert 0 < brade < 30, items
