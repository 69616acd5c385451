"""The multilingual glossary and the links from the texts to it.

``docs/glossary/terms.toml`` lists each term with its forms in the four languages and a
definition (French, translated through the catalogues). The ``glossary-terms`` directive
prints the entries in the reader's language's alphabetical order, each headed by its form in
that language, with its equivalents in the other three (each marked with its ``lang``) and
the source note that defines it. A transform then links, on every other page, the first
occurrence of each term to its entry — in the language the paragraph is in (a fallback
paragraph links the original language's forms). Homonyms are not linked: a term lists in
``link`` only the forms that cannot be mistaken.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util.docutils import SphinxDirective

from .chrome import _
from .languages import LANGUAGE_NAMES, source_language

TERMS = Path(__file__).resolve().parents[2] / "glossary" / "terms.toml"
LANGUAGES = ("da", "sv", "de", "fr")
SKIP = (
    nodes.reference,
    nodes.literal,
    nodes.title,
    addnodes.pending_xref,
    nodes.caption,
    nodes.literal_block,
    nodes.target,
)


@cache
def terms(path: Path = TERMS) -> tuple[dict[str, Any], ...]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    entries = tuple(data["term"])
    keys = [t["key"] for t in entries]
    if len(set(keys)) != len(keys):
        raise ValueError(f"{path}: a glossary key is used twice")
    return entries


class GlossaryTerms(SphinxDirective):
    """Print the glossary in the reader's language."""

    def run(self) -> list[nodes.Node]:
        language = self.config.language if self.config.language in LANGUAGES else "sv"
        self.env.note_dependency(str(TERMS))
        result: list[nodes.Node] = []
        for term in sorted(terms(), key=lambda t: t[language][0].casefold()):
            result += self._entry(term, language)
        return result

    def _entry(self, term: dict[str, Any], language: str) -> list[nodes.Node]:
        name = f"glossary-{term['key']}"
        target = nodes.target("", "", ids=[name], names=[name])
        self.state.document.note_explicit_target(target)
        entry = nodes.container(classes=["tabula-term"])
        head = nodes.paragraph(classes=["tabula-headword"])
        head += nodes.strong(term[language][0], term[language][0])
        others = [f for f in term[language][1:]]
        if others:
            head += nodes.Text(", " + ", ".join(others))
        entry += head
        entry += self._equivalents(term, language)
        definition = nodes.paragraph(term["definition"], term["definition"])
        definition.source, definition.line = self.get_source_info()  # translatable
        entry += definition
        if "note" in term:
            text = _("Charpentier's own definition: note %(note)d of the rules of 1698.") % {
                "note": term["note"]
            }
            entry += nodes.paragraph(text, text, classes=["tabula-term-source"])
        return [target, entry]

    def _equivalents(self, term: dict[str, Any], language: str) -> nodes.paragraph:
        line = nodes.paragraph(classes=["tabula-equivalents"])
        for index, other in enumerate(code for code in LANGUAGES if code != language):
            if index:
                line += nodes.Text(" · ")
            label = _(LANGUAGE_NAMES[other])
            line += nodes.Text(f"{label}: ")
            forms = ", ".join(term[other])
            line += nodes.emphasis(forms, forms, classes=[f"language-{other}"])
        return line


class LinkTerms(SphinxTransform):
    """Link each term's first occurrence on a page to its glossary entry."""

    default_priority = 960  # after translation (20) and the fallback marking (950)

    def apply(self, **kwargs: Any) -> None:
        if self.env.docname == "glossary/index" or self.app.builder.name == "gettext":
            return
        # the links follow the glossary: a page is read again when it changes (else a
        # rebuild keeps the links of the glossary it was first read with)
        self.env.note_dependency(str(TERMS))
        page = self.config.language
        original = source_language(self.env, self.env.docname)
        done: set[str] = set()
        for paragraph in list(self.document.findall(nodes.paragraph)):
            if _inside(paragraph, SKIP):
                continue
            language = original if f"language-{original}" in _classes(paragraph) else page
            _link_paragraph(paragraph, _pattern(language), done)


def _classes(node: nodes.Element) -> set[str]:
    found: set[str] = set()
    while node is not None and isinstance(node, nodes.Element):
        found.update(node.get("classes", []))
        node = node.parent
    return found


def _inside(node: nodes.Node, kinds: tuple[type, ...]) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, kinds) or "tabula-term" in parent.get("classes", []):
            return True
        parent = parent.parent
    return False


@cache
def _pattern(language: str) -> tuple[re.Pattern[str], dict[str, str]] | None:
    # every language's linkable forms: the texts borrow each other's words (German *fåta*)
    forms = {form.lower(): term["key"] for term in terms() for form in term.get("link", [])}
    if not forms:
        return None
    ordered = sorted(forms, key=len, reverse=True)  # "grand jan" before "jan"
    alternatives = "|".join(re.escape(f) for f in ordered)
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])", re.IGNORECASE), forms


def _link_paragraph(
    paragraph: nodes.paragraph, found: tuple[re.Pattern[str], dict[str, str]] | None, done: set[str]
) -> None:
    """Link, in one paragraph, the first occurrence on the page of each term not yet linked."""
    if found is None:
        return
    pattern, forms = found
    queue = [t for t in paragraph.findall(nodes.Text) if not _inside(t, SKIP)]
    while queue:
        text = queue.pop(0)
        match = next(
            (m for m in pattern.finditer(text) if forms[m.group(1).lower()] not in done), None
        )
        if match is None:
            continue
        key = forms[match.group(1).lower()]
        done.add(key)
        source = str(text)
        link = addnodes.pending_xref(
            "",
            refdomain="std",
            reftype="ref",
            reftarget=f"glossary-{key}",
            refexplicit=True,
            refwarn=False,
        )
        link += nodes.inline(match.group(1), match.group(1))
        rest = nodes.Text(source[match.end() :])
        text.parent.replace(text, [nodes.Text(source[: match.start()]), link, rest])
        queue.insert(0, rest)


def setup(app: Sphinx) -> None:
    app.add_directive("glossary-terms", GlossaryTerms)
    app.add_transform(LinkTerms)
