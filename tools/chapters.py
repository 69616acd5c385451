"""A chapter's text in every language, derived from the seeds and the editorial records.

Each chapter folder ``docs/<chapter>/`` has:

``index.md`` (and possibly more pages)
    the MyST source in the original's language, written by hand: headings, figures and
    the original's paragraphs (with the edition's changes marked by the ``ed`` role).
``sources.toml``
    where the chapter stands in the seeds, per language (see :func:`Chapter.units`), how
    the translations align with the original, where footnotes are and which phrases link.
``editorial.toml``
    every change of wording (see ``docs/_ext/tabula/editorial.py``).

From these, :meth:`Chapter.translation` computes each translation's text per paragraph of
the original — seed text, page-break splits rejoined, records applied as ``ed`` roles,
footnote markers as MyST footnote references, links inserted — which
``tools/catalogues.py import`` writes into ``locale/<lang>/LC_MESSAGES/<chapter>.po``, and
which the tests compare with the catalogues, so that a catalogue can only say what the seed
says plus what the records declare.

``sources.toml`` reads::

    seed = "000"
    original = "sv"            # the language of the original
    pages = ["index"]          # the chapter's pages, in reading order (default: index)

    [sv]                       # one table per language with a text in the seeds
    range = [2878, 3106]       # first and last line
    headings = [2878, 2882]    # lines that are headings
    skip = [2892]              # lines that are not text (figure labels, point numbers)
    standalone = [2986]        # lines that start a paragraph though the previous line
                               # does not end a sentence
    split_lines = [6142]       # blocks whose lines are separate paragraphs (a list); a
                               # line of such a block listed in headings is a heading
    line_paragraphs = true     # every non-blank line is a paragraph of its own (for texts
                               # whose paragraphs follow each other without blank lines);
                               # page-break splits are still rejoined
    split_at = { 1585 = ["Imidlertid gør man"] }   # split a paragraph before a phrase
    merge = [[1634, 1636]]     # paragraphs (first lines) that form one paragraph
    split_merged = { 879 = ["Disse tilfælde"] }  # split a paragraph before a phrase
                               # AFTER merging (key: the merged paragraph's first line)
    extra = [730]              # paragraphs (first lines) without a counterpart
    missing = [3352]           # the ORIGINAL's paragraphs (first lines) this text lacks
    missing_pieces = { 3358 = [2] }  # the same for a paragraph that split_at split in the
                               # original: its first line -> which pieces (1-based) are lacking
    notes = { 41 = 6303 }      # the original's note label -> the line of this text's note
    extra_notes = { 31 = 6283 }  # this text's own note numbers the original lacks -> line;
                               # printed inline as a note of this translation ({tnote})
    body_notes = { 41 = 730 }  # the original's note label -> first line of a paragraph of
                               # this text's BODY that is that note's text (it then
                               # pairs with the note, not with a body paragraph)
    partial = [6303]           # the original's paragraphs (first lines) this text renders
                               # only in part: exempt from the tests' length guard
    plain_extra_notes = true   # drop the emphasis marks (*…*) of those notes: the tnote
                               # role prints a note in italics and cannot hold markup
    links = [[1698, "afsnit 6", "brade-spranga"]]  # line, phrase, target label
    tables = [[5184, 5242]]    # line ranges the page gives as a table: not paragraphs;
                               # records on them are marked in the table, not applied here
    replace = { "ſ" = "s" }    # characters replaced in every paragraph of this text (a
                               # mis-encoding throughout; a general record says so)
    star_notes = true          # the seed marks notes "*)", "**)" at the page foot (seed
                               # 001): a note is the block at its line without its mark,
                               # and the marks are taken out of the body (the page puts
                               # the footnote references there); notes = { "a" = 587 }

A record whose line is one of the language's ``skip`` lines (a table that the page sets by
hand, its cells translated by hand) is not applied here: the hand-made cell carries the
``ed`` role itself.

And, at the top level, ``numbered = true`` for a text of numbered articles: a paragraph
that begins with its number (``12. Wenn …``) would be read by MyST as a list, so the page
writes ``12\\. Wenn …`` and the translations are written the same way (the default, false,
leaves them as they are).
"""

