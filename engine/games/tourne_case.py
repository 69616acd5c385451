"""Tourne-Case, from Charpentier's *Suite du Trictrac* (1698).

Source: seed ``000_11830c5ab74f548f.txt``, French original at lines 5799–5861 (Danish
1879–1939 and Swedish 3108–3168 translate it); every rule cites its French line as
``fr NNNN``.

Each player has three checkers (*dames*) that start outside the board on his left and run
along his own side, one after the other, to the corner (*coin*) at his twelfth point
(fr 5805, 5841, 5859); the first to gather all three there wins. Only the lower die is ever
played (fr 5837), a checker may never pass over another (fr 5839), checkers may stand
together only in the corner (fr 5851), and a checker that lands opposite one of the
opponent's — the two sides face each other point for point — beats it back to the start
(fr 5847), whether its player wants to or not (fr 5849). The corner is safe (fr 5859).

Numbering: each player numbers his own side 1–12 from where his checkers come in; White's
side is the bottom row (absolute 13–24), Black's the top row (absolute 12 down to 1), so
White's point ``p`` faces Black's point ``p``. Checkers not yet in play, or beaten back, are
kept in the notation's ``bar`` field.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..core.dice import Roll
from ..core.errors import IllegalPosition, TabulaError
from ..core.game import (
    Analysis,
    GameBase,
    GameType,
    Outcome,
    Switches,
    mover_and_roll,
    mover_of,
    own_rules,
)
from ..core.moves import BAR, Move, MoveText, Play
from ..core.notation import ExtraField
from ..core.position import POINTS, Colour, Geometry, Position

CHECKERS = 3  # fr 5805, 5811: trois dames chacun
CORNER = 12  # fr 5859: le coin de repos, en ce jeu, est la douzième case
SIDE = range(1, CORNER + 1)


@dataclass(frozen=True)
class TourneCaseRules(Switches):
    """``double_game``: a win before the opponent has a checker in his corner counts double,
    "si l'on en était convenu" — if the players agreed so (fr 5861). Off by default."""

    double_game: bool = False

    sources: ClassVar[dict[str, str]] = {"double_game": "fr 5861"}


class _Checkers:
    """One player's checkers: how many wait outside, and which of his points hold one."""

    def __init__(self, waiting: int, points: list[int]) -> None:
        self.waiting = waiting
        self.points = points  # counts on own points 1..12 (index 0 unused)

    def copy(self) -> _Checkers:
        return _Checkers(self.waiting, self.points[:])


