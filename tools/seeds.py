"""Read the source texts in ``../shared/seeds`` (they are never changed) by line number.

The seed files are plain text with one paragraph per line and blank lines between; page
breaks of the printed edition left blank lines *inside* paragraphs too. :func:`paragraphs`
returns the paragraphs of a line range with those splits rejoined, so that every tool and
test counts paragraphs the same way. Some chapters set consecutive paragraphs on consecutive
lines with no blank line between; ``per_line=True`` (the ``line_paragraphs`` key of a
chapter's ``sources.toml``) takes every non-blank line as a block of its own, and the
page-break splits are rejoined all the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

SEEDS = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds"
SEED_FILES = {
    "000": "000_11830c5ab74f548f.txt",
    "001": "001_776810f7ecce9b08.txt",
    "002": "002_97909646bd7133b8.txt",
}
_TERMINAL = re.compile(r"[.:!?»)\]”]\s*$")


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of a seed: its text and the seed lines it was joined from."""

    text: str
    lines: tuple[int, ...]

    @property
    def first(self) -> int:
        return self.lines[0]


def seed_lines(seed: str = "000") -> list[str]:
    """The lines of a seed file; index 0 is line 1."""
    return (SEEDS / SEED_FILES[seed]).read_text(encoding="utf-8").split("\n")


def blocks(
    lines: Sequence[str], first: int, last: int, *, per_line: bool = False
) -> list[Paragraph]:
    """Runs of non-blank lines between ``first`` and ``last`` (1-based, inclusive).

    With ``per_line`` every non-blank line is a block of its own.
    """
    found: list[Paragraph] = []
    current: list[int] = []
    for number in range(first, last + 1):
        if lines[number - 1].strip():
            current.append(number)
            if per_line:
                found.append(_block(lines, current))
                current = []
        elif current:
            found.append(_block(lines, current))
            current = []
    if current:
        found.append(_block(lines, current))
    return found


def _block(lines: Sequence[str], numbers: list[int]) -> Paragraph:
    return Paragraph(" ".join(lines[n - 1].strip() for n in numbers), tuple(numbers))


def paragraphs(
    seed: str,
    first: int,
    last: int,
    *,
    skip: Iterable[int] = (),
    headings: Iterable[int] = (),
    per_line: bool = False,
) -> list[Paragraph]:
    """The paragraphs of a line range, page-break splits rejoined.

    ``skip`` lists lines that are not text (figure labels, point numbers); ``headings``
    lines that stand alone. A block is joined to the one before when that one does not end
    a sentence — the mark of a page break in these files. ``per_line``: see :func:`blocks`.
    """
    lines = seed_lines(seed)
    skipped, heads = set(skip), set(headings)
    result: list[Paragraph] = []
    for block in blocks(lines, first, last, per_line=per_line):
        if block.first in skipped:
            continue
        previous = result[-1] if result else None
        joinable = (
            previous is not None
            and previous.first not in heads
            and block.first not in heads
            and not _TERMINAL.search(previous.text)
        )
        if joinable and previous is not None:
            text = _join(previous.text, block.text)
            result[-1] = Paragraph(text, previous.lines + block.lines)
        else:
            result.append(block)
    return result


def _join(before: str, after: str) -> str:
    if before.endswith("-") and not before.endswith(" -"):
        return before + after  # a word hyphenated across the break keeps its hyphen
    return f"{before} {after}"


@dataclass(frozen=True)
class Unit:
    """A heading or paragraph of a chapter in one language, as the seed gives it."""

    text: str
    lines: tuple[int, ...]
    heading: bool


def chapter_units(config: dict, language: str) -> list[Unit]:
    """The headings and paragraphs of a chapter in ``language``, per its sources.toml."""
    part = config[language]
    first, last = part["range"]
    heads = set(part["headings"])
    standalone = set(part.get("standalone", []))
    tables = {n for start, end in part.get("tables", []) for n in range(start, end + 1)}
    skip = set(part.get("skip", [])) | tables  # a table's lines are not paragraphs
    found = paragraphs(
        config["seed"],
        first,
        last,
        skip=skip,
        headings=heads | standalone,
        per_line=bool(part.get("line_paragraphs", False)),
    )
    lines = seed_lines(config["seed"])
    units: list[Unit] = []
    for paragraph in found:
        if paragraph.first in set(part.get("split_lines", [])):
            # a line of such a block that is listed in ``headings`` is a heading (seed 002
            # has one paragraph per line and no blank lines: one block, split into lines)
            units += [Unit(lines[n - 1].strip(), (n,), n in heads) for n in paragraph.lines]
        else:
            units.append(Unit(paragraph.text, paragraph.lines, paragraph.first in heads))
    return units
