"""Furo's navigation tree as the site shows it (``tabula.theme``): its toggles named in the
reader's language, its captions naming their lists instead of opening the page's outline
before its ``h1``. The tree is made by Furo's own code from a toctree as Sphinx writes it, so
a Furo whose markup changes fails here."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from furo.navigation import get_navigation_tree
from sphinx import locale

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from tabula.chrome import CATALOG, LOCALE_DIR, compile_catalogues  # noqa: E402
from tabula.theme import navigation_tree  # noqa: E402

# a toctree as Sphinx writes it for the sidebar: two captions, one page with a subpage
TOCTREE = """<p class="caption" role="heading"><span class="caption-text">Die Texte</span></p>
<ul class="current">
<li class="toctree-l1 current"><a class="reference internal" href="#">Trictrac</a><ul>
<li class="toctree-l2"><a class="reference internal" href="a.html">Erster Teil</a></li>
</ul></li>
<li class="toctree-l1"><a class="reference internal" href="b.html">Bräde</a></li>
</ul>
<p class="caption" role="heading"><span class="caption-text">Über die Ausgabe</span></p>
<ul><li class="toctree-l1"><a class="reference internal" href="c.html">Glossar</a></li></ul>
"""


@pytest.fixture
def german() -> Iterator[None]:
    """The site's catalogue in German, as in a German build; put back afterwards."""
    compile_catalogues()
    key = ("general", CATALOG)
    before = locale.translators.get(key)
    locale.translators.pop(key, None)
    locale.init([str(LOCALE_DIR)], "de", CATALOG)
    try:
        yield
    finally:
        locale.translators.pop(key, None)
        if before is not None:
            locale.translators[key] = before


def test_the_tree_is_named_in_the_readers_language(german: None) -> None:
    tree = BeautifulSoup(navigation_tree(get_navigation_tree(TOCTREE)), "html.parser")
    toggles = tree.select("input.toctree-checkbox")
    assert [t["aria-label"] for t in toggles] == ["Die Abschnitte von Trictrac zeigen"]
    assert "Toggle" not in str(tree)


def test_the_captions_name_their_lists_and_are_no_headings(german: None) -> None:
    tree = BeautifulSoup(navigation_tree(get_navigation_tree(TOCTREE)), "html.parser")
    assert tree.select("[role=heading]") == []
    captions = tree.select("p.caption")
    assert [c.get_text() for c in captions] == ["Die Texte", "Über die Ausgabe"]
    for caption in captions:
        listing = caption.find_next_sibling("ul")
        assert listing is not None and listing["aria-labelledby"] == caption["id"]
    ids = [element["id"] for element in tree.select("[id]")]
    assert len(ids) == len(set(ids))


def test_an_empty_tree_stays_empty() -> None:
    assert navigation_tree("") == ""
