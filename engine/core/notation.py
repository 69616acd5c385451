"""The one-line position notation shared by every game (Tabula's FEN).

A position is written as space-separated fields::

    GAME BOARD TURN DICE [KEY=VALUE ...]

``GAME``
    the game's registered name (``brade``).
``BOARD``
    the 24 points in absolute order, in four quarters of six separated by ``/``; within a
    quarter the points are separated by ``,``. A point is ``-`` when empty, otherwise a count
    and a colour letter: ``15w`` (fifteen white checkers), ``2b``.
``TURN``
    ``w`` or ``b`` for the player to move, ``-`` when nobody is (before the first throw).
``DICE``
    the roll to be played, ``6-2``, or ``-`` when the dice have not been thrown.
``KEY=VALUE``
    ``bar=W,B`` and ``off=W,B`` (White's count first) for checkers on the bar and borne off,
    then the game's own fields. A field equal to its default is left out of the canonical
    form, and the canonical order is ``bar``, ``off``, then the game's fields in the order the
    game declares them.

Every valid string reads to exactly one :class:`~engine.core.position.Position`, and
:func:`format_position` writes a position back in canonical form, so canonical strings
round-trip character for character.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .dice import format_roll, parse_roll
from .errors import NotationError
from .position import POINTS, Colour, Position

_POINT = re.compile(r"-|([1-9][0-9]?)([wb])")
_KEY = re.compile(r"[a-z][a-z0-9_]*")
_PAIR = re.compile(r"(0|[1-9][0-9]?),(0|[1-9][0-9]?)")


@dataclass(frozen=True)
class ExtraField:
    """A game-specific field: its key, default, allowed values (a regex) and what it means."""

    key: str
    default: str
    pattern: str
    meaning: str


def _tokens(text: str) -> list[tuple[str, int]]:
    """Split on single spaces, remembering each token's 1-based column."""
    tokens: list[tuple[str, int]] = []
    for match in re.finditer(r"\S+", text):
        tokens.append((match.group(0), match.start() + 1))
    return tokens


def parse_board(text: str, column: int = 1) -> tuple[int, ...]:
    """Read the BOARD field into 24 signed counts (White positive)."""
    quarters = text.split("/")
    if len(quarters) != 4:
        raise NotationError(
            f"the board has {len(quarters)} quarter(s); write four quarters of six points "
            "separated by '/'",
            field="board",
            column=column,
        )
    points: list[int] = []
    offset = column
    for q, quarter in enumerate(quarters, start=1):
        items = quarter.split(",")
        if len(items) != 6:
            raise NotationError(
                f"quarter {q} has {len(items)} point(s), not 6 (points {6 * q - 5}-{6 * q})",
                field="board",
                column=offset,
            )
        for i, item in enumerate(items):
            points.append(_parse_point(item, 6 * (q - 1) + i + 1, offset))
            offset += len(item) + 1
    return tuple(points)


def _parse_point(item: str, number: int, column: int) -> int:
    match = _POINT.fullmatch(item)
    if not match:
        raise NotationError(
            f"point {number} is '{item}': write '-' for an empty point or a count and a "
            "colour letter, e.g. 2w or 15b",
            field="board",
            column=column,
        )
    if item == "-":
        return 0
    count = int(match.group(1))
    return count if match.group(2) == "w" else -count


def format_board(points: Sequence[int]) -> str:
    """Write 24 signed counts as the BOARD field."""
    cells = ["-" if n == 0 else (f"{n}w" if n > 0 else f"{-n}b") for n in points]
    return "/".join(",".join(cells[q * 6 : q * 6 + 6]) for q in range(4))


def _parse_pair(key: str, value: str, column: int) -> tuple[int, int]:
    match = _PAIR.fullmatch(value)
    if not match:
        raise NotationError(
            f"'{value}' is not a pair of counts: write White's count, a comma, Black's, e.g. 0,2",
            field=key,
            column=column,
        )
    return int(match.group(1)), int(match.group(2))


