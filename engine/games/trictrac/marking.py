"""The marking state: points, holes, bredouille, and who may leave (fr 4774–4822, 4896–4912).

Points are marked with jetons; twelve points make a *trou* (hole), marked with a fichet,
and the player who marks a hole wipes out all the other's points (fr 4784, 4798, law 5470).
Bredouille (fr 4802–4812): a player's points are *en bredouille* while the other has won
none since he began; twelve such points are a *partie double*, two holes. The first to
score needs one jeton; the one who interrupts him marks with two, and loses the second
when the first scores again (he is *débredouillé*). After a hole the points left over
count as won without interruption (fr 4806–4810). Twelve holes make the *tour*
(fr 4750); the *grande bredouille* is the tour won without the other taking a hole in
between (fr 5043–5053; the étendard marks it for the second to take holes, fr 5051).

The thrower marks what he wins before the other marks what the throw gives him
(fr 4796). He may leave (*s'en aller*) only when his own dice completed a hole (fr 4910),
losing the points left over (fr 4912, law 5484) and keeping the dice (law 5484, 5390); the
other then gains nothing from that throw (fr 4896).

At the Toc no points are marked: a throw marks a hole, or two, for each player it makes
jans for (fr 6017–6025; :func:`toc_throw_holes`), and the game is won at the number of
holes agreed, "même … au premier trou" (fr 6019).

In the notation (extra fields, defaults left out): ``points=W,B``, ``holes=W,B``,
``bredouille=w|b`` (when both have points: whose are still uninterrupted; when only one has
points they are his without saying), ``etendard=w|b`` (the same for holes), ``throws=W,B``
(throws made since the pile was set up, counted to three, for the jan de trois coups),
``first=5-5`` (the first throw since the piles were set up, kept for the second throw when
the jan de rencontre is played, :mod:`.usages`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...core.notation import ExtraField
from ...core.position import Colour, Position
from .rules import TrictracRules

HOLE = 12  # fr 4784: douze points font le trou
TOUR = 12  # fr 4750: les douze trous qui composent la partie entière
# the holes a player's fichet can stand in: one bored opposite each point of his side of the
# board (fr 4596), counted from his pile (fr 4784); no tour is longer (fr 4750, 6019)
RAIL = 12
SATZ = 12  # 001 591: the Toccategli is won with twelve points marked; no variant marks more
# a count as the notation writes it: no leading zero, so that one scoreboard has one form
_PAIR = r"(0|[1-9][0-9]?),(0|[1-9][0-9]?)"

# a throw as the position keeps it, the higher die first (as usages.throw_text writes it):
# 6-3 and never 3-6, which the jan de rencontre would silently never match
FIRST_THROW = "|".join(f"{high}-[1-{high}]" for high in range(6, 0, -1)) + "|-"

FIELDS: tuple[ExtraField, ...] = (
    ExtraField("points", "0,0", _PAIR, "points marked, White's first: 0,4"),
    ExtraField("holes", "0,0", _PAIR, "holes marked, White's first: 2,0"),
    ExtraField(
        "bredouille", "-", r"[wb-]", "who is en bredouille when both have points: w, b or -"
    ),
    ExtraField("etendard", "-", r"[wb-]", "whose holes run on uninterrupted when both have holes"),
    ExtraField("throws", "0,0", r"[0-3],[0-3]", "throws since the pile was set up, to 3: 2,1"),
    ExtraField(
        "first",
        "-",
        FIRST_THROW,
        "the first throw of the piles, for the jan de rencontre, the higher die first: 6-3",
    ),
)


def _pair(text: str) -> tuple[int, int]:
    first, second = text.split(",")
    return int(first), int(second)


@dataclass(frozen=True)
class Marks:
    """The scoreboard of a Trictrac game, (White, Black) pairs."""

    points: tuple[int, int] = (0, 0)
    holes: tuple[int, int] = (0, 0)
    bredouille: tuple[bool, bool] = (False, False)
    run: tuple[bool, bool] = (False, False)
    throws: tuple[int, int] = (0, 0)
    first: str = "-"

    @classmethod
    def of(cls, position: Position) -> Marks:
        points = _pair(position.get("points", "0,0"))
        holes = _pair(position.get("holes", "0,0"))
        return cls(
            points=points,
            holes=holes,
            bredouille=_flags(points, position.get("bredouille", "-")),
            run=_flags(holes, position.get("etendard", "-")),
            throws=_pair(position.get("throws", "0,0")),
            first=position.get("first", "-"),
        )

    def store(self, position: Position) -> Position:
        """``position`` with these marks, written canonically (defaults left out)."""
        values = {
            "points": f"{self.points[0]},{self.points[1]}",
            "holes": f"{self.holes[0]},{self.holes[1]}",
            "bredouille": _flag_text(self.points, self.bredouille),
            "etendard": _flag_text(self.holes, self.run),
            "throws": f"{self.throws[0]},{self.throws[1]}",
            "first": self.first,
        }
        defaults = {f.key: f.default for f in FIELDS}
        extra = tuple(sorted((k, v) for k, v in values.items() if v != defaults[k]))
        return position.replace(extra=extra)

    def with_(self, colour: Colour, **changes: object) -> Marks:
        values: dict[str, Any] = {}
        for name, value in changes.items():
            pair = list(getattr(self, name))
            pair[colour.pair_index] = value
            values[name] = (pair[0], pair[1])
        return replace(self, **values)


def _flags(pair: tuple[int, int], text: str) -> tuple[bool, bool]:
    """Whose count runs on uninterrupted: the only one who has any, or the one named."""
    white, black = pair
    if white and black:
        return text == "w", text == "b"
    return white > 0, black > 0


def _flag_text(pair: tuple[int, int], flags: tuple[bool, bool]) -> str:
    if not (pair[0] and pair[1]):
        return "-"
    return "w" if flags[0] else ("b" if flags[1] else "-")


@dataclass(frozen=True)
class Gain:
    """What marking some points did: the marks after, and the holes they made."""

    marks: Marks
    holes: int


def gain_points(marks: Marks, colour: Colour, points: int) -> Gain:
    """``colour`` marks ``points``: bredouille, holes at twelve, the other's points wiped."""
    if points <= 0:
        return Gain(marks, 0)
    i, j = colour.pair_index, colour.other.pair_index
    pts = list(marks.points)
    bred = list(marks.bredouille)
    if pts[i] == 0:
        bred[i] = True  # he begins a run: en bredouille until the other scores
    bred[j] = False  # the other is débredouillé (fr 4812)
    pts[i] += points
    holes = 0
    while pts[i] >= HOLE:
        holes += 2 if bred[i] else 1  # partie double or simple (fr 4802, 4810)
        pts[i] -= HOLE
        pts[j] = 0  # fr 4798
        bred[i], bred[j] = True, False  # the points left are of an uninterrupted run (fr 4808)
    marks = replace(marks, points=(pts[0], pts[1]), bredouille=(bred[0], bred[1]))
    return Gain(gain_holes(marks, colour, holes), holes)


