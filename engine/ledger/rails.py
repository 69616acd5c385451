"""What the hole rails of the combined Trictrac show, as plain data: which peg stands in which
hole of each player's rail, the Standarte, the marking jetons and the Poule (seed 000,
de 4003–4097). The ledger says what stands where (:func:`engine.ledger.kombiniert.board`);
:mod:`engine.render.pegs` draws it, so the ledger needs no drawing code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

HOLES = 12
PLAYERS = ("A", "B")
PegKind = Literal["gold", "silver", "bimetallic", "black"]


@dataclass(frozen=True)
class Peg:
    kind: PegKind
    hole: int
    krawatte: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("gold", "silver", "bimetallic", "black"):
            raise ValueError(f"unknown peg {self.kind!r}")
        if not 1 <= self.hole <= HOLES:
            raise ValueError(f"a peg stands in hole 1–{HOLES}, not {self.hole}")


@dataclass(frozen=True)
class PegBoard:
    """Everything one drawing shows: the pegs of A (top rail) and B (bottom rail)."""

    pegs: dict[str, tuple[Peg, ...]] = field(default_factory=dict)
    standarte: str = ""  # "A", "B" or ""
    marked: dict[str, int] = field(default_factory=dict)  # lost Züge: marking jetons
    poule: int = 0  # fichets in the basket
    contract: str = ""  # whose contract stands before the basket

    def __post_init__(self) -> None:
        for player in self.pegs:
            if player not in PLAYERS:
                raise ValueError(f"players are A and B, not {player!r}")
        if self.standarte not in ("", "A", "B") or self.contract not in ("", "A", "B"):
            raise ValueError("the Standarte and the contract belong to A, B or nobody")
