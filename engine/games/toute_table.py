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
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
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
)
from ..core.moves import BAR_DOWN, OFF_DOWN, Move, MoveText, Play
from ..core.notation import ExtraField
from ..core.position import POINTS, Colour, Geometry, Position

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
# The mover's view: both sides counted in the mover's own numbering
# --------------------------------------------------------------------------------------


class _Board:
    """``me[1..24]`` the mover's points, ``me[25]`` his bar, ``me[0]`` his borne-off
    checkers; ``opp[p]`` the opponent's checkers on the mover's point ``p`` (the opponent's
    own point ``25 - p``), ``opp[25]`` and ``opp[0]`` his bar and borne-off checkers."""

    __slots__ = ("me", "opp")

    def __init__(self, me: list[int], opp: list[int]) -> None:
        self.me = me
        self.opp = opp

    def key(self) -> tuple[int, ...]:
        return (*self.me, *self.opp)

    def copy(self) -> _Board:
        return _Board(self.me[:], self.opp[:])

    def all_home(self) -> bool:
        """Every checker still in play is in the home table (fr 5742, 5779)."""
        return not any(self.me[7:26])

    def highest(self) -> int:
        """The mover's farthest point from bearing off (0 if none is left)."""
        return max((p for p in range(1, 25) if self.me[p]), default=0)


def _to_board(position: Position, mover: Colour) -> _Board:
    geometry = TOUTE_TABLE.geometry
    me, opp = [0] * 26, [0] * 26
    for own in range(1, 25):
        absolute = geometry.absolute(mover, own)
        me[own] = position.count(mover, absolute)
        opp[own] = position.count(mover.other, absolute)
    me[BAR], opp[BAR] = position.on_bar(mover), position.on_bar(mover.other)
    me[OFF], opp[OFF] = position.borne_off(mover), position.borne_off(mover.other)
    return _Board(me, opp)


def _from_board(board: _Board, mover: Colour, template: Position) -> Position:
    geometry = TOUTE_TABLE.geometry
    sign = 1 if mover is Colour.WHITE else -1
    points = [0] * POINTS
    for own in range(1, 25):
        points[geometry.absolute(mover, own) - 1] = sign * (board.me[own] - board.opp[own])
    pairs = {mover: (board.me[BAR], board.me[OFF]), mover.other: (board.opp[BAR], board.opp[OFF])}
    bar = (pairs[Colour.WHITE][0], pairs[Colour.BLACK][0])
    off = (pairs[Colour.WHITE][1], pairs[Colour.BLACK][1])
    return template.replace(points=tuple(points), bar=bar, off=off)


# --------------------------------------------------------------------------------------
# Single moves
# --------------------------------------------------------------------------------------


def _single_moves(board: _Board, die: int) -> Iterator[tuple[Move, _Board]]:
    """Every legal single move for one die, with the board after it."""
    if board.me[BAR]:
        # fr 5750: nothing moves before every beaten checker has entered
        move = _landing(board, BAR, die)
        if move:
            yield move, _after(board, move)
        return
    for start in range(24, 0, -1):
        if board.me[start]:
            move = _landing(board, start, die)
            if move:
                yield move, _after(board, move)


def _landing(board: _Board, start: int, die: int) -> Move | None:
    """The move of a checker from ``start`` (or the bar) for ``die``, if the rules allow it.

    Entering from the bar lands on point ``25 - die``, in the tête's table (fr 5756). A point
    the opponent holds with two or more is closed (fr 5740); one's own checkers never close
    a point, entering included (fr 5758); a lone opposing checker is beaten (fr 5746).
    """
    target = start - die
    if target <= 0:
        return _bearing_off(board, start, die)
    found = board.opp[target]
    if found >= 2:
        return None
    return Move(start, target, die, hits=found)


def _bearing_off(board: _Board, start: int, die: int) -> Move | None:
    """fr 5779–5781, the rule of Trictrac's jan de retour: a checker leaves with the exact
    number; a higher number must be played by a checker behind if there is one, and only
    when none is behind does it lift the checker on the highest point."""
    if not board.all_home():
        return None
    if start == die or start == board.highest():
        return Move(start, OFF, die)
    return None


def _after(board: _Board, move: Move) -> _Board:
    after = board.copy()
    after.me[move.start] -= 1
    after.me[move.end] += 1
    if move.hits:  # fr 5746, 5750: the beaten checker is out of the game until it enters
        after.opp[move.end] -= 1
        after.opp[BAR] += 1
    return after


# --------------------------------------------------------------------------------------
# Plays: every sequence of single moves, then the duties
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Leaf:
    moves: tuple[Move, ...]
    board: _Board = field(compare=False)

    @property
    def key(self) -> tuple[Move, ...]:
        return tuple(sorted(self.moves))


