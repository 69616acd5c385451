"""A game's tables (``kind = "table"``): facts about a game that no position shows.

Its points table (the ``score-table`` directive prints it), the Trictrac's tariff (the
``tariff-table`` directive), and claims about them — ``table``, ``ranks_above``,
``ranks_equal``, ``match`` and the other statements of :mod:`engine.kinds.board`, checked
from the game's starting position. Nothing is drawn: the page prints the tables.
"""

from __future__ import annotations

from ..core.game import make_rules
from ..games import get_game
from ..verdicts import ClaimResult
from .board import check_claims
from .kind import FigureKind, FigureSpec


def check_table(spec: FigureSpec) -> list[ClaimResult]:
    """Every claim of the figure, about the game rather than a position of it."""
    game = get_game(spec.game)
    return check_claims(spec, game, game.start(), make_rules(game, spec.rules))


TABLE = FigureKind[FigureSpec](
    name="table",
    view="table",
    positioned=False,
    formats=(),
    preview=False,
    offers_trial=False,
    check=check_table,
)
