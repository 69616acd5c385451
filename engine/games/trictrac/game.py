"""The Trictrac game object the registry, the CLI and the claims use."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import ClassVar, Literal

from ...core.dice import Roll, is_doublet
from ...core.errors import IllegalPosition, TabulaError
from ...core.game import (
    Analysis,
    GameBase,
    GameType,
    Outcome,
    Switches,
    mover_and_roll,
    own_rules,
)
from ...core.moves import MoveText, Play
from ...core.notation import ExtraField
from ...core.position import POINTS, Colour, Geometry, Position
from ...core.scoreboard import HitArrow, MarkedScore
from .board import (
    CHECKERS,
    COIN,
    GEOMETRY,
    GRAND_JAN,
    JAN_DE_RETOUR,
    OPPONENT_COIN,
    OPPONENT_GRAND_JAN,
    PETIT_JAN,
    TALON,
    TrictracBoard,
)
from .ecole import Ecole, claims, unmade_petit_jan
from .evaluation import Event, evaluate
from .marking import (
    FIELDS,
    RAIL,
    SATZ,
    TOUR,
    Marks,
    counted_throw,
    gain,
    gain_holes,
    leaving,
    new_releve,
    toc_throw_holes,
)
from .movement import Leaf, all_sequences, legal_leaves
from .rules import TrictracRules
from .tariff import TARIFFS
from .usages import recorded, usages


@dataclass(frozen=True)
class Evaluation:
    """A throw's events and its legal plays, before anything is played or marked."""

    mover: Colour
    roll: Roll
    events: tuple[Event, ...]
    leaves: tuple[Leaf, ...]

    def gains(self, to: str, leaf: Leaf | None = None) -> int:
        """Points to ``mover`` or ``opponent``; with a play, only what that play realises."""
        return sum(
            e.points for e in self.events if e.to == to and (leaf is None or e.counts_for(leaf))
        )


@dataclass(frozen=True)
class ScoredAnalysis(Analysis):
    """One legal play, as every game's :class:`~engine.core.game.Analysis` gives it (the
    position after it — the mover stays: *tenir* — and its outcome), with what it scores:
    the events it realises and the marks they make.

    ``may_leave`` says whether the mover's own dice completed a hole, so that he may leave
    instead (fr 4910); ``left`` is then the position if he does.
    """

    events: tuple[Event, ...]
    may_leave: bool
    left: Position | None


