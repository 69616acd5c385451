"""Places the text keeps for what is not there yet, said plainly — never silence.

``figure-slot``
    a figure the text refers to that the engine cannot draw yet (the Trictrac figures of
    the 1698 rules and of the Kermadeuc lesson). It shows a framed box saying so, in the
    reader's language, with the caption given as content (translated like any caption)::

        ```{figure-slot} kermadeuc-1
        Fig. 1: the board at the start of the first game.
        ```

``tnote`` role
    a note that one translation has and the original lacks (a footnote cannot be added to a
    translation alone): ``{tnote}`the note's text``` prints it in brackets, marked as a
    note of that translation.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective, SphinxRole

from .chrome import _


class FigureSlot(SphinxDirective):
    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        box = nodes.container(classes=["tabula-figure-slot"], ids=[f"slot-{self.arguments[0]}"])
        text = _("Figure not yet drawn: the engine for this game does not draw it yet.")
        box += nodes.paragraph(text, text, classes=["tabula-slot-notice"])
        self.state.nested_parse(self.content, self.content_offset, box)
        self.set_source_info(box)
        return [box]


class TranslatorsNote(SphinxRole):
    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        label = _("Note of this translation:")
        note = nodes.inline(classes=["tabula-tnote"])
        note += nodes.Text(f" [{label} ")
        note += nodes.emphasis(self.text, self.text)
        note += nodes.Text("]")
        return [note], []


def setup(app: Sphinx) -> None:
    app.add_directive("figure-slot", FigureSlot)
    app.add_role("tnote", TranslatorsNote())
