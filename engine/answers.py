"""The engine's answers as the pages and the command line show them, language-neutral.

A play's outcome, a throw's events and where they happen, each side's marks after a play, and
a play with its points named as a figure names them: the same answers for ``python -m engine``
(``legal``, ``outcome``), a figure's "try a roll" (:mod:`engine.trial`) and a sequence's steps
(:mod:`engine.kinds.sequence`), which the pages put in the reader's words.
"""

from __future__ import annotations

from typing import Any

from .core.game import Game, Outcome
from .core.moves import Move
from .core.position import Colour, Position


def moves_checkers(play: Any) -> bool:
    """A play made of moves from point to point, which arrows can show (the Dames
    rabattues beat piles down and raise them: nothing moves along the board)."""
    return all(isinstance(m, Move) for m in getattr(play, "moves", ()))


def outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    """How a play ends the game, as the command line says it (``legal``'s ``outcome``)."""
    if outcome is None:
        return None
    return {
        "winner": outcome.winner.value,
        "kind": outcome.kind,
        "label": outcome.label,
        "points": outcome.points,
    }


def event_json(event: Any, at: str = "") -> dict[str, Any]:
    """A Trictrac event as the page shows it: what, how many moyens, points, to whom, and
    where (``at``: the blot hit or the half-case filled, as the figure names the point)."""
    found: dict[str, Any] = event.to_json()
    keys = ("kind", "moyens", "points", "to", "jan")
    shown: dict[str, Any] = {k: found[k] for k in keys if k in found}
    if at:
        shown["at"] = at
    return shown


def play_names(game: Game, view: Any, mover: Colour, play: Any) -> str:
    """A play with its points named as the figure names them ("A–D D–F" on the Kermadeuc
    lesson's lettered board, the cases of a Trictrac board), or "" where the figure's names
    are the notation's own numbers."""
    from .render.positions import point_label

    if not moves_checkers(play) or not play.moves:
        return ""
    labels = view.labels or game.game_type.labels
    numbering = Colour(view.numbering)

    def name(own: int) -> str:
        return point_label(game.geometry, numbering, labels, game.geometry.absolute(mover, own))

    def written(move: Any, named: bool) -> str:
        start = "bar" if move.enters else (name(move.start) if named else str(move.start))
        end = "off" if move.bears_off else (name(move.end) if named else str(move.end))
        return f"{start}–{end}"

    named = " ".join(written(m, True) for m in play.moves)
    return "" if named == " ".join(written(m, False) for m in play.moves) else named


def event_at(game: Game, view: Any, mover: Colour, event: Any) -> str:
    """The name the figure gives the point of an event (the mover's own point), or ""."""
    from .render.positions import point_label

    if not event.point:
        return ""
    absolute = game.geometry.absolute(mover, event.point)
    labels = view.labels or game.game_type.labels
    return point_label(game.geometry, Colour(view.numbering), labels, absolute)


def marks_json(game: Game, position: Position) -> dict[str, list[Any]]:
    """Each side's points, holes and bredouille after a play."""
    try:
        marks = game.marks(position)
    except ValueError:  # a score no jeton shows (the Toccategli's odd points, 001 589)
        return _written_marks(position)
    return {
        c.value: [marks[c].points, marks[c].holes, marks[c].bredouille]
        for c in Colour
        if c in marks
    }


def _written_marks(position: Position) -> dict[str, list[Any]]:
    """The points and holes as the position writes them, for a score the jetons cannot
    show: the Toccategli counts every point to twelve (001 587–591) and marks no holes."""
    points = [int(n) for n in position.get("points", "0,0").split(",")]
    holes = [int(n) for n in position.get("holes", "0,0").split(",")]
    return {c.value: [points[c.pair_index], holes[c.pair_index], False] for c in Colour}
