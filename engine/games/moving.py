"""The moving machinery of the games whose checkers run a course one die at a time.

Verkehr, Revertier and Bräde (:mod:`.verkehren`, :mod:`.brade`), Toute-Table
(:mod:`.toute_table`) and the Plein (:mod:`.plein`) all play a throw the same way: each die
moves one checker, a doublet is played four times, hit checkers enter before anything else
moves, the checkers are borne off at the end of their course, and a player uses as many
dice as he can. What this module holds is that shared part:

* :class:`Board`, the mover's-eye board: both sides' checkers counted in the mover's own
  numbering, as mutable arrays for the search, read from and written back to a
  :class:`~engine.core.position.Position` (:func:`to_board`, :func:`from_board`); its
  :class:`Way` says which way the mover's numbers run (up, or down as in Toute-Table) and
  where his bar and borne-off checkers are kept;
* :func:`single_moves`, every single move of one die, which asks the game's
  :class:`MoveRules` — the hooks where the games differ: how a checker enters, and where it
  may go from a point (bands, bursting, the huk, Junker…) —, and :func:`bearing_off`, the
  common rule of bearing off and Bräde's Vasa rule;
* :class:`Explorer`, every play of a roll (each distinct set of moves), stopping where the
  game's ``ending`` hook says the game is over, and following a written play
  (:meth:`Explorer.trace`);
* :func:`as_many_dice`, the duty every game of the kind states: as many dice as possible,
  and — where a game's rules say so — the higher die when only one of two can be played.
  The Trictrac's movement (:mod:`.trictrac.movement`) is its own, but its duty is this one.

What only one game says — its endings, its scoring, a duty of its own (Bräde's, sv 2961,
3076) — stays in its module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from ..core.moves import BAR, BAR_DOWN, OFF, OFF_DOWN, Move, MoveText
from ..core.position import POINTS, Colour, Geometry, Position

# --------------------------------------------------------------------------------------
# The mover's-eye board
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Way:
    """Which way the mover's numbers run as his checkers advance, and where in his numbering
    the bar (whence hit checkers enter) and the tray of borne-off checkers are."""

    bar: int
    off: int
    step: int  # +1 where the numbers rise along the way, -1 where they fall
    points: tuple[int, ...]  # the mover's points along his way, the rearmost first
    outside_home: slice  # the points before his last table, as a slice of ``Board.me``

    def target(self, start: int, die: int) -> int:
        """Where ``die`` carries a checker from ``start`` (the bar included)."""
        return start + self.step * die

    def beyond(self, target: int) -> bool:
        """The target lies past the last point: the checker would leave the board."""
        return not 1 <= target <= POINTS


UP = Way(bar=BAR, off=OFF, step=1, points=tuple(range(1, 25)), outside_home=slice(1, 19))
DOWN = Way(
    bar=BAR_DOWN, off=OFF_DOWN, step=-1, points=tuple(range(24, 0, -1)), outside_home=slice(7, 25)
)


def way_of(geometry: Geometry) -> Way:
    """The way a game's players count (:attr:`Geometry.counts_down`)."""
    return DOWN if geometry.counts_down else UP


class Board:
    """Both sides' checkers in the *mover's* numbering: the mover's-eye board.

    ``me[1..24]`` are the mover's points, ``me[way.bar]`` his bar and ``me[way.off]`` his
    borne-off checkers (0 and 25, or 25 and 0 where the numbers run down); ``opp`` likewise
    for the opponent, indexed by the mover's point numbers.
    """

    __slots__ = ("me", "opp", "way")

    def __init__(self, me: list[int], opp: list[int], way: Way = UP) -> None:
        self.me = me
        self.opp = opp
        self.way = way

    def key(self) -> tuple[int, ...]:
        return (*self.me, *self.opp)

    def copy(self) -> Board:
        return Board(self.me[:], self.opp[:], self.way)

    def rear(self) -> int:
        """The mover's rearmost point (de1800 543 "der hinterste"; fr 5037 "les plus
        éloignées"), or his tray when none is left."""
        for point in self.way.points:
            if self.me[point]:
                return point
        return self.way.off

    def all_home(self) -> bool:
        """Every checker still in play is in the last table (de1800 541, fr 5674, 5779)."""
        return not self.me[self.way.bar] and not any(self.me[self.way.outside_home])


def to_board(position: Position, mover: Colour, geometry: Geometry) -> Board:
    """The position as the mover sees it, in the numbering ``geometry`` gives him."""
    way = way_of(geometry)
    me = [0] * 26
    opp = [0] * 26
    for own in range(1, 25):
        absolute = geometry.absolute(mover, own)
        me[own] = position.count(mover, absolute)
        opp[own] = position.count(mover.other, absolute)
    me[way.bar], opp[way.bar] = position.on_bar(mover), position.on_bar(mover.other)
    me[way.off], opp[way.off] = position.borne_off(mover), position.borne_off(mover.other)
    return Board(me, opp, way)


