"""The files at the root of the built site, beside the four languages: the page where a reader
picks a language, the 404 page, and — when the site's public address is known — the sitemap
and ``robots.txt``. ``tools/build.py`` writes them after the language builds.

Every link between pages stays relative, so the tree works under any path prefix and from a
folder; only the sitemap, ``robots.txt`` and the pages' canonical and alternate links need the
public address (``--baseurl``), since search engines want absolute ones.
"""

from __future__ import annotations

import html
from pathlib import Path
from urllib.parse import quote
from xml.etree import ElementTree

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
# the 404 page: what happened, and where to go on, in each language
NOT_FOUND = {
    "da": ("Siden findes ikke", "Gå til forsiden på dansk"),
    "sv": ("Sidan finns inte", "Gå till startsidan på svenska"),
    "de": ("Diese Seite gibt es nicht", "Zur Startseite auf Deutsch"),
    "fr": ("Cette page n’existe pas", "Aller à la page d’accueil en français"),
}
# the site's icon, inline: these pages are shown at any depth and fetch nothing (without an
# icon a browser asks the host's root for /favicon.ico, outside the site)
ICON = Path(__file__).resolve().parent.parent / "docs" / "_static" / "favicon.svg"
SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML = "http://www.w3.org/1999/xhtml"
# pages no search engine should list: the search form and the generated index
UNLISTED = {"search.html", "genindex.html"}
# the look of the language sites (Furo's system fonts and colours), light and dark
STYLE = """    body { font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial,
             sans-serif; line-height: 1.5; max-width: 36em; margin: 3em auto;
           padding: 0 1em; color: #000; background: #fff; }
    h1 { font-size: 2.5em; margin-bottom: 0.2em; }
    a { color: #2757dd; }
    p.prompt { color: #5a5c63; }
    ul { list-style: none; padding: 0; }
    li { margin: 0.9em 0; }
    li a { font-size: 1.4em; margin-right: 0.6em; }
    li span { color: #5a5c63; }
    @media (prefers-color-scheme: dark) {
      body { color: #cfd0d0; background: #131416; } a { color: #5ca5ff; }
      p.prompt, li span { color: #9ca0a5; }
    }"""


def _icon() -> str:
    data = quote(ICON.read_text(encoding="utf-8").strip(), safe=" =:/\"'")
    return f'  <link rel="icon" href="data:image/svg+xml,{html.escape(data)}">'


def _alternates(base: str, languages: list[str], page: str) -> str:
    """``<link rel=alternate hreflang>`` for ``page`` in every language, and x-default."""
    if not base:
        return "\n".join(
            f'  <link rel="alternate" hreflang="{c}" href="{c}/{page}">' for c in languages
        )
    links = [f'  <link rel="canonical" href="{html.escape(base)}">']
    links += [
        f'  <link rel="alternate" hreflang="{c}" href="{html.escape(base)}{c}/{page}">'
        for c in languages
    ]
    links.append(f'  <link rel="alternate" hreflang="x-default" href="{html.escape(base)}">')
    return "\n".join(links)


def write_root(out: Path, languages: list[str], base: str = "", version: str = "") -> Path:
    """The page where a reader picks a language, each name in its own language."""
    items = "\n".join(
        f'    <li><a href="{code}/index.html" lang="{code}" hreflang="{code}">'
        f"{html.escape(LANGUAGES[code])}</a>"
        f' <span lang="{code}">{html.escape(BLURBS[code])}</span></li>'
        for code in languages
    )
    prompts = " · ".join(f'<span lang="{c}">{PROMPTS[c]}</span>' for c in languages)
    footer = f'\n  <p class="prompt">Tabula {html.escape(version)}</p>' if version else ""
    page = f"""<!DOCTYPE html>
<html lang="sv">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Tabula</title>
{_icon()}
{_alternates(base, languages, "index.html")}
  <style>
{STYLE}
  </style>
</head>
<body>
  <h1>Tabula</h1>
  <p class="prompt">{prompts}</p>
  <ul>
{items}
  </ul>{footer}
</body>
</html>
"""
    path = out / "index.html"
    path.write_text(page, encoding="utf-8")
    return path