from __future__ import annotations

import re
import sys
import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(DOCS / "_ext"))

from seeds import Unit, chapter_units, seed_lines  # noqa: E402
from tabula.editorial import Change, all_changes  # noqa: E402

ROLE = re.compile(r"\{ed\}`([^`<]*?)\s*<([^>]+)>`")
LINK = re.compile(r"\[([^\]]+)\]\(#[^)]+\)")
FOOTNOTE = re.compile(r"\[\^[^\]]+\]")
SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹"
MARKER = re.compile(f"\\s?[{SUPERSCRIPT}]+")
NOTE_HEAD = re.compile(r"^\s*(\d+)\.\s*")
NUMBERED = re.compile(r"^(\d+)\. ")  # an article number that MyST would read as a list
ESCAPED_NUMBER = re.compile(r"^(\d+)\\\.")
BACKLINKS = re.compile(r"\s*[↵↩↪]+(\s*[↵↩↪]+)*\s*$")
STAR_MARK = re.compile(r"\s*\^?\{?\*{1,3}\)\}?")  # 001's note marks: *), **), ***), ^{*)}


def plain(text: str) -> str:
    """The words a reader sees: markup reduced to text, emphasis and layout marks removed.

    Two texts with the same plain form differ only in presentation, which the editorial
    records do not list one by one (a general record per chapter says what was done).
    """
    text = ESCAPED_NUMBER.sub(r"\1.", text.strip())
    text = ROLE.sub(lambda m: m.group(1), text)
    text = LINK.sub(lambda m: m.group(1), text)
    text = FOOTNOTE.sub("", text)
    text = MARKER.sub("", text)
    text = text.replace("**", "").replace("*", "")
    text = re.sub(r"^- ", "", text)
    return re.sub(r"\s+", " ", text).strip()


def word_pattern(text: str) -> re.Pattern[str]:
    """``text`` as a whole word or phrase (so 'en fire' does not match inside 'en firer')."""
    start = r"\b" if text[:1].isalnum() else ""
    end = r"\b" if text[-1:].isalnum() else ""
    return re.compile(start + re.escape(text) + end)


@dataclass
class Paragraph:
    """One paragraph of one language's text, with the seed lines it comes from."""

    text: str
    lines: tuple[int, ...]
    heading: bool = False
    note: str | None = None  # the original's note label, for a footnote's text

    @property
    def first(self) -> int:
        return self.lines[0]


