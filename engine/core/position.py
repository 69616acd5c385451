"""Positions: one immutable value per moment of a game.

A :class:`Position` is what the one-line notation (:mod:`engine.core.notation`) writes and
reads. It is shared by every game of the family: 24 points, two colours, whose turn, the
dice, checkers on the bar and borne off, and game-specific fields (``extra``) for the state
a game needs beyond that (Bräde: whether the last move burst a band; Trictrac: points,
holes, bredouille …).

Points are stored in the board's *absolute* numbering, which by convention is White's own
numbering (point 1 = White's first point). Each game's :class:`Geometry` says how a
player's own numbering maps onto it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum

from .dice import Roll

POINTS = 24


class Colour(StrEnum):
    """The two sides. The letters are those of the notation."""

    WHITE = "w"
    BLACK = "b"

    @property
    def other(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE

    @property
    def pair_index(self) -> int:
        """0 for White, 1 for Black: the order of pairs such as ``bar`` and ``off``."""
        return 0 if self is Colour.WHITE else 1

    @property
    def side_name(self) -> str:
        """The side as the engine's messages name it: White or Black."""
        return "White" if self is Colour.WHITE else "Black"


@dataclass(frozen=True, slots=True)
class Position:
    """A moment of a game.

    ``points`` holds 24 signed counts in absolute order (index 0 is point 1): positive for
    White's checkers, negative for Black's, zero for an empty point. ``bar`` and ``off`` are
    (White, Black) pairs. ``turn`` is ``None`` before the first player is known (Bräde's
    *teka*, sv 2890). ``extra`` holds the game's own fields as sorted (key, value) pairs.
    """

    game: str
    points: tuple[int, ...]
    turn: Colour | None = None
    dice: Roll | None = None
    bar: tuple[int, int] = (0, 0)
    off: tuple[int, int] = (0, 0)
    extra: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if len(self.points) != POINTS:
            raise ValueError(f"a position has {POINTS} points, not {len(self.points)}")

    def count(self, colour: Colour, point: int) -> int:
        """Checkers of ``colour`` on absolute ``point`` (1–24)."""
        value = self.points[point - 1]
        if colour is Colour.WHITE:
            return max(value, 0)
        return max(-value, 0)

    def on_bar(self, colour: Colour) -> int:
        return self.bar[colour.pair_index]

    def borne_off(self, colour: Colour) -> int:
        return self.off[colour.pair_index]

    def on_board(self, colour: Colour) -> int:
        return sum(self.count(colour, p) for p in range(1, POINTS + 1))

    def total(self, colour: Colour) -> int:
        """All of a colour's checkers: on the board, on the bar and borne off."""
        return self.on_board(colour) + self.on_bar(colour) + self.borne_off(colour)

    def get(self, key: str, default: str = "") -> str:
        """A game-specific field's value."""
        return dict(self.extra).get(key, default)

    def replace(self, **changes: object) -> Position:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Geometry:
    """How each player's own point numbering lies on the absolute board.

    A player's own point ``p`` is the absolute point ``offset + direction * (p - 1)``
    (modulo 24, counted from 1). Games in which both sides run the same way round with homes
    twelve points apart (Bräde, Verkehr) have offsets 0 and 12 and direction +1; games in
    which each side runs along its own half facing the other (Tourne-Case) have opposite
    directions.

    ``counts_down`` is true where a player's own numbers fall as his checkers advance, as in
    backgammon books (Toute-Table: from his 24-point to his home table, points 6–1); moves
    are then written ``13/7`` and ``6/off`` (see :mod:`engine.core.moves`).
    """

    white_offset: int
    black_offset: int
    white_direction: int = 1
    black_direction: int = 1
    counts_down: bool = False

    def _shape(self, colour: Colour) -> tuple[int, int]:
        if colour is Colour.WHITE:
            return self.white_offset, self.white_direction
        return self.black_offset, self.black_direction

    def absolute(self, colour: Colour, own: int) -> int:
        """Absolute point of ``colour``'s own point ``own`` (1–24)."""
        offset, direction = self._shape(colour)
        return (offset + direction * (own - 1)) % POINTS + 1

    def own(self, colour: Colour, absolute: int) -> int:
        """``colour``'s own number for absolute point ``absolute`` (1–24)."""
        offset, direction = self._shape(colour)
        return (direction * (absolute - 1 - offset)) % POINTS + 1
