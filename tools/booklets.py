"""Cut one language's booklets' PDF into a booklet per game, and lay each out for printing.

Usage: ``python tools/booklets.py BOOKLETS.pdf BOOKLETS.pages OUTDIR LANG`` (``tools/build.py``
runs it after XeLaTeX; ``docs/_ext/tabula/booklets.py`` says how the document is made).

``BOOKLETS.pages`` has a line ``<game> <first> <last>`` per booklet (pages as shipped,
counted from 0). For each game it writes into ``OUTDIR``:

* ``tabula-<lang>-<game>.pdf`` — the booklet's A5 pages, with their links, bookmarks and
  the book's fonts; its title is the game's name, its language ``LANG``;
* ``tabula-<lang>-<game>-a4.pdf`` — the same pages two to an A4 sheet side, in booklet
  order (blank pages added to a multiple of four): printed on both sides (flip on the short
  edge) and folded, the sheets make the booklet.

Both are the same bytes from the same input (no time or random identifier is added).
A missing or malformed page list is one line and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    TextStringObject,
)

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "docs" / "games.toml"
A4 = (841.89, 595.28)  # landscape, in points


@dataclass(frozen=True)
class Booklet:
    game: str
    first: int  # index of its first page in the booklets' PDF
    last: int  # index of its last page


def read_pages(path: Path) -> list[Booklet]:
    """The booklets a ``.pages`` file lists, in order; ValueError names a bad line."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        words = line.split()
        if len(words) != 3 or not (words[1].isdigit() and words[2].isdigit()):
            raise ValueError(f"{path}, line {number}: not '<game> <first> <last>': {line!r}")
        first, last = int(words[1]), int(words[2])
        if last < first:
            raise ValueError(f"{path}, line {number}: last page before the first: {line!r}")
        found.append(Booklet(words[0], first, last))
    if not found:
        raise ValueError(f"{path}: no booklet listed")
    return found


def game_names(language: str) -> dict[str, str]:
    with open(GAMES, "rb") as handle:
        games = tomllib.load(handle)["game"]
    return {game["id"]: game["name"].get(language, game["id"]) for game in games}


def _finish(writer: PdfWriter, title: str, language: str, reader: PdfReader) -> None:
    """The metadata a reader shows: the game's name, the edition's author and the book's
    dates (the commit's: the same bytes from the same text)."""
    metadata = reader.metadata or {}
    writer.add_metadata(
        {
            "/Title": title,
            "/Author": "Tabula",
            **{key: str(metadata[key]) for key in ("/CreationDate", "/ModDate") if key in metadata},
            "/Producer": str(metadata.get("/Producer", "")),
        }
    )
    writer._root_object[NameObject("/Lang")] = TextStringObject(language)


def cut(reader: PdfReader, booklet: Booklet, title: str, language: str, target: Path) -> int:
    """Write one booklet's pages (with the links and bookmarks among them); its page count."""
    writer = PdfWriter()
    writer.append(reader, pages=(booklet.first, booklet.last + 1))
    _finish(writer, title, language, reader)
    _write(writer, target)
    return booklet.last - booklet.first + 1


def sheet_order(pages: int) -> list[tuple[int | None, int | None]]:
    """The pages (0-based; None for a blank) on each A4 side, left and right, in printing
    order, for a booklet of ``pages`` pages padded to a multiple of four and folded."""
    total = -(-pages // 4) * 4
    order: list[tuple[int | None, int | None]] = []
    for sheet in range(total // 4):
        outer_left, outer_right = total - 1 - 2 * sheet, 2 * sheet
        inner_left, inner_right = 2 * sheet + 1, total - 2 - 2 * sheet
        order += [(outer_left, outer_right), (inner_left, inner_right)]

    def real(page: int) -> int | None:
        return page if page < pages else None

    return [(real(left), real(right)) for left, right in order]


def two_up(booklet: Path, title: str, language: str, target: Path) -> None:
    """The booklet's A5 pages two to a landscape A4 side, in folding order. Each page goes
    in once, as a form drawn scaled into its half (its content is not parsed again)."""
    reader = PdfReader(booklet)
    writer = PdfWriter()
    forms: dict[int, IndirectObject] = {}
    for left, right in sheet_order(len(reader.pages)):
        drawn = [(slot, index) for slot, index in enumerate((left, right)) if index is not None]
        for _slot, index in drawn:
            if index not in forms:
                forms[index] = _form(reader.pages[index], writer)
        side = writer.add_blank_page(*A4)
        side[NameObject("/Resources")] = DictionaryObject(
            {
                NameObject("/XObject"): DictionaryObject(
                    {NameObject(f"/P{slot}"): forms[index] for slot, index in drawn}
                )
            }
        )
        content = DecodedStreamObject()
        content.set_data(
            " ".join(_place(reader.pages[index], slot) for slot, index in drawn).encode()
        )
        side[NameObject("/Contents")] = writer._add_object(content)
    _finish(writer, title, language, reader)
    _write(writer, target)


def _form(page: PageObject, writer: PdfWriter) -> IndirectObject:
    """A page as a form XObject in ``writer`` (its resources shared with the other pages)."""
    form = DecodedStreamObject()
    contents = page.get_contents()
    form.set_data(contents.get_data() if contents is not None else b"")
    form.update(
        {
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): ArrayObject([FloatObject(v) for v in page.mediabox]),
            NameObject("/Resources"): page.get("/Resources", DictionaryObject()).clone(writer),
        }
    )
    return writer._add_object(form.flate_encode())


def _place(page: PageObject, slot: int) -> str:
    """The operators that draw a page's form into the left (0) or right (1) half of A4."""
    box = page.mediabox
    width, height = A4
    scale = min((width / 2) / float(box.width), height / float(box.height))
    x = slot * width / 2 + (width / 2 - float(box.width) * scale) / 2 - float(box.left) * scale
    y = (height - float(box.height) * scale) / 2 - float(box.bottom) * scale
    return f"q {scale:.5f} 0 0 {scale:.5f} {x:.3f} {y:.3f} cm /P{slot} Do Q"


def _write(writer: PdfWriter, target: Path) -> None:
    """Write beside the target, then rename: a reader never sees half a file."""
    partial = target.with_name(f".{target.name}.partial")
    with open(partial, "wb") as handle:
        writer.write(handle)
    partial.replace(target)


def split(pdf: Path, pages: Path, out: Path, language: str, a4: bool = True) -> list[Path]:
    """Every booklet of ``pdf`` into ``out``; the booklets written (A5 ones)."""
    booklets = read_pages(pages)
    reader = PdfReader(pdf)
    if booklets[-1].last >= len(reader.pages):
        raise ValueError(
            f"{pages}: lists page {booklets[-1].last}, the PDF has {len(reader.pages)}"
        )
    names = game_names(language)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for booklet in booklets:
        title = names.get(booklet.game, booklet.game)
        target = out / f"tabula-{language}-{booklet.game}.pdf"
        cut(reader, booklet, title, language, target)
        if a4:
            two_up(target, title, language, out / f"tabula-{language}-{booklet.game}-a4.pdf")
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pdf", type=Path)
    parser.add_argument("pages", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("language")
    parser.add_argument("--no-a4", action="store_true", help="the A5 booklets only")
    args = parser.parse_args(argv)
    try:
        written = split(args.pdf, args.pages, args.out, args.language, not args.no_a4)
    except (OSError, ValueError) as error:
        print(f"booklets.py: {error}", file=sys.stderr)
        return 2
    print(f"{len(written)} booklets in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
