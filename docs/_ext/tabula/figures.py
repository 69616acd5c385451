"""The ``board``, ``score-table`` and ``counting-table`` directives.

Usage in MyST::

    ```{board} brade/explosion
    :alt: What the picture shows, for readers who cannot see it.
    :name: fig-brade-explosion

    The caption.
    ```

    ```{score-table} brade/points-table
    :game-header: Spel
    :points-header: Poäng
    ```

    ```{counting-table} counting/verbindungen
    | | Verbindungen |
    |:--|--:|
    | Die Sieben fällt auf sechserlei Art und hat also | {sieben} |
    ```

The directive only parses its options and asks the engine (:mod:`engine.figures`) to check
the figure's claims and draw it; a claim that does not hold fails the build with a message
naming the figure and the claim. Caption, alt text and table labels are ordinary
translatable messages. The image URI ends in ``.*`` so that each builder takes its own
format: SVG for HTML, vector PDF for LaTeX.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from engine.core.errors import TabulaError
from engine.figures import ENGINE, Prepared, cache_dir, prepare, prepare_trial
from engine.kinds.counting import cell as counted_cell
from engine.kinds.table import score_table, tariff_row

from .chrome import _
from .domain import tabula
from .interactive import need, trial

logger = logging.getLogger(__name__)

STUB = "TABULA_FIGURE_STUB"  # set to 1 to replace the engine by a placeholder (benchmarks)


def _uri(srcdir: Path, drawing: Path) -> str:
    """The image URI of a drawing: from the source folder's root; ``.*`` lets each builder
    take its own format."""
    srcdir = Path(srcdir).resolve()
    relative = Path(os.path.relpath(drawing, srcdir)).as_posix()
    return f"/{relative}.*"


def drawing_formats(builder_format: str) -> tuple[str, ...]:
    """What a build reads of a drawing: the site and the e-book the SVG, the books the PDF
    (each drawn when first asked for; the image's ``.*`` then finds it)."""
    return ("pdf",) if builder_format == "latex" else ("svg",)


def _prepare(directive: SphinxDirective, figure_id: str) -> Prepared | None:
    formats = drawing_formats(directive.env.app.builder.format)
    try:
        prepared = prepare(figure_id, cache_dir(directive.env.srcdir), formats)
    except TabulaError as error:
        message = str(error).replace("\n", "\n  ")
        logger.error(
            "figure %s: %s", figure_id, message, location=directive.get_location(), type="tabula"
        )
        return None
    directive.env.note_dependency(str(prepared.spec.path))
    for source in ENGINE.rglob("*.py"):
        directive.env.note_dependency(str(source))
    tabula(directive.env).figures.setdefault(figure_id, set()).add(directive.env.docname)
    return prepared


class BoardDirective(SphinxDirective):
    """Place an engine-drawn, engine-checked board figure."""

    required_arguments = 1
    has_content = True
    option_spec = {  # noqa: RUF012 (docutils reads this class attribute)
        "alt": directives.unchanged_required,
        "name": directives.unchanged,
        "width": directives.length_or_percentage_or_unitless,
    }

    def run(self) -> list[nodes.Node]:
        figure_id = self.arguments[0]
        if "alt" not in self.options:
            logger.error("figure %s: needs an :alt: text", figure_id, location=self.get_location())
        stub = os.environ.get(STUB) == "1"
        prepared = None if stub else _prepare(self, figure_id)
        if prepared is None and not stub:
            return []
        uri = "/_ext/tabula/stub.*" if stub else _uri(self.env.srcdir, prepared.stem)
        figure = nodes.figure(classes=["tabula-board"])
        figure["tabula_figure"] = figure_id  # the page's link preview draws its first board
        image = nodes.image(uri=uri, alt=self.options.get("alt", ""))
        if "width" in self.options:
            image["width"] = self.options["width"]
        figure += image
        if prepared is not None:
            figure += self._trial(prepared)
        figure += self._caption()
        if prepared is not None:
            figure += _checked_legend(prepared)
            if prepared.spec.editorial:
                figure["classes"].append("editorial")
        self.set_source_info(figure)
        self.add_name(figure)
        return [figure]

    def _trial(self, prepared: Prepared) -> list[nodes.Node]:
        """The figure's "try a roll": every throw's plays from its position, computed by the
        engine (hidden until the page's script shows it; never in the books)."""
        try:
            found = prepare_trial(prepared)
        except TabulaError as error:
            logger.error(
                "figure %s: try a roll: %s",
                prepared.spec.id,
                error,
                location=self.get_location(),
                type="tabula",
            )
            return []
        if found is None:
            return []
        need(self.env, [found.script, found.bare], "trial")
        return [
            trial(
                data=found.script.name,
                bare=found.bare.name,
                own=found.own_roll,
                mover=found.mover,
            )
        ]

    def _caption(self) -> list[nodes.Node]:
        if not self.content:
            return []
        holder = nodes.Element()
        self.state.nested_parse(self.content, self.content_offset, holder)
        first = holder[0] if len(holder) else None
        if not isinstance(first, nodes.paragraph):
            return list(holder.children)
        caption = nodes.caption(first.rawsource, "", *first.children)
        caption.source, caption.line = first.source, first.line
        return [caption, *holder.children[1:]]


def _checked_legend(prepared: Prepared) -> nodes.Node:
    """A line under the caption, in the reader's language: what the engine checked."""
    text = _("Checked by the engine: %(count)d statement(s) of the text (%(figure)s).") % {
        "count": prepared.claims,
        "figure": f"diagrams/{prepared.spec.id}.toml",
    }
    if not prepared.claims:
        text = _("Drawn by the engine from %(figure)s.") % {
            "figure": f"diagrams/{prepared.spec.id}.toml"
        }
    return nodes.legend("", nodes.paragraph(text, text, classes=["tabula-checked"]))


class ScoreTableDirective(SphinxDirective):
    """Generate a game's points table from the engine's scoring data
    (:func:`engine.kinds.table.score_table`).

    Rows in one *box* (games that rank alike in a match tie-break) share their points cell.
    """

    required_arguments = 1
    option_spec = {  # noqa: RUF012
        "game-header": directives.unchanged_required,
        "points-header": directives.unchanged_required,
        "name": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        prepared = _prepare(self, self.arguments[0])
        if prepared is None:
            return []
        try:
            rows = score_table(prepared.spec)
        except TabulaError as error:
            logger.error("%s", error, location=self.get_location(), type="tabula")
            return []
        # LaTeX: ruled cells (not zebra rows), so a box of games sharing one points cell shows
        table = nodes.table(classes=["tabula-scores", "standard", "nocolorrows"])
        group = nodes.tgroup(cols=2)
        table += group
        group += [nodes.colspec(colwidth=4), nodes.colspec(colwidth=1)]
        head = nodes.thead()
        head += self._row([self.options["game-header"], self.options["points-header"]])
        group += head
        body = nodes.tbody()
        group += body
        for box in _boxes(rows):
            for index, row in enumerate(box):
                body += self._score_row(row, index, len(box))
        self.set_source_info(table)
        self.add_name(table)
        return [table, _checked_legend_block(prepared)]

    def _text(self, text: str, translatable: bool = True) -> nodes.paragraph:
        paragraph = nodes.paragraph(text, text)
        if translatable:
            paragraph.source, paragraph.line = self.get_source_info()
        return paragraph

    def _row(self, cells: list[str]) -> nodes.row:
        row = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry += self._text(cell)
            row += entry
        return row

    def _score_row(self, score: Any, index: int, size: int) -> nodes.row:
        row = nodes.row()
        name = nodes.entry()
        name += self._text(score.name)
        row += name
        if index == 0:
            points = nodes.entry(classes=["points"])
            if size > 1:  # one cell for the whole box: its games rank alike (sv 3090)
                points["morerows"] = size - 1
            points += self._text(str(score.points), translatable=False)
            row += points
        return row


def _boxes(rows: Sequence[Any]) -> list[list[Any]]:
    boxes: list[list[Any]] = []
    for row in rows:
        if boxes and boxes[-1][0].box == row.box:
            boxes[-1].append(row)
        else:
            boxes.append([row])
    return boxes


def _checked_legend_block(prepared: Prepared) -> nodes.Node:
    legend = _checked_legend(prepared)
    return nodes.container("", *legend.children, classes=["tabula-checked-block"])


PLACEHOLDER = re.compile(r"\{([^{}`]+)\}")


class CountingTableDirective(SphinxDirective):
    """A table of counts: the page writes the table, the engine fills in its numbers.

    The content is a table in the page's language (the source's words where the table is
    the source's), after an optional paragraph that becomes its title. A cell ``{claim}``
    prints what the engine counts for that claim of the specification (the text's number,
    checked against the 36 throws), ``{= count hit 6}`` a number the edition adds without a
    line to check. A claim recorded as wrong (``disagrees``) prints the source's number,
    marked, and a note under the table gives the computed one. The words around the
    numbers are translatable; the numbers are not.
    """

    required_arguments = 1
    has_content = True
    option_spec = {"name": directives.unchanged}  # noqa: RUF012

    def run(self) -> list[nodes.Node]:
        prepared = _prepare(self, self.arguments[0])
        if prepared is None:
            return []
        holder = nodes.Element()
        self.state.nested_parse(self.content, self.content_offset, holder)
        tables = list(holder.findall(nodes.table))
        if len(tables) != 1:
            logger.error(
                "counting table %s: the content must be one table",
                self.arguments[0],
                location=self.get_location(),
            )
            return []
        table = tables[0]
        source, line = self.get_source_info()
        for paragraph in holder.findall(nodes.paragraph):
            if not paragraph.source:  # a nested parse leaves cells without: no message then
                paragraph.source, paragraph.line = source, line
        try:  # after the sources are set: the filled cells must stay without one
            notes = fill_counts(table, prepared.spec)
        except TabulaError as error:
            logger.error("%s", error, location=self.get_location(), type="tabula")
            return []
        table["classes"] += ["tabula-counts"]
        _title(table, [n for n in holder.children if isinstance(n, nodes.paragraph)])
        self.add_name(table)
        return [table, *notes, _counting_legend(prepared)]


def _title(table: nodes.table, paragraphs: list[nodes.paragraph]) -> None:
    """A paragraph before the table is its title (translatable, like a figure's caption)."""
    if not paragraphs:
        return
    first = paragraphs[0]
    title = nodes.title(first.rawsource, "", *first.children)
    title.source, title.line = first.source, first.line
    table.insert(0, title)


def fill_counts(table: nodes.table, spec: Any) -> list[nodes.Node]:
    """Replace each cell's ``{…}`` by the engine's number; return the notes of wrong cells.

    A filled cell becomes a paragraph without a source line, so it is not a message to
    translate: every language prints the number the engine counted.
    """
    notes = nodes.enumerated_list(classes=["tabula-count-notes"], enumtype="loweralpha")
    for paragraph in list(table.findall(nodes.paragraph)):
        text = paragraph.astext()
        if not PLACEHOLDER.search(text):
            continue
        filled = nodes.paragraph(classes=["tabula-count"])
        position = 0
        for match in PLACEHOLDER.finditer(text):
            filled += nodes.Text(text[position : match.start()])
            found = counted_cell(spec, match.group(1).strip())
            filled += nodes.Text(found.text)
            if found.wrong:
                mark = chr(ord("a") + len(notes))
                filled += nodes.superscript(mark, mark, classes=["tabula-count-mark"])
                message = _(
                    "The source prints %(printed)s; counted from the 36 throws: %(computed)s."
                ) % {"printed": found.text, "computed": found.computed}
                notes += nodes.list_item("", nodes.paragraph(message, message))
            position = match.end()
        filled += nodes.Text(text[position:])
        paragraph.replace_self(filled)
    return [notes] if len(notes) else []


def _counting_legend(prepared: Prepared) -> nodes.Node:
    """The checked line; with the number of the text's statements the engine finds wrong."""
    if not prepared.disagreements:
        return _checked_legend_block(prepared)
    text = _(
        "Checked by the engine: %(count)d statement(s) of the text, of which it finds "
        "%(wrong)d wrong (%(figure)s)."
    ) % {
        "count": prepared.claims,
        "wrong": prepared.disagreements,
        "figure": f"diagrams/{prepared.spec.id}.toml",
    }
    paragraph = nodes.paragraph(text, text, classes=["tabula-checked"])
    return nodes.container("", paragraph, classes=["tabula-checked-block"])


class TariffTableDirective(SphinxDirective):
    """Generate a Trictrac tariff (points per moyen by simple and by doublet) from the engine.

    Usage::

        ```{tariff-table} trictrac/tarif
        :throw-header: Coup
        :simple-header: Par simple
        :doublet-header: Par doublet
        :moyens-header: Moyens
        :to-header: Bénéficiaire
        :title: Le tarif selon le moteur
        :mover: joueur
        :opponent: adversaire

        jan-de-trois-coups = Jan de six tables
        battre-a-vrai/grand = Battre à vrai une dame dans la table des grands jans
        ```

    Each content line names a row of the engine's tariff (:mod:`engine.games.trictrac.tariff`)
    and its label in the page's language; the values come from the engine
    (:func:`engine.kinds.table.tariff_row`), under the rules of the figure specification
    (``game = "toccategli"`` for the Toccategli's tariff).
    """

    required_arguments = 1
    has_content = True
    option_spec = {  # noqa: RUF012
        "throw-header": directives.unchanged_required,
        "simple-header": directives.unchanged_required,
        "doublet-header": directives.unchanged_required,
        "moyens-header": directives.unchanged_required,
        "to-header": directives.unchanged_required,
        "mover": directives.unchanged_required,
        "opponent": directives.unchanged_required,
        "title": directives.unchanged,
        "name": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        prepared = _prepare(self, self.arguments[0])
        if prepared is None:
            return []
        table = nodes.table(classes=["tabula-tariff", "standard"])
        if "title" in self.options:
            title = nodes.title(self.options["title"], self.options["title"])
            title.source, title.line = self.get_source_info()
            table += title
        group = nodes.tgroup(cols=5)
        table += group
        group += [nodes.colspec(colwidth=w) for w in (5, 1, 1, 1, 2)]
        head = nodes.thead()
        keys = ("throw-header", "simple-header", "doublet-header", "moyens-header", "to-header")
        head += self._row([self.options[k] for k in keys], [True] * 5)
        group += head
        body = nodes.tbody()
        group += body
        for line in self.content:
            key, sep, label = line.partition("=")
            if not sep:
                continue
            row = tariff_row(prepared.spec, key.strip())
            if row is None:
                logger.error(
                    "tariff row '%s' is not in the engine",
                    key.strip(),
                    location=self.get_location(),
                )
                continue
            cells = [
                label.strip(),
                "—" if row.simple is None else str(row.simple),
                "—" if row.doublet is None else str(row.doublet),
                row.moyens,
                self.options["mover" if row.to == "mover" else "opponent"],
            ]
            body += self._row(cells, [True, False, False, False, True])
        self.set_source_info(table)
        self.add_name(table)
        return [table, _checked_legend_block(prepared)]

    def _row(self, cells: list[str], translatable: list[bool]) -> nodes.row:
        row = nodes.row()
        for cell, translate in zip(cells, translatable, strict=True):
            entry = nodes.entry()
            paragraph = nodes.paragraph(cell, cell)
            if translate:
                paragraph.source, paragraph.line = self.get_source_info()
            entry += paragraph
            row += entry
        return row


def setup(app: Sphinx) -> None:
    app.add_directive("board", BoardDirective)
    app.add_directive("score-table", ScoreTableDirective)
    app.add_directive("counting-table", CountingTableDirective)
    app.add_directive("tariff-table", TariffTableDirective)
