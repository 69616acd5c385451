"""The interface every game implements, and what the games share (after OpenSpiel's Game).

A game (one module per family in :mod:`engine.games`, listed in ``engine/games/__init__.py``)
gives a starting position, validation, the analysis of a roll (every legal play with the
position after it and its outcome), the outcome of a position, and the facts its figures'
claims ask about. What only some games provide is declared in :class:`GameType` — how its
figures are drawn, whether it scores a throw before it is played (Trictrac), whether its
figures show marks and hits — and the hooks for it default to nothing in :class:`GameBase`,
so that no caller has to discover them. Rules variants are named switches in a frozen
dataclass per game (:attr:`Game.rules_type`, a :class:`Switches`), each citing the lines of
the source it follows; a switch's values are its annotation, declared once.

Dependencies run one way: :mod:`engine.core` knows no game; the games import the core;
claims, figures, the command line and the Sphinx extension import the games.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import (
    Any,
    ClassVar,
    Literal,
    Protocol,
    TypeVar,
    get_args,
    get_origin,
    get_type_hints,
)

from .dice import Roll
from .errors import IllegalPlay, TabulaError
from .moves import MoveText, Play, parse_play
from .notation import ExtraField
from .position import Colour, Geometry, Position
from .scoreboard import HitArrow, MarkedScore


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: who won, how, and for how many points."""

    winner: Colour
    kind: str
    points: int
    label: str
    details: Mapping[str, Any] = field(default_factory=dict)


class Switches:
    """What every game's rules dataclass offers: its named readings (the dataclass fields,
    each annotated with the values it may take: a ``Literal`` or ``bool``, declared once),
    the values each may take (:meth:`choices`, which :func:`make_rules` checks a setting
    against) and the source lines each follows (``sources``, which a test requires)."""

    sources: ClassVar[dict[str, str]] = {}

    @classmethod
    def choices(cls, name: str) -> tuple[object, ...]:
        """The values switch ``name`` may take, from its annotation (a KeyError for a name
        the game lacks)."""
        annotation = _switch_annotations(cls)[name]
        if annotation is bool:
            return (True, False)
        if get_origin(annotation) is Literal:
            return get_args(annotation)
        raise TypeError(f"{cls.__name__}.{name}: a switch is a Literal or a bool")


OwnRules = TypeVar("OwnRules", bound=Switches)


def own_rules(rules_type: type[OwnRules], rules: Switches | None) -> OwnRules:
    """A game's own rules from what a caller gives it: the defaults for ``None``, and an
    error for another game's rules (never the defaults in their place, silently)."""
    if rules is None:
        return rules_type()
    if not isinstance(rules, rules_type):
        raise TabulaError(
            f"rules {type(rules).__name__} given where {rules_type.__name__} are needed"
        )
    return rules


_ANNOTATIONS: dict[type, dict[str, object]] = {}


def _switch_annotations(rules_type: type) -> dict[str, object]:
    """The annotations of a rules dataclass's fields, read once per class."""
    if rules_type not in _ANNOTATIONS:
        names = {f.name for f in dataclasses.fields(rules_type)}
        hints = get_type_hints(rules_type)
        _ANNOTATIONS[rules_type] = {k: v for k, v in hints.items() if k in names}
    return _ANNOTATIONS[rules_type]


@dataclass(frozen=True)
class GameType:
    """What a game provides beyond the common interface, declared once (as OpenSpiel's
    ``GameType`` does), so that figures, claims and the command line ask, not guess."""

    # how a figure draws the board: the tables of the backgammon family, or a Trictrac with
    # its rails, holes and coins (the Plein is played on one, fr 5965)
    board: Literal["tables", "trictrac"] = "tables"
    # how a figure labels the points: by the numbering player's own numbers, by each side's
    # owner (a game whose two players run along their own side), or as Trictrac cases
    labels: Literal["numbering", "owners", "cases"] = "numbering"
    # evaluate(): what a throw scores before it is played (Trictrac's jans, hits, coin)
    scores_throws: bool = False
    # marks() and hit_arrows(): the score and the throw's hits a figure shows
    shows_marks: bool = False