def from_board(board: Board, mover: Colour, template: Position, geometry: Geometry) -> Position:
    """The board written back into ``template`` (its points, bar and borne-off checkers)."""
    way = board.way
    points = [0] * POINTS
    sign = 1 if mover is Colour.WHITE else -1
    for own in range(1, 25):
        absolute = geometry.absolute(mover, own)
        points[absolute - 1] = sign * board.me[own] - sign * board.opp[own]
    pairs = {
        mover: (board.me[way.bar], board.me[way.off]),
        mover.other: (board.opp[way.bar], board.opp[way.off]),
    }
    bar = (pairs[Colour.WHITE][0], pairs[Colour.BLACK][0])
    off = (pairs[Colour.WHITE][1], pairs[Colour.BLACK][1])
    return template.replace(points=tuple(points), bar=bar, off=off)


def after(board: Board, move: Move) -> Board:
    """The board after ``move``; what it hits (a blot, or every checker of a burst band)
    goes to the opponent's bar."""
    moved = board.copy()
    moved.me[move.start] -= 1
    moved.me[move.end] += 1
    if move.hits:
        moved.opp[board.way.bar] += moved.opp[move.end]
        moved.opp[move.end] = 0
    return moved


# --------------------------------------------------------------------------------------
# Single moves: the game's hooks
# --------------------------------------------------------------------------------------


class MoveRules(Protocol):
    """How one checker of a game moves for one die: the hooks :func:`single_moves` asks."""

    def enter(self, board: Board, die: int) -> Move | None:
        """The move entering a hit checker with ``die``, if the rules allow one."""

    def move_from(self, board: Board, start: int, die: int) -> Move | None:
        """The move of a checker from point ``start`` with ``die``, if the rules allow it."""


def single_moves(board: Board, die: int, rules: MoveRules) -> Iterator[tuple[Move, Board]]:
    """Every legal single move for one die, with the board after it, from the rearmost
    point on."""
    if board.me[board.way.bar]:
        # de1800 515, fr 5628, 5750, sv 2784: nothing else moves until every hit checker
        # has entered
        move = rules.enter(board, die)
        if move:
            yield move, after(board, move)
        return
    for start in board.way.points:
        if board.me[start]:
            move = rules.move_from(board, start, die)
            if move:
                yield move, after(board, move)


def bearing_off(board: Board, start: int, die: int, *, rearmost_only: bool) -> Move | None:
    """Bear off the checker on ``start`` with a die that carries it past the last point.

    Not before every checker is in the last table (de1800 541, fr 5674, 5779, sv 2864). The
    common rule (de1800 543, fr 5035–5037, 5779–5781): an exact die bears off from any
    point, a larger one only from the rearmost point — "wo keine hintenan mehr stehen".
    ``rearmost_only``: only the rearmost checker leaves (Bräde's Vasa rule, sv 2959, 2961).
    """
    if not board.all_home():
        return None
    rearmost = start == board.rear()
    off = board.way.off
    if rearmost_only:
        return Move(start, off, die) if rearmost else None
    exact = board.way.target(start, die) == off
    return Move(start, off, die) if exact or rearmost else None


# --------------------------------------------------------------------------------------
# Plays: every sequence of single moves
# --------------------------------------------------------------------------------------

Ending = Callable[[Board], "str | None"]  # the ending the mover has reached, if any


def no_ending(board: Board) -> str | None:
    """For a game whose plays never end it early (the Plein)."""
    return None


@dataclass(frozen=True)
class Leaf:
    """One way to play a throw: the moves in order, the board after them, and the ending
    the play reached (``None`` if the game goes on)."""

    moves: tuple[Move, ...]
    board: Board = field(compare=False)
    ending: str | None

    @property
    def key(self) -> tuple[tuple[Move, ...], str | None, Move | None]:
        """The same moves are one play, unless they end the game differently: then the move
        that ends it tells the plays apart (a jan completed by bursting a band is a
        sprängjan, sv 3052, whichever order the other moves take)."""
        last = self.moves[-1] if self.ending and self.moves else None
        return tuple(sorted(self.moves)), self.ending, last


@dataclass(frozen=True)
class Trace:
    """A written play followed as far as the rules allow; ``problem`` is empty if it went on."""

    moves: tuple[Move, ...]
    board: Board = field(compare=False)
    ending: str | None
    problem: str


