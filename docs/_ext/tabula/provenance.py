"""Where each paragraph's text comes from, shown to the reader.

A message of a page is, in the build's language, one of three things (``locale/STYLE.md``):
the original (the page's own language), a translation the sources give (the catalogue entry
carries ``# source: seed 000, line N``, written by ``tools/catalogues.py import``), or the
edition's own translation (every other filled entry). This module

* keeps each paragraph's original text before the catalogues translate it
  (:class:`KeepOriginalText`), so that every translated paragraph can offer its original one
  click away: an HTML ``<details>`` after the paragraph, the original in its own ``lang``,
  without JavaScript, hidden in print and left out of the books and e-books
  (:class:`original_text`);
* says which entries of a catalogue the sources give (:func:`source_msgids`), so that
  :mod:`.languages` counts the words of a page by provenance and writes the line under the
  title saying where the page's text comes from (:func:`provenance_line`).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from docutils import nodes
from sphinx.transforms import SphinxTransform
from sphinx.util.nodes import extract_messages

from .chrome import LANGUAGE_NAMES, _
from .interactive import replay

SOURCE = re.compile(r"^source: seed \d{3}, line \d+$")
# where a paragraph's original is not offered: cells, captions and the like are short, and a
# disclosure widget would break the table or figure they belong to
# (a replay's step: short, and its original is the chapter's text around it)
NO_ORIGINAL_INSIDE = (
    nodes.table,
    nodes.caption,
    nodes.figure,
    nodes.title,
    nodes.admonition,
    replay,
)


class original_text(nodes.General, nodes.Element):
    """A translated paragraph's original, shown on request (HTML only)."""


def visit_original_html(self: Any, node: original_text) -> None:
    summary = self.encode(node["label"])
    self.body.append(f'<details class="tabula-original"><summary>{summary}</summary>')


def depart_original_html(self: Any, node: original_text) -> None:
    self.body.append("</details>\n")


def skip(self: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode


@cache
def source_msgids(catalogue: Path) -> frozenset[str]:
    """The msgids of a catalogue whose translation the sources give (none if it is missing)."""
    if not catalogue.is_file():
        return frozenset()
    with catalogue.open("rb") as handle:
        catalog = read_po(handle)
    return frozenset(
        m.id for m in catalog if m.id and any(SOURCE.match(c) for c in m.user_comments)
    )


class KeepOriginalText(SphinxTransform):
    """Note each paragraph's original text (as runs of plain, emphasised, code text and note
    marks) before Sphinx's Locale transform (20) replaces it by its translation."""

    default_priority = 19

    def apply(self, **kwargs: Any) -> None:
        if self.app.builder.name == "gettext":
            return
        for node, _msg in extract_messages(self.document):
            if isinstance(node, nodes.paragraph):
                node["tabula_original"] = _runs(node)


def _runs(node: nodes.Element) -> list[tuple[str, str]]:
    runs: list[tuple[str, str]] = []
    for child in node.children:
        if isinstance(child, nodes.footnote_reference):
            runs.append(("note", ""))
        elif isinstance(child, nodes.emphasis):
            runs.append(("em", child.astext()))
        elif isinstance(child, nodes.strong):
            runs.append(("strong", child.astext()))
        elif isinstance(child, nodes.literal):
            runs.append(("code", child.astext()))
        else:
            runs.append(("text", child.astext()))
    return runs


def offer_original(paragraph: nodes.paragraph, original: str) -> None:
    """Put the paragraph's original after it, as a disclosure the reader may open."""
    runs = paragraph.get("tabula_original")
    if not runs or _inside(paragraph, NO_ORIGINAL_INSIDE) or paragraph.parent is None:
        return
    marks = [r.astext() for r in paragraph.findall(nodes.footnote_reference)]
    copy = nodes.paragraph(classes=[f"language-{original}"])
    for kind, text in runs:
        if kind == "note":
            label = marks.pop(0) if marks else "*"
            copy += nodes.superscript(label, label)
        elif kind == "em":
            copy += nodes.emphasis(text, text)
        elif kind == "strong":
            copy += nodes.strong(text, text)
        elif kind == "code":
            copy += nodes.literal(text, text)
        else:
            copy += nodes.Text(text)
    name = _(LANGUAGE_NAMES.get(original, original))
    holder = original_text(label=_("Original (%(language)s)") % {"language": name})
    holder += copy
    parent = paragraph.parent
    parent.insert(parent.index(paragraph) + 1, holder)


def _inside(node: nodes.Node, kinds: tuple[type, ...]) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, kinds):
            return True
        parent = parent.parent
    return False


def provenance_line(original: str, source: int, edition: int, total: int) -> str | None:
    """The line under a translated page's title: where its text comes from (words counted)."""
    if not total or not (source or edition):
        return None
    name = _(LANGUAGE_NAMES.get(original, original))
    if source and not edition:
        return _("This text is the translation the sources give of the %(language)s original.") % {
            "language": name
        }
    if edition and not source:
        return _("Translated for this edition from the %(language)s original.") % {"language": name}
    return _(
        "From the %(language)s original: %(source)d %% of this text is the translation the "
        "sources give, %(edition)d %% was translated for this edition."
    ) % {
        "language": name,
        "source": round(100 * source / total),
        "edition": round(100 * edition / total),
    }


def setup(app: Any) -> None:
    app.add_transform(KeepOriginalText)
    app.add_node(
        original_text,
        html=(visit_original_html, depart_original_html),
        latex=(skip, None),
        epub=(skip, None),
        text=(skip, None),
        man=(skip, None),
        texinfo=(skip, None),
    )
