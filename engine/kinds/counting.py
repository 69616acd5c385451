"""Counting tables (``kind = "counting"``): every number a Trictrac text prints about
throws, against enumeration (:mod:`engine.counting`).

A counting table has no position and nothing is drawn of it: the page prints the table with
the ``counting-table`` directive, each number from :func:`cell`. A drawn situation of hits
(``kind = "hits"``, :mod:`engine.kinds.hits`) makes the same claims. Each ``[[claim]]`` has
an ``id``, the ``lines`` that make it, optionally the sentence (``says``), and one statement
about a quantity (a phrase of :mod:`engine.counting.quantities`):

``count = "hit 6"``, ``printed = 16``
    the quantity is what the text prints: the number of throws, or the number itself; a
    list (``printed = [2, 3, 4, 5, 6]``) for a quantity that is a list of numbers.
``named = "hit 6"``, ``printed = 9``
    so many *named* throws (coups qui s'appellent, fr 5128) are among them;
``twice = …`` / ``once = …``
    so many of those come as two throws / as one (the 1698 *doubles* and *simples*, fr 5073).
``throws = "hit 2"``, ``listed = ["2-1", "1-2", …]``
    the text lists exactly these throws (each order once, as the text writes them out);
``names = "hit 2"``, ``listed = ["2-1", …, "2-2"]``
    the text names exactly these named throws;
``each = "count hit {n}"``, ``over = [1, 2, …]``, ``printed = [11, 12, …]``
    at each ``n`` of ``over`` the measure (``count``, ``named``, ``twice``, ``once``) of the
    phrase is the printed number; or ``order = "increasing"`` / ``"decreasing"`` instead of
    ``printed``: the values rise (fall) strictly along ``over``;
``colours = "parity"``
    (a drawn figure) on its board an even number of points always lands on the colour it
    starts from and an odd one on the other, along both sides' whole paths (fr 4855).

``disagrees = true`` with a ``note`` (why, and the computed value) records a line the
engine shows wrong: the check then passes only while the engine still disagrees, and the
page prints the source's number with a note giving the computed one (see :func:`cell`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.dice import Roll, parse_roll
from ..core.position import Colour
from ..counting import throws as t
from ..counting.quantities import QuantityError, Throws, Value, evaluate
from ..counting.situation import BOARD, Situation
from ..verdicts import ClaimError, ClaimResult, check_envelope, verdict
from .kind import FigureKind, FigureSpec

_MEASURES = ("count", "named", "twice", "once")
_STATEMENTS = {*_MEASURES, "throws", "names", "each", "colours"}
_KEYS = _STATEMENTS | {"printed", "listed", "over", "order"}


def check_counting(spec: FigureSpec) -> list[ClaimResult]:
    """Check every claim of a counting table or hits figure."""
    return [_check(spec, claim) for claim in spec.claims]


def _check(spec: FigureSpec, claim: Mapping[str, Any]) -> ClaimResult:
    where = f"figure {spec.id}, claim '{claim['id']}'"
    check_envelope(claim, _KEYS, where)
    stated = sorted(set(claim) & _STATEMENTS)
    if len(stated) != 1:
        raise ClaimError(f"{where}: give exactly one of {sorted(_STATEMENTS)}, not {stated}")
    try:
        problems = _STATEMENT[stated[0]](spec, claim)
    except (QuantityError, ValueError, TypeError, KeyError) as error:
        raise ClaimError(f"{where}: {error}") from None
    return verdict(spec.id, claim, problems)


# --- measuring ---------------------------------------------------------------------------


def measure(name: str, value: Value) -> int | Fraction | tuple[int, ...]:
    """``count``: how many throws (or the number itself); ``named``, ``twice``, ``once``:
    how many named throws, of them coming twice, coming once."""
    if isinstance(value, Throws):
        return {
            "count": lambda r: len(tuple(r)),
            "named": lambda r: len(t.names(r)),
            "twice": t.twice,
            "once": t.once,
        }[name](value.rolls)
    if name != "count":
        raise QuantityError(f"'{name}' counts throws; this quantity is a number: use count")
    return tuple(sorted(value)) if isinstance(value, tuple) else value


def value_of(spec: FigureSpec, statement: str, phrase: str) -> int | Fraction | tuple[int, ...]:
    return measure(statement, evaluate(phrase, spec.situation))


def _expected(claim: Mapping[str, Any], key: str = "printed") -> Any:
    if key not in claim:
        raise KeyError(f"a statement of this kind needs '{key}'")
    printed = claim[key]
    return tuple(sorted(printed)) if isinstance(printed, list) else printed


def _measured(name: str) -> Callable[[FigureSpec, Mapping[str, Any]], list[str]]:
    def check(spec: FigureSpec, claim: Mapping[str, Any]) -> list[str]:
        found = value_of(spec, name, claim[name])
        expected = _expected(claim)
        if found != expected:
            return [f"{name} of '{claim[name]}' is {show(found)}, not {show(expected)}"]
        return []

    return check


def _throws(spec: FigureSpec, claim: Mapping[str, Any]) -> list[str]:
    found = Counter(_rolls(spec, claim["throws"]))
    listed = Counter(parse_roll(x, field="listed") for x in _expected(claim, "listed"))
    return _differences(found, listed, "throws")


def _names(spec: FigureSpec, claim: Mapping[str, Any]) -> list[str]:
    found = Counter(t.names(_rolls(spec, claim["names"])))
    written = [parse_roll(x, field="listed") for x in _expected(claim, "listed")]
    listed = Counter(t.named(r) for r in written)
    return _differences(found, listed, "named throws")


def _rolls(spec: FigureSpec, phrase: str) -> tuple[Roll, ...]:
    value = evaluate(phrase, spec.situation)
    if not isinstance(value, Throws):
        raise QuantityError(f"'{phrase}' is not a set of throws")
    return value.rolls


def _differences(found: Counter[Roll], listed: Counter[Roll], what: str) -> list[str]:
    missing, extra = found - listed, listed - found
    problems = []
    if missing:
        problems.append(f"the text leaves out the {what} {_rolls_text(missing)}")
    if extra:
        problems.append(f"the text lists {what} that do not belong: {_rolls_text(extra)}")
    return problems


def _rolls_text(rolls: Counter[Roll]) -> str:
    return ", ".join(f"{a}-{b}" for (a, b) in sorted(rolls.elements(), reverse=True))


def _each(spec: FigureSpec, claim: Mapping[str, Any]) -> list[str]:
    statement, _, template = str(claim["each"]).partition(" ")
    if statement not in _MEASURES or "{n}" not in template:
        raise QuantityError(f"each = '{claim['each']}': write '<measure> <phrase with {{n}}>'")
    over = [int(n) for n in claim["over"]]
    found = [value_of(spec, statement, template.replace("{n}", str(n))) for n in over]
    if "order" in claim:
        return _order(claim["order"], over, found)
    printed = list(claim["printed"])
    if len(printed) != len(over):
        raise ValueError("printed and over must be as long as each other")
    return [
        f"at {n}: {statement} {show(value)}, not {show(expected)}"
        for n, value, expected in zip(over, found, printed, strict=True)
        if value != expected
    ]


def _order(order: str, over: list[int], found: list[Any]) -> list[str]:
    if order not in ("increasing", "decreasing"):
        raise ValueError(f"order must be 'increasing' or 'decreasing', not {order!r}")
    sign = 1 if order == "increasing" else -1
    pairs = list(zip(over, found, strict=True))
    return [
        f"from {a} to {b}: {show(x)} then {show(y)}, not {order}"
        for (a, x), (b, y) in itertools.pairwise(pairs)
        if not sign * (y - x) > 0
    ]


def _colours(spec: FigureSpec, claim: Mapping[str, Any]) -> list[str]:
    # the drawing code (matplotlib) loads only for the one claim about a drawing's colours
    from ..render.board import point_colours
    from ..render.positions import situation_picture

    if claim["colours"] != "parity" or not spec.situation:
        raise QuantityError("colours = 'parity' is checked on a drawn [situation]")
    drawn = situation_picture(Situation.read(spec.situation), Colour(spec.view.numbering))
    colours = point_colours(drawn)
    problems = []
    for side in Colour:
        path = [BOARD.absolute(side, own) for own in range(1, 25)]
        for start in range(24):
            for steps in range(1, 24 - start):
                same = colours[path[start]] == colours[path[start + steps]]
                if same != (steps % 2 == 0):
                    problems.append(f"{side.value} {start + 1}+{steps}: wrong colour")
    return problems[:3]


_STATEMENT: dict[str, Callable[[FigureSpec, Mapping[str, Any]], list[str]]] = {
    **{name: _measured(name) for name in _MEASURES},
    "throws": _throws,
    "names": _names,
    "each": _each,
    "colours": _colours,
}


def show(value: Any) -> str:
    """A value as the page prints it: 7 for a whole fraction, lists joined by commas."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return str(value.numerator)
    if isinstance(value, tuple):
        return ", ".join(show(v) for v in value)
    return str(value)


