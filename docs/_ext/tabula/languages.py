"""Which language each page speaks, and how a reader moves between languages.

Every page is written in the language of its original (front matter ``source_language``,
default ``tabula_source_language``) and translated through the catalogues. When the build's
language is not the page's, every message without a translation keeps the original text,
is marked with the original's ``lang``, and the page opens with a notice in the reader's
language saying which language that is and how much of the page is translated — never a
silent mix. The share translated is kept per page for the status pages.

The language switcher in the page template links to *the same page* in each language, and
to this language's PDF book and e-book when the build makes them (``tabula_pdf``, see
:mod:`.pdf`; ``tabula_epub``, see :mod:`.epub`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util.i18n import docname_to_domain
from sphinx.util.nodes import extract_messages

from . import provenance
from .chrome import LANGUAGE_NAMES, _
from .domain import tabula
from .provenance import offer_original, provenance_line, source_msgids

__all__ = ["LANGUAGE_NAMES", "source_language"]


def source_language(env: Any, docname: str) -> str:
    metadata = env.metadata.get(docname, {})
    return str(metadata.get("source_language") or env.config.tabula_source_language)


class KeepOriginalAlt(SphinxTransform):
    """Note each image's alt text before the catalogues translate it (Sphinx flags no image
    as translated, so :class:`MarkFallback` compares the texts instead)."""

    default_priority = 19  # just before Sphinx's Locale transform (20)

    def apply(self, **kwargs: Any) -> None:
        for image in self.document.findall(nodes.image):
            if image.get("alt"):
                image["tabula_original_alt"] = image["alt"]


class MarkFallback(SphinxTransform):
    """Mark untranslated messages with their original language and count the page's share."""

    default_priority = 950  # after Sphinx's Locale transform (20) and its bookkeeping

    def apply(self, **kwargs: Any) -> None:
        if self.app.builder.name == "gettext":
            return  # the templates hold the source texts only
        env = self.env
        language = self.config.language
        original = source_language(env, env.docname)
        words = Progress(original=original)
        if language != original:
            sources = source_msgids(self._catalogue(language))
            seen: set[int] = set()
            for node, msg in extract_messages(self.document):
                if isinstance(node, nodes.image):
                    # not counted (the share is the text's), but an alt text left in the
                    # original says so, for screen readers
                    if node.get("alt") and node["alt"] == node.get("tabula_original_alt"):
                        node["classes"].append(f"language-{original}")
                    continue
                if id(node) in seen:
                    continue
                seen.add(id(node))
                if isinstance(node, addnodes.toctree):
                    # Sphinx translates a toctree's caption without flagging the node
                    if not node.get("caption"):
                        continue
                    done = node["caption"] != node.get("rawcaption", node["caption"])
                else:
                    done = bool(node.get("translated"))
                count = len(msg.split())
                words.total += count
                if not done:
                    node["classes"].append(f"language-{original}")
                elif msg in sources:
                    words.source += count
                else:
                    words.edition += count
                if done and isinstance(node, nodes.paragraph):
                    offer_original(node, original)
        tabula(env).progress[env.docname] = words.as_tuple()
        if words.total > words.source + words.edition:
            self._notice(original, words.source + words.edition, words.total)
        line = provenance_line(original, words.source, words.edition, words.total)
        if line:
            self._insert(nodes.paragraph(line, line, classes=["tabula-provenance"]))

    def _catalogue(self, language: str) -> Path:
        domain = docname_to_domain(self.env.docname, self.config.gettext_compact)
        for directory in self.config.locale_dirs:
            path = Path(self.env.srcdir, directory, language, "LC_MESSAGES", f"{domain}.po")
            if path.is_file():
                self.env.note_dependency(str(path))
                return path
        return Path(self.env.srcdir, "missing.po")

    def _notice(self, original: str, translated: int, total: int) -> None:
        percent = round(100 * translated / total) if total else 0
        name = _(LANGUAGE_NAMES.get(original, original))
        if translated:
            text = _(
                "This page is %(percent)d %% translated; the rest is shown in the "
                "original %(language)s text."
            ) % {"percent": percent, "language": name}
        else:
            text = _(
                "This page has not been translated yet; it is shown in the original "
                "%(language)s text."
            ) % {"language": name}
        self._insert(nodes.container("", nodes.paragraph(text, text), classes=["tabula-notice"]))

    def _insert(self, node: nodes.Node) -> None:
        """Put a node right under the page's title (the last inserted comes first)."""
        section = next(iter(self.document.findall(nodes.section)), None)
        if section is not None:
            index = 1 if section.children and isinstance(section[0], nodes.title) else 0
            section.insert(index, node)
        else:
            self.document.insert(0, node)


@dataclass
class Progress:
    """The words of a page's messages: from the sources, by the edition, and in all."""

    original: str
    source: int = 0
    edition: int = 0
    total: int = 0

    def as_tuple(self) -> tuple[int, int, int, str]:
        return (self.source, self.edition, self.total, self.original)


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Links to the same page in every language, relative so the site works from disk."""
    up = "../" * (pagename.count("/") + 1)
    context["tabula_root"] = f"{up}index.html"
    context["tabula_switcher"] = [
        {
            "code": code,
            "name": name,
            "url": f"{up}{code}/{pagename}.html",
            "current": code == app.config.language,
        }
        for code, name in app.config.tabula_languages.items()
    ]
    original = source_language(app.env, pagename) if pagename in app.env.all_docs else None
    context["tabula_source_language"] = original
    language = app.config.language
    context["tabula_pdf"] = (
        {
            "url": f"{up}{language}/tabula-{language}.pdf",
            "label": _("PDF"),
            "title": _("The whole edition in this language as one PDF file"),
        }
        if app.config.tabula_pdf
        else None
    )
    context["tabula_epub"] = (
        {
            "url": f"{up}{language}/tabula-{language}.epub",
            "label": _("EPUB"),
            "title": _("The whole edition in this language as an e-book (EPUB)"),
        }
        if app.config.tabula_epub
        else None
    )


def setup(app: Sphinx) -> None:
    app.add_config_value("tabula_languages", {}, "env")
    app.add_config_value("tabula_source_language", "sv", "env")
    provenance.setup(app)
    app.add_transform(KeepOriginalAlt)
    app.add_transform(MarkFallback)
    app.connect("html-page-context", _page_context)