class Trictrac(GameBase):
    name: ClassVar[str] = "trictrac"
    title: ClassVar[str] = "Trictrac"
    geometry: ClassVar[Geometry] = GEOMETRY
    rules_type: ClassVar[type[Switches]] = TrictracRules
    extra_fields: ClassVar[tuple[ExtraField, ...]] = FIELDS
    # drawn as a Trictrac board (the rails with their holes, the coins, the jetons and
    # fichets of the marks, and the throw's hits à vrai and à faux), labelled with the
    # text's numbering: each side's cases from 0, its talon (fr 4826); a throw scores
    # before it is played (evaluate)
    game_type: ClassVar[GameType] = GameType(
        board="trictrac", labels="cases", scores_throws=True, shows_marks=True
    )

    def start(self) -> Position:
        points = [0] * POINTS
        points[GEOMETRY.absolute(Colour.WHITE, TALON) - 1] = CHECKERS
        points[GEOMETRY.absolute(Colour.BLACK, TALON) - 1] = -CHECKERS
        return Position(game=self.name, points=tuple(points))

    def validate(self, position: Position) -> None:
        if position.bar != (0, 0):
            raise IllegalPosition("at Trictrac no checker is ever taken up: bar must be 0,0")
        for colour in Colour:
            if position.total(colour) != CHECKERS:
                raise IllegalPosition(f"{colour.side_name} has not fifteen checkers (fr 4598)")
            board = TrictracBoard.of(position, colour)
            if board.me[COIN] == 1:
                raise IllegalPosition(
                    f"{colour.side_name} has one checker alone in his coin (fr 4830: two at once)"
                )
            if board.me[OPPONENT_COIN]:
                raise IllegalPosition(
                    f"{colour.side_name} has checkers in the other's coin (law 5492)"
                )
            if board.off and not board.all_home():  # no checker is ever sent back
                raise IllegalPosition(
                    f"{colour.side_name} has borne off checkers while others stand outside "
                    "his jan de retour: one bears off only when all are in it (fr 5035)"
                )
        self._validate_marks(position)

    @staticmethod
    def _validate_marks(position: Position) -> None:
        """A scoreboard some variant can show: a fichet stands in one of the twelve holes of
        the rail (fr 4596, 4750), twelve points make a hole at the Trictrac (fr 4784) and
        win the Satz at the Toccategli (001 591), and the flags name whose run goes on only
        when both have marked (``bredouille`` for points, ``etendard`` for holes)."""
        marks = Marks.of(position)
        for colour in Colour:
            holes = marks.holes[colour.pair_index]
            if holes > RAIL:
                raise IllegalPosition(
                    f"{colour.side_name} has {holes} holes: the rail has {RAIL} (fr 4596, 4750)"
                )
            points = marks.points[colour.pair_index]
            if points > SATZ:
                raise IllegalPosition(
                    f"{colour.side_name} has {points} points: no variant marks more than "
                    f"{SATZ} (fr 4784; 001 591)"
                )
        for name, pair in (("bredouille", marks.points), ("etendard", marks.holes)):
            if position.get(name, "-") != "-" and not min(pair):
                raise IllegalPosition(
                    f"{name}= names whose run goes on when both have marked; here one has not "
                    "(leave it out)"
                )

    def check_under(self, position: Position, rules: Switches | None = None) -> None:
        """A scoreboard the variant played can show (:meth:`validate` checks what any can).

        The Trictrac: points are marked two by two (fr 4784) and twelve make a hole at once
        (fr 4784, 4802), so a player has ten at most. The Toc marks holes, never points
        (fr 6017), and a throw marks one hole or two (fr 6017, 6023) — or, counting each jan
        (``toc_count = "event"``), as many as the rail holds. The Toccategli is played to
        twelve points, without holes (001 591). Only one player can have won; and at the
        Trictrac and the Toc the first to bear off all his checkers sets up his pile again
        at once (fr 5039), so nobody shows fifteen borne off.
        """
        rules = own_rules(TrictracRules, rules)
        marks = Marks.of(position)
        if rules.game == "trictrac":
            for points in marks.points:
                if points % 2 or points > 10:
                    raise IllegalPosition(
                        f"{points} points: at the Trictrac points are marked two by two and "
                        "twelve make a hole (fr 4784)"
                    )
        if rules.game == "toc" and marks.points != (0, 0):
            raise IllegalPosition("at the Toc holes are marked, not points (fr 6017): points=0,0")
        if rules.game == "toccategli" and marks.holes != (0, 0):
            raise IllegalPosition(
                "the Toccategli is played to twelve points, without holes (001 591): holes=0,0"
            )
        goal = SATZ if rules.game == "toccategli" else _tour(rules)
        counts = marks.points if rules.game == "toccategli" else marks.holes
        if min(counts) >= goal:
            raise IllegalPosition("both players cannot have completed the tour")
        if rules.game == "toc":
            most = _tour(rules) - 1 + _toc_throw_most(rules)
            if max(marks.holes) > most:
                raise IllegalPosition(
                    f"{max(marks.holes)} holes: played to {rules.tour}, one throw reaches "
                    f"{most} at most (fr 6017, 6023)"
                )
        if rules.game != "toccategli" and CHECKERS in position.off:
            raise IllegalPosition(
                "fifteen checkers borne off: the first to bear off all sets up his pile again "
                "(fr 5039)"
            )

    # -- evaluation and plays -----------------------------------------------------------------

    def evaluate(
        self, position: Position, roll: Roll | None = None, rules: Switches | None = None
    ) -> Evaluation:
        """The throw's events and legal plays for the player to move."""
        rules = own_rules(TrictracRules, rules)
        self.check_under(position, rules)
        mover, roll = mover_and_roll(position, roll)
        board = TrictracBoard.of(position, mover)
        leaves = legal_leaves(board, roll, rules)
        marks = Marks.of(position)
        events = [
            e
            for e in (
                *evaluate(board, roll, marks.throws[mover.pair_index], leaves, rules),
                *usages(board, marks, mover.pair_index, roll, leaves, rules),
            )
            if e.points
        ]
        return Evaluation(mover, roll, tuple(events), tuple(leaves))

    def analyse(
        self, position: Position, roll: Roll | None = None, rules: Switches | None = None
    ) -> list[ScoredAnalysis]:
        rules = own_rules(TrictracRules, rules)
        if self.outcome(position, rules):
            raise TabulaError("the game is already over in this position")
        evaluation = self.evaluate(position, roll, rules)
        return [self._analysis(position, evaluation, leaf, rules) for leaf in evaluation.leaves]

    def _analysis(
        self, position: Position, evaluation: Evaluation, leaf: Leaf, rules: TrictracRules
    ) -> ScoredAnalysis:
        mover = evaluation.mover
        events = tuple(e for e in evaluation.events if e.counts_for(leaf))
        before = Marks.of(position)
        marks, own_holes = _marked(before, evaluation, events, rules)
        marks = recorded(before, counted_throw(marks, mover), evaluation.roll, rules)
        template = position.replace(turn=mover.other, dice=None)
        after = leaf.board.points(mover, template)
        if leaf.board.off == CHECKERS and rules.game != "toccategli":
            # the first out: both pile up again, he keeps the dice (in the Toccategli he
            # has won the Satz instead, 001 779, 959)
            after = self.start().replace(turn=mover)
            marks = new_releve(marks)
        after = marks.store(after)
        left = None
        if own_holes:
            mine = [e for e in events if e.to == "mover"]
            alone = Evaluation(mover, evaluation.roll, tuple(mine), evaluation.leaves)
            kept, _ = _marked(Marks.of(position), alone, tuple(mine), rules)
            left = leaving(kept, mover).store(self.start().replace(turn=mover))
        return ScoredAnalysis(
            Play(leaf.moves), after, self.outcome(after, rules), events, bool(own_holes), left
        )

    def trace(
        self,
        position: Position,
        roll: Roll,
        written: Sequence[MoveText],
        rules: Switches | None = None,
    ) -> tuple[Play, Position | None, str]:
        """Follow a written play by the movement rules alone (not the duty to play all)."""
        rules = own_rules(TrictracRules, rules)
        mover, roll = mover_and_roll(position, roll)
        board = TrictracBoard.of(position, mover)
        candidates = all_sequences(board, roll, rules)
        for leaf in _matching(candidates, written):
            evaluation = self.evaluate(position, roll, rules)
            analysis = self._analysis(position, evaluation, leaf, rules)
            return Play(leaf.moves), analysis.after, ""
        return Play(), None, "the movement rules do not allow these moves"

    # -- the end -----------------------------------------------------------------------------

    def outcome(self, position: Position, rules: Switches | None = None) -> Outcome | None:
        rules = own_rules(TrictracRules, rules)
        self.check_under(position, rules)
        marks = Marks.of(position)
        if rules.game == "toccategli":
            return _satz(marks, position)
        tour = _tour(rules)
        for colour in Colour:
            if marks.holes[colour.pair_index] >= tour:
                kind, stake = _tour_kind(marks, colour, rules)
                return Outcome(colour, kind, stake, kind, {"holes": list(marks.holes)})
        return None

    # -- what a drawing shows besides the checkers ----------------------------------------

    def marks(self, position: Position) -> dict[Colour, MarkedScore]:
        """Each side's points (jetons, two when *en bredouille*) and holes (fichet)."""
        marks = Marks.of(position)
        return {
            c: MarkedScore(
                points=marks.points[c.pair_index],
                holes=marks.holes[c.pair_index],
                bredouille=marks.bredouille[c.pair_index] and marks.points[c.pair_index] > 0,
            )
            for c in Colour
        }

    def hit_arrows(
        self, position: Position, roll: Roll, rules: Switches | None = None
    ) -> list[HitArrow]:
        """An arrow for each number that hits a blot, à vrai or à faux, as evaluated; a
        joined number bends through its resting point (an open one when it hits à vrai)."""
        evaluation = self.evaluate(position, roll, rules)
        board = TrictracBoard.of(position, evaluation.mover)
        arrows = []
        for event in evaluation.events:
            if event.kind not in ("battre-a-vrai", "battre-a-faux"):
                continue
            kind: Literal["vrai", "faux"] = "vrai" if event.kind == "battre-a-vrai" else "faux"
            for number in event.numbers:
                start = event.point - number
                via = _passage(board, evaluation.roll, start, kind) if number == sum(roll) else None
                # no number written on the arrow: its ends (and its bend) show it, and the
                # figure stays within the size every drawing keeps to
                arrows.append(HitArrow(evaluation.mover, start, event.point, kind, via))
        return arrows

    def facts(
        self, position: Position, colour: Colour, rules: Switches | None = None
    ) -> dict[str, object]:
        """What the texts say of a position from ``colour``'s side (no switch changes it)."""
        own_rules(TrictracRules, rules)  # but another game's rules are a caller's mistake
        board = TrictracBoard.of(position, colour)
        return {
            "coin": board.coin_held(),
            "opponent_coin": board.opponent_coin_held(),
            "petit_jan": board.full(PETIT_JAN),
            "grand_jan": board.full(GRAND_JAN),
            "jan_de_retour": board.full(JAN_DE_RETOUR),
            "blots": board.blots(),
            "opponent_can_fill_grand_jan": board.opponent_can_fill(OPPONENT_GRAND_JAN),
            "opponent_can_fill_petit_jan": board.opponent_can_fill(JAN_DE_RETOUR),
        }

    def table_facts(self) -> dict[str, int]:
        """The tariffs, as ``"GAME ROW simple|doublet"`` (-1 where a throw cannot score so)."""
        facts: dict[str, int] = {}
        for game in ("trictrac", "toccategli"):
            for row in TARIFFS[game]:
                facts[f"{game} {row.key} simple"] = -1 if row.simple is None else row.simple
                facts[f"{game} {row.key} doublet"] = -1 if row.doublet is None else row.doublet
        return facts


