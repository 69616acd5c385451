"""The ``peg-board`` and ``ledger-table`` directives: the ledgers of Trictrac on the page.

Usage in MyST::

    ```{peg-board} trictrac-combine/verlauf-07
    Zweiter Zug: A hat zwei Löcher mit dem vergoldeten Fichet und die Standarte.
    ```

    ```{ledger-table} trictrac-ecrire/art-57
    :columns: | A verliert | B verliert
    sums = Summe
    markers = Ein Jeton für jeden markierten Zug
    ```

``peg-board`` places the engine's drawing of both players' hole rails after a sentence of
the walkthrough (:mod:`engine.kinds.pegs`); the alt text is written from the engine's
description of the drawing (:func:`engine.kinds.pegs.peg_board`) in the reader's language,
so it can never describe another state than the drawing.
``ledger-table`` prints the rows the engine computes for a worked example
(:func:`engine.kinds.ledger.ledger_table`), each row labelled by the page (a content line
``key = label`` per row, translated like any text), and says below it how many of the
text's numbers the engine checked. Without a ``[table]`` in the specification it prints
only that line. Both fail the build when a claim
does not hold, like the ``board`` directive.
"""

from __future__ import annotations

import os
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from engine.kinds.ledger import ledger_table
from engine.kinds.pegs import peg_board

from .chrome import _
from .figures import STUB, _checked_legend, _prepare, _uri

logger = logging.getLogger(__name__)


def _peg_phrase(peg: Any) -> str:
    names = {
        "gold": _("gilded peg in hole %(hole)d"),
        "silver": _("silvered peg in hole %(hole)d"),
        "bimetallic": _("bimetallic peg in hole %(hole)d"),
        "black": _("black peg in hole %(hole)d"),
    }
    phrase = names[peg.kind] % {"hole": peg.hole}
    return _("%(peg)s with the Krawatte") % {"peg": phrase} if peg.krawatte else phrase


def alt_text(board: Any) -> str:
    """The drawing in words, from the same description the drawing is made from."""
    parts = [_("The hole rails of A (above) and B (below).")]
    for player in ("A", "B"):
        pegs = board.pegs.get(player, ())
        if pegs:
            listed = ", ".join(_peg_phrase(p) for p in pegs)
            parts.append(_("%(player)s: %(pegs)s.") % {"player": player, "pegs": listed})
        else:
            parts.append(_("%(player)s: no peg.") % {"player": player})
    if board.standarte:
        parts.append(_("%(player)s has the Standarte.") % {"player": board.standarte})
    marked = board.marked
    parts.append(
        _("Züge lost: A %(a)d, B %(b)d.") % {"a": marked.get("A", 0), "b": marked.get("B", 0)}
    )
    parts.append(_("Poule: %(count)d fichets.") % {"count": board.poule})
    if board.contract:
        parts.append(_("%(player)s's contract stands at the Poule.") % {"player": board.contract})
    return " ".join(parts)


def _legend(prepared: Any) -> nodes.Node:
    legend = _checked_legend(prepared)
    if prepared.disagreements:
        text = _("The engine contradicts %(count)d of them: see the editorial notes.") % {
            "count": prepared.disagreements
        }
        legend += nodes.paragraph(text, text, classes=["tabula-checked", "tabula-contradicts"])
    return legend


class PegBoardDirective(SphinxDirective):
    """An engine-drawn peg board for the state a figure specification leads to."""

    required_arguments = 1
    has_content = True
    option_spec = {  # noqa: RUF012 (docutils reads this class attribute)
        "name": directives.unchanged,
        "width": directives.length_or_percentage_or_unitless,
    }

    def run(self) -> list[nodes.Node]:
        figure_id = self.arguments[0]
        stub = os.environ.get(STUB) == "1"
        prepared = None if stub else _prepare(self, figure_id)
        if prepared is None and not stub:
            return []
        uri = "/_ext/tabula/stub.*" if stub else _uri(self.env.srcdir, prepared.stem)
        # written in the reader's language already: the message templates are translated,
        # so the gettext build must not collect the finished sentence as a message
        gettext = self.env.app.builder.name == "gettext"
        alt = "" if prepared is None or gettext else alt_text(peg_board(prepared.spec))
        figure = nodes.figure(classes=["tabula-board", "tabula-pegs"])
        image = nodes.image(uri=uri, alt=alt)
        image["width"] = self.options.get("width", "100%")
        figure += image
        if self.content:
            holder = nodes.Element()
            self.state.nested_parse(self.content, self.content_offset, holder)
            first = holder[0]
            caption = nodes.caption(first.rawsource, "", *first.children)
            caption.source, caption.line = first.source, first.line
            figure += caption
        if prepared is not None:
            figure += _legend(prepared)
        self.set_source_info(figure)
        self.add_name(figure)
        return [figure]


class LedgerTableDirective(SphinxDirective):
    """A worked example's numbers as the engine computes them, and the count of checks."""

    required_arguments = 1
    has_content = True
    option_spec = {  # noqa: RUF012
        "columns": directives.unchanged,
        "name": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        prepared = _prepare(self, self.arguments[0])
        if prepared is None:
            return []
        rows = ledger_table(prepared.spec)
        result: list[nodes.Node] = []
        if rows:
            result.append(self._table(rows))
        block = nodes.container("", *_legend(prepared).children, classes=["tabula-checked-block"])
        result.append(block)
        return result

    def _labels(self) -> dict[str, str]:
        labels: dict[str, str] = {}
        for item in self.content:
            key, sep, label = item.partition(" = ")
            if sep:
                labels[key.strip()] = label.strip()
        return labels

    def _table(self, rows: list[tuple[str, list[str]]]) -> nodes.table:
        labels = self._labels()
        missing = sorted({k for k, _cells in rows if k and k not in labels})
        if missing:
            logger.error(
                "ledger-table: no label for row(s) %s",
                ", ".join(missing),
                location=self.get_location(),
            )
        header = [c.strip() for c in self.options.get("columns", "").split(" | ")]
        labelled = any(key for key, _cells in rows)  # rows without keys need no label column
        width = int(labelled) + max(len(cells) for _k, cells in rows)
        table = nodes.table(classes=["tabula-ledger", "standard", "nocolorrows"])
        group = nodes.tgroup(cols=width)
        table += group
        first = [nodes.colspec(colwidth=4)] if labelled else []
        group += first + [nodes.colspec(colwidth=1)] * (width - len(first))
        if any(header):
            head = nodes.thead()
            head += self._row(header + [""] * (width - len(header)), translatable=True)
            group += head
        body = nodes.tbody()
        for key, cells in rows:
            texts = [labels.get(key, "")] if labelled else []
            body += self._row(texts, translatable=True, numbers=cells)
        group += body
        self.set_source_info(table)
        self.add_name(table)
        return table

    def _row(
        self, texts: list[str], translatable: bool, numbers: list[str] | None = None
    ) -> nodes.row:
        row = nodes.row()
        for text in texts:
            row += self._entry(text, translatable)
        for number in numbers or []:
            row += self._entry(number, False, classes=["points"])
        return row

    def _entry(
        self, text: str, translatable: bool, classes: list[str] | None = None
    ) -> nodes.entry:
        entry = nodes.entry(classes=classes or [])
        paragraph = nodes.paragraph(text, text)
        if translatable and text:
            paragraph.source, paragraph.line = self.get_source_info()
        entry += paragraph
        return entry


def setup(app: Sphinx) -> None:
    app.add_directive("peg-board", PegBoardDirective)
    app.add_directive("ledger-table", LedgerTableDirective)
