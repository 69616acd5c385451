"""Where a claim's sentence stands in the sources, and whether its words stand there.

A claim's ``lines`` cite lines of the seeds (``../shared/seeds`` beside the repository, as
the build reads them; ``TABULA_SEEDS`` points elsewhere):

* ``"de 4151; da 1452"`` — a language of seed 000 and line numbers of that seed, which holds
  the four languages one after the other (``/work/shared/research/seed-map.md``, §0);
* ``"001: 551"``, ``"002 93"``, ``"000: fr 5372–5382"`` — a seed, then its lines;
* numbers and ranges (``4361–4363``) separated by ``,``; parts by ``;`` or ``·``;
* ``(note 56)`` or ``(notes 52–55)`` after lines of a notes block: the notes they hold.

A cited line must exist and not be blank, a line cited with a language must lie in that
language's part of seed 000, and lines said to hold a note must begin it (``56. …``).
A claim that ``says`` a sentence must quote it from the cited lines:

* ``…`` (or ``...``) marks words left out, ``[…]`` the edition's words (an insertion, or the
  reading of a misprint); the pieces between must each stand in the cited lines;
* the comparison is of letters and digits only — case, accents (the scans confuse ``eût``,
  ``eut`` and ``eùt``), spaces, punctuation, the typographer's quotes and apostrophes,
  markup (``*…*``, ``<i>``), footnote markers and a word hyphenated at the end of a line do
  not count;
* a piece may run over cited lines that follow one another with only blank lines between
  (a paragraph the page break split, a table's rows);
* a ``says`` wholly in parentheses is the edition's paraphrase of what the lines imply, not
  their words: only its lines are checked.

So a claim cannot cite a line that does not hold the sentence it checks.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

SEEDS = Path(
    os.environ.get("TABULA_SEEDS", Path(__file__).resolve().parents[2] / "shared" / "seeds")
)
SEED_NAMES = ("000", "001", "002")

# The parts of seed 000 in each language: table of contents, introduction, body, footnotes
# (seed map §0 and §3.2; a note in the wrong language still counts as its range's).
LANGUAGE_LINES: dict[str, tuple[tuple[int, int], ...]] = {
    "da": ((13, 181), (664, 676), (726, 2109), (6236, 6285)),
    "sv": ((183, 340), (678, 694), (2111, 3344), (6287, 6301)),
    "de": ((342, 450), (696, 710), (3346, 4578), (6303, 6361)),
    "fr": ((452, 660), (712, 724), (4580, 6233), (6363, 6507)),
}

_TOKEN = re.compile(
    r"\((?P<remark>[^()]*)\)"
    r"|(?P<seed>(?<!\d)00[0-2])(?=\s*:|\s+\d)\s*:?"
    r"|(?P<language>\b(?:da|sv|de|fr)\b)"
    r"|(?P<first>\d+)(?:\s*[–-]\s*(?P<last>\d+))?"
    r"|(?P<gap>[;,·\s]+)"
    r"|(?P<other>.)"
)
_REMARK = re.compile(r"\([^()]*\)")
_NOTES = re.compile(r"notes? (\d+)(?:\s*[–-]\s*(\d+))?")
_ELISION = re.compile(r"…|\.\.\.|\[[^\[\]]*\]")
_SUPERSCRIPTS = str.maketrans("", "", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_NOTE_HEAD = re.compile(r"\s*(\d+)\.\s")
_TAG = re.compile(r"</?[a-zA-Z][^>]*>")


@dataclass(frozen=True)
class Cited:
    """Lines ``first`` to ``last`` of a seed, cited in ``language`` (seed 000) or none."""

    seed: str
    first: int
    last: int
    language: str = ""
    notes: tuple[int, ...] = ()  # the notes these lines hold, if the citation says so

    def __str__(self) -> str:
        span = f"{self.first}" if self.first == self.last else f"{self.first}–{self.last}"
        return f"{self.language or self.seed} {span}"


class CitationError(ValueError):
    """A ``lines`` value that cannot be read as seed lines."""


def read_lines(text: str) -> tuple[Cited, ...]:
    """The seed lines a ``lines`` value cites (see the module docstring)."""
    seed, language = "", ""
    found: list[Cited] = []
    for match in _TOKEN.finditer(text):
        if match["remark"] is not None:
            notes = _NOTES.fullmatch(match["remark"].strip())
            if notes is None or not found:
                raise CitationError(f"'{text}': cannot read ({match['remark']}) as notes")
            low, high = int(notes[1]), int(notes[2] or notes[1])
            found[-1] = replace(found[-1], notes=tuple(range(low, high + 1)))
        elif match["seed"]:
            seed, language = match["seed"], ""
        elif match["language"]:
            seed, language = "000", match["language"]
        elif match["first"]:
            if not seed:
                raise CitationError(f"'{text}': line {match['first']} names no seed or language")
            first, last = int(match["first"]), int(match["last"] or match["first"])
            if last < first:
                raise CitationError(f"'{text}': the range {first}–{last} runs backwards")
            found.append(Cited(seed, first, last, language))
        elif match["other"]:
            raise CitationError(f"'{text}': cannot read {match['other']!r} as seed lines")
    if not found:
        raise CitationError(f"'{text}' cites no line")
    return tuple(found)


@cache
def seed_lines(seed: str) -> tuple[str, ...]:
    """The lines of a seed file (index 0 is line 1); empty if the seed is not there."""
    files = sorted(SEEDS.glob(f"{seed}_*.txt"))
    if len(files) != 1:
        return ()
    return tuple(files[0].read_text(encoding="utf-8").split("\n"))


def normal(text: str) -> str:
    """What a quotation and the source are compared by: their letters and digits."""
    text = unicodedata.normalize("NFKD", _TAG.sub("", text.translate(_SUPERSCRIPTS)))
    return "".join(c for c in text.casefold() if c.isalnum() and not unicodedata.combining(c))


def pieces(says: str) -> list[str]:
    """The runs of the source's own words in a quotation (see the module docstring)."""
    return [piece.strip() for piece in _ELISION.split(says) if normal(piece)]


