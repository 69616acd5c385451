"""``make bench``: how fast the edition builds and the engine plays, written to a file.

Measured on this machine, in one run (nothing here is asserted by the tests):

* the four-language HTML build from nothing: clean output and an empty figure cache
  (``TABULA_FIGURE_CACHE``; every figure checked and drawn) — target < 90 s on 2 cores;
* the same with a warm figure cache, and with the figure directive replaced by a stub
  (``TABULA_FIGURE_STUB=1``): the ratio shows what the engine costs once its figures are
  cached (target ≤ 1.3);
* the four PDF books from clean LaTeX folders (warm figure cache), in all and per
  language — target < 60 s for the four;
* the full build (the site and the books) without and with the booklets and e-books, clean
  output, warm figure cache: what the booklets and e-books add — target ≤ 60 s — and, from
  the second build's lines, each language's booklets (XeLaTeX once for every game, then cut)
  and e-book (Sphinx from the site's doctrees, then epubcheck);
* the weight of a chapter page with everything it loads (the Bräde page: HTML, figures,
  stylesheets, scripts; and the heaviest chapter page), per language — target < 1 MB; and,
  for the record, the heaviest page with everything its replays and "try a roll" controls
  can load on request (every step's drawing, every figure's answers and bare board);
* a one-paragraph edit rebuilt incrementally, per language (target < 5 s);
* the largest board SVG (target ≤ 30 KB);
* ``python -m engine verify`` over every claim (target < 2 s);
* legal-play generation over a fixed set of Bräde positions and all 21 rolls;
* every figure of ``diagrams/`` checked and drawn into an empty cache, one by one (the
  slowest figure, target < 2 s; drawing speed is measured here, never asserted in a test).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
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

sys.path.insert(0, str(ROOT / "tools"))
from check_site import is_remote, parse  # noqa: E402

LANGUAGES = ("da", "sv", "de", "fr")
PAGE = ROOT / "docs" / "brade" / "index.md"


def timed(command: list[str], env: dict[str, str] | None = None) -> float:
    return run(command, env)[0]


def run(command: list[str], env: dict[str, str] | None = None) -> tuple[float, str]:
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(
            f"benchmark command failed: {' '.join(command)}\n{done.stdout}{done.stderr}"
        )
    return time.perf_counter() - started, done.stdout


def build(base: Path, cache: Path, *options: str, **env: str) -> tuple[float, str]:
    """tools/build.py into a clean ``base`` (site in base/html, books in base/pdf)."""
    shutil.rmtree(base, ignore_errors=True)
    command = [sys.executable, "tools/build.py", "--out", str(base / "html"), *options]
    return run(command, {**os.environ, "TABULA_FIGURE_CACHE": str(cache), **env})


def incremental(base: Path, cache: Path) -> dict[str, float]:
    """Edit one paragraph (append a word), rebuild each language in place, restore."""
    original = PAGE.read_text(encoding="utf-8")
    marker = "Varje grupp med sex tungor bildar ett kvarter."
    env = {**os.environ, "TABULA_FIGURE_CACHE": str(cache)}
    times: dict[str, float] = {}
    try:
        PAGE.write_text(original.replace(marker, marker[:-1] + " (bench)."), encoding="utf-8")
        for language in LANGUAGES:
            times[language] = timed(_sphinx(language, base), env)
    finally:
        PAGE.write_text(original, encoding="utf-8")
    for language in LANGUAGES:  # leave the output as the sources say
        timed(_sphinx(language, base), env)
    return times


def _sphinx(language: str, base: Path) -> list[str]:
    """The command tools/build.py runs for one language (same output and doctrees)."""
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
        "-d",
        str(base / "doctrees" / "html" / language),
        "-D",
        f"language={language}",
        "docs",
        str(base / "html" / language),
    ]


def page_weight(site: Path, page: Path) -> int:
    """Bytes of a page and of everything it loads (images, stylesheets, scripts)."""
    parsed = parse(page)
    loaded = {page}
    for _what, url in parsed.loads:
        if url and not is_remote(url):
            loaded.add((page.parent / url.split("?")[0].split("#")[0]).resolve())
    return sum(p.stat().st_size for p in loaded if p.is_file() and p.is_relative_to(site))


AIDS = re.compile(r'data-tabula-(?:replay|try)="([^"]*)"')


def aids_weight(site: Path, page: Path) -> int:
    """The page with all it loads, and every file its replays and "try a roll" controls
    load when the reader asks (each step's drawing, each figure's answers and bare board)."""
    import html
    import json

    extra: set[Path] = set()
    for attribute in AIDS.findall(page.read_text(encoding="utf-8")):
        data = json.loads(html.unescape(attribute))
        for url in [*data.get("images", []), data.get("data", ""), data.get("bare", "")]:
            if url:
                extra.add((page.parent / url).resolve())
    return page_weight(site, page) + sum(p.stat().st_size for p in extra if p.is_file())


def heaviest_with_aids(site: Path, language: str) -> tuple[int, str]:
    pages = (site / language).glob("*/index.html")
    return max(((aids_weight(site, p), p.parent.name) for p in pages), default=(0, ""))


def heaviest_page(site: Path, language: str) -> tuple[int, str]:
    """The chapter page of ``language`` that weighs most with all it loads, and its name."""
    pages = (site / language).glob("*/index.html")
    return max(((page_weight(site, p), p.parent.name) for p in pages), default=(0, ""))


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


def figure_times(cache: Path) -> tuple[int, float, str, float]:
    """Every figure and sequence of ``diagrams/`` checked and drawn into an empty cache, one
    by one: how many, the total, and the slowest with its time. The ids come from the
    engine's own lists (a sequence is no figure: it is prepared as a sequence)."""
    from engine.figures import prepare, prepare_sequence
    from engine.sequences import sequence_ids
    from engine.specs import all_spec_ids

    times: dict[str, float] = {}
    jobs = [(f, prepare) for f in all_spec_ids()] + [(s, prepare_sequence) for s in sequence_ids()]
    for name, prepared in jobs:
        started = time.perf_counter()
        prepared(name, cache)
        times[name] = time.perf_counter() - started
    slowest = max(times, key=times.__getitem__)
    return len(times), sum(times.values()), slowest, times[slowest]


