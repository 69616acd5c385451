"""tools/worksheet.py: a translator's sheet goes out empty and comes back only if it keeps
the markup, never over a translation the sources give."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import worksheet  # noqa: E402
from catalogues import read  # noqa: E402

CATALOGUE = """# Tabula: the messages of 'x' in 'da'.
msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"

msgid "Un titre"
msgstr ""

# source: seed 000, line 12
msgid "Le texte des sources[^70]."
msgstr "Kildernes tekst[^70]."

msgid "Un paragraphe avec une note[^71] et un [lien](#ailleurs)."
msgstr ""
"""


@pytest.fixture
def locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "da" / "LC_MESSAGES" / "x.po"
    path.parent.mkdir(parents=True)
    path.write_text(CATALOGUE, encoding="utf-8")
    monkeypatch.setattr(worksheet, "LOCALE", tmp_path)
    return path


def test_export_fill_check_import(locale: Path, tmp_path: Path) -> None:
    sheet_path = tmp_path / "sheet.json"
    sheet = worksheet.export("x", "da")
    assert [e["msgid"] for e in sheet["entries"]] == [  # type: ignore[index]
        "Un titre",
        "Un paragraphe avec une note[^71] et un [lien](#ailleurs).",
    ]
    sheet_path.write_text(json.dumps(sheet), encoding="utf-8")
    chunk = tmp_path / "chunk.txt"
    chunk.write_text(
        "=== 1\nEn titel\n=== 2\nEt afsnit med en note[^71]\nog et [link](#ailleurs).\n"
    )
    assert "2 of 2 filled" in worksheet.fill(sheet_path, [chunk])
    assert worksheet.problems(sheet_path) == []
    worksheet.import_sheets([sheet_path])
    texts = {m.id: m.string for m in read(locale)}
    assert texts["Un titre"] == "En titel"
    assert texts["Un paragraphe avec une note[^71] et un [lien](#ailleurs)."] == (
        "Et afsnit med en note[^71] og et [link](#ailleurs)."
    )


def test_a_sheet_that_loses_markup_is_refused_whole(locale: Path, tmp_path: Path) -> None:
    sheet = worksheet.export("x", "da")
    sheet["entries"][0]["msgstr"] = "En titel"  # type: ignore[index]
    sheet["entries"][1]["msgstr"] = "Et afsnit uden note og link."  # type: ignore[index]
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    problems = worksheet.problems(path)
    assert any("footnote" in p for p in problems) and any("link target" in p for p in problems)
    before = locale.read_bytes()
    with pytest.raises(worksheet.SheetError):
        worksheet.import_sheets([path])
    assert locale.read_bytes() == before


def test_a_review_never_replaces_the_sources_translation(locale: Path, tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    sheet = {
        "chapter": "x",
        "language": "da",
        "review": True,
        "entries": [{"n": 1, "msgid": "Le texte des sources[^70].", "msgstr": "Andet[^70]."}],
    }
    path.write_text(json.dumps(sheet), encoding="utf-8")
    assert any("the sources give" in p for p in worksheet.problems(path))


def test_a_chunk_with_text_before_its_first_entry_is_refused(tmp_path: Path) -> None:
    chunk = tmp_path / "chunk.txt"
    chunk.write_text("stray\n=== 1\nx\n", encoding="utf-8")
    with pytest.raises(worksheet.SheetError, match="before the first"):
        worksheet.read_chunk(chunk)


def test_a_gate_reason_longer_than_a_catalogue_line_is_refused(tmp_path: Path) -> None:
    chunk = tmp_path / "chunk.txt"
    chunk.write_text("=== 1\n#gate terms: " + "x" * 80 + "\nEn titel\n", encoding="utf-8")
    with pytest.raises(worksheet.SheetError, match="one catalogue line"):
        worksheet.read_chunk(chunk)