@dataclass
class Chapter:
    name: str
    config: dict = field(repr=False)

    @property
    def path(self) -> Path:
        return DOCS / self.name

    @property
    def original(self) -> str:
        return str(self.config["original"])

    @property
    def seed(self) -> str:
        return str(self.config["seed"])

    @property
    def languages(self) -> list[str]:
        """The languages the seeds give this chapter in, the original first."""
        others = [k for k in ("da", "sv", "de", "fr") if k in self.config and k != self.original]
        return [self.original, *others]

    @property
    def translations(self) -> list[str]:
        return self.languages[1:]

    @property
    def pages(self) -> list[str]:
        return list(self.config.get("pages", ["index"]))

    @cached_property
    def changes(self) -> list[Change]:
        return [c for c in all_changes().values() if c.chapter == self.name]

    # -- one language's paragraphs --------------------------------------------------------

    def paragraphs(self, language: str) -> list[Paragraph]:
        """The body's headings and paragraphs, then the notes, as the seed gives them."""
        part = self.config[language]
        units = chapter_units(self.config, language) if "range" in part else []
        found = [Paragraph(u.text, u.lines, u.heading) for u in units]
        found = _split(found, part.get("split_at", {}))
        found = _merge(found, part.get("merge", []))
        found = _split(found, part.get("split_merged", {}))
        if part.get("star_notes"):
            for paragraph in found:
                paragraph.text = STAR_MARK.sub("", paragraph.text)
        body_notes = {int(line): str(label) for label, line in part.get("body_notes", {}).items()}
        moved = [
            Paragraph(p.text, p.lines, note=body_notes[p.first])
            for p in found
            if p.first in body_notes
        ]
        found = [p for p in found if p.first not in body_notes]
        found += moved + self._notes(language)
        for old, new in part.get("replace", {}).items():
            for paragraph in found:
                paragraph.text = paragraph.text.replace(old, new)
        return found

    def _notes(self, language: str) -> list[Paragraph]:
        lines = seed_lines(self.seed)
        notes: list[Paragraph] = []
        star = bool(self.config[language].get("star_notes"))
        for label, line in self.config[language].get("notes", {}).items():
            numbers = _block_lines(lines, int(line)) if star else _note_lines(lines, int(line))
            text = " ".join(lines[n - 1].strip() for n in numbers)
            if star:
                text = STAR_MARK.sub("", text, count=1).strip()
            text = BACKLINKS.sub("", NOTE_HEAD.sub("", text, count=1)).strip()
            notes.append(Paragraph(text, tuple(numbers), note=str(label)))
        return notes

    def _extra_notes(self, language: str) -> dict[int, str]:
        lines = seed_lines(self.seed)
        found: dict[int, str] = {}
        for number, line in self.config[language].get("extra_notes", {}).items():
            text = " ".join(lines[n - 1].strip() for n in _note_lines(lines, int(line)))
            text = BACKLINKS.sub("", NOTE_HEAD.sub("", text, count=1)).strip()
            if self.config[language].get("plain_extra_notes"):
                text = text.replace("*", "")
            found[int(number)] = text
        return found

    def note_numbers(self, language: str) -> dict[int, str]:
        """This text's own note numbers -> the original's labels (to rewrite the markers)."""
        lines = seed_lines(self.seed)
        numbers: dict[int, str] = {}
        for label, line in self.config[language].get("notes", {}).items():
            head = NOTE_HEAD.match(lines[int(line) - 1])
            if head:
                numbers[int(head.group(1))] = str(label)
        return numbers

    # -- with the edition's changes ---------------------------------------------------------

    def edited(self, language: str, *, marked: bool) -> list[Paragraph]:
        """The paragraphs with the records applied; ``marked`` keeps roles, links, notes."""
        paragraphs = [
            Paragraph(p.text, p.lines, p.heading, p.note) for p in self.paragraphs(language)
        ]
        tables = self.config[language].get("tables", [])
        cells = {int(x) for x in self.config[language].get("skip", [])}
        for change in self.changes:
            if change.lang != language or change.kind == "general":
                continue
            in_paragraph = any(_line(change) in p.lines for p in paragraphs)
            if not in_paragraph and any(first <= _line(change) <= last for first, last in tables):
                continue  # a table cell: the page marks it, there is no paragraph to change
            if not in_paragraph and _line(change) in cells:
                continue  # a word in a table the page sets by hand: its cell carries the role
            _apply(paragraphs, change, marked)
        numbers = self.note_numbers(language)
        extra = self._extra_notes(language)
        for paragraph in paragraphs:
            if marked:
                paragraph.text = _notes_as_references(paragraph.text, numbers, extra)
            paragraph.text = _layout(paragraph.text)
            if self.config.get("numbered"):
                paragraph.text = NUMBERED.sub(r"\1\\. ", paragraph.text)
        if marked:
            for line, phrase, target in self.config[language].get("links", []):
                _link(paragraphs, int(line), phrase, target)
        return paragraphs

    def translation(self, language: str) -> list[Paragraph | None]:
        """For each paragraph of the original, this language's paragraph (or None)."""
        original = self.paragraphs(self.original)
        mine = [p for p in self.edited(language, marked=True)]
        part = self.config[language]
        extra = {int(x) for x in part.get("extra", [])}
        missing = {int(x) for x in part.get("missing", [])}
        pieces = {int(k): {int(n) for n in v} for k, v in part.get("missing_pieces", {}).items()}
        count: dict[int, int] = {}
        body = [p for p in mine if p.note is None and p.first not in extra]
        notes = {p.note: p for p in mine if p.note is not None}
        paired: list[Paragraph | None] = []
        queue = iter(body)
        for paragraph in original:
            if paragraph.note is not None:
                paired.append(notes.get(paragraph.note))
                continue
            piece = _piece(count, paragraph.first)
            if paragraph.first in missing or piece in pieces.get(paragraph.first, ()):
                paired.append(None)
            else:
                paired.append(next(queue, None))
        originals = self.edited(self.original, marked=True)
        for index, (source, target) in enumerate(zip(originals, paired, strict=True)):
            if target is not None:
                paired[index] = _carry_references(source, target)
        leftover = list(queue)
        if leftover:
            raise ValueError(
                f"{self.name}/{language}: {len(leftover)} paragraph(s) left unpaired, "
                f"from line {leftover[0].first}"
            )
        return paired