class Explorer:
    """All plays of a roll from one board, under one game's move rules and endings.

    ``ending`` says which ending the mover has reached on a board, if any: a move that
    reaches one ends the play at once and the rest of the throw lapses (sv 3074, fr 5783),
    unless it is one of ``last_die_endings``, which count only when reached with the throw's
    last die (Verkehr's *Aufspielen*, de1800 531): reached earlier, the throw is played on.
    ``single``: only one move may be made in this throw (the Revertier's player *hors du
    jeu* enters one checker, fr 5642).
    """

    def __init__(
        self,
        rules: MoveRules,
        ending: Ending = no_ending,
        *,
        last_die_endings: frozenset[str] = frozenset(),
        single: bool = False,
    ) -> None:
        self.rules = rules
        self.ending = ending
        self.last_die_endings = last_die_endings
        self.single = single
        self.memo: dict[tuple[tuple[int, ...], tuple[int, ...]], list[Leaf]] = {}

    def explore(self, board: Board, dice: tuple[int, ...]) -> list[Leaf]:
        """All plays from here with these dice left: each distinct multiset of moves, and
        each move that ends the game with it (see :attr:`Leaf.key`), in the order they are
        found (the higher die first, the rearmost checker first). Transpositions are
        explored once thanks to the memo."""
        memo_key = (board.key(), dice)
        if memo_key in self.memo:
            return self.memo[memo_key]
        leaves: dict[tuple[tuple[Move, ...], str | None, Move | None], Leaf] = {}
        for die in sorted(set(dice), reverse=True):
            rest = list(dice)
            rest.remove(die)
            for move, moved in single_moves(board, die, self.rules):
                reached = self.ending(moved)
                if self._ending_now(reached, rest) or not rest or self.single:
                    subs = [Leaf((), moved, reached)]
                else:
                    subs = self.explore(moved, tuple(rest))
                    if reached and all(not sub.moves for sub in subs):
                        subs = [Leaf((), moved, reached)]  # nothing left to play: it stands
                for sub in subs:
                    leaf = Leaf((move, *sub.moves), sub.board, sub.ending)
                    leaves.setdefault(leaf.key, leaf)
        if not leaves:
            leaves[(), None, None] = Leaf((), board, None)
        self.memo[memo_key] = list(leaves.values())
        return self.memo[memo_key]

    def _ending_now(self, ending: str | None, rest: Sequence[int]) -> str | None:
        """The ending a move reaches, unless it counts only on the throw's last die and dice
        are left: then the throw is played on."""
        if ending in self.last_die_endings and rest:
            return None
        return ending

    def trace(self, board: Board, dice: tuple[int, ...], written: Sequence[MoveText]) -> Trace:
        """Follow a written play move by move, ignoring the duties but not the move rules.

        This tells *why* a play is not allowed: a move the rules forbid, a game that ended
        before the play did, or (comparing with the legal plays) a duty it breaks.
        """
        moves: list[Move] = []
        left = list(dice)
        for number, text in enumerate(written, start=1):
            candidates = [
                (move, moved)
                for die in sorted(set(left), reverse=True)
                for move, moved in single_moves(board, die, self.rules)
                if text.matches(move)
            ]
            if not candidates or (self.single and number > 1):
                shown = _show(text, board.way)
                return Trace(tuple(moves), board, None, f"move {number} ({shown}) is not allowed")
            move, board = candidates[0]
            moves.append(move)
            left.remove(move.die)
            reached = self._ending_now(self.ending(board), left)
            if reached:
                if number < len(written):
                    return Trace(tuple(moves), board, reached, f"the game ended at move {number}")
                return Trace(tuple(moves), board, reached, "")
        return Trace(tuple(moves), board, None, "")


def _show(text: MoveText, way: Way) -> str:
    start = "bar" if text.start == way.bar else str(text.start)
    end = "off" if text.end == way.off else str(text.end)
    die = f"({text.die})" if text.die else ""
    return f"{start}/{end}{text.mark}{die}"


# --------------------------------------------------------------------------------------
# The duty to use the dice
# --------------------------------------------------------------------------------------


class Played(Protocol):
    """A play found by a game's search: its moves in order."""

    @property
    def moves(self) -> tuple[Move, ...]: ...


P = TypeVar("P", bound=Played)


def as_many_dice(
    plays: Sequence[P],
    dice: Sequence[int],
    *,
    higher: bool,
    whole: Callable[[P], bool] | None = None,
) -> list[P]:
    """Keep the plays that use as many dice as can be used (de1800 485, sv 2806, 2908,
    fr 4746, 5498, 5650, 5740) and, with ``higher``, the higher die when only one of two
    different dice can be used (sv 2808, 2908; the modern rule the other texts do not state).

    ``whole`` marks the plays that count as using the whole throw whatever their moves:
    a play that ends the game, where the rest of the throw is void.
    """

    def used(play: P) -> int:
        return len(dice) if whole is not None and whole(play) else len(play.moves)

    most = max((used(play) for play in plays), default=0)
    kept = [play for play in plays if used(play) == most]
    if higher and most == 1 and len(set(dice)) == 2:
        kept = [play for play in kept if play.moves[0].die == max(dice)] or kept
    return kept
