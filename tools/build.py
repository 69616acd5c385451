"""Build the edition in every language: the site, and the PDF books when TeX is installed.

Usage: ``python tools/build.py [--jobs N] [--lang da --lang sv ...] [--out DIR]
[--pdf auto|yes|no|only] [--baseurl https://example.org/path/]``

* HTML: ``<out>/<lang>/`` (default ``_build/html``) plus, at the root, a page to pick a
  language, a 404 page in the four languages and — with ``--baseurl`` (``make html
  BASEURL=…``), the address the site is published at — ``sitemap.xml`` (every page in every
  language, with its alternates) and ``robots.txt``; the pages then name their canonical
  address, their other languages and their link preview (``docs/_ext/tabula/publishing.py``).
  Each language is one ``sphinx-build -W --keep-going`` run (warnings are errors); its
  doctrees go beside the site (``_build/doctrees/``), so the site folder holds only what is
  published.
* The site is built aside and replaced whole: the builds write into ``<out>/../.next/``
  (seeded with a copy of the current site and its doctrees, so an unchanged page is not
  written again), and only when every build passed does that tree take the place of
  ``<out>``. A failed or interrupted build leaves the published site as it was; a failed
  one's output stays in ``.next/`` for reading, and the next build starts afresh.
* Before anything is built every catalogue (``locale/*/LC_MESSAGES/*.po``) is read: one that
  is not valid gettext stops the build with one line naming its file and line (Sphinx would
  build on it and drop the broken translations silently).
* PDF: one book per language, ``<out>/../pdf/tabula-<lang>.pdf``: ``sphinx-build -b latex
  -W`` into ``<out>/../latex/<lang>/``, then ``latexmk`` (XeLaTeX). A LaTeX log that reports
  a missing character or an undefined reference fails the book like a Sphinx warning. When
  the site is built in the same run, each language's book is copied to
  ``<out>/<lang>/tabula-<lang>.pdf`` and every page links it.
* ``--pdf auto`` (the default) builds the books when ``xelatex`` and ``latexmk`` are
  installed and says in one line that it skipped them otherwise; ``yes`` requires them
  (one line saying what to install, exit 2); ``only`` builds the books alone (``make pdf``);
  ``no`` builds the site alone.

First every figure is checked and drawn once into the figure cache, over the cores (a warm
cache costs a hash per figure); then two builds run at once on a 2-core machine, reading it.
The script prints a line for the figures, a line as each build starts and ends, the warnings
of a failed one, and a closing one-line summary; it exits non-zero if anything failed,
leaving the rest of the output in place.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the engine, for drawing the figures before the builds
sys.path.insert(0, str(ROOT / "docs" / "_ext"))  # the extension's one reading of BASEURL
sys.path.insert(0, str(ROOT / "tools"))

from publish import LANGUAGES, write_404, write_robots, write_root, write_sitemap  # noqa: E402
from tabula.publishing import normalise_baseurl  # noqa: E402

LOCALE = ROOT / "locale"
TEX = ("xelatex", "latexmk")
PACKAGES = ROOT / "tools" / "system-packages.txt"
# what in a LaTeX log fails a book: text that would print wrongly or point nowhere
LOG_PROBLEMS = re.compile(
    r"^(?:! .*"
    r"|Missing character: .*"
    r"|LaTeX Warning: (?:Hyper reference|Reference|Citation) .* undefined.*"
    r"|LaTeX Warning: There were undefined references.*"
    r"|LaTeX Font Warning: Font shape .* undefined.*)$",
    re.MULTILINE,
)


@dataclass
class Result:
    language: str
    kind: str  # "html" or "pdf"
    ok: bool
    seconds: float
    pages: int
    output: str


def system_packages(need: str = "tex") -> str:
    """The Debian packages tools/system-packages.txt lists for ``need``, on one line."""
    words = []
    for line in PACKAGES.read_text(encoding="utf-8").splitlines():
        tag, _, names = line.split("#", 1)[0].partition(":")
        if tag.strip() == need:
            words += names.split()
    return " ".join(words)


def tex_missing() -> list[str]:
    return [command for command in TEX if shutil.which(command) is None]


def tex_hint(missing: list[str]) -> str:
    return (
        f"PDF: {' and '.join(missing)} not found; install TeX with `make setup-system` as root, "
        f"or: apt-get install --no-install-recommends {system_packages()}"
    )


def _sphinx(
    language: str,
    builder: str,
    out: Path,
    doctrees: Path,
    *extra: str,
    docs: Path = ROOT / "docs",
    conf: Path = ROOT,
) -> list[str]:
    return [
        sys.executable,
        "-m",
        "sphinx",
        "-b",
        builder,
        "-W",
        "--keep-going",
        "-q",
        "-c",
        str(conf),
        "-d",
        str(doctrees),
        "-D",
        f"language={language}",
        *extra,
        str(docs),
        str(out),
    ]


def build_language(
    language: str,
    builder: str,
    out: Path,
    doctrees: Path,
    pdf_link: bool = False,
    docs: Path = ROOT / "docs",
    conf: Path = ROOT,
    baseurl: str = "",
) -> Result:
    started = time.perf_counter()
    target = out / language
    extra = ["-D", "tabula_pdf=1"] if pdf_link else []
    extra += ["-D", f"tabula_baseurl={baseurl}"] if baseurl else []
    doctree = doctrees / builder / language
    command = _sphinx(language, builder, target, doctree, *extra, docs=docs, conf=conf)
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    pages = len(list(target.rglob("*.html"))) if builder == "html" else 0
    output = (done.stdout + done.stderr).strip()
    elapsed = time.perf_counter() - started
    return Result(language, builder, done.returncode == 0, elapsed, pages, output)


def _source_date() -> dict[str, str]:
    """The commit's time as the book's date, so that a book says which text it prints."""
    done = subprocess.run(
        ["git", "log", "-1", "--format=%ct"], capture_output=True, text=True, cwd=ROOT
    )
    stamp = done.stdout.strip()
    if done.returncode or not stamp.isdigit():
        return {}
    return {"SOURCE_DATE_EPOCH": stamp, "FORCE_SOURCE_DATE": "1"}


def build_pdf(
    language: str,
    latex: Path,
    pdf: Path,
    doctrees: Path,
    docs: Path = ROOT / "docs",
    conf: Path = ROOT,
) -> Result:
    """LaTeX sources with Sphinx (warnings are errors), then the book with latexmk."""
    started = time.perf_counter()
    target = latex / language
    book = pdf / f"tabula-{language}.pdf"
    book.unlink(missing_ok=True)

    def result(ok: bool, output: str, pages: int = 0) -> Result:
        return Result(language, "pdf", ok, time.perf_counter() - started, pages, output.strip())

    done = subprocess.run(
        _sphinx(language, "latex", target, doctrees / "latex" / language, docs=docs, conf=conf),
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    if done.returncode:
        return result(False, done.stdout + done.stderr)
    name = f"tabula-{language}"
    env = {
        **os.environ,
        **_source_date(),
        "LATEXOPTS": "-interaction=nonstopmode -halt-on-error -file-line-error",
    }
    done = subprocess.run(
        ["latexmk", "-pdf", "-dvi-", "-ps-", "-silent", f"{name}.tex"],
        capture_output=True,
        text=True,
        cwd=target,
        env=env,
    )
    log_path = target / f"{name}.log"
    log = log_path.read_text(encoding="utf-8", errors="replace") if log_path.exists() else ""
    problems = sorted(set(LOG_PROBLEMS.findall(log)))
    if done.returncode or problems or not (target / f"{name}.pdf").exists():
        tail = "\n".join(problems) or (done.stdout + done.stderr)[-3000:]
        return result(False, f"LaTeX ({log_path}):\n{tail}")
    pages = re.search(r"Output written on .*?\((\d+) pages?", log)
    pdf.mkdir(parents=True, exist_ok=True)
    copy_atomically(target / f"{name}.pdf", book)
    return result(True, "", int(pages.group(1)) if pages else 0)


def copy_atomically(source: Path, target: Path) -> None:
    """Copy a file so that a reader (or an interrupted build) never sees half of it."""
    partial = target.with_name(f".{target.name}.partial")
    shutil.copyfile(source, partial)
    os.replace(partial, target)


def broken_catalogues(locale: Path | None = None) -> list[str]:
    """One line for each catalogue that is not valid gettext (file, line, what), as
    ``msgfmt`` reads it: Sphinx's own reader builds on a broken catalogue and silently
    loses its entries. (Without ``msgfmt``, polib reads them: it misses a string left
    open at the end of a line.)"""
    problems = []
    msgfmt = shutil.which("msgfmt")
    for path in sorted((locale or LOCALE).glob("*/LC_MESSAGES/*.po")):
        where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        if msgfmt:
            done = subprocess.run(
                [msgfmt, "-o", os.devnull, str(path)], capture_output=True, text=True
            )
            first = (done.stderr.strip().splitlines() or ["msgfmt failed"])[0]
            if done.returncode:
                what = first.replace(f"{path}:", "line ", 1)  # msgfmt says "<file>:46: …"
                problems.append(f"{where}: not valid gettext: {what}")
            continue
        try:
            polib.pofile(str(path), encoding="utf-8")
        except (OSError, UnicodeDecodeError, ValueError) as error:
            reason = str(error).replace(str(path), "").replace("in po file  ", "")
            problems.append(f"{where}: not valid gettext: {' '.join(reason.split())}")
    return problems


@dataclass(frozen=True)
class Staging:
    """The published site and its doctrees, and the tree a build writes aside."""

    out: Path  # the published site
    doctrees: Path  # the published site's doctrees (<doctrees>/html/<lang>)
    next: Path  # <out>/../.next: html/ and doctrees/ of the build under way

    @classmethod
    def beside(cls, out: Path, doctrees: Path) -> Staging:
        return cls(out, doctrees, out.parent / ".next")

    @property
    def html(self) -> Path:
        return self.next / "html"

    @property
    def trees(self) -> Path:
        return self.next / "doctrees"

    def begin(self) -> str:
        """Start afresh from the published site (copied with its times, so that Sphinx
        writes only what changed); say what was there."""
        shutil.rmtree(self.next, ignore_errors=True)
        self.next.mkdir(parents=True)
        leftover = "" if not (self.out.parent / ".old").exists() else " (an old one removed)"
        shutil.rmtree(self.out.parent / ".old", ignore_errors=True)
        if (self.out / "index.html").is_file():
            shutil.copytree(self.out, self.html, symlinks=True)
            if (self.doctrees / "html").is_dir():
                shutil.copytree(self.doctrees / "html", self.trees / "html", symlinks=True)
            return f"building aside in {self.next}, from the site in {self.out}{leftover}"
        return f"building aside in {self.next}{leftover}"

    def publish(self) -> None:
        """Put the whole new site in the published one's place (two renames; the old tree
        goes to .old and is removed)."""
        old = self.out.parent / ".old"
        old.mkdir(parents=True, exist_ok=True)
        pairs = (
            (self.html, self.out, "site"),
            (self.trees / "html", self.doctrees / "html", "trees"),
        )
        for built, published, name in pairs:
            if not built.exists():
                continue
            published.parent.mkdir(parents=True, exist_ok=True)
            if published.exists():
                os.replace(published, old / name)
            os.replace(built, published)
        shutil.rmtree(old, ignore_errors=True)
        shutil.rmtree(self.next, ignore_errors=True)


def _prepare_one(figure_id: str) -> tuple[str, str]:
    """Check and draw one figure (and its "try a roll") or sequence into the shared cache
    (in a worker process): ``drawn``, ``cached`` or the first line of its error."""
    from engine.core.errors import TabulaError
    from engine.figures import cache_dir, prepare, prepare_sequence, prepare_trial
    from engine.sequences import is_sequence

    try:
        if is_sequence(figure_id):
            sequence = prepare_sequence(figure_id, cache_dir(ROOT / "docs"))
            return figure_id, "drawn" if sequence.drawn_now else "cached"
        prepared = prepare(figure_id, cache_dir(ROOT / "docs"))
        prepare_trial(prepared)
    except TabulaError as error:  # the language build reports it, with its page
        return figure_id, str(error).splitlines()[0]
    if prepared.repaired:
        return figure_id, f"repaired: {prepared.repaired}"
    return figure_id, "drawn" if prepared.drawn_now else "cached"


def cache_problem() -> str:
    """Why the figure cache cannot be written, in one line, or ``""``."""
    from engine.figures import CACHE_DIR, cache_dir

    folder = cache_dir(ROOT / "docs")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        return (
            f"the figure cache {folder} cannot be written ({error.strerror or error}): "
            f"make it writable, or set {CACHE_DIR} to another folder"
        )
    return ""


def prepare_figures(jobs: int) -> str:
    """Check and draw every figure once, over ``jobs`` processes, before the language builds:
    they then read the cache, instead of two of them drawing the same figures at once on a
    cold cache. A figure that fails is left to the builds, which name the page that uses it."""
    from engine.sequences import sequence_ids
    from engine.specs import all_spec_ids

    started = time.perf_counter()
    figures = [*all_spec_ids(), *sequence_ids()]
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(_prepare_one, figures, chunksize=4))
    repaired = [f"figure {f}: damaged in the cache, drawn again: {status[10:]}"
                for f, status in results if status.startswith("repaired: ")]  # fmt: skip
    drawn = sum(status == "drawn" for _, status in results) + len(repaired)
    failed = [f for f, status in results if status not in ("drawn", "cached")
              and not status.startswith("repaired: ")]  # fmt: skip
    note = f"; {len(failed)} left to the builds ({', '.join(failed[:3])})" if failed else ""
    return "\n".join([
        *repaired,
        f"figures: {len(figures)} checked, {drawn} drawn now, the rest from the cache, in "
        f"{time.perf_counter() - started:.1f} s{note}",
    ])  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", action="append", choices=list(LANGUAGES), dest="languages")
    parser.add_argument("--jobs", type=int, default=2, help="builds run at once")
    parser.add_argument("--builder", default="html")
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--pdf", choices=("auto", "yes", "no", "only"), default="auto")
    parser.add_argument(
        "--baseurl", default="", help="the address the site is published at (BASEURL)"
    )
    args = parser.parse_args(argv)
    languages = args.languages or list(LANGUAGES)
    out = args.out.resolve()
    build, pdf_dir = out.parent, out.parent / "pdf"
    doctrees = build / "doctrees"
    try:
        base = normalise_baseurl(args.baseurl)
    except ValueError as error:
        print(f"build.py: {error}", file=sys.stderr)
        return 2
    broken = broken_catalogues()
    if broken:
        print("\n".join(broken), file=sys.stderr)
        print(
            f"build.py: {len(broken)} catalogue(s) not valid gettext: nothing built",
            file=sys.stderr,
        )
        return 2

    want_pdf = args.pdf != "no" and args.builder == "html"
    want_html = args.pdf != "only"
    missing = tex_missing() if want_pdf else []
    if missing:
        print(tex_hint(missing), flush=True)
        if args.pdf in ("yes", "only"):
            return 2
        want_pdf = False

    started = time.perf_counter()
    kinds = [args.builder] * want_html + ["pdf"] * want_pdf
    print(f"building {', '.join(languages)} ({' + '.join(kinds)}, {args.jobs} at a time)")
    if want_html and not base:
        print("no BASEURL: no canonical addresses, language alternates, link previews or sitemap")
    sys.stdout.flush()
    problem = cache_problem()
    if problem:
        print(f"build.py: {problem}", file=sys.stderr)
        return 2
    print(prepare_figures(args.jobs), flush=True)
    staging = Staging.beside(out, doctrees)
    if want_html:
        print(staging.begin(), flush=True)
    site, trees = (staging.html, staging.trees) if want_html else (out, doctrees)

    lock = threading.Lock()

    def say(text: str) -> None:
        with lock:  # two builds report at once: keep their lines whole
            print(text, flush=True)

    def run(task: tuple[str, str]) -> Result:
        kind, language = task
        say(f"[{language}] {kind} started")
        if kind == "pdf":
            result = build_pdf(language, build / "latex", pdf_dir, doctrees)
        else:
            result = build_language(language, kind, site, trees, pdf_link=want_pdf, baseurl=base)
        state = "done" if result.ok else "FAILED"
        say(f"[{language}] {kind} {state} in {result.seconds:.1f} s, {result.pages} pages")
        if not result.ok:
            say(result.output)
        return result

    # the books first: they take longest, so two workers finish together
    tasks = [("pdf", c) for c in languages if want_pdf]
    tasks += [(args.builder, c) for c in languages if want_html]
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(run, tasks))
    failed = [f"{r.language} {r.kind}" for r in results if not r.ok]
    if want_html and args.builder == "html":
        finish_site(site, base, results, pdf_dir)
    if want_html and not failed:
        staging.publish()
    pages = sum(r.pages for r in results if r.kind != "pdf")
    books = sum(r.kind == "pdf" for r in results)
    elapsed = time.perf_counter() - started
    verdict = f"FAILED: {', '.join(failed)}" if failed else "all passed"
    built = len({r.language for r in results})
    where = out / "index.html" if want_html else pdf_dir
    if want_html and staging.html.exists():
        where = Path(f"{staging.html} (the site in {out} is unchanged)")
    print(
        f"built {built} language(s) in {elapsed:.1f} s, {pages} pages, {books} PDF(s), "
        f"warnings as errors: {verdict}; open {where}"
    )
    return 1 if failed else 0


def finish_site(site: Path, base: str, results: list[Result], pdf_dir: Path) -> None:
    """The root files beside the languages, and each language's book in its folder."""
    version = _version()
    write_root(site, list(LANGUAGES), base, version)
    write_404(site, list(LANGUAGES), base)
    if base:
        write_sitemap(site, list(LANGUAGES), base)
        write_robots(site, base)
    else:  # left from a build that had an address: it would name the wrong one
        (site / "sitemap.xml").unlink(missing_ok=True)
        (site / "robots.txt").unlink(missing_ok=True)
    for result in results:
        if result.kind == "pdf" and result.ok:
            name = f"tabula-{result.language}.pdf"
            copy_atomically(pdf_dir / name, site / result.language / name)


def _version() -> str:
    """The edition's version, said once in pyproject.toml."""
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


if __name__ == "__main__":
    sys.exit(main())
