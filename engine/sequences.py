"""Sequences: a game played out throw by throw as a text plays it, specified like a figure.

A sequence lives in ``diagrams/sequences/<name>.toml`` (a folder of its own, so that the
figures' folders hold only figures) and is placed in a chapter by the ``replay`` directive
(``docs/_ext/tabula/replays.py``). The engine plays every step at build time, from the
start position, and checks what the text says of each step with the claims of
:mod:`engine.claims`, in the position the step is played from; a step whose play is not
legal, or a claim that does not hold, fails the build like a figure's claim.

A *played* sequence reads::

    about = "Battre malgré soi"
    game = "tourne-case"
    position = "tourne-case … b - bar=3,3"        # where the text starts
    lines = "000: fr 5849–5853"
    editorial = true                              # the edition sets it out (optional)
    rules = { … }                                 # rules switches (optional)

    [view]                                        # how each step is drawn, as a figure's view
    numbering = "w"

    [[step]]
    lines = "fr 5849"                             # where the text plays this throw (required)
    says = "votre homme fait d'abord trois et deux ; il faut qu'il joue le deux"
    roll = "3-2"
    play = "bar/2"            # may be left out where the roll allows one play only
    turn = "b"                # who throws, when the text skips the other's throws (optional)
    leave = true              # Trictrac: the thrower leaves (s'en aller) after marking
    open = true               # the text throws but does not say how the throw is played: the
                              # step shows the throw and what it scores, and ends the sequence
    figure = "tourne-case/petit-nombre"   # a figure of this moment: its position must be
                                          # the one this step is played from (checked)
    records = ["tourne-case-fr-pouvez"]   # the editorial notes on an error of this step

    ends = "kermadeuc/fig-11" # (top level) a figure of the position the sequence ends on

    [[step.claim]]            # what the text says of this throw; see engine.claims. A claim
    id = "deux"               # is about the step's roll unless it names its own (roll,
    lines = "fr 5849"         # rolls), and is checked in the position before the step
    plays = ["bar/2"]

A *walk* (``kind = "walk"``, no game or position) steps through figures that already hold
each state, such as the ledger figures of the combined Trictrac: each ``[[step]]`` names its
``figure`` and ``lines``; the figures' own claims are checked as figures.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .claims import check_figure
from .core.dice import Roll, format_roll, parse_roll
from .core.errors import TabulaError
from .core.game import Game, analysis_of, make_rules, read_play
from .core.moves import Play
from .core.position import Colour, Position
from .games import get_game, read_position, write_position
from .specs import DIAGRAMS, SEQUENCES, FigureSpec, SpecError, View, load_spec, read_view
from .verdicts import ClaimResult, verdict

FOLDER = SEQUENCES  # diagrams/sequences/: the sequences, apart from the figures
_TOP = {"about", "kind", "game", "position", "lines", "editorial", "rules", "view", "step"}
_TOP |= {"ends"}  # a figure of the position the sequence ends on (checked)
_STEP = {"lines", "says", "roll", "play", "turn", "leave", "figure", "records", "claim"}
_STEP |= {"open"}  # a throw the text does not play out: shown and scored, the last step
_WALK_STEP = {"lines", "says", "figure", "records"}


class SequenceError(SpecError):
    """A sequence that cannot be read or played; the message names it and the step."""


@dataclass(frozen=True)
class SequenceSpec:
    """One sequence: where it starts, how it is drawn, and its steps as written."""

    id: str
    path: Path
    kind: str  # "played" or "walk"
    game: str
    position: str
    lines: str
    editorial: bool
    rules: dict[str, str]
    view: View
    steps: tuple[dict[str, Any], ...]
    digest: str = ""
    ends: str = ""  # a figure of the last position


@dataclass(frozen=True)
class Step:
    """A step as played: the position it is played from, the throw, and what it leads to.

    A walk's step has only its ``figure`` (the figure's drawing and claims are the state)."""

    number: int
    data: dict[str, Any]
    before: Position | None = None
    roll: Roll | None = None
    play: Play | None = None
    after: Position | None = None
    analysis: Any = None
    left: bool = False
    figure: str = ""
    claims: tuple[dict[str, Any], ...] = field(default=())
    open: bool = False  # thrown, not played (the text does not say how): after is before
    reached: Position | None = None  # the position as the steps before left it (its turn
    # before the step's own ``turn``): what a figure of this moment shows


def sequence_ids(root: Path = DIAGRAMS) -> list[str]:
    """Every sequence id (``sequences/<name>``), sorted."""
    folder = root / FOLDER
    return sorted(
        f"{FOLDER}/{p.relative_to(folder).with_suffix('')}" for p in folder.rglob("*.toml")
    )


def is_sequence(spec_id: str) -> bool:
    return spec_id.startswith(f"{FOLDER}/")


def load_sequence(sequence_id: str, root: Path = DIAGRAMS) -> SequenceSpec:
    """Read and check the shape of ``diagrams/<sequence_id>.toml``."""
    path = root / f"{sequence_id}.toml"
    if not is_sequence(sequence_id) or not path.is_file():
        raise SequenceError(f"sequence '{sequence_id}': no specification at {path}")
    raw = path.read_bytes()
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise SequenceError(f"{path}: not valid TOML: {error}") from None
    where = f"sequence {sequence_id}"
    _only(data, _TOP, where)
    kind = data.get("kind", "played")
    if kind not in ("played", "walk"):
        raise SequenceError(f"{where}: kind must be 'played' or 'walk', not {kind!r}")
    required = ("lines",) if kind == "walk" else ("game", "position", "lines")
    for key in required:
        if not isinstance(data.get(key), str) or not data[key]:
            raise SequenceError(f"{where}: '{key}' must be a non-empty string")
    steps = data.get("step", [])
    if not isinstance(steps, list) or not steps or not all(isinstance(s, dict) for s in steps):
        raise SequenceError(f"{where}: give its steps as [[step]] tables")
    for number, step in enumerate(steps, start=1):
        _check_step(step, kind, f"{where}, step {number}")
        if step.get("open") and number != len(steps):
            raise SequenceError(f"{where}, step {number}: only the last step can be left open")
    ends = data.get("ends", "")
    if not isinstance(ends, str):
        raise SequenceError(f"{where}: 'ends' names a figure")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise SequenceError(f"{where}: 'rules' must be a table of switch = value")
    return SequenceSpec(
        id=sequence_id,
        path=path,
        kind=kind,
        game=str(data.get("game", "")),
        position=str(data.get("position", "")),
        lines=data["lines"],
        editorial=bool(data.get("editorial", False)),
        rules={k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in rules.items()},
        view=read_view(data.get("view", {}), where),
        steps=tuple(steps),
        digest=_digest(raw, [*steps, {"figure": ends}] if ends else steps, root),
        ends=ends,
    )


def _check_step(step: dict[str, Any], kind: str, where: str) -> None:
    _only(step, _WALK_STEP if kind == "walk" else _STEP, where)
    if not isinstance(step.get("lines"), str) or not step["lines"]:
        raise SequenceError(f"{where}: says nothing of where the text plays it ('lines')")
    if kind == "walk" and not isinstance(step.get("figure"), str):
        raise SequenceError(f"{where}: a walk's step names its 'figure'")
    if kind == "played" and not isinstance(step.get("roll"), str):
        raise SequenceError(f"{where}: a step needs its 'roll'")
    records = step.get("records", [])
    if not isinstance(records, list) or not all(isinstance(r, str) for r in records):
        raise SequenceError(f"{where}: 'records' must be a list of editorial record ids")
    claims = step.get("claim", [])
    if not isinstance(claims, list) or not all(isinstance(c, dict) for c in claims):
        raise SequenceError(f"{where}: a step's claims are [[step.claim]] tables")
    ids = [c.get("id") for c in claims]
    if any(not isinstance(i, str) for i in ids) or len(set(ids)) != len(ids):
        raise SequenceError(f"{where}: every claim needs an 'id', unique in the step")


def _only(data: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise SequenceError(f"{where}: unknown key(s) {', '.join(unknown)}")


def _digest(raw: bytes, steps: list[dict[str, Any]], root: Path) -> str:
    """The file's hash, and the hashes of the figures its steps name: a walk draws them, a
    played step is checked against them."""
    digest = hashlib.sha256(raw)
    for step in steps:
        figure = step.get("figure")
        if isinstance(figure, str):
            try:
                digest.update(load_spec(figure).digest.encode())
            except TabulaError:
                digest.update(b"missing:" + figure.encode())  # reported when it is played
    return digest.hexdigest()


# -- playing ------------------------------------------------------------------------------


def play_sequence(spec: SequenceSpec) -> list[Step]:
    """Every step as the engine plays it; a step that cannot be played raises
    :class:`SequenceError` naming the sequence and the step."""
    if spec.kind == "walk":
        return [_walk_step(spec, n, data) for n, data in enumerate(spec.steps, start=1)]
    game = get_game(spec.game)
    rules = make_rules(game, spec.rules)
    try:
        position = read_position(spec.position, spec.game)
    except TabulaError as error:
        raise SequenceError(f"sequence {spec.id}: position: {error}") from None
    steps = []
    for number, data in enumerate(spec.steps, start=1):
        step = _played(spec, game, rules, position, number, data)
        steps.append(step)
        assert step.after is not None
        position = step.after
    return steps


def _walk_step(spec: SequenceSpec, number: int, data: dict[str, Any]) -> Step:
    try:
        figure = load_spec(data["figure"])
    except TabulaError as error:
        raise SequenceError(f"sequence {spec.id}, step {number}: {error}") from None
    if figure.view.kind in ("table", "counting"):
        raise SequenceError(
            f"sequence {spec.id}, step {number}: figure {figure.id} draws nothing to step through"
        )
    return Step(number, data, figure=figure.id)


def _played(
    spec: SequenceSpec,
    game: Game,
    rules: Any,
    position: Position,
    number: int,
    data: dict[str, Any],
) -> Step:
    where = f"sequence {spec.id}, step {number}"
    reached = position
    try:
        if "turn" in data:
            if data["turn"] not in ("w", "b"):
                raise SequenceError(f"{where}: turn must be 'w' or 'b', not {data['turn']!r}")
            position = position.replace(turn=Colour(data["turn"]))
        if position.turn is None:
            raise SequenceError(f"{where}: nobody is to move: say who throws (turn = …)")
        before = position.replace(dice=None)
        roll = parse_roll(data["roll"], field=f"{where}: roll")
        analyses = list(game.analyse(before, roll, rules))
        if data.get("open"):
            if "play" in data or data.get("leave"):
                raise SequenceError(f"{where}: an open step says no play (and does not leave)")
            return replace(_open(spec, game, rules, before, roll, number, data), reached=reached)
        analysis, play = _chosen(game, before, roll, rules, analyses, data, where)
    except TabulaError as error:
        if isinstance(error, SequenceError):
            raise
        raise SequenceError(f"{where}: {error}") from None
    after: Position = analysis.after
    leave = bool(data.get("leave", False))
    if leave:
        left = getattr(analysis, "left", None)
        if left is None:
            raise SequenceError(f"{where}: leave = true, but the thrower has no hole to leave on")
        after = left
    return Step(
        number,
        data,
        before=before,
        roll=roll,
        play=play,
        after=after,
        analysis=analysis,
        left=leave,
        figure=str(data.get("figure", "")),
        claims=tuple(_with_roll(c, data["roll"]) for c in data.get("claim", [])),
        reached=reached,
    )


def _open(
    spec: SequenceSpec,
    game: Game,
    rules: Any,
    before: Position,
    roll: Roll,
    number: int,
    data: dict[str, Any],
) -> Step:
    """A throw the text does not play out: what it scores before the play (a game that
    scores throws), and the position stays as it was."""
    evaluation = game.evaluate(before, roll, rules) if game.game_type.scores_throws else None
    return Step(
        number,
        data,
        before=before,
        roll=roll,
        play=None,
        after=before,
        analysis=evaluation,
        figure=str(data.get("figure", "")),
        claims=tuple(_with_roll(c, data["roll"]) for c in data.get("claim", [])),
        open=True,
    )


def _chosen(
    game: Game,
    position: Position,
    roll: Roll,
    rules: Any,
    analyses: list[Any],
    data: dict[str, Any],
    where: str,
) -> tuple[Any, Play]:
    """The analysis of the step's play and the play, its moves in the order written: the
    written one, which must be legal, or the only one the roll allows."""
    if "play" not in data:
        if len(analyses) != 1:
            plays = ", ".join(str(a.play) for a in analyses)
            raise SequenceError(
                f"{where}: {format_roll(roll)} has {len(analyses)} legal plays ({plays}): name one"
            )
        return analyses[0], analyses[0].play
    moves = read_play(game, data["play"], field=f"{where}: play")
    play, after, _ = game.trace(position, roll, moves, rules)
    found = analysis_of(analyses, play) if after is not None else None
    if found is None:
        legal = ", ".join(str(a.play) for a in analyses)
        raise SequenceError(
            f"{where}: '{data['play']}' is not a legal play of {format_roll(roll)} (legal: {legal})"
        )
    return found, play


def _with_roll(claim: dict[str, Any], roll: str) -> dict[str, Any]:
    """A step's claim is about the step's throw unless it names its own."""
    if "roll" in claim or "rolls" in claim:
        return dict(claim)
    return {**claim, "roll": roll}


# -- checking -----------------------------------------------------------------------------


def check_sequence(spec: SequenceSpec) -> list[ClaimResult]:
    """Play every step (a play that is not legal raises), then check each step's figure and
    claims. A walk checks that its figures exist; their claims are checked as figures."""
    steps = play_sequence(spec)
    results: list[ClaimResult] = []
    for step in steps:
        if spec.kind == "walk":
            continue
        name = f"{spec.id} step {step.number}"
        if step.figure:
            results.append(_figure_matches(spec, step, name))
        if step.claims:
            results += check_figure(_step_figure(spec, step, name))
    if spec.ends and steps:
        last = steps[-1]
        ending = Step(len(steps) + 1, {"lines": spec.lines}, reached=last.after, figure=spec.ends)
        results.append(_figure_matches(spec, ending, f"{spec.id} end"))
    return results


def _step_figure(spec: SequenceSpec, step: Step, name: str) -> FigureSpec:
    """The step as a figure of the position it is played from, so that its claims are read
    and checked exactly as a figure's are."""
    assert step.before is not None
    return FigureSpec(
        id=name,
        path=spec.path,
        game=spec.game,
        position=write_position(step.before),
        lines=str(step.data["lines"]),
        editorial=spec.editorial,
        rules=spec.rules,
        view=View(),
        claims=step.claims,
    )


def _figure_matches(spec: SequenceSpec, step: Step, name: str) -> ClaimResult:
    """The figure the step names shows the position the step is played from."""
    claim = {"id": f"figure {step.figure}", "lines": step.data["lines"]}
    try:
        figure = load_spec(step.figure)
        shown = read_position(figure.position, spec.game)
    except TabulaError as error:
        raise SequenceError(f"sequence {spec.id}, step {step.number}: {error}") from None
    assert step.reached is not None
    problems = []
    if _state(shown) != _state(step.reached, shown):
        problems.append(
            f"the figure shows {write_position(shown)!r}, but the step is played from "
            f"{write_position(step.reached)!r}"
        )
    return verdict(name, claim, problems)


def _state(position: Position, figure: Position | None = None) -> Position:
    """What a figure and a step must share: the checkers, who is to move, and the game's
    own fields (marks …) the figure states; not the dice. A figure of a supposed position
    (the Kermadeuc lesson's fig. 11) states no marks, and is not read as saying there are
    none."""
    stated = dict((figure or position).extra)
    extra = tuple((k, v) for k, v in position.extra if k in stated)
    return position.replace(dice=None, extra=extra)