def _tour(rules: TrictracRules) -> int:
    """The holes that win: twelve at the Trictrac (fr 4750), as agreed at the Toc (fr 6019)."""
    return TOUR if rules.game == "trictrac" else int(rules.tour)


def _toc_throw_most(rules: TrictracRules) -> int:
    """The most holes one throw marks for a player at the Toc: one, or two when the double
    goes (fr 6017, 6023); counting each jan apart, no bound but the rail's."""
    if rules.toc_count == "event":
        return RAIL
    return 2 if rules.toc_double else 1


def _marked(
    marks: Marks, evaluation: Evaluation, events: tuple[Event, ...], rules: TrictracRules
) -> tuple[Marks, int]:
    """Mark a throw's events: the thrower's gains first, then the other's (fr 4796).

    A tour the thrower's gains complete ends the game there: the other marks nothing more
    from that throw (as when the thrower leaves, fr 4896), so that the two can never both
    reach it at once. Returns the marks and the holes the thrower's own gains made.
    """
    mover = evaluation.mover
    if rules.game == "toc":
        return _toc_marked(marks, evaluation, events, rules)
    mine = sum(e.points for e in events if e.to == "mover")
    theirs = sum(e.points for e in events if e.to == "opponent")
    first = gain(marks, mover, mine, rules)
    if rules.game == "trictrac" and first.marks.holes[mover.pair_index] >= TOUR:
        return first.marks, first.holes
    second = gain(first.marks, mover.other, theirs, rules)
    return second.marks, first.holes