def is_paraphrase(says: str) -> bool:
    """A ``says`` in parentheses gives what the lines imply, in the edition's words."""
    text = says.strip()
    return text.startswith("(") and text.endswith(")") and _REMARK.fullmatch(text) is not None


def problems(lines: str, says: str | None = None) -> list[str]:
    """What is wrong with a claim's citation: lines that are not there, or are not in the
    language cited, and pieces of its quotation that the cited lines do not hold."""
    try:
        cited = read_lines(lines)
    except CitationError as error:
        return [str(error)]
    found = [problem for part in cited if (problem := _line_problem(part))]
    if found or says is None or is_paraphrase(says):
        return found
    passages = [normal(passage) for passage in _passages(cited)]
    return [
        f"the cited lines ({lines}) do not hold the words '{_short(piece)}'"
        for piece in pieces(says)
        if not any(normal(piece) in passage for passage in passages)
    ]


def _line_problem(part: Cited) -> str:
    lines = seed_lines(part.seed)
    if not lines:
        return f"seed {part.seed} is not at {SEEDS} (the seeds stand beside the repository)"
    if part.first < 1:
        return f"{part}: lines are counted from 1"
    if part.last > len(lines):
        return f"{part}: seed {part.seed} has {len(lines)} lines"
    if part.language and not any(
        low <= part.first and part.last <= high for low, high in LANGUAGE_LINES[part.language]
    ):
        return f"{part}: not in the {part.language} text of seed 000"
    cited = lines[part.first - 1 : part.last]
    if not any(line.strip() for line in cited):
        return f"{part}: a blank line"
    heads = {int(head[1]) for line in cited if (head := _NOTE_HEAD.match(line))}
    missing = [str(note) for note in part.notes if note not in heads]
    if missing:
        return f"{part}: note {', '.join(missing)} does not begin there"
    return ""


def _passages(cited: tuple[Cited, ...]) -> list[str]:
    """The cited text in runs: cited lines with only blank lines between make one run."""
    runs: list[str] = []
    by_seed: dict[str, set[int]] = {}
    for part in cited:
        by_seed.setdefault(part.seed, set()).update(range(part.first, part.last + 1))
    for seed, numbers in by_seed.items():
        lines = seed_lines(seed)
        run: list[str] = []
        previous = 0
        for number in sorted(numbers):
            between = lines[previous : number - 1] if previous else []
            if previous and (number != previous + 1 and any(s.strip() for s in between)):
                runs.append(" ".join(run))
                run = []
            run.append(lines[number - 1])
            previous = number
        runs.append(" ".join(run))
    return runs


def _short(text: str, size: int = 60) -> str:
    return text if len(text) <= size else text[: size - 1] + "…"
