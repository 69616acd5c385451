"""Board figures: a position of a game, drawn whole (``kind = "board"``) or one quarter of
it (``kind = "quarter"``), and the claims a text makes about it.

The position is read and checked, the play the figure draws as arrows must be legal, and every
claim is checked against the game's rules (:mod:`engine.games`); the drawing is the game's
board (:mod:`engine.render`, imported only when a figure is drawn). A game's points table
(:mod:`engine.kinds.table`) and a sequence's steps (:mod:`engine.kinds.sequence`) make the
same claims.

A claim is one table ``[[claim]]`` of a figure specification (:mod:`engine.specs`). It has an
``id``, the ``lines`` of the text that make it, optionally the sentence it checks (``says``)
and a turn override (``turn``), and one or more of these statements:

``roll = "6-2"`` or ``rolls = ["6-5", "5-5"]``
    the roll the statements below are about (with ``rolls``: each of them in turn).
``after = { roll = "6-2", play = "bar/2!" }`` (or a list of such steps; the play may be
    left out where the roll allows only one, and a step may say who throws: ``turn = "b"``)
    first make these plays (each must be legal), then check the statements in the position
    they lead to, with the other side to move (``turn`` then overrides who moves).
``plays = ["bar/6! bar/2"]``
    the legal plays of the roll are exactly these (``[]``: the whole roll is forfeited).
``legal = [...]``
    these plays are legal (others may be too).
``illegal = [...]`` with ``because = "…"``
    these plays are not legal, for the stated reason: ``rules`` (a move the movement rules
    forbid), ``ended`` (the game ended before the play did), ``more-dice`` (another play uses
    more dice), ``higher-die`` (only one die can be used and another play uses the higher),
    ``reduction`` (another play wastes fewer pips in bearing off).
``reductions = { "22/off(5) 24/off(2)" = 3 }``
    the total reduction of each written play (legal or not).
``outcomes = { "19/off" = "hemspel" }``
    each written play is legal and ends the game this way (a score key such as
    ``hemspel+munk``; ``none`` for a play that does not end it).
``every_play = ["leaves-blot"]``, ``some_play = ["no-hit"]``
    a property of every legal play, or of at least one: ``leaves-blot``, ``bears-off``,
    ``no-bear-off``, ``ends-game``, ``no-end``, ``hits``, ``no-hit``.
``unmoved = [1, 2]``
    no legal play of the roll moves a checker from these points (the mover's numbering).
``borne_off = 4``
    every legal play of the roll bears off exactly this many checkers.
``exactly_these_rolls = true`` (with ``rolls``)
    the statements hold for the listed rolls and for no other of the 21 different rolls — a
    text's list of throws is then checked as complete, so a throw it leaves out is found.
``outcome = "sprangjan"``
    with a roll: every legal play ends the game so; without: the position's own outcome
    (``none`` if the game goes on).
``facts = { entry_points = 2, hit = 3, may_burst = true }``
    facts about the position from the side of ``colour`` (default: the player to move),
    under the figure's rules: open points to enter on, checkers on the bar, whether entering
    may burst a band (each game lists its own).
``crossing = { block = [8, 12], start = 7, die = 6 }``
    for every roll: a checker passes beyond the block only when it starts on ``start`` and
    moves with ``die``, and some play does so whenever a die shows ``die``.
``score = [{ kind = "battre-a-vrai", moyens = 2, points = 4, to = "mover" }, …]``
    (Trictrac) the events the throw scores before it is played are exactly these; each
    table names the keys it checks (``kind``, ``moyens``, ``points``, ``to``, ``point``,
    ``jan``, ``numbers``, ``sources``).
``score_includes = [...]``, ``score_excludes = [{ kind = "battre-le-coin" }]``
    (Trictrac) the throw scores at least these events; none matching these.
``gains = { mover = 12, opponent = 4 }``
    (Trictrac) the points the throw gives each side.
``marking = { play = "6/11 2/8", marked = 6, leave = false, holes = "0,2", points = "4,0" }``
    (Trictrac) mark the throw played so (``marked``/``opponent_marked``: what each side
    marked, by default his due; ``leave``: the mover leaves) and check the marks after:
    ``points``, ``holes``, ``bredouille``, ``etendard``, ``may_leave``, ``ecole`` (a list
    of ``{ to, points }``), ``replay`` (the plays the opponent may have the throw replayed
    as: an unmade petit jan, fr 4932–4936).
``table = { ways_to_end = 7, ways_with_munk = 5 }``, ``ranks_above = [a, b]``,
``ranks_equal = [a, b]``
    facts about the game's points table.
``match = { white = ["hemspel", "hemspel"], black = ["trappspel"], winner = "b" }``
    the winner of a match whose games each side won ended so (``winner``: ``w``, ``b`` or
    ``none``), for a game that decides matches (Bräde, sv 3090).

``rules = { coin_fill = "first-opinion" }`` checks the claim under these rules switches
(over the figure's own), for a sentence that reports a reading the text does not follow.

``disagrees = true`` turns a claim round: the text states it, the engine shows it false. The
check then passes only while the engine still disagrees, and the report lists it as a known
disagreement, so a wrong sentence can never pass silently.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..core.dice import Roll, parse_roll
from ..core.errors import TabulaError
from ..core.game import (
    Game,
    Switches,
    analysis_of,
    make_rules,
    mover_of,
    own_rules,
    read_play,
)
from ..core.moves import Play
from ..core.position import Colour, Position
from ..core.scoreboard import HitArrow
from ..games import get_game, read_position
from ..games.trictrac import TrictracRules
from ..games.trictrac.game import marking
from ..verdicts import ClaimError, ClaimResult, check_envelope, verdict
from .kind import FigureKind, FigureSpec, View

if TYPE_CHECKING:  # the drawing's types: loading them at run time loads matplotlib
    from ..render.board import Picture
    from ..render.positions import TrictracView

_REASONS = {"rules", "ended", "more-dice", "higher-die", "reduction"}


def check_board(spec: FigureSpec) -> list[ClaimResult]:
    """Check every claim of a board figure, after checking its position and drawn play."""
    game = get_game(spec.game)
    rules = make_rules(game, spec.rules)
    try:
        position = read_position(spec.position, spec.game)
    except TabulaError as error:
        raise ClaimError(f"figure {spec.id}: position: {error}") from None
    _check_view(spec, game, position, rules)
    return check_claims(spec, game, position, rules)


def check_claims(
    spec: FigureSpec, game: Game, position: Position, rules: Switches
) -> list[ClaimResult]:
    """Every claim of a figure, checked in ``position`` under ``rules``."""
    return [_check_claim(spec, game, position, rules, claim) for claim in spec.claims]


def _check_view(spec: FigureSpec, game: Game, position: Position, rules: Switches) -> None:
    """The play drawn as arrows must be legal, so a figure can never show an illegal play."""
    if not spec.view.play:
        return
    if not spec.view.roll:
        raise ClaimError(f"figure {spec.id}: [view] play needs a roll")
    roll = parse_roll(spec.view.roll)
    legal = _legal_keys(game, position, roll, rules)
    play = _resolve(game, position, roll, spec.view.play, rules)
    if play is None or play.key() not in legal:
        raise ClaimError(f"figure {spec.id}: [view] play '{spec.view.play}' is not legal")


def _check_claim(
    spec: FigureSpec, game: Game, position: Position, rules: Switches, claim: dict[str, Any]
) -> ClaimResult:
    where = f"figure {spec.id}, claim '{claim['id']}'"
    try:
        return _checked(spec, game, position, rules, claim, where)
    except (ValueError, KeyError, TypeError) as error:
        # a value of the wrong shape (turn = "x", a pair of one …): say where, not a traceback
        message = f"{where}: a value cannot be read ({type(error).__name__}: {error})"
        raise ClaimError(message) from None


def _checked(
    spec: FigureSpec,
    game: Game,
    position: Position,
    rules: Switches,
    claim: dict[str, Any],
    where: str,
) -> ClaimResult:
    check_envelope(claim, _KEYS, where)
    if not set(claim) & _STATEMENTS:
        raise ClaimError(f"{where}: states nothing (give plays, legal, outcome, facts …)")
    if "rules" in claim:  # a claim about one reading among several (the 1698 "opinions")
        rules = make_rules(
            game, {**spec.rules, **{k: str(v).lower() for k, v in claim["rules"].items()}}
        )
    if "after" in claim:
        steps = claim["after"] if isinstance(claim["after"], list) else [claim["after"]]
        for step in steps:
            position = _after(game, position, rules, step, where)
    if "turn" in claim:
        if claim["turn"] not in ("w", "b"):
            raise ClaimError(f"{where}: turn must be 'w' or 'b', not {claim['turn']!r}")
        position = position.replace(turn=Colour(claim["turn"]))
    rolls = claim.get("rolls") or [claim.get("roll")]
    problems: list[str] = []
    for roll in rolls:
        problems += _Checker(game, position, rules, _for_roll(claim, roll), where).run()
    if claim.get("exactly_these_rolls"):
        problems += _only_these(game, position, rules, claim, where)
    return verdict(spec.id, claim, problems)


def _for_roll(claim: dict[str, Any], roll: str | None) -> dict[str, Any]:
    single = {k: v for k, v in claim.items() if k not in ("rolls", "exactly_these_rolls")}
    if roll is not None:
        single["roll"] = roll
    return single


def _only_these(
    game: Game, position: Position, rules: Switches, claim: dict[str, Any], where: str
) -> list[str]:
    """The statements must fail for every roll the claim does not list."""
    if "rolls" not in claim:
        raise ClaimError(f"{where}: exactly_these_rolls needs a list of rolls")
    listed = {parse_roll(r) for r in claim["rolls"]}
    listed |= {(b, a) for a, b in listed}
    problems = []
    for high, low in _rolls():
        if (high, low) in listed:
            continue
        roll = f"{high}-{low}"
        if not _Checker(game, position, rules, _for_roll(claim, roll), where).run():
            problems.append(f"roll {roll} is not listed, but the statements hold for it too")
    return problems


class _Checker:
    """Checks the statements of one claim and collects what does not hold."""

    def __init__(
        self, game: Game, position: Position, rules: Switches, claim: dict[str, Any], where: str
    ) -> None:
        self.game = game
        self.position = position
        self.rules = rules
        self.claim = claim
        self.where = where
        self.problems: list[str] = []
        self.roll = parse_roll(claim["roll"]) if "roll" in claim else None
        self._analyses: list[Any] | None = None

    @property
    def analyses(self) -> list[Any]:
        if self.roll is None:
            raise ClaimError(f"{self.where}: this statement needs a roll")
        if self._analyses is None:
            self._analyses = list(self.game.analyse(self.position, self.roll, self.rules))
        return self._analyses

    def run(self) -> list[str]:
        for key in sorted(set(self.claim) & _STATEMENTS):
            _CHECKS[key](self, self.claim[key])
        return self.problems

    # -- plays --------------------------------------------------------------------------

    def _resolve(self, text: str) -> Play | None:
        assert self.roll is not None
        return _resolve(self.game, self.position, self.roll, text, self.rules)

    def _legal_strings(self) -> list[str]:
        return [str(a.play) for a in self.analyses]

    def _plays(self, written: list[str]) -> None:
        legal = {a.play.key(): str(a.play) for a in self.analyses}
        claimed: dict[Any, str] = {}
        for text in written:
            play = self._resolve(text)
            if play is None:
                self.problems.append(f"roll {self.claim['roll']}: '{text}' cannot be played at all")
                continue
            claimed[play.key()] = text
        if not written:
            claimed[Play().key()] = "(no move)"
        missing = [t for k, t in claimed.items() if k not in legal]
        extra = [t for k, t in legal.items() if k not in claimed]
        if missing or extra:
            self.problems.append(
                f"roll {self.claim['roll']}: the text's plays {sorted(claimed.values())} are not "
                f"the legal plays {sorted(legal.values())}"
            )

    def _legal(self, written: list[str]) -> None:
        legal = {a.play.key() for a in self.analyses}
        for text in written:
            play = self._resolve(text)
            if play is None or play.key() not in legal:
                self.problems.append(
                    f"roll {self.claim['roll']}: '{text}' is not legal "
                    f"(legal: {self._legal_strings()})"
                )

    def _illegal(self, written: list[str]) -> None:
        because = self.claim.get("because")
        if because not in _REASONS:
            raise ClaimError(f"{self.where}: 'illegal' needs because = one of {sorted(_REASONS)}")
        legal = {a.play.key() for a in self.analyses}
        for text in written:
            reason = self._why_not(text, legal)
            if reason != because:
                found = "it is legal" if reason is None else f"the reason is '{reason}'"
                self.problems.append(
                    f"roll {self.claim['roll']}: '{text}' is said illegal ({because}), but {found}"
                )

    def _why_not(self, text: str, legal: set[Any]) -> str | None:
        assert self.roll is not None
        moves = read_play(self.game, text, field=f"{self.where}: play")
        play, after, problem = self.game.trace(self.position, self.roll, moves, self.rules)
        if after is None:
            return "rules"
        if problem:
            return "ended"
        if play.key() in legal:
            return None
        best = self.analyses[0].play if self.analyses else Play()
        most = max(len(a.play.moves) for a in self.analyses)
        if len(play.moves) < most:
            return "more-dice"
        if len(play.moves) == 1 and any(
            len(a.play.moves) == 1 and a.play.moves[0].die > play.moves[0].die
            for a in self.analyses
        ):
            return "higher-die"
        if play.reduction > min(a.play.reduction for a in self.analyses):
            return "reduction"
        return f"not legal for another reason (compare '{best}')"

    def _reductions(self, table: dict[str, int]) -> None:
        assert self.roll is not None
        for text, expected in table.items():
            moves = read_play(self.game, text, field=f"{self.where}: play")
            play, after, _ = self.game.trace(self.position, self.roll, moves, self.rules)
            if after is None:
                self.problems.append(
                    f"roll {self.claim['roll']}: '{text}' cannot be played, so it has no reduction"
                )
            elif play.reduction != expected:
                self.problems.append(
                    f"roll {self.claim['roll']}: '{text}' reduces by {play.reduction}, "
                    f"not {expected} as the text says"
                )

    def _outcomes(self, table: dict[str, str]) -> None:
        for text, expected in table.items():
            play = self._resolve(text)
            analysis = analysis_of(self.analyses, play) if play else None
            roll = self.claim["roll"]
            if analysis is None:
                self.problems.append(
                    f"roll {roll}: '{text}' is not legal (legal: {self._legal_strings()})"
                )
                continue
            found = analysis.outcome.kind if analysis.outcome else "none"
            if found != expected:
                self.problems.append(f"roll {roll}: '{text}' ends as '{found}', not '{expected}'")

    def _every_play(self, properties: list[str]) -> None:
        for name in properties:
            test = _PROPERTIES.get(name)
            if test is None:
                raise ClaimError(f"{self.where}: unknown play property '{name}'")
            failing = [str(a.play) for a in self.analyses if not test(a, self.position)]
            if failing:
                self.problems.append(f"roll {self.claim['roll']}: not '{name}': {failing}")

    def _some_play(self, properties: list[str]) -> None:
        for name in properties:
            test = _PROPERTIES.get(name)
            if test is None:
                raise ClaimError(f"{self.where}: unknown play property '{name}'")
            if not any(test(a, self.position) for a in self.analyses):
                plays = [str(a.play) for a in self.analyses]
                self.problems.append(f"roll {self.claim['roll']}: no play is '{name}': {plays}")

    def _borne_off(self, expected: int) -> None:
        for analysis in self.analyses:
            found = sum(1 for m in analysis.play.moves if m.bears_off)
            if found != expected:
                self.problems.append(
                    f"roll {self.claim['roll']}: '{analysis.play}' bears off {found}, "
                    f"not {expected}"
                )

    def _outcome(self, expected: str) -> None:
        if self.roll is None:
            outcome = self.game.outcome(self.position, self.rules)
            found = outcome.kind if outcome else "none"
            if found != expected:
                self.problems.append(f"the position's outcome is '{found}', not '{expected}'")
            return
        for analysis in self.analyses:
            found = analysis.outcome.kind if analysis.outcome else "none"
            if found != expected:
                self.problems.append(
                    f"roll {self.claim['roll']}: '{analysis.play}' ends as '{found}', "
                    f"not '{expected}'"
                )

    def _unmoved(self, points: list[int]) -> None:
        for analysis in self.analyses:
            moved = sorted({m.start for m in analysis.play.moves if m.start in points})
            if moved:
                self.problems.append(
                    f"roll {self.claim['roll']}: '{analysis.play}' moves from {moved}"
                )

    # -- facts about a position -----------------------------------------------------------

    def _facts(self, facts: dict[str, Any]) -> None:
        colour = Colour(facts.get("colour", self.position.turn or "w"))
        found = self.game.facts(self.position, colour, self.rules)
        for key, expected in facts.items():
            if key == "colour":
                continue
            if key not in found:
                raise ClaimError(f"{self.where}: unknown fact '{key}' (known: {sorted(found)})")
            if found[key] != expected:
                self.problems.append(f"{key} is {found[key]}, not {expected}")

    def _crossing(self, spec: dict[str, Any]) -> None:
        low, high = spec["block"]
        start, die = spec["start"], spec["die"]
        for roll in _rolls():
            analyses = self.game.analyse(self.position, roll, self.rules)
            crossings = [
                m for a in analyses for m in a.play.moves if m.start < low and m.end > high
            ]
            wrong = [m for m in crossings if (m.start, m.die) != (start, die)]
            if wrong:
                self.problems.append(f"roll {roll[0]}-{roll[1]}: {wrong[0]} crosses the block")
            if die in roll and not crossings:
                self.problems.append(f"roll {roll[0]}-{roll[1]}: no play crosses the block")

    # -- the points table -------------------------------------------------------------------

    def _table(self, facts: dict[str, int]) -> None:
        found = self.game.table_facts()
        for key, expected in facts.items():
            if found.get(key) != expected:
                self.problems.append(f"{key} is {found.get(key)}, not {expected}")

    def _ranks_above(self, pair: list[str]) -> None:
        higher, lower = (self.game.score_rank(k) for k in pair)
        if not higher < lower:
            self.problems.append(f"'{pair[0]}' does not rank above '{pair[1]}'")

    def _ranks_equal(self, pair: list[str]) -> None:
        first, second = (self.game.score_rank(k) for k in pair)
        if first != second:
            self.problems.append(f"'{pair[0]}' and '{pair[1]}' do not rank alike")

    def _match(self, spec: dict[str, Any]) -> None:
        try:
            winner = self.game.match_winner(spec["white"], spec["black"])
        except TabulaError as error:
            raise ClaimError(f"{self.where}: {error}") from None
        found = winner.value if winner is not None else "none"
        if found != spec["winner"]:
            self.problems.append(f"the match goes to {found}, not {spec['winner']}")

    # -- Trictrac: what a throw scores before it is played -------------------------------------

    def _evaluation(self) -> Any:
        if self.roll is None:
            raise ClaimError(f"{self.where}: this statement needs a roll")
        if not self.game.game_type.scores_throws:
            raise ClaimError(f"{self.where}: {self.game.name} does not score throws")
        return self.game.evaluate(self.position, self.roll, self.rules)

    def _score(self, expected: list[dict[str, Any]]) -> None:
        left = [event.to_json() for event in self._evaluation().events]
        for want in expected:
            match = next((f for f in left if all(f.get(k) == v for k, v in want.items())), None)
            if match is None:
                self.problems.append(f"roll {self.claim['roll']}: no event {want} (found {left})")
            else:
                left.remove(match)
        if left:
            self.problems.append(f"roll {self.claim['roll']}: events the text omits: {left}")

    def _score_includes(self, expected: list[dict[str, Any]]) -> None:
        found = [event.to_json() for event in self._evaluation().events]
        for want in expected:
            if not any(all(f.get(k) == v for k, v in want.items()) for f in found):
                self.problems.append(f"roll {self.claim['roll']}: no event {want} (found {found})")

    def _score_excludes(self, unwanted: list[dict[str, Any]]) -> None:
        found = [event.to_json() for event in self._evaluation().events]
        for want in unwanted:
            hits = [f for f in found if all(f.get(k) == v for k, v in want.items())]
            if hits:
                self.problems.append(f"roll {self.claim['roll']}: scores {hits}")

    def _gains(self, expected: dict[str, int]) -> None:
        evaluation = self._evaluation()
        for to, points in expected.items():
            if evaluation.gains(to) != points:
                self.problems.append(
                    f"roll {self.claim['roll']}: {to} gains {evaluation.gains(to)}, not {points}"
                )

    def _marking(self, spec: dict[str, Any]) -> None:
        evaluation = self._evaluation()
        leaves = list(evaluation.leaves)
        if "play" in spec:
            play = self._resolve(spec["play"])
            leaves = [leaf for leaf in leaves if play and leaf.key() == play.key()]
        if len(leaves) != 1:
            raise ClaimError(f"{self.where}: 'marking' needs one legal play (give play = …)")
        done = marking(
            self.position,
            evaluation.roll,
            leaves[0],
            own_rules(TrictracRules, self.rules),
            marked=spec.get("marked"),
            opponent_marked=spec.get("opponent_marked"),
            leave=bool(spec.get("leave", False)),
        )
        stored = dict(done.marks.store(self.position).extra)
        found: dict[str, Any] = {
            "points": stored.get("points", "0,0"),
            "holes": stored.get("holes", "0,0"),
            "bredouille": stored.get("bredouille", "-"),
            "etendard": stored.get("etendard", "-"),
            "may_leave": done.may_leave,
            "ecole": [{"to": e.to, "points": e.points} for e in done.ecoles],
            "replay": [str(play) for play in done.replays],
        }
        for key, value in spec.items():
            if key in ("play", "marked", "opponent_marked", "leave"):
                continue
            if key not in found:
                raise ClaimError(f"{self.where}: 'marking' knows no '{key}'")
            if found[key] != value:
                self.problems.append(f"marking: {key} is {found[key]!r}, not {value!r}")


# each statement a claim can make, and the check of it
_CHECKS: dict[str, Callable[[_Checker, Any], None]] = {
    "plays": _Checker._plays,
    "some_play": _Checker._some_play,
    "legal": _Checker._legal,
    "illegal": _Checker._illegal,
    "reductions": _Checker._reductions,
    "outcomes": _Checker._outcomes,
    "every_play": _Checker._every_play,
    "outcome": _Checker._outcome,
    "borne_off": _Checker._borne_off,
    "unmoved": _Checker._unmoved,
    "facts": _Checker._facts,
    "crossing": _Checker._crossing,
    "table": _Checker._table,
    "ranks_above": _Checker._ranks_above,
    "ranks_equal": _Checker._ranks_equal,
    "match": _Checker._match,
    "score": _Checker._score,
    "score_includes": _Checker._score_includes,
    "score_excludes": _Checker._score_excludes,
    "gains": _Checker._gains,
    "marking": _Checker._marking,
}
_STATEMENTS = frozenset(_CHECKS)
_KEYS = _STATEMENTS | {
    "turn",
    "roll",
    "rolls",
    "after",
    "because",
    "exactly_these_rolls",
    "rules",
}


def _after(
    game: Game, position: Position, rules: Switches, step: dict[str, str], where: str
) -> Position:
    """The position after a legal play, for claims about what follows."""
    if "turn" in step:  # who throws this step, if not the side the position says
        position = position.replace(turn=Colour(step["turn"]))
    roll = parse_roll(step["roll"])
    analyses = game.analyse(position, roll, rules)
    if "play" not in step:  # a forced roll: the play need not be written
        if len(analyses) != 1:
            raise ClaimError(f"{where}: 'after' roll {step['roll']} has several plays: name one")
        forced: Position = analyses[0].after
        return forced
    play = _resolve(game, position, roll, step["play"], rules)
    analysis = analysis_of(analyses, play) if play is not None else None
    if analysis is not None:
        after: Position = analysis.after
        return after
    raise ClaimError(f"{where}: 'after' play '{step['play']}' is not legal with {step['roll']}")


def _resolve(game: Game, position: Position, roll: Any, text: str, rules: Switches) -> Play | None:
    """The moves a written play stands for, if the movement rules allow them at all."""
    play, after, _ = game.trace(position, roll, read_play(game, text), rules)
    return play if after is not None else None


def _legal_keys(game: Game, position: Position, roll: Any, rules: Switches) -> set[Any]:
    return {a.play.key() for a in game.analyse(position, roll, rules)}


def _rolls() -> Iterable[tuple[int, int]]:
    for high in range(6, 0, -1):
        for low in range(high, 0, -1):
            yield high, low


def _leaves_blot(analysis: Any, before: Position) -> bool:
    mover = mover_of(before)
    after: Position = analysis.after
    return any(after.count(mover, p) == 1 for p in range(1, 25))


def _bears_off(analysis: Any, before: Position) -> bool:
    return any(m.bears_off for m in analysis.play.moves)


def _hits(analysis: Any, before: Position) -> bool:
    return any(m.hits for m in analysis.play.moves)


_PROPERTIES: dict[str, Callable[[Any, Position], bool]] = {
    "hits": _hits,
    "no-hit": lambda a, p: not _hits(a, p),
    "leaves-blot": _leaves_blot,
    "bears-off": _bears_off,
    "no-bear-off": lambda a, p: not _bears_off(a, p),
    "ends-game": lambda a, p: a.outcome is not None,
    "no-end": lambda a, p: a.outcome is None,
}


# -- drawing ------------------------------------------------------------------------------


def draw_board(spec: FigureSpec, stem: Path, formats: tuple[str, ...]) -> list[Path]:
    """Draw a board figure as ``<stem>.<format>`` for each format (svg, pdf, png), with its
    view's dice and its play as arrows."""
    from ..render.board import save

    game = get_game(spec.game)
    position = read_position(spec.position, spec.game)
    roll = parse_roll(spec.view.roll) if spec.view.roll else None
    play = None
    if spec.view.play and roll:
        rules = make_rules(game, spec.rules)
        play, _, _ = game.trace(position, roll, read_play(game, spec.view.play), rules)
    return save(board_picture(game, spec, position, roll, play), stem, formats)


