"""A drawn counting situation: one side's blot, the other side's dames that may hit it.

A figure with ``[view] kind = "hits"`` shows which throws hit a blot, and how, on a
Trictrac board; its specification gives the dames of each side by their own points,
counted from the side's talon (1) along its path to the other's talon (24), as on the
board of :mod:`engine.render.positions`::

    [situation]
    w = { 1 = 6, 6 = 1, 7 = 2, 9 = 2, 10 = 2, 12 = 2 }
    b = { 1 = 13, 12 = 2 }
    blot = "w 6"           # the blot: White's dame on his own point 6
    count_from = "b 12"    # optional: label the points by their distance from here

Every dame of the other side that stands behind the blot may hit it. A passage is closed
by a case of the blot's side — two dames or more (fr 4873; note 102: one dame does not
close it; de 3518) — and nothing else: the hitting side's own dames never close it. A throw
hits à vrai when it does from some dame, à faux when it does only through closed passages
(as the 1698 examples count it; a throw that is both is not discussed, see the notes A-05).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..core.dice import Roll
from ..core.errors import TabulaError
from ..core.position import Colour, Geometry, Position
from ..core.scoreboard import HitArrow
from . import throws as t

# The Trictrac board as the Plein draws it (fr 5963–5965): White's own 1 (talon) is the
# absolute point 13, his own 12 (coin) 24; Black's own 1 is 12, his own 12 is 1.
BOARD = Geometry(white_offset=12, black_offset=11, white_direction=1, black_direction=-1)
CHECKERS = 15
REACH = 12  # the farthest a throw carries one dame, doublets played twice (fr 5136)


class SituationError(TabulaError):
    """A [situation] that cannot be read or is not a position."""


@dataclass(frozen=True)
class Situation:
    """Each side's dames by own point, and the blot."""

    dames: Mapping[Colour, Mapping[int, int]]
    owner: Colour
    blot: int  # own point of the blot, in its owner's numbering
    count_from: tuple[Colour, int] | None = None

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Situation:
        try:
            dames = {c: {int(k): int(v) for k, v in data[c.value].items()} for c in Colour}
            owner, blot = _side_point(data["blot"])
            count_from = _side_point(data["count_from"]) if "count_from" in data else None
        except (KeyError, ValueError, AttributeError) as error:
            raise SituationError(f"[situation]: {error!r}: give w, b and blot") from None
        found = cls(dames, owner, blot, count_from)
        found.validate()
        return found

    def validate(self) -> None:
        for colour, placed in self.dames.items():
            if any(not 1 <= p <= 24 or n < 0 for p, n in placed.items()):
                raise SituationError(f"[situation] {colour.value}: own points 1–24, counts ≥ 0")
            if sum(placed.values()) != CHECKERS:
                raise SituationError(f"[situation] {colour.value}: not fifteen dames")
        if self.dames[self.owner].get(self.blot) != 1:
            raise SituationError(f"[situation]: no lone dame on {self.owner.value} {self.blot}")
        taken = [BOARD.absolute(c, p) for c in Colour for p, n in self.dames[c].items() if n]
        if len(taken) != len(set(taken)):
            raise SituationError("[situation]: both sides on one point")

    @property
    def hitter(self) -> Colour:
        return self.owner.other

    def position(self) -> Position:
        points = [0] * 24
        for colour, sign in ((Colour.WHITE, 1), (Colour.BLACK, -1)):
            for own, count in self.dames[colour].items():
                points[BOARD.absolute(colour, own) - 1] += sign * count
        return Position(game="trictrac", points=tuple(points))

    def _in_hitters_count(self, colour: Colour, own: int) -> int:
        return BOARD.own(self.hitter, BOARD.absolute(colour, own))

    def attacks(self) -> list[tuple[int, int, frozenset[int]]]:
        """(hitter's own point, distance, closed passages as distances) for each hitting dame."""
        target = self._in_hitters_count(self.owner, self.blot)
        cases = {
            self._in_hitters_count(self.owner, p)
            for p, n in self.dames[self.owner].items()
            if n >= 2
        }
        found = []
        for start, count in sorted(self.dames[self.hitter].items()):
            if count and 0 < target - start <= REACH:
                closed = frozenset(c - start for c in cases if start < c < target)
                found.append((start, target - start, closed))
        return found

    def kind(self, roll: Roll) -> t.Hit | None:
        kinds = {t.hit(roll, distance, closed) for _, distance, closed in self.attacks()}
        for best in (t.Hit.VRAI, t.Hit.FAUX):
            if best in kinds:
                return best
        return None

    def hitting(self, kind: t.Hit) -> tuple[Roll, ...]:
        return tuple(r for r in t.THROWS if self.kind(r) is kind)


def _side_point(text: str) -> tuple[Colour, int]:
    side, point = str(text).split()
    return Colour(side), int(point)


_ARROW: dict[t.Hit, Literal["vrai", "faux"]] = {t.Hit.VRAI: "vrai", t.Hit.FAUX: "faux"}


def arrows(situation: Situation) -> list[HitArrow]:
    """A hit arrow for each named throw that hits, from the first dame it hits from."""
    drawn = []
    for roll in t.names(t.THROWS):
        kind = situation.kind(roll)
        if kind is None:
            continue
        for start, distance, closed in situation.attacks():
            if t.hit(roll, distance, closed) is kind:
                via, label = _route(roll, distance, closed, kind)
                end = start + distance
                at = None if via is None else start + via
                drawn.append(HitArrow(situation.hitter, start, end, _ARROW[kind], at, label))
                break
    return drawn


def _route(
    roll: Roll, distance: int, closed: frozenset[int], kind: t.Hit
) -> tuple[int | None, str]:
    """The passage to draw (an open one for à vrai, the higher die's for à faux) and label."""
    for route in sorted(t.routes(roll), key=lambda r: (len(r), [-d for d in r])):
        if sum(route) != distance:
            continue
        if len(route) == 1:
            return None, str(route[0])
        passages = [sum(route[:k]) for k in range(1, len(route))]
        if kind is t.Hit.FAUX or not closed.intersection(passages):
            return passages[0], "+".join(str(d) for d in route)
    raise ValueError(f"{roll} does not reach {distance}")  # kind() said it does
