"""The release a club can download: ``python tools/dist.py [--site DIR] [--pdf DIR]
[--booklets DIR] [--epub DIR] [--out DIR]`` (``make dist``, after the build).

Writes into ``dist/`` (emptied first):

* ``tabula-<version>-site.zip`` — the whole built site for reading offline or putting on a
  server, in one folder ``tabula-<version>/``; the same bytes from the same tree (entries
  sorted, one fixed time: the commit's, permissions 0644/0755);
* ``tabula-<version>-<lang>.pdf`` — the four books (what ``_build/pdf`` holds);
* ``tabula-<version>-<lang>.epub`` — the four e-books, when they were built (``_build/epub``);
* ``tabula-<version>-booklets-<lang>.zip`` — each language's booklets, a PDF per game and its
  A4 two-up (``_build/booklets/<lang>``), when they were built; reproducible like the site's;
* ``SHA256SUMS`` — one ``sha256sum`` line per file (check with ``sha256sum -c SHA256SUMS``).

The version is the project's, said once in ``pyproject.toml``. A site not built, or a book
missing, is one line and exit status 2, and nothing is written.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("da", "sv", "de", "fr")
EPOCH_1980 = 315532800  # the earliest time a zip entry can carry


def version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


def _stamp() -> tuple[int, int, int, int, int, int]:
    """The commit's time (or $SOURCE_DATE_EPOCH), so that the archive is reproducible."""
    value = os.environ.get("SOURCE_DATE_EPOCH", "")
    if not value.isdigit():
        done = subprocess.run(
            ["git", "log", "-1", "--format=%ct"], capture_output=True, text=True, cwd=ROOT
        )
        value = done.stdout.strip() if done.returncode == 0 else ""
    seconds = max(int(value) if value.isdigit() else EPOCH_1980, EPOCH_1980)
    return time.gmtime(seconds)[:6]


def archive(site: Path, target: Path, folder: str) -> int:
    """Zip ``site`` into ``target`` under ``folder/``, reproducibly; the number of files."""
    stamp = _stamp()
    files = sorted(p for p in site.rglob("*") if p.is_file() and not p.is_symlink())
    partial = target.with_name(f".{target.name}.partial")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        for path in files:
            entry = zipfile.ZipInfo(f"{folder}/{path.relative_to(site).as_posix()}", stamp)
            entry.external_attr = (0o644 & 0xFFFF) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(entry, path.read_bytes(), compresslevel=9)
    os.replace(partial, target)
    return len(files)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def add_extras(staging: Path, name: str, epubs: Path, booklets: Path) -> tuple[int, int]:
    """The e-books and each language's booklets (as one zip), those that were built: how
    many e-books, and how many languages' booklets."""
    ebooks = bundles = 0
    for language in LANGUAGES:
        epub = epubs / f"tabula-{language}.epub"
        if epub.is_file():
            shutil.copyfile(epub, staging / f"{name}-{language}.epub")
            ebooks += 1
        folder = booklets / language
        if folder.is_dir() and any(folder.glob("*.pdf")):
            bundle = f"{name}-booklets-{language}"
            archive(folder, staging / f"{bundle}.zip", bundle)
            bundles += 1
    return ebooks, bundles


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--pdf", type=Path, default=ROOT / "_build" / "pdf")
    parser.add_argument("--booklets", type=Path, help="default: booklets/ beside --pdf")
    parser.add_argument("--epub", type=Path, help="default: epub/ beside --pdf")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    booklets = args.booklets or args.pdf.parent / "booklets"
    epubs = args.epub or args.pdf.parent / "epub"
    if not (args.site / "index.html").is_file():
        print(f"dist.py: no site in {args.site}: run 'make html' first", file=sys.stderr)
        return 2
    books = [args.pdf / f"tabula-{language}.pdf" for language in LANGUAGES]
    missing = [str(book) for book in books if not book.is_file()]
    if missing:
        print(f"dist.py: book(s) missing: {', '.join(missing)} (run 'make pdf')", file=sys.stderr)
        return 2
    name = f"tabula-{version()}"
    out = args.out
    staging = out.with_name(f".{out.name}.partial")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    count = archive(args.site, staging / f"{name}-site.zip", name)
    for language, book in zip(LANGUAGES, books, strict=True):
        shutil.copyfile(book, staging / f"{name}-{language}.pdf")
    ebooks, bundles = add_extras(staging, name, epubs, booklets)
    released = sorted(p for p in staging.iterdir() if p.is_file())
    sums = "".join(f"{sha256(p)}  {p.name}\n" for p in released)
    (staging / "SHA256SUMS").write_text(sums, encoding="utf-8")
    shutil.rmtree(out, ignore_errors=True)
    os.replace(staging, out)
    print(
        f"dist: {name}-site.zip ({count} files), {len(books)} books, {ebooks} e-books, "
        f"booklets in {bundles} language(s), SHA256SUMS in {out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
