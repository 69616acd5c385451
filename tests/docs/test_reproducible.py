"""Two clean builds of the same commit give the same edition, byte for byte.

Each build starts from nothing: its own output folder and its own, empty figure cache
(``TABULA_FIGURE_CACHE``), so every figure is checked and drawn again. Compared: every file
of the site (pages, search index, static files, drawings, the copies of the books, e-books
and booklets), the four PDF books, every booklet (A5 and A4 two-up), the four e-books and
the figure caches (SVG, PDF, verdicts). What may differ between two builds: ``MAY_DIFFER`` —
nothing at present (the books, booklets and e-books carry the commit's date, not the
build's). Intermediate files (``latex/``, ``doctrees/``, the e-books' unpacked folders
``epub/<lang>/``) are not part of the edition and are not compared.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import GAMES

ROOT = Path(__file__).resolve().parents[2]
MAY_DIFFER: tuple[str, ...] = ()  # paths (relative to the compared folder) allowed to differ

pytestmark = pytest.mark.slow


def clean_build(base: Path) -> Path:
    cache = base / "cache"
    cache.mkdir(parents=True)
    command = [sys.executable, str(ROOT / "tools" / "build.py"), "--pdf", "yes"]
    command += ["--booklets", "yes", "--epub", "yes"]
    command += ["--baseurl", "https://example.org/spel/tabula/"]  # the sitemap and previews too
    done = subprocess.run(
        [*command, "--out", str(base / "html")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "TABULA_FIGURE_CACHE": str(cache)},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return base


def files(folder: Path, pattern: str = "**/*") -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.glob(pattern))
        if p.is_file()
    }


def test_two_clean_builds_are_identical(tmp_path: Path) -> None:
    first, second = clean_build(tmp_path / "a"), clean_build(tmp_path / "b")
    booklets = 2 * 4 * len(GAMES)  # A5 and A4, per game and language
    parts = (("html", "**/*", 100), ("pdf", "*", 4), ("booklets", "**/*.pdf", booklets),
             ("epub", "*.epub", 4), ("cache", "**/*", 16))  # fmt: skip
    for part, pattern, least in parts:
        one, two = files(first / part, pattern), files(second / part, pattern)
        assert len(one) >= least, part  # the site and the books were built, the cache filled
        assert sorted(one) == sorted(two), part
        differ = [name for name in one if one[name] != two[name] and name not in MAY_DIFFER]
        assert differ == [], f"{part}: {differ}"
    drawings = [name for name in files(first / "cache") if name.endswith(".svg")]
    assert len(drawings) >= 16  # every Bräde board was drawn in each build, from nothing
