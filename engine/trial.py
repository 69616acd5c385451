"""Try a roll: every throw's legal plays from a board figure's position, for the site (the
kinds of figure that offer it say so: :attr:`engine.kinds.kind.FigureKind.offers_trial`).

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

from .answers import event_at, event_json, marks_json, moves_checkers, outcome_json, play_names
from .core.errors import TabulaError
from .core.game import Game, Switches, make_rules
from .core.position import Colour, Position
from .games import get_game, read_position
from .kinds.kind import FigureSpec

if TYPE_CHECKING:  # the drawing's types: loading them at run time loads matplotlib
    from .render.board import Picture

# the 21 different throws, as the site lists them: the highest first
ROLLS: tuple[tuple[int, int], ...] = tuple(
    (high, low) for high in range(6, 0, -1) for low in range(high, 0, -1)
)


@dataclass(frozen=True)
class Trial:
    """What a page needs to let the reader try any throw on a figure."""

    mover: Colour
    own_roll: str  # the figure's own throw, high first ("" when it shows none)
    data: dict[str, Any]  # the answers, written into the page's data script


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
    rules: Switches,
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
