"""Every chapter's page and catalogues hold the seed's text, paragraph for paragraph.

For each chapter with a ``docs/<chapter>/sources.toml``: the original's paragraphs (seed
text, page-break splits rejoined, recorded changes applied) all stand on the page in order;
each translation's catalogue holds exactly the text ``tools/chapters.py`` derives from the
seed and the records — so no paragraph is lost or invented, and no wording changes without a
record a reader can see; and the paragraph counts are those the seed map documents.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from chapters import ROLE, Chapter, chapters, pair_with_page, plain  # noqa: E402
from tabula.editorial import all_changes  # noqa: E402  (tools/chapters.py put docs/_ext on the path)

SOURCE_COMMENT_START = "source: seed"
CHAPTERS = chapters()
PAIRS = [(c, lang) for c in CHAPTERS for lang in c.translations]


def catalogue(chapter: Chapter, language: str) -> polib.POFile:
    return polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / f"{chapter.name}.po"))


def page_msgids(chapter: Chapter) -> list[str]:
    """The original's paragraphs as msgids of the page (captions etc. are not among them)."""
    try:
        return pair_with_page(chapter, [e.msgid for e in catalogue(chapter, chapter.original)])
    except LookupError as error:
        pytest.fail(str(error))


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
def test_paragraph_counts_are_those_of_the_seed(chapter: Chapter) -> None:
    for language, expected in chapter.config.get("counts", {}).items():
        found = chapter.paragraphs(language)
        counts = {
            "headings": sum(p.heading for p in found),
            "paragraphs": sum(not p.heading and p.note is None for p in found),
            "notes": sum(p.note is not None for p in found),
        }
        assert {k: counts[k] for k in expected} == expected, language


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
def test_the_original_stands_on_the_page_with_recorded_changes(chapter: Chapter) -> None:
    assert len(page_msgids(chapter)) == len(chapter.paragraphs(chapter.original))


@pytest.mark.parametrize(("chapter", "language"), PAIRS, ids=lambda x: getattr(x, "name", x))
def test_each_catalogue_is_its_seed_with_recorded_changes(chapter: Chapter, language: str) -> None:
    """Where the seed gives a paragraph, the catalogue holds exactly it, marked as the source's
    (``# source: seed 000, line N``); where it does not, the entry is the edition's own
    translation or empty, and never claims the source."""
    entries = {e.msgid: e for e in catalogue(chapter, language)}
    paired = page_msgids(chapter)
    lines: dict[str, set[str]] = {}  # a msgid the page has twice is one entry of both lines
    for msgid, paragraph in zip(paired, chapter.translation(language), strict=True):
        if paragraph is not None:
            lines.setdefault(msgid, set()).add(
                f"source: seed {chapter.seed}, line {paragraph.first}"
            )
    for msgid, paragraph in zip(paired, chapter.translation(language), strict=True):
        entry = entries[msgid]
        assert not entry.fuzzy, f"{language}: fuzzy: {msgid[:60]}"
        if paragraph is None:
            assert SOURCE_COMMENT_START not in entry.tcomment, f"{language}: {msgid[:60]}"
            continue
        assert entry.msgstr == paragraph.text, f"{language}: {msgid[:60]}"
        assert entry.tcomment in lines[msgid], msgid
    others = [e for e in entries.values() if e.msgid not in set(paired)]
    assert not [e.msgid for e in others if SOURCE_COMMENT_START in e.tcomment]


@pytest.mark.parametrize(("chapter", "language"), PAIRS, ids=lambda x: getattr(x, "name", x))
def test_paired_paragraphs_are_of_like_length(chapter: Chapter, language: str) -> None:
    """A cheap guard against a misaligned pairing: translations run 0.5–2× the original.

    A translation's ``partial`` list in sources.toml names the original's paragraphs it
    renders only in part (a note the original expanded); each is declared, and reasoned
    there, so the guard still holds for every other paragraph. The original is taken as the
    page prints it (records applied), so that a note whose text a record replaces (a note
    printed under the wrong number) is compared with its repaired text.
    """
    original = chapter.edited(chapter.original, marked=False)
    partial = {int(x) for x in chapter.config[language].get("partial", [])}
    for source, target in zip(original, chapter.translation(language), strict=True):
        if target is None or len(source.text) < 120 or source.first in partial:
            continue
        ratio = len(plain(target.text)) / len(plain(source.text))
        assert 0.5 <= ratio <= 2.0, (language, source.first, target.first, round(ratio, 2))


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda c: c.name)
def test_the_originals_records_are_marked_on_the_page(chapter: Chapter) -> None:
    source = "\n".join(
        (chapter.path / f"{page}.md").read_text(encoding="utf-8") for page in chapter.pages
    )
    marked = {change_id: words for words, change_id in ROLE.findall(source)}
    for change in chapter.changes:
        if change.lang == chapter.original and change.kind in ("correction", "note"):
            assert marked.get(change.id) == change.after, change.id
    for change_id in marked:
        assert all_changes()[change_id].lang == chapter.original, change_id


