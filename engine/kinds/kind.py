"""What every kind of figure shares: its specification, and the entry that says what a kind is.

A figure is specified once, in ``diagrams/<game>/<name>.toml`` (:mod:`engine.specs` reads
it into a :class:`FigureSpec`); a sequence in ``diagrams/sequences/`` (:mod:`engine.sequences`,
a :class:`engine.kinds.sequence.SequenceSpec`). What the engine does with it depends on its
*kind* — a board, a game's points table, a ledger, the hole rails, a count of throws, a
situation of hits, a sequence — and each kind is one :class:`FigureKind` in the table of
:mod:`engine.kinds`: what the kind is (does its specification give a position, what is drawn
of it, does it offer "try a roll") and how its claims are checked and it is drawn.

These types stand below the kinds' modules, so that each kind can read a specification and
the loader (:mod:`engine.specs`) can ask the table what a specification of each kind gives.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from ..core.errors import TabulaError
from ..verdicts import ClaimResult


class SpecError(TabulaError):
    """A figure specification that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class View:
    kind: str = "board"
    numbering: str = "w"
    quarter: int = 0
    roll: str = ""
    play: str = ""
    highlight: tuple[int, ...] = ()
    talon_side: Literal["left", "right"] = "left"
    labels: str = ""  # how the points are named, if not the game's way ("letters" …)
    hit_arrows: bool = False  # a Trictrac board: arrows for the roll's hits, vrai and faux


@dataclass(frozen=True)
class FigureSpec:
    """One figure: where it comes from, what it shows and what the text claims about it."""

    id: str
    path: Path
    game: str
    position: str
    lines: str
    editorial: bool
    rules: dict[str, str]
    view: View
    claims: tuple[dict[str, Any], ...] = field(default=())
    digest: str = ""
    data: dict[str, Any] = field(default_factory=dict)  # the whole file, for the ledgers
    situation: dict[str, Any] = field(default_factory=dict)
    follows: FigureSpec | None = None  # a ledger figure: the figure whose state it continues


Spec = TypeVar("Spec")  # what a kind reads: a FigureSpec, or a sequence's SequenceSpec


@dataclass(frozen=True)
class FigureKind(Generic[Spec]):
    """One kind of figure: what it is, how its claims are checked and how it is drawn."""

    name: str  # its name in the table of kinds
    # how a figure's ``[view] kind`` names it ("": no figure does, a sequence is its own file)
    view: str
    positioned: bool  # its specification gives a position in the notation
    # what is drawn of it into the figure cache (() for a table the page prints)
    formats: tuple[str, ...]
    preview: bool  # a PNG of it is a page's link preview (engine.figures.social_image)
    offers_trial: bool  # a board the reader can throw on ("try a roll", engine.trial)
    check: Callable[[Spec], list[ClaimResult]]  # every claim of the figure checked
    # draw the figure as ``<stem>.<format>`` (a sequence: ``<stem>-<step>.svg``), return the
    # files written; the drawing code (matplotlib) is imported only when it is called
    draw: Callable[[Spec, Path, tuple[str, ...]], list[Path]] | None = None
    games: tuple[str, ...] = ()  # the games whose figures it is; (): the games of engine.games
    keys: frozenset[str] = frozenset()  # the top-level keys its specification may add

    def __post_init__(self) -> None:
        if bool(self.formats) != (self.draw is not None):
            raise ValueError(f"figure kind {self.name}: a drawn kind has a draw, no other")