def gain_holes(marks: Marks, colour: Colour, holes: int) -> Marks:
    """``colour`` marks ``holes``; a run of holes is interrupted by the other's (fr 5051).

    The fichet stops in the last hole of the rail (:data:`RAIL`): a throw that makes more
    holes than are left has completed the longest tour, and the game is over (fr 4750),
    so the holes beyond have nowhere to be marked and nothing to count for."""
    if holes <= 0:
        return marks
    i, j = colour.pair_index, colour.other.pair_index
    run = list(marks.run)
    if marks.holes[i] == 0:
        run[i] = True
    run[j] = False
    total = list(marks.holes)
    total[i] = min(total[i] + holes, RAIL)
    return replace(marks, holes=(total[0], total[1]), run=(run[0], run[1]))


def gain(marks: Marks, colour: Colour, points: int, rules: TrictracRules) -> Gain:
    """Mark ``points`` won by ``colour`` as the rules' game counts them."""
    if rules.game == "toccategli":  # 001 587–591, 603: points to twelve, no holes, no bredouille
        pts = list(marks.points)
        # the twelfth point wins the Satz (001 591): points beyond it count for nothing
        pts[colour.pair_index] = min(pts[colour.pair_index] + points, SATZ)
        return Gain(replace(marks, points=(pts[0], pts[1])), 0)
    return gain_points(marks, colour, points)


# The jans the text says are made "par deux moyens" (fr 6023): filling and hitting. The
# tariff also counts an impuissance's unplayed dice as moyens, but those are not ways of
# making a jan, and a simple throw that leaves both dice unplayed is no "double".
BY_MOYENS = ("remplir", "battre-a-vrai")


def toc_holes(kind: str, moyens: int, doublet: bool, rules: TrictracRules) -> int:
    """The holes one jan marks at the Toc: one, two when "la double ira" and it is made by
    doublet, or is a filling or hit by two moyens (fr 6017, 6023)."""
    double = doublet or (kind in BY_MOYENS and moyens >= 2)
    return 2 if rules.toc_double and double else 1


def toc_throw_holes(jans: Sequence[tuple[str, int]], doublet: bool, rules: TrictracRules) -> int:
    """The holes one throw marks for one player at the Toc, from his jans (kind, moyens).

    "Un trou ou deux, selon le coup que l'on fait" (fr 6017): by default the throw marks
    one hole, or two when one of its jans is double (``toc_count = "throw"``); the other
    reading adds a hole or two for each jan (``toc_count = "event"``).
    """
    holes = [toc_holes(kind, moyens, doublet, rules) for kind, moyens in jans]
    if not holes:
        return 0
    return sum(holes) if rules.toc_count == "event" else max(holes)


def counted_throw(marks: Marks, mover: Colour) -> Marks:
    """One more throw of the mover since the pile was set up (counted to three)."""
    throws = list(marks.throws)
    throws[mover.pair_index] = min(3, throws[mover.pair_index] + 1)
    return replace(marks, throws=(throws[0], throws[1]))


def new_releve(marks: Marks) -> Marks:
    """Both piles set up again: points and holes carried, the throws counted anew."""
    return replace(marks, throws=(0, 0), first="-")


def leaving(marks: Marks, mover: Colour) -> Marks:
    """The mover leaves: he loses the points left over (fr 4912, law 5484)."""
    return new_releve(marks.with_(mover, points=0, bredouille=False))
