"""The booklets: a booklet per game and language that reads right, read back from the PDF.

They come from the session's build (``tests/conftest.py``) and are read with poppler
(``pdfinfo``, ``pdffonts``, ``pdfimages``, ``pdftotext``, ``pdftoppm``): A5 pages numbered
from 1 and an A4 two-up file per game, the game's name as title, a title page in the
booklet's language, the game's chapters in that language with its letters and its boards as
vector drawings, words hyphenated, the glossary entries its chapters link to (no others),
and every page of the game's site chapters linking its booklet. All are ``slow``.
"""

from __future__ import annotations

import html
import math
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import GAMES, LANGUAGES
from tests.docs.test_pdf import CHAPTER, assert_boards_are_drawn, run

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow

RULES = {  # the title page's subtitle
    "da": "Spillets regler",
    "sv": "Spelets regler",
    "de": "Die Spielregeln",
    "fr": "Les règles du jeu",
}
NAMES = {"da": "Dansk", "sv": "Svenska", "de": "Deutsch", "fr": "Français"}
BABEL = {"da": "danish", "sv": "swedish", "de": "ngerman", "fr": "french"}
A5 = r"419\.\d+ x 595\.\d+ pts"
A4_LANDSCAPE = r"841\.\d+ x 595\.\d+ pts"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]


def booklet(built: Any, language: str, game: str, a4: bool = False) -> Path:
    return built.booklets / language / f"tabula-{language}-{game}{'-a4' if a4 else ''}.pdf"


def info(path: Path) -> dict[str, str]:
    lines = run("pdfinfo", str(path)).splitlines()
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in lines)}


