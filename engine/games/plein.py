"""Le jeu du Plein, from Charpentier's *Suite du Trictrac* (1698).

Source: seed ``000_11830c5ab74f548f.txt``, French original at lines 5941–5981 (Danish
2017–2057, Swedish 3256–3296); rules cite the French line as ``fr NNNN``.

The text is short and leans on the Trictrac and the Revertier for what it does not say.
Each player stacks his fifteen checkers on the first point of the table farthest from the
window, as at Trictrac (fr 5963–5965), and races to fill the other table of his side — his
*grand jan* — with covered checkers (fr 5947). The players never meet: each stays on his own
side, so the game is decided by the dice (fr 5945). Doublets are played twice over, four
moves, as at the Revertier (fr 5977); a single checker may stand in the corner (fr 5975),
which at Trictrac takes two at once.

Readings the edition chooses where the text is silent or ambiguous (rules switches):

``win``
    ``"plein"`` (default): the game is won as soon as each of the six points of the grand
    jan holds at least two checkers — "douze dames couvertes et accouplées dans la table du
    grand jan" (fr 5947), the *plein* that names the game. ``"all-covered"``: all fifteen
    checkers stand in the grand jan, none alone — "couvert toutes ses dames dans la seconde
    table" (fr 5981).
``one_die``
    the text sends the reader to the Revertier for how the dice are played (fr 5969), where
    one "est obligé de jouer tous les nombres qu'il amène" (fr 5650) and "il arrive souvent
    que l'on ne peut pas jouer tous les nombres que l'on a amenés" (fr 5606): a player plays
    as much of his throw as he can. Which die, when only one of two can be played, neither
    text says. ``"either"`` (default): he plays either, as the 1698 Trictrac asks no more
    (``TrictracRules.one_die``, fr 4746, 5498); ``"higher"``: he must play the higher, the
    modern rule of the family (Verkehr de1800 485, Bräde sv 2908), which the edition used to
    apply here without saying so.

Numbering: each player numbers his side 1–12 from his stack; White's side is the bottom
row (absolute 13–24), Black's the top row (absolute 12 down to 1). Points beyond 12 do not
exist for a player: no checker leaves his side. The plays of a throw are found by the
machinery of :mod:`engine.games.moving`, under the Plein's move rules (:class:`PleinMoves`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from ..core.dice import Roll, dice_to_play
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
from ..core.moves import Move, MoveText, Play
from ..core.notation import ExtraField
from ..core.position import POINTS, Colour, Geometry, Position
from .moving import Board, Explorer, as_many_dice, from_board, to_board
from .trictrac.board import GEOMETRY as TRICTRAC_GEOMETRY

CHECKERS = 15  # fr 5951
TALON = 1  # fr 5965: la première case ou lame de la table la plus éloignée du jour
GRAND_JAN = range(7, 13)  # the second table (fr 5947, 5981)
SIDE = range(1, 13)


class PleinMoves:
    """The Plein's move rules (:class:`~engine.games.moving.MoveRules`): a checker moves on
    along its own side and never past its twelfth point (no checker leaves his side); the
    players never meet (fr 5945), so nothing is hit, entered or borne off."""

    def enter(self, board: Board, die: int) -> Move | None:
        return None  # no checker is ever hit

    def move_from(self, board: Board, start: int, die: int) -> Move | None:
        target = start + die
        return Move(start, target, die) if target <= SIDE[-1] else None


MOVES = PleinMoves()


@dataclass(frozen=True)
class PleinRules(Switches):
    win: Literal["plein", "all-covered"] = "plein"
    one_die: Literal["either", "higher"] = "either"

    sources: ClassVar[dict[str, str]] = {
        "win": "fr 5947, 5981",
        "one_die": "fr 5969 → Revertier fr 5584–5596, 5606, 5650 (silent); fr 4746, 5498",
    }


class Plein(GameBase):
    name: ClassVar[str] = "plein"
    title: ClassVar[str] = "Plein"
    geometry: ClassVar[Geometry] = TRICTRAC_GEOMETRY  # the Trictrac board (fr 5963–5965)
    rules_type: ClassVar[type[Switches]] = PleinRules
    extra_fields: ClassVar[tuple[ExtraField, ...]] = ()
    # drawn as a Trictrac board: holes, coins (fr 5965)
    game_type: ClassVar[GameType] = GameType(board="trictrac", labels="owners")

    def start(self) -> Position:
        points = [0] * POINTS
        points[self.geometry.absolute(Colour.WHITE, TALON) - 1] = CHECKERS
        points[self.geometry.absolute(Colour.BLACK, TALON) - 1] = -CHECKERS
        return Position(game=self.name, points=tuple(points))

    def validate(self, position: Position) -> None:
        if position.bar != (0, 0) or position.off != (0, 0):
            raise IllegalPosition(
                "in the Plein no checker is hit or borne off: bar and off are 0,0"
            )
        for colour in Colour:
            for point in range(1, POINTS + 1):
                if position.count(colour, point) and self.geometry.own(colour, point) > 12:
                    raise IllegalPosition(
                        f"{colour.side_name} has checkers on the other side "
                        f"(absolute point {point})"
                    )
            if position.total(colour) != CHECKERS:
                raise IllegalPosition(f"{colour.side_name} has not fifteen checkers (fr 5951)")

    def analyse(
        self, position: Position, roll: Roll | None = None, rules: Switches | None = None
    ) -> list[Analysis]:
        rules = own_rules(PleinRules, rules)
        mover, roll = mover_and_roll(position, roll, "6-5")
        if self.outcome(position, rules):
            raise TabulaError("the game is already over in this position")
        dice = dice_to_play(roll)  # fr 5977: doublets count twice
        leaves = Explorer(MOVES).explore(to_board(position, mover, self.geometry), dice)
        # fr 5969 → the Revertier, fr 5650: as many numbers as he can (which die: a switch)
        leaves = as_many_dice(leaves, dice, higher=rules.one_die == "higher")
        template = position.replace(turn=mover.other, dice=None)
        results = []
        for leaf in leaves:
            after = from_board(leaf.board, mover, template, self.geometry)
            results.append(Analysis(Play(leaf.moves), after, self.outcome(after, rules)))
        return sorted(results, key=lambda a: str(a.play))

    def trace(
        self,
        position: Position,
        roll: Roll,
        written: Sequence[MoveText],
        rules: Switches | None = None,
    ) -> tuple[Play, Position | None, str]:
        mover = mover_of(position)
        board = to_board(position, mover, self.geometry)
        found = Explorer(MOVES).trace(board, dice_to_play(roll), written)
        if found.problem:
            return Play(found.moves), None, found.problem
        template = position.replace(turn=mover.other, dice=None)
        return Play(found.moves), from_board(found.board, mover, template, self.geometry), ""

    def outcome(self, position: Position, rules: Switches | None = None) -> Outcome | None:
        rules = own_rules(PleinRules, rules)
        for colour in Colour:
            counts = to_board(position, colour, self.geometry).me
            plein = all(counts[p] >= 2 for p in GRAND_JAN)
            if rules.win == "all-covered":
                plein = plein and sum(counts[p] for p in GRAND_JAN) == CHECKERS
            if plein:
                return Outcome(colour, "plein", 1, "plein", {})
        return None

    def facts(
        self, position: Position, colour: Colour, rules: Switches | None = None
    ) -> dict[str, object]:
        own_rules(PleinRules, rules)  # no switch changes them; another game's are wrong
        counts = to_board(position, colour, self.geometry).me
        return {
            "covered": sum(1 for p in GRAND_JAN if counts[p] >= 2),
            "in_grand_jan": sum(counts[p] for p in GRAND_JAN),
        }

    def table_facts(self) -> dict[str, int]:
        return {}


PLEIN = Plein()
