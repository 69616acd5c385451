"""A situation of hits (``kind = "hits"``): a blot and the dames that may hit it, given in a
``[situation]`` table (:mod:`engine.counting.situation`) instead of a position, drawn on a
Trictrac board with an arrow for each throw that hits, without a game's rules. Its claims
count throws, as a counting table's do (:mod:`engine.kinds.counting`).
"""

from __future__ import annotations

from pathlib import Path

from ..core.position import Colour
from ..counting.situation import Situation
from .counting import check_counting
from .kind import FigureKind, FigureSpec


def draw_hits(spec: FigureSpec, stem: Path, formats: tuple[str, ...]) -> list[Path]:
    """Draw the situation as ``<stem>.<format>`` for each format (svg, pdf, png)."""
    from ..render.board import save
    from ..render.positions import situation_picture

    situation = Situation.read(spec.situation)
    numbering = Colour(spec.view.numbering)
    return save(situation_picture(situation, numbering, spec.view.talon_side), stem, formats)


HITS = FigureKind[FigureSpec](
    name="hits",
    view="hits",
    positioned=False,
    formats=("svg", "pdf"),
    preview=True,
    offers_trial=False,
    check=check_counting,
    draw=draw_hits,
    keys=frozenset({"situation"}),
)
