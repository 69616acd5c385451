"""A game's tables (``kind = "table"``): facts about a game that no position shows.

Its points table (the ``score-table`` directive prints it), the Trictrac's tariff (the
``tariff-table`` directive), and claims about them — ``table``, ``ranks_above``,
``ranks_equal``, ``match`` and the other statements of :mod:`engine.kinds.board`, checked
from the game's starting position. Nothing is drawn: the page prints the tables, and asks
this module for their rows.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.game import ScoreRow, make_rules, own_rules
from ..games import get_game
from ..games.trictrac import TrictracRules
from ..games.trictrac.tariff import Rate, rate
from ..verdicts import ClaimResult
from .board import check_claims
from .kind import FigureKind, FigureSpec


def check_table(spec: FigureSpec) -> list[ClaimResult]:
    """Every claim of the figure, about the game rather than a position of it."""
    game = get_game(spec.game)
    return check_claims(spec, game, game.start(), make_rules(game, spec.rules))


def score_table(spec: FigureSpec) -> Sequence[ScoreRow]:
    """The rows of the game's points table, in the text's order: each with its ``name``,
    ``points`` and ``box`` (rows of one box rank alike in a match, sv 3090)."""
    return get_game(spec.game).score_rows()


def tariff_row(spec: FigureSpec, row: str) -> Rate | None:
    """A row of the Trictrac's tariff (``kind`` or ``kind/qualifier``, as
    :mod:`engine.games.trictrac.tariff` names it) under the figure's rules: the points per
    moyen by simple and by doublet, the moyens and to whom; ``None`` for a row the tariff
    lacks."""
    rules = own_rules(TrictracRules, make_rules(get_game(spec.game), spec.rules))
    try:
        return rate(rules.game, *row.split("/", 1))
    except KeyError:
        return None


TABLE = FigureKind[FigureSpec](
    name="table",
    view="table",
    positioned=False,
    formats=(),
    preview=False,
    offers_trial=False,
    check=check_table,
)
