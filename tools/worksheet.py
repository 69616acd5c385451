"""Worksheets for the edition's own translations: a chapter's untranslated entries as JSON.

Usage::

    python tools/worksheet.py export CHAPTER LANG [--part K/N] [--review] -o SHEET.json
    python tools/worksheet.py show SHEET.json [--from N] [--to M]   # the entries, numbered
    python tools/worksheet.py fill SHEET.json CHUNK.txt [...]    # put translations in
    the sheet
    python tools/worksheet.py check SHEET.json      # what import would refuse, one line
    each
    python tools/worksheet.py import SHEET.json [SHEET.json ...]

``export`` writes the entries of ``locale/LANG/LC_MESSAGES/CHAPTER.po`` that have no
usable translation (empty or fuzzy), in page order, each with its msgid (the original's
text) and an empty ``msgstr`` to fill; ``--part K/N`` takes the K-th of N runs of about
equal length in words, so that several translators can share a long chapter. With
``--review`` the sheet holds the
edition's translations as they stand (never a translation the sources give), for a second
reader: ``import`` of a review sheet replaces them with the reader's text. ``fill``
takes plain-text chunks, in which a line ``=== N`` starts the translation of entry N (the
lines after it, up to the next such line, joined by spaces), so that no translator has to
escape JSON by hand; it says which entries are still empty. A line ``#gate NAME: reason``
right under ``=== N`` exempts the entry from that gate of ``tools/gates.py`` (written into
the catalogue as the entry's comment ``# gate NAME: reason``). ``import``
writes the filled msgstrs into the catalogue (house format) after the checks of
``check``: the msgid is still in the catalogue, its translation there is still empty (a
translation the sources give is never overwritten), the msgstr is not empty, it keeps the
footnotes, link targets, roles and code spans of its msgid (``tools/catalogues.py``), and
an ``ed`` role in it names a record its msgid marks, or one of the target language's. An
entry left empty in the sheet is skipped. Nothing is written unless every entry passes.

The text of an ``ed`` role in a translation is the translation of the words the original
marks (the role links the reader to the record of the original's change, see
``docs/_ext/tabula/editorial.py``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from catalogues import (
    LANGUAGES,
    LOCALE,
    LONGEST_COMMENT,
    dropped_markup,
    read,
    source_line,
    write,
)

ED_ID = re.compile(r"\{ed\}`[^`<]*<([^>`]+)>`")


class SheetError(Exception):
    """A worksheet that cannot be imported; the message names the sheet and the entry."""


def catalogue_path(chapter: str, language: str) -> Path:
    if language not in LANGUAGES:
        raise SheetError(f"unknown language {language!r} (one of {', '.join(LANGUAGES)})")
    path = LOCALE / language / "LC_MESSAGES" / f"{chapter}.po"
    if not path.exists():
        raise SheetError(f"no catalogue {path.relative_to(LOCALE.parent)}")
    return path


def untranslated(chapter: str, language: str) -> list[str]:
    """The msgids of the catalogue with no usable translation, in page order."""
    return [
        m.id for m in read(catalogue_path(chapter, language)) if m.id and (not m.string or m.fuzzy)
    ]


def edition_entries(chapter: str, language: str) -> list[tuple[str, str, list[str]]]:
    """(msgid, msgstr, gate exemptions) of every entry the edition translated (filled, not
    the source's)."""
    return [
        (m.id, m.string, [c for c in m.user_comments if c.startswith("gate ")])
        for m in read(catalogue_path(chapter, language))
        if m.id and m.string and not m.fuzzy and source_line(m) is None
    ]


def part(msgids: list[str], k: int, n: int) -> list[str]:
    """The k-th (1-based) of n contiguous runs of msgids of about equal length in words."""
    if not 1 <= k <= n:
        raise SheetError(f"--part {k}/{n}: K must be between 1 and N")
    words = [len(m.split()) for m in msgids]
    total = sum(words) or 1
    runs: list[list[str]] = [[] for _ in range(n)]
    seen = 0
    for msgid, count in zip(msgids, words, strict=True):
        runs[min(n - 1, seen * n // total)].append(msgid)
        seen += count
    return runs[k - 1]


def export(
    chapter: str, language: str, k: int = 1, n: int = 1, *, review: bool = False
) -> dict[str, object]:
    """A sheet of the untranslated entries, or (``review``) of the edition's translations
    with their current text, for a second reader to correct."""
    gates: dict[str, list[str]] = {}
    if review:
        found = edition_entries(chapter, language)
        current = {msgid: msgstr for msgid, msgstr, _ in found}
        gates = {msgid: exemptions for msgid, _, exemptions in found}
        msgids = part(list(current), k, n)
    else:
        current = {}
        msgids = part(untranslated(chapter, language), k, n)
    return {
        "chapter": chapter,
        "language": language,
        "part": f"{k}/{n}",
        "review": review,
        "words": sum(len(m.split()) for m in msgids),
        "entries": [
            {"n": i, "msgid": m, "msgstr": current.get(m, ""), "gates": gates.get(m, [])}
            for i, m in enumerate(msgids, 1)
        ],
    }


def load(path: Path) -> dict[str, object]:
    try:
        sheet = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise SheetError(f"{path}: not a readable JSON worksheet: {error}") from None
    if not isinstance(sheet, dict) or not isinstance(sheet.get("entries"), list):
        raise SheetError(f"{path}: not a worksheet (no 'entries' list)")
    return sheet


def problems(path: Path) -> list[str]:
    """Every reason the sheet cannot be imported, one line each."""
    sheet = load(path)
    chapter, language = str(sheet.get("chapter")), str(sheet.get("language"))
    catalog = read(catalogue_path(chapter, language))
    review = sheet.get("review") is True
    found: list[str] = []
    for number, entry in enumerate(sheet["entries"], 1):  # type: ignore[arg-type]
        where = f"{path.name}: entry {number}"
        if not isinstance(entry, dict) or not isinstance(entry.get("msgstr"), str):
            found.append(f"{where}: not an object with a msgid and a msgstr")
            continue
        msgid, msgstr = entry.get("msgid"), entry["msgstr"].strip()
        message = catalog.get(msgid) if isinstance(msgid, str) else None
        if message is None:
            found.append(f"{where}: msgid no longer in {chapter}.po: {str(msgid)[:50]!r}")
            continue
        if not msgstr:
            continue
        if source_line(message) is not None and message.string != msgstr:
            found.append(f"{where}: the sources give this translation: {msgid[:50]!r}")
        elif message.string and not message.fuzzy and message.string != msgstr and not review:
            found.append(f"{where}: already translated in the catalogue: {msgid[:50]!r}")
        original = message.string
        message.string = msgstr
        found += [f"{where}: {p}" for p in dropped_markup(message)]
        message.string = original
        marked = set(ED_ID.findall(msgid))
        for change_id in ED_ID.findall(msgstr):
            if change_id not in marked and not change_id.startswith(f"{chapter}-{language}-"):
                found.append(f"{where}: ed role {change_id!r} is not marked in the msgid")
    return found


CHUNK_HEAD = re.compile(r"^=== *(\d+) *$")


GATE_LINE = re.compile(r"^#gate \w+: .+")


def read_chunk(path: Path) -> dict[int, tuple[str, list[str]]]:
    """Entry number -> (translation, exemptions), from a chunk file (module docstring)."""
    found: dict[int, tuple[list[str], list[str]]] = {}
    current: tuple[list[str], list[str]] | None = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        head = CHUNK_HEAD.match(line.strip())
        if head:
            key = int(head.group(1))
            if key in found:
                raise SheetError(f"{path}:{number}: entry {key} appears twice")
            current = found[key] = ([], [])
        elif current is not None and GATE_LINE.match(line.strip()):
            if len(line.strip()) - 1 > LONGEST_COMMENT:
                raise SheetError(
                    f"{path}:{number}: a gate reason must fit one catalogue line "
                    f"({LONGEST_COMMENT} characters with 'gate NAME: ')"
                )
            current[1].append(line.strip()[1:])
        elif current is not None:
            current[0].append(line.strip())
        elif line.strip():
            raise SheetError(f"{path}:{number}: text before the first '=== N' line")
    return {key: (" ".join(w for w in lines if w), gates) for key, (lines, gates) in found.items()}


def fill(sheet_path: Path, chunks: list[Path]) -> str:
    sheet = load(sheet_path)
    entries = {e["n"]: e for e in sheet["entries"]}  # type: ignore[union-attr]
    for chunk in chunks:
        for key, (text, gates) in read_chunk(chunk).items():
            if key not in entries:
                raise SheetError(f"{chunk}: entry {key} is not in {sheet_path.name}")
            entries[key]["msgstr"] = text
            entries[key]["gates"] = gates
    sheet_path.write_text(json.dumps(sheet, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    empty = [key for key, e in entries.items() if not e["msgstr"].strip()]
    return f"{sheet_path}: {len(entries) - len(empty)} of {len(entries)} filled" + (
        f"; empty: {_ranges(empty)}" if empty else ""
    )


def _ranges(numbers: list[int]) -> str:
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def show(sheet_path: Path, first: int, last: int) -> str:
    """The entries from ``first`` to ``last``: the original, and the translation if any."""
    sheet = load(sheet_path)
    lines = []
    for entry in sheet["entries"]:  # type: ignore[union-attr]
        if first <= entry["n"] <= last:
            lines.append(f"=== {entry['n']}\n{entry['msgid']}")
            if entry["msgstr"]:
                lines.append(f"--- translation:\n{entry['msgstr']}")
            lines += [f"#{g}" for g in entry.get("gates", [])]
            lines.append("")
    return "\n".join(lines)


def import_sheets(paths: list[Path]) -> list[str]:
    report = []
    for path in paths:
        trouble = problems(path)
        if trouble:
            raise SheetError("\n".join(trouble))
    for path in paths:
        sheet = load(path)
        target = catalogue_path(str(sheet["chapter"]), str(sheet["language"]))
        catalog = read(target)
        count = 0
        for entry in sheet["entries"]:  # type: ignore[union-attr]
            msgstr = entry["msgstr"].strip()
            if msgstr:
                message = catalog[entry["msgid"]]
                message.string = msgstr
                message.flags.discard("fuzzy")
                if "gates" in entry:  # the sheet says which gates the entry is exempt from
                    kept = [c for c in message.user_comments if not c.startswith("gate ")]
                    message.user_comments = list(dict.fromkeys(kept + list(entry["gates"])))
                count += 1
        write(catalog, target)
        report.append(f"{target.relative_to(LOCALE.parent)}: {count} entr(y/ies) from {path.name}")
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    out = commands.add_parser("export", help="write a chapter's untranslated entries")
    out.add_argument("chapter")
    out.add_argument("language")
    out.add_argument("--part", default="1/1", help="K/N: the K-th of N equal runs")
    out.add_argument(
        "--review", action="store_true", help="the edition's translations, for a second reader"
    )
    out.add_argument("-o", "--output", type=Path, required=True)
    shown = commands.add_parser("show", help="print the entries, numbered")
    shown.add_argument("sheet", type=Path)
    shown.add_argument("--from", dest="first", type=int, default=1)
    shown.add_argument("--to", dest="last", type=int, default=10**6)
    filled = commands.add_parser("fill", help="put the translations of chunk files in a sheet")
    filled.add_argument("sheet", type=Path)
    filled.add_argument("chunks", nargs="+", type=Path)
    checked = commands.add_parser("check", help="what import would refuse")
    checked.add_argument("sheets", nargs="+", type=Path)
    taken = commands.add_parser("import", help="write filled sheets into the catalogues")
    taken.add_argument("sheets", nargs="+", type=Path)
    args = parser.parse_args(argv)
    try:
        if args.command == "export":
            k, _, n = args.part.partition("/")
            sheet = export(args.chapter, args.language, int(k), int(n), review=args.review)
            args.output.write_text(json.dumps(sheet, ensure_ascii=False, indent=1) + "\n")
            print(f"{args.output}: {len(sheet['entries'])} entries, {sheet['words']} words")
        elif args.command == "show":
            print(show(args.sheet, args.first, args.last))
        elif args.command == "fill":
            print(fill(args.sheet, args.chunks))
        elif args.command == "check":
            found = [p for path in args.sheets for p in problems(path)]
            print("\n".join(found) if found else "worksheets: ready to import")
            return 1 if found else 0
        else:
            print("\n".join(import_sheets(args.sheets)))
    except (SheetError, OSError, UnicodeDecodeError) as error:
        print(f"worksheet: {error}", file=sys.stderr)
        return 2
    except ValueError as error:
        print(f"worksheet: --part must be K/N ({error})", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
