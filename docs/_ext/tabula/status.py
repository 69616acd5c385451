"""The ``translation-status`` directive: every page, its original language, and how much of
it the reader's language has — computed from the build itself (see :mod:`.languages`).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import NoUri
from sphinx.util.docutils import SphinxDirective

from .chrome import _
from .languages import LANGUAGE_NAMES, progress


class status_table(nodes.General, nodes.Element):
    """Filled in once every page has been read."""


class TranslationStatus(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        node = status_table()
        self.set_source_info(node)
        return [node]


def _reading_order(env: Any, root: str) -> list[str]:
    order: list[str] = []

    def walk(docname: str) -> None:
        if docname in order:
            return
        order.append(docname)
        for child in env.toctree_includes.get(docname, []):
            walk(child)

    walk(root)
    return order


def _fill(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    env = app.env
    language = app.config.language
    for placeholder in list(doctree.findall(status_table)):
        table = nodes.table(classes=["tabula-status"])
        group = nodes.tgroup(cols=3)
        table += group
        group += [nodes.colspec(colwidth=5), nodes.colspec(colwidth=2), nodes.colspec(colwidth=1)]
        head = nodes.thead()
        head += _row([_("Page"), _("Original language"), _("Translated")])
        group += head
        body = nodes.tbody()
        group += body
        for page in _reading_order(env, app.config.root_doc):
            done, total, original = progress(env).get(page, (0, 0, ""))
            share = 100 if original == language or not total else round(100 * done / total)
            title = env.titles[page].astext() if page in env.titles else page
            row = _row([title, _(LANGUAGE_NAMES.get(original, original)), f"{share} %"])
            try:
                uri = app.builder.get_relative_uri(docname, page)
            except NoUri:  # a page the PDF leaves out (see .pdf): its title alone
                uri = None
            if uri is not None:
                link = nodes.reference("", "", refuri=uri)
                link += nodes.Text(title)
                cell = row[0][0]
                cell.clear()
                cell += link
            body += row
        placeholder.replace_self(table)


def _row(cells: list[str]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry += nodes.paragraph(cell, cell)
        row += entry
    return row


def setup(app: Sphinx) -> None:
    app.add_node(status_table)
    app.add_directive("translation-status", TranslationStatus)
    app.connect("doctree-resolved", _fill)
