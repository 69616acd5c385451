"""tools/booklets.py: the booklets' PDF cut where each booklet recorded its pages, and each
booklet laid out two-up on A4 in folding order — on a small PDF made here (the real booklets
are read back in tests/docs/test_booklets.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import booklets  # noqa: E402


def test_folding_order_of_an_eight_page_booklet() -> None:
    # sheet 1: 8 and 1 outside, 2 and 7 inside; sheet 2: 6 and 3, then 4 and 5 (0-based here)
    assert booklets.sheet_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]


def test_a_booklet_is_padded_with_blank_pages_to_whole_sheets() -> None:
    order = booklets.sheet_order(6)
    assert order == [(None, 0), (1, None), (5, 2), (3, 4)]
    assert booklets.sheet_order(1) == [(None, 0), (None, None)]
    for pages in range(1, 30):  # every page once, on 4 slots per sheet
        slots = [p for side in booklets.sheet_order(pages) for p in side]
        assert len(slots) % 4 == 0 and sorted(p for p in slots if p is not None) == list(
            range(pages)
        )


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("brade 0\n", "not '<game> <first> <last>'"),
        ("brade 0 x\n", "not '<game> <first> <last>'"),
        ("brade 5 2\n", "last page before the first"),
        ("", "no booklet listed"),
    ],
)
def test_a_bad_page_list_is_named_with_its_line(tmp_path: Path, text: str, wrong: str) -> None:
    pages = tmp_path / "booklets-sv.pages"
    pages.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=wrong):
        booklets.read_pages(pages)


def document(path: Path, widths: list[int]) -> Path:
    """A PDF whose pages tell themselves apart by their width (A5 height)."""
    writer = PdfWriter()
    for width in widths:
        writer.add_blank_page(width=width, height=595)
    with open(path, "wb") as handle:
        writer.write(handle)
    return path


def test_the_document_is_cut_per_game_and_each_laid_out_on_a4(tmp_path: Path) -> None:
    pdf = document(tmp_path / "booklets-sv.pdf", [400, 401, 402, 403, 404, 405, 406])
    pages = tmp_path / "booklets-sv.pages"
    pages.write_text("brade 0 1\ntoc 2 6\n", encoding="utf-8")
    written = booklets.split(pdf, pages, tmp_path / "out", "sv")
    assert [p.name for p in written] == ["tabula-sv-brade.pdf", "tabula-sv-toc.pdf"]
    toc = PdfReader(written[1])
    assert [int(p.mediabox.width) for p in toc.pages] == [402, 403, 404, 405, 406]
    assert toc.metadata["/Title"] == "Toc" and toc.trailer["/Root"]["/Lang"] == "sv"
    two_up = PdfReader(tmp_path / "out" / "tabula-sv-toc-a4.pdf")
    assert len(two_up.pages) == 4  # 5 pages padded to 8: two sheets, both sides
    assert all(round(float(p.mediabox.width)) == 842 for p in two_up.pages)  # A4 across

    def widths(side: int) -> list[int]:
        forms = two_up.pages[side]["/Resources"]["/XObject"]
        return [int(forms[name].get_object()["/BBox"][2]) for name in sorted(forms)]

    # pages 1-5 of 8: blank|1, 2|blank, blank|3, 4|5
    assert [widths(side) for side in range(4)] == [[402], [403], [404], [405, 406]]
    assert sorted(two_up.pages[3]["/Resources"]["/XObject"]) == ["/P0", "/P1"]  # left, right


def test_the_same_input_gives_the_same_bytes(tmp_path: Path) -> None:
    pdf = document(tmp_path / "booklets-de.pdf", [420, 421, 422])
    pages = tmp_path / "booklets-de.pages"
    pages.write_text("plein 0 2\n", encoding="utf-8")
    booklets.split(pdf, pages, tmp_path / "a", "de")
    booklets.split(pdf, pages, tmp_path / "b", "de")
    for name in ("tabula-de-plein.pdf", "tabula-de-plein-a4.pdf"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_a_page_list_past_the_document_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = document(tmp_path / "booklets-fr.pdf", [420, 421])
    pages = tmp_path / "booklets-fr.pages"
    pages.write_text("plein 0 4\n", encoding="utf-8")
    assert booklets.main([str(pdf), str(pages), str(tmp_path / "out"), "fr"]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "lists page 4, the PDF has 2" in said[0]
    assert not (tmp_path / "out").exists()
