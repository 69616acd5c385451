"""Every figure of the Bräde chapter has a text alternative in the reader's language that says
what it shows: the position (points by number) and, where the figure shows dice, the roll.

The figures are matched to their specifications (``diagrams/brade/*.toml``) through the
drawing's file name, which is the specification's cache key. Heading levels and empty alt
texts are checked on every page by ``tools/check_site.py`` (``tests/tools``); the 320 px and
print views by the browser tests.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.figures import cache_key
from engine.specs import DIAGRAMS, FigureSpec, load_spec

pytestmark = pytest.mark.slow

LANGUAGES = ("da", "sv", "de", "fr")
ORIGINAL = "sv"


class _Images(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.images: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.images.append({k: v or "" for k, v in attrs})


def images(site: Path, language: str) -> list[dict[str, str]]:
    parser = _Images()
    parser.feed((site / language / "brade" / "index.html").read_text(encoding="utf-8"))
    return parser.images


def specs() -> dict[str, FigureSpec]:
    """Drawing file name -> the specification it was drawn from."""
    found = {}
    for path in sorted((DIAGRAMS / "brade").glob("*.toml")):
        spec = load_spec(f"brade/{path.stem}")
        if spec.view.kind != "table":
            found[f"{spec.game}-{cache_key(spec)}.svg"] = spec
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_figure_says_what_it_shows_in_the_readers_language(site: Path, language: str):
    drawn = specs()
    originals = {Path(i["src"]).name: i["alt"] for i in images(site, ORIGINAL)}
    shown = images(site, language)
    assert len(shown) == 16
    for image in shown:
        name = Path(image["src"]).name
        spec = drawn[name]  # every image is an engine drawing of a known figure
        alt = image.get("alt", "")
        assert len(alt.split()) >= 6, (spec.id, alt)
        assert re.search(r"\b\d{1,2}\b", alt), (spec.id, alt)  # names points of the position
        if spec.view.roll:
            first, second = spec.view.roll.split("-")
            if first != second:  # a double may be named in words ("femmor all")
                assert re.search(rf"{first}\s*[-–]\s*{second}", alt), (spec.id, alt)
        assert image.get("lang", language) == language, (spec.id, image.get("lang"))
        if language != ORIGINAL:
            assert alt != originals[name], (spec.id, "alt text not translated")