def part(built: Any, language: str, game: str) -> str:
    """One game's booklet in the booklets' LaTeX document."""
    tex = (built.latex / language / f"booklets-{language}.tex").read_text(encoding="utf-8")
    start = tex.index(f"\\tabulabooklet{{{game}}}")
    return tex[start : tex.index("\\tabulabookletend", start)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_booklet_per_game_on_a5_and_two_up_on_a4(built: Any, language: str) -> None:
    expected = set()
    for game in GAMES:
        path = booklet(built, language, game["id"])
        details = info(path)
        assert details["Title"] == game["name"][language], path
        assert re.fullmatch(A5, details["Page size"].split(" (")[0]), details
        pages = int(details["Pages"])
        assert pages >= 3, path  # a title page, the rules, their glossary
        fonts = run("pdffonts", str(path)).splitlines()[2:]
        assert fonts and all(line.split()[-5] == "yes" for line in fonts), fonts  # embedded
        two_up = info(booklet(built, language, game["id"], a4=True))
        assert re.fullmatch(A4_LANDSCAPE, two_up["Page size"].split(" (")[0]), two_up
        assert int(two_up["Pages"]) == 2 * math.ceil(pages / 4)  # folded sheets, both sides
        expected |= {path.name, booklet(built, language, game["id"], a4=True).name}
    assert {p.name for p in (built.booklets / language).iterdir()} == expected


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_booklets_are_the_pages_of_the_document_that_set_them(
    built: Any, language: str
) -> None:
    """Cut where each booklet recorded its pages: together, every page of the document."""
    document = built.latex / language / f"booklets-{language}.pdf"
    total = int(info(document)["Pages"])
    counts = [int(info(booklet(built, language, g["id"]))["Pages"]) for g in GAMES]
    assert sum(counts) == total
    listed = (built.latex / language / f"booklets-{language}.pages").read_text("utf-8")
    assert [line.split()[0] for line in listed.splitlines()] == [g["id"] for g in GAMES]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_title_page_names_game_language_sources_and_edition(built: Any, language: str) -> None:
    for game in GAMES:
        first = run(
            "pdftotext", "-f", "1", "-l", "1", str(booklet(built, language, game["id"])), "-"
        )
        words = " ".join(first.split())
        assert game["name"][language] in words
        assert RULES[language] in words and NAMES[language] in words
        assert f"Tabula {VERSION}" in words  # the edition's version, and its date
        assert re.search(r"\b20\d\d\b", words)
        for chapter in game["chapters"]:  # each chapter's title, as the site gives it
            assert " ".join(site_title(built, language, chapter).split()) in words, chapter


def site_title(built: Any, language: str, chapter: str) -> str:
    page = (built.html / language / f"{chapter}.html").read_text(encoding="utf-8")
    heading = re.search(r"<h1>(.*?)<a class=\"headerlink\"", page, re.S)
    assert heading, chapter
    # without its note and editorial marks (the booklet's title page names the chapter plainly)
    title = re.sub(r'<a class="footnote-reference.*?</a>|<sup class="ed-mark">.*?</sup>', "",
                   heading.group(1))  # fmt: skip
    return html.unescape(re.sub(r"<[^>]+>", "", title))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_brade_booklet_prints_its_chapter_from_page_one(built: Any, language: str) -> None:
    text = run("pdftotext", "-layout", str(booklet(built, language, "brade")), "-")
    pages = text.split("\f")
    _title, word, letters = CHAPTER[language]
    assert word in text and all(letter in text for letter in letters)
    assert pages[1].split()[-1] == "2"  # numbered from its own title page
    assert pages[-2].split()[-1] == str(len(pages) - 1)  # (the text ends with a form feed)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_brade_booklet_draws_its_boards(built: Any, language: str, tmp_path: Path) -> None:
    path = booklet(built, language, "brade")
    drawings = re.findall(r"\\sphinxincludegraphics\{\{brade-[0-9a-f]+\}\.pdf\}",
                          part(built, language, "brade"))  # fmt: skip
    assert len(drawings) == 16  # every board of the Bräde chapter, as PDF
    assert_boards_are_drawn(path, language, tmp_path)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_booklets_are_hyphenated_in_their_language(built: Any, language: str) -> None:
    """Narrow A5 lines break words: each break joins into a word of the site's pages (a
    word the text has), so it is a hyphenation, never a word cut wrong or lost."""
    tex = (built.latex / language / f"booklets-{language}.tex").read_text(encoding="utf-8")
    assert f"main={BABEL[language]}]{{babel}}" in tex  # the language's patterns
    pages = run("pdftotext", "-layout", str(booklet(built, language, "brade")), "-").split("\f")
    text = "\n".join(re.sub(r"\n\s*\d+\s*$", "", page) for page in pages)  # page numbers out
    site = "".join(  # the chapter and the glossary, whose entries the booklet prints
        (built.html / language / page).read_text(encoding="utf-8")
        for page in ("brade/index.html", "glossary/index.html")
    )
    words = {  # (a tag may part a word, as <em>bata</em>dour, or stand between two)
        word
        for gap in ("", " ")
        for word in re.findall(r"\w+", html.unescape(re.sub(r"<[^>]+>", gap, site)).lower())
    }
    breaks = re.findall(r"(\w+)-\n\s*(\w+)", text)
    joined = [(a + b).lower() for a, b in breaks]
    hyphenated = [w for w in joined if w in words]
    assert len(hyphenated) >= 5, breaks
    for (a, b), word in zip(breaks, joined, strict=True):
        assert word in words or f"{a}-{b}".lower() in site.lower(), (a, b)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_booklet_has_the_glossary_entries_its_chapters_link_to(built: Any, language: str) -> None:
    terms = {t["key"]: t for t in tomllib.loads(
        (ROOT / "docs" / "glossary" / "terms.toml").read_text("utf-8"))["term"]}  # fmt: skip
    for game in GAMES:
        linked = set()
        for chapter in game["chapters"]:
            page = (built.html / language / f"{chapter}.html").read_text(encoding="utf-8")
            linked |= set(re.findall(r'href="[./]*glossary/index\.html#glossary-([\w-]+)"', page))
        entries = set(re.findall(
            rf"\\label\{{\\detokenize\{{{game['id']}@glossary/index:glossary-([\w-]+)\}}\}}",
            part(built, language, game["id"])))  # fmt: skip
        assert entries == linked, game["id"]
    text = run("pdftotext", str(booklet(built, language, "brade")), "-")
    brade = {
        k for k in terms if f"brade@glossary/index:glossary-{k}}}" in part(built, language, "brade")
    }
    assert brade and all(terms[k][language][0] in text for k in brade)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_of_a_game_links_its_booklet(built: Any, language: str) -> None:
    """On a chapter's page, its game's booklet (two where two games share the chapter),
    each followed by its A4 sheets; on other pages none."""
    for page in (built.html / language).rglob("*.html"):
        name = page.relative_to(built.html / language).with_suffix("").as_posix()
        text = page.read_text(encoding="utf-8")
        links = re.findall(r'<a class="tabula-booklet(-a4)?" href="([^"]+)"', text)
        games = [g["id"] for g in GAMES if name in g["chapters"]]
        wanted = [(kind, booklet(built, language, g, kind == "-a4")) for g in games
                  for kind in ("", "-a4")]  # fmt: skip
        assert len(links) == len(wanted), page
        for (kind, link), (want_kind, original) in zip(links, wanted, strict=True):
            copy = (page.parent / link).resolve()
            assert kind == want_kind
            assert copy == (built.html / language / "booklets" / original.name).resolve()
            assert copy.read_bytes() == original.read_bytes()
