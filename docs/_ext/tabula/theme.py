"""The site's theme, Furo, in the reader's language and within reach of the keyboard.

``docs/_templates/page.html`` lays out Furo's page with Tabula's own parts; the words it
shows or reads out (the menu, the colour switch, "skip to the text", the next and previous
page…) are Tabula's messages, translated in ``locale/<lang>/LC_MESSAGES/tabula.po``, since
Furo's own are in English only. Furo's navigation tree gets the same treatment here:

* each toggle that opens a branch of the tree is named in the reader's language;
* a table the extension fills after Furo's post-transforms (the status page's) is wrapped as
  Furo wraps the others, so that on a phone it scrolls in its own box, not the page (and
  the ids Furo's wrapper copies from its table are left to the table);
* a toctree's caption in the sidebar ("Texterna") names its list instead of being a
  heading: the sidebar comes before the page's ``h1`` and a heading there would open the
  page's outline at level 2 (``tools/check_site.py``: one ``h1``, no level skipped).
"""

from __future__ import annotations

from typing import Any

from bs4 import BeautifulSoup
from docutils import nodes
from sphinx.application import Sphinx

from .chrome import _


def labels() -> dict[str, str]:
    """The theme's words, in the language of the build."""
    return {
        "skip": _("Skip to the text"),
        "menu": _("Show the pages of the edition"),
        "contents": _("Show the contents of this page"),
        "colours": _("Colours: automatic, light or dark"),
        "top": _("Back to top"),
        "on_this_page": _("On this page"),
        "next": _("Next"),
        "previous": _("Previous"),
        "pages": _("The pages of the edition"),
        "languages": _("This page in each language"),
        "root": _("Tabula in every language: choose a language"),
    }


def navigation_tree(tree: str) -> str:
    """Furo's navigation tree with its toggles named and its captions naming their lists."""
    if not tree:
        return tree
    soup = BeautifulSoup(tree, "html.parser")
    for number, caption in enumerate(soup.select("p.caption[role=heading]"), start=1):
        del caption["role"]
        caption["id"] = f"tabula-nav-caption-{number}"
        listing = caption.find_next_sibling("ul")
        if listing is not None:
            listing["aria-labelledby"] = caption["id"]
    for toggle in soup.select("input.toctree-checkbox"):
        link = toggle.find_parent("li").find("a")
        toggle["aria-label"] = _("Show the sections of %(page)s") % {"page": link.get_text()}
    return str(soup)


def _wrap_tables(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    if app.builder.format != "html":
        return
    for table in list(doctree.findall(nodes.table)):
        parent = table.parent
        if isinstance(parent, nodes.container) and "table-wrapper" in parent["classes"]:
            # Furo's wrapper copies the table's ids: an id must name one element
            parent["ids"] = [i for i in parent["ids"] if i not in table["ids"]]
            continue
        wrapper = nodes.container(classes=["table-wrapper"])
        parent.replace(table, wrapper)
        wrapper.append(table)


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    context["tabula_labels"] = labels()
    if "furo_navigation_tree" in context:
        context["furo_navigation_tree"] = navigation_tree(context["furo_navigation_tree"])


def setup(app: Sphinx) -> None:
    # after Furo's own handler (default priority), which builds the navigation tree
    app.connect("html-page-context", _page_context, priority=700)
    # after the handlers that fill tables in (status.py, default priority)
    app.connect("doctree-resolved", _wrap_tables, priority=800)
