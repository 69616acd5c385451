"""Dames Rabattues, from Charpentier's *Suite du Trictrac* (1698).

Source: seed ``000_11830c5ab74f548f.txt``, French original at lines 5863–5939 (Danish
1941–2015, Swedish 3170–3254); rules cite the French line as ``fr NNNN``.

Each player stacks his fifteen checkers in six piles on the table of his side nearest the
window: two on each of the first three points, three on each of the other three
(fr 5885). A die of ``n`` lays down (*rabat*) one checker of pile ``n`` (fr 5903–5911): a pile
of two needs one laying down — its bottom checker already lies on the point — and a pile of
three needs two (fr 5905, 5913). A number the thrower cannot play, the other player plays if
he can, otherwise nobody (fr 5917). A doublet is played once (fr 5893) and keeps the dice
(fr 5913, 5921). Whoever has laid all his checkers down lifts one checker of pile ``n`` for
each ``n`` (fr 5931–5933); a player who has not laid all down cannot lift, not even for the
other (fr 5933–5935). The first to lift all fifteen wins (fr 5937). No choice is ever left to
the player (fr 5939): every roll has exactly one play.

Notation: each player's own point ``n`` is his pile ``n``; White's piles are absolute points
24 down to 19, Black's 1 to 6. The game field ``down=WWWWWW,BBBBBB`` gives, pile by pile,
how many checkers each player has still to lay down (default ``111222,111222``); lifted
checkers are ``off``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from ..core.dice import Roll
from ..core.errors import IllegalPlay, IllegalPosition, TabulaError
from ..core.game import GameBase, GameType, Outcome, Switches, own_rules
from ..core.moves import MoveText, Play
from ..core.notation import ExtraField
from ..core.position import POINTS, Colour, Geometry, Position

PILES = range(1, 7)
START = {1: 2, 2: 2, 3: 2, 4: 3, 5: 3, 6: 3}  # fr 5885
TO_LAY = {pile: size - 1 for pile, size in START.items()}  # fr 5905, 5913
CHECKERS = 15


@dataclass(frozen=True)
class Action:
    """One die of a roll: who played it (or nobody) and what he did with which pile."""

    die: int
    by: Colour | None
    verb: str  # "down" (rabattre), "up" (lever) or "none"

    def __str__(self) -> str:
        if self.by is None:
            return f"{self.die}:-"
        return f"{self.die}:{self.by.value}-{self.verb}"

    def to_json(self) -> dict[str, object]:
        return {"die": self.die, "by": self.by.value if self.by else None, "verb": self.verb}


@dataclass(frozen=True)
class RollPlay:
    """A roll's actions in order; written ``6:w-down 1:w-down`` (``3:-``: nobody could)."""

    moves: tuple[Action, ...]

    def __str__(self) -> str:
        return " ".join(str(a) for a in self.moves)

    def key(self) -> tuple[Action, ...]:
        return self.moves

    reduction: ClassVar[int] = 0


@dataclass(frozen=True)
class ForcedAnalysis:
    """The one play a roll has — no choice is ever left to the player (fr 5939) —, the
    position after it and its outcome: :class:`~engine.core.game.Analysis` with a
    :class:`RollPlay` of actions for its play."""

    play: RollPlay
    after: Position
    outcome: Outcome | None


@dataclass(frozen=True)
class DamesRabattuesRules(Switches):
    """The text leaves the players no choice (fr 5939); it leaves the reader one.

    ``first_lift``
        whether the player who lays down his last checker with one die of a throw lifts
        with the other die of the same throw. ``"same-throw"`` (default): "l'on ne peut
        rien lever, tant que l'on n'a point abattu toutes ses dames" (fr 5933) bars lifting
        only until the last checker is down, and the other plays his numbers for him
        "jusqu'à ce que vous ayez rabattu votre dernière dame" (fr 5935), not to the end of
        the throw. ``"next-throw"``: "celui qui le premier les a toutes rabattues, lève à
        chaque coup de dé" (fr 5931) read as lifting from his next throw on; the die left
        over is then played by the other if he can (fr 5917), else by nobody.
    """

    first_lift: Literal["same-throw", "next-throw"] = "same-throw"

    sources: ClassVar[dict[str, str]] = {"first_lift": "fr 5931, 5933–5935, 5917"}