class TourneCase(GameBase):
    """Tourne-Case: three checkers each, the lower die only, no passing, no stacking."""

    name: ClassVar[str] = "tourne-case"
    title: ClassVar[str] = "Tourne-Case"
    geometry: ClassVar[Geometry] = Geometry(
        white_offset=12, black_offset=11, white_direction=1, black_direction=-1
    )
    rules_type: ClassVar[type[Switches]] = TourneCaseRules
    extra_fields: ClassVar[tuple[ExtraField, ...]] = ()
    # each side is numbered by the player who runs along it
    game_type: ClassVar[GameType] = GameType(labels="owners")

    def start(self) -> Position:
        """No checker on the board: three each wait on the left (fr 5823, 5841)."""
        return Position(game=self.name, points=(0,) * POINTS, bar=(CHECKERS, CHECKERS))

    # -- the two sides in their own numbering --------------------------------------------

    def _checkers(self, position: Position, colour: Colour) -> _Checkers:
        points = [0] * (CORNER + 1)
        for own in SIDE:
            points[own] = position.count(colour, self.geometry.absolute(colour, own))
        return _Checkers(position.on_bar(colour), points)

    def _position(self, template: Position, sides: dict[Colour, _Checkers]) -> Position:
        points = [0] * POINTS
        for colour, side in sides.items():
            sign = 1 if colour is Colour.WHITE else -1
            for own in SIDE:
                points[self.geometry.absolute(colour, own) - 1] += sign * side.points[own]
        bar = (sides[Colour.WHITE].waiting, sides[Colour.BLACK].waiting)
        return template.replace(points=tuple(points), bar=bar)

    # -- validation ------------------------------------------------------------------------

    def validate(self, position: Position) -> None:
        for colour in Colour:
            if position.borne_off(colour):
                raise IllegalPosition("Tourne-Case has no bearing off: off must be 0,0")
            outside = [
                p
                for p in range(1, POINTS + 1)
                if position.count(colour, p) and self.geometry.own(colour, p) > CORNER
            ]
            if outside:
                raise IllegalPosition(
                    f"{colour.side_name} has checkers on the other side of the board (absolute "
                    f"point {outside[0]}); each side runs only along its own twelve points"
                )
            total = position.total(colour)
            if total != CHECKERS:
                raise IllegalPosition(f"{colour.side_name} has {total} checkers, not 3 (fr 5811)")
            side = self._checkers(position, colour)
            for own in range(1, CORNER):
                if side.points[own] > 1:
                    raise IllegalPosition(
                        f"{colour.side_name} has {side.points[own]} checkers on its point {own}: "
                        "they may stand together only in the corner (fr 5851)"
                    )
        white, black = (self._checkers(position, c) for c in Colour)
        for own in range(1, CORNER):
            if white.points[own] and black.points[own]:
                raise IllegalPosition(
                    f"both players have a checker on their point {own}, facing each other: "
                    "the later one would have beaten the other (fr 5847)"
                )

    # -- moves -----------------------------------------------------------------------------

    def _moves(
        self, mine: _Checkers, theirs: _Checkers, die: int
    ) -> Iterator[tuple[Move, _Checkers, _Checkers]]:
        starts = ([BAR] if mine.waiting else []) + [p for p in range(1, CORNER) if mine.points[p]]
        for start in starts:
            target = start + die
            if target > CORNER:
                continue  # the corner is reached by the exact number (fr 5855)
            if any(mine.points[p] for p in range(start + 1, target)):
                continue  # no checker passes over another (fr 5839)
            if target < CORNER and mine.points[target]:
                continue  # together only in the corner (fr 5851)
            hits = theirs.points[target] if target < CORNER else 0  # the corner is safe (fr 5859)
            me, them = mine.copy(), theirs.copy()
            if start == BAR:
                me.waiting -= 1
            else:
                me.points[start] -= 1
            me.points[target] += 1
            if hits:  # beaten back to the start (fr 5847)
                them.points[target] -= 1
                them.waiting += 1
            yield Move(start, target, die, hits=hits), me, them

    def analyse(
        self, position: Position, roll: Roll | None = None, rules: Switches | None = None
    ) -> list[Analysis]:
        rules = own_rules(TourneCaseRules, rules)
        mover, roll = mover_and_roll(position, roll, "6-5")
        if self.outcome(position, rules):
            raise TabulaError("the game is already over in this position")
        die = min(roll)  # fr 5837: on ne joue jamais que le plus bas nombre
        mine, theirs = self._checkers(position, mover), self._checkers(position, mover.other)
        template = position.replace(turn=mover.other, dice=None)
        results = []
        for move, me, them in self._moves(mine, theirs, die):
            after = self._position(template, {mover: me, mover.other: them})
            results.append(Analysis(Play((move,)), after, self.outcome(after, rules)))
        if not results:  # fr 5855: many throws are of no use
            results.append(Analysis(Play(), template, None))
        return sorted(results, key=lambda a: str(a.play))

    def trace(
        self,
        position: Position,
        roll: Roll,
        written: Sequence[MoveText],
        rules: Switches | None = None,
    ) -> tuple[Play, Position | None, str]:
        """Follow a written play (one move, or none) without judging which die it uses."""
        mover = mover_of(position)
        if len(written) > 1:
            return Play(), None, "only one die is played in Tourne-Case (fr 5837)"
        if not written:
            return Play(), position.replace(turn=mover.other, dice=None), ""
        text = written[0]
        mine, theirs = self._checkers(position, mover), self._checkers(position, mover.other)
        for die in (min(roll),):  # the higher die is never played (fr 5837)
            for move, me, them in self._moves(mine, theirs, die):
                if text.matches(move):
                    template = position.replace(turn=mover.other, dice=None)
                    return (
                        Play((move,)),
                        self._position(template, {mover: me, mover.other: them}),
                        "",
                    )
        return Play(), None, "move 1 is not allowed"

    # -- the end -----------------------------------------------------------------------------

    def outcome(self, position: Position, rules: Switches | None = None) -> Outcome | None:
        """The first to have all three in his corner wins (fr 5861)."""
        rules = own_rules(TourneCaseRules, rules)
        for colour in Colour:
            side = self._checkers(position, colour)
            if side.points[CORNER] == CHECKERS:
                other = self._checkers(position, colour.other)
                double = rules.double_game and not other.points[CORNER]
                kind = "double" if double else "simple"
                return Outcome(colour, kind, 2 if double else 1, kind, {})
        return None

    def facts(
        self, position: Position, colour: Colour, rules: Switches | None = None
    ) -> dict[str, object]:
        own_rules(TourneCaseRules, rules)  # no switch changes them; another game's are wrong
        side = self._checkers(position, colour)
        return {"waiting": side.waiting, "in_corner": side.points[CORNER]}

    def table_facts(self) -> dict[str, int]:
        return {}


TOURNE_CASE = TourneCase()
