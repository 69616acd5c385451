"""The status page's two tables, both computed from the build itself.

``translation-status``
    every page, its original language, and how much of it the reader's language has (see
    :mod:`.languages`);
``game-status``
    every game of the edition (``docs/games.toml``): whether the engine plays it, how many
    figures its pages draw and how many claims they check (and how many of those record a
    disagreement with the text), how many figures its pages still lack, and so whether it
    is complete. A game keeps an "in progress" row until it works end to end.

Both tables describe other pages, so the page that holds them is rewritten whenever any
page changes (``env-get-outdated``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import NoUri
from sphinx.util.docutils import SphinxDirective

from engine.core.errors import TabulaError
from engine.core.game import make_rules
from engine.figures import plays_under
from engine.games import games as registered_games
from engine.kinds.ledger import LEDGERS
from engine.specs import load_spec

from .chrome import _
from .domain import tabula
from .languages import LANGUAGE_NAMES

GAMES_FILE = "games.toml"  # in the source folder


class status_table(nodes.General, nodes.Element):
    """Filled in once every page has been read."""


class game_table(nodes.General, nodes.Element):
    """Filled in once every page has been read."""


class TranslationStatus(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        node = status_table()
        self.set_source_info(node)
        tabula(self.env).status_pages.add(self.env.docname)
        return [node]


class GameStatus(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        node = game_table()
        self.set_source_info(node)
        self.env.note_dependency(str(Path(self.env.srcdir) / GAMES_FILE))
        tabula(self.env).status_pages.add(self.env.docname)
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
        group = nodes.tgroup(cols=5)
        table += group
        group += [nodes.colspec(colwidth=w) for w in (5, 2, 1, 1, 1)]
        head = nodes.thead()
        head += _row(
            [
                _("Page"),
                _("Original language"),
                _("Translated"),
                _("from the sources"),
                _("by the edition"),
            ]
        )
        group += head
        body = nodes.tbody()
        group += body
        for page in _reading_order(env, app.config.root_doc):
            source, edition, total, original = tabula(env).progress.get(page, (0, 0, 0, ""))
            title = env.titles[page].astext() if page in env.titles else page
            row = _row(
                [
                    title,
                    _(LANGUAGE_NAMES.get(original, original)),
                    *_shares(language, original, source, edition, total),
                ]
            )
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


def _shares(language: str, original: str, source: int, edition: int, total: int) -> list[str]:
    """The translated share of a page's words, in all, from the sources and by the edition."""
    if original == language or not total:
        return ["100 %", "—", "—"]
    return [
        f"{round(100 * (source + edition) / total)} %",
        f"{round(100 * source / total)} %",
        f"{round(100 * edition / total)} %",
    ]


@dataclass(frozen=True)
class GameState:
    """One row of the games table."""

    name: str
    chapters: tuple[str, ...]
    in_engine: bool
    figures: int
    claims: int
    disagreements: int
    missing: int

    @property
    def complete(self) -> bool:
        return self.in_engine and self.figures > 0 and self.missing == 0


def read_games(srcdir: Path) -> list[dict[str, Any]]:
    """The list of games in ``docs/games.toml``."""
    with open(Path(srcdir) / GAMES_FILE, "rb") as handle:
        return list(tomllib.load(handle)["game"])


def game_state(game: dict[str, Any], env: Any, language: str) -> GameState:
    chapters = tuple(c for c in game["chapters"] if c in env.all_docs)
    folders = tuple(f"{folder}/" for folder in game["diagrams"])
    wanted = game.get("rules", {})
    drawn = sorted(
        figure
        for figure, users in tabula(env).figures.items()
        if figure.startswith(folders) and users and _follows(load_spec(figure), game, wanted)
    )
    claims = [claim for figure in drawn for claim in load_spec(figure).claims]
    return GameState(
        name=game["name"].get(language, game["id"]),
        chapters=chapters,
        in_engine=in_engine(game["engine"], wanted),
        figures=len(drawn),
        claims=len(claims),
        disagreements=sum(1 for claim in claims if claim.get("disagrees")),
        missing=sum(_slots(env, chapter) for chapter in chapters),
    )


