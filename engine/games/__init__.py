"""The games of the edition, one module per family, listed here (as python-chess lists its
variants): the command line, the figures, the claims and the Sphinx extension look a game up
by name here. Adding a game is writing its module (a :class:`~engine.core.game.Game`) and
one line in :data:`GAMES`.
"""

from __future__ import annotations

from ..core.errors import NotationError, TabulaError
from ..core.game import Game
from ..core.notation import format_position, parse_position
from ..core.position import Position
from .brade import BRADE
from .dames_rabattues import DAMES_RABATTUES
from .plein import PLEIN
from .tourne_case import TOURNE_CASE
from .toute_table import TOUTE_TABLE
from .trictrac import TRICTRAC
from .verkehren import REVERTIER, VERKEHR

GAMES: dict[str, Game] = {
    game.name: game
    for game in (
        VERKEHR,  # with Revertier, the same-direction family Bräde builds on
        REVERTIER,
        BRADE,
        DAMES_RABATTUES,
        PLEIN,
        TOURNE_CASE,
        TOUTE_TABLE,
        TRICTRAC,  # with its variants Toccategli and Toc (rules switches)
    )
}


def games() -> dict[str, Game]:
    return dict(GAMES)


def get_game(name: str) -> Game:
    if name not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise TabulaError(f"unknown game '{name}' (known: {known})")
    return GAMES[name]


def read_position(text: str, game: str | None = None) -> Position:
    """Read and validate a position; if ``game`` is given, the position must be of that game."""
    declared = {name: g.extra_fields for name, g in GAMES.items()}
    position = parse_position(text, declared)
    if game is not None and position.game != game:
        raise NotationError(
            f"the position is of game '{position.game}', not '{game}'", field="game", column=1
        )
    GAMES[position.game].validate(position)
    return position


def write_position(position: Position) -> str:
    return format_position(position, get_game(position.game).extra_fields)