class Analysed(Protocol):
    """One legal play of an analysis and the position it leads to."""

    @property
    def play(self) -> Any: ...

    @property
    def after(self) -> Position: ...


# (the moves a written play stands for, the position after them or None, the problem if any)
Traced = tuple[Any, Position | None, str]


class ScoreRow(Protocol):
    """A row of a game's points table as a page prints it: a way of winning, its points, and
    its box (the rows of one box rank alike in a match, sv 3090)."""

    @property
    def name(self) -> str: ...

    @property
    def points(self) -> int: ...

    @property
    def box(self) -> int: ...


class Game(Protocol):
    """What every game provides; :class:`GameBase` gives the parts that follow from the rest."""

    name: ClassVar[str]
    title: ClassVar[str]
    geometry: ClassVar[Geometry]
    extra_fields: ClassVar[tuple[ExtraField, ...]]
    rules_type: ClassVar[type[Switches]]
    game_type: ClassVar[GameType]

    def start(self) -> Position: ...

    def validate(self, position: Position) -> None: ...

    def check_under(self, position: Position, rules: Switches | None = None) -> None: ...

    def analyse(
        self, position: Position, roll: Roll | None = None, rules: Switches | None = None
    ) -> Sequence[Any]: ...

    def legal_plays(
        self, position: Position, roll: Roll | None = None, rules: Switches | None = None
    ) -> list[Any]: ...

    def apply(self, position: Position, play: Any, rules: Switches | None = None) -> Position: ...

    def trace(
        self,
        position: Position,
        roll: Roll,
        written: Sequence[MoveText],
        rules: Switches | None = None,
    ) -> Traced: ...

    def outcome(self, position: Position, rules: Switches | None = None) -> Outcome | None: ...

    def facts(
        self, position: Position, colour: Colour, rules: Switches | None = None
    ) -> dict[str, object]: ...

    def table_facts(self) -> Mapping[str, object]: ...

    def score_rank(self, key: str) -> int: ...

    def score_rows(self) -> Sequence[ScoreRow]: ...

    def match_winner(self, white: Sequence[str], black: Sequence[str]) -> Colour | None: ...

    def evaluate(
        self, position: Position, roll: Roll | None = None, rules: Switches | None = None
    ) -> Any: ...

    def marks(self, position: Position) -> Mapping[Colour, MarkedScore]: ...

    def hit_arrows(
        self, position: Position, roll: Roll, rules: Switches | None = None
    ) -> Sequence[HitArrow]: ...


@dataclass(frozen=True)
class Analysis:
    """A legal play with what it leads to: the position after it and its outcome, if any."""

    play: Play
    after: Position
    outcome: Outcome | None