def _toc_marked(
    marks: Marks, evaluation: Evaluation, events: tuple[Event, ...], rules: TrictracRules
) -> tuple[Marks, int]:
    """At the Toc a throw marks holes instead of points (fr 6017), the thrower's first."""
    mover, doublet = evaluation.mover, is_doublet(evaluation.roll)

    def holes(to: str) -> int:
        jans = [(e.kind, e.moyens) for e in events if e.to == to]
        return toc_throw_holes(jans, doublet, rules)

    own = holes("mover")
    marks = gain_holes(marks, mover, own)
    if marks.holes[mover.pair_index] < int(rules.tour):  # "j'ai gagné la partie" (fr 6021)
        marks = gain_holes(marks, mover.other, holes("opponent"))
    return marks, own


def _tour_kind(marks: Marks, winner: Colour, rules: TrictracRules) -> tuple[str, int]:
    """How a game won on holes ends, and for how many stakes.

    Trictrac: the grande bredouille, double only when agreed (fr 5043–5053). Toc played to
    the first hole with the double agreed: two holes at once win "la double", and "vous me
    payeriez le double de ce que nous aurions joué" (fr 6023); the text says nothing of the
    double in a game of several holes, where the two holes simply count.
    """
    if rules.game == "toc":
        double = rules.toc_double and rules.tour == "1" and marks.holes[winner.pair_index] >= 2
        return ("double", 2) if double else ("tour", 1)
    if marks.run[winner.pair_index]:
        return "grande-bredouille", 2 if rules.grande_bredouille else 1
    return "tour", 1


