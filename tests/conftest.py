"""The built edition, shared by every test that reads it: one build per test session.

``built`` runs ``tools/build.py --pdf yes --booklets yes --epub yes --baseurl BASEURL`` (the
four sites, the four PDF books, a booklet per game and language and the four e-books checked
by epubcheck, warnings as errors, as published at ``BASEURL``) into a temporary folder; tests
that use it are ``slow`` (``make test-fast`` leaves them out). Without TeX or epubcheck the
build stops with one line saying what to install, and those tests fail with it — ``make
test`` installs them first (``make setup-system``).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("da", "sv", "de", "fr")
# the address the session's build is made for: tests/browser/test_published.py serves it
# under this path with nginx
BASEURL = "https://example.org/spel/tabula/"
# the games of the edition (docs/games.toml): a booklet each, in every language
with open(ROOT / "docs" / "games.toml", "rb") as _games:
    GAMES: tuple[dict[str, Any], ...] = tuple(tomllib.load(_games)["game"])


@dataclass(frozen=True)
class Built:
    html: Path  # <html>/index.html, <html>/<lang>/…
    pdf: Path  # <pdf>/tabula-<lang>.pdf
    latex: Path  # <latex>/<lang>/tabula-<lang>.{tex,log}, booklets-<lang>.{tex,log,pages}
    booklets: Path  # <booklets>/<lang>/tabula-<lang>-<game>.pdf and -a4.pdf
    epub: Path  # <epub>/tabula-<lang>.epub
    output: str  # what the build printed


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    base = tmp_path_factory.mktemp("build")
    command = [sys.executable, str(ROOT / "tools" / "build.py"), "--pdf", "yes"]
    command += ["--booklets", "yes", "--epub", "yes"]
    done = subprocess.run(
        [*command, "--baseurl", BASEURL, "--out", str(base / "html")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    booklets = 4 * len(GAMES)
    pattern = (
        rf"built 4 language\(s\) in [\d.]+ s, \d+ pages, 4 PDF\(s\), {booklets} booklet\(s\), "
        r"4 EPUB\(s\), .*all passed"
    )
    assert re.match(pattern, last), last
    return Built(
        base / "html", base / "pdf", base / "latex", base / "booklets", base / "epub", done.stdout
    )


@pytest.fixture(scope="session")
def site(built: Built) -> Path:
    """The built site's root folder."""
    return built.html
