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
    kind: str  # "html", "pdf", "booklets" or "epub"
    ok: bool
    seconds: float
    pages: int
    output: str
    files: int = 1  # what it made: one site, book or e-book; a booklet per game


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
    booklets_link: bool = False,
    epub_link: bool = False,
) -> Result:
    started = time.perf_counter()
    target = out / language
    extra = ["-D", "tabula_pdf=1"] if pdf_link else []
    extra += ["-D", "tabula_booklets=1"] if booklets_link else []
    extra += ["-D", "tabula_epub=1"] if epub_link else []
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
    return build_books(language, latex, pdf, None, doctrees, docs=docs, conf=conf)[0]


def build_books(
    language: str,
    latex: Path,
    pdf: Path | None,
    booklets: Path | None,
    doctrees: Path,
    docs: Path = ROOT / "docs",
    conf: Path = ROOT,
) -> list[Result]:
    """One Sphinx LaTeX run (warnings are errors) for the book (into ``pdf``) and the
    booklets (into ``booklets/<language>/``), then XeLaTeX for each that is wanted: the
    book's result first. The Sphinx run's time is the book's, or the booklets' alone."""
    started = time.perf_counter()
    target = latex / language
    kinds = ["pdf"] * (pdf is not None) + ["booklets"] * (booklets is not None)
    if pdf is not None:
        (pdf / f"tabula-{language}.pdf").unlink(missing_ok=True)
    extra = ["-D", "tabula_booklets=1"] if booklets is not None else []
    done = subprocess.run(
        _sphinx(language, "latex", target, doctrees / "latex" / language, *extra,
                docs=docs, conf=conf),
        capture_output=True,
        text=True,
        cwd=ROOT,
    )  # fmt: skip
    if done.returncode:
        seconds = time.perf_counter() - started
        output = (done.stdout + done.stderr).strip()
        return [Result(language, kind, False, seconds, 0, output, 0) for kind in kinds]
    results = []
    if pdf is not None:
        results.append(_typeset_book(language, target, pdf, started))
        started = time.perf_counter()
    if booklets is not None:
        results.append(_typeset_booklets(language, target, booklets, started))
    return results


def _typeset(target: Path, name: str, *, force: bool = False) -> tuple[str, int]:
    """latexmk (XeLaTeX) on ``<target>/<name>.tex``: what is wrong ("" if nothing) and the
    pages. A LaTeX log that reports a missing character or an undefined reference is wrong
    like a Sphinx warning."""
    env = {
        **os.environ,
        **_source_date(),
        "LATEXOPTS": "-interaction=nonstopmode -halt-on-error -file-line-error",
    }
    done = subprocess.run(
        ["latexmk", "-pdf", "-dvi-", "-ps-", "-silent", *(["-g"] if force else []), f"{name}.tex"],
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
        return f"LaTeX ({log_path}):\n{tail}", 0
    pages = re.search(r"Output written on .*?\((\d+) pages?", log)
    return "", int(pages.group(1)) if pages else 0


def _typeset_book(language: str, target: Path, pdf: Path, started: float) -> Result:
    name = f"tabula-{language}"
    problem, pages = _typeset(target, name)
    if not problem:
        pdf.mkdir(parents=True, exist_ok=True)
        copy_atomically(target / f"{name}.pdf", pdf / f"{name}.pdf")
    seconds = time.perf_counter() - started
    return Result(language, "pdf", not problem, seconds, pages, problem)


def _typeset_booklets(language: str, target: Path, booklets: Path, started: float) -> Result:
    """Every game's booklet set in one document, then cut into a file per game (and its A4
    two-up) in ``booklets/<language>/``, which is replaced whole."""
    from booklets import split

    name = f"booklets-{language}"
    problem, pages = _typeset(target, name)
    if not problem and not (target / f"{name}.pages").exists():
        # TeX writes the pages file as it sets the PDF; latexmk skips an up-to-date PDF, so a
        # pages file lost since (a killed build) is only written again by a forced run
        problem, pages = _typeset(target, name, force=True)
    count = 0
    if not problem:
        folder = booklets / language
        partial = booklets / f".{language}.partial"
        shutil.rmtree(partial, ignore_errors=True)
        try:
            count = len(split(target / f"{name}.pdf", target / f"{name}.pages", partial, language))
        except (OSError, ValueError) as error:
            problem = f"booklets: {error}"
        else:
            shutil.rmtree(folder, ignore_errors=True)
            os.replace(partial, folder)
    seconds = time.perf_counter() - started
    return Result(language, "booklets", not problem, seconds, pages, problem, count)


def epubcheck_command() -> list[str] | None:
    """How to run epubcheck, or None. Debian's ``epubcheck`` is the jar itself (run through
    binfmt, which a container may lack): then it runs under java, with the quick compiler
    only (a check is too short for the optimising one to pay)."""
    found = shutil.which("epubcheck")
    if found is None:
        return None
    if Path(found).resolve().suffix == ".jar":
        java = shutil.which("java")
        if java is None:
            return None
        quick = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]
        return [java, *quick, "-jar", str(Path(found).resolve())]
    return [found]


