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
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import NotationError

BAR = 0
OFF = 25

_MOVE = re.compile(r"(bar|[1-9]|1[0-9]|2[0-4])/(off|[1-9]|1[0-9]|2[0-4])([*!]?)(?:\(([1-6])\))?")


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """One checker moved for one die.

    ``start`` is 0 for the bar, ``end`` 25 for borne off; ``hits`` counts the opponent's
    checkers sent to the bar (one for a blot, all of a burst band); ``burst`` marks a burst
    band.
    """

    start: int
    end: int
    die: int
    hits: int = 0
    burst: bool = False

    def __str__(self) -> str:
        start = "bar" if self.start == BAR else str(self.start)
        end = "off" if self.end == OFF else str(self.end)
        mark = "!" if self.burst else ("*" if self.hits else "")
        shown = f"{start}/{end}{mark}"
        if self.die != self.implied_die():
            shown += f"({self.die})"
        return shown

    def implied_die(self) -> int:
        """The die the notation implies when none is written (exact distance)."""
        return self.end - self.start

    @property
    def reduction(self) -> int:
        """Pips lost when bearing off with more than needed (Bräde's *reduktion*, sv 2961)."""
        return self.die - (OFF - self.start) if self.end == OFF else 0


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
        if self.die is None and move.end == OFF and move.die != move.implied_die():
            # '19/off' means the exact die; a reduced bear-off must say its die
            return False
        written = "!" if move.burst else ("*" if move.hits else "")
        return self.mark == written


def parse_play(text: str, *, field: str = "play") -> tuple[MoveText, ...]:
    """Read a play written as moves separated by spaces (see the module docstring)."""
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
        start = BAR if parsed.group(1) == "bar" else int(parsed.group(1))
        end = OFF if parsed.group(2) == "off" else int(parsed.group(2))
        die = int(parsed.group(4)) if parsed.group(4) else None
        if end <= start:
            raise NotationError(
                f"'{token}' moves backwards: checkers move to higher points",
                field=field,
                column=match.start() + 1,
            )
        moves.append(MoveText(start, end, parsed.group(3), die))
    return tuple(moves)
