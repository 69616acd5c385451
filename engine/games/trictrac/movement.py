"""How a throw may be played at Trictrac (1698): single moves, *tout d'une*, the coins.

* Each die moves one checker that many points, the starting point not counted (fr 4642);
  both dice by two checkers, or by one *tout d'une* with a legal resting point between
  (fr 4634). A doublet is played as two moves, not four ("les doublets, ainsi qu'au
  Trictrac, ne s'y jouent qu'une fois", fr 6009; fr 4634).
* No checker lands where the opponent has any (a blot is hit only in the counting, never
  taken up).
* The own coin is entered only by two checkers at once and left only by both at once
  (fr 4830, 4838, law 5488): a play never leaves exactly one checker there, and a checker
  that has just entered the empty coin cannot go on from it (fr 4778, 4636: six et cinq
  from the talon must be *abattu*).
* The opponent's coin is never a landing point (law 5492); empty, it is a passage.
* A checker may stop in one of the opponent's tables only when he can no longer make
  that table's plein (law 5500); it may pass through an empty point of it *tout d'une*
  (fr 4742, law 5496; fr 4922).
* Bearing off only when all fifteen are in the jan-de-retour table (fr 5027, law 5502): a
  die bears off the checker it carries exactly to the edge; when that point is empty, it
  is played inside if any checker stands farther back, else it bears off the farthest
  (fr 5035–5037).
* The coin may be taken *par puissance* (fr 4832–4840, law 5490): both coins empty, the
  throw would carry two checkers into the opponent's coin, and it cannot take the own coin
  *par effet*; the two checkers go to the own coin instead, one point short each.
* As many dice as possible must be played (fr 4746, 5498; fr 4922, 5286): the duty the
  games of :mod:`engine.games.moving` share.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...core.dice import Roll
from ...core.moves import Move
from ..moving import as_many_dice
from .board import (
    COIN,
    EDGE,
    JAN_DE_RETOUR,
    OPPONENT_COIN,
    OPPONENT_GRAND_JAN,
    TrictracBoard,
)
from .rules import TrictracRules


@dataclass(frozen=True)
class Leaf:
    """One way to play a throw: the moves made and the mover's board after them."""

    moves: tuple[Move, ...]
    board: TrictracBoard
    puissance: bool = False

    def key(self) -> tuple[Move, ...]:
        return tuple(sorted(self.moves))


def dice_of(roll: Roll) -> tuple[int, ...]:
    """The dice moved for: two, even for a doublet (fr 6009, 4634)."""
    return tuple(sorted(roll, reverse=True))


def may_stop(board: TrictracBoard, point: int, rules: TrictracRules | None = None) -> bool:
    """Can a checker of the mover end a move on ``point`` (1–24)?

    In the Toccategli one may go into the other's tables at any time, but only as a band
    (001 703, 923; de note 64): :func:`_bands_only` checks the band at the end of the play.
    """
    if board.opp[point] or point == OPPONENT_COIN:
        return False
    if rules is not None and rules.game == "toccategli":
        return True
    if point in OPPONENT_GRAND_JAN:
        return not board.opponent_can_fill(OPPONENT_GRAND_JAN)
    if point in JAN_DE_RETOUR:
        return not board.opponent_can_fill(JAN_DE_RETOUR)
    return True


def may_pass(board: TrictracBoard, point: int) -> bool:
    """Can a checker rest on ``point`` between the two dice of a *tout d'une*?

    A passage must be "absolument nue ou vide" in the opponent's tables (fr 4742); the
    opponent's empty coin is a passage too; the own empty coin is not (fr 4778).
    """
    if board.opp[point]:
        return False
    if point == COIN:
        return board.me[COIN] >= 2
    return True


def _bear_off(board: TrictracBoard, start: int, die: int, rules: TrictracRules) -> bool:
    """May ``die`` bear off the checker on ``start`` (fr 5035–5037)?"""
    if start + die == EDGE:
        return True
    if start + die < EDGE:
        return False
    farther = any(board.me[p] for p in range(1, start))
    return not farther


def single_moves(
    board: TrictracBoard, die: int, rules: TrictracRules, coin_at_start: int
) -> Iterator[Move]:
    """Every single move of ``die`` the movement rules allow, as a final landing."""
    exact = EDGE - die
    bearing = board.all_home()
    must_bear = bearing and rules.bear_off == "exact" and board.me[exact] > 0
    for start in range(1, 25):
        if not board.me[start]:
            continue
        if start == COIN and coin_at_start == 0:
            continue  # the checker that just entered the empty coin cannot go on alone
        end = start + die
        if end >= EDGE:
            if bearing and _bear_off(board, start, die, rules):
                yield Move(start, EDGE, die)
        elif not must_bear and may_stop(board, end, rules):
            yield Move(start, end, die)


def passages(
    board: TrictracBoard, die: int, coin_at_start: int, rules: TrictracRules | None = None
) -> Iterator[Move]:
    """Moves to a point where a checker may rest only on its way on (*tout d'une*)."""
    for start in range(1, 25):
        if not board.me[start] or (start == COIN and coin_at_start == 0):
            continue
        end = start + die
        if end < EDGE and may_pass(board, end) and not may_stop(board, end, rules):
            yield Move(start, end, die)


def _coin_ok(board: TrictracBoard) -> bool:
    return board.me[COIN] != 1


