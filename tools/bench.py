"""``make bench``: how fast the site builds and the engine plays, written to a file.

Measured on this machine, in one run (nothing here is asserted by the tests):

* the four-language HTML build from a clean ``_build`` with a warm figure cache, and the
  same build with the figure directive replaced by a stub (``TABULA_FIGURE_STUB=1``): the
  ratio shows what the engine costs once its figures are cached (target ≤ 1.3);
* the same build with a cold figure cache (every figure checked and drawn);
* a one-paragraph edit rebuilt incrementally, per language (target < 5 s);
* the largest board SVG (target ≤ 30 KB);
* ``python -m engine verify`` over every claim (target < 2 s);
* legal-play generation over a fixed set of Bräde positions and all 21 rolls.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.core.dice import distinct_rolls  # noqa: E402
from engine.core.position import Colour, Position  # noqa: E402
from engine.games.brade import BRADE  # noqa: E402

LANGUAGES = ("da", "sv", "de", "fr")
CACHE = ROOT / "docs" / "_generated" / "figures"
PAGE = ROOT / "docs" / "brade" / "index.md"


def timed(command: list[str], env: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(
            f"benchmark command failed: {' '.join(command)}\n{done.stdout}{done.stderr}"
        )
    return time.perf_counter() - started


def build_all(out: Path, **env: str) -> float:
    shutil.rmtree(out, ignore_errors=True)
    return timed([sys.executable, "tools/build.py", "--out", str(out)], {**os.environ, **env})


def incremental(out: Path) -> dict[str, float]:
    """Edit one paragraph (append a word), rebuild each language in place, restore."""
    original = PAGE.read_text(encoding="utf-8")
    marker = "Varje grupp med sex tungor bildar ett kvarter."
    times: dict[str, float] = {}
    try:
        PAGE.write_text(original.replace(marker, marker[:-1] + " (bench)."), encoding="utf-8")
        for language in LANGUAGES:
            times[language] = timed(_sphinx(language, out))
    finally:
        PAGE.write_text(original, encoding="utf-8")
    for language in LANGUAGES:  # leave the output as the sources say
        timed(_sphinx(language, out))
    return times


def _sphinx(language: str, out: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "sphinx",
        "-b",
        "html",
        "-W",
        "-q",
        "-c",
        ".",
        "-D",
        f"language={language}",
        "docs",
        str(out / language),
    ]


def positions(count: int = 60, seed: int = 2003) -> list[Position]:
    """Bräde positions from seeded random games: openings, middle games, home play."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = BRADE.start().replace(turn=Colour.WHITE)
        for step in range(rng.randint(5, 120)):
            if BRADE.outcome(position):
                break
            roll = (rng.randint(1, 6), rng.randint(1, 6))
            position = rng.choice(BRADE.analyse(position, roll)).after
            if step % 9 == 0 and not BRADE.outcome(position):
                found.append(position)
    return found[:count]


def generation_rate() -> tuple[int, int, float]:
    sample = positions()
    started = time.perf_counter()
    plays = 0
    for position in sample:
        for roll in distinct_rolls():
            plays += len(BRADE.analyse(position, roll))
    return len(sample) * 21, plays, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results.md")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="tabula-bench-"))
    saved = work / "saved-cache"
    lines: list[str] = []
    try:
        if CACHE.exists():
            shutil.copytree(CACHE, saved)
        shutil.rmtree(CACHE, ignore_errors=True)
        cold = build_all(work / "cold")
        warm = build_all(work / "warm")
        stub = build_all(work / "stub", TABULA_FIGURE_STUB="1")
        edits = incremental(work / "warm")
        svg = max((p.stat().st_size for p in CACHE.glob("*.svg")), default=0)
        verify = timed([sys.executable, "-m", "engine", "verify"])
        rolls, plays, seconds = generation_rate()
    finally:
        if saved.exists():
            shutil.rmtree(CACHE, ignore_errors=True)
            shutil.copytree(saved, CACHE)
        shutil.rmtree(work, ignore_errors=True)

    def mark(ok: bool) -> str:
        return "met" if ok else "NOT met"

    ratio = warm / stub
    lines += [
        "# Tabula benchmarks",
        "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on "
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        "one run each (expect ±15 %).",
        "",
        "| measure | value | target |",
        "|---|---|---|",
        f"| four languages, clean `_build`, cold figure cache | {cold:.1f} s | — |",
        f"| four languages, clean `_build`, warm figure cache | {warm:.1f} s | — |",
        f"| the same with the figure directive stubbed | {stub:.1f} s | — |",
        f"| warm ÷ stub | {ratio:.2f} | ≤ 1.3: {mark(ratio <= 1.3)} |",
    ]
    for language, value in edits.items():
        lines.append(
            f"| one-paragraph edit, incremental rebuild ({language}) | {value:.1f} s "
            f"| < 5 s: {mark(value < 5)} |"
        )
    lines += [
        f"| largest board SVG | {svg / 1000:.1f} KB | ≤ 30 KB: {mark(svg <= 30_000)} |",
        f"| `python -m engine verify` (whole process) | {verify:.2f} s "
        f"| < 2 s: {mark(verify < 2)} |",
        f"| legal-play generation: {rolls} position-rolls, {plays} plays | "
        f"{rolls / seconds:.0f} position-rolls/s, {plays / seconds:.0f} plays/s | — |",
        "",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
