"""The PDF edition: one book per language, from Sphinx's LaTeX builder and XeLaTeX.

``tools/build.py --pdf yes`` (``make pdf``) runs ``sphinx-build -b latex -D language=xx``
and then ``latexmk``; this module makes that book right for its language:

* per-language settings, applied once ``-D language=xx`` is known (``config-inited``):
  ``latex_documents`` (``tabula-xx.tex``), A4, babel with the main language *and* the
  three others, a title page in the reader's language, no empty index;
* text shown in the original because the reader's language lacks it (the nodes
  :mod:`.languages` marks ``language-<original>``) is set inside
  ``\\foreignlanguage{<original>}{…}``, so it is hyphenated with its own language's
  patterns and gets its own typographic rules (French spacing before ``:;!?``);
* the root page's toctree captions become ``\\part`` headings;
* a chapter that is not established yet — a chapter folder with no ``sources.toml`` whose
  page is only a title and one line saying so — is left out of the book, with its entry
  in the contents; references to it print as plain text.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.writers.latex import LaTeXTranslator

from .chrome import _

# babel's names of the site's languages
BABEL = {"da": "danish", "sv": "swedish", "de": "ngerman", "fr": "french"}
# babel's own word for the table of contents (Sphinx would print the first toctree's caption)
CONTENTS = {
    "da": "Indhold",
    "sv": "Innehåll",
    "de": "Inhaltsverzeichnis",
    "fr": "Table des matières",
}
PART = "tabula-part"  # class of the raw \part nodes, so that an emptied part can be dropped

PREAMBLE = r"""
% Tabula: fallback text in its own language, the site's notices as quiet framed notes.
\addto\captions@MAIN@{\renewcommand{\contentsname}{@CONTENTS@}}
\makeatletter
% captions as on the site: the text alone (captions carry their own "Fig. 1" where the
% source numbers its figures; the site numbers none)
\long\def\@makecaption#1#2{\vskip\abovecaptionskip{\small #2\par}\vskip\belowcaptionskip}
\newenvironment{sphinxclasstabula-notice}{\par\begin{quote}\itshape\small}{\end{quote}}
\newenvironment{sphinxclasstabula-figure-slot}{\par\begin{quote}\small}{\end{quote}}
\makeatother
\setcounter{tocdepth}{1}
\AtBeginDocument{\hypersetup{pdftitle={Tabula}, pdfauthor={Tabula}, pdflang={@LANG@}}}
"""

MAKETITLE = r"""
\begin{titlepage}
\centering
\vspace*{0.22\textheight}
{\sffamily\fontsize{40}{48}\selectfont Tabula\par}
\vspace{2.2em}
{\Large %(subtitle)s\par}
\vspace{1.2em}
{\large %(edition)s\par}
\vfill
{\small %(languages)s\par}
\vspace{0.6em}
{\small Tabula %(release)s \quad \today\par}
\end{titlepage}
"""


def _latex_escape(text: str) -> str:
    table = {
        "\\": r"\textbackslash{}",
        "{": r"\{",
        "}": r"\}",
        "#": r"\#",
        "$": r"\$",
        "%": r"\%",
        "&": r"\&",
        "_": r"\_",
        "^": r"\^{}",
        "~": r"\~{}",
    }
    return "".join(table.get(c, c) for c in text)


def _configure(app: Sphinx, config: Config) -> None:
    """Settings that depend on the build's language (given as -D, after conf.py ran)."""
    language = config.language if config.language in BABEL else "sv"
    others = [BABEL[c] for c in BABEL if c != language]
    config.latex_documents = [
        (config.root_doc, f"tabula-{language}.tex", "Tabula", "Tabula", "manual"),
    ]
    elements = dict(config.latex_elements)
    elements.setdefault("papersize", "a4paper")
    elements.setdefault("pointsize", "11pt")
    elements.setdefault("extraclassoptions", "openany,oneside")
    # babel for all four languages (polyglossia cannot load babel's French in the same run)
    elements.setdefault("polyglossia", "")
    babel = rf"\usepackage[{','.join(others)},main={BABEL[language]}]{{babel}}"
    elements.setdefault("babel", babel)
    elements.setdefault("makeindex", "")
    elements.setdefault("printindex", "")
    elements.setdefault(
        "preamble",
        PREAMBLE.replace("@MAIN@", BABEL[language])
        .replace("@CONTENTS@", CONTENTS[language])
        .replace("@LANG@", language),
    )
    elements.setdefault("figure_align", "htbp")
    config.latex_elements = elements
    config.latex_use_xindy = False
    config.latex_domain_indices = False
    config.latex_show_urls = "no"


def _title_page(app: Sphinx) -> None:
    """The title page, in the reader's language (the chrome catalogue is ready by now)."""
    if app.builder.name != "latex":
        return
    names = " · ".join(app.config.tabula_languages.values())
    subtitle = _("The rules of the old table games, checked by a rules engine.")
    app.builder.context["maketitle"] = MAKETITLE % {
        "subtitle": _latex_escape(str(subtitle)),
        "edition": _latex_escape(str(_("The edition in this language"))),
        "languages": _latex_escape(names),
        "release": _latex_escape(app.config.release),  # pyproject.toml's version
    }


