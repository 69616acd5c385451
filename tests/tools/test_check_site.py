"""tools/check_site.py finds broken links and anchors, network loads and accessibility faults —
on small sites made here — and the real built site has none of them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import check_site  # noqa: E402

GOOD = """<!DOCTYPE html><html lang="da"><head><title>t</title>
<link rel="stylesheet" href="_static/site.css">
<link rel="alternate" hreflang="sv" href="https://example.org/sv/">
<script src="_static/site.js"></script></head><body>
<h1 id="top">Titel</h1><h2 id="a">A</h2><h3>A.1</h3><h2>B</h2>
<p><a href="#a">a</a> <a href="other/page.html#b">b</a> <a href="other/">dir</a>
<a href="https://example.org/">out</a> <a href="mailto:x@example.org">mail</a></p>
<img src="_static/board.svg" alt="Et bræt i udgangsstillingen.">
<div role="search"><h2 id="label">Søg</h2><input aria-labelledby="label"></div>
<p class="caption" role="heading">Indhold</p>
</body></html>"""
OTHER = """<html lang="da"><body><h1>Anden</h1><span id="b"></span>
<a href="../index.html#top">up</a></body></html>"""


def make_site(tmp_path: Path, index: str = GOOD, css: str = "", js: str = "") -> Path:
    (tmp_path / "_static").mkdir()
    (tmp_path / "other").mkdir()
    (tmp_path / "index.html").write_text(index, encoding="utf-8")
    (tmp_path / "other" / "page.html").write_text(OTHER, encoding="utf-8")
    (tmp_path / "other" / "index.html").write_text(OTHER, encoding="utf-8")
    (tmp_path / "_static" / "site.css").write_text(css or "body { color: #222 }", "utf-8")
    (tmp_path / "_static" / "site.js").write_text(
        js or 'document.createElementNS("http://www.w3.org/2000/svg", "tspan");', "utf-8"
    )
    (tmp_path / "_static" / "board.svg").write_text("<svg/>", encoding="utf-8")
    return tmp_path


def test_a_sound_site_passes_every_check(tmp_path: Path) -> None:
    assert check_site.run(make_site(tmp_path), list(check_site.CHECKS)) == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (('href="#a"', 'href="#nowhere"'), "index.html: <a href> #nowhere: no such anchor"),
        (("other/page.html#b", "other/gone.html"), "other/gone.html: no such file"),
        (("other/page.html#b", "other/page.html#c"), "other/page.html#c: no such anchor"),
        (('src="_static/board.svg"', 'src="_static/gone.svg"'), "_static/gone.svg: no such"),
        (('href="other/"', 'href="../../etc/passwd"'), "leaves the site"),
    ],
)
def test_broken_links_and_anchors_are_named(tmp_path: Path, change, expected) -> None:
    site = make_site(tmp_path, GOOD.replace(*change))
    problems = check_site.run(site, ["links"])
    assert len(problems) == 1 and expected in problems[0], problems


@pytest.mark.parametrize(
    ("index", "css", "js", "expected"),
    [
        (GOOD.replace("_static/site.css", "https://fonts.googleapis.com/css?family=X"), "", "",
         "<link rel=stylesheet> loads https://fonts.googleapis.com"),
        (GOOD.replace('src="_static/site.js"', 'src="//cdn.example.org/x.js"'), "", "",
         "<script src> loads //cdn.example.org/x.js"),
        (GOOD.replace('src="_static/board.svg"', 'src="http://example.org/b.png"'), "", "",
         "<img src> loads http://example.org/b.png"),
        (GOOD, "@import url('https://fonts.example.org/f.css');", "", "site.css: loads https://"),
        (GOOD, "h1 { background: url(//img.example.org/x.png) }", "", "site.css: loads //img"),
        (GOOD.replace("<h2>B</h2>", '<h2 style="background:url(https://x.example/y)">B</h2>'),
         "", "", "inline style loads https://x.example/y"),
        (GOOD, "", "fetch('https://api.example.org/v1');", "site.js: names https://api"),
    ],
)  # fmt: skip
def test_anything_loaded_from_the_network_is_named(tmp_path, index, css, js, expected) -> None:
    problems = check_site.run(make_site(tmp_path, index, css, js), ["external"])
    assert len(problems) == 1 and expected in problems[0], problems


def test_links_to_other_sites_and_comments_load_nothing(tmp_path: Path) -> None:
    js = (
        "/* see https://example.org/licence */\n// https://example.org/doc\n"
        'var m = "Created with <a href=\\"https://www.sphinx-doc.org/\\">Sphinx</a>";'
    )
    assert check_site.run(make_site(tmp_path, js=js), ["external"]) == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (('alt="Et bræt i udgangsstillingen."', 'alt=""'), "has no alt text"),
        (('alt="Et bræt i udgangsstillingen."', ""), "has no alt text"),
        (("<h3>A.1</h3>", "<h4>A.1</h4>"), "heading h4 'A.1' follows h2"),
        (("<h2>B</h2>", "<h1>B</h1>"), "2 h1 headings, not one"),
        (('<p class="caption" role="heading">', '<p role="heading" aria-level="4">'),
         "heading h4 'Indhold' follows h2"),
        (('aria-labelledby="label"', 'aria-labelledby="searchlabel"'),
         "aria-labelledby names no element: searchlabel"),
        (('<h3>A.1</h3>', '<h3 id="a">A.1</h3>'), "id 'a' is given to more than one element"),
    ],
)  # fmt: skip
def test_accessibility_faults_are_named(tmp_path: Path, change, expected) -> None:
    problems = check_site.run(make_site(tmp_path, GOOD.replace(*change)), ["a11y"])
    assert len(problems) == 1 and expected in problems[0], problems


def test_the_command_exits_non_zero_and_counts(tmp_path: Path) -> None:
    site = make_site(tmp_path, GOOD.replace('href="#a"', 'href="#nowhere"'))
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "check_site.py"), str(site)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert done.stdout.strip().splitlines()[-1] == (
        "checked 3 pages (links, external, a11y): 1 problem(s)"
    )


@pytest.mark.slow
def test_the_built_site_passes_every_check(site: Path) -> None:
    assert check_site.run(site, list(check_site.CHECKS)) == []
