"""From a game position and a figure's view to a :class:`~engine.render.board.Picture`.

This is the only place where rules-free drawing meets a game's geometry: it maps each
player's own point numbers to the absolute board and turns a play into arrows. It decides
nothing about legality — a figure's play has been checked before it gets here.

A Trictrac board (:class:`TrictracView`) is dressed after the texts: each player's fifteen
dames start on his own point 1, the *talon* (p0 in the notes' counting, where "votre
n-ième case" is own point n + 1, fr 4826), on the side of the board the view names; his own
point 12 is his *coin de repos* (fr 4826, note 94); a hole is bored in the rail opposite
every point (fr 4596), and his *fichet* stands in the hole of the holes he has won, counted
from the talon's side (fr 4784 "en commençant du côté de la pile des dames"); his points
under twelve are a *jeton* in front of the point fr 4784 names (:data:`JETON_PLACES`), two
jetons when he marks *en bredouille* (fr 4808). The same board serves the Plein (fr 5965).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from ..core.dice import Roll
from ..core.errors import TabulaError
from ..core.moves import Move, Play
from ..core.position import Colour, Geometry, Position
from ..core.scoreboard import MARKABLE_POINTS, HitArrow, MarkedScore
from ..counting.situation import BOARD as COUNTING_BOARD
from ..counting.situation import Situation, arrows
from .board import Arrow, ArrowKind, Fichet, Jeton, Picture, PointRef

TALON = 1  # own point of the talon (fr 4604: "la première flèche")
COIN = 12  # own point of the coin de repos: "la onzième case" after the talon (fr 4826)
# Where a jeton marks a player's points, as own points (fr 4784): "deux points, au bout et
# devant la flèche ou lame de l'as" (own 2); "quatre points … entre la lame du trois et
# celle du quatre" (own 4 and 5); "six points devant la lame du cinq, ou contre la bande de
# séparation" (own 6); "huit points au-delà de la bande de séparation devant la lame du
# six" (own 7); "dix points devant les lames du huit, du neuf ou du dix" (own 9–11: the
# middle one). The German text counts alike (de 3380); seed 002:8 places them otherwise.
JETON_PLACES: dict[int, tuple[int, ...]] = {2: (2,), 4: (4, 5), 6: (6,), 8: (7,), 10: (10,)}
assert tuple(JETON_PLACES) == MARKABLE_POINTS  # a place for every score a player can mark
# Seed 002 names the flèches A–Y without W from the talon of the player it follows
# (002:24; A = his talon, L = his coin, M = the other's coin, Y = the other's talon).
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVXY"


@dataclass(frozen=True)
class TrictracView:
    """How a Trictrac board is dressed: which side the talons are on, the players' marks,
    hits (the points are lettered as in seed 002 by the picture's ``labels="letters"``)."""

    talon_side: Literal["left", "right"] = "left"
    marks: Mapping[Colour, MarkedScore] = field(default_factory=dict)
    hits: tuple[HitArrow, ...] = ()


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
    trictrac: TrictracView | None = None,
) -> Picture:
    """The picture of ``position`` seen and numbered from ``numbering``'s side.

    ``labels="owners"`` numbers each point by the player whose side it is (games in which
    each player runs along his own half, like Tourne-Case) instead of by ``numbering``;
    ``labels="cases"`` does the same from 0, the talon (Trictrac's "n-ième case");
    ``labels="letters"`` names the points A–Y (no W) in ``numbering``'s order (002 24).
    With ``trictrac`` the whole board is drawn as a Trictrac board (see the module).
    """

    def absolute(own: int) -> int:
        return geometry.absolute(numbering, own)

    if trictrac is not None and kind != "board":
        # the rails, the coins and the marks stand along whole sides of twelve points
        raise TabulaError(
            f"a Trictrac board is drawn whole, with its rails: a '{kind}' view shows a "
            "quarter of the tables games"
        )
    if kind == "board":
        top_abs, bottom_abs = board_rows(numbering)
        if trictrac is not None:
            top_abs, bottom_abs = _talon_side(top_abs, bottom_abs, absolute(TALON), trictrac)
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
    outside = [e for a in arrows for e in (a.start, a.end) if isinstance(e, int) and e not in shown]
    if outside:  # a quarter shows six points: a play beyond them cannot be drawn in it
        raise TabulaError(
            f"the play {play} reaches point(s) outside quarter {quarter}: draw the whole board"
        )
    names = {p: point_label(geometry, numbering, labels, p) for p in shown}
    drawn = Picture(
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
    return _dress(drawn, geometry, trictrac) if trictrac is not None else drawn


def point_label(geometry: Geometry, numbering: Colour, labels: str, absolute: int) -> str:
    """How a figure names an absolute point (see :func:`picture`'s ``labels``)."""
    if labels == "owners":
        return str(min(geometry.own(c, absolute) for c in Colour))
    if labels == "letters":  # the Kermadeuc lesson (002): A–Y without W from the talon
        return LETTERS[geometry.own(numbering, absolute) - 1]
    if labels == "cases":  # Trictrac: the owner's "n-ième case", the talon 0 (fr 4826)
        return str(min(geometry.own(c, absolute) for c in Colour) - 1)
    return str(geometry.own(numbering, absolute))


def _talon_side(
    top: list[int], bottom: list[int], talon: int, view: TrictracView
) -> tuple[list[int], list[int]]:
    """Mirror the board when the viewer's talon would stand on the other side."""
    row = top if talon in top else bottom
    on_left = row.index(talon) < len(row) / 2
    if on_left == (view.talon_side == "left"):
        return top, bottom
    return top[::-1], bottom[::-1]


def _dress(drawn: Picture, geometry: Geometry, view: TrictracView) -> Picture:
    """Add the rails, the coins, each player's jetons and fichet, and the hit arrows."""
    jetons: list[Jeton] = []
    fichets: list[Fichet] = []
    for colour, marks in sorted(view.marks.items()):
        if marks.points:
            places = JETON_PLACES[marks.points]
            points = tuple(geometry.absolute(colour, own) for own in places)
            jetons.append(Jeton(colour.value, points, 2 if marks.bredouille else 1))
        if marks.holes:
            fichets.append(Fichet(colour.value, geometry.absolute(colour, marks.holes)))
    hits = tuple(_hit_arrow(hit, geometry) for hit in view.hits)
    return replace(
        drawn,
        arrows=drawn.arrows + hits,
        holes=True,
        coins=frozenset(geometry.absolute(c, COIN) for c in Colour),
        jetons=tuple(jetons),
        fichets=tuple(fichets),
    )


def _hit_arrow(hit: HitArrow, geometry: Geometry) -> Arrow:
    def absolute(own: int) -> int:
        return geometry.absolute(hit.colour, own)

    via = absolute(hit.via) if hit.via is not None else None
    return Arrow(absolute(hit.start), absolute(hit.end), hit.colour.value, hit.kind, hit.label, via)


def arrows_of(play: Play, mover: Colour, geometry: Geometry) -> tuple[Arrow, ...]:
    """A play's moves as the arrows a figure draws for them."""
    return tuple(_arrow(m, mover, geometry) for m in play.moves)


def hit_arrows_of(hits: Sequence[HitArrow], geometry: Geometry) -> tuple[Arrow, ...]:
    """A Trictrac throw's hits as the arrows a figure draws for them."""
    return tuple(_hit_arrow(hit, geometry) for hit in hits)


def _arrow(move: Move, mover: Colour, geometry: Geometry) -> Arrow:
    start: PointRef = "bar" if move.enters else geometry.absolute(mover, move.start)
    end: PointRef = "off" if move.bears_off else geometry.absolute(mover, move.end)
    kind: ArrowKind = "explode" if move.burst else ("hit" if move.hits else "move")
    return Arrow(start=start, end=end, colour=mover.value, kind=kind, label=str(move.die))


def situation_picture(
    situation: Situation, numbering: Colour, talon_side: Literal["left", "right"] = "left"
) -> Picture:
    """A counting figure's situation on a Trictrac board, with its hit arrows and, when the
    situation counts from a point, the distances one throw can reach (fr 5136)."""
    view = TrictracView(talon_side=talon_side, hits=tuple(arrows(situation)))
    drawn = picture(situation.position(), COUNTING_BOARD, numbering=numbering, trictrac=view)
    if situation.count_from is None:
        return drawn
    colour, own = situation.count_from
    labels = {}
    for steps in range(1, 13):
        if own + steps <= 24:
            labels[COUNTING_BOARD.absolute(colour, own + steps)] = str(steps)
    return replace(drawn, labels=labels)