def _sequences(board: TrictracBoard, dice: tuple[int, ...], rules: TrictracRules) -> list[Leaf]:
    """Every sequence of moves, as many dice as each ordering allows."""
    coin0 = board.me[COIN]
    found: list[Leaf] = []
    orders = {dice, dice[::-1]}
    for first, second in orders:
        firsts = list(single_moves(board, first, rules, coin0))
        for move in firsts:
            after = board.moved(move.start, move.end)
            found.append(Leaf((move,), after))  # kept only if no play uses both dice
            for again in single_moves(after, second, rules, coin0):
                found.append(Leaf((move, again), after.moved(again.start, again.end)))
        for move in passages(board, first, coin0, rules):  # tout d'une through a passage
            after = board.moved(move.start, move.end)
            for again in single_moves(after, second, rules, coin0):
                if again.start == move.end:
                    found.append(Leaf((move, again), after.moved(again.start, again.end)))
        if rules.bear_off_whole and board.all_home():
            found += _whole_bear_off(board, first, second)
    return found


def _whole_bear_off(board: TrictracBoard, first: int, second: int) -> list[Leaf]:
    """One checker borne off with both dice ("des Zuhaltens wegen", de 3500)."""
    leaves = []
    for start in JAN_DE_RETOUR:
        middle = start + first
        if (
            board.me[start]
            and middle < EDGE
            and start + first + second == EDGE
            and not board.opp[middle]
        ):
            moves = (Move(start, middle, first), Move(middle, EDGE, second))
            leaves.append(Leaf(moves, board.moved(start, middle).moved(middle, EDGE)))
    return leaves


def par_puissance(board: TrictracBoard, roll: Roll) -> Leaf | None:
    """The coin taken *par puissance* with this throw, if the rules allow it.

    Both coins empty; two checkers that the dice carry into the opponent's coin (points
    13 − a and 13 − b, two checkers on 13 − d for a doublet); not if the coin can be taken
    *par effet* with this throw (fr 4840, law 5490).
    """
    if board.me[COIN] or board.opp[OPPONENT_COIN]:
        return None
    if _two_reach(board, roll, COIN):
        return None  # par effet
    if not _two_reach(board, roll, OPPONENT_COIN):
        return None
    a, b = dice_of(roll)  # the higher die first, whatever order the dice were thrown in
    moves = (Move(OPPONENT_COIN - a, COIN, a), Move(OPPONENT_COIN - b, COIN, b))
    after = board.moved(moves[0].start, COIN).moved(moves[1].start, COIN)
    return Leaf(moves, after, puissance=True)


def _two_reach(board: TrictracBoard, roll: Roll, target: int) -> bool:
    """Two distinct checkers stand at ``target − a`` and ``target − b``."""
    a, b = roll
    if a == b:
        return target - a >= 1 and board.me[target - a] >= 2
    return all(target - d >= 1 and board.me[target - d] >= 1 for d in (a, b))


def all_sequences(board: TrictracBoard, roll: Roll, rules: TrictracRules) -> list[Leaf]:
    """Every way of moving the movement rules allow, whatever the duty to play all."""
    leaves = [Leaf((), board)]
    leaves += [leaf for leaf in _sequences(board, dice_of(roll), rules) if _coin_ok(leaf.board)]
    puissance = par_puissance(board, roll)
    if puissance is not None:  # a privilege, and a way of playing both dice
        leaves.append(puissance)
    leaves = [leaf for leaf in leaves if _coin_ok(leaf.board)]
    if rules.game == "toccategli":
        leaves = [leaf for leaf in leaves if _bands_only(board, leaf, rules.toccategli_bands)]
    return leaves


def _bands_only(before: TrictracBoard, leaf: Leaf, reading: str) -> bool:
    """Toccategli: into the other's tables only "mit einem Bande oder zwey Steinen zugleich"
    (001 703): with ``every-landing``, a point of the other's tables that a play reaches
    holds a band after it; with ``going-over``, a point where a checker that came over from
    the mover's own side in this play ends it does (001 923 "hinüber gehen")."""
    if reading == "every-landing":
        reached = {m.end for m in leaf.moves if 13 <= m.end <= 24}
        return all(leaf.board.me[p] != 1 or before.me[p] == 1 for p in reached)
    return all(leaf.board.me[p] >= 2 for p in _came_over(leaf.moves))


def _came_over(moves: tuple[Move, ...]) -> set[int]:
    """Where the checkers that crossed from the mover's side (1–12) to the other's (13–24)
    stand after the play, following one that goes on *tout d'une* with the other die."""
    over: list[int] = []
    for move in moves:
        if move.start in over:
            over.remove(move.start)
            if move.end <= 24:
                over.append(move.end)
        elif move.start <= 12 < move.end <= 24:
            over.append(move.end)
    return set(over)


def legal_leaves(board: TrictracBoard, roll: Roll, rules: TrictracRules) -> list[Leaf]:
    """The legal plays of ``roll``: as many dice as possible, the coin kept in pairs."""
    leaves = all_sequences(board, roll, rules)
    # fr 4746, 5498: as many dice as possible; which die when only one can be: a switch
    best = as_many_dice(leaves, dice_of(roll), higher=rules.one_die == "higher")
    unique: dict[tuple[Move, ...], Leaf] = {}
    for leaf in best:
        unique.setdefault(leaf.key(), leaf)
    if not unique:
        return [Leaf((), board)]
    return sorted(unique.values(), key=lambda leaf: [str(m) for m in leaf.moves])
