"""The Trictrac board seen from the player to move: points, tables, coins, passages.

Numbering (the mover's own, as in every Tabula notation): point 1 is his *talon* (the
pile, "la première flèche", fr 4604), points 2–6 the rest of his first table (the *petit
jan* table), 7–12 his second table (the *grand jan* table), 12 his *coin de repos* ("la
onzième case, non comprise celle du tas", fr 4826), 13 the opponent's coin, 13–18 the
opponent's grand-jan table, 19–24 the opponent's petit-jan table, where the mover makes his
*jan de retour* (fr 4740), 24 the opponent's talon, and 25 the edge when bearing off
(fr 5035). The text's "votre n-ième case" is point n + 1; "sa n-ième case" (the
opponent's) is point 24 − n.

Both sides start on the same end of the board, facing each other (fr 4604): the
:data:`GEOMETRY` is the Plein's, which the 1698 edition plays on the Trictrac board.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.position import POINTS, Colour, Geometry, Position

CHECKERS = 15  # fr 4598
TALON = 1  # fr 4604
COIN = 12  # fr 4826: la onzième case, non comprise celle du tas
OPPONENT_COIN = 13  # the opponent's coin in the mover's numbering
EDGE = 25  # fr 5035: the edge counts as a point when bearing off
PETIT_JAN = range(1, 7)  # fr 4700, 4722: the first table, talon included
GRAND_JAN = range(7, 13)  # fr 4700, 4732
OPPONENT_GRAND_JAN = range(13, 19)
JAN_DE_RETOUR = range(19, 25)  # fr 4740: the table where the opponent's pile stood
JANS = {"petit-jan": PETIT_JAN, "grand-jan": GRAND_JAN, "jan-de-retour": JAN_DE_RETOUR}

GEOMETRY = Geometry(white_offset=12, black_offset=11, white_direction=1, black_direction=-1)


def table_of(point: int) -> str:
    """``petit`` or ``grand``: which tariff a blot on ``point`` is hit at (fr 4760, 5196–5206).

    The petit-jan tables are the two tables holding the piles (points 1–6 and 19–24), the
    grand-jan tables the two others (7–18).
    """
    return "grand" if 7 <= point <= 18 else "petit"


@dataclass(frozen=True)
class TrictracBoard:
    """The Trictrac board from the mover's side: his checkers and his opponent's on his own
    points.

    ``me[p]`` and ``opp[p]`` are counts on the mover's point ``p`` (index 0 and 25 unused);
    ``off`` is how many the mover has borne off.

    The same idea as the :class:`~engine.games.moving.Board` of the games that hit, for the
    Trictrac's own movement and counting: a frozen value (every play of a throw keeps the
    board it leads to, and the counting reads them all), with no bar, for at Trictrac a
    checker is never sent back (a blot is hit only in the counting).
    """

    me: tuple[int, ...]
    opp: tuple[int, ...]
    off: int = 0

    @classmethod
    def of(cls, position: Position, mover: Colour) -> TrictracBoard:
        me = [0] * 26
        opp = [0] * 26
        for own in range(1, 25):
            absolute = GEOMETRY.absolute(mover, own)
            me[own] = position.count(mover, absolute)
            opp[own] = position.count(mover.other, absolute)
        return cls(tuple(me), tuple(opp), position.borne_off(mover))

    def points(self, mover: Colour, template: Position) -> Position:
        """Write this board back into ``template`` (absolute points, mover's off count)."""
        points = [0] * POINTS
        sign = 1 if mover is Colour.WHITE else -1
        for own in range(1, 25):
            absolute = GEOMETRY.absolute(mover, own)
            points[absolute - 1] = sign * self.me[own] - sign * self.opp[own]
        off = list(template.off)
        off[mover.pair_index] = self.off
        return template.replace(points=tuple(points), off=(off[0], off[1]))

    def moved(self, start: int, end: int) -> TrictracBoard:
        me = list(self.me)
        me[start] -= 1
        if end >= EDGE:
            return TrictracBoard(tuple(me), self.opp, self.off + 1)
        me[end] += 1
        return TrictracBoard(tuple(me), self.opp, self.off)

    def full(self, jan: range) -> bool:
        """Every point of the table holds a case (two or more checkers)."""
        return all(self.me[p] >= 2 for p in jan)

    def coin_held(self) -> bool:
        return self.me[COIN] >= 2

    def opponent_coin_held(self) -> bool:
        return self.opp[OPPONENT_COIN] >= 2

    def all_home(self) -> bool:
        """All the mover's checkers are in his jan-de-retour table (fr 5027, 5502)."""
        return sum(self.me[p] for p in JAN_DE_RETOUR) + self.off == CHECKERS

    def opponent_can_fill(self, table: range) -> bool:
        """Can the opponent still make the plein of ``table`` (mover's points)?

        The text forbids placing a checker in the opponent's table "tant qu'il peut faire son
        plein" (fr 5500, 4742) without saying how to tell. The edition's reading: he can,
        when enough of his checkers stand on or before each point of the table to put two
        on it and on every point before it (his checkers only move forward).
        """
        own_points = sorted(25 - p for p in table)  # the opponent's own numbering
        first = own_points[0]
        for k in own_points:
            behind = sum(self.opp[25 - q] for q in range(1, k + 1))
            if behind < 2 * (k - first + 1):
                return False
        return True

    def can_fill(self, table: range) -> bool:
        """Can the mover still make the plein of a table of his own? The same reading as
        :meth:`opponent_can_fill`: enough of his checkers on or before each of its points."""
        for k in table:
            behind = sum(self.me[q] for q in range(1, k + 1))
            if behind < 2 * (k - table.start + 1):
                return False
        return True

    def blots(self) -> list[int]:
        """The opponent's *dames découvertes* (fr 4758): points where he has one checker."""
        return [p for p in range(1, 25) if self.opp[p] == 1]