def is_stub(srcdir: Path, docname: str, doctree: nodes.Node) -> bool:
    """A chapter not established yet: ``<name>/index`` without sources.toml, title + one line."""
    parts = docname.split("/")
    if len(parts) != 2 or parts[1] != "index":
        return False
    if (srcdir / parts[0] / "sources.toml").exists():
        return False
    sections = list(doctree.findall(nodes.section))
    if len(sections) != 1:
        return False
    body = [
        child
        for child in sections[0].children
        if not isinstance(child, nodes.title | nodes.target)
        and "tabula-notice" not in child.get("classes", [])
    ]
    return len(body) <= 1 and all(isinstance(child, nodes.paragraph) for child in body)


def _parts(app: Sphinx, doctree: nodes.document) -> None:
    """Before each captioned toctree of the root page, a \\part with its caption."""
    if app.builder.name != "latex" or app.env.docname != app.config.root_doc:
        return
    for toctree in list(doctree.findall(addnodes.toctree)):
        caption = toctree.get("caption")
        if not caption:
            continue
        part = nodes.raw("", f"\n\\part{{{_latex_escape(caption)}}}\n", format="latex")
        part["classes"].append(PART)
        parent = toctree.parent
        parent.insert(parent.index(toctree), part)


class TabulaLaTeXTranslator(LaTeXTranslator):
    """Sphinx's LaTeX writer, but a heading with an editorial mark gives the contents and the
    running head its words without the mark (the mark stays in the heading itself), and in
    a booklet (:mod:`.booklets`) every label and link carries the booklet's game."""

    tabula_booklet = ""

    def idescape(self, id: str) -> str:
        return super().idescape(f"{self.tabula_booklet}@{id}" if self.tabula_booklet else id)

    def visit_title(self, node: nodes.Element) -> None:
        super().visit_title(node)  # appends "\\chapter{" and the like, or skips
        marks = [n for n in node.findall(nodes.superscript) if "ed-mark" in n["classes"]]
        opening = self.body[-1] if self.body else ""
        if not marks or not isinstance(node.parent, nodes.section):
            return
        if not re.fullmatch(r"\\[a-z]+\{", opening):
            return  # already has a short form (a title with an image)
        plain = node.deepcopy()
        for mark in list(plain.findall(nodes.superscript)):
            if "ed-mark" in mark["classes"]:
                mark.parent.remove(mark)
        short = self.escape(" ".join(plain.astext().split()))
        self.body[-1] = f"{opening[:-1]}[{short}]{{"


class BookStructure(SphinxPostTransform):
    """The assembled book (LaTeX only): the root page's text opens it as an unnumbered
    chapter (Sphinx would print it with no heading, its title being the book's), and the
    chapters not established yet are left out, with any part they leave empty."""

    builders = ("latex",)
    default_priority = 5  # before references are resolved (10): links to dropped pages are text

    def run(self, **kwargs: Any) -> None:
        if getattr(self.app.builder, "_booklets", False):
            return  # a booklet is assembled from established chapters, titled its own way
        self._opening()
        srcdir = Path(self.env.srcdir)
        dropped = set()
        for start in list(self.document.findall(addnodes.start_of_file)):
            if is_stub(srcdir, start["docname"], start):
                dropped.add(start["docname"])
                start.parent.remove(start)
        if not dropped:
            return
        getattr(self.app.builder, "docnames", set()).difference_update(dropped)
        for part in list(self.document.findall(nodes.raw)):
            if PART not in part["classes"]:
                continue
            following = part.parent.children[part.parent.index(part) + 1 :]
            if not following or not isinstance(following[0], addnodes.start_of_file):
                part.parent.remove(part)  # every chapter of this part was left out

    def _opening(self) -> None:
        section = next(iter(self.document.findall(nodes.section)), None)
        if section is None or not section.children or not isinstance(section[0], nodes.title):
            return
        title = _latex_escape(section[0].astext())
        opening = rf"\chapter*{{{title}}}\markboth{{{title}}}{{{title}}}"
        section.insert(1, nodes.raw("", f"\n{opening}\n", format="latex"))


class ForeignLanguage(SphinxPostTransform):
    """Set fallback text (class ``language-xx``) in ``\\foreignlanguage{xx}`` (LaTeX only)."""

    builders = ("latex",)
    default_priority = 900

    def run(self, **kwargs: Any) -> None:
        reader = self.config.language
        for node in list(self.document.findall(nodes.Element)):
            if isinstance(node, nodes.title | nodes.image | nodes.raw):
                continue  # titles go to bookmarks, which take no commands
            codes = [c[9:] for c in node.get("classes", []) if c.startswith("language-")]
            code = codes[0] if codes else ""
            if code not in BABEL or code == reader:
                continue
            if not isinstance(node, nodes.TextElement):
                continue
            node.insert(0, nodes.raw("", rf"\foreignlanguage{{{BABEL[code]}}}{{", format="latex"))
            node.append(nodes.raw("", "}", format="latex"))


def setup(app: Sphinx) -> None:
    # set by tools/build.py when it builds the books too: every page then links its book
    app.add_config_value("tabula_pdf", False, "html", types=frozenset({bool}))
    app.connect("config-inited", _configure)
    app.connect("builder-inited", _title_page)
    app.connect("doctree-read", _parts)
    app.set_translator("latex", TabulaLaTeXTranslator)
    app.add_post_transform(BookStructure)
    app.add_post_transform(ForeignLanguage)
