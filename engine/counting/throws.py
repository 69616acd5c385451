"""How many of the 36 throws of two dice do a thing: counted by exact enumeration.

The Trictrac texts teach the player to count "combien il y a de coups pour et contre soi"
(fr 5057–5178), "wie viele Würfe man wider sich hat" (de 3552–3590, da 907–935, the book of
1800 at 001 843–877) and to know which sums fall most often (sv 2155–2172; fr 5372–5382).
Every number of those pages is computed here by going through all the throws, never typed.

Words, as the texts use them:

*throw* (coup, Wurf, kast)
    the faces of two dice that can be told apart, in order: ``(6, 1)`` and ``(1, 6)`` are two
    throws, so there are 36 (fr 5061, de 3576). A :data:`~engine.core.dice.Roll`.
*named throw* (coup qui s'appelle, fr 5098; "sinnlicher" Wurf, de 3556)
    the throw as a player calls it, higher face first: 21 of them. A named throw that is not
    a doublet comes as two throws — the 1698 text calls it *double* and a doublet *simple*
    (fr 5073), which this module calls ``twice`` and ``once`` to keep the ordinary meanings.
*number* (nombre)
    how far one dame can go with a throw: each die alone, or both together by one dame
    (fr 5090: "trois manières différentes"). A doublet is played as two moves of its face
    (fr 6009 "Les doublets, ainsi qu'au Trictrac, ne s'y jouent qu'une fois"; fr 4634), so
    it reaches its face and twice its face only; other games of the family play it four
    times (:data:`DOUBLET_MOVES` is a parameter so that this can be shown to matter).
*passage*
    where a dame that plays both numbers stops between them. A passage is *closed* (fermé)
    when the opponent has a case there (fr 5140; fr 4873, note 102: a single dame does not
    close it). A number that can only be made through closed passages hits *à faux* (the
    "jan qui ne peut", fr 4768); a die alone always hits *à vrai*.

Counting a distance here means: one hitting dame, a blot that many points ahead of it, and
nothing else on the board but the closed passages given. Which passages are closed is
always stated by the caller: fr 5140 says the two rules hold only where none is.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from itertools import product

from ..core.dice import Roll, all_throws, is_doublet

DOUBLET_MOVES = 2  # Trictrac: a doublet is played once, as two moves (fr 6009, 4634)
THROWS: tuple[Roll, ...] = tuple(all_throws())
SIX_TABLES = frozenset(range(1, 7))  # the six first points after the talon (fr 4694, note 96)


class Hit(StrEnum):
    """How a number reaches a blot: through an open passage, or only through closed ones."""

    VRAI = "vrai"  # battre à vrai: the jan de récompense (fr 4760)
    FAUX = "faux"  # battre à faux: the jan qui ne peut (fr 4768)


def named(roll: Roll) -> Roll:
    """The throw as players name it: the higher face first (fr 4624)."""
    return (max(roll), min(roll))


def routes(roll: Roll, doublet_moves: int = DOUBLET_MOVES) -> tuple[tuple[int, ...], ...]:
    """The ways one dame can go with a throw: the dice it moves for, in the order played.

    A simple throw: either die alone, or both in either order (two routes to the same
    number, through two different passages). A doublet: its face once, twice, … up to
    ``doublet_moves`` times, each time through the points before.
    """
    first, second = roll
    if is_doublet(roll):
        return tuple((first,) * count for count in range(1, doublet_moves + 1))
    return ((first,), (second,), (first, second), (second, first))


def numbers(roll: Roll, doublet_moves: int = DOUBLET_MOVES) -> tuple[int, ...]:
    """The distinct numbers a throw reaches with one dame, smallest first (its *moyens*)."""
    return tuple(sorted({sum(route) for route in routes(roll, doublet_moves)}))


def _passages(route: tuple[int, ...]) -> tuple[int, ...]:
    """The points a dame stops on before its last move: partial sums, without the last."""
    return tuple(sum(route[:k]) for k in range(1, len(route)))


def hit(
    roll: Roll,
    distance: int,
    closed: Iterable[int] = (),
    doublet_moves: int = DOUBLET_MOVES,
) -> Hit | None:
    """Whether a throw hits a blot ``distance`` points ahead, and how.

    À vrai when some route of that length has no closed passage; à faux when every route of
    that length passes a closed one (which a single die never does); otherwise it misses.
    """
    blocked = frozenset(closed)
    ways = [r for r in routes(roll, doublet_moves) if sum(r) == distance]
    if not ways:
        return None
    if any(not blocked.intersection(_passages(r)) for r in ways):
        return Hit.VRAI
    return Hit.FAUX


def hitting(
    distance: int,
    closed: Iterable[int] = (),
    kind: Hit = Hit.VRAI,
    doublet_moves: int = DOUBLET_MOVES,
) -> tuple[Roll, ...]:
    """The throws (of the 36) that hit a blot ``distance`` points ahead in this way."""
    shut = tuple(closed)
    return tuple(r for r in THROWS if hit(r, distance, shut, doublet_moves) is kind)


def against(distance: int, closed: Iterable[int] = (), doublet_moves: int = DOUBLET_MOVES) -> int:
    """The throws that do not hit the blot à vrai: "les coups contraires" (fr 5140)."""
    return len(THROWS) - len(hitting(distance, closed, Hit.VRAI, doublet_moves))


def summing(*totals: int) -> tuple[Roll, ...]:
    """The throws whose two faces add up to one of ``totals`` (the "Verbindungen", de 3560)."""
    return tuple(r for r in THROWS if sum(r) in totals)


def names(rolls: Iterable[Roll]) -> tuple[Roll, ...]:
    """The distinct named throws among ``rolls``, higher throws first (6-6, 6-5, … 1-1)."""
    return tuple(sorted({named(r) for r in rolls}, reverse=True))


def twice(rolls: Iterable[Roll]) -> int:
    """How many of the named throws among ``rolls`` come as two throws (not doublets).

    The 1698 text calls these *doubles* (fr 5073, 5144–5166).
    """
    return sum(not is_doublet(r) for r in names(rolls))


def once(rolls: Iterable[Roll]) -> int:
    """How many of the named throws among ``rolls`` are doublets, which come once only."""
    return sum(is_doublet(r) for r in names(rolls))


def mean_sum() -> Fraction:
    """The mean of the two faces' sum over the 36 throws ("die mittlere Zahl", de 3584)."""
    return Fraction(sum(sum(r) for r in THROWS), len(THROWS))


