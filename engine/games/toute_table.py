"""Toute-Table, from Charpentier's *Suite du Trictrac* (1698): the ancestor of backgammon.

Source: seed ``000_11830c5ab74f548f.txt``, French only, lines 5702–5797; every rule cites
its line as ``fr NNNN``.

Each player spreads his fifteen checkers (*dames*) in four piles (*tas*, *piles*) over the
four tables (fr 5710, 5716–5720): two on the *tête*, five on the second pile, three on the
third, five on the fourth; the two sides run round the board in opposite directions to the
table of their fourth pile, where they bear off (*lever*, fr 5742, 5779). Doublets are
played four times (fr 5740); two or more checkers make a *case*, which the opponent may
neither land on nor enter on (fr 5740); a lone checker (*dame découverte*) is beaten by
landing on it, also on the way of a move made with both dice (fr 5746–5748); beaten checkers
enter in the table of the tête, the opponent's home table, before anything else moves
(fr 5750, 5756), and may enter on one's own checkers (fr 5758). The first to bear off all
wins the *partie simple*, the *partie double* if the other has not yet brought all his
checkers into his home table and has borne off none (fr 5783, 5791).

Numbering: as backgammon books do, each player counts his points **down** along his way,
from his 24-point (the tête) to his home table, 6 to 1 (``Geometry.counts_down``); moves are
written ``13/7 8/7``, ``bar/22*``, ``6/off``. The setup "trois sur la cinquième flèche de la
table qui est de votre côté à votre droite" (fr 5718) counts from the outer corner: the
8-point. Only that reading makes the text's openings (fr 5767–5769) make a case; the
figures check it.

Seating, as the figures draw it: White is the text's *vous*, at the bottom, with the window
at his left (fr 5716); absolute points 13–24 run along his side from his left to his right,
12 down to 1 along his opponent's side from White's left to White's right. White's home
table is at his left (fr 5742); Black's at his right, the window side too (fr 5720, 5754).

Readings this edition chooses where the text is silent (:class:`TouteTableRules`): the
*higher die* when only one die can be played, and the text's own reading of the double.

The mover's-eye board, the search for every play and the duty to use the dice are the
machinery Toute-Table shares with the same-direction family (:mod:`engine.games.moving`,
whose board counts down here); what is Toute-Table's — how a checker enters, lands and
bears off (:class:`TouteTableMoves`), when the game ends, its duties — is here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..core.dice import Roll, dice_to_play
from ..core.errors import IllegalPosition, TabulaError
from ..core.game import (
    Analysis,
    GameBase,
    Outcome,
    Switches,
    mover_and_roll,
    mover_of,
    own_rules,
)
from ..core.moves import BAR_DOWN, OFF_DOWN, Move, MoveText, Play
from ..core.notation import ExtraField
from ..core.position import POINTS, Colour, Geometry, Position
from .moving import Board, Explorer, Leaf, as_many_dice, bearing_off, from_board, to_board

CHECKERS = 15  # fr 5724: quinze dames de chaque couleur
BAR = BAR_DOWN  # the bar is point 25 of a player who counts down
OFF = OFF_DOWN
# fr 5716–5718 (the fifth point of the right-hand table counted from the outer corner, as
# the openings fr 5765–5769 need): the tête, the second, third and fourth piles
START: dict[int, int] = {24: 2, 13: 5, 8: 3, 6: 5}
HOME = range(1, 7)  # fr 5742, 5779: the table of the fourth pile
ENTRY = range(19, 25)  # fr 5756: the table of the tête, the opponent's home table


@dataclass(frozen=True)
class TouteTableRules(Switches):
    """The readings this edition implements.

    ``higher_die``
        ``True`` (default): when only one of two different dice can be played, it must be
        the higher, as in modern backgammon. The text does not say so; it says only that
        the numbers are played "pourvu que vous puissiez jouer" (fr 5740). ``False``: the
        player chooses which die to play.
    """

    higher_die: bool = True

    sources: ClassVar[dict[str, str]] = {"higher_die": "not in the text; fr 5740"}


# --------------------------------------------------------------------------------------
# How a checker moves (the hooks of engine.games.moving), and the duties
# --------------------------------------------------------------------------------------


class TouteTableMoves:
    """Toute-Table's move rules (:class:`~engine.games.moving.MoveRules`), in the mover's
    numbering, which runs down to his home table.

    Entering from the bar lands on point ``25 - die``, in the tête's table (fr 5756). A point
    the opponent holds with two or more is closed (fr 5740); one's own checkers never close
    a point, entering included (fr 5758); a lone opposing checker is beaten (fr 5746) and is
    out of the game until it enters (fr 5750). Bearing off follows fr 5779–5781, the rule of
    Trictrac's jan de retour: a checker leaves with the exact number; a higher number must
    be played by a checker behind if there is one, and only when none is behind does it
    lift the checker on the highest point — the common rule of :func:`bearing_off`.
    """

    def enter(self, board: Board, die: int) -> Move | None:
        return self.move_from(board, BAR, die)

    def move_from(self, board: Board, start: int, die: int) -> Move | None:
        target = start - die
        if target <= 0:
            return bearing_off(board, start, die, rearmost_only=False)
        found = board.opp[target]
        if found >= 2:
            return None
        return Move(start, target, die, hits=found)


MOVES = TouteTableMoves()


def _ending(board: Board) -> str | None:
    """A play stops when the last checker is borne off: the game is over (fr 5783)."""
    return "off" if board.me[OFF] == CHECKERS else None


def _duties(leaves: list[Leaf], dice: tuple[int, ...], rules: TouteTableRules) -> list[Leaf]:
    """Keep the plays that use as many dice as can be used (fr 5740: the doublet's twenty
    or twenty-four points "pourvu que vous puissiez jouer"), and — the edition's reading,
    the text being silent — the higher die when only one of two can be played.

    A play that bears off the last checker ends the game and is never cut short by the
    count of dice: it could not use more.
    """
    ending = [leaf for leaf in leaves if leaf.ending]
    other = [leaf for leaf in leaves if not leaf.ending]
    return ending + as_many_dice(other, dice, higher=rules.higher_die)


# --------------------------------------------------------------------------------------
# Where a point lies, in the words of the text
# --------------------------------------------------------------------------------------


def _table(colour: Colour, absolute: int) -> str:
    """Which table holds ``absolute``, seen by ``colour``: ``own-left``, ``opponent-right``…

    The side is the player's own or his opponent's; left and right are those of the player
    sitting on that side, as the text says "à la droite de votre homme, et de son côté"
    (fr 5716) and "de votre côté à votre droite" (fr 5718). See the module docstring.
    """
    if absolute >= 13:  # White's side: his left is 13–18
        owner, hand = Colour.WHITE, "left" if absolute <= 18 else "right"
    else:  # Black's side, facing White: Black's right is White's left, 7–12
        owner, hand = Colour.BLACK, "right" if absolute >= 7 else "left"
    return f"{'own' if owner is colour else 'opponent'}-{hand}"


# --------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------


class TouteTable(GameBase):
    """Toute-Table (Charpentier, 1698)."""

    name: ClassVar[str] = "toute-table"
    title: ClassVar[str] = "Toute-Table"
    # White's 1-point is absolute 13 (his side, at his left), his 24-point absolute 12;
    # Black's 1-point is absolute 12, his 24-point absolute 13 (see the module docstring)
    geometry: ClassVar[Geometry] = Geometry(
        white_offset=12, black_offset=11, white_direction=1, black_direction=-1, counts_down=True
    )
    rules_type: ClassVar[type[Switches]] = TouteTableRules
    extra_fields: ClassVar[tuple[ExtraField, ...]] = ()

    def start(self) -> Position:
        """The four piles of each side (fr 5716–5720); the dice are drawn for (fr 5732)."""
        points = [0] * POINTS
        for colour in Colour:
            sign = 1 if colour is Colour.WHITE else -1
            for own, count in START.items():
                points[self.geometry.absolute(colour, own) - 1] = sign * count
        return Position(game=self.name, points=tuple(points))

    # -- validation --------------------------------------------------------------------

    def validate(self, position: Position) -> None:
        """Reject positions the rules cannot produce, saying why."""
        for colour in Colour:
            total = position.total(colour)
            if total != CHECKERS:
                raise IllegalPosition(
                    f"{colour.side_name} has {total} checkers (board {position.on_board(colour)}, "
                    f"bar {position.on_bar(colour)}, off {position.borne_off(colour)}); "
                    f"each side has {CHECKERS} (fr 5724)"
                )
        if all(position.borne_off(c) == CHECKERS for c in Colour):
            raise IllegalPosition("both players have borne off all their checkers")

    # -- outcome -------------------------------------------------------------------------

    def outcome(self, position: Position, rules: Switches | None = None) -> Outcome | None:
        """The first to bear off all wins (fr 5783): the *partie double* if the loser has
        not yet brought all his checkers into his home table (fr 5791) — and has borne off
        none, for "s'il en avait levé une, l'on ne gagnerait que la partie simple"."""
        own_rules(TouteTableRules, rules)  # no switch changes it; another game's are wrong
        for colour in Colour:
            if position.borne_off(colour) != CHECKERS:
                continue
            loser = to_board(position, colour.other, self.geometry)
            double = not loser.me[OFF] and not loser.all_home()
            kind = "double" if double else "simple"
            details = {"loser_off": loser.me[OFF], "loser_all_home": loser.all_home()}
            return Outcome(colour, kind, 2 if double else 1, f"partie {kind}", details)
        return None

    # -- plays ---------------------------------------------------------------------------

    def analyse(
        self, position: Position, roll: Roll | None = None, rules: Switches | None = None
    ) -> list[Analysis]:
        """Every legal play of ``roll`` (or the position's dice), with its result."""
        rules = own_rules(TouteTableRules, rules)
        mover, roll = mover_and_roll(position, roll, "6-1")
        if self.outcome(position):
            raise TabulaError("the game is already over in this position")
        dice = dice_to_play(roll)  # fr 5740: doublets are played four times
        board = to_board(position, mover, self.geometry)
        leaves = _duties(Explorer(MOVES, _ending).explore(board, dice), dice, rules)
        template = position.replace(turn=mover.other, dice=None)
        results: dict[tuple[object, ...], Analysis] = {}
        for leaf in leaves:  # the same moves are one play, in whichever order they end it
            after = from_board(leaf.board, mover, template, self.geometry)
            found = Analysis(Play(leaf.moves), after, self.outcome(after))
            results.setdefault((found.play.key(), after), found)
        return sorted(results.values(), key=lambda a: str(a.play))

    def trace(
        self,
        position: Position,
        roll: Roll,
        written: Sequence[MoveText],
        rules: Switches | None = None,
    ) -> tuple[Play, Position | None, str]:
        """Follow a written play move by move, ignoring the duties but not the movement
        rules: (the moves, the position after or ``None`` if a move is not allowed, problem)."""
        mover = mover_of(position)
        board = to_board(position, mover, self.geometry)
        found = Explorer(MOVES, _ending).trace(board, dice_to_play(roll), written)
        if found.problem and not found.ending:
            return Play(found.moves), None, found.problem
        template = position.replace(turn=mover.other, dice=None)
        after = from_board(found.board, mover, template, self.geometry)
        return Play(found.moves), after, found.problem

    # -- facts the text states about positions -----------------------------------------

    def facts(
        self, position: Position, colour: Colour, rules: Switches | None = None
    ) -> dict[str, object]:
        """Facts about a position from ``colour``'s side, in the text's terms."""
        own_rules(TouteTableRules, rules)  # no switch changes them
        board = to_board(position, colour, self.geometry)
        piles = [p for p in range(24, 0, -1) if board.me[p]]

        def where(own: int) -> str:
            return _table(colour, self.geometry.absolute(colour, own))

        return {
            "piles": piles,  # the points he holds, along his way (fr 5763: tas ou piles)
            "counts": [board.me[p] for p in piles],
            "tables": [where(p) for p in piles],
            "cases": [p for p in piles if board.me[p] >= 2],  # fr 5767: faire une case
            "blots": [p for p in piles if board.me[p] == 1],  # dames découvertes
            "route": [where(p) for p in (24, 18, 12, 6)],  # fr 5742, 5754
            "home_table": where(HOME[0]),  # fr 5742
            "entry_table": where(ENTRY[0]),  # fr 5756
            "bar": board.me[BAR],
            "off": board.me[OFF],
            "all_home": board.all_home(),  # fr 5779, 5791
        }

    def table_facts(self) -> dict[str, int]:
        return {}


TOUTE_TABLE = TouteTable()