class GameBase:
    """What follows from a game's ``analyse``, and the hooks a game may leave out.

    ``analyse`` lists every legal play of a roll with the position after it, so the legal
    plays and ``apply`` follow from it and no game writes them again; the optional hooks of
    :class:`GameType` answer "nothing" unless the game declares and provides them."""

    name: ClassVar[str]
    game_type: ClassVar[GameType] = GameType()

    def analyse(
        self, position: Position, roll: Roll | None = None, rules: Switches | None = None
    ) -> Sequence[Analysed]:
        raise NotImplementedError

    def legal_plays(
        self, position: Position, roll: Roll | None = None, rules: Switches | None = None
    ) -> list[Any]:
        return [a.play for a in self.analyse(position, roll, rules)]

    def apply(self, position: Position, play: Any, rules: Switches | None = None) -> Position:
        """The position after ``play`` (of the position's dice); raises
        :class:`IllegalPlay` unless the play is legal."""
        found = analysis_of(self.analyse(position, None, rules), play)
        if found is None:
            raise IllegalPlay(f"'{play}' is not a legal play here")
        after: Position = found.after
        return after

    def check_under(self, position: Position, rules: Switches | None = None) -> None:
        """What the rules played allow of a position beyond :meth:`Game.validate`, which
        reads it without them (a Trictrac scoreboard under a variant); nothing by default."""

    def table_facts(self) -> Mapping[str, object]:
        """Facts of the game's own tables (a scoring table), for claims; none by default."""
        return {}

    def score_rank(self, key: str) -> int:
        """Where a way of winning stands in the game's points table (lower ranks higher)."""
        raise TabulaError(f"{self.name} has no points table to rank '{key}' in")

    def score_rows(self) -> Sequence[ScoreRow]:
        """The rows of the game's points table, in the text's order (a score-table figure)."""
        raise TabulaError(f"{self.name} has no points table")

    def match_winner(self, white: Sequence[str], black: Sequence[str]) -> Colour | None:
        """Who wins a match whose games each side won ended so (``None``: nobody yet), for
        a game whose text says how a match is decided."""
        raise TabulaError(f"{self.name} does not decide matches")

    def evaluate(
        self, position: Position, roll: Roll | None = None, rules: Switches | None = None
    ) -> Any:
        raise TabulaError(f"{self.name} has no points won before the play: try 'legal'")

    def marks(self, position: Position) -> Mapping[Colour, MarkedScore]:
        return {}

    def hit_arrows(
        self, position: Position, roll: Roll, rules: Switches | None = None
    ) -> Sequence[HitArrow]:
        return []


def analysis_of(analyses: Sequence[Any], play: Any) -> Any | None:
    """The analysis a play stands for: the one whose moves are made in the same order, else
    the one with the same moves. The same moves in another order are one play, unless the
    order changes how the play ends (Bräde: a jan made by bursting a band is a sprängjan,
    sv 3052), and then the analyses list each order that ends differently."""
    moves = tuple(getattr(play, "moves", ()))
    exact = [a for a in analyses if tuple(a.play.moves) == moves]
    if exact:
        return exact[0]
    return next((a for a in analyses if a.play.key() == play.key()), None)


def mover_of(position: Position) -> Colour:
    """Whose turn it is; an error a reader understands when the position says nobody's."""
    if position.turn is None:
        raise TabulaError("the position says nobody is to move (its turn field is '-')")
    return position.turn


def mover_and_roll(
    position: Position, roll: Roll | None, example: str = "6-5"
) -> tuple[Colour, Roll]:
    """The mover and the roll to analyse: ``roll``, else the position's dice."""
    mover = mover_of(position)
    roll = roll or position.dice
    if roll is None:
        raise TabulaError(f"no roll: give one (e.g. --roll {example}) or put it in the position")
    return mover, roll


def read_play(game: Game, text: str, *, field: str = "play") -> tuple[MoveText, ...]:
    """Read a written play the way ``game`` numbers its points (up, or down as in Toute-Table)."""
    return parse_play(text, field=field, descending=game.geometry.counts_down)


def make_rules(game: Game, settings: Mapping[str, str] | None = None) -> Switches:
    """Build a game's rules from ``name=value`` switch settings, checking names and values."""
    rules_type = game.rules_type
    if not settings:
        return rules_type()
    known = {f.name: f for f in dataclasses.fields(rules_type)}  # type: ignore[arg-type]
    values: dict[str, Any] = {}
    for key, raw in settings.items():
        if key not in known:
            raise TabulaError(
                f"{game.name} has no rules switch '{key}' (switches: {', '.join(known)})"
            )
        allowed = rules_type.choices(key)
        value: Any = {"true": True, "false": False}.get(raw, raw) if isinstance(raw, str) else raw
        if value not in allowed:
            choices = ", ".join(str(a).lower() if isinstance(a, bool) else str(a) for a in allowed)
            raise TabulaError(f"rules switch {key}={raw} is not one of: {choices}")
        values[key] = value
    return rules_type(**values)