def _piece(count: dict[int, int], first: int) -> int:
    """Which paragraph (1-based) beginning at line ``first`` this is (split_at makes several)."""
    count[first] = count.get(first, 0) + 1
    return count[first]


def _note_lines(lines: list[str], first: int) -> list[int]:
    """A note's lines: its own, then any continued after a page break, up to the next note."""
    found = [first]
    number = first + 1
    while number <= len(lines):
        text = lines[number - 1].strip()
        if text and (NOTE_HEAD.match(text) or text == "-"):
            break
        if text:
            found.append(number)
        number += 1
    return found


def _block_lines(lines: list[str], first: int) -> list[int]:
    """A page-foot note of seed 001: the lines of the block that starts at ``first``."""
    found = [first]
    while found[-1] < len(lines) and lines[found[-1]].strip():
        found.append(found[-1] + 1)
    return found


def _carry_references(source: Paragraph, target: Paragraph) -> Paragraph:
    """Give a translation the footnote references of its original that it lacks.

    Sphinx refuses a translation whose footnote references differ from its source; a
    reference the translator left out is put at the end of the paragraph (its note then
    shows the original's text if this language has none).
    """
    wanted = FOOTNOTE.findall(source.text)
    have = FOOTNOTE.findall(target.text)
    missing = [ref for ref in wanted if ref not in have]
    if not missing:
        return target
    return Paragraph(target.text + "".join(missing), target.lines, target.heading, target.note)


def pair_with_page(chapter: Chapter, msgids: list[str]) -> list[str]:
    """The page's msgid for each paragraph of the original, in the original's order.

    The body's paragraphs must stand on the page in order; notes (footnote definitions,
    which MyST gathers at the end of the page) may stand in any order after them. A
    paragraph that repeats an earlier one word for word has that one's msgid (gettext keeps
    one message for both), so its translations must be the same too.
    """
    found: list[str] = []
    position = 0
    plain_ids = [plain(m) for m in msgids]
    for paragraph in chapter.edited(chapter.original, marked=False):
        text = plain(paragraph.text)
        if paragraph.note is not None:
            if text not in plain_ids:
                raise LookupError(f"{chapter.name}: note {paragraph.note} is not on the page")
            found.append(msgids[plain_ids.index(text)])
            continue
        for index in range(position, len(msgids)):
            if plain_ids[index] == text:
                found.append(msgids[index])
                position = index + 1
                break
        else:
            repeated = [m for m in found if plain(m) == text]
            if repeated:
                found.append(repeated[0])
                continue
            raise LookupError(
                f"{chapter.name}: line {paragraph.first} is not on the page (or out of order): "
                f"{text[:70]}"
            )
    return found


