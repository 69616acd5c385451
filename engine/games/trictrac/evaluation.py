"""The throw evaluator: what a throw wins or gives away *before* it is played.

At Trictrac points are counted from the dice before any checker is touched (fr 4776,
4782): hits that are never made, the rare jans, filling and keeping a jan. Each scoring
fact is an :class:`Event`: its kind (the tariff's name), how many *moyens*, the points, and
to whom. Events that depend on the play chosen (filling, keeping, bearing off the last
checker) name the plays that realise them: a plein counts only if a whole legal play
makes it (fr 5003–5007, 5017).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.dice import Roll, is_doublet
from ...core.moves import Move
from .board import (
    CHECKERS,
    COIN,
    EDGE,
    JANS,
    OPPONENT_COIN,
    TALON,
    TrictracBoard,
    table_of,
)
from .movement import Leaf
from .rules import TrictracRules
from .tariff import rate

Key = tuple[Move, ...]


@dataclass(frozen=True)
class Event:
    """One scoring fact of a throw.

    ``to`` is ``mover`` or ``opponent``; ``point`` the mover's point of the blot hit or the
    half-case filled (0 when none); ``numbers`` the numbers (a die, or both joined) that
    make the moyens; ``jan`` the table filled or kept; ``plays`` the plays that realise a
    fill, keep or bearing-off (empty for events that do not depend on the play); ``sources``
    the mover's points the hitting numbers are counted from.
    """

    kind: str
    to: str
    points: int
    moyens: int = 1
    point: int = 0
    numbers: tuple[int, ...] = ()
    sources: tuple[int, ...] = ()
    jan: str = ""
    lines: str = ""
    plays: frozenset[Key] = field(default=frozenset(), compare=False)

    @property
    def needs_play(self) -> bool:
        return self.kind in ("remplir", "conserver", "sortir-le-premier", "pile-de-malheur")

    def counts_for(self, leaf: Leaf) -> bool:
        return not self.needs_play or leaf.key() in self.plays

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "kind": self.kind,
            "moyens": self.moyens,
            "points": self.points,
            "to": self.to,
        }
        if self.point:
            data["point"] = self.point
        if self.numbers:
            data["numbers"] = list(self.numbers)
        if self.sources:
            data["sources"] = list(self.sources)
        if self.jan:
            data["jan"] = self.jan
        data["lines"] = self.lines
        return data


def numbers_of(roll: Roll) -> tuple[int, ...]:
    """The numbers a throw counts with: each die and both joined (fr 5088–5090).

    A doublet has two: the die and the *double doublet* (fr 4873: "aux doublés il n'y a
    jamais qu'un passage"; fr 4982).
    """
    a, b = sorted(roll, reverse=True)
    return (a, a + b) if a == b else (a, b, a + b)


def _event(
    kind: str,
    roll: Roll,
    rules: TrictracRules,
    qualifier: str = "",
    moyens: int = 1,
    **more: Any,
) -> Event:
    row = rate(rules.game, kind, qualifier)
    points = row.value(is_doublet(roll), moyens)
    lines = row.lines
    if (rules.game, kind, qualifier, rules.toccategli_petit_jan) == (
        "toccategli",
        "remplir",
        "petit-jan",
        "de-56",
    ):  # de note 56: 2, or 4 by a doublet or when two stones could close
        points, lines = (4 if is_doublet(roll) or moyens > 1 else 2), "de note 56"
    return Event(kind, row.to, points, moyens, lines=lines, **more)


# -- the rare jans -------------------------------------------------------------------------


def rare_jans(
    board: TrictracBoard, roll: Roll, throws: int, leaves: list[Leaf], rules: TrictracRules
) -> list[Event]:
    """Jan de trois coups, de deux tables, de méséas and the two contre-jans."""
    events: list[Event] = []
    # "depuis le tas jusques et comprise la case de sonnez": six checkers down, one on each
    # point, the other nine still on the talon; three throws, never a doublet (fr 4694, 4696)
    six_tables = range(TALON + 1, TALON + 7)
    if (
        throws < 3
        and not is_doublet(roll)
        and any(
            all(leaf.board.me[p] == 1 for p in six_tables) and leaf.board.me[TALON] == CHECKERS - 6
            for leaf in leaves
        )
    ):
        events.append(_event("jan-de-trois-coups", roll, rules))
    down = CHECKERS - board.me[TALON] - board.off
    held = board.opponent_coin_held()
    if down == 2 and not board.me[COIN] and _two_tables(board, roll):  # fr 4704–4710
        kind = "contre-jan-de-deux-tables" if held else "jan-de-deux-tables"
        events.append(_event(kind, roll, rules))
    if down == 2 and board.me[COIN] == 2 and 1 in roll:  # fr 4714–4718
        kind = "contre-jan-de-meseas" if held else "jan-de-meseas"
        events.append(_event(kind, roll, rules))
    return events


def _two_tables(board: TrictracBoard, roll: Roll) -> bool:
    """The two checkers down could go one to each coin with this throw (fr 4704)."""
    down = [p for p in range(TALON + 1, 25) for _ in range(board.me[p])]
    if len(down) != 2:
        return False
    a, b = roll
    x, y = down
    return any(
        COIN - first == d1 and OPPONENT_COIN - second == d2
        for first, second in ((x, y), (y, x))
        for d1, d2 in ((a, b), (b, a))
    )


# -- hits ------------------------------------------------------------------------------------


def coin_hit(board: TrictracBoard, roll: Roll, rules: TrictracRules) -> list[Event]:
    """*Battre le coin* (fr 4762, 4844, 4861, 4881): own coin held, the opponent's empty.

    Two distinct checkers must stand on 13 − a and 13 − b (two on 13 − d for a doublet);
    the two checkers of the coin itself do not count, its *surcases* do ("le coin seul ne
    peut battre le coin", fr 4881); joined numbers never hit the coin (fr 4861).
    """
    if not board.coin_held() or board.opp[OPPONENT_COIN]:
        return []
    need: dict[int, int] = {}
    for die in roll:
        need[OPPONENT_COIN - die] = need.get(OPPONENT_COIN - die, 0) + 1
    for point, count in need.items():
        spare = board.me[point] - (2 if point == COIN else 0)
        if spare < count:
            return []
    return [_event("battre-le-coin", roll, rules)]


def _sum_reaches(board: TrictracBoard, roll: Roll, target: int) -> tuple[bool, bool]:
    """(reached by both numbers joined, through an open passage) for a blot on ``target``.

    A passage is closed by an opponent's case (two or more checkers); a single opposing
    checker or an empty point is open for hitting (fr 4742, 4768, 4873).
    """
    a, b = roll
    start = target - a - b
    if start < 1 or not board.me[start]:
        return False, False
    middles = {start + a, start + b}
    return True, any(board.opp[m] < 2 for m in middles)


def blot_hits(board: TrictracBoard, roll: Roll, rules: TrictracRules) -> list[Event]:
    """Blots hit *à vrai* (jan de récompense) and *à faux* (jan qui ne peut), per moyen."""
    events: list[Event] = []
    joined = sum(roll)
    for target in board.blots():
        if target == OPPONENT_COIN:
            continue
        vrai = [d for d in sorted(set(roll)) if target - d >= 1 and board.me[target - d]]
        reached, open_ = _sum_reaches(board, roll, target)
        if reached and open_:
            vrai.append(joined)
        table = table_of(target)
        if vrai:
            events.append(
                _event(
                    "battre-a-vrai",
                    roll,
                    rules,
                    table,
                    len(vrai),
                    point=target,
                    numbers=tuple(vrai),
                    sources=tuple(sorted(target - n for n in vrai)),
                )
            )
        if reached and not open_ and (not vrai or rules.mixed_hit == "both"):
            events.append(
                _event(
                    "battre-a-faux",
                    roll,
                    rules,
                    table,
                    point=target,
                    numbers=(joined,),
                    sources=(target - joined,),
                )
            )
    return events


# -- filling and keeping a jan -------------------------------------------------------------


def _fill_numbers(board: TrictracBoard, leaf: Leaf, target: int) -> set[int]:
    """The numbers by which ``leaf`` brings a checker onto the half-case ``target``.

    A move onto it from a point where the mover had a checker fills by its die; a move
    continuing one that ended on its starting point fills by both joined (*tout d'une*).
    When both are true the play realises both moyens (ternes: "du trois et du ternes",
    fr 4993).
    """
    found: set[int] = set()
    for move in leaf.moves:
        if move.end != target:
            continue
        before = [m for m in leaf.moves if m.end == move.start and m is not move]
        if before:
            found.add(before[0].die + move.die)
        if board.me[move.start]:
            found.add(move.die)
    return found


def fills(
    board: TrictracBoard, roll: Roll, leaves: list[Leaf], rules: TrictracRules
) -> list[Event]:
    """*Remplir* and *conserver* a petit jan, grand jan or jan de retour (fr 4722–4746).

    Moyens are counted only when a single half-case is missing (fr 4986–4988): each number
    that brings a checker onto it in a whole legal play is one moyen, however many checkers
    could (fr 4995). A whole case missing, or several points, is at most one moyen.
    """
    events: list[Event] = []
    for name, jan in JANS.items():
        # taking the coin par puissance "ne vaut rien" (fr 4834; 001 837): it fills nothing
        making = frozenset(
            leaf.key() for leaf in leaves if leaf.board.full(jan) and not leaf.puissance
        )
        if board.full(jan):
            if making:
                events.append(_event("conserver", roll, rules, name, jan=name, plays=making))
            continue
        if not making:
            continue
        short = [p for p in jan if board.me[p] < 2]
        numbers: set[int] = set()
        point = 0
        if len(short) == 1 and board.me[short[0]] == 1:
            point = short[0]
            for leaf in leaves:
                if leaf.key() in making:
                    numbers |= _fill_numbers(board, leaf, point)
            numbers |= _from_the_coin(board, roll, point, name, rules, making, leaves)
        moyens = max(1, len(numbers))
        events.append(
            _event(
                "remplir",
                roll,
                rules,
                name,
                moyens,
                point=point,
                numbers=tuple(sorted(numbers)),
                jan=name,
                plays=making,
            )
        )
    return events


def _from_the_coin(
    board: TrictracBoard,
    roll: Roll,
    point: int,
    jan: str,
    rules: TrictracRules,
    making: frozenset[Key],
    leaves: list[Leaf],
) -> set[int]:
    """The first 1698 opinion: both numbers joined from the coin fill *par puissance*.

    Only in the jan de retour, only when the coin holds its two checkers, and only when the
    whole throw can be played to fill with another checker, "indépendamment du coin"
    (fr 4997–5007). The prevailing opinion counts nothing of it (fr 5017–5021).
    """
    if rules.coin_fill != "first-opinion" or jan != "jan-de-retour":
        return set()
    joined = sum(roll)
    if board.me[COIN] != 2 or COIN + joined != point:
        return set()
    independent = [
        leaf
        for leaf in leaves
        if leaf.key() in making
        and len(leaf.moves) == 2
        and all(m.start != COIN for m in leaf.moves)
    ]
    if not independent:
        return set()
    middles = {COIN + roll[0], COIN + roll[1]}
    if all(board.opp[m] >= 2 for m in middles):
        return set()
    return {joined}


# -- what cannot be played, and bearing off ---------------------------------------------------


def impuissance(roll: Roll, leaves: list[Leaf], rules: TrictracRules) -> list[Event]:
    """Each die that cannot be played gives the opponent two points (fr 4746, law 5498)."""
    played = max(len(leaf.moves) for leaf in leaves)
    unplayable = 2 - played
    if unplayable <= 0 or any(leaf.board.off == CHECKERS for leaf in leaves):
        return []  # a die left over once the last checker is off is no checker unplayed
    return [_event("dame-impuissante", roll, rules, moyens=unplayable)]


def first_off(
    board: TrictracBoard, roll: Roll, leaves: list[Leaf], rules: TrictracRules
) -> list[Event]:
    """The first to bear off all his checkers (fr 4748, 5039)."""
    done = frozenset(leaf.key() for leaf in leaves if leaf.board.off == CHECKERS)
    if not done or board.off == CHECKERS:
        return []
    return [_event("sortir-le-premier", roll, rules, plays=done)]


def evaluate(
    board: TrictracBoard, roll: Roll, throws: int, leaves: list[Leaf], rules: TrictracRules
) -> list[Event]:
    """Every event of ``roll`` for the mover, whose board is ``board``, in the tariff's order."""
    return [
        *rare_jans(board, roll, throws, leaves, rules),
        *blot_hits(board, roll, rules),
        *coin_hit(board, roll, rules),
        *impuissance(roll, leaves, rules),
        *fills(board, roll, leaves, rules),
        *first_off(board, roll, leaves, rules),
    ]


__all__ = ["EDGE", "Event", "evaluate", "numbers_of"]