class Viewed(Protocol):
    """What a board is drawn after: a figure's or a sequence's view and rules."""

    @property
    def view(self) -> View: ...

    @property
    def rules(self) -> dict[str, str]: ...


def board_picture(
    game: Game,
    spec: Viewed,
    position: Position,
    roll: Roll | None = None,
    play: Play | None = None,
) -> Picture:
    """The picture of ``position`` as ``spec``'s view draws it (a figure, or a sequence,
    which has a view and rules too), with the dice of ``roll`` and ``play`` as arrows."""
    from ..render.positions import picture

    return picture(
        position,
        game.geometry,
        kind=spec.view.kind,
        numbering=Colour(spec.view.numbering),
        quarter=spec.view.quarter,
        roll=roll,
        play=play,
        highlight=spec.view.highlight,
        labels=spec.view.labels or game.game_type.labels,
        trictrac=trictrac_view(game, spec, position, roll),
    )


def trictrac_view(
    game: Game, spec: Viewed, position: Position, roll: Roll | None
) -> TrictracView | None:
    """The Trictrac dressing for a game played on the Trictrac board (its game type's
    ``board``): each side's marked score (``marks``) and the hits the throw makes
    (``hit_arrows``), drawn when the figure asks for them (``[view] hit_arrows = true``: its
    alt text must say so). A game that shows no marks gives none."""
    from ..render.positions import TrictracView

    if game.game_type.board != "trictrac":
        return None
    marks = game.marks(position)
    hits: tuple[HitArrow, ...] = ()
    if roll is not None and spec.view.hit_arrows:
        hits = tuple(game.hit_arrows(position, roll, make_rules(game, spec.rules)))
    return TrictracView(talon_side=spec.view.talon_side, marks=marks, hits=hits)


BOARD = FigureKind[FigureSpec](
    name="board",
    view="board",
    positioned=True,
    formats=("svg", "pdf"),
    preview=True,
    offers_trial=True,
    check=check_board,
    draw=draw_board,
)
QUARTER = replace(BOARD, name="quarter", view="quarter")  # six points of the board
