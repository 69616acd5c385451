"""The ``replay`` directive: a sequence the text plays out, stepped through on the page.

Usage in MyST::

    ```{replay} sequences/tourne-case-battre
    :name: tourne-case-battre-coups

    Battre malgré soi, coup par coup.

    Votre homme fait trois et deux et joue le deux.

    Vous faites deux et as et ne jouez que l'as.
    …
    ```

The first paragraph is the replay's title; then one paragraph per step, in the page's
language and translated through the catalogues like any paragraph (a played sequence may
add one more, for the position it ends on). The engine checks, plays and draws the sequence
(:func:`engine.figures.prepare_sequence`); a step that cannot be played or a claim that does
not hold fails the build. Each step shows its drawing, its words, what the engine computed
(the throw and play, for Trictrac the events and marks, the end of the game) and, where the
text is wrong, a flag linking the editorial note. A step's address is ``#<name>-step-<n>``.

Without JavaScript, in print and in the books, nothing of it shows (:mod:`.interactive`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from engine.core.errors import TabulaError
from engine.figures import ENGINE, PreparedSequence, cache_dir, prepare_sequence
from engine.kinds.pegs import peg_board

from .chrome import _
from .editorial import all_changes
from .figures import STUB
from .interactive import event_names, need, replay, replay_step, replay_steps
from .languages import source_language
from .ledgers import alt_text

logger = logging.getLogger(__name__)


def side(colour: str) -> str:
    return _("White") if colour == "w" else _("Black")


class ReplayDirective(SphinxDirective):
    """Place a sequence the engine plays, step by step."""

    required_arguments = 1
    has_content = True
    option_spec = {"name": directives.unchanged}  # noqa: RUF012 (docutils reads it)

    def run(self) -> list[nodes.Node]:
        sequence_id = self.arguments[0]
        if os.environ.get(STUB) == "1":
            return []
        try:
            prepared = prepare_sequence(sequence_id, cache_dir(self.env.srcdir))
        except TabulaError as error:
            message = str(error).replace("\n", "\n  ")
            logger.error(
                "replay %s: %s", sequence_id, message, location=self.get_location(), type="tabula"
            )
            return []
        self._depend(prepared)
        paragraphs = self._paragraphs()
        steps = prepared.summary["steps"]
        if not self._fits(sequence_id, steps, paragraphs):
            return []
        name = self.options.get("name") or Path(sequence_id).name
        title, words = paragraphs[0], paragraphs[1:]
        node = replay(
            ids=[name],
            steps=len(steps),
            images=[s["image"] for s in steps],
            alts=[self._alt(prepared, s) for s in steps],
            label=title.astext(),
        )
        title["classes"].append("tabula-replay-title")
        node += title
        listed = replay_steps()
        for number, step in enumerate(steps, start=1):
            said = words[number - 1] if number <= len(words) else None
            listed += self._step(name, number, step, said, prepared)
        node += listed
        need(self.env, prepared.images, "replay")
        self.set_source_info(node)
        return [node]

    def _depend(self, prepared: PreparedSequence) -> None:
        self.env.note_dependency(str(prepared.spec.path))
        for figure in prepared.spec.figures.values():
            self.env.note_dependency(str(figure.path))
        for source in ENGINE.rglob("*.py"):
            self.env.note_dependency(str(source))

    def _paragraphs(self) -> list[nodes.paragraph]:
        holder = nodes.Element()
        self.state.nested_parse(self.content, self.content_offset, holder)
        return [n for n in holder.children if isinstance(n, nodes.paragraph)]

    def _fits(self, sequence_id: str, steps: list[dict[str, Any]], paragraphs: list[Any]) -> bool:
        """A title, then a paragraph per step (the end's may be left out)."""
        needed = {len(steps) + 1}
        if steps and steps[-1].get("end"):
            needed.add(len(steps))
        if len(paragraphs) not in needed:
            logger.error(
                "replay %s: give a title and one paragraph per step: %d step(s), %d paragraph(s)",
                sequence_id,
                len(steps),
                len(paragraphs),
                location=self.get_location(),
            )
            return False
        return True

    def _alt(self, prepared: PreparedSequence, step: dict[str, Any]) -> str:
        """The step's drawing in words, from what the engine computed of it."""
        return " ".join(self._computed(step, prepared))

    def _computed(self, step: dict[str, Any], prepared: PreparedSequence) -> list[str]:
        """What the engine computed of the step, in the reader's language: a walk's ledger
        state as its peg board's alt text says it (written once the language is known: the
        message templates hold no finished sentence), a played step's throw and marks."""
        if prepared.spec.kind != "walk":
            return _computed(step)
        if self.env.app.builder.name == "gettext":
            return []
        return [alt_text(peg_board(prepared.spec.figures[step["figure"]]))]

    def _step(
        self,
        name: str,
        number: int,
        step: dict[str, Any],
        words: nodes.paragraph | None,
        prepared: PreparedSequence,
    ) -> replay_step:
        item = replay_step(ids=[f"{name}-step-{number}"], number=number)
        if words is not None:
            item += words
        computed = self._computed(step, prepared)
        if computed:
            text = " ".join(computed)
            item += nodes.paragraph(text, text, classes=["tabula-replay-computed"])
        flag = self._flag(step)
        if flag is not None:
            item += flag
        return item

    def _flag(self, step: dict[str, Any]) -> nodes.paragraph | None:
        """Where the text is wrong: a flag, and the editorial notes that explain it (those
        of them the page lists in the reader's language: see :func:`link_records`)."""
        if not step.get("wrong"):
            return None
        text = _("The text is wrong here; the engine disagrees (%(count)d statement(s)).") % {
            "count": len(step["wrong"])
        }
        flag = nodes.paragraph("", "", classes=["tabula-replay-wrong"])
        flag += nodes.Text(text)
        changes = all_changes()
        unknown = sorted(r for r in step.get("records", []) if r not in changes)
        if unknown:
            logger.error(
                "replay: no editorial record %s", ", ".join(unknown), location=self.get_location()
            )
        notes = " ".join(w["note"] for w in step["wrong"] if w["note"])
        language = source_language(self.env, self.env.docname)  # the notes are the chapter's
        flag += records(records=list(step.get("records", [])), notes=notes, language=language)
        return flag


class records(nodes.General, nodes.Element):
    """The editorial records a flagged step names, linked once the page's list of
    editorial notes is known (each language's text marks its own records)."""


def link_records(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Link each flag to the records the page lists; with none of them listed (the text in
    this language marks the error with a record of its own not named), say the note."""
    listed = {i for node in doctree.findall(nodes.Element) for i in node.get("ids", [])}
    for placeholder in list(doctree.findall(records)):
        found = [r for r in placeholder["records"] if f"ed-{r}" in listed]
        replacement: list[nodes.Node] = []
        if len(found) == 1:
            replacement += [nodes.Text(" "), _link(found[0], _("See the editorial note."))]
        elif found:
            replacement.append(nodes.Text(" " + _("See the editorial notes:")))
            for number, record in enumerate(found, start=1):
                replacement += [nodes.Text(" "), _link(record, str(number))]
        elif placeholder["notes"]:
            note = placeholder["notes"]
            original = f"language-{placeholder['language']}"
            replacement += [nodes.Text(" "), nodes.inline(note, note, classes=[original])]
        placeholder.replace_self(replacement)


def _link(record: str, label: str) -> nodes.reference:
    return nodes.reference("", label, refid=f"ed-{record}")


def _computed(step: dict[str, Any]) -> list[str]:
    """What the engine computed of a step, in the reader's language."""
    if step.get("end"):
        parts = [_("The position after the last throw.")]
    elif "roll" not in step:
        return []
    else:
        parts = [_throw(step)]
    events = step.get("events")
    if events:
        names = event_names()
        listed = join(
            [
                _("%(what)s: %(points)s points to %(side)s")
                % {
                    "what": _what(names.get(e["kind"], e["kind"]), e.get("at", "")),
                    "points": e["points"],
                    "side": side(step["mover"] if e["to"] == "mover" else _other(step["mover"])),
                }
                for e in events
            ]
        )
        parts.append(_("Scores: %(list)s.") % {"list": listed})
    elif "events" in step:
        parts.append(_("The throw scores nothing."))
    if step.get("marks"):
        parts.append(_marks(step["marks"]))
    if step.get("left"):
        parts.append(
            _("%(side)s leaves (s'en aller): the checkers go back to the talons.")
            % {"side": side(step["mover"])}
        )
    outcome = step.get("outcome")
    if outcome:
        how = {"side": side(outcome["winner"]), **outcome}
        parts.append(_("The play ends the game: %(side)s wins (%(label)s, %(points)s).") % how)
    return parts


def _throw(step: dict[str, Any]) -> str:
    values = {"side": side(step["mover"]), "roll": step["roll"], "play": step.get("play", "")}
    if step.get("letters"):
        values["play"] = f"{values['play']} ({step['letters']})"
    if step.get("open"):
        return _("%(side)s throws %(roll)s; the text does not say how it is played.") % values
    if not step.get("moves"):
        return _("%(side)s throws %(roll)s and cannot play.") % values
    return _("%(side)s throws %(roll)s and plays %(play)s.") % values


def _what(name: str, at: str) -> str:
    """An event's name and where on the board it happens (the blot hit, the point filled)."""
    return f"{name} ({at})" if at else name


def _marks(marks: dict[str, list[Any]]) -> str:
    shown = {
        colour: _("%(side)s %(points)s points, %(holes)s holes")
        % {"side": side(colour), "points": values[0], "holes": values[1]}
        for colour, values in marks.items()
    }
    return _("Marked: %(white)s; %(black)s.") % {"white": shown["w"], "black": shown["b"]}


def join(items: list[str]) -> str:
    """A list in the reader's language's punctuation (French spaces its semicolon)."""
    joined = items[0]
    for item in items[1:]:
        joined = _("%(first)s; %(next)s") % {"first": joined, "next": item}
    return joined


def _other(colour: str) -> str:
    return "b" if colour == "w" else "w"


def _gone(translator: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode  # replaced when the page is resolved; never written as it is


def setup(app: Sphinx) -> None:
    app.add_directive("replay", ReplayDirective)
    app.add_node(
        records, **{b: (_gone, None) for b in ("html", "epub", "latex", "text", "man", "texinfo")}
    )
    # after the editorial notes are listed (tabula.editorial, at the default priority)
    app.connect("doctree-resolved", link_records, priority=600)
