"""Build the site in every language: ``_build/html/<lang>/`` plus a root page to pick one.

Usage: ``python tools/build.py [--jobs N] [--lang da --lang sv ...] [--builder html]``

Each language is one ``sphinx-build -W --keep-going`` run (warnings are errors); two run at
once on a 2-core machine, sharing the figure cache in ``docs/_generated``. The script prints
a line as each language starts and ends, the warnings of a failed language, and a closing
one-line summary; it exits non-zero if any language failed, leaving the other languages'
output in place.
"""

from __future__ import annotations

import argparse
import html
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
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


@dataclass
class Result:
    language: str
    ok: bool
    seconds: float
    pages: int
    output: str


def build_language(language: str, builder: str, out: Path) -> Result:
    started = time.perf_counter()
    target = out / language
    command = [
        sys.executable,
        "-m",
        "sphinx",
        "-b",
        builder,
        "-W",
        "--keep-going",
        "-q",
        "-c",
        str(ROOT),
        "-D",
        f"language={language}",
        str(ROOT / "docs"),
        str(target),
    ]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    pages = len(list(target.rglob("*.html"))) if builder == "html" else 0
    output = (done.stdout + done.stderr).strip()
    return Result(language, done.returncode == 0, time.perf_counter() - started, pages, output)


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
    parser.add_argument("--jobs", type=int, default=2, help="languages built at once")
    parser.add_argument("--builder", default="html")
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "html")
    args = parser.parse_args(argv)
    languages = args.languages or list(LANGUAGES)
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    print(f"building {', '.join(languages)} ({args.builder}, {args.jobs} at a time)", flush=True)

    lock = threading.Lock()

    def say(text: str) -> None:
        with lock:  # two builds report at once: keep their lines whole
            print(text, flush=True)

    def run(language: str) -> Result:
        say(f"[{language}] started")
        result = build_language(language, args.builder, args.out)
        state = "done" if result.ok else "FAILED"
        say(f"[{language}] {state} in {result.seconds:.1f} s, {result.pages} pages")
        if not result.ok:
            say(result.output)
        return result

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(run, languages))
    if args.builder == "html":
        write_root(args.out, list(LANGUAGES))
    failed = [r.language for r in results if not r.ok]
    pages = sum(r.pages for r in results)
    elapsed = time.perf_counter() - started
    verdict = f"FAILED: {', '.join(failed)}" if failed else "all passed"
    print(
        f"built {len(results)} language(s) in {elapsed:.1f} s, {pages} pages, "
        f"warnings as errors: {verdict}; open {args.out / 'index.html'}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
