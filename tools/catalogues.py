"""The translation catalogues: import them from the seeds, and check that they cannot rot.

Usage::

    python tools/catalogues.py import CHAPTER     # write the seed translations into the .po
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
original there), or is not in the house format (wrap width 79).
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

from chapters import ROOT, Chapter, chapter, pair_with_page

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


def import_chapter(name: str) -> list[str]:
    """Write the seed translations of chapter ``name`` into its catalogues; report lines."""
    found = chapter(name)
    with tempfile.TemporaryDirectory() as tmp:
        pot = read(templates(Path(tmp)) / f"{found.name}.pot")
    pairs = pair_msgids(found, [m.id for m in pot if m.id])
    report = []
    for language in LANGUAGES:  # the original's own catalogue exists too, and stays empty
        translated = found.translation(language) if language in found.translations else None
        path = LOCALE / language / "LC_MESSAGES" / f"{found.name}.po"
        old = {m.id: m for m in read(path)} if path.exists() else {}
        catalog = Catalog(locale=language)
        count = 0
        for message in pot:
            if not message.id:
                continue
            index = pairs.get(message.id)
            if index is not None:
                text = translated[index] if translated else None
                msgstr = text.text if text else ""
                count += bool(msgstr)
                catalog.add(message.id, msgstr)
            else:
                previous = old.get(message.id)
                flags = previous.flags if previous else ()
                catalog.add(message.id, previous.string if previous else "", flags=flags)
        write(catalog, path)
        report.append(f"{path.relative_to(ROOT)}: {count} paragraph(s) from the seed")
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
    for message in catalog:
        if message.id and message.fuzzy:
            problems.append(f"{where}: {fuzzy_problem(message)}")
        elif message.id and message.string:
            problems += [f"{where}: {p}" for p in dropped_markup(message)]
    if path.read_bytes() != serialise(read(path), path):
        problems.append(f"{where}: not in the house format (run tools/catalogues.py normalize)")
    return problems


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


def normalize() -> int:
    paths = sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))
    for path in paths:
        write(read(path), path)
    return len(paths)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    imported = commands.add_parser("import", help="write a chapter's seed translations")
    imported.add_argument("chapter")
    commands.add_parser("check", help="check every catalogue")
    commands.add_parser("normalize", help="rewrite every catalogue in the house format")
    args = parser.parse_args(argv)
    if args.command == "import":
        print("\n".join(import_chapter(args.chapter)))
        return 0
    if args.command == "normalize":
        print(f"{normalize()} catalogue(s) written")
        return 0
    problems = check()
    print("\n".join(problems) if problems else "catalogues: all fresh, valid and complete")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