# --- table cells -------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """What a table cell prints: the computed value, or the source's with the computed one
    in a note when the claim records that the source is wrong."""

    text: str
    computed: str
    wrong: bool


def cell(spec: FigureSpec, ref: str) -> Cell:
    """The cell for ``{ref}``: a claim id (a measured statement), or ``= <measure> <phrase>``
    for a number the edition adds (no claim: nothing printed to check)."""
    if ref.startswith("="):
        statement, _, phrase = ref[1:].strip().partition(" ")
        if statement not in _MEASURES:
            raise ClaimError(f"figure {spec.id}: cell '{{{ref}}}': begin with a measure")
        computed = show(value_of(spec, statement, phrase))
        return Cell(computed, computed, False)
    claim = next((c for c in spec.claims if c.get("id") == ref), None)
    stated = [k for k in _MEASURES if claim is not None and k in claim]
    if claim is None or not stated:
        raise ClaimError(f"figure {spec.id}: cell '{{{ref}}}' names no counting claim")
    computed = show(value_of(spec, stated[0], claim[stated[0]]))
    if claim.get("disagrees"):
        return Cell(show(claim["printed"]), computed, True)
    return Cell(computed, computed, False)


COUNTING = FigureKind[FigureSpec](
    name="counting",
    view="counting",
    positioned=False,
    formats=(),
    preview=False,
    offers_trial=False,
    check=check_counting,
)
