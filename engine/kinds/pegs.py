"""The hole rails of the combined Trictrac (``kind = "pegs"`` of ``game = "kombiniert"``).

A figure of the walkthrough (``diagrams/trictrac-combine/verlauf-*.toml``): the state its
events lead to, after the figures it follows, drawn as both players' rails with their pegs,
the Standarte and the Poule (:mod:`engine.render.pegs`). Its claims are a ledger figure's
(:mod:`engine.kinds.ledger`); the ``peg-board`` directive writes its alt text from
:func:`peg_board`, the description the drawing is made from.
"""

from __future__ import annotations

from pathlib import Path

from ..ledger.kombiniert import board
from ..ledger.rails import PegBoard
from .kind import FigureKind, FigureSpec
from .ledger import LEDGER_KEYS, LEDGERS, check_ledger, state_of


def peg_board(spec: FigureSpec) -> PegBoard:
    """The rails as the figure draws them: the state after its events."""
    return board(state_of(spec))


def draw_pegs(spec: FigureSpec, stem: Path, formats: tuple[str, ...]) -> list[Path]:
    """Draw the rails as ``<stem>.svg`` and ``<stem>.pdf``, those of ``formats`` (they make
    no link preview: never a PNG)."""
    from ..render.pegs import save

    return save(peg_board(spec), stem, formats)


PEGS = FigureKind[FigureSpec](
    name="pegs",
    view="pegs",
    positioned=False,
    formats=("svg", "pdf"),
    preview=False,
    offers_trial=False,
    check=check_ledger,
    draw=draw_pegs,
    games=LEDGERS,
    keys=LEDGER_KEYS,
)