class _Piles:
    """One player's six piles: how many checkers each has still to lay down and how many
    it holds, and how many he has lifted."""

    def __init__(self, down: list[int], left: list[int], off: int) -> None:
        self.down = down  # index = pile
        self.left = left
        self.off = off

    def laying(self) -> bool:
        return any(self.down[p] for p in PILES)

    def can(self, die: int, may_lift: bool = True) -> str | None:
        if self.laying():
            return "down" if self.down[die] else None
        if not may_lift:
            return None  # first_lift = "next-throw": he laid his last in this throw
        return "up" if self.left[die] else None  # fr 5931: only once all are laid down

    def do(self, die: int, verb: str) -> None:
        if verb == "down":
            self.down[die] -= 1
        else:
            self.left[die] -= 1
            self.off += 1


class DamesRabattues(GameBase):
    name: ClassVar[str] = "dames-rabattues"
    title: ClassVar[str] = "Dames Rabattues"
    geometry: ClassVar[Geometry] = Geometry(
        white_offset=23, black_offset=0, white_direction=-1, black_direction=1
    )
    rules_type: ClassVar[type[Switches]] = DamesRabattuesRules
    extra_fields: ClassVar[tuple[ExtraField, ...]] = (
        ExtraField(
            "down",
            "111222,111222",
            r"[0-2]{6},[0-2]{6}",
            "checkers still to lay down on piles 1-6, White's then Black's",
        ),
    )
    game_type: ClassVar[GameType] = GameType(labels="owners")

    def start(self) -> Position:
        points = [0] * POINTS
        for colour in Colour:
            sign = 1 if colour is Colour.WHITE else -1
            for pile, size in START.items():
                points[self.geometry.absolute(colour, pile) - 1] = sign * size
        return Position(game=self.name, points=tuple(points))

    def _piles(self, position: Position) -> dict[Colour, _Piles]:
        downs = position.get("down", "111222,111222").split(",")
        sides = {}
        for colour, text in zip(Colour, downs, strict=True):
            down = [0] + [int(c) for c in text]
            left = [0] + [position.count(colour, self.geometry.absolute(colour, p)) for p in PILES]
            sides[colour] = _Piles(down, left, position.borne_off(colour))
        return sides

    def _position(self, template: Position, sides: dict[Colour, _Piles]) -> Position:
        points = [0] * POINTS
        for colour, side in sides.items():
            sign = 1 if colour is Colour.WHITE else -1
            for pile in PILES:
                points[self.geometry.absolute(colour, pile) - 1] = sign * side.left[pile]
        down = ",".join("".join(str(sides[c].down[p]) for p in PILES) for c in Colour)
        extra = () if down == "111222,111222" else (("down", down),)
        off = (sides[Colour.WHITE].off, sides[Colour.BLACK].off)
        return template.replace(points=tuple(points), off=off, extra=extra)

    def validate(self, position: Position) -> None:
        if position.bar != (0, 0):
            raise IllegalPosition("Dames Rabattues has no bar: bar must be 0,0")
        sides = self._piles(position)
        for colour, side in sides.items():
            for point in range(1, POINTS + 1):
                own = self.geometry.own(colour, point)
                if position.count(colour, point) and own not in PILES:
                    raise IllegalPosition(
                        f"{colour.side_name} has checkers off its six piles "
                        f"(absolute point {point})"
                    )
            for pile in PILES:
                if side.left[pile] > START[pile]:
                    raise IllegalPosition(
                        f"{colour.side_name}'s pile {pile} has {side.left[pile]} checkers, "
                        f"more than the {START[pile]} it starts with (fr 5885)"
                    )
                if side.down[pile] > TO_LAY[pile]:
                    raise IllegalPosition(
                        f"{colour.side_name}'s pile {pile} cannot have {side.down[pile]} "
                        "to lay down"
                    )
            if side.laying() and side.off:
                raise IllegalPosition(
                    f"{colour.side_name} has lifted checkers before laying all down (fr 5933)"
                )
            if sum(side.left[1:]) + side.off != CHECKERS:
                raise IllegalPosition(f"{colour.side_name} has not fifteen checkers (fr 5875)")

    def analyse(
        self, position: Position, roll: Roll | None = None, rules: Switches | None = None
    ) -> list[ForcedAnalysis]:
        mover = position.turn
        roll = roll or position.dice
        if mover is None:
            raise TabulaError("the position says nobody has the dice (its turn field is '-')")
        if roll is None:
            raise TabulaError("no roll: give one (e.g. --roll 6-1) or put it in the position")
        if self.outcome(position):
            raise TabulaError("the game is already over in this position")
        rules = own_rules(DamesRabattuesRules, rules)
        sides = self._piles(position)
        # fr 5931: with first_lift = "next-throw", who was laying as the throw began lifts
        # nothing in it
        lifters = {
            c for c, side in sides.items() if rules.first_lift == "same-throw" or not side.laying()
        }
        actions: list[Action] = []
        for die in sorted(roll, reverse=True):  # the higher number is named first (fr 5891)
            action = self._one(sides, mover, die, lifters)
            actions.append(action)
            if self._winner(sides):
                break
        doublet = roll[0] == roll[1]
        template = position.replace(turn=mover if doublet else mover.other, dice=None)
        after = self._position(template, sides)
        return [ForcedAnalysis(RollPlay(tuple(actions)), after, self.outcome(after))]

    def _one(
        self, sides: dict[Colour, _Piles], mover: Colour, die: int, lifters: set[Colour]
    ) -> Action:
        for player in (mover, mover.other):  # fr 5917: what one cannot play, the other plays
            verb = sides[player].can(die, player in lifters)
            if verb:
                sides[player].do(die, verb)
                return Action(die, player, verb)
        return Action(die, None, "none")

    def _winner(self, sides: dict[Colour, _Piles]) -> Colour | None:
        for colour, side in sides.items():
            if side.off == CHECKERS:
                return colour
        return None

    def outcome(self, position: Position, rules: Switches | None = None) -> Outcome | None:
        """The first to lift all his checkers wins (fr 5937)."""
        own_rules(DamesRabattuesRules, rules)  # no switch changes it; another game's is wrong
        for colour in Colour:
            if position.borne_off(colour) == CHECKERS:
                return Outcome(colour, "win", 1, "win", {})
        return None

    def apply(
        self, position: Position, play: Play | RollPlay, rules: Switches | None = None
    ) -> Position:
        (analysis,) = self.analyse(position, None, rules)
        if str(analysis.play) != str(play):
            raise IllegalPlay(f"'{play}' is not what this roll does: {analysis.play}")
        return analysis.after

    def trace(
        self,
        position: Position,
        roll: Roll,
        written: Sequence[MoveText],
        rules: Switches | None = None,
    ) -> tuple[RollPlay, Position | None, str]:
        return RollPlay(()), None, "Dames Rabattues plays are not written as moves"

    def facts(
        self, position: Position, colour: Colour, rules: Switches | None = None
    ) -> dict[str, object]:
        own_rules(DamesRabattuesRules, rules)  # no switch changes them
        side = self._piles(position)[colour]
        return {
            "down": "".join(str(side.down[p]) for p in PILES),
            "left": "".join(str(side.left[p]) for p in PILES),
            "lifted": side.off,
            "laying": side.laying(),
            "has_dice": position.turn is colour,
        }

    def table_facts(self) -> dict[str, int]:
        return {"to_lay_down": sum(TO_LAY.values()), "checkers": CHECKERS}


DAMES_RABATTUES = DamesRabattues()