def parse_position(text: str, extra_fields: Mapping[str, Sequence[ExtraField]]) -> Position:
    """Read a position. ``extra_fields`` maps each known game to the fields it declares.

    Raises :class:`NotationError` naming the field and column of the first mistake.
    """
    tokens = _tokens(text)
    names = ["game", "board", "turn", "dice"]
    if len(tokens) < 4:
        missing = names[len(tokens)]
        raise NotationError(
            f"the position ends before its {missing} field; a position reads "
            "'GAME BOARD TURN DICE [KEY=VALUE ...]'",
            field=missing,
            column=len(text) + 1,
        )
    (game, gcol), (board, bcol), (turn, tcol), (dice, dcol) = tokens[:4]
    if game not in extra_fields:
        known = ", ".join(sorted(extra_fields))
        raise NotationError(f"unknown game '{game}' (known: {known})", field="game", column=gcol)
    points = parse_board(board, bcol)
    if turn not in ("w", "b", "-"):
        raise NotationError(f"'{turn}' is not a turn: write w, b or -", field="turn", column=tcol)
    roll = None if dice == "-" else _parse_dice(dice, dcol)
    values = _parse_keys(tokens[4:], extra_fields[game])
    bar = values.pop("bar", (0, 0))
    off = values.pop("off", (0, 0))
    assert isinstance(bar, tuple) and isinstance(off, tuple)
    extra = tuple(sorted((k, str(v)) for k, v in values.items()))
    return Position(
        game=game,
        points=points,
        turn=None if turn == "-" else Colour(turn),
        dice=roll,
        bar=bar,
        off=off,
        extra=extra,
    )


def _parse_dice(text: str, column: int) -> tuple[int, int]:
    try:
        return parse_roll(text, field="dice")
    except NotationError as error:
        raise NotationError(error.message, field="dice", column=column) from None


def _parse_keys(tokens: list[tuple[str, int]], declared: Sequence[ExtraField]) -> dict[str, object]:
    known = {f.key: f for f in declared}
    values: dict[str, object] = {}
    given: set[str] = set()  # defaults are not stored, but a key may still not repeat
    for token, column in tokens:
        key, sep, value = token.partition("=")
        if not sep or not _KEY.fullmatch(key):
            raise NotationError(
                f"'{token}' is not a KEY=VALUE field", field="fields", column=column
            )
        if key in given:
            raise NotationError(f"'{key}' is given twice", field=key, column=column)
        given.add(key)
        if key in ("bar", "off"):
            values[key] = _parse_pair(key, value, column + len(key) + 1)
        elif key in known:
            if not re.fullmatch(known[key].pattern, value):
                raise NotationError(
                    f"'{value}' is not a valid value ({known[key].meaning})",
                    field=key,
                    column=column + len(key) + 1,
                )
            if value != known[key].default:  # defaults are implicit: one position, one form
                values[key] = value
        else:
            allowed = ", ".join(["bar", "off", *known])
            raise NotationError(
                f"unknown field '{key}' (this game knows: {allowed})", field=key, column=column
            )
    return values


def format_position(position: Position, extra_fields: Sequence[ExtraField] = ()) -> str:
    """Write ``position`` in canonical form."""
    parts = [
        position.game,
        format_board(position.points),
        position.turn.value if position.turn else "-",
        format_roll(position.dice) if position.dice else "-",
    ]
    if position.bar != (0, 0):
        parts.append(f"bar={position.bar[0]},{position.bar[1]}")
    if position.off != (0, 0):
        parts.append(f"off={position.off[0]},{position.off[1]}")
    values = dict(position.extra)
    for field in extra_fields:
        value = values.get(field.key, field.default)
        if value != field.default:
            parts.append(f"{field.key}={value}")
    return " ".join(parts)


__all__ = [
    "POINTS",
    "ExtraField",
    "format_board",
    "format_position",
    "parse_board",
    "parse_position",
]
