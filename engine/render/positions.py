"""From a game position and a figure's view to a :class:`~engine.render.board.Picture`.

This is the only place where rules-free drawing meets a game's geometry: it maps each
player's own point numbers to the absolute board and turns a play into arrows. It decides
nothing about legality — a figure's play has been checked before it gets here.
"""

from __future__ import annotations

from ..core.dice import Roll
from ..core.moves import BAR, OFF, Move, Play
from ..core.position import Colour, Geometry, Position
from .board import Arrow, Picture, PointRef

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVXY"  # 002 24: the points named from the talon, no W


def board_rows(numbering: Colour) -> tuple[list[int], list[int]]:
    """The absolute rows of a whole board, as the numbering player sees it from his side."""
    if numbering is Colour.WHITE:
        return list(range(12, 0, -1)), list(range(13, 25))
    return list(range(24, 12, -1)), list(range(1, 13))


def own_rows(view_kind: str, quarter: int) -> tuple[list[int], list[int]]:
    """The rows of own point numbers, left to right as the numbering player sees the board.

    His first two quarters lie on the far side, running from right to left (his home is the
    rightmost point there, sv 2886); the last two lie on his own side, left to right.
    """
    if view_kind == "board":
        return list(range(12, 0, -1)), list(range(13, 25))
    first = 6 * quarter - 5
    points = list(range(first, first + 6))
    if quarter <= 2:
        return points[::-1], []
    return [], points


def picture(
    position: Position,
    geometry: Geometry,
    *,
    kind: str = "board",
    numbering: Colour = Colour.WHITE,
    quarter: int = 0,
    roll: Roll | None = None,
    play: Play | None = None,
    highlight: tuple[int, ...] = (),
    title: str = "",
    labels: str = "numbering",
) -> Picture:
    """The picture of ``position`` seen and numbered from ``numbering``'s side.

    ``labels="owners"`` numbers each point by the player whose side it is (games in which
    each player runs along his own half, like Tourne-Case) instead of by ``numbering``;
    ``labels="cases"`` does the same from 0, the talon (Trictrac's "n-ième case");
    ``labels="letters"`` names the points A–Y (no W) in ``numbering``'s order (002 24).
    """

    def absolute(own: int) -> int:
        return geometry.absolute(numbering, own)

    if kind == "board":
        top_abs, bottom_abs = board_rows(numbering)
    else:
        top_own, bottom_own = own_rows(kind, quarter)
        top_abs, bottom_abs = [absolute(p) for p in top_own], [absolute(p) for p in bottom_own]

    mover = position.turn or Colour.WHITE
    arrows = tuple(_arrow(m, mover, geometry) for m in play.moves) if play else ()
    bar, off = position.bar, position.off
    if kind == "quarter":
        # a quarter shows one side's game: the other side's bar and tray would only confuse
        keep = (1, 0) if numbering is Colour.WHITE else (0, 1)
        bar = (bar[0] * keep[0], bar[1] * keep[1])
        off = (off[0] * keep[0], off[1] * keep[1])
    shown = (*top_abs, *bottom_abs)
    if labels == "owners":
        names = {p: str(min(geometry.own(c, p) for c in Colour)) for p in shown}
    elif labels == "letters":  # the Kermadeuc lesson (002): A–Y without W from the talon
        names = {p: LETTERS[geometry.own(numbering, p) - 1] for p in shown}
    elif labels == "cases":  # Trictrac: the owner's "n-ième case", the talon 0 (fr 4826)
        names = {p: str(min(geometry.own(c, p) for c in Colour) - 1) for p in shown}
    else:
        names = {p: str(geometry.own(numbering, p)) for p in shown}
    return Picture(
        points=position.points,
        top=tuple(top_abs),
        bottom=tuple(bottom_abs),
        labels=names,
        bar=bar,
        off=off,
        dice=tuple(roll) if roll else (),
        arrows=arrows,
        highlight=frozenset(absolute(p) for p in highlight),
        title=title,
    )


def _arrow(move: Move, mover: Colour, geometry: Geometry) -> Arrow:
    start: PointRef = "bar" if move.start == BAR else geometry.absolute(mover, move.start)
    end: PointRef = "off" if move.end == OFF else geometry.absolute(mover, move.end)
    kind = "explode" if move.burst else ("hit" if move.hits else "move")
    return Arrow(start=start, end=end, colour=mover.value, kind=kind, label=str(move.die))