def build_epub(
    language: str,
    epub: Path,
    doctrees: Path,
    site_trees: Path | None = None,
    check: list[str] | None = None,
    docs: Path = ROOT / "docs",
    conf: Path = ROOT,
) -> Result:
    """The e-book with Sphinx's epub builder (warnings are errors) into ``epub/<language>/``
    (emptied first: the archive takes every file there), checked with ``check``
    (epubcheck: any error or warning fails it), then ``epub/tabula-<language>.epub``.
    ``site_trees``: the doctrees of the site just built, so that the text is not read again."""
    started = time.perf_counter()
    work = epub / language
    book = epub / f"tabula-{language}.epub"
    book.unlink(missing_ok=True)
    shutil.rmtree(work, ignore_errors=True)
    trees = doctrees / "epub" / language
    if site_trees is not None and (site_trees / "environment.pickle").is_file():
        shutil.rmtree(trees, ignore_errors=True)
        shutil.copytree(site_trees, trees)

    def result(ok: bool, output: str, pages: int = 0) -> Result:
        return Result(language, "epub", ok, time.perf_counter() - started, pages, output.strip())

    done = subprocess.run(
        _sphinx(language, "epub", work, trees, docs=docs, conf=conf),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **_source_date()},
    )
    written = work / book.name
    if done.returncode or not written.is_file():
        return result(False, done.stdout + done.stderr)
    if check:
        problems = _epubcheck(check, written)
        if problems:
            return result(False, f"epubcheck ({written}):\n{problems}")
    pages = len(list(work.rglob("*.xhtml")))
    copy_atomically(written, book)
    return result(True, "", pages)


def _epubcheck(command: list[str], book: Path) -> str:
    """epubcheck's errors and warnings about ``book`` ("" if none)."""
    done = subprocess.run([*command, str(book)], capture_output=True, text=True)
    said = (done.stdout + done.stderr).splitlines()
    problems = [line for line in said if line.startswith(("FATAL", "ERROR", "WARNING"))]
    if done.returncode and not problems:
        problems = said[-20:] or [f"exit status {done.returncode}"]
    return "\n".join(problems[:40])


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


def _prepare_one(figure_id: str, formats: tuple[str, ...] = ("svg", "pdf")) -> tuple[str, str]:
    """Check and draw one figure (and its "try a roll") or sequence into the shared cache
    (in a worker process): ``drawn``, ``cached`` or the first line of its error."""
    from engine.core.errors import TabulaError
    from engine.figures import cache_dir, prepare, prepare_sequence, prepare_trial
    from engine.sequences import is_sequence

    try:
        if is_sequence(figure_id):
            sequence = prepare_sequence(figure_id, cache_dir(ROOT / "docs"))
            return figure_id, "drawn" if sequence.drawn_now else "cached"
        prepared = prepare(figure_id, cache_dir(ROOT / "docs"), formats)
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


def prepare_figures(jobs: int, books: bool = True) -> str:
    """Check and draw every figure once, over ``jobs`` processes, before the language builds:
    they then read the cache, instead of two of them drawing the same figures at once on a
    cold cache. The PDFs only when ``books`` are built (the site reads the SVG). A figure
    that fails is left to the builds, which name the page that uses it."""
    from engine.sequences import sequence_ids
    from engine.specs import all_spec_ids

    started = time.perf_counter()
    figures = [*all_spec_ids(), *sequence_ids()]
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        formats = [("svg", "pdf") if books else ("svg",)] * len(figures)
        results = list(pool.map(_prepare_one, figures, formats, chunksize=4))
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