def translation_stats() -> list[str]:
    """The translation table of tools/gates.py --stats (computed from the catalogues)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gates.py"), "--stats"],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.splitlines()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results.md")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="tabula-bench-"))
    cache = work / "cache"
    try:
        site = ("--pdf", "no", "--booklets", "no", "--epub", "no")
        cold, _ = build(work / "cold", cache, *site)
        warm, _ = build(work / "warm", cache, *site)
        stub, _ = build(work / "stub", cache, *site, TABULA_FIGURE_STUB="1")
        books, said = build(work / "books", cache, "--pdf", "only")
        per_book = dict(re.findall(r"\[(\w\w)\] pdf done in ([\d.]+) s", said))
        without, _ = build(
            work / "without", cache, "--pdf", "yes", "--booklets", "no", "--epub", "no"
        )
        full, said = build(
            work / "full", cache, "--pdf", "yes", "--booklets", "yes", "--epub", "yes"
        )
        per_booklets = re.findall(
            r"\[(\w\w)\] booklets done in ([\d.]+) s, (\d+) pages, (\d+) booklets", said
        )
        per_epub = dict(re.findall(r"\[(\w\w)\] epub done in ([\d.]+) s", said))
        weights = {
            c: page_weight(
                work / "warm" / "html", work / "warm" / "html" / c / "brade" / "index.html"
            )
            for c in LANGUAGES
        }
        heaviest = {c: heaviest_page(work / "warm" / "html", c) for c in LANGUAGES}
        explored = {c: heaviest_with_aids(work / "warm" / "html", c) for c in LANGUAGES}
        edits = incremental(work / "warm", cache)
        svg = max((p.stat().st_size for p in cache.glob("*.svg")), default=0)
        verify = timed([sys.executable, "-m", "engine", "verify"])
        rolls, plays, seconds = generation_rate()
        figures, drawing, slowest, slowest_time = figure_times(work / "figures")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    def mark(ok: bool) -> str:
        return "met" if ok else "NOT met"

    ratio = warm / stub
    lines = [
        "# Tabula benchmarks",
        "",
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on "
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
        "one run each (expect ±15 %).",
        "",
        "| measure | value | target |",
        "|---|---|---|",
        f"| four languages (HTML), clean output, cold figure cache | {cold:.1f} s "
        f"| < 90 s: {mark(cold < 90)} |",
        f"| four languages (HTML), clean output, warm figure cache | {warm:.1f} s | — |",
        f"| cold ÷ warm (a fresh clone against a rebuild; figures drawn once, over the cores) "
        f"| {cold / warm:.2f} | ≤ 1.5: {mark(cold / warm <= 1.5)} |",
        f"| the same with the figure directive stubbed | {stub:.1f} s | — |",
        f"| warm ÷ stub | {ratio:.2f} | ≤ 1.3: {mark(ratio <= 1.3)} |",
        f"| four PDF books, clean LaTeX folders, warm figure cache | {books:.1f} s "
        f"| < 60 s: {mark(books < 60)} |",
    ]
    for language, value in per_book.items():
        lines.append(f"| PDF book ({language}), LaTeX and latexmk, two at once | {value} s | — |")
    lines += [
        f"| full build (site and books), clean output, warm figure cache | {without:.1f} s | — |",
        f"| the same with the booklets and e-books | {full:.1f} s | — |",
        f"| what the booklets and e-books add to the full build | {full - without:.1f} s "
        f"| ≤ 60 s: {mark(full - without <= 60)} |",
    ]
    for language, value, pages, count in per_booklets:
        lines.append(
            f"| booklets ({language}): {count} games, {pages} A5 pages set at once, then cut "
            f"| {value} s | — |"
        )
    for language, value in per_epub.items():
        lines.append(
            f"| e-book ({language}): Sphinx from the site's doctrees, then epubcheck "
            f"| {value} s | — |"
        )
    for language, value in weights.items():
        lines.append(
            f"| Bräde page with its figures, styles and scripts ({language}) "
            f"| {value / 1000:.0f} KB | < 1 MB: {mark(value < 1_000_000)} |"
        )
    for language, (value, name) in heaviest.items():
        lines.append(
            f"| heaviest chapter page ({language}: {name}), with all it loads "
            f"| {value / 1000:.0f} KB | < 1 MB: {mark(value < 1_000_000)} |"
        )
    for language, (value, name) in explored.items():
        lines.append(
            f"| the page whose replays and try-a-roll controls can load most ({language}: "
            f"{name}), every step and every figure's answers loaded | {value / 1000:.0f} KB "
            "| — (each loads only when the reader asks) |"
        )
    for language, value in edits.items():
        lines.append(
            f"| one-paragraph edit, incremental rebuild ({language}) | {value:.1f} s "
            f"| < 5 s: {mark(value < 5)} |"
        )
    lines += [
        f"| largest board SVG | {svg / 1000:.1f} KB | ≤ 30 KB: {mark(svg <= 30_000)} |",
        f"| `python -m engine verify` (whole process) | {verify:.2f} s "
        f"| < 2 s: {mark(verify < 2)} |",
        f"| every figure checked and drawn, empty cache: {figures} figures and sequences "
        f"| {drawing:.1f} s; "
        f"slowest {slowest} {slowest_time:.2f} s | slowest < 2 s: {mark(slowest_time < 2)} |",
        f"| legal-play generation: {rolls} position-rolls, {plays} plays | "
        f"{rolls / seconds:.0f} position-rolls/s, {plays / seconds:.0f} plays/s | — |",
        "",
        "## Translations",
        "",
        "Words of the chapters whose original is in another language, per reader's language, "
        "by provenance (`tools/gates.py --stats`); the 1800 appendix is counted apart.",
        "",
        *translation_stats(),
        "",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
