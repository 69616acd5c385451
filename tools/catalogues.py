"""The translation catalogues: import them from the seeds, and check that they cannot rot.

Usage::

    python tools/catalogues.py import CHAPTER...  # write the seed translations into the .po
    python tools/catalogues.py import --all        # every chapter with a sources.toml
    python tools/catalogues.py check              # stale, malformed, dropped markup, wrapping
    python tools/catalogues.py normalize          # rewrite every .po in the one house format

``import`` regenerates the message templates, pairs every msgid of the chapter that is a
paragraph of the original with the translations ``tools/chapters.py`` derives from the seeds
(records applied), and writes them into ``locale/<lang>/LC_MESSAGES/<chapter>.po``; entries
that are not seed paragraphs (captions, alt texts, the edition's own prose) keep the msgstr
they have. ``check`` exits non-zero, naming file and entry, when a catalogue is missing or
stale against the sources, is not valid gettext (``msgfmt``), drops or adds a footnote,
link target, role or code span its msgid has (a translation's own ``ed`` and ``tnote`` roles
aside), still has a translation awaiting review (``fuzzy``: the reader would be shown the
original there), has a translator comment no tool reads or too long for one line (babel
wraps it, and the pieces read back as separate comments), or is not in the house format
(wrap width 79).
"""

from __future__ import annotations

import argparse
import datetime
import io
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(Path(__file__).resolve().parent))

from chapters import ROOT, Chapter, chapter, chapters, pair_with_page
from tabula.editorial import all_changes  # docs/_ext is on the path (tools/chapters.py)

LOCALE = ROOT / "locale"
LANGUAGES = ("da", "sv", "de", "fr")
WIDTH = 79
STAMP = datetime.datetime(2026, 11, 22, 19, 0, tzinfo=datetime.UTC)
MARKUP = {  # what a translation must carry over from its msgid
    "footnote": re.compile(r"\[\^[^\]]+\]"),
    "link target": re.compile(r"\]\((#[^)]+)\)"),
    "role": re.compile(r"\{[a-z-]+\}`"),
    "code span": re.compile(r"`[^`]+`"),  # counted, not compared: placeholders get translated
}
# a text's own corrections ({ed}) and a translation's own notes ({tnote}): never carried over
EDITORIAL = re.compile(r"\{(?:ed|tnote)\}`[^`]*`")


def templates(out: Path) -> Path:
    """Regenerate the message templates (.pot) of the whole site into ``out``.

    The build runs in a language with no catalogue ("en"): the templates must hold the
    sources' own words, and Sphinx would otherwise translate some (image alt texts) while
    extracting them.
    """
    command = [
        sys.executable,
        "-m",
        "sphinx",
        "-b",
        "gettext",
        "-q",
        "-c",
        str(ROOT),
        "-D",
        "language=en",
        str(ROOT / "docs"),
        str(out),
    ]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if done.returncode:
        raise SystemExit(f"gettext build failed:\n{done.stdout}{done.stderr}")
    return out


def read(path: Path) -> Catalog:
    with path.open("rb") as source:
        return read_po(source)