def _split(paragraphs: list[Paragraph], rules: dict) -> list[Paragraph]:
    result: list[Paragraph] = []
    for paragraph in paragraphs:
        phrases = rules.get(str(paragraph.first), [])
        text = paragraph.text
        for phrase in phrases:
            head, found, tail = text.partition(phrase)
            if not found:
                raise ValueError(f"split_at {paragraph.first}: '{phrase}' not found")
            result.append(Paragraph(head.strip(), paragraph.lines, paragraph.heading))
            text = phrase + tail
        result.append(Paragraph(text.strip(), paragraph.lines, paragraph.heading))
    return result


def _merge(paragraphs: list[Paragraph], groups: list[list[int]]) -> list[Paragraph]:
    starts = {group[0]: group for group in groups}
    result: list[Paragraph] = []
    skip: set[int] = set()
    for index, paragraph in enumerate(paragraphs):
        if index in skip:
            continue
        group = starts.get(paragraph.first)
        if not group:
            result.append(paragraph)
            continue
        members = [p for p in paragraphs if p.first in group]
        skip.update(i for i, p in enumerate(paragraphs) if p.first in group[1:])
        lines = tuple(n for p in members for n in p.lines)
        joined = " ".join(p.text for p in members)
        result.append(Paragraph(joined, lines, heading=members[0].heading))
    return result


def _line(change: Change) -> int:
    """The first seed line a record names ("5227", "4954, 4956" or "5219–5221")."""
    return int(change.line.split(",")[0].split("–")[0])


def _apply(paragraphs: list[Paragraph], change: Change, marked: bool) -> None:
    line = _line(change)
    candidates = [p for p in paragraphs if line in p.lines]  # several if split_at split it
    if not candidates:
        raise ValueError(f"record {change.id}: line {line} is in no paragraph of {change.lang}")
    pattern = word_pattern(change.before)
    target = next((p for p in candidates if pattern.search(p.text)), None)
    if target is None:
        raise ValueError(f"record {change.id}: '{change.before}' not found at line {line}")
    after = change.after
    if marked and change.kind in ("correction", "note"):  # "format" changes stay unmarked
        after = f"{{ed}}`{change.after} <{change.id}>`"
    target.text = pattern.sub(lambda _m: after, target.text, count=1)


def _notes_as_references(text: str, numbers: dict[int, str], extra: dict[int, str]) -> str:
    def replace(match: re.Match[str]) -> str:
        digits = match.group(0).strip()
        number = int(digits.translate(str.maketrans(SUPERSCRIPT, "0123456789")))
        if number in numbers:
            return f"[^{numbers[number]}]"
        if number in extra:
            return f" {{tnote}}`{extra[number]}`"
        return match.group(0)

    return MARKER.sub(replace, text)


def _layout(text: str) -> str:
    """Presentation marks that MyST would misread: bold headings, list dashes."""
    return re.sub(r"^- ", "", text.replace("**", "")).strip()


def _link(paragraphs: list[Paragraph], line: int, phrase: str, target: str) -> None:
    paragraph = next((p for p in paragraphs if line in p.lines), None)
    if paragraph is None or phrase not in paragraph.text:
        raise ValueError(f"link at line {line}: '{phrase}' not found")
    paragraph.text = paragraph.text.replace(phrase, f"[{phrase}](#{target})", 1)


def chapters() -> list[Chapter]:
    """Every chapter with a ``sources.toml``."""
    found = []
    for path in sorted(DOCS.glob("*/sources.toml")):
        config = tomllib.loads(path.read_text(encoding="utf-8"))
        found.append(Chapter(path.parent.name, config))
    return found


def chapter(name: str) -> Chapter:
    for found in chapters():
        if found.name == name:
            return found
    raise KeyError(f"no chapter '{name}' (no docs/{name}/sources.toml)")


__all__ = [
    "Chapter",
    "Paragraph",
    "Unit",
    "chapter",
    "chapters",
    "pair_with_page",
    "plain",
    "word_pattern",
]