def test_the_catalogues_are_fresh_valid_and_carry_their_markup() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "catalogues.py"), "check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_translation_awaiting_review_is_a_problem(tmp_path: Path) -> None:
    from catalogues import _check_file, fuzzy_problem, read, serialise

    path = tmp_path / "da" / "LC_MESSAGES" / "x.po"
    path.parent.mkdir(parents=True)
    path.write_text(
        '#\nmsgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        '#, fuzzy\nmsgid "Ny tekst"\nmsgstr "Gammel tekst"\n',
        encoding="utf-8",
    )
    path.write_bytes(serialise(read(path), path))
    (message,) = [m for m in read(path) if m.id]
    assert message.fuzzy
    problems = _check_file(path, {"Ny tekst"})
    assert any(fuzzy_problem(message) in p for p in problems), problems


def test_a_comment_the_tools_cannot_read_back_is_a_problem(tmp_path: Path) -> None:
    """A gate reason longer than a line is wrapped by babel into pieces that read back as
    separate comments (one cut in two, one merged with another's): the check refuses it."""
    from catalogues import _check_file, read, serialise

    path = tmp_path / "da" / "LC_MESSAGES" / "x.po"
    path.parent.mkdir(parents=True)
    reason = "gate terms: " + "a reason far too long for one line of the catalogue " * 2
    path.write_text(
        '#\nmsgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        f'# {reason}\nmsgid "Un texte"\nmsgstr "En tekst"\n',
        encoding="utf-8",
    )
    path.write_bytes(serialise(read(path), path))
    problems = _check_file(path, {"Un texte"})
    assert any("comment the tools do not read" in p for p in problems), problems


def test_a_stale_catalogue_names_its_entries_and_their_lines(tmp_path: Path) -> None:
    """issue 13: "stale" alone said neither which entries nor where they are."""
    from catalogues import _check_file, read, serialise

    path = tmp_path / "da" / "LC_MESSAGES" / "brade.po"
    path.parent.mkdir(parents=True)
    path.write_text(
        '#\nmsgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "Kept"\nmsgstr "Beholdt"\n\nmsgid "Gone from the sources"\nmsgstr "Væk"\n',
        encoding="utf-8",
    )
    path.write_bytes(serialise(read(path), path))
    gone_at = path.read_text(encoding="utf-8").splitlines().index('msgid "Gone from the sources"')
    first_words = "Bräde - ibland även kallat svenskt brädspel"
    new = next(m.id for m in read(ROOT / "locale" / "da" / "LC_MESSAGES" / "brade.po")
               if m.id.startswith(first_words))  # fmt: skip
    problems = _check_file(path, {"Kept", new})
    assert any("1 new msgid(s), 1 vanished" in p for p in problems), problems
    assert any(f"vanished 'Gone from the sources' (line {gone_at + 1})" in p for p in problems), (
        problems
    )
    (added,) = [p for p in problems if "stale: new " in p]
    assert "Bräde - ibland" in added and "(docs/brade/index.md:" in added, added


@pytest.mark.parametrize(
    ("language", "for_himself"),
    [("da", "for sig selv"), ("sv", "åt sig själv"), ("de", "für sich selbst")],
)
def test_the_ecole_definition_has_the_opponent_mark_for_himself(
    language: str, for_himself: str
) -> None:
    """issue 17.5: the definition said the opponent marks the points *for* the one who forgot
    them (»for ham«, »åt honom«, »für ihn«); he marks them for himself (fr 4786, 4788)."""
    entries = polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "glossary.po"))
    (ecole,) = [e for e in entries if "l'envoie à l'école" in e.msgid]
    assert "pour lui-même" in ecole.msgid
    assert for_himself in ecole.msgstr
