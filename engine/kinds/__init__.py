"""The kinds of figure, in one table: what each is, how its claims are checked, how it is drawn.

A figure's kind is named by its ``[view] kind`` (:mod:`engine.specs`); a sequence of
``diagrams/sequences/`` is a kind of its own. Each kind is one module of this package, ending
in its :class:`~engine.kinds.kind.FigureKind`, and one line of :data:`KINDS`:

* :mod:`.board` — ``board`` and ``quarter``: a position of a game and the claims about it;
* :mod:`.table` — ``table``: a game's points table or tariff, and claims about the game;
* :mod:`.ledger` — ``table`` of a ledger (``game = "aufschreiben"`` or ``"kombiniert"``):
  the Trictrac's scoring ledgers' worked examples;
* :mod:`.pegs` — ``pegs``: the combined Trictrac's hole rails, drawn;
* :mod:`.counting` — ``counting``: a table of counted throws;
* :mod:`.hits` — ``hits``: a blot and the dames that may hit it, drawn;
* :mod:`.sequence` — a sequence, played and drawn step by step (the ``replay`` directive).

The specification loader (:mod:`engine.specs`), the figure cache (:mod:`engine.figures`),
``python -m engine verify`` and ``draw`` ask this table, never the kind's name. No kind's
module imports the drawing code but inside its ``draw``: checking figures never loads
matplotlib.
"""

from __future__ import annotations

from typing import Any, overload

from ..verdicts import ClaimResult
from . import board, counting, hits, ledger, pegs, sequence, table
from .kind import FigureKind, FigureSpec, SpecError
from .sequence import SequenceSpec

KINDS: dict[str, FigureKind[Any]] = {
    kind.name: kind
    for kind in (
        board.BOARD,
        board.QUARTER,
        table.TABLE,
        ledger.LEDGER,
        pegs.PEGS,
        counting.COUNTING,
        hits.HITS,
        sequence.SEQUENCE,
    )
}


def views() -> list[str]:
    """The ``[view] kind`` names a figure may give, in the table's order."""
    return list(dict.fromkeys(kind.view for kind in KINDS.values() if kind.view))


def board_views() -> list[str]:
    """The views that draw a position in the notation (``python -m engine draw --view``)."""
    return [kind.view for kind in KINDS.values() if kind.view and kind.positioned]


def kind_for(view: str, game: str | None) -> FigureKind[FigureSpec] | None:
    """The kind of a figure of ``game`` whose ``[view]`` says ``view``, or ``None``. A kind
    that names its games has those to itself (the ledgers' table and rails); the others are
    for the games of :mod:`engine.games`."""
    owned = {name for kind in KINDS.values() for name in kind.games}
    for kind in KINDS.values():
        if kind.view == view and (game in kind.games if kind.games else game not in owned):
            return kind
    return None


@overload
def kind_of(spec: FigureSpec) -> FigureKind[FigureSpec]: ...


@overload
def kind_of(spec: SequenceSpec) -> FigureKind[SequenceSpec]: ...


def kind_of(spec: FigureSpec | SequenceSpec) -> FigureKind[Any]:
    """The kind of a figure, or of a sequence."""
    if isinstance(spec, SequenceSpec):
        return sequence.SEQUENCE
    kind = kind_for(spec.view.kind, spec.game)
    if kind is None:  # a specification made in memory: engine.specs refuses the others
        raise SpecError(f"figure {spec.id}: no figure of {spec.game} is a '{spec.view.kind}'")
    return kind


def check_figure(spec: FigureSpec) -> list[ClaimResult]:
    """Check every claim of a figure, as its kind checks it."""
    return kind_of(spec).check(spec)
