"""tools/setup_system.sh (``make setup-system``) on machines it cannot be tried on for real:
a PATH of stand-ins plays a user who is not root, a machine without the packages, and
``apt-get``/``dpkg-query`` that only write down how they were called."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "setup_system.sh"
PACKAGES = " ".join(
    word
    for line in (ROOT / "tools" / "system-packages.txt").read_text("utf-8").splitlines()
    for word in line.split("#", 1)[0].partition(":")[2].split()
)
COMMANDS = [
    "xelatex",
    "latexmk",
    "kpsewhich",
    "pdftoppm",
    "pdftotext",
    "epubcheck",
    "chromium",
    "chromedriver",
    "hunspell",
    "nginx",
    "msgfmt",
]


def stand_in(bin_dir: Path, name: str, body: str) -> None:
    path = bin_dir / name
    path.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    path.chmod(0o755)


@pytest.fixture
def fake(tmp_path: Path):
    """A bin folder with only what the script needs from the system, and a call log."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("sed", "tr", "dirname", "cat", "chmod"):
        os.symlink(shutil.which(tool), bin_dir / tool)
    log = tmp_path / "calls.log"

    def run(uid: int) -> subprocess.CompletedProcess[str]:
        stand_in(bin_dir, "id", f"echo {uid}")
        return subprocess.run(
            ["/bin/sh", str(SCRIPT)],
            capture_output=True,
            text=True,
            env={"PATH": str(bin_dir), "LOG": str(log)},
        )

    return bin_dir, log, run


def test_not_root_and_missing_says_what_to_install_in_one_line(fake) -> None:
    _bin, log, run = fake
    done = run(1000)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert f"apt-get install --no-install-recommends {PACKAGES}" in lines[0]
    assert not log.exists()  # nothing was attempted


def test_root_and_missing_installs_every_package(fake) -> None:
    bin_dir, log, run = fake
    creates = " ".join(
        f'printf "#!/bin/sh\\n" > {bin_dir}/{c}; chmod +x {bin_dir}/{c};' for c in COMMANDS
    )
    stand_in(
        bin_dir, "apt-get", f'echo "apt-get $*" >> "$LOG"\ncase "$1" in install) {creates} ;; esac'
    )
    done = run(0)
    assert done.returncode == 0, done.stderr
    calls = log.read_text().splitlines()
    assert calls == [
        "apt-get update -q",
        f"apt-get install -y -q --no-install-recommends {PACKAGES}",
    ]


def test_root_installs_only_what_dpkg_does_not_have(fake) -> None:
    bin_dir, log, run = fake
    stand_in(
        bin_dir,
        "dpkg-query",
        'case "$3" in chromium-driver|poppler-utils) exit 1 ;; esac\necho "install ok installed"',
    )
    stand_in(bin_dir, "apt-get", 'echo "apt-get $*" >> "$LOG"')
    for command in COMMANDS:
        stand_in(bin_dir, command, "true")
    done = run(0)
    assert done.returncode == 0, done.stderr
    assert log.read_text().splitlines()[-1] == (
        "apt-get install -y -q --no-install-recommends poppler-utils chromium-driver"
    )


def test_nothing_missing_does_nothing(fake) -> None:
    bin_dir, log, run = fake
    stand_in(bin_dir, "dpkg-query", 'echo "install ok installed"')
    stand_in(bin_dir, "apt-get", 'echo "apt-get $*" >> "$LOG"')
    done = run(1000)
    assert done.returncode == 0 and done.stdout == done.stderr == ""
    assert not log.exists()


def test_an_install_that_leaves_a_command_missing_fails(fake) -> None:
    bin_dir, _log, run = fake
    stand_in(bin_dir, "apt-get", "true")  # "installs" nothing
    done = run(0)
    assert done.returncode == 1 and "still not on the PATH" in done.stderr


def test_the_list_holds_tex_poppler_and_chromium() -> None:
    for package in ("texlive-xetex", "texlive-lang-french", "poppler-utils", "chromium-driver"):
        assert package in PACKAGES.split()
