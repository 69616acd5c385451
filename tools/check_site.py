"""Check the built site offline: links and anchors, nothing loaded from outside, accessibility.

Usage: ``python tools/check_site.py [SITE] [--check links|external|a11y ...]``
(``SITE`` defaults to ``_build/html``; all three checks run unless named.)

``links``
    every ``href``/``src`` of every page that points inside the site (relative, or
    absolute from the site's root) names a file that exists, and its ``#fragment`` an
    ``id`` (or ``<a name>``) of that file — the language switcher's links included.
``external``
    no page, stylesheet or script of the site loads anything from the network: no
    ``src``/``srcset``/``data``/``poster`` and no stylesheet, icon, preload or font
    ``<link>`` with a scheme (``http:``, ``https:``, …) or a protocol-relative ``//`` URL;
    no ``url(…)`` or ``@import`` of such a URL in a stylesheet or ``style``; and no such URL
    in a script's code (scripts are read as text: a network address in one is reported).
    Ordinary links (``<a href>``, ``rel="alternate"``) to other sites are allowed: they
    load nothing until followed.
``a11y``
    every ``<img>`` has a non-empty ``alt``; each page has exactly one ``h1``, and its
    headings (``h1``–``h6`` and ``role="heading"`` with ``aria-level``, default 2) never
    skip a level going down (``h1`` → ``h3``); an ``aria-labelledby`` names an ``id`` of
    the page, and no ``id`` is given to two elements (a label or an anchor would name
    either).

Prints one line per problem (``file: what``) and a summary line; exits 1 if any.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
CHECKS = ("links", "external", "a11y")
REMOTE = re.compile(r"^([a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)
INERT_SCHEMES = ("mailto:", "tel:", "javascript:", "data:", "about:")
# what a <link rel=…> loads (alternate, canonical, next, prev, index, search, help… load nothing)
LOADING_RELS = {
    "stylesheet",
    "icon",
    "shortcut",
    "preload",
    "prefetch",
    "modulepreload",
    "manifest",
    "apple-touch-icon",
    "mask-icon",
    "dns-prefetch",
    "preconnect",
}
CSS_URL = re.compile(r"""(?:url\(\s*['"]?|@import\s+['"])([^'")\s]+)""", re.IGNORECASE)
SCRIPT_URL = re.compile(r"""["'`]((?:https?:)?//[^"'`\s\\]+)""", re.IGNORECASE)
# names, not addresses: XML namespaces a script passes to createElementNS and the like
NAMESPACES = (
    "http://www.w3.org/2000/svg",
    "http://www.w3.org/1999/xhtml",
    "http://www.w3.org/1999/xlink",
    "http://www.w3.org/XML/1998/namespace",
)


@dataclass
class Page:
    """What one HTML file holds that the checks need."""

    ids: set[str] = field(default_factory=set)
    twice: list[str] = field(default_factory=list)  # ids given to more than one element
    refs: list[tuple[str, str, str]] = field(default_factory=list)  # (tag, attribute, url)
    loads: list[tuple[str, str]] = field(default_factory=list)  # (what, url) fetched on load
    styles: list[str] = field(default_factory=list)  # inline CSS
    scripts: list[str] = field(default_factory=list)  # inline script code
    images: list[dict[str, str]] = field(default_factory=list)
    headings: list[tuple[int, str]] = field(default_factory=list)
    labelledby: list[str] = field(default_factory=list)


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._in: str | None = None  # "style" or "script" while inside one
        self._heading: tuple[int, list[str]] | None = None
        self._given: set[str] = set()  # id attributes so far (an <a name> is no id)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        page = self.page
        if values.get("id"):
            if values["id"] in self._given:
                page.twice.append(values["id"])
            self._given.add(values["id"])
            page.ids.add(values["id"])
        if tag == "a" and values.get("name"):
            page.ids.add(values["name"])
        if values.get("style"):
            page.styles.append(values["style"])
        if values.get("aria-labelledby"):
            page.labelledby += values["aria-labelledby"].split()
        for attribute in ("href", "src", "data", "poster", "action"):
            if attribute in values:
                page.refs.append((tag, attribute, values[attribute]))
        for attribute in ("src", "data", "poster"):
            if attribute in values and tag != "a":
                page.loads.append((f"<{tag} {attribute}>", values[attribute]))
        if "srcset" in values:
            for candidate in values["srcset"].split(","):
                if candidate.strip():
                    url = candidate.split()[0]
                    page.refs.append((tag, "srcset", url))
                    page.loads.append((f"<{tag} srcset>", url))
        if tag == "link":
            rels = set(values.get("rel", "").lower().split())
            if rels & LOADING_RELS:
                page.loads.append((f"<link rel={values.get('rel')}>", values.get("href", "")))
        if tag == "img":
            page.images.append(values)
        if tag in ("style", "script") and "src" not in values:
            self._in = tag
        level = None
        if re.fullmatch(r"h[1-6]", tag):
            level = int(tag[1])
        elif values.get("role") == "heading":
            level = int(values.get("aria-level") or 2)
        if level is not None:
            self._heading = (level, [])

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._in = None
        if self._heading is not None and (re.fullmatch(r"h[1-6]", tag) or tag in ("p", "div")):
            level, words = self._heading
            self.page.headings.append((level, " ".join("".join(words).split())))
            self._heading = None

    def handle_data(self, data: str) -> None:
        if self._in == "style":
            self.page.styles.append(data)
        elif self._in == "script":
            self.page.scripts.append(data)
        if self._heading is not None:
            self._heading[1].append(data)


def parse(path: Path) -> Page:
    parser = _Parser()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser.page


def is_remote(url: str) -> bool:
    url = url.strip()
    return bool(REMOTE.match(url)) and not url.lower().startswith(INERT_SCHEMES)


def _target(site: Path, page: Path, url: str) -> tuple[Path | None, str]:
    """The file a site-internal URL names (None if it leaves the site) and its fragment."""
    parts = urlsplit(url)
    path = unquote(parts.path)
    if not path:
        return page, unquote(parts.fragment)
    base = site if path.startswith("/") else page.parent
    target = (base / path.lstrip("/")).resolve()
    if target.is_dir() or path.endswith("/"):
        target = target / "index.html"
    return target, unquote(parts.fragment)


class Site:
    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.pages = sorted(self.root.rglob("*.html"))
        self._parsed: dict[Path, Page] = {}

    def page(self, path: Path) -> Page:
        if path not in self._parsed:
            self._parsed[path] = parse(path)
        return self._parsed[path]

    def where(self, path: Path) -> str:
        return str(path.relative_to(self.root))

    def links(self) -> list[str]:
        problems = []
        for path in self.pages:
            for tag, attribute, url in self.page(path).refs:
                if not url or is_remote(url) or url.lower().startswith(INERT_SCHEMES):
                    continue
                problem = self._follow(path, url)
                if problem:
                    problems.append(f"{self.where(path)}: <{tag} {attribute}> {url}: {problem}")
        return problems

    def _follow(self, page: Path, url: str) -> str:
        target, fragment = _target(self.root, page, url)
        if target is None:
            return ""
        if not target.is_relative_to(self.root):
            return "leaves the site"
        if not target.is_file():
            return "no such file"
        if fragment and target.suffix == ".html" and fragment not in self.page(target).ids:
            return "no such anchor"
        return ""

    def external(self) -> list[str]:
        problems = []
        for path in self.pages:
            page = self.page(path)
            for what, url in page.loads:
                if is_remote(url):
                    problems.append(f"{self.where(path)}: {what} loads {url}")
            for css in page.styles:
                problems += [f"{self.where(path)}: inline style loads {u}" for u in _css_urls(css)]
            for code in page.scripts:
                problems += [f"{self.where(path)}: inline script names {u}" for u in _js_urls(code)]
        for path in sorted(self.root.rglob("*.css")):
            text = path.read_text(encoding="utf-8", errors="replace")
            problems += [f"{self.where(path)}: loads {u}" for u in _css_urls(text)]
        for path in sorted(self.root.rglob("*.js")):
            text = path.read_text(encoding="utf-8", errors="replace")
            problems += [f"{self.where(path)}: names {u}" for u in _js_urls(text)]
        return problems

    def a11y(self) -> list[str]:
        problems = []
        for path in self.pages:
            page = self.page(path)
            where = self.where(path)
            for image in page.images:
                if not image.get("alt", "").strip():
                    problems.append(f"{where}: <img src={image.get('src', '')}> has no alt text")
            ones = [text for level, text in page.headings if level == 1]
            if len(ones) != 1:
                problems.append(f"{where}: {len(ones)} h1 headings, not one: {ones}")
            previous = 0
            for level, text in page.headings:
                if level > previous + 1:
                    problems.append(f"{where}: heading h{level} '{text}' follows h{previous}")
                previous = level
            for name in page.labelledby:
                if name not in page.ids:
                    problems.append(f"{where}: aria-labelledby names no element: {name}")
            for name in page.twice:
                problems.append(f"{where}: id {name!r} is given to more than one element")
        return problems


def _css_urls(css: str) -> list[str]:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    return [u for u in CSS_URL.findall(css) if is_remote(u)]


def _js_urls(code: str) -> list[str]:
    """Network addresses in a script's strings, but not in its comments, not an XML
    namespace, and not the target of a link in a message (``href=\\"https://…\\"``)."""
    code = re.sub(r"/\*.*?\*/", "", code, flags=re.DOTALL)
    code = re.sub(r"(?m)^\s*//.*$", "", code)
    found = []
    for match in SCRIPT_URL.finditer(code):
        url = match.group(1)
        if url.startswith(NAMESPACES) or code[max(0, match.start() - 7) : match.start()].endswith(
            ("href=", "href=\\")
        ):
            continue
        found.append(url)
    return found


def run(site: Path, checks: list[str]) -> list[str]:
    checked = Site(site)
    problems: list[str] = []
    for name in checks:
        problems += getattr(checked, name)()
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--check", action="append", choices=CHECKS, dest="checks")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"{args.site}: no built site here (run make html first)")
        return 2
    checks = args.checks or list(CHECKS)
    site = Site(args.site)
    problems: list[str] = []
    for name in checks:
        found = getattr(site, name)()
        problems += found
        for line in found:
            print(line)
    print(
        f"checked {len(site.pages)} pages ({', '.join(checks)}): "
        + (f"{len(problems)} problem(s)" if problems else "no problems")
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
