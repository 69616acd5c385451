"""The ``tables`` key of sources.toml: a table's lines are not paragraphs, and a record on a
table cell is left to the page (where the ``ed`` role marks it) instead of failing."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from chapters import Chapter  # noqa: E402
from tabula.editorial import Change  # noqa: E402

# the French Tarif of seed 000: a heading, a paragraph, the table, the next heading
CONFIG = {"seed": "000", "original": "fr", "fr": {"range": [5180, 5244], "headings": [5180, 5244]}}


def chapter(tables: list[list[int]]) -> Chapter:
    config = {**CONFIG, "fr": {**CONFIG["fr"], "tables": tables}}
    found = Chapter("tables-test", config)
    found.__dict__["changes"] = [
        Change("t-1", "fr", "000", "5227", "REPLISSAGE", "REMPLISSAGE", "", "correction", "x")
    ]
    return found


def test_without_tables_the_grid_is_read_as_paragraphs() -> None:
    plain = Chapter("tables-test", CONFIG)
    plain.__dict__["changes"] = []
    assert len(plain.paragraphs("fr")) > 4


def test_table_lines_are_not_paragraphs_and_their_records_wait_for_the_page() -> None:
    found = chapter([[5184, 5242]])
    texts = [p.text for p in found.edited("fr", marked=True)]
    assert texts[0] == "Du Tarif de la valeur des coups."
    assert texts[-1] == "De la conduite que l'on doit tenir en ce jeu."
    assert len(texts) == 3
    assert not any("REPLISSAGE" in t or "REMPLISSAGE" in t for t in texts)
