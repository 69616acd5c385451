"""The site's two reading aids that need a script: replays and "try a roll".

Both are enhancements: the page reads exactly as without them. Their HTML is written
``hidden`` and the script (``_static/tabula-play.js``) shows it; print hides it again, and
the books (LaTeX) and the other builders leave it out. Nothing is loaded from outside the
site, and nothing with ``fetch()``: the drawings are images and each figure's answers a data
script added when the reader asks for them, so a page read from a folder works too.

* :class:`replay` — a sequence stepped through (:mod:`.replays`): one :class:`replay_step`
  per step, each with the text's words, what the engine computed and the text's errors,
  its drawing named by a data attribute and loaded when the step is shown;
* :class:`trial` — a board figure's "try a roll" (:mod:`.figures`): where its answers and
  its bare drawing are.

The drawings and data scripts are the engine's, from the figure cache; each page notes the
files it needs (the domain's ``assets``) and they are copied into ``_tabula/`` of the site
when the build finishes. The words of the controls come from the site's catalogue
(``tabula.po``), written into each page that has a replay or a trial.
"""

from __future__ import annotations

import filecmp
import json
import shutil
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.osutil import relative_uri

from .chrome import _
from .domain import tabula

FOLDER = "_tabula"  # in each language's site: the drawings and data scripts of the aids
SCRIPT = "tabula-play.js"
STYLE = "tabula-play.css"


class replay(nodes.General, nodes.Element):
    """A sequence stepped through; ``ids`` is its address, ``steps`` its number of steps."""


class replay_steps(nodes.General, nodes.Element):
    """A replay's steps, in order (after its title)."""


class replay_step(nodes.General, nodes.Element):
    """One step of a replay: ``number``, its drawing (``image``, a file of ``_tabula/``) and
    the drawing's ``alt`` text."""


class trial(nodes.General, nodes.Element):
    """A board figure's "try a roll": its ``data`` script, ``bare`` drawing, the figure's
    own throw (``own``) and the player who throws (``mover``)."""


def need(env: Any, files: list[Path], kind: str) -> None:
    """Note that the page being read needs ``files`` in ``_tabula/`` and the script."""
    domain = tabula(env)
    domain.assets.setdefault(env.docname, set()).update(str(f) for f in files)
    domain.aids.setdefault(env.docname, set()).add(kind)


def _in_folder(translator: Any, name: str) -> str:
    """The address of a file of ``_tabula/`` from the page being written."""
    page = translator.builder.get_target_uri(translator.builder.current_docname)
    return relative_uri(page, f"{FOLDER}/{name}")


def visit_replay_html(translator: Any, node: replay) -> None:
    data = {
        "steps": node["steps"],
        "images": [_in_folder(translator, name) for name in node["images"]],
        "alts": node["alts"],
    }
    translator.body.append(
        translator.starttag(
            node,
            "section",
            CLASS="tabula-replay",
            hidden="hidden",
            **{"aria-label": node["label"], "data-tabula-replay": json.dumps(data)},
        )
    )


def depart_replay_html(translator: Any, node: replay) -> None:
    translator.body.append("</section>\n")


def visit_replay_steps_html(translator: Any, node: replay_steps) -> None:
    translator.body.append(translator.starttag(node, "ol", CLASS="tabula-replay-steps"))


def depart_replay_steps_html(translator: Any, node: replay_steps) -> None:
    translator.body.append("</ol>\n")


def visit_replay_step_html(translator: Any, node: replay_step) -> None:
    translator.body.append(
        translator.starttag(node, "li", CLASS="tabula-replay-step", **{"data-step": node["number"]})
    )


def depart_replay_step_html(translator: Any, node: replay_step) -> None:
    translator.body.append("</li>\n")


def visit_trial_html(translator: Any, node: trial) -> None:
    data = {
        "data": _in_folder(translator, node["data"]),
        "key": Path(node["data"]).stem,
        "bare": _in_folder(translator, node["bare"]),
        "own": node["own"],
        "mover": node["mover"],
    }
    attributes = {"data-tabula-try": json.dumps(data)}
    translator.body.append(
        translator.starttag(node, "div", CLASS="tabula-try", hidden="hidden", **attributes)
    )
    translator.body.append("</div>\n")
    raise nodes.SkipNode


def skip(translator: Any, node: nodes.Node) -> None:
    """The books and the other builders leave the aids out: the text reads without them."""
    raise nodes.SkipNode


