"""tools/build.py without TeX: the books it cannot make are named in one line, not a trace."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("mode", ["only", "yes"])
def test_asking_for_books_without_tex_says_what_to_install(tmp_path: Path, mode: str) -> None:
    command = [sys.executable, str(ROOT / "tools" / "build.py"), "--pdf", mode]
    done = subprocess.run(
        [*command, "--out", str(tmp_path / "html")],
        capture_output=True,
        text=True,
        env={"PATH": str(tmp_path)},  # no xelatex, no latexmk
    )
    assert done.returncode == 2
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1 and done.stderr == "", done.stdout + done.stderr
    assert lines[0].startswith("PDF: xelatex and latexmk not found; install TeX with")
    assert "apt-get install --no-install-recommends latexmk texlive-xetex" in lines[0]
    assert "chromium" not in lines[0]  # only what the books need
    assert not (tmp_path / "html").exists()  # nothing was built
