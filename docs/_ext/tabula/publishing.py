"""What a published page says about itself: its public address, the same page in the other
languages, and its link preview — all from one setting, the site's public address.

``tabula_baseurl`` (``tools/build.py --baseurl``, ``make html BASEURL=…``) is the address the
site's root is published at, e.g. ``https://example.org/spel/tabula/``. With it, each page of
language L carries

* ``<link rel="canonical">`` to ``<baseurl>L/<page>.html`` (Sphinx writes it from
  ``html_baseurl``, which is set here per language);
* ``<link rel="alternate" hreflang>`` to the same page in every language of the site, and
  ``x-default`` to the root page where a reader picks a language;
* a description and Open Graph metadata in its own language (``sphinxext-opengraph``), with
  ``og:locale`` and, as its image, a PNG of the page's first board figure (drawn by the
  engine into the figure cache, copied to ``_images/social/``).

Without it the pages carry none of these (they would have to name an address the site is not
published at); the links between pages stay relative either way, so the site works under
any path prefix and from a folder. ``tools/build.py`` writes the sitemap, ``robots.txt`` and
the 404 page from the same setting.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ConfigError
from sphinxext.opengraph._description_parser import get_description
from sphinxext.opengraph._title_parser import get_title

from engine.core.errors import TabulaError
from engine.figures import cache_dir, prepare, social_image

from .provenance import original_text

# the language's usual territory, for og:locale (Open Graph wants language_TERRITORY)
LOCALES = {"da": "da_DK", "sv": "sv_SE", "de": "de_DE", "fr": "fr_FR"}
# what the edition says about a page, not what the page says: no part of its description
ABOUT_THE_PAGE = {"tabula-provenance", "tabula-notice"}
ADDRESS = re.compile(r"https?://[^/\s?#]+(/[^\s?#]*)?")
SOCIAL = "_images/social"
DESCRIPTION_LENGTH = 200  # sphinxext-opengraph's own length


def normalise_baseurl(value: str) -> str:
    """The public address as the pages use it (ending in ``/``), or ``""`` when unset.

    Raises ``ValueError`` with one line when it is not an absolute http(s) address."""
    value = value.strip()
    if not value:
        return ""
    if not ADDRESS.fullmatch(value):
        raise ValueError(
            f"BASEURL {value[:80]!r} is not an absolute http(s) address such as "
            "https://example.org/spel/tabula/ (no query, no fragment)"
        )
    return value if value.endswith("/") else value + "/"


def _configure(app: Sphinx, config: Config) -> None:
    try:
        base = normalise_baseurl(config.tabula_baseurl)
    except ValueError as error:
        raise ConfigError(str(error)) from None
    config.tabula_baseurl = base
    if base:
        config.html_baseurl = f"{base}{config.language}/"
        config.ogp_site_url = config.html_baseurl


def description(doctree: nodes.document, title: str) -> str:
    """The page's own first words, as sphinxext-opengraph takes them, without the lines
    that say where its text comes from and the originals offered beside its paragraphs."""
    page = doctree.deepcopy()
    heading = page.next_node(nodes.title)  # the page's title: og:title says it already
    if heading is not None:
        heading.parent.remove(heading)
    for node in list(page.findall(nodes.Element)):
        if isinstance(node, original_text) or ABOUT_THE_PAGE & set(node.get("classes", ())):
            node.parent.remove(node)
    return get_description(page, DESCRIPTION_LENGTH, set(get_title(title)))


def _first_board(doctree: nodes.document | None) -> nodes.figure | None:
    if doctree is None:
        return None
    for figure in doctree.findall(nodes.figure):
        if "tabula-board" in figure["classes"] and figure.get("tabula_figure"):
            return figure
    return None


def _social_image(app: Sphinx, figure: nodes.figure) -> str | None:
    """Copy the figure's PNG into the site; its address, or ``None`` if it has none."""
    try:
        prepared = prepare(figure["tabula_figure"], cache_dir(Path(app.srcdir)))
        png = social_image(prepared)
    except TabulaError:
        return None  # the page's board directive has already reported it
    if png is None:
        return None
    name = f"{prepared.spec.id.replace('/', '-')}.png"
    target = Path(app.outdir) / SOCIAL / name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(png, target)
    return f"{app.config.html_baseurl}{SOCIAL}/{name}"


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    base = app.config.tabula_baseurl
    # a copy: the page's fields are the environment's own dict, which the preview must not
    # change (sphinxext-opengraph pops what it reads)
    meta = context["meta"] = dict(context.get("meta") or {})
    if not base:
        meta["ogp_disable"] = True
        context["tabula_alternates"] = []
        return
    page = f"{pagename}.html"
    context["tabula_alternates"] = [
        {"hreflang": code, "href": f"{base}{code}/{page}"} for code in app.config.tabula_languages
    ] + [{"hreflang": "x-default", "href": base}]
    meta["og:locale"] = LOCALES.get(app.config.language, app.config.language)
    if doctree is not None:
        text = description(doctree, context.get("title", ""))
        meta["og:description"] = text  # page fields override what the extension found
        context["metatags"] += f'<meta name="description" content="{text}" />\n'
    figure = _first_board(doctree)
    image = _social_image(app, figure) if figure is not None else None
    if image:
        meta["og:image"] = image
        context["metatags"] += '<meta name="twitter:card" content="summary_large_image" />\n'
        alt = next(iter(figure.findall(nodes.image)), None)
        if alt is not None and alt.get("alt"):
            meta["og:image:alt"] = alt["alt"]


def setup(app: Sphinx) -> None:
    app.add_config_value("tabula_baseurl", "", "html", types=frozenset({str}))
    app.setup_extension("sphinxext.opengraph")
    app.connect("config-inited", _configure)
    # before sphinxext-opengraph (priority 500), which reads the page's meta fields
    app.connect("html-page-context", _page_context, priority=400)