def sum_ways() -> dict[int, int]:
    """Each sum of two faces, 2–12, with the number of throws that make it."""
    return {total: len(summing(total)) for total in range(2, 13)}


def each_distance() -> range:
    """The distances one throw can carry one dame in Trictrac: 1 to 12 (fr 5146)."""
    return range(1, 13)


def reachable_by_one_die() -> frozenset[int]:
    """The numbers a single die makes: its faces."""
    return frozenset(range(1, 7))


# --- the jan de trois coups -------------------------------------------------------------


@dataclass(frozen=True)
class JanDeTroisCoups:
    """How many sequences of three throws let a player make the jan de trois coups.

    ``sequences`` counts the ordered sequences (36³ in all) after which six dames can
    stand one on each of the six points after the talon (fr 4694; note 96 "une dame sur
    chacune des six premières flèches"); ``with_doublet`` those among them that hold a
    doublet; ``witness`` the first such sequence with a doublet, if any.
    """

    total: int
    sequences: int
    with_doublet: int
    witness: tuple[Roll, ...] | None


def jan_de_trois_coups(doublet_moves: int = DOUBLET_MOVES, *, drop: bool = True) -> JanDeTroisCoups:
    """Go through all 46 656 sequences of three throws from the talon.

    The search follows the dames that left the talon (fifteen there: one is always left to
    take) while they stand on the six points. With ``drop`` a dame played beyond them is
    dropped instead of followed, since it never comes back: that allows every play the
    rules allow and some they forbid (a lone dame into the coin, fr 4636), so the counts are
    upper bounds — and a zero is a proof. Without ``drop`` such moves are not made at all,
    which allows only plays that are legal on the opening board (every point up to the six
    is open there), so a sequence found then is a real one. With doublets played twice the
    two agree: six points need six dames, three throws give six moves, so every play that
    makes the jan takes six dames straight off the talon.
    """
    covering = 0
    with_doublet = 0
    witness: tuple[Roll, ...] | None = None
    start: frozenset[State] = frozenset({()})
    for first, second in product(THROWS, repeat=2):
        middle = _after(_after(start, first, doublet_moves, drop), second, doublet_moves, drop)
        for third in THROWS:
            if not any(_can_cover(state, third, doublet_moves, drop) for state in middle):
                continue
            covering += 1
            sequence = (first, second, third)
            if any(is_doublet(r) for r in sequence):
                with_doublet += 1
                witness = witness or sequence
    return JanDeTroisCoups(len(THROWS) ** 3, covering, with_doublet, witness)


State = tuple[int, ...]  # the sorted points (1–6) of the dames off the talon still on them


def _after(
    states: frozenset[State], roll: Roll, doublet_moves: int, drop: bool
) -> frozenset[State]:
    found: set[State] = set()
    for state in states:
        found |= _moves(state, roll, doublet_moves, drop)
    return frozenset(found)


@cache
def _moves(state: State, roll: Roll, doublet_moves: int, drop: bool) -> frozenset[State]:
    """Every state a throw leads to: each die moves one dame, in either order."""
    dice = (roll[0],) * doublet_moves if is_doublet(roll) else roll
    found: set[State] = set()
    for order in {dice, dice[::-1]}:
        found |= _play(state, order, drop)
    return frozenset(found)


def _play(state: State, dice: tuple[int, ...], drop: bool) -> set[State]:
    if not dice:
        return {state}
    die, rest = dice[0], dice[1:]
    found: set[State] = set()
    for start in {0, *state}:  # 0: a dame from the talon
        after = list(state)
        if start:
            after.remove(start)
        if start + die <= max(SIX_TABLES):
            after.append(start + die)
        elif not drop:
            continue
        found |= _play(tuple(sorted(after)), rest, drop)
    return found


@cache
def _can_cover(state: State, roll: Roll, doublet_moves: int, drop: bool) -> bool:
    return any(set(s) >= SIX_TABLES for s in _moves(state, roll, doublet_moves, drop))