@dataclass(frozen=True)
class Wanted:
    """What a build makes: the site, the books, the booklets, the e-books."""

    html: bool
    pdf: bool
    booklets: bool
    epub: bool
    epubcheck: list[str] | None = None  # how to check the e-books (None: not checked)


def wanted(args: argparse.Namespace) -> Wanted | str:
    """What to build from the options, or why nothing can be (one line). ``only`` on any of
    --pdf, --booklets, --epub builds just those; otherwise the site and, by default, the
    rest: the books and booklets when TeX is installed, the e-books checked by epubcheck
    when it is. A tool missing is said in one line; with ``yes`` or ``only`` it stops."""
    options = {"pdf": args.pdf, "booklets": args.booklets, "epub": args.epub}
    only = {name for name, value in options.items() if value == "only"}
    pages = args.builder == "html"
    chosen = {name: pages and (name in only if only else value != "no")
              for name, value in options.items()}  # fmt: skip
    tex = [name for name in ("pdf", "booklets") if chosen[name]]
    missing = tex_missing() if tex else []
    if missing:
        print(tex_hint(missing), flush=True)
        if any(options[name] in ("yes", "only") for name in tex):
            return ""
        chosen.update(pdf=False, booklets=False)
    check = epubcheck_command() if chosen["epub"] else None
    if chosen["epub"] and check is None:
        hint = f"apt-get install --no-install-recommends {system_packages('epub')}"
        if args.epub == "yes":
            return f"EPUB: epubcheck not found (it checks the e-books); install it: {hint}"
        print(f"EPUB: epubcheck not found: the e-books are not checked; install it: {hint}")
    return Wanted(not only, chosen["pdf"], chosen["booklets"], chosen["epub"], check)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", action="append", choices=list(LANGUAGES), dest="languages")
    parser.add_argument("--jobs", type=int, default=2, help="builds run at once")
    parser.add_argument("--builder", default="html")
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "html")
    choices = ("auto", "yes", "no", "only")
    parser.add_argument("--pdf", choices=choices, default="auto", help="the books")
    parser.add_argument("--booklets", choices=choices, default="auto", help="a booklet per game")
    parser.add_argument("--epub", choices=choices, default="auto", help="the e-books")
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
    want = wanted(args)
    if isinstance(want, str):
        if want:
            print(f"build.py: {want}", file=sys.stderr)
        return 2

    started = time.perf_counter()
    kinds = [args.builder] * want.html + [
        k for k in ("pdf", "booklets", "epub") if getattr(want, k)
    ]
    print(f"building {', '.join(languages)} ({' + '.join(kinds)}, {args.jobs} at a time)")
    if want.html and not base:
        print("no BASEURL: no canonical addresses, language alternates, link previews or sitemap")
    sys.stdout.flush()
    problem = cache_problem()
    if problem:
        print(f"build.py: {problem}", file=sys.stderr)
        return 2
    print(prepare_figures(args.jobs, books=want.pdf or want.booklets), flush=True)
    staging = Staging.beside(out, doctrees)
    if want.html:
        print(staging.begin(), flush=True)
    site, trees = (staging.html, staging.trees) if want.html else (out, doctrees)

    lock = threading.Lock()

    def say(text: str) -> None:
        with lock:  # two builds report at once: keep their lines whole
            print(text, flush=True)

    def report(result: Result) -> None:
        state = "done" if result.ok else "FAILED"
        made = f", {result.files} booklets" if result.kind == "booklets" else ""
        say(f"[{result.language}] {result.kind} {state} in {result.seconds:.1f} s, "
            f"{result.pages} pages{made}")  # fmt: skip
        if not result.ok:
            say(result.output)

    books = pdf_dir if want.pdf else None
    booklets = build / "booklets" if want.booklets else None
    links = {"pdf_link": want.pdf, "booklets_link": want.booklets, "epub_link": want.epub}

    def run(task: tuple[str, str]) -> list[Result]:
        kind, language = task
        say(f"[{language}] {kind} started")
        if kind == "latex":  # the book and the booklets, from one Sphinx run
            results = build_books(language, build / "latex", books, booklets, doctrees)
        elif kind == "epub":
            results = [build_epub(language, build / "epub", doctrees, check=want.epubcheck)]
        else:
            results = [build_language(language, kind, site, trees, baseurl=base, **links)]
            if want.epub and results[0].ok:  # the e-book from the site's doctrees
                html_trees = trees / kind / language
                epub = build_epub(language, build / "epub", doctrees, html_trees, want.epubcheck)
                results.append(epub)
        for result in results:
            report(result)
        return results

    # the books first: they take longest, so two workers finish together
    latex = "latex" if want.pdf or want.booklets else ""
    tasks = [(latex, c) for c in languages if latex]
    tasks += [(args.builder, c) for c in languages if want.html]
    tasks += [("epub", c) for c in languages if want.epub and not want.html]
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = [result for done in pool.map(run, tasks) for result in done]
    failed = [f"{r.language} {r.kind}" for r in results if not r.ok]
    if want.html and args.builder == "html":
        finish_site(site, base, results, build)
    if want.html and not failed:
        staging.publish()
    print(summary(results, want, time.perf_counter() - started, failed, staging, out, pdf_dir))
    return 1 if failed else 0