def _satz(marks: Marks, position: Position) -> Outcome | None:
    """Toccategli: the Satz is won at twelve points; its kind by the loser's points.

    001 605: simple when both have their points in the second table; double when the loser
    has only six; triple with two or three (sv 2151: one or two); quadruple with none.
    The edition fills the gaps: one point triple, four or five double, seven or more simple.
    """
    for colour in Colour:
        # twelve points, or the first to bear off all (001 779, 959; de note 65)
        if marks.points[colour.pair_index] >= 12 or position.borne_off(colour) == CHECKERS:
            loser = marks.points[colour.other.pair_index]
            kind, stake = (
                ("quadruple", 4)
                if loser == 0
                else ("triple", 3)
                if loser <= 3
                else ("double", 2)
                if loser <= 6
                else ("simple", 1)
            )
            return Outcome(colour, kind, stake, kind, {"points": list(marks.points)})
    return None


def _matching(candidates: list[Leaf], written: Sequence[MoveText]) -> list[Leaf]:
    """Candidate plays whose moves match the written ones (in order first, then any)."""
    exact = [
        leaf
        for leaf in candidates
        if len(leaf.moves) == len(written)
        and all(w.matches(m) for w, m in zip(written, leaf.moves, strict=True))
    ]
    if exact:
        return sorted(exact, key=_implied_first)
    found = []
    for leaf in candidates:
        if len(leaf.moves) != len(written):
            continue
        for order in permutations(leaf.moves):
            if all(w.matches(m) for w, m in zip(written, order, strict=True)):
                found.append(leaf)
                break
    return sorted(found, key=_implied_first)


def _implied_first(leaf: Leaf) -> int:
    return sum(m.die != m.implied_die() for m in leaf.moves)


TRICTRAC = Trictrac()


