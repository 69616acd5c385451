"""The Bräde page and its catalogues hold the seed's text, paragraph for paragraph.

Every heading and paragraph of the chapter, in every language, must equal the seed's text
(page-break splits rejoined, per ``docs/brade/sources.toml``) once the edition's recorded
changes (``docs/brade/editorial.toml``) are applied — so no paragraph is lost, none is
invented, and no wording is changed without a record a reader can see.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from seeds import chapter_units  # noqa: E402
from tabula.editorial import all_changes  # noqa: E402

CHAPTER = ROOT / "docs" / "brade"
CONFIG = tomllib.loads((CHAPTER / "sources.toml").read_text(encoding="utf-8"))
TRANSLATIONS = ("da", "de", "fr")
ROLE = re.compile(r"\{ed\}`([^`<]*?)\s*<([^>]+)>`")
LINK = re.compile(r"\[([^\]]+)\]\(#[^)]+\)")


def plain(text: str) -> str:
    """The words a reader sees: roles and links reduced to their text, layout marks removed."""
    text = ROLE.sub(lambda m: m.group(1), text)
    text = LINK.sub(lambda m: m.group(1), text)
    return re.sub(r"^- ", "", text.replace("**", "")).strip()


def catalogue(language: str) -> polib.POFile:
    return polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "brade.po"))


def with_changes(language: str) -> list[str]:
    """The seed's units in ``language`` with the recorded changes applied, in file order."""
    units = chapter_units(CONFIG, language)
    texts = [plain(u.text) for u in units]
    for change in all_changes().values():
        if change.chapter != "brade" or change.lang != language or change.kind == "note":
            continue
        index = next(i for i, u in enumerate(units) if int(change.line) in u.lines)
        pattern = _word(change.before)
        assert pattern.search(texts[index]), f"{change.id}: '{change.before}' not at its line"
        texts[index] = pattern.sub(lambda _m, c=change: c.after, texts[index], count=1)
    return texts


def _word(text: str) -> re.Pattern[str]:
    start = r"\b" if text[:1].isalnum() else ""
    end = r"\b" if text[-1:].isalnum() else ""
    return re.compile(start + re.escape(text) + end)


def swedish_msgids() -> list[str]:
    """The msgids that are the chapter's units, in order (captions and labels skipped)."""
    expected = with_changes("sv")
    msgids = [e.msgid for e in catalogue("da")]
    found: list[str] = []
    position = 0
    for text in expected:
        for index in range(position, len(msgids)):
            if plain(msgids[index]) == text:
                found.append(msgids[index])
                position = index + 1
                break
        else:
            pytest.fail(f"Swedish paragraph missing from the page: {text[:80]}")
    return found


def test_every_language_has_the_same_number_of_units() -> None:
    counts = {lang: len(chapter_units(CONFIG, lang)) for lang in ("sv", *TRANSLATIONS)}
    assert set(counts.values()) == {61}, counts  # 16 headings, 45 paragraphs
    headings = {lang: sum(u.heading for u in chapter_units(CONFIG, lang)) for lang in counts}
    assert set(headings.values()) == {16}, headings


def test_the_swedish_page_is_the_seed_with_recorded_changes() -> None:
    assert len(swedish_msgids()) == 61


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_each_catalogue_is_its_seed_with_recorded_changes(language: str) -> None:
    entries = {e.msgid: e for e in catalogue(language)}
    expected = with_changes(language)
    for msgid, text in zip(swedish_msgids(), expected, strict=True):
        entry = entries[msgid]
        assert not entry.fuzzy, f"{language}: fuzzy translation of {msgid[:60]}"
        assert plain(entry.msgstr) == text, f"{language}: {msgid[:60]}"


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_every_message_of_the_chapter_is_translated(language: str) -> None:
    untranslated = [e.msgid[:60] for e in catalogue(language) if not e.msgstr or e.fuzzy]
    assert untranslated == []


def _roles() -> dict[str, list[tuple[str, str]]]:
    """Each text's {ed} roles: language -> [(words, id)]."""
    found = {"sv": ROLE.findall((CHAPTER / "index.md").read_text(encoding="utf-8"))}
    for language in TRANSLATIONS:
        found[language] = [r for e in catalogue(language) for r in ROLE.findall(e.msgstr)]
    return found


def test_every_record_is_marked_once_in_its_own_language() -> None:
    changes = {k: c for k, c in all_changes().items() if c.chapter == "brade"}
    marked: dict[str, str] = {}
    for language, roles in _roles().items():
        for words, change_id in roles:
            change = changes[change_id]
            assert change.lang == language, f"{change_id} is a {change.lang} record"
            assert words == change.after, change_id
            assert change_id not in marked, f"{change_id} is marked twice"
            marked[change_id] = language
    unmarked = [k for k, c in changes.items() if c.kind != "general" and k not in marked]
    assert unmarked == []


def test_every_record_cites_a_line_of_its_language_range() -> None:
    ranges = {lang: CONFIG[lang]["range"] for lang in ("sv", *TRANSLATIONS)}
    for change in all_changes().values():
        if change.chapter != "brade" or change.kind == "general":
            continue
        low, high = ranges[change.lang]
        assert low <= int(change.line) <= high, change.id
