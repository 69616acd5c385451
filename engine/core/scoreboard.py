"""What a figure shows of a Trictrac game beyond its checkers: each player's marked score and
the hits a throw makes. Rules-free data: the games say what is marked and what hits
(:meth:`engine.core.game.Game.marks`, :meth:`~engine.core.game.Game.hit_arrows`), and
:mod:`engine.render` draws it — so no rules module needs the drawing code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .position import Colour

# The points a jeton can mark, each before its own flèche (fr 4784: "deux points … quatre
# points … six … huit … dix"); twelve make a hole.
MARKABLE_POINTS = (2, 4, 6, 8, 10)
HOLES = 12


@dataclass(frozen=True)
class MarkedScore:
    """What one player has marked: points under twelve (jetons) and holes (fichet)."""

    points: int = 0
    holes: int = 0
    bredouille: bool = False  # marks with two jetons: he scored while the other had none

    def __post_init__(self) -> None:
        if self.points and self.points not in MARKABLE_POINTS:
            raise ValueError(f"no jeton place for {self.points} points (fr 4784: 2, 4 … 10)")
        if not 0 <= self.holes <= HOLES:
            raise ValueError(f"a player has 0 to {HOLES} holes, not {self.holes}")


@dataclass(frozen=True)
class HitArrow:
    """A Trictrac hit, in the hitting player's own numbering (nothing moves): from the
    checker that hits to the one hit, *à vrai* or *à faux*, bent through the point the
    first die reaches (``via``) when the hit is of both dice."""

    colour: Colour
    start: int
    end: int
    kind: Literal["vrai", "faux"]
    via: int | None = None
    label: str = ""
