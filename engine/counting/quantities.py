"""The quantities a counting claim or table cell names, written as short phrases.

A phrase is a name, its numbers and options, separated by spaces: ``hit 6``,
``hit 7 closed=1,3,4,6``, ``sum 8 6``, ``jan-de-trois-coups doublet``. Throw quantities give
the throws (ordered, as :data:`~engine.counting.throws.THROWS`); the others a number or a
list of numbers. :func:`evaluate` is the only entry point.

Throw quantities:

``all``                   the 36 throws (fr 5061; de 3576)
``doublets``              the six doublets, each one throw (fr 5069)
``simple``                the 30 other throws, two per named throw (fr 5069)
``sum N …``               the throws whose faces add up to N (or to any N given; de 3560)
``hit N``                 the throws that hit a blot N points ahead à vrai (fr 5096–5134)
``faux N``                … that reach it only through closed passages (à faux)
``against N``             … that do not hit it à vrai: "les coups contraires" (fr 5140)
``blot vrai|faux``        the figure's own blot, hit from all the other side's dames

with the options ``closed=a,b,…`` (the distances of closed passages from the hitting dame)
and ``moves=k`` (a doublet played as k moves instead of two, to show what the texts' counts
depend on).

Number quantities:

``mean-sum``              the mean of the two faces' sum ("die mittlere Zahl", de 3584)
``most-sum``              the sum most throws make (de 3558; sv 2155; fr 5372)
``sums``                  how many different sums two dice make (de 3588 "elf Zahlen")
``sums-below N``          how many different sums are below N (fr 5380), ``sums-above N``
``one-die-and-both``      the sums also made by one die alone (de 3588): a list
``two-dice-only``         the sums only the two dice together make: a list
``moyens simple|doublet`` the most numbers one throw of that kind reaches (fr 5090)
``numbers A-B``           the numbers the throw A-B reaches with one dame: a list (fr 5090)
``times simple|doublets`` how many throws each named throw of that kind is: a list of the
                          different counts (fr 5070; de 3582)
``closing-lowers-against`` at how many distances and sets of closed passages closing lowers
                          the contrary throws (fr 5140 says it never does)
``closing-raises-at``     the distances at which closing some passages raises them: a list
``beyond N``              how many throws reach a number above N with one dame (fr 5136)
``complement N``          the throws that are not N of them: 36 − N (fr 5077–5079)
``jan-de-trois-coups``    the sequences of three throws that make it (fr 4694),
                          ``… doublet`` those among them with a doublet (fr 4696)
``sequences``             the sequences of three throws: 36³
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Any

from ..core.dice import Roll, is_doublet, parse_roll
from ..core.errors import TabulaError
from . import throws as t
from .situation import Situation


@dataclass(frozen=True)
class Throws:
    """The value of a throw quantity: some of the 36 throws, each once, in their order."""

    rolls: tuple[Roll, ...]


Value = Throws | int | Fraction | tuple[int, ...]


class QuantityError(TabulaError):
    """A phrase that names no quantity, or gives it the wrong numbers."""


@dataclass(frozen=True)
class Phrase:
    """A parsed phrase: its name, numbers and options (``closed``, ``moves``)."""

    name: str
    numbers: tuple[int, ...]
    words: tuple[str, ...]
    closed: tuple[int, ...] = ()
    moves: int = t.DOUBLET_MOVES
    situation: Mapping[str, Any] = field(default_factory=dict)


def parse(text: str, situation: Mapping[str, Any] | None = None) -> Phrase:
    """Read a phrase such as ``hit 7 closed=1,3,4,6``."""
    name, *rest = text.split() or [""]
    numbers: list[int] = []
    words: list[str] = []
    options: dict[str, str] = {}
    for token in rest:
        key, sep, value = token.partition("=")
        if sep:
            options[key] = value
        elif token.isdigit():
            numbers.append(int(token))
        else:
            words.append(token)
    unknown = sorted(set(options) - {"closed", "moves"})
    if unknown:
        raise QuantityError(f"'{text}': unknown option(s) {', '.join(unknown)}")
    try:
        closed = tuple(int(x) for x in options["closed"].split(",")) if "closed" in options else ()
        moves = int(options.get("moves", t.DOUBLET_MOVES))
    except ValueError:
        raise QuantityError(f"'{text}': closed= and moves= take numbers") from None
    return Phrase(name, tuple(numbers), tuple(words), closed, moves, situation or {})


def evaluate(text: str, situation: Mapping[str, Any] | None = None) -> Value:
    """The value of a phrase, by enumeration."""
    phrase = parse(text, situation)
    handler = _HANDLERS.get(phrase.name)
    if handler is None:
        raise QuantityError(f"'{text}': no quantity '{phrase.name}' (known: {sorted(_HANDLERS)})")
    return handler(phrase)


def _one(phrase: Phrase) -> int:
    if len(phrase.numbers) != 1:
        raise QuantityError(f"'{phrase.name}' takes one number, not {list(phrase.numbers)}")
    return phrase.numbers[0]


def _hit(kind: t.Hit) -> Callable[[Phrase], Value]:
    return lambda p: Throws(t.hitting(_one(p), p.closed, kind, p.moves))


def _against(phrase: Phrase) -> Value:
    hits = set(t.hitting(_one(phrase), phrase.closed, t.Hit.VRAI, phrase.moves))
    return Throws(tuple(r for r in t.THROWS if r not in hits))


def _blot(phrase: Phrase) -> Value:
    if not phrase.situation:
        raise QuantityError("'blot' is about a drawn situation: the figure has no [situation]")
    kind = t.Hit(phrase.words[0]) if phrase.words else t.Hit.VRAI
    return Throws(Situation.read(phrase.situation).hitting(kind))


def _sums(phrase: Phrase) -> frozenset[int]:
    return frozenset(t.sum_ways())


def _beyond(phrase: Phrase) -> Value:
    limit = _one(phrase)
    return sum(max(t.numbers(r, phrase.moves)) > limit for r in t.THROWS)


def _moyens(phrase: Phrase) -> Value:
    doublet = phrase.words == ("doublet",)
    if phrase.words not in (("simple",), ("doublet",)):
        raise QuantityError("'moyens' takes 'simple' or 'doublet'")
    kind = [r for r in t.THROWS if is_doublet(r) == doublet]
    return max(len(t.numbers(r, phrase.moves)) for r in kind)


def _numbers(phrase: Phrase) -> Value:
    if len(phrase.words) != 1:
        raise QuantityError("'numbers' takes one throw, such as 6-5")
    return t.numbers(parse_roll(phrase.words[0], field="numbers"), phrase.moves)


def _times(phrase: Phrase) -> Value:
    if phrase.words not in (("simple",), ("doublets",)):
        raise QuantityError("'times' takes 'simple' or 'doublets'")
    doublets = phrase.words == ("doublets",)
    counts = Counter(t.named(r) for r in t.THROWS if is_doublet(r) == doublets)
    return tuple(sorted(set(counts.values())))


def _closings(phrase: Phrase) -> Iterator[tuple[int, int, int]]:
    """(distance, contrary throws open, contrary throws with some passages closed)."""
    for distance in t.each_distance():
        passages = range(1, distance)
        open_count = t.against(distance, (), phrase.moves)
        for size in range(1, len(passages) + 1):
            for closed in combinations(passages, size):
                yield distance, open_count, t.against(distance, closed, phrase.moves)


def _jan(phrase: Phrase) -> Value:
    found = t.jan_de_trois_coups(phrase.moves)
    return found.with_doublet if phrase.words == ("doublet",) else found.sequences


def _most_sum(phrase: Phrase) -> Value:
    ways = t.sum_ways()
    best = max(ways.values())
    most = [total for total, count in ways.items() if count == best]
    if len(most) != 1:
        raise QuantityError(f"no single sum is the most frequent: {most}")
    return most[0]


_HANDLERS: dict[str, Callable[[Phrase], Value]] = {
    "all": lambda p: Throws(t.THROWS),
    "doublets": lambda p: Throws(tuple(r for r in t.THROWS if is_doublet(r))),
    "simple": lambda p: Throws(tuple(r for r in t.THROWS if not is_doublet(r))),
    "sum": lambda p: Throws(t.summing(*p.numbers)),
    "hit": _hit(t.Hit.VRAI),
    "faux": _hit(t.Hit.FAUX),
    "against": _against,
    "blot": _blot,
    "mean-sum": lambda p: t.mean_sum(),
    "most-sum": _most_sum,
    "sums": lambda p: len(_sums(p)),
    "sums-below": lambda p: sum(s < _one(p) for s in _sums(p)),
    "sums-above": lambda p: sum(s > _one(p) for s in _sums(p)),
    "one-die-and-both": lambda p: tuple(sorted(_sums(p) & t.reachable_by_one_die())),
    "two-dice-only": lambda p: tuple(sorted(_sums(p) - t.reachable_by_one_die())),
    "moyens": _moyens,
    "beyond": _beyond,
    "complement": lambda p: len(t.THROWS) - _one(p),
    "numbers": _numbers,
    "times": _times,
    "closing-lowers-against": lambda p: sum(shut < free for _, free, shut in _closings(p)),
    "closing-raises-at": lambda p: tuple(
        sorted({d for d, free, shut in _closings(p) if shut > free})
    ),
    "jan-de-trois-coups": _jan,
    "sequences": lambda p: len(t.THROWS) ** 3,
}