def write(catalog: Catalog, path: Path) -> None:
    """Write a catalogue in the house format (the one sphinx-intl writes, width 79)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(serialise(catalog, path))


def serialise(catalog: Catalog, path: Path) -> bytes:
    language = path.parts[-3]
    catalog.header_comment = f"# Tabula: the messages of '{path.stem}' in '{language}'."
    catalog.fuzzy = False  # a fuzzy header would hide the whole catalogue
    catalog.project, catalog.version = "Tabula", ""
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "Tabula editors"
    catalog.language_team = f"Tabula ({language})"
    catalog.creation_date = catalog.revision_date = STAMP  # no churn from dates
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH)
    return buffer.getvalue()


# -- import ---------------------------------------------------------------------------------


SOURCE_COMMENT = "source: seed {seed}, line {line}"
SOURCE = re.compile(r"^source: seed (\d{3}), line (\d+)$")


def source_line(message: Message) -> str | None:
    """The provenance comment of an entry whose text a source gives, or None.

    Every entry of a catalogue is one of three things: empty (the reader is shown the
    original), a translation the sources give (written by ``import`` with the comment
    ``# source: seed 000, line 2345``, the seed line its text starts at), or the edition's
    own translation (every other filled entry).
    """
    return next((c for c in message.user_comments if SOURCE.match(c)), None)


def import_chapters(names: list[str]) -> list[str]:
    """Write the seed translations of the chapters into their catalogues; report lines."""
    found = [chapter(name) for name in names]
    with tempfile.TemporaryDirectory() as tmp:
        out = templates(Path(tmp))
        pots = {c.name: read(out / f"{c.name}.pot") for c in found}
    return [line for c in found for line in _import(c, pots[c.name])]


def _import(found: Chapter, pot: Catalog) -> list[str]:
    pairs = pair_msgids(found, [m.id for m in pot if m.id])
    report = []
    for language in LANGUAGES:  # the original's own catalogue exists too, and stays empty
        translated = found.translation(language) if language in found.translations else None
        path = LOCALE / language / "LC_MESSAGES" / f"{found.name}.po"
        old = {m.id: m for m in read(path)} if path.exists() else {}
        catalog = Catalog(locale=language)
        count = kept = 0
        for message in pot:
            if not message.id:
                continue
            previous = old.get(message.id)
            index = pairs.get(message.id)
            text = translated[index] if translated and index is not None else None
            if text is not None:
                comment = SOURCE_COMMENT.format(seed=found.seed, line=text.first)
                catalog.add(message.id, text.text, user_comments=[comment])
                count += 1
            elif previous is not None and not source_line(previous):
                # the edition's own words (captions, notes, its translation of a paragraph
                # the seed lacks in this language) are kept as they are
                catalog.add(message.id, previous.string, flags=previous.flags)
                kept += bool(previous.string)
            else:
                catalog.add(message.id, "")
        write(catalog, path)
        report.append(
            f"{path.relative_to(ROOT)}: {count} paragraph(s) from the seed, "
            f"{kept} entr(y/ies) of the edition kept"
        )
    return report


def pair_msgids(found: Chapter, msgids: list[str]) -> dict[str, int]:
    """msgid -> index of the original's paragraph it is; other msgids are not seed text."""
    try:
        paired = pair_with_page(found, msgids)
    except LookupError as error:
        raise SystemExit(str(error)) from None
    return {msgid: index for index, msgid in enumerate(paired)}


# -- check ----------------------------------------------------------------------------------


def check() -> list[str]:
    """Every problem of every catalogue, one line each."""
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        pots = {p.stem: read(p) for p in templates(Path(tmp)).glob("*.pot")}
    for domain, pot in sorted(pots.items()):
        want = {m.id for m in pot if m.id}
        for language in LANGUAGES:
            path = LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
            if not path.exists():
                problems.append(f"{path.relative_to(ROOT)}: missing (run make update-po)")
                continue
            problems += _check_file(path, want)
    for path in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        if path.stem not in pots:
            problems.append(f"{path.relative_to(ROOT)}: no page uses this catalogue any more")
    return problems


def _check_file(path: Path, want: set[str]) -> list[str]:
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    done = subprocess.run(
        ["msgfmt", "--check-header", "--check-domain", "-o", "/dev/null", str(path)],
        capture_output=True,
        text=True,
    )
    if done.returncode:
        return [f"{where}: not valid gettext: {done.stderr.strip().splitlines()[0]}"]
    catalog = read(path)
    have = {m.id for m in catalog if m.id}  # babel keeps obsolete entries apart
    problems = []
    if want != have:
        problems.append(
            f"{where}: stale: {len(want - have)} new msgid(s), {len(have - want)} vanished "
            "(run make update-po)"
        )
        problems += [f"{where}: stale: {p}" for p in _stale_entries(catalog, want, have, path)]
    for message in catalog:
        if message.id and message.fuzzy:
            problems.append(f"{where}: {fuzzy_problem(message)}")
        elif message.id and message.string:
            problems += [f"{where}: {p}" for p in dropped_markup(message)]
            problems += [f"{where}: {p}" for p in stray_records(message, path.parts[-3])]
        if message.id:
            problems += [f"{where}: {p}" for p in unread_comments(message)]
    if path.read_bytes() != serialise(read(path), path):
        problems.append(f"{where}: not in the house format (run tools/catalogues.py normalize)")
    return problems


def _shorten(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= width else text[: width - 1] + "…")


def _source_line(domain: str, msgid: str) -> str:
    """Where in the chapter's sources a new msgid's text begins, as ``file:line``."""
    words = " ".join(msgid.split())[:40]
    folder = ROOT / "docs" / domain
    for source in sorted(folder.rglob("*.md")) if folder.is_dir() else []:
        for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
            if words[:25] and words[:25] in " ".join(line.split()):
                return f"{source.relative_to(ROOT)}:{number}"
    return f"docs/{domain}"


def _stale_entries(catalog: Catalog, want: set[str], have: set[str], path: Path) -> list[str]:
    """The entries a stale catalogue lacks (with the source line that has them) and keeps in
    vain (with their line in the catalogue): the first few of each."""
    shown = 3
    lines = []
    new = sorted(want - have)
    for msgid in new[:shown]:
        lines.append(f"new {_shorten(msgid)} ({_source_line(path.stem, msgid)})")
    vanished = sorted((m for m in catalog if m.id and m.id in have - want), key=lambda m: m.lineno)
    for message in vanished[:shown]:
        lines.append(f"vanished {_shorten(message.id)} (line {message.lineno})")
    more = max(0, len(new) - shown) + max(0, len(vanished) - shown)
    if more:
        lines.append(f"and {more} more")
    return lines


def fuzzy_problem(message: Message) -> str:
    """A changed source left its old translation unused until someone reviews it."""
    return (
        f"translation awaiting review (fuzzy) of '{message.id[:50]}…': update the msgstr to "
        "the new source and remove the flag"
    )


def dropped_markup(message: Message) -> list[str]:
    """Footnotes, link targets, roles and code spans the msgid has and the msgstr lacks."""
    problems = []
    msgid, msgstr = EDITORIAL.sub("", message.id), EDITORIAL.sub("", message.string)
    for kind, pattern in MARKUP.items():
        source, target = Counter(pattern.findall(msgid)), Counter(pattern.findall(msgstr))
        if kind == "code span":
            source, target = Counter({"`…`": source.total()}), Counter({"`…`": target.total()})
        if source != target:
            lost = sorted((source - target).elements())
            added = sorted((target - source).elements())
            problems.append(f"{kind} differs in '{message.id[:50]}…': lost {lost}, added {added}")
    return problems


ED_ID = re.compile(r"\{ed\}`[^`<]*<([^>`]+)>`")


def stray_records(message: Message, language: str) -> list[str]:
    """An ``ed`` role of a translation names a record of its own language, or one its msgid
    marks (the translation of the words the original marks); anything else points the reader
    to a change the text does not have."""
    marked = set(ED_ID.findall(message.id))
    problems = []
    for change_id in ED_ID.findall(message.string):
        change = all_changes().get(change_id)
        if change is None:
            problems.append(f"ed role names no record: {change_id!r}")
        elif change_id not in marked and change.lang != language:
            problems.append(f"ed role {change_id!r} is a record of {change.lang}, not marked here")
    return problems


# The translator comments the tools read, each on one line: babel wraps a longer comment
# into several, which read back as separate comments (a reason cut in two, a fragment
# merged with another's): a comment must fit the line.
COMMENT = re.compile(r"^(?:source: seed \d{3}, line \d+|gate \w+: .+|untranslated: .+)$")
LONGEST_COMMENT = WIDTH - 2  # "# " and the comment


def unread_comments(message: Message) -> list[str]:
    """Translator comments no tool reads, or too long to stay on one line."""
    problems = []
    for comment in message.user_comments:
        if not COMMENT.match(comment):
            problems.append(f"comment the tools do not read (a wrapped line?): {comment[:40]!r}")
        elif len(comment) > LONGEST_COMMENT:
            problems.append(f"comment longer than {LONGEST_COMMENT} characters: {comment[:40]!r}")
    return problems


def normalize() -> int:
    paths = sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))
    for path in paths:
        write(read(path), path)
    return len(paths)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    imported = commands.add_parser("import", help="write chapters' seed translations")
    imported.add_argument("chapters", nargs="*", help="chapter names")
    imported.add_argument("--all", action="store_true", help="every chapter with a sources.toml")
    commands.add_parser("check", help="check every catalogue")
    commands.add_parser("normalize", help="rewrite every catalogue in the house format")
    args = parser.parse_args(argv)
    if args.command == "import":
        names = [c.name for c in chapters()] if args.all else args.chapters
        if not names:
            parser.error("import: name a chapter, or --all")
        print("\n".join(import_chapters(names)))
        return 0
    if args.command == "normalize":
        print(f"{normalize()} catalogue(s) written")
        return 0
    problems = check()
    print("\n".join(problems) if problems else "catalogues: all fresh, valid and complete")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
