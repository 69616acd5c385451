"""Which language each page speaks, and how a reader moves between languages.

Every page is written in the language of its original (front matter ``source_language``,
default ``tabula_source_language``) and translated through the catalogues. When the build's
language is not the page's, every message without a translation keeps the original text,
is marked with the original's ``lang``, and the page opens with a notice in the reader's
language saying which language that is and how much of the page is translated — never a
silent mix. The share translated is kept per page for the status pages.

The language switcher in the page template links to *the same page* in each language, and
to this language's PDF book when the build makes one (``tabula_pdf``, see :mod:`.pdf`).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util.nodes import extract_messages

from .chrome import _

# Language names, translated through the chrome catalogue (the notice, the status page).
LANGUAGE_NAMES = {
    "da": "Danish",
    "sv": "Swedish",
    "de": "German",
    "fr": "French",
}


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
        translated = total = 0
        if language != original:
            seen: set[int] = set()
            for node, _msg in extract_messages(self.document):
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
                total += 1
                if done:
                    translated += 1
                else:
                    node["classes"].append(f"language-{original}")
        progress(env)[env.docname] = (translated, total, original)
        if total > translated:
            self._notice(original, translated, total)

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
        notice = nodes.container("", nodes.paragraph(text, text), classes=["tabula-notice"])
        section = next(iter(self.document.findall(nodes.section)), None)
        if section is not None:
            index = 1 if section.children and isinstance(section[0], nodes.title) else 0
            section.insert(index, notice)
        else:
            self.document.insert(0, notice)


def progress(env: Any) -> dict[str, tuple[int, int, str]]:
    """docname -> (translated messages, all messages, original language)."""
    if not hasattr(env, "tabula_progress"):
        env.tabula_progress = {}
    return env.tabula_progress


def _purge(app: Sphinx, env: Any, docname: str) -> None:
    progress(env).pop(docname, None)
    for users in getattr(env, "tabula_figures", {}).values():
        users.discard(docname)


def _merge(app: Sphinx, env: Any, docnames: set[str], other: Any) -> None:
    progress(env).update({d: v for d, v in progress(other).items() if d in docnames})
    for figure, users in getattr(other, "tabula_figures", {}).items():
        env.__dict__.setdefault("tabula_figures", {}).setdefault(figure, set()).update(users)


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


def setup(app: Sphinx) -> None:
    app.add_config_value("tabula_languages", {}, "env")
    app.add_config_value("tabula_source_language", "sv", "env")
    app.add_transform(KeepOriginalAlt)
    app.add_transform(MarkFallback)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("html-page-context", _page_context)
