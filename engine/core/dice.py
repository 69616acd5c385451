"""Dice and throws.

A *roll* (Swedish *slag*, French *coup*) is the pair of faces of two dice. A doublet
(Swedish *alla*, French *doublet*) is played as four moves in the games that say so
(Bräde: sv 2904); :func:`dice_to_play` gives the dice a player moves for.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .errors import NotationError

Roll = tuple[int, int]

_ROLL = re.compile(r"([1-6])-([1-6])")


def parse_roll(text: str, *, field: str = "roll") -> Roll:
    """Read a roll written ``A-B`` (``6-2``); both faces 1–6."""
    match = _ROLL.fullmatch(text.strip())
    if not match:
        raise NotationError(
            f"'{text}' is not a roll: write two faces 1-6 joined by '-', e.g. 6-2", field=field
        )
    return int(match.group(1)), int(match.group(2))


def format_roll(roll: Roll) -> str:
    """Write a roll as ``A-B``, faces in the order given."""
    return f"{roll[0]}-{roll[1]}"


def is_doublet(roll: Roll) -> bool:
    """Both dice show the same face."""
    return roll[0] == roll[1]


def dice_to_play(roll: Roll, *, doublets_count_twice: bool = True) -> tuple[int, ...]:
    """The dice a player moves for, highest first: four of a doublet if doublets count twice."""
    if is_doublet(roll) and doublets_count_twice:
        return (roll[0],) * 4
    return tuple(sorted(roll, reverse=True))


def distinct_rolls() -> Iterator[Roll]:
    """The 21 different rolls, higher face first (6-6, 6-5, … 1-1)."""
    for high in range(6, 0, -1):
        for low in range(high, 0, -1):
            yield high, low


def all_throws() -> Iterator[Roll]:
    """The 36 equally likely throws of two distinguishable dice."""
    for first in range(1, 7):
        for second in range(1, 7):
            yield first, second
