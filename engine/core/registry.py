"""The registry of games: the CLI, the Sphinx directive and the shared tests look games up here.

Every game implements the small interface :class:`Game` (after OpenSpiel): a starting
position, validation, legal plays, applying a play, and the outcome of a position. Rules
variants are named switches in a frozen dataclass per game (:attr:`Game.rules_type`), each
citing the lines of the source it follows.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar, Literal, Protocol, get_args, get_origin, get_type_hints

from .dice import Roll
from .errors import IllegalPlay, NotationError, TabulaError
from .moves import MoveText, Play, parse_play
from .notation import ExtraField, format_position, parse_position
from .position import Colour, Geometry, Position


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: who won, how, and for how many points."""

    winner: Colour
    kind: str
    points: int
    label: str
    details: Mapping[str, Any] = field(default_factory=dict)


class Game(Protocol):
    """What a game module provides."""

    name: ClassVar[str]
    title: ClassVar[str]
    geometry: ClassVar[Geometry]
    extra_fields: ClassVar[tuple[ExtraField, ...]]
    rules_type: ClassVar[type]

    def start(self) -> Position: ...

    def validate(self, position: Position) -> None: ...

    def legal_plays(
        self, position: Position, roll: Roll | None = None, rules: Any = None
    ) -> list[Play]: ...

    def apply(self, position: Position, play: Play, rules: Any = None) -> Position: ...

    def outcome(self, position: Position, rules: Any = None) -> Outcome | None: ...

    def facts(self, position: Position, colour: Colour, rules: Any = None) -> dict[str, object]: ...


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


@cache
def _switch_annotations(rules_type: type) -> dict[str, object]:
    fields = (
        {f.name for f in dataclasses.fields(rules_type)}
        if dataclasses.is_dataclass(rules_type)
        else set()
    )
    return {k: v for k, v in get_type_hints(rules_type).items() if k in fields}


@dataclass(frozen=True)
class Analysis:
    """A legal play with what it leads to: the position after it and its outcome, if any."""

    play: Play
    after: Position
    outcome: Outcome | None


class Analysed(Protocol):
    """One legal play of an analysis and the position it leads to."""

    @property
    def play(self) -> Any: ...

    @property
    def after(self) -> Position: ...


class PlaysFromAnalysis:
    """The legal plays and ``apply`` of a game whose ``analyse`` lists every legal play of a
    roll with the position after it: both follow from it, so no game writes them again."""

    def analyse(
        self, position: Position, roll: Roll | None = None, rules: Any = None
    ) -> Sequence[Analysed]:
        raise NotImplementedError

    def legal_plays(
        self, position: Position, roll: Roll | None = None, rules: Any = None
    ) -> list[Play]:
        return [a.play for a in self.analyse(position, roll, rules)]

    def apply(self, position: Position, play: Play, rules: Any = None) -> Position:
        """The position after ``play`` (of the position's dice); raises
        :class:`IllegalPlay` unless the play is legal."""
        for analysis in self.analyse(position, None, rules):
            if analysis.play.key() == play.key():
                return analysis.after
        raise IllegalPlay(f"'{play}' is not a legal play here")


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


_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry (each game module calls this once)."""
    _GAMES[game.name] = game
    return game


def games() -> dict[str, Game]:
    _load_builtin()
    return dict(_GAMES)


def get_game(name: str) -> Game:
    _load_builtin()
    if name not in _GAMES:
        known = ", ".join(sorted(_GAMES))
        raise TabulaError(f"unknown game '{name}' (known: {known})")
    return _GAMES[name]


def read_position(text: str, game: str | None = None) -> Position:
    """Read and validate a position; if ``game`` is given, the position must be of that game."""
    _load_builtin()
    declared = {name: g.extra_fields for name, g in _GAMES.items()}
    position = parse_position(text, declared)
    if game is not None and position.game != game:
        raise NotationError(
            f"the position is of game '{position.game}', not '{game}'", field="game", column=1
        )
    _GAMES[position.game].validate(position)
    return position


def write_position(position: Position) -> str:
    return format_position(position, get_game(position.game).extra_fields)


def read_play(game: Game, text: str, *, field: str = "play") -> tuple[MoveText, ...]:
    """Read a written play the way ``game`` numbers its points (up, or down as in Toute-Table)."""
    return parse_play(text, field=field, descending=game.geometry.counts_down)


def make_rules(game: Game, settings: Mapping[str, str] | None = None) -> Any:
    """Build a game's rules from ``name=value`` switch settings, checking names and values."""
    rules_type = game.rules_type
    if not settings:
        return rules_type()
    known = {f.name: f for f in dataclasses.fields(rules_type)}
    values: dict[str, Any] = {}
    for key, raw in settings.items():
        if key not in known:
            raise TabulaError(
                f"{game.name} has no rules switch '{key}' (switches: {', '.join(known)})"
            )
        allowed = rules_type.choices(key)
        value: Any = {"true": True, "false": False}.get(raw, raw) if isinstance(raw, str) else raw
        if value not in allowed:
            choices = ", ".join(str(a).lower() if isinstance(a, bool) else a for a in allowed)
            raise TabulaError(f"rules switch {key}={raw} is not one of: {choices}")
        values[key] = value
    return rules_type(**values)


_LOADED: list[bool] = []


def _load_builtin() -> None:
    # a flag, not "is _GAMES empty": importing one game module first registers only its games
    if _LOADED:
        return
    _LOADED.append(True)
    # each registers itself; verkehren holds Verkehr and Revertier, the family Bräde builds on
    from ..games import (  # noqa: F401
        brade,
        dames_rabattues,
        plein,
        tourne_case,
        toute_table,
        trictrac,
        verkehren,
    )
