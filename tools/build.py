"""Build the edition in every language: the site, and the PDF books when TeX is installed.

Usage: ``python tools/build.py [--jobs N] [--lang da --lang sv ...] [--out DIR]
[--pdf auto|yes|no|only]``

* HTML: ``<out>/<lang>/`` (default ``_build/html``) plus a root page to pick a language.
  Each language is one ``sphinx-build -W --keep-going`` run (warnings are errors); its
  doctrees go beside the site (``_build/doctrees/``), so the site folder holds only what is
  published.
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
import html
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the engine, for drawing the figures before the builds
LANGUAGES = {"da": "Dansk", "sv": "Svenska", "de": "Deutsch", "fr": "Français"}
# "Choose a language" in each language, for the root page
PROMPTS = {
    "da": "Vælg sprog",
    "sv": "Välj språk",
    "de": "Sprache wählen",
    "fr": "Choisir la langue",
}
BLURBS = {
    "da": "De gamle brætspils regler, kontrolleret af en regelmotor.",
    "sv": "De gamla brädspelens regler, kontrollerade av en regelmotor.",
    "de": "Die Regeln der alten Brettspiele, von einer Regel-Engine geprüft.",
    "fr": "Les règles des anciens jeux de table, vérifiées par un moteur de règles.",
}
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
) -> Result:
    started = time.perf_counter()
    target = out / language
    extra = ["-D", "tabula_pdf=1"] if pdf_link else []
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
    shutil.copyfile(target / f"{name}.pdf", book)
    return result(True, "", int(pages.group(1)) if pages else 0)


def _prepare_one(figure_id: str) -> tuple[str, str]:
    """Check and draw one figure into the shared cache (in a worker process): ``drawn``,
    ``cached`` or the first line of its error."""
    from engine.core.errors import TabulaError
    from engine.figures import cache_dir, prepare

    try:
        prepared = prepare(figure_id, cache_dir(ROOT / "docs"))
    except TabulaError as error:  # the language build reports it, with its page
        return figure_id, str(error).splitlines()[0]
    return figure_id, "drawn" if prepared.drawn_now else "cached"


def prepare_figures(jobs: int) -> str:
    """Check and draw every figure once, over ``jobs`` processes, before the language builds:
    they then read the cache, instead of two of them drawing the same figures at once on a
    cold cache. A figure that fails is left to the builds, which name the page that uses it."""
    from engine.specs import all_spec_ids

    started = time.perf_counter()
    figures = all_spec_ids()
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(_prepare_one, figures, chunksize=4))
    drawn = sum(status == "drawn" for _, status in results)
    failed = [f for f, status in results if status not in ("drawn", "cached")]
    note = f"; {len(failed)} left to the builds ({', '.join(failed[:3])})" if failed else ""
    return (
        f"figures: {len(figures)} checked, {drawn} drawn now, the rest from the cache, in "
        f"{time.perf_counter() - started:.1f} s{note}"
    )


def write_root(out: Path, languages: list[str]) -> Path:
    """The page where a reader picks a language, each name in its own language."""
    items = "\n".join(
        f'    <li><a href="{code}/index.html" lang="{code}" hreflang="{code}">'
        f"{html.escape(LANGUAGES[code])}</a>"
        f' <span lang="{code}">{html.escape(BLURBS[code])}</span></li>'
        for code in languages
    )
    prompts = " · ".join(f'<span lang="{c}">{PROMPTS[c]}</span>' for c in languages)
    alternates = "\n".join(
        f'  <link rel="alternate" hreflang="{c}" href="{c}/index.html">' for c in languages
    )
    page = f"""<!DOCTYPE html>
<html lang="sv">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Tabula</title>
{alternates}
  <style>
    body {{ font-family: Georgia, serif; max-width: 36em; margin: 3em auto; padding: 0 1em;
           color: #222; }}
    h1 {{ font-weight: normal; font-size: 2.4em; margin-bottom: 0.2em; }}
    p.prompt {{ color: #555; }}
    ul {{ list-style: none; padding: 0; }}
    li {{ margin: 0.9em 0; }}
    li a {{ font-size: 1.4em; margin-right: 0.6em; }}
    li span {{ color: #555; }}
  </style>
</head>
<body>
  <h1>Tabula</h1>
  <p class="prompt">{prompts}</p>
  <ul>
{items}
  </ul>
</body>
</html>
"""
    path = out / "index.html"
    path.write_text(page, encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", action="append", choices=list(LANGUAGES), dest="languages")
    parser.add_argument("--jobs", type=int, default=2, help="builds run at once")
    parser.add_argument("--builder", default="html")
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--pdf", choices=("auto", "yes", "no", "only"), default="auto")
    args = parser.parse_args(argv)
    languages = args.languages or list(LANGUAGES)
    out = args.out.resolve()
    build, pdf_dir = out.parent, out.parent / "pdf"
    doctrees = build / "doctrees"

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
    sys.stdout.flush()
    print(prepare_figures(args.jobs), flush=True)

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
            result = build_language(language, kind, out, doctrees, pdf_link=want_pdf)
        state = "done" if result.ok else "FAILED"
        say(f"[{language}] {kind} {state} in {result.seconds:.1f} s, {result.pages} pages")
        if not result.ok:
            say(result.output)
        return result

    # the books first: they take longest, so two workers finish together
    tasks = [("pdf", c) for c in languages if want_pdf]
    tasks += [(args.builder, c) for c in languages if want_html]
    if want_html:
        out.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(run, tasks))
    if want_html and args.builder == "html":
        write_root(out, list(LANGUAGES))
        for result in results:
            if result.kind == "pdf" and result.ok:
                name = f"tabula-{result.language}.pdf"
                shutil.copyfile(pdf_dir / name, out / result.language / name)
    failed = [f"{r.language} {r.kind}" for r in results if not r.ok]
    pages = sum(r.pages for r in results if r.kind != "pdf")
    books = sum(r.kind == "pdf" for r in results)
    elapsed = time.perf_counter() - started
    verdict = f"FAILED: {', '.join(failed)}" if failed else "all passed"
    built = len({r.language for r in results})
    where = out / "index.html" if want_html else pdf_dir
    print(
        f"built {built} language(s) in {elapsed:.1f} s, {pages} pages, {books} PDF(s), "
        f"warnings as errors: {verdict}; open {where}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