def summary(
    results: list[Result],
    want: Wanted,
    elapsed: float,
    failed: list[str],
    staging: Staging,
    out: Path,
    pdf_dir: Path,
) -> str:
    """The closing line: what was built, how long it took, and where to look."""
    pages = sum(r.pages for r in results if r.kind not in ("pdf", "booklets", "epub"))
    books = sum(r.kind == "pdf" for r in results)
    made = f"{books} PDF(s)"
    if want.booklets:
        made += f", {sum(r.files for r in results if r.kind == 'booklets')} booklet(s)"
    if want.epub:
        made += f", {sum(r.kind == 'epub' and r.ok for r in results)} EPUB(s)"
    verdict = f"FAILED: {', '.join(failed)}" if failed else "all passed"
    built = len({r.language for r in results})
    # where to look: the site, else the first of the books, booklets and e-books built
    made_only = [d for d, w in ((pdf_dir, want.pdf), (pdf_dir.parent / "booklets", want.booklets),
                                (pdf_dir.parent / "epub", want.epub)) if w]  # fmt: skip
    where = out / "index.html" if want.html or not made_only else made_only[0]
    if want.html and staging.html.exists():
        where = Path(f"{staging.html} (the site in {out} is unchanged)")
    return (
        f"built {built} language(s) in {elapsed:.1f} s, {pages} pages, {made}, "
        f"warnings as errors: {verdict}; open {where}"
    )


def finish_site(site: Path, base: str, results: list[Result], build: Path) -> None:
    """The root files beside the languages, and in each language's folder its book, its
    e-book and its booklets (``booklets/``; one left from an earlier build is removed)."""
    version = _version()
    write_root(site, list(LANGUAGES), base, version)
    write_404(site, list(LANGUAGES), base)
    if base:
        write_sitemap(site, list(LANGUAGES), base)
        write_robots(site, base)
    else:  # left from a build that had an address: it would name the wrong one
        (site / "sitemap.xml").unlink(missing_ok=True)
        (site / "robots.txt").unlink(missing_ok=True)
    made = {(r.kind, r.language) for r in results if r.ok}
    for language in LANGUAGES:
        if not (site / language).is_dir():
            continue
        if ("pdf", language) in made:
            name = f"tabula-{language}.pdf"
            copy_atomically(build / "pdf" / name, site / language / name)
        epub = site / language / f"tabula-{language}.epub"
        if ("epub", language) in made:
            copy_atomically(build / "epub" / epub.name, epub)
        else:
            epub.unlink(missing_ok=True)  # no page links it
        shutil.rmtree(site / language / "booklets", ignore_errors=True)
        if ("booklets", language) in made:
            shutil.copytree(build / "booklets" / language, site / language / "booklets")


def _version() -> str:
    """The edition's version, said once in pyproject.toml."""
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as handle:
        return str(tomllib.load(handle)["project"]["version"])


if __name__ == "__main__":
    sys.exit(main())