@dataclass(frozen=True)
class Marking:
    """How a throw was marked: the marks after, the écoles, whether the mover may leave,
    and the plays the opponent may have the throw replayed as (an unmade petit jan,
    :func:`.ecole.unmade_petit_jan`; the marks stay as they are)."""

    marks: Marks
    ecoles: tuple[Ecole, ...]
    may_leave: bool
    replays: tuple[Play, ...] = ()


def marking(
    position: Position,
    roll: Roll,
    leaf: Leaf,
    rules: TrictracRules,
    *,
    marked: int | None = None,
    opponent_marked: int | None = None,
    leave: bool = False,
) -> Marking:
    """Mark a throw played as ``leaf``, with what each player marked (default: his due).

    The mover keeps what he rightly marked, the other marks his due; each école is marked by
    the one it goes to, the thrower first (fr 4796). A mover who leaves (fr 4896–4912) marks
    his gains, loses what is left over, and the other gains nothing from the throw.
    """
    evaluation = TRICTRAC.evaluate(position, roll, rules)
    if rules.game == "toc":
        if marked is not None or opponent_marked is not None:
            # holes are marked, not points, and the Toc text says nothing of the école
            raise TabulaError("at the Toc one marks holes, not points: no école to read")
        return _toc_marking(position, evaluation, leaf, rules, leave)
    mover = evaluation.mover
    due, due_other = evaluation.gains("mover", leaf), evaluation.gains("opponent", leaf)
    marked = due if marked is None else marked
    opponent_marked = due_other if opponent_marked is None else opponent_marked
    ecoles = claims(due, marked, due_other, opponent_marked)
    unmade = unmade_petit_jan(evaluation.events, leaf, evaluation.leaves, rules)
    taken = min(unmade.points, max(0, marked - due))  # marked, so already his as too many
    if unmade.points > taken:  # fr 4934, 4936: the plein's points he did not mark
        reason = "petit jan not made"
        ecoles.append(Ecole("opponent", unmade.points - taken, reason, "fr 4932–4936; 5486"))
    replays = tuple(Play(moves) for moves in unmade.replays)
    to_mover = min(marked, due) + sum(e.points for e in ecoles if e.to == "mover")
    to_other = min(opponent_marked, due_other) + sum(e.points for e in ecoles if e.to == "opponent")
    first = gain(Marks.of(position), mover, to_mover, rules)
    if leave:
        if not first.holes:
            raise TabulaError("only a hole completed by one's own dice allows leaving (fr 4910)")
        return Marking(leaving(first.marks, mover), tuple(ecoles), True, replays)
    second = gain(first.marks, mover.other, to_other, rules)
    return Marking(second.marks, tuple(ecoles), first.holes > 0, replays)


def _toc_marking(
    position: Position, evaluation: Evaluation, leaf: Leaf, rules: TrictracRules, leave: bool
) -> Marking:
    """A Toc throw marked: the holes of the jans this play realises. "Celui qui gagne un
    trou de son dé a la liberté de s'en aller, de même qu'au Trictrac" (fr 6027)."""
    events = tuple(e for e in evaluation.events if e.counts_for(leaf))
    marks, own = _marked(Marks.of(position), evaluation, events, rules)
    if not leave:
        return Marking(marks, (), own > 0)
    if not own:
        raise TabulaError("only a hole won by one's own dice allows leaving (fr 6027)")
    mine = tuple(e for e in events if e.to == "mover")  # the other gains nothing (fr 4896)
    kept, _ = _marked(Marks.of(position), evaluation, mine, rules)
    return Marking(leaving(kept, evaluation.mover), (), True)


def _passage(board: TrictracBoard, roll: Roll, start: int, kind: str) -> int:
    """The resting point a joined hit passes: an open one (no opposing case) for à vrai;
    for à faux every one is closed (fr 4768), and the first is drawn."""
    middles = [start + roll[0], start + roll[1]]
    if kind == "vrai":
        return next(m for m in middles if board.opp[m] < 2)
    return middles[0]
