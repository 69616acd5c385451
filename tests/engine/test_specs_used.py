"""Every figure specification is placed by some page, and every placed figure exists."""

from __future__ import annotations

import re
from pathlib import Path

from engine.sequences import sequence_ids
from engine.specs import all_spec_ids

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SKIP = {"_build", "_generated", "_static", "_templates", "_ext"}

# ```{board} brade/explosion   (also ````{board} … and :::{score-table} … fences)
DIRECTIVE = re.compile(
    r"^\s*(?:`{3,}|:{3,})\{(board|score-table|peg-board|ledger-table|counting-table|tariff-table)\}"
    r"\s+(\S+)\s*$"
)


def placed_figures() -> dict[str, list[str]]:
    """Figure id -> the pages (relative paths) that place it."""
    placed: dict[str, list[str]] = {}
    for page in sorted(DOCS.rglob("*.md")):
        relative = page.relative_to(DOCS)
        if SKIP & set(relative.parts):
            continue
        for line in page.read_text(encoding="utf-8").splitlines():
            match = DIRECTIVE.match(line)
            if match:
                placed.setdefault(match.group(2), []).append(str(relative))
    return placed


def placed_by(line: str) -> tuple[str, str] | None:
    match = DIRECTIVE.match(line)
    return (match.group(1), match.group(2)) if match else None


def test_the_directive_pattern() -> None:
    assert placed_by("```{board} brade/explosion") == ("board", "brade/explosion")
    assert placed_by("::::{score-table} brade/points-table ") == (
        "score-table",
        "brade/points-table",
    )
    assert placed_by("```{counting-table} counting/verbindungen") == (
        "counting-table",
        "counting/verbindungen",
    )
    assert placed_by("```{figure} brade/explosion") is None
    assert placed_by("``{board} brade/explosion") is None
    assert placed_by("```{board}") is None


def test_pages_place_figures() -> None:
    assert placed_figures(), "no page places any figure: is the pattern still right?"


def test_every_spec_is_placed() -> None:
    placed = placed_figures()
    unused = [figure for figure in all_spec_ids() if figure not in placed]
    assert unused == [], f"specifications no page places: {unused}"


def test_every_placed_figure_has_a_spec() -> None:
    specs = set(all_spec_ids())
    missing = {f: pages for f, pages in placed_figures().items() if f not in specs}
    assert missing == {}, f"pages place figures that have no specification: {missing}"


# ```{replay} sequences/tourne-case-battre   (the sequences: diagrams/sequences/)
REPLAY = re.compile(r"^\s*(?:`{3,}|:{3,})\{replay\}\s+(\S+)\s*$")


def placed_sequences() -> dict[str, list[str]]:
    """Sequence id -> the pages that place it."""
    placed: dict[str, list[str]] = {}
    for page in sorted(DOCS.rglob("*.md")):
        relative = page.relative_to(DOCS)
        if SKIP & set(relative.parts):
            continue
        for line in page.read_text(encoding="utf-8").splitlines():
            match = REPLAY.match(line)
            if match:
                placed.setdefault(match.group(1), []).append(str(relative))
    return placed


def test_every_sequence_is_placed_once_and_every_placed_one_exists() -> None:
    placed = placed_sequences()
    assert placed, "no page places a replay: is the pattern still right?"
    assert sorted(placed) == sequence_ids()
    assert all(len(pages) == 1 for pages in placed.values()), placed
