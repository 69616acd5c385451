"""The editorial apparatus: every change this edition made to a source's wording.

Each chapter keeps its records in ``docs/<chapter>/editorial.toml``::

    [[change]]
    id = "brade-da-fate-1"        # unique across the site
    lang = "da"                   # the text (language) it changes
    seed = "000"                  # the seed file: 000, 001 or 002
    line = "1724"                 # the seed line(s) it fixes
    before = "får femmeren"       # the source's words
    after = "fåter femmeren"      # the edition's words (equal to `before` for a note only)
    why = "…"                     # the reason, in the language of the text

In the text (the MyST source or a catalogue's msgstr) the changed words are written with the
``ed`` role, ``{ed}`fåter femmeren <brade-da-fate-1>```; the role checks that its words are
the record's ``after`` (or, in a translation of the paragraph into another language, the
translator's rendering of them) and marks them with a numbered reference to the chapter's
``editorial-notes`` list, where the reader finds the seed line, the source's words and the
reason. Records of kind ``general`` (no role) state what was done throughout a chapter; their
``why`` is a table with one text per language.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

from .chrome import _

logger = logging.getLogger(__name__)

DOCS = Path(__file__).resolve().parents[2]
SEED_NAMES = {
    "000": "000_11830c5ab74f548f.txt",
    "001": "001_776810f7ecce9b08.txt",
    "002": "002_97909646bd7133b8.txt",
}


@dataclass(frozen=True)
class Change:
    id: str
    lang: str
    seed: str
    line: str
    before: str
    after: str
    why: Any
    kind: str
    chapter: str

    def translated(self, language: str) -> bool:
        """Is the reason given in ``language`` itself (a table with that language)?"""
        return isinstance(self.why, dict) and bool(self.why.get(language))

    def reason(self, language: str) -> str:
        if isinstance(self.why, dict):
            return str(self.why.get(language) or self.why.get(self.lang, ""))
        return str(self.why)


@cache
def all_changes(docs: Path = DOCS) -> dict[str, Change]:
    """Every editorial record of every chapter, by id; duplicate ids are an error."""
    changes: dict[str, Change] = {}
    for path in sorted(docs.glob("**/editorial.toml")):
        chapter = str(path.parent.relative_to(docs))
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for raw in data.get("change", []):
            change = _change(raw, chapter, path)
            if change.id in changes:
                raise ValueError(f"{path}: editorial id '{change.id}' is used twice")
            changes[change.id] = change
    return changes


def _change(raw: dict[str, Any], chapter: str, path: Path) -> Change:
    missing = [k for k in ("id", "lang", "seed", "line", "why") if k not in raw]
    if missing:
        raise ValueError(f"{path}: a [[change]] lacks {', '.join(missing)}: {raw}")
    kind = raw.get("kind", "correction" if raw.get("before") != raw.get("after") else "note")
    return Change(
        id=raw["id"],
        lang=raw["lang"],
        seed=raw["seed"],
        line=str(raw["line"]),
        before=raw.get("before", ""),
        after=raw.get("after", ""),
        why=raw["why"],
        kind=kind,
        chapter=chapter,
    )


class editorial_ref(nodes.Inline, nodes.TextElement):
    """Words changed by the edition; numbered and linked when the page is resolved."""


class editorial_list(nodes.General, nodes.Element):
    """Where a chapter's list of changes goes."""


class EdRole(SphinxRole):
    """``{ed}`words <id>```: words this edition changed (see the module docstring)."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        words, _sep, rest = self.text.rpartition("<")
        change_id = rest.rstrip(">").strip()
        words = words.strip()
        change = all_changes().get(change_id)
        if change is None or not rest.endswith(">"):
            return [], [self._problem(f"ed: no editorial record '{change_id}'")]
        # In a translation of the original's paragraph the role marks the translator's rendering
        # of the record's words (the record is in the original's language): any words go there.
        translated = change.lang not in ("*", self.config.language)
        if words != change.after and not translated:
            message = f"ed: '{words}' is not the words of record {change_id} ('{change.after}')"
            return [], [self._problem(message)]
        node = editorial_ref(words, words, change=change_id)
        self.set_source_info(node)
        return [node], []

    def _problem(self, message: str) -> nodes.system_message:
        return self.inliner.reporter.error(message, line=self.lineno)


class EditorialNotesDirective(SphinxDirective):
    """Place the chapter's list of editorial changes (filled in when the page is resolved)."""

    required_arguments = 1  # the chapter, e.g. "brade"

    def run(self) -> list[nodes.Node]:
        placeholder = editorial_list(chapter=self.arguments[0])
        self.set_source_info(placeholder)
        return [placeholder]


