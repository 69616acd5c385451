"""Sequences: a game played out throw by throw as a text plays it (the ``replay`` directive).

A sequence is read from ``diagrams/sequences/`` by :mod:`engine.sequences`, which documents
its keys. Here it is played: every step from the start position, each checked legal (a step
that cannot be played raises :class:`SequenceError` naming the sequence and the step); each
step's claims are checked as a board figure's (:mod:`engine.kinds.board`) in the position the
step is played from, and a figure a step names must show that position. A *walk* steps
through figures that already hold each state (the ledger figures of the combined Trictrac):
their claims are checked as figures, and their drawings are the steps'.

Each played step is drawn as the board it is played from, with its dice and its play as
arrows, and one more drawing shows the board the sequence ends on (:func:`draw_sequence`);
:func:`describe_steps` and :func:`walk_step` say what each step shows, language-neutral, for
the page to put in words.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..answers import event_at, event_json, marks_json, outcome_json, play_names
from ..core.dice import Roll, format_roll, parse_roll
from ..core.errors import TabulaError
from ..core.files import write_atomically
from ..core.game import Game, Switches, analysis_of, make_rules, read_play
from ..core.moves import Play
from ..core.position import Colour, Position
from ..games import get_game, read_position, write_position
from ..verdicts import ClaimResult, verdict
from .board import board_picture, check_board
from .kind import FigureKind, FigureSpec, SpecError, View


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
    figures: dict[str, FigureSpec] = field(default_factory=dict)  # those the steps name, read


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
    """A walk's step: its figure (read, and found to draw something, with the sequence)."""
    return Step(number, data, figure=spec.figures[data["figure"]].id)


def _played(
    spec: SequenceSpec,
    game: Game,
    rules: Switches,
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
    rules: Switches,
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
    rules: Switches,
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
            results += check_board(_step_figure(spec, step, name))
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
        shown = read_position(spec.figures[step.figure].position, spec.game)
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


# -- drawing and describing ---------------------------------------------------------------


def draw_sequence(spec: SequenceSpec, stem: Path, formats: tuple[str, ...]) -> list[Path]:
    """Each step drawn as ``<stem>-<n>.svg``, the board it is played from with its dice and
    its play as arrows, and a last one, ``<stem>-end.svg``: the board the sequence ends on
    (unless the text leaves its last throw unplayed). A walk draws nothing: its figures hold
    the drawings."""
    from ..render.board import render_svg

    if formats != ("svg",):
        raise ValueError(f"sequence {spec.id}: the steps are drawn as SVG, not {formats}")
    if spec.kind == "walk":
        return []
    game = get_game(spec.game)
    steps = play_sequence(spec)
    drawn: list[Path] = []
    for step in steps:
        assert step.before is not None
        path = stem.with_name(f"{stem.name}-{step.number}.svg")
        picture = board_picture(game, spec, step.before, step.roll, step.play)
        write_atomically(path, render_svg(picture).encode("utf-8"))
        drawn.append(path)
    last = steps[-1].after
    assert last is not None
    if steps[-1].open:  # the text leaves the last throw unplayed: no position after it
        return drawn
    path = stem.with_name(f"{stem.name}-end.svg")
    write_atomically(path, render_svg(board_picture(game, spec, last)).encode("utf-8"))
    drawn.append(path)
    return drawn


def describe_steps(
    spec: SequenceSpec, steps: list[Step], drawn: list[Path]
) -> list[dict[str, Any]]:
    """What the page says of each played step, with its drawing (``drawn``, as
    :func:`draw_sequence` drew them), and of the board the sequence ends on, if drawn."""
    game = get_game(spec.game)
    played = zip(steps, drawn[: len(steps)], strict=True)
    described = [{**_played_step(game, spec, step), "image": path.name} for step, path in played]
    if len(drawn) > len(steps):
        last = steps[-1].after
        assert last is not None
        described.append(
            {
                "number": len(steps) + 1,
                "end": True,
                "image": drawn[-1].name,
                "position": write_position(last),
                **_marks(game, last),
            }
        )
    return described


def _played_step(game: Game, spec: SequenceSpec, step: Step) -> dict[str, Any]:
    """What the page says of a step, language-neutral: who threw what and played how, and
    what the engine computed of it (the events and marks of a scoring game, the end)."""
    assert step.before is not None and step.roll is not None
    mover = step.before.turn or Colour.WHITE
    analysis = step.analysis
    play = step.play
    found: dict[str, Any] = {
        "number": step.number,
        "lines": step.data["lines"],
        "says": step.data.get("says", ""),
        "mover": mover.value,
        "roll": f"{step.roll[0]}-{step.roll[1]}",
        "play": str(play) if play is not None else "",
        "moves": len(play.moves) if play is not None else 0,
        "hits": play is not None and any(m.hits for m in play.moves),
        "open": step.open,
        "position": write_position(step.before),
        "figure": step.figure,
        "claims": len(step.claims) + bool(step.figure),
        "wrong": _wrong(step.claims),
        "records": list(step.data.get("records", [])),
        "left": step.left,
        "outcome": outcome_json(getattr(analysis, "outcome", None)),
    }
    if play is not None and play_names(game, spec.view, mover, play):
        found["letters"] = play_names(game, spec.view, mover, play)
    if game.game_type.scores_throws:  # an open step: the throw's events, before any play
        found["events"] = [
            event_json(e, event_at(game, spec.view, mover, e)) for e in analysis.events
        ]
        found["may_leave"] = bool(getattr(analysis, "may_leave", False))
    if game.game_type.shows_marks:
        assert step.after is not None
        found.update(_marks(game, step.after))
    return found


def _marks(game: Game, position: Position) -> dict[str, Any]:
    return {"marks": marks_json(game, position)} if game.game_type.shows_marks else {}


def _wrong(claims: tuple[dict[str, Any], ...]) -> list[dict[str, str]]:
    """The text's errors at this step: its claims recorded as disagreeing."""
    return [
        {"claim": str(c["id"]), "says": str(c.get("says", "")), "note": str(c.get("note", ""))}
        for c in claims
        if c.get("disagrees")
    ]


def walk_step(step: Step, figure: FigureSpec, image: str, claims: int) -> dict[str, Any]:
    """What the page says of a walk's step: its figure, drawn as ``image``, with ``claims``
    claims checked, and the text's errors the figure records."""
    records = [r for c in figure.claims if c.get("disagrees") for r in c.get("records", [])]
    return {
        "number": step.number,
        "lines": step.data["lines"],
        "says": step.data.get("says", ""),
        "figure": figure.id,
        "image": image,
        "claims": claims,
        "wrong": _wrong(figure.claims),
        "records": [*step.data.get("records", []), *records],
    }


SEQUENCE = FigureKind[SequenceSpec](
    name="sequence",
    view="",  # a file of diagrams/sequences/, not a figure's [view]
    positioned=True,  # a played sequence's start (a walk's steps are figures)
    formats=("svg",),
    preview=False,
    offers_trial=False,
    check=check_sequence,
    draw=draw_sequence,
)
