"""Try a roll: every throw's legal plays from a board figure's position, for the site.

For each of the 21 throws the engine lists the legal plays from the figure's position (the
player to move, or the player the figure is numbered for when it names none), each with the
arrows that draw it over the board and what it leads to: the end of the game, if it ends it,
and for a game that scores a throw before it is played (Trictrac) the events of the throw
(jans, hits à vrai and à faux, the coin …), what each play adds to them (filling, keeping,
bearing off first: the events that depend on the play) and the marks after it. The same
answers as ``python -m engine legal`` and ``python -m engine score``: both read
:meth:`Game.analyse` and :meth:`Game.evaluate`.

The arrows are placed over the figure's *bare* drawing (its board without dice or arrows,
drawn once beside the figure's own), by :func:`engine.render.board.overlay`, so that the
page draws them exactly where the drawing would.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .core.errors import TabulaError
from .core.game import Game, Outcome, make_rules
from .core.moves import Move
from .core.position import Colour, Position
from .games import get_game, read_position
from .specs import FigureSpec

if TYPE_CHECKING:  # the drawing's types: loading them at run time loads matplotlib
    from .render.board import Picture

# the 21 different throws, as the site lists them: the highest first
ROLLS: tuple[tuple[int, int], ...] = tuple(
    (high, low) for high in range(6, 0, -1) for low in range(high, 0, -1)
)
DRAWN_KINDS = ("board", "quarter")


@dataclass(frozen=True)
class Trial:
    """What a page needs to let the reader try any throw on a figure."""

    mover: Colour
    own_roll: str  # the figure's own throw, high first ("" when it shows none)
    data: dict[str, Any]  # the answers, written into the page's data script


def offers_trial(spec: FigureSpec) -> bool:
    """A board figure of a position someone can play on (not a ledger, count or hits)."""
    return spec.view.kind in DRAWN_KINDS and bool(spec.position)


def mover_of(spec: FigureSpec, position: Position) -> Colour:
    """Who plays the throws tried: the figure's player to move, else the player the figure
    is numbered for (its reader's side)."""
    return position.turn or Colour(spec.view.numbering)


def trial(spec: FigureSpec, picture: Picture) -> Trial | None:
    """Every throw's answers from the figure's position, with arrows over ``picture`` (its
    bare drawing); ``None`` when nobody can play there (the game is over)."""
    game = get_game(spec.game)
    rules = make_rules(game, spec.rules)
    position = read_position(spec.position, spec.game)
    mover = mover_of(spec, position)
    position = position.replace(turn=mover, dice=None)
    try:
        if game.outcome(position, rules) is not None:
            return None
    except TabulaError:
        return None
    table = _Arrows()
    throws = [_throw(game, spec.view, position, rules, roll, picture, table) for roll in ROLLS]
    from .render.board import overlay

    size = overlay(picture, [])
    data = {
        "game": spec.game,
        "mover": mover.value,
        "scores": game.game_type.scores_throws,
        "width": size.width,
        "height": size.height,
        "moves": table.moves,  # False: the plays move no checker along (no arrows)
        "arrows": table.paths,
        "marks": table.marks,  # each play's "marks" is an index into these
        "rolls": throws,
    }
    return Trial(mover, own_roll(spec, read_position(spec.position, spec.game)), data)


def own_roll(spec: FigureSpec, position: Position) -> str:
    """The figure's own throw (its view's, else its position's dice), high first; "" when
    it shows none."""
    own = spec.view.roll or (f"{position.dice[0]}-{position.dice[1]}" if position.dice else "")
    if not own:
        return ""
    high, low = sorted((int(own[0]), int(own[-1])), reverse=True)
    return f"{high}-{low}"


class _Arrows:
    """The arrows of every play and the scoreboards after them, each written once: plays
    share their moves and marks, and a figure's data stays small."""

    def __init__(self) -> None:
        self.paths: list[dict[str, object]] = []
        self._index: dict[str, int] = {}
        self.moves = True  # every play so far moves checkers from point to point
        self.marks: list[dict[str, list[Any]]] = []
        self._marks: dict[str, int] = {}

    def mark(self, marks: dict[str, list[Any]]) -> int:
        """The index of a scoreboard after a play: plays share few of them."""
        key = repr(marks)
        if key not in self._marks:
            self._marks[key] = len(self.marks)
            self.marks.append(marks)
        return self._marks[key]

    def add(self, paths: tuple[dict[str, object], ...]) -> list[int]:
        found = []
        for path in paths:
            key = repr(sorted(path.items()))
            if key not in self._index:
                self._index[key] = len(self.paths)
                self.paths.append(path)
            found.append(self._index[key])
        return found


def _throw(
    game: Game,
    view: Any,
    position: Position,
    rules: Any,
    roll: tuple[int, int],
    picture: Picture,
    table: _Arrows,
) -> dict[str, Any]:
    """One throw: its plays (each with arrows, by their index in ``table``, and what it
    leads to), and for a game that scores throws, the events before the play and the hits to
    draw."""
    from .render.board import overlay
    from .render.positions import arrows_of, hit_arrows_of

    answer: dict[str, Any] = {"roll": f"{roll[0]}-{roll[1]}"}
    try:
        analyses = list(game.analyse(position, roll, rules))
    except TabulaError as error:  # a position some throw cannot be analysed from
        answer["error"] = str(error)
        return answer
    mover = position.turn or Colour.WHITE
    plays = []
    for analysis in analyses:
        play: dict[str, Any] = {
            "play": str(analysis.play),
            "arrows": [],
            "outcome": outcome_json(analysis.outcome),
        }
        if moves_checkers(analysis.play):
            arrows = arrows_of(analysis.play, mover, game.geometry)
            play["arrows"] = table.add(overlay(picture, arrows).arrows)
            named = play_names(game, view, mover, analysis.play)
            if named:
                play["named"] = named
        else:
            table.moves = False
        if game.game_type.scores_throws:  # what this play adds to the throw's events
            play["events"] = [
                event_json(e, event_at(game, view, mover, e))
                for e in analysis.events
                if e.needs_play
            ]
            play["marks"] = table.mark(marks_json(game, analysis.after))
            play["may_leave"] = bool(analysis.may_leave)
        plays.append(play)
    answer["plays"] = plays
    if game.game_type.scores_throws:
        evaluation = game.evaluate(position, roll, rules)
        answer["events"] = [
            event_json(e, event_at(game, view, mover, e)) for e in evaluation.events
        ]
        answer["gains"] = {
            "mover": evaluation.gains("mover"),
            "opponent": evaluation.gains("opponent"),
        }
        hits = hit_arrows_of(game.hit_arrows(position, roll, rules), game.geometry)
        answer["hits"] = table.add(overlay(picture, hits).arrows)
    return answer


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