def words() -> dict[str, str]:
    """The controls' words in the build's language (the script fills in the numbers)."""
    return {
        "previous": _("Previous"),
        "next": _("Next"),
        "step": _("Step %(n)s of %(count)s"),
        "try": _("Try a roll"),
        "close": _("Close"),
        "throw": _("Throw"),
        "own": _("%(roll)s (the figure's throw)"),
        "white": _("White"),
        "black": _("Black"),
        "toPlay": _("%(side)s to play %(roll)s."),
        "count": _("Legal plays: %(count)s. Pick one to draw it on the board."),
        "none": _("%(side)s cannot play %(roll)s: the whole throw is lost."),
        "ends": _("Ends the game: %(side)s wins (%(label)s, %(points)s)."),
        "scores": _("What the throw scores before it is played:"),
        "nothing": _("The throw scores nothing."),
        "event": _("%(what)s: %(points)s points to %(side)s"),
        "join": _("%(first)s; %(next)s"),
        "realises": _("This play scores: %(list)s."),
        "marks": _("Marked after the play: %(white)s; %(black)s."),
        "mark": _("%(side)s %(points)s points, %(holes)s holes"),
        "mayLeave": _("%(side)s may leave (s'en aller)."),
        "hits": _("The arrows show the throw's hits: solid à vrai, dashed à faux."),
        "offBoard": _("Some moves leave the part of the board shown: not drawn."),
        "loading": _("Loading the engine's answers…"),
        "failed": _("The engine's answers could not be loaded."),
        **{f"event:{kind}": text for kind, text in event_names().items()},
    }


def event_names() -> dict[str, str]:
    """What a Trictrac throw can score (the tariff's rows), in the reader's language."""
    return {
        "jan-de-trois-coups": _("jan of three throws (six tables)"),
        "jan-de-deux-tables": _("jan of two tables"),
        "jan-de-meseas": _("jan de Mézéas"),
        "contre-jan-de-deux-tables": _("counter-jan of two tables"),
        "contre-jan-de-meseas": _("counter-jan de Mézéas"),
        "battre-a-vrai": _("hit à vrai"),
        "battre-a-faux": _("hit à faux"),
        "battre-le-coin": _("hitting the corner"),
        "dame-impuissante": _("a checker that cannot be played"),
        "remplir": _("filling a jan"),
        "conserver": _("keeping a jan"),
        "sortir-le-premier": _("bearing off first"),
    }


def add_page_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """A page with a replay or a trial gets the script, its style and the words."""
    if doctree is None or app.builder.name == "epub" or not tabula(app.env).aids.get(pagename):
        return  # the e-book has no components (see setup)
    builder: Any = app.builder
    builder.add_css_file(STYLE)
    body = f"window.tabulaWords={json.dumps(words(), ensure_ascii=False)};"
    builder.add_js_file(None, body=body)
    builder.add_js_file(SCRIPT, loading_method="defer")


def copy_assets(app: Sphinx, exception: BaseException | None) -> None:
    """Copy the drawings and data scripts the pages need into ``_tabula/`` of the site, and
    remove what no page needs any more (a build starts from the last site: a redrawn figure
    would otherwise leave its old files behind)."""
    if exception is not None or app.builder.format != "html" or app.builder.name == "epub":
        return
    target = Path(app.outdir) / FOLDER
    wanted: set[str] = set()
    for docname, files in tabula(app.env).assets.items():
        if docname in app.env.all_docs:
            wanted |= files
    names = {Path(name).name for name in wanted}
    if target.is_dir():
        for stale in target.iterdir():
            if stale.name not in names:
                stale.unlink()
    if not wanted:
        return
    target.mkdir(exist_ok=True)
    for name in sorted(wanted):
        source = Path(name)
        copy = target / source.name
        if not copy.exists() or not filecmp.cmp(source, copy, shallow=False):
            shutil.copyfile(source, copy)


def setup(app: Sphinx) -> None:
    # the e-book is read without scripts: the components are left out, as in the books
    skipped = {b: (skip, None) for b in ("latex", "epub", "text", "man", "texinfo")}
    app.add_node(replay, html=(visit_replay_html, depart_replay_html), **skipped)
    app.add_node(replay_steps, html=(visit_replay_steps_html, depart_replay_steps_html), **skipped)
    app.add_node(replay_step, html=(visit_replay_step_html, depart_replay_step_html), **skipped)
    app.add_node(trial, html=(visit_trial_html, None), **skipped)
    app.connect("html-page-context", add_page_assets)
    app.connect("build-finished", copy_assets)
