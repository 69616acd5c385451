"""The optional sources.toml keys that the Trictrac chapters of seed 000 need.

``line_paragraphs`` (one paragraph per seed line, page breaks still rejoined), ``numbered``
(article numbers that MyST would read as lists) and ``plain_extra_notes``; checked on the
seed lines they were made for.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from chapters import Chapter, plain  # noqa: E402
from seeds import paragraphs  # noqa: E402


def test_line_paragraphs_take_each_line_and_rejoin_page_breaks() -> None:
    # German "Trictrac zum Aufschreiben", art. 2–6: five articles on five consecutive
    # lines, the last one continued after a page break on line 3712
    found = paragraphs("000", 3706, 3712, per_line=True)
    assert [p.lines for p in found] == [(3706,), (3707,), (3708,), (3709,), (3710, 3712)]
    assert [p.text[:3] for p in found] == ["2. ", "3. ", "4. ", "5. ", "6. "]
    # without the option the five lines are one block, as before
    assert len(paragraphs("000", 3706, 3712)) == 1


def _chapter(**top: object) -> Chapter:
    part = {"range": [3706, 3712], "headings": [], "line_paragraphs": True}
    return Chapter("test", {"seed": "000", "original": "de", "de": part, **top})


def test_numbered_articles_are_escaped_and_read_back_plainly() -> None:
    escaped = [p.text for p in _chapter(numbered=True).edited("de", marked=True)]
    assert escaped[0].startswith("2\\. Ungeachtet")
    assert plain(escaped[0]).startswith("2. Ungeachtet")
    unescaped = [p.text for p in _chapter().edited("de", marked=True)]
    assert unescaped[0].startswith("2. Ungeachtet")


def test_plain_extra_notes_drop_emphasis_marks() -> None:
    # Danish note 31 (6283) has "*huller*" and the split "*hu*l"
    part = {"range": [1340, 1340], "headings": [], "extra_notes": {31: 6283}}
    marked = Chapter("test", {"seed": "000", "original": "da", "da": part})
    assert "*hu*l" in marked._extra_notes("da")[31]
    plain_part = {**part, "plain_extra_notes": True}
    plain_notes = Chapter("test", {"seed": "000", "original": "da", "da": plain_part})
    text = plain_notes._extra_notes("da")[31]
    assert "*" not in text and "femte hul," in text
