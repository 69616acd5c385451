"""A booklet per game: the game's rules in the build's language, A5, to print and fold.

When ``tools/build.py`` builds the booklets it passes ``-D tabula_booklets=1`` to the LaTeX
build of the book, and the LaTeX builder then writes, beside ``tabula-xx.tex``, one more
document, ``booklets-xx.tex``, holding every game's booklet in turn (``docs/games.toml``):

* a title page: the game, the language, where each chapter's text comes from, the edition's
  version and date;
* the game's chapters (a chapter not established yet is left out, and a game with none has
  no booklet), with their figures, tables, footnotes and editorial notes, as the book prints
  them (the same post-transforms: fallback text in its own language, and so on);
* the glossary entries those chapters link to, and no others.

XeLaTeX sets them all in one run, so the fonts and packages load once for the eleven games.
Each booklet starts on a new page numbered 1 and writes its first and last page (as
shipped, counted from 0) to ``booklets-xx.pages``; ``tools/booklets.py`` cuts the PDF there.
Inside a booklet a link goes to its own chapters and glossary entries only: every LaTeX label
carries the booklet's game (so a chapter printed in two booklets is two sets of targets), and
a link to a page the booklet does not print is its words, as in the book.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.builders.latex import LaTeXBuilder
from sphinx.util.docutils import new_document

from .chrome import LANGUAGE_NAMES, _
from .domain import tabula
from .languages import source_language
from .pdf import _latex_escape, is_stub
from .provenance import provenance_line
from .status import read_games

GLOSSARY = "glossary/index"
GLOSSARY_LINK = f"%{GLOSSARY}#glossary-"  # how a resolved link to a glossary entry starts


def booklets_name(language: str) -> str:
    return f"booklets-{language}"


# The booklets' own LaTeX, after the book's preamble. Each booklet: a fresh page numbered 1
# (at the foot, the only running text of Sphinx's howto pages) and its own section numbers;
# the first and last page it shipped go to \jobname.pages.
# hypertexnames=false: hyperref names its anchors by one running count instead of the page
# and section numbers, which every booklet starts again.
PREAMBLE = r"""
% Tabula: the booklets, one after another (docs/_ext/tabula/booklets.py)
\hypersetup{hypertexnames=false}
\makeatletter
\newwrite\tabula@pages
\immediate\openout\tabula@pages=\jobname.pages\relax
\newcommand{\tabulabooklet}[1]{%
  \clearpage
  \xdef\tabula@first{\the\ReadonlyShipoutCounter}%
  \xdef\tabula@game{#1}%
  \setcounter{page}{1}\setcounter{section}{0}%
  \pagestyle{normal}%
}
\newcommand{\tabulabookletend}{%
  \clearpage
  \immediate\write\tabula@pages{\tabula@game\space\tabula@first\space
    \the\numexpr\ReadonlyShipoutCounter-1\relax}%
}
\makeatother
"""

TITLE_PAGE = r"""
\tabulabooklet{%(game)s}
\begin{titlepage}
\centering
\vspace*{0.12\textheight}
{\sffamily\fontsize{30}{36}\selectfont %(name)s\par}
\vspace{1.2em}
{\Large %(rules)s\par}
\vspace{0.8em}
{\large %(language)s\par}
\vfill
{\small\raggedright %(sources)s\par}
\vspace{1.5em}
{\small %(edition)s\par}
\vspace{0.4em}
{\small Tabula %(release)s \quad \today\par}
\end{titlepage}
\setcounter{page}{2}
"""


class booklet(nodes.General, nodes.Element):
    """One game's booklet in the booklets' document (LaTeX only)."""


def visit_booklet_latex(self: Any, node: booklet) -> None:
    self.body.append(node["opening"])
    self.tabula_booklet = node["game"]  # every label and link from here on carries it
    # each chapter's title is a heading (Sphinx takes a document's first title for the
    # document's own, which here the title page gives)
    self.this_is_the_title = 0


def depart_booklet_latex(self: Any, node: booklet) -> None:
    self.tabula_booklet = ""
    self.body.append("\n\\tabulabookletend\n")


def skip(self: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode


class TabulaLaTeXBuilder(LaTeXBuilder):
    """Sphinx's LaTeX builder, which also writes the booklets' document when there is one in
    ``latex_documents`` (:func:`_configure` puts it there)."""

    _booklets = False

    def write_documents(self, docnames: Any) -> None:
        # one document at a time, so that the booklets' one is told apart and its changes to
        # the template's settings (paper, title page) do not outlive it
        entries = self.document_data
        try:
            for entry in entries:
                self.document_data = [entry]
                self._booklets = entry[1] == f"{booklets_name(self.config.language)}.tex"
                context = dict(self.context)
                super().write_documents(docnames)
                self.context = context
        finally:
            self.document_data = entries
            self._booklets = False

    def update_doc_context(self, title: str, author: str, theme: Any) -> None:
        super().update_doc_context(title, author, theme)
        if not self._booklets:
            return
        self.context.update(
            papersize="a5paper",
            pointsize="10pt",
            extraclassoptions="oneside",
            sphinxsetup="hmargin={15mm,15mm}, vmargin={14mm,16mm}",
            maketitle="",
            tableofcontents="",
            preamble=self.context.get("preamble", "") + PREAMBLE,
        )
        # the outline (PDF bookmarks) in the same run, not from the run before
        self.context["hyperref"] = self.context.get("hyperref", "") + "\n\\usepackage{bookmark}\n"

    def assemble_doctree(
        self, indexfile: str, toctree_only: bool, appendices: list[str]
    ) -> nodes.document:
        if not self._booklets:
            return super().assemble_doctree(indexfile, toctree_only, appendices)
        document = new_document("<booklets>")
        for game in games_with_chapters(self):
            document += self._booklet(game["id"], game["name"].get(self.config.language, ""),
                                      game["chapters"])  # fmt: skip
        self.docnames = set()
        return document

    def _booklet(self, game: str, name: str, chapters: list[str]) -> booklet:
        """One game's title page, chapters and glossary entries, references resolved among
        them (a link elsewhere keeps its words)."""
        self.docnames = {*chapters, GLOSSARY}
        part = new_document(f"<booklet {game}>")
        for docname in chapters:
            part += _start_of_file(docname, self.env.get_doctree(docname))
        self.env.resolve_references(part, chapters[0], self)
        _unresolved_to_text(part)
        used = {
            ref["refuri"][len(GLOSSARY_LINK) :]
            for ref in part.findall(nodes.reference)
            if ref.get("refuri", "").startswith(GLOSSARY_LINK)
        }
        node = booklet(game=game, opening=self._title_page(game, name or game, chapters))
        node += part.children
        if used:
            glossary = new_document(f"<booklet {game} glossary>")
            glossary += _start_of_file(GLOSSARY, self._glossary(used))
            self.env.resolve_references(glossary, GLOSSARY, self)
            _unresolved_to_text(glossary)
            node += glossary.children
        return node

    def _glossary(self, keys: set[str]) -> nodes.document:
        """The glossary page with only the entries ``keys``, in its order."""
        tree = self.env.get_doctree(GLOSSARY)
        section = next(iter(tree.findall(nodes.section)))
        kept = nodes.section("", ids=list(section["ids"]), names=list(section["names"]))
        kept += section[0].deepcopy()  # the title
        wanted = {f"glossary-{key}" for key in keys}
        children = section.children
        for index, child in enumerate(children[:-1]):
            # each entry is a target and the container after it (docutils has moved the
            # target's id onto the container, and LaTeX labels the target by its refid)
            if isinstance(child, nodes.target) and child.get("refid") in wanted:
                kept += [child.deepcopy(), children[index + 1].deepcopy()]
        page = new_document(f"<{GLOSSARY}>")
        page += kept
        return page

    def _title_page(self, game: str, name: str, chapters: list[str]) -> str:
        language = self.config.language
        lines = []
        for docname in chapters:
            title = self.env.titles[docname].astext() if docname in self.env.titles else docname
            original = source_language(self.env, docname)
            source, edition, total, _original = tabula(self.env).progress.get(
                docname, (0, 0, 0, original)
            )
            said = (
                None if language == original else provenance_line(original, source, edition, total)
            )
            if said is None:
                said = _("The original text, in %(language)s.") % {
                    "language": _(LANGUAGE_NAMES.get(original, original))
                }
            lines.append(rf"\textbf{{{_latex_escape(title)}}}\\ {_latex_escape(str(said))}")
        return TITLE_PAGE % {
            "game": game,
            "name": _latex_escape(name),
            "rules": _latex_escape(str(_("The rules of the game"))),
            "language": _latex_escape(self.config.tabula_languages.get(language, language)),
            "sources": "\\par\\smallskip\n".join(lines),
            "edition": _latex_escape(
                str(_("The rules of the old table games, checked by a rules engine."))
            ),
            "release": _latex_escape(self.config.release),
        }


def games_with_chapters(builder: Any) -> list[dict[str, Any]]:
    """Each game of docs/games.toml with ``chapters`` cut to those established in this
    language's build (a game left with none is left out)."""
    srcdir = Path(builder.env.srcdir)
    found = []

    def established(docname: str) -> bool:
        if docname not in builder.env.all_docs:
            return False
        if (srcdir / docname.split("/")[0] / "sources.toml").exists():
            return True  # (reading a page's doctree costs more than the rest of this)
        return not is_stub(srcdir, docname, builder.env.get_doctree(docname))

    for game in read_games(srcdir):
        chapters = [c for c in game["chapters"] if established(c)]
        if chapters:
            found.append({**game, "chapters": chapters})
    return found


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """On a game's page, a link to the game's booklet (two on a page two games share)."""
    context["tabula_booklets"] = (
        booklet_links(app, pagename, doctree) if app.config.tabula_booklets else []
    )


def booklet_links(app: Sphinx, pagename: str, doctree: Any) -> list[dict[str, str]]:
    if doctree is None or is_stub(Path(app.srcdir), pagename, doctree):
        return []  # a page not established is in no booklet
    language = app.config.language
    up = "../" * (pagename.count("/") + 1)
    games = [game for game in read_games(Path(app.srcdir)) if pagename in game["chapters"]]
    links = []
    for game in games:
        name = game["name"].get(language, game["id"])
        label = _("Booklet") if len(games) == 1 else _("Booklet: %(game)s") % {"game": name}
        file = booklet_file(language, game["id"])
        links.append(
            {
                "url": f"{up}{language}/booklets/{file}",
                "label": str(label),
                "title": str(
                    _("The rules of %(game)s as a booklet to print (PDF, A5)") % {"game": name}
                ),
                "a4_url": f"{up}{language}/booklets/{file.removesuffix('.pdf')}-a4.pdf",
                "a4_title": str(
                    _(
                        "The booklet of %(game)s two pages to a side of A4: print on both "
                        "sides, fold and nest the sheets (PDF)"
                    )
                    % {"game": name}
                ),
            }
        )
    return links


def booklet_file(language: str, game: str) -> str:
    """A booklet's file name (tools/booklets.py writes it)."""
    return f"tabula-{language}-{game}.pdf"


def _configure(app: Sphinx, config: Any) -> None:
    if config.tabula_booklets:
        name = booklets_name(config.language)
        config.latex_documents = [
            *config.latex_documents,
            (config.root_doc, f"{name}.tex", "Tabula", "Tabula", "howto"),
        ]


def _start_of_file(docname: str, tree: nodes.document) -> addnodes.start_of_file:
    """A page inlined as the book inlines it (its sections know their page)."""
    start = addnodes.start_of_file(docname=docname)
    start += tree.children
    for section in start.findall(nodes.section):
        section.setdefault("docname", docname)
    return start


def _unresolved_to_text(tree: nodes.Node) -> None:
    """What the book's assembly does with a reference left pending: its words."""
    for pending in list(tree.findall(addnodes.pending_xref)):
        pending.replace_self(pending.children or [nodes.Text(pending.astext())])


def setup(app: Sphinx) -> None:
    # set by tools/build.py when it builds the booklets: the LaTeX build writes their
    # document, and the site's game pages link them
    app.add_config_value("tabula_booklets", False, "html", types=frozenset({bool}))
    app.connect("config-inited", _configure)  # after .pdf's, which sets the book's document
    app.add_builder(TabulaLaTeXBuilder, override=True)
    app.connect("html-page-context", _page_context)
    app.add_node(
        booklet,
        latex=(visit_booklet_latex, depart_booklet_latex),
        html=(skip, None),
        epub=(skip, None),
        text=(skip, None),
    )