# Where the site's root is, seen from a missing page: the part of the address before its
# language folder (/spel/tabula/sv/no-such-page → /spel/tabula/); the reader's language
# first. Without JavaScript the links go to the public address (or the server's root).
NOT_FOUND_SCRIPT = """
(function () {
  var codes = %(codes)s;
  var path = window.location.pathname, root = null, language = null;
  for (var i = 0; i < codes.length; i++) {
    var at = path.indexOf('/' + codes[i] + '/');
    if (at >= 0 && (root === null || at < root.length)) {
      root = path.slice(0, at + 1); language = codes[i];
    }
  }
  if (root === null) { return; }
  document.querySelectorAll('a[data-language]').forEach(function (a) {
    a.href = root + a.getAttribute('data-language') + '/index.html';
  });
  var first = document.querySelector('li[lang="' + language + '"]');
  if (first) { first.parentNode.insertBefore(first, first.parentNode.firstChild); }
  document.documentElement.lang = language;
})();"""


def write_404(out: Path, languages: list[str], base: str = "") -> Path:
    """The page a server shows for an unknown address: self-contained (no stylesheet or
    script to fetch, since it is shown at any depth), in every language."""
    start = base or "/"
    items = "\n".join(
        f'    <li lang="{c}"><strong>{html.escape(NOT_FOUND[c][0])}.</strong> '
        f'<a href="{html.escape(start)}{c}/index.html" hreflang="{c}" data-language="{c}">'
        f"{html.escape(NOT_FOUND[c][1])}</a></li>"
        for c in languages
    )
    codes = "[" + ", ".join(f"'{c}'" for c in languages) + "]"
    page = f"""<!DOCTYPE html>
<html lang="sv">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>404 · Tabula</title>
{_icon()}
  <style>
{STYLE}
    li {{ font-size: 1.1em; }}
  </style>
</head>
<body>
  <h1>Tabula</h1>
  <ul>
{items}
  </ul>
  <script>{NOT_FOUND_SCRIPT % {"codes": codes}}
  </script>
</body>
</html>
"""
    path = out / "404.html"
    path.write_text(page, encoding="utf-8")
    return path


def pages(out: Path, language: str) -> list[str]:
    """Every page of a language's site that a search engine should list, as paths."""
    folder = out / language
    found = []
    for path in folder.rglob("*.html"):
        relative = path.relative_to(folder).as_posix()
        if relative in UNLISTED or relative.startswith("_"):
            continue
        found.append(relative)
    return sorted(found)


def write_sitemap(out: Path, languages: list[str], base: str) -> Path:
    """``sitemap.xml``: every page in every language, each with the same page in the other
    languages and the root page as ``x-default`` (sitemaps.org with ``xhtml:link``).

    Written from the built tree rather than by an extension: sphinx-sitemap lists only the
    pages a build wrote (jdillard/sphinx-sitemap#13), so a rebuild that changes one page
    would publish a sitemap of one page, and it knows one language per build."""
    ElementTree.register_namespace("", SITEMAP)
    ElementTree.register_namespace("xhtml", XHTML)
    urlset = ElementTree.Element(f"{{{SITEMAP}}}urlset")
    present = {language: set(pages(out, language)) for language in languages}
    everything = sorted(set().union(*present.values()))

    def add(location: str, alternates: list[tuple[str, str]]) -> None:
        url = ElementTree.SubElement(urlset, f"{{{SITEMAP}}}url")
        ElementTree.SubElement(url, f"{{{SITEMAP}}}loc").text = location
        for hreflang, href in alternates:
            attributes = {"rel": "alternate", "hreflang": hreflang, "href": href}
            ElementTree.SubElement(url, f"{{{XHTML}}}link", attributes)

    root_alternates = [(c, f"{base}{c}/index.html") for c in languages]
    add(base, [*root_alternates, ("x-default", base)])
    for page in everything:
        alternates = [(c, f"{base}{c}/{page}") for c in languages if page in present[c]]
        alternates.append(("x-default", base))
        for language in languages:
            if page in present[language]:
                add(f"{base}{language}/{page}", alternates)
    ElementTree.indent(urlset)
    path = out / "sitemap.xml"
    ElementTree.ElementTree(urlset).write(path, encoding="utf-8", xml_declaration=True)
    return path


def write_robots(out: Path, base: str) -> Path:
    """``robots.txt``: everything may be read; where the sitemap is. (A crawler reads it
    only at a host's root: under a path prefix, copy it there or name the sitemap to the
    search engine.)"""
    path = out / "robots.txt"
    path.write_text(f"User-agent: *\nAllow: /\n\nSitemap: {base}sitemap.xml\n", encoding="utf-8")
    return path