def _explore(
    board: _Board,
    dice: tuple[int, ...],
    memo: dict[tuple[tuple[int, ...], tuple[int, ...]], list[_Leaf]],
) -> list[_Leaf]:
    """All plays from here with these dice left, each a distinct set of moves.

    A play stops when the last checker is borne off: the game is over (fr 5783).
    """
    memo_key = (board.key(), dice)
    if memo_key in memo:
        return memo[memo_key]
    leaves: dict[tuple[Move, ...], _Leaf] = {}
    for die in sorted(set(dice), reverse=True):
        rest = list(dice)
        rest.remove(die)
        for move, after in _single_moves(board, die):
            done = not rest or after.me[OFF] == CHECKERS
            for sub in [_Leaf((), after)] if done else _explore(after, tuple(rest), memo):
                leaf = _Leaf((move, *sub.moves), sub.board)
                leaves.setdefault(leaf.key, leaf)
    if not leaves:
        leaves[()] = _Leaf((), board)
    memo[memo_key] = list(leaves.values())
    return memo[memo_key]


def _duties(leaves: list[_Leaf], dice: tuple[int, ...], rules: TouteTableRules) -> list[_Leaf]:
    """Keep the plays that use as many dice as can be used (fr 5740: the doublet's twenty
    or twenty-four points "pourvu que vous puissiez jouer"), and — the edition's reading,
    the text being silent — the higher die when only one of two can be played.

    A play that bears off the last checker ends the game and is never cut short by the
    count of dice: it could not use more.
    """
    ending = [leaf for leaf in leaves if leaf.board.me[OFF] == CHECKERS]
    other = [leaf for leaf in leaves if leaf.board.me[OFF] != CHECKERS]
    if not other:
        return ending
    most = max(len(leaf.moves) for leaf in other)
    other = [leaf for leaf in other if len(leaf.moves) == most]
    if rules.higher_die and most == 1 and len(set(dice)) == 2:
        higher = [leaf for leaf in other if leaf.moves[0].die == max(dice)]
        other = higher or other
    return ending + other


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
    rules_type: ClassVar[type] = TouteTableRules
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

    def outcome(self, position: Position, rules: object = None) -> Outcome | None:
        """The first to bear off all wins (fr 5783): the *partie double* if the loser has
        not yet brought all his checkers into his home table (fr 5791) — and has borne off
        none, for "s'il en avait levé une, l'on ne gagnerait que la partie simple"."""
        for colour in Colour:
            if position.borne_off(colour) != CHECKERS:
                continue
            loser = _to_board(position, colour.other)
            double = not loser.me[OFF] and not loser.all_home()
            kind = "double" if double else "simple"
            details = {"loser_off": loser.me[OFF], "loser_all_home": loser.all_home()}
            return Outcome(colour, kind, 2 if double else 1, f"partie {kind}", details)
        return None

    # -- plays ---------------------------------------------------------------------------

    def analyse(
        self, position: Position, roll: Roll | None = None, rules: TouteTableRules | None = None
    ) -> list[Analysis]:
        """Every legal play of ``roll`` (or the position's dice), with its result."""
        rules = rules or TouteTableRules()
        mover, roll = mover_and_roll(position, roll, "6-1")
        if self.outcome(position):
            raise TabulaError("the game is already over in this position")
        dice = dice_to_play(roll)  # fr 5740: doublets are played four times
        leaves = _duties(_explore(_to_board(position, mover), dice, {}), dice, rules)
        template = position.replace(turn=mover.other, dice=None)
        results = []
        for leaf in leaves:
            after = _from_board(leaf.board, mover, template)
            results.append(Analysis(Play(leaf.moves), after, self.outcome(after)))
        return sorted(results, key=lambda a: str(a.play))

    def trace(
        self,
        position: Position,
        roll: Roll,
        written: Sequence[MoveText],
        rules: TouteTableRules | None = None,
    ) -> tuple[Play, Position | None, str]:
        """Follow a written play move by move, ignoring the duties but not the movement
        rules: (the moves, the position after or ``None`` if a move is not allowed, problem)."""
        mover = mover_of(position)
        board = _to_board(position, mover)
        left = list(dice_to_play(roll))
        moves: list[Move] = []
        for number, text in enumerate(written, start=1):
            options = [
                (move, after)
                for die in sorted(set(left), reverse=True)
                for move, after in _single_moves(board, die)
                if text.matches(move)
            ]
            if not options:
                return Play(tuple(moves)), None, f"move {number} is not allowed"
            move, board = options[0]
            moves.append(move)
            left.remove(move.die)
            if board.me[OFF] == CHECKERS and number < len(written):
                template = position.replace(turn=mover.other, dice=None)
                after = _from_board(board, mover, template)
                return Play(tuple(moves)), after, f"the game ended at move {number}"
        template = position.replace(turn=mover.other, dice=None)
        return Play(tuple(moves)), _from_board(board, mover, template), ""

    # -- facts the text states about positions -----------------------------------------

    def facts(self, position: Position, colour: Colour, rules: object = None) -> dict[str, object]:
        """Facts about a position from ``colour``'s side, in the text's terms."""
        board = _to_board(position, colour)
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
