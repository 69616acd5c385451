"""Single moves and plays, and how they are written.

A *play* is everything a player does with one roll: a sequence of single moves, one die
each (a doublet gives up to four). Moving one checker for both dice (Swedish *ta fullt med
en*, French *tout d'une*) is two single moves with an intermediate landing (sv 2902).

Moves are written in the mover's own point numbering, as in backgammon books::

    21/24      from point 21 to point 24
    bar/3*     enter from the bar on point 3, hitting a blot
    6/12!      land on point 12 and burst (explode) the opponent's band there
    22/off     bear off from point 22
    19/off(6)  bear off from 19 with a six: the die is written when it is not implied

A play is its moves separated by spaces, in the order they are made.

Games whose players count their points *down* as their checkers advance (Toute-Table, like
backgammon books: the home table is 1–6, see :attr:`Geometry.counts_down
<engine.core.position.Geometry>`) write ``13/7``, ``bar/22*`` and ``6/off``; there the bar
is point 25 and a borne-off checker goes to 0, so a move's own numbers always say which way
it runs and :attr:`Move.enters` and :attr:`Move.bears_off` hold for both kinds of game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import NotationError

BAR = 0
OFF = 25
BAR_DOWN = 25  # the bar and the tray where points are counted down (Toute-Table)
OFF_DOWN = 0

_MOVE = re.compile(r"(bar|[1-9]|1[0-9]|2[0-4])/(off|[1-9]|1[0-9]|2[0-4])([*!]?)(?:\(([1-6])\))?")


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """One checker moved for one die.

    ``start`` is 0 for the bar, ``end`` 25 for borne off (25 and 0 where points are counted
    down); ``hits`` counts the opponent's checkers sent to the bar (one for a blot, all of a
    burst band); ``burst`` marks a burst band.
    """

    start: int
    end: int
    die: int
    hits: int = 0
    burst: bool = False

    @property
    def descending(self) -> bool:
        """The move runs to a lower number: its game counts points down."""
        return self.end < self.start

    @property
    def enters(self) -> bool:
        """The checker comes in from the bar."""
        return self.start == (BAR_DOWN if self.descending else BAR)

    @property
    def bears_off(self) -> bool:
        """The checker leaves the board."""
        return self.end == (OFF_DOWN if self.descending else OFF)

    def to_json(self) -> dict[str, object]:
        """The move for the command line's JSON: its points ("bar", "off" at the ends), die,
        hits and whether it burst a band."""
        return {
            "from": "bar" if self.enters else self.start,
            "to": "off" if self.bears_off else self.end,
            "die": self.die,
            "hits": self.hits,
            "burst": self.burst,
        }

    def __str__(self) -> str:
        start = "bar" if self.enters else str(self.start)
        end = "off" if self.bears_off else str(self.end)
        mark = "!" if self.burst else ("*" if self.hits else "")
        shown = f"{start}/{end}{mark}"
        if self.die != self.implied_die():
            shown += f"({self.die})"
        return shown

    def implied_die(self) -> int:
        """The die the notation implies when none is written (exact distance)."""
        return abs(self.end - self.start)

    @property
    def reduction(self) -> int:
        """Pips lost when bearing off with more than needed (Bräde's *reduktion*, sv 2961)."""
        return self.die - self.implied_die() if self.bears_off else 0


@dataclass(frozen=True, slots=True)
class Play:
    """A player's moves for one roll, in the order made."""

    moves: tuple[Move, ...] = ()

    def __str__(self) -> str:
        return " ".join(str(m) for m in self.moves) if self.moves else "(no move)"

    def key(self) -> tuple[Move, ...]:
        """Plays with the same moves in another order are one play."""
        return tuple(sorted(self.moves))

    @property
    def reduction(self) -> int:
        return sum(m.reduction for m in self.moves)

    @property
    def dice_used(self) -> tuple[int, ...]:
        return tuple(m.die for m in self.moves)


@dataclass(frozen=True, slots=True)
class MoveText:
    """A move as written, before a game checks it: marks and die are optional."""

    start: int
    end: int
    mark: str
    die: int | None

    def matches(self, move: Move) -> bool:
        if (self.start, self.end) != (move.start, move.end):
            return False
        if self.die is not None and self.die != move.die:
            return False
        if self.die is None and move.bears_off and move.die != move.implied_die():
            # '19/off' means the exact die; a reduced bear-off must say its die
            return False
        written = "!" if move.burst else ("*" if move.hits else "")
        return self.mark == written


def parse_play(text: str, *, field: str = "play", descending: bool = False) -> tuple[MoveText, ...]:
    """Read a play written as moves separated by spaces (see the module docstring).

    ``descending`` for a game whose players count their points down (its geometry's
    ``counts_down``): there ``bar`` reads as 25, ``off`` as 0, and moves run to lower points.
    """
    bar, off = (BAR_DOWN, OFF_DOWN) if descending else (BAR, OFF)
    if text.strip() in ("", "-", "(no move)"):
        return ()
    moves: list[MoveText] = []
    for match in re.finditer(r"\S+", text):
        token = match.group(0)
        parsed = _MOVE.fullmatch(token)
        if not parsed:
            raise NotationError(
                f"'{token}' is not a move: write FROM/TO with points 1-24, 'bar' or 'off', "
                "e.g. 21/24, bar/3*, 6/12!, 22/off",
                field=field,
                column=match.start() + 1,
            )
        start = bar if parsed.group(1) == "bar" else int(parsed.group(1))
        end = off if parsed.group(2) == "off" else int(parsed.group(2))
        die = int(parsed.group(4)) if parsed.group(4) else None
        if (end >= start) if descending else (end <= start):
            way = "lower" if descending else "higher"
            raise NotationError(
                f"'{token}' moves backwards: checkers move to {way} points",
                field=field,
                column=match.start() + 1,
            )
        moves.append(MoveText(start, end, parsed.group(3), die))
    return tuple(moves)