def _resolve(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Number the marked words in page order and fill each page's list of changes.

    HTML resolves one page at a time; LaTeX resolves the whole book at once, so there the
    numbering and the list are kept per page (each page's ``start_of_file`` node).
    """
    latex = app.builder.format == "latex"
    pages: dict[str, tuple[list[editorial_ref], list[editorial_list]]] = {}
    for node in doctree.findall(lambda n: isinstance(n, editorial_ref | editorial_list)):
        page = pages.setdefault(_page_of(node, docname), ([], []))
        page[0 if isinstance(node, editorial_ref) else 1].append(node)
    for page, (refs, placeholders) in pages.items():
        _resolve_page(app.config.language, page, refs, placeholders, latex)


def _page_of(node: nodes.Node, docname: str) -> str:
    """The page a node comes from in a book: Sphinx marks each inlined page's sections
    with its docname (the nodes keep their own page's tree as parent, so the
    ``start_of_file`` around them is not always among their ancestors)."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, addnodes.start_of_file):
            return str(parent["docname"])
        if isinstance(parent, nodes.section) and parent.get("docname"):
            return str(parent["docname"])
        parent = parent.parent
    return docname


def _resolve_page(
    language: str,
    docname: str,
    refs: list[editorial_ref],
    placeholders: list[editorial_list],
    latex: bool,
) -> None:
    order: list[str] = []
    for ref in refs:
        change_id = ref["change"]
        if change_id not in order:
            order.append(change_id)
        number = order.index(change_id) + 1
        marker = nodes.superscript("", "", classes=["ed-mark"])
        # "✎n", not "[n]": footnote references are bracketed numbers too; the book's fonts
        # have no pencil, so it prints a dagger
        sign = "†" if latex else "✎"
        marker += nodes.reference("", f"{sign}{number}", refid=f"ed-{change_id}")
        ref.replace_self([nodes.inline(ref.astext(), ref.astext(), classes=["ed-words"]), marker])
    if order and not placeholders:
        logger.warning("editorial changes marked but no editorial-notes list", location=docname)
    for placeholder in placeholders:
        general = [
            c
            for c in all_changes().values()
            if c.chapter == placeholder["chapter"] and c.kind == "general"
        ]
        listing = _list(order, general, language, placeholder["chapter"], latex)
        if latex:  # LaTeX labels no list item: each change gets a target of its own
            for item in listing.findall(nodes.list_item):
                item[0].insert(0, nodes.target("", "", ids=list(item["ids"])))
                item["ids"] = []
        placeholder.replace_self(listing)


def _list(
    order: list[str], general: list[Change], language: str, chapter: str, latex: bool = False
) -> nodes.Node:
    container = nodes.container(classes=["tabula-editorial"])
    intro = _(
        "Line numbers refer to the source files in the edition's seeds; "
        "each change gives the source's words, the edition's words and the reason."
    )
    container += nodes.paragraph(intro, intro)
    for change in general:
        text = change.reason(language)
        container += nodes.paragraph(text, text, classes=["ed-general"])
    if not order:
        text = _("This language's text of the chapter was printed without changes of wording.")
        container += nodes.paragraph(text, text)
        return container
    listing = nodes.enumerated_list(classes=["ed-list"])
    changes = all_changes()
    for change_id in order:
        listing += _item(changes[change_id], language, latex)
    container += listing
    return container


def _printable(text: str, latex: bool) -> str:
    """The book's fonts cover Latin and Greek; other letters (the Arabic slip a record
    quotes) print as their code points, so the record still says exactly what was there."""
    if not latex:
        return text
    return "".join(
        c if ord(c) < 0x0530 or 0x2000 <= ord(c) < 0x2070 else f"[U+{ord(c):04X}]" for c in text
    )


def _item(change: Change, language: str, latex: bool = False) -> nodes.list_item:
    item = nodes.list_item(ids=[f"ed-{change.id}"])
    paragraph = nodes.paragraph()
    where = f"{change.seed}:{change.line} "
    paragraph += nodes.literal(where, where.strip(), classes=["ed-line"])
    paragraph += nodes.Text(" — ")
    before, after = _printable(change.before, latex), _printable(change.after, latex)
    paragraph += nodes.emphasis(before, before)
    if change.kind != "note":
        paragraph += nodes.Text(" → ")
        paragraph += nodes.emphasis(after, after)
    paragraph += nodes.Text(". " + change.reason(language))
    if change.lang != language and not change.translated(language):
        # a change to fallback text: its reason is in that text's language
        paragraph["classes"].append(f"language-{change.lang}")
    item += paragraph
    return item


def _visit(self: Any, node: nodes.Node) -> None:
    """Words copied elsewhere before resolution (a title in a table of contents) print plainly."""


def _depart(self: Any, node: nodes.Node) -> None:
    pass


_PLAIN = {b: (_visit, _depart) for b in ("html", "latex", "text", "man", "texinfo", "epub")}


def setup(app: Sphinx) -> None:
    app.add_node(editorial_ref, **_PLAIN)
    app.add_node(editorial_list, **_PLAIN)
    app.add_role("ed", EdRole())
    app.add_directive("editorial-notes", EditorialNotesDirective)
    app.connect("doctree-resolved", _resolve)