def in_engine(name: str, rules: dict[str, str] | None = None) -> bool:
    """Whether the engine has this game: a registered game (with ``rules``, a variant its
    switches name, as Toccategli and Toc of the Trictrac), or a scoring ledger
    (``ledger:<name>``, a ledger whose figures the engine checks: :mod:`engine.kinds.ledger`)."""
    if name.startswith("ledger:"):
        return name.removeprefix("ledger:") in LEDGERS
    if name not in registered_games():
        return False
    try:
        make_rules(registered_games()[name], rules)
    except TabulaError:
        return False
    return True


def _follows(spec: Any, game: dict[str, Any], wanted: dict[str, str]) -> bool:
    """Whether a figure plays this game's variant: its rules switches (or the engine's
    defaults, for those it leaves alone) are the ``rules`` the games list gives."""
    if not wanted or spec.game != game["engine"]:
        return True
    return plays_under(spec, wanted)


def _slots(env: Any, docname: str) -> int:
    doctree = env.get_doctree(docname)
    return sum(
        1 for node in doctree.findall(nodes.container) if "tabula-figure-slot" in node["classes"]
    )


def _fill_games(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    placeholders = list(doctree.findall(game_table))
    if not placeholders:
        return
    language = app.config.language
    rows = [game_state(g, app.env, language) for g in read_games(Path(app.srcdir))]
    for placeholder in placeholders:
        placeholder.replace_self(_games_table(app, docname, rows))


def _games_table(app: Sphinx, docname: str, rows: list[GameState]) -> nodes.table:
    headers = [
        _("Game"),
        _("Pages"),
        _("Rules in the engine"),
        _("Figures drawn"),
        _("Claims checked"),
        _("Figures still missing"),
        _("State"),
    ]
    # colwidths-given: the book sets these widths rather than letting LaTeX squeeze the
    # numbers' columns until their headers break into syllables
    table = nodes.table(classes=["tabula-status", "tabula-games", "colwidths-given"])
    group = nodes.tgroup(cols=len(headers))
    table += group
    group += [nodes.colspec(colwidth=w) for w in (13, 27, 12, 11, 15, 11, 11)]
    head = nodes.thead()
    head += _row(headers)
    group += head
    body = nodes.tbody()
    group += body
    for state in rows:
        row = _row(
            [
                state.name,
                "",
                _("yes") if state.in_engine else _("not yet"),
                str(state.figures),
                _claims_text(state),
                str(state.missing),
                _("complete") if state.complete else _("in progress"),
            ]
        )
        _link_pages(app, docname, row[1][0], state.chapters)
        body += row
    return table


def _claims_text(state: GameState) -> str:
    if not state.disagreements:
        return str(state.claims)
    return _("%(claims)d (%(disagreements)d against the text)") % {
        "claims": state.claims,
        "disagreements": state.disagreements,
    }


def _link_pages(app: Sphinx, docname: str, cell: nodes.paragraph, pages: tuple[str, ...]) -> None:
    cell.clear()
    for index, page in enumerate(pages):
        if index:
            cell += nodes.Text("; ")
        title = app.env.titles[page].astext() if page in app.env.titles else page
        try:
            uri = app.builder.get_relative_uri(docname, page)
        except NoUri:  # a page the PDF leaves out: its title alone
            cell += nodes.Text(title)
            continue
        link = nodes.reference("", "", refuri=uri)
        link += nodes.Text(title)
        cell += link


def _outdated(
    app: Sphinx, env: Any, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """The status tables describe every page: rewrite them when anything changed."""
    if not (added or changed or removed):
        return []
    return sorted(tabula(env).status_pages - added - changed - removed)


def _row(cells: list[str]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry += nodes.paragraph(cell, cell)
        row += entry
    return row


def setup(app: Sphinx) -> None:
    app.add_node(status_table)
    app.add_node(game_table)
    app.add_directive("translation-status", TranslationStatus)
    app.add_directive("game-status", GameStatus)
    app.connect("doctree-resolved", _fill)
    app.connect("doctree-resolved", _fill_games)
    app.connect("env-get-outdated", _outdated)
