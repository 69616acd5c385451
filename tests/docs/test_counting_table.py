"""The ``counting-table`` directive's cells: the engine's numbers, never messages to
translate, and the source's own number with a note where a claim records it wrong."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from docutils import nodes

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from tabula.figures import fill_counts  # noqa: E402

from engine.core.errors import TabulaError  # noqa: E402
from engine.specs import FigureSpec, View  # noqa: E402


def spec() -> FigureSpec:
    claims = (
        {"id": "six", "lines": "fr 5148", "count": "hit 6", "printed": 16},
        {
            "id": "deux",
            "lines": "fr 5148",
            "count": "hit 2",
            "printed": 11,
            "disagrees": True,
            "note": "bezet left out",
        },
    )
    return FigureSpec(
        "counting/t", Path("t.toml"), "trictrac", "", "t", False, {}, View(kind="counting"), claims
    )


def table(*cells: str) -> nodes.table:
    """A one-column table whose cells hold these texts, each with a source line."""
    body = nodes.tbody()
    for text in cells:
        paragraph = nodes.paragraph(text, text)
        paragraph.source, paragraph.line = "page.md", 3
        body += nodes.row("", nodes.entry("", paragraph))
    group = nodes.tgroup(cols=1)
    group += nodes.colspec(colwidth=1)
    group += body
    return nodes.table("", group)


def cells(found: nodes.table) -> list[nodes.paragraph]:
    return list(found.findall(nodes.paragraph))


def test_placeholders_become_the_engines_numbers_without_a_source() -> None:
    found = table("Sur six", "{six}", "{= count against 6} contre")
    assert fill_counts(found, spec()) == []
    label, six, against = cells(found)
    assert label.astext() == "Sur six" and label.source == "page.md"  # still a message
    assert six.astext() == "16" and not six.source  # a number, not a message
    assert against.astext() == "20 contre" and not against.source


def test_a_cell_the_source_gets_wrong_prints_the_source_and_a_note() -> None:
    found = table("{deux}", "{six}")
    notes = fill_counts(found, spec())
    wrong = cells(found)[0]
    assert wrong.astext() == "11a"  # the source's eleven, marked a
    (listing,) = notes
    assert "11" in listing.astext() and "12" in listing.astext()


def test_a_cell_naming_no_claim_stops_the_build() -> None:
    with pytest.raises(TabulaError, match="names no counting claim"):
        fill_counts(table("{sept}"), spec())
