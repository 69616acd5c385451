"""The same-direction family: Verkehr (das Verkehren), Revertier, and their heir Bräde.

Sources: seed ``000_11830c5ab74f548f.txt`` — the German Verkehr (de 4275–4363) with its
Danish translation (da 1569–1658), the Swedish *Verkehren*, a different and longer text
(sv 2768–2876, note 40 at sv 6301), the French Revertier (fr 5542–5700) — and seed
``001_776810f7ecce9b08.txt``, the German book of 1800 that the German and Danish texts
modernise and translate ("Das Verkehren im Brettspiel", de1800 467–551). Rules cite their
lines as ``de1800 NNN``, ``de NNNN``, ``da NNNN``, ``sv NNNN``, ``fr NNNN``; search this file
for a line number to find its rule.

What the three games share (sv 2900 for Bräde, de1800 471/481, fr 5556/5602):

* Each player stacks his fifteen checkers on the corner point at his opponent's left, his
  *home* (*Haus*, *Mal*; *hem*; *tas*), and both players go the same way round: first along
  the opponent's side from right to left, then along their own from left to right. Each
  numbers the points 1–24 along his own path; his point ``p`` is the opponent's ``p ± 12``.
* On the first two tables (the opponent's side) a player may make a band (two or more
  checkers on a point) only on his point 12, the corner at the opponent's right: the *huk*
  (*Hücke*, *tête*; de1800 495, fr 5612, sv 2932). On his own side he binds where he likes.
* A single checker (a blot; *bloßer Stein*, *blotta*, *dame découverte*) is hit when a
  checker lands on it, also on the way with one die of two; hit checkers are entered first,
  the die ``d`` on point ``d`` (the home point counts as 1, de1800 489, fr 5636), never on
  one's own checkers nor on the opponent's bands (de1800 517–519, fr 5634, sv 2786).
* An opponent's band blocks: it may be passed but not landed on (de1800 501, sv 2800).
* Doublets are played four times; a player uses as many dice as he can (de1800 485,
  sv 2806, fr 5604, 5650). Which die when only one of two can be played, the Swedish texts
  say — the higher (sv 2808, Bräde sv 2908) —, the German and French do not: a switch.
* A player bears off only when all his checkers are in his last table (points 19–24).
* A player who is hit more checkers than his first table has points not taken by his own
  checkers can never enter them all: he is *jan*, the game is lost double (de1800 529–531,
  fr 5660–5666, sv 3044).

Where the games differ the engine has a :class:`Movement` — the mechanics one game's rules
switches select — and each game's rules dataclass maps its named switches onto it:

* what happens to a player with more hit checkers than open entry points (the *Junker*,
  *hors du jeu*): he enters nothing (de1800 509, 517), as many as there is room for
  (sv 2834), always one (fr 5642), or he may burst the blocker's bands (sv 2838, Bräde);
* limits on bands: none, five blots out before the first band, or at most five bands, in
  total or side by side (de1800 475–477, sv 2778, 2816);
* whether the home point takes an entering checker while own checkers still stand on it
  (de1800 519 and da 1622 disagree);
* bearing off: the modern way (de1800 543, fr 5674 → 5035–5037) or Bräde's Vasa rule.

The machinery the family shares with Toute-Table and the Plein — the mover's-eye
:class:`~engine.games.moving.Board`, the search for every play of a roll, bearing off and
the duty to use as many dice as possible — is in :mod:`engine.games.moving`. This module
holds what the family adds to it: the :class:`Movement` and its move rules (entering, the
huk, bands and bursting, Junker), the family's game class, and two of the games, Verkehr
and Revertier, each a small class with its rules switches, endings and outcome. Bräde
(``brade.py``) is the family's third game; its own parts — its duties, the beautiful
games, munk, the points table and the match — stay in its module, which would otherwise
make this one too long to read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Generic, Literal, TypeVar

from ..core.dice import Roll, dice_to_play
from ..core.errors import IllegalPosition, TabulaError
from ..core.game import (
    Analysis,
    GameBase,
    Outcome,
    Switches,
    mover_and_roll,
    mover_of,
    own_rules,
)
from ..core.moves import BAR, OFF, Move, MoveText, Play
from ..core.notation import ExtraField
from ..core.position import POINTS, Colour, Geometry, Position
from .moving import (
    Board,
    Explorer,
    Leaf,
    after,
    as_many_dice,
    bearing_off,
    from_board,
    to_board,
)

CHECKERS = 15  # de1800 481, fr 5560, sv 2884
HOME = 1  # the home point (Haus, Mal, tas, hem), where the checkers stand at the start
HUK = 12  # de1800 495 "als 11 vom Hause", fr 5612 "la douzième case", sv 2932
FIRST_TABLE = range(1, 7)  # de1800 517, fr 5638: hit checkers enter here
LAST_TABLE = range(19, 25)  # de1800 541, fr 5674: bearing off from here
OPPONENT_HOME = 13  # the opponent's home point in the mover's numbering
OPPONENT_FIRST_TABLE = range(13, 19)
LONG_RUN = 6  # sv 2943 (Bräde): more than five bands in a row
LAST_CHECKER = CHECKERS - 1  # de1800 535, sv 2953: all but one borne off
BAND_LIMIT = 5  # de1800 475, sv 2816: "mit fünf Bänden", "med 5 band"
BLOTS_FIRST = 5  # de1800 475: "fünf einzelne Steine vom Hause", before the first band

# Each player's own numbering runs the same way round, twelve points apart (sv 2900).
GEOMETRY = Geometry(white_offset=0, black_offset=12)

Junker = Literal["none-enter", "partial", "one", "without"]


@dataclass(frozen=True)
class Movement:
    """The mechanics a game of the family moves by, as its rules switches select them.

    ``junker``
        a player with more hit checkers than open entry points (empty, or an opponent's
        blot) — "Junker", "aus dem Brett geschlagen", "hors du jeu" — ``"none-enter"``:
        enters nothing until room is made (de1800 509, 517); ``"partial"``: enters as many
        as there is room for (sv 2834); ``"one"``: may always enter one (fr 5642);
        ``"without"``: may burst the opponent's bands in his first table while entering
        (sv 2838, 2854; Bräde sv 2945).
    ``home_entry``
        ``"barred"``: no entering on the home point while one's own checkers stand there
        (de1800 519, sv 2786, fr 5636); ``"open"``: the home point takes entering checkers
        (da 1622).
    ``bands``, ``band_count``
        ``"free"``; ``"five-blots"``: no band before five checkers have left home
        (de1800 475); ``"five"``: at most five bands — ``band_count`` says whether in all
        (``"total"``, de1800 475) or side by side (``"in-a-row"``, sv 2816).
    ``long_run_bursts``
        Bräde's rule: a run of more than five bands may be burst (sv 2941–2943).
    ``bearing_off``
        ``"common"``: an exact die bears off from any point, a larger one only from the
        rearmost point (de1800 543, fr 5674 → 5037); ``"vasa"``: only the rearmost checker,
        Bräde's rule (sv 2959).
    ``junker_judged``
        with ``junker = "without"``, when the right to burst while entering is judged:
        ``"each-entry"``, before each checker enters, so that it ends as soon as there is
        room (Bräde says so, sv 2949); ``"throw"``, once, when the throw begins: a player
        who is Junker then bursts with every checker he enters in that throw (sv 2838).
    ``junker_at_start``
        whether the mover was Junker when this throw began; set per throw by the game
        (:meth:`SameDirectionGame.throw_movement`), read only with ``junker_judged="throw"``.
    ``one_die``
        when only one die of two can be played: ``"higher"`` must be (sv 2808, Bräde
        sv 2908) or ``"either"`` may be (the German and French texts ask no more than to
        play every die one can, de1800 485, fr 5606, 5650).
    ``last_die_endings``
        endings that count only when the move reaching them uses the throw's last die;
        reached earlier, the rest of the throw is played on (Verkehr's *Aufspielen*,
        de1800 531: "weder einen mehr noch weniger wirft ... sonst ... muß ausnehmen").
        Every other ending ends the play at once and the rest of the throw lapses.
    """

    junker: Junker = "partial"
    home_entry: Literal["barred", "open"] = "barred"
    bands: Literal["free", "five-blots", "five"] = "free"
    band_count: Literal["total", "in-a-row"] = "total"
    long_run_bursts: bool = False
    bearing_off: Literal["common", "vasa"] = "common"
    junker_judged: Literal["each-entry", "throw"] = "each-entry"
    junker_at_start: bool = False
    one_die: Literal["higher", "either"] = "higher"
    last_die_endings: frozenset[str] = frozenset()

    # -- the move rules the shared machinery asks (engine.games.moving.MoveRules) --------

    def enter(self, board: Board, die: int) -> Move | None:
        return entering(board, die, self)

    def move_from(self, board: Board, start: int, die: int) -> Move | None:
        return from_point(board, start, die, self)


def who_begins(white_die: int, black_die: int, lower: bool) -> Colour | None:
    """Who plays first after each throws one die: the lower (sv 2127) or the higher
    (fr 5572); ``None`` when the dice are equal and are thrown again."""
    if white_die == black_die:
        return None
    white_first = (white_die < black_die) == lower
    return Colour.WHITE if white_first else Colour.BLACK


# --------------------------------------------------------------------------------------
# What the family asks of the mover's-eye board (engine.games.moving.Board)
# --------------------------------------------------------------------------------------


def entry_points(board: Board, home_entry: str = "barred") -> int:
    """Points of the first table a checker may enter on now: empty or an opponent's blot
    (de1800 517 "ledige Felder", fr 5640 "passages ouverts", sv 2945)."""
    return sum(
        1
        for t in FIRST_TABLE
        if (not board.me[t] or (t == HOME and home_entry == "open")) and board.opp[t] <= 1
    )


def opponent_is_jan(board: Board, home_entry: str = "barred") -> bool:
    """The opponent has more hit checkers than first-table points not taken by his own
    checkers: he can never enter them all (de1800 531, fr 5666, sv 3044)."""
    blocked = sum(
        1
        for t in OPPONENT_FIRST_TABLE
        if board.opp[t] and not (t == OPPONENT_HOME and home_entry == "open")
    )
    return board.opp[BAR] > len(OPPONENT_FIRST_TABLE) - blocked


def bursting_locked(board: Board) -> bool:
    """No band may burst once a player has borne off all but one (sv 2953, 2874)."""
    return board.me[OFF] == LAST_CHECKER or board.opp[OFF] == LAST_CHECKER


def long_run_points(board: Board) -> set[int]:
    """Opponent bands in a run of more than five in the mover's path (sv 2943).

    The run is counted along the mover's own numbering 1–24 only: bands on the
    opponent's huk and the first five points of his third quarter do not join up, as the
    text's own example says (sv 2943).
    """
    result: set[int] = set()
    run: list[int] = []
    for point in range(1, 26):
        if point <= 24 and board.opp[point] >= 2:
            run.append(point)
            continue
        if len(run) >= LONG_RUN:
            result.update(run)
        run = []
    return result


def band_measure(board: Board, band_count: str) -> int:
    """The mover's bands as the five-band agreement counts them: how many (de1800 475)
    or how many side by side (sv 2816); the home stack is not a band one has *made*."""
    return _measure([board.me[p] for p in range(2, 25)], band_count)


def opponent_band_measure(board: Board, band_count: str) -> int:
    """The same measure of the opponent's bands, along his own path (his 2–24)."""
    path = [*range(OPPONENT_HOME + 1, 25), *range(1, OPPONENT_HOME)]
    return _measure([board.opp[p] for p in path], band_count)


def _measure(counts: list[int], band_count: str) -> int:
    if band_count == "total":
        return sum(1 for n in counts if n >= 2)
    longest = run = 0
    for n in counts:
        run = run + 1 if n >= 2 else 0
        longest = max(longest, run)
    return longest


# --------------------------------------------------------------------------------------
# Single moves: the family's move rules (engine.games.moving.MoveRules)
# --------------------------------------------------------------------------------------


def is_junker(board: Board, m: Movement) -> bool:
    """More hit checkers than open entry points: "Junker" (de1800 509), "hors du jeu"
    (fr 5640)."""
    return board.me[BAR] > entry_points(board, m.home_entry)


def entering(board: Board, die: int, m: Movement) -> Move | None:
    """Enter a hit checker on the point the die shows (de1800 489, 517–519; fr 5636)."""
    target = die
    if board.me[target] and not (target == HOME and m.home_entry == "open"):
        return None  # de1800 519, fr 5634, sv 2786: not on one's own checkers
    found = board.opp[target]
    if found <= 1:
        if m.junker == "none-enter" and is_junker(board, m):
            return None  # de1800 517: "so kann ich nicht mitspielen, und muß so lange warten"
        # de1800 519: entering on an opponent's blot hits it, even to one's own harm
        return Move(BAR, target, die, hits=found)
    # a Junker may still burst the bands of a blocker who made more than agreed (de1800 509)
    if may_burst(board, target, m, entering=True):
        return Move(BAR, target, die, hits=found, burst=True)
    return None  # de1800 517: "wo der Andere Bände stehen hat, da kann ich keinen ... hinsetzen"


def may_burst(board: Board, target: int, m: Movement, *, entering: bool) -> bool:
    """May the mover burst the opponent's band on ``target`` (all its checkers are hit)?"""
    if bursting_locked(board):
        return False
    if entering and m.junker == "without" and _junker_for_bursting(board, m):
        return True  # sv 2838: "rättighet att slå den förres band ur brädet"; Bräde sv 2945
    if m.long_run_bursts and target in long_run_points(board):
        return True  # Bräde sv 2941–2943
    return target in penalty_targets(board, m)


def _junker_for_bursting(board: Board, m: Movement) -> bool:
    """Whether the mover has the right to burst while entering (sv 2838): Junker now, or,
    with the right judged once per throw, Junker when the throw began."""
    if m.junker_judged == "throw" and m.junker_at_start:
        return True
    return is_junker(board, m)


def penalty_targets(board: Board, m: Movement) -> set[int]:
    """The opponent's bands the mover may burst because the opponent has more bands than
    agreed: "so kann der Andere auch die Bände schlagen" (de1800 475, 509); "kan han slå ett
    band ur brädet" (sv 2816). The other remedy the texts offer — two checkers (de1800 509)
    or a whole band (sv 2816) taken off at the victim's choice — is not a move and is not
    implemented. No limit binds a player whose opponent has all but one borne off
    (de1800 535)."""
    if m.bands != "five" or board.me[OFF] == LAST_CHECKER:
        return set()
    if opponent_band_measure(board, m.band_count) <= BAND_LIMIT:
        return set()
    return {p for p in range(1, 25) if board.opp[p] >= 2 and p != OPPONENT_HOME}


def may_bind(board: Board, start: int, target: int, m: Movement) -> bool:
    """May the mover put a checker from ``start`` on his own checker(s) on ``target``?"""
    if target < HUK:
        return False  # de1800 495, fr 5600, sv 2782/2932: on the first half only the huk
    if m.bands == "five-blots":
        # de1800 475: "fünf einzelne Steine vom Hause ... ehe man zum Bande gelangen kann"
        return CHECKERS - board.me[HOME] >= BLOTS_FIRST
    if m.bands == "five" and board.me[target] == 1 and board.opp[OFF] != LAST_CHECKER:
        # de1800 475 / sv 2816: not more than five bands; de1800 535: no limit once the
        # opponent has all but one borne off
        before = band_measure(board, m.band_count)
        moved = after(board, Move(start, target, target - start))
        now = band_measure(moved, m.band_count)
        return now <= BAND_LIMIT or now <= before
    return True


def from_point(board: Board, start: int, die: int, m: Movement) -> Move | None:
    target = start + die
    if target > 24:
        # the common rule (de1800 543, fr 5674 → 5037), or Bräde's Vasa rule (sv 2959, 2961)
        return bearing_off(board, start, die, rearmost_only=m.bearing_off == "vasa")
    if board.me[target] and not may_bind(board, start, target, m):
        return None
    found = board.opp[target]
    if found <= 1:
        return Move(start, target, die, hits=found)  # landing on a blot hits it (fr 5624)
    # an opponent's band may be passed but not landed on (de1800 501, sv 2800), unless it
    # may burst
    if may_burst(board, target, m, entering=False):
        return Move(start, target, die, hits=found, burst=True)
    return None


# --------------------------------------------------------------------------------------
# A game of the family
# --------------------------------------------------------------------------------------


BURST_FIELD = ExtraField(
    "burst", "0", "[01]", "1 if the jan that ended the game was made by bursting a band"
)


FamilyRules = TypeVar("FamilyRules", bound=Switches)  # the rules of one game of the family


class SameDirectionGame(GameBase, Generic[FamilyRules]):
    """What the games of the family share; each game gives its movement, endings, outcome."""

    name: ClassVar[str]
    title: ClassVar[str]
    geometry: ClassVar[Geometry] = GEOMETRY
    rules_type: ClassVar[type[Switches]]
    extra_fields: ClassVar[tuple[ExtraField, ...]] = ()

    # -- what each game says -------------------------------------------------------------

    def movement(self, rules: FamilyRules) -> Movement:
        raise NotImplementedError

    def ending(self, board: Board, m: Movement) -> str | None:
        """The ending the mover has just reached: the opponent jan, or all borne off."""
        if opponent_is_jan(board, m.home_entry):
            return "jan"
        if board.me[OFF] == CHECKERS:
            return "off"
        return None

    def result(
        self, colour: Colour, ending: str, position: Position, rules: FamilyRules
    ) -> Outcome:
        raise NotImplementedError

    def duties(self, leaves: list[Leaf], dice: tuple[int, ...], m: Movement) -> list[Leaf]:
        """Keep the plays the duties allow: as many dice as possible (de1800 485, sv 2806,
        fr 5650) and, with ``one_die = "higher"``, the higher die when only one of two can
        be used (sv 2808). A play that ends the game counts as using the whole throw, since
        the rest of it is void. A game with duties of its own gives them here (Bräde)."""
        return as_many_dice(
            leaves, dice, higher=m.one_die == "higher", whole=lambda leaf: bool(leaf.ending)
        )

    def jan_by_bursting(self, moves: tuple[Move, ...], rules: FamilyRules) -> bool:
        """Whether a jan made by these moves counts as made by bursting a band."""
        return bool(moves) and moves[-1].burst

    # -- the shared interface ------------------------------------------------------------

    def own(self, rules: Switches | None) -> FamilyRules:
        """The game's own rules from what a caller gives (:func:`own_rules`)."""
        raise NotImplementedError

    def start(self) -> Position:
        """Fifteen checkers each on the home point (de1800 481, fr 5556, sv 2886)."""
        points = [0] * POINTS
        points[self.geometry.absolute(Colour.WHITE, HOME) - 1] = CHECKERS
        points[self.geometry.absolute(Colour.BLACK, HOME) - 1] = -CHECKERS
        return Position(game=self.name, points=tuple(points))

    def validate(self, position: Position) -> None:
        """Reject positions the rules cannot produce, saying why and citing the rule."""
        for colour in Colour:
            total = position.total(colour)
            if total != CHECKERS:
                raise IllegalPosition(
                    f"{colour.side_name} has {total} checkers (board {position.on_board(colour)}, "
                    f"bar {position.on_bar(colour)}, off {position.borne_off(colour)}); "
                    f"each side has {CHECKERS} (de1800 481, fr 5560, sv 2884)"
                )
            for own in range(HOME + 1, HUK):
                count = position.count(colour, self.geometry.absolute(colour, own))
                if count > 1:
                    raise IllegalPosition(
                        f"{colour.side_name} has a band of {count} on its point {own}: in the "
                        "first two tables a band may stand only on the huk, point 12 "
                        "(de1800 495, fr 5600, sv 2932)"
                    )
        movement = self.movement(self.own(None))  # validate reads a position without rules
        endings = {c: self.ending(to_board(position, c, GEOMETRY), movement) for c in Colour}
        finished = [c for c in Colour if endings[c]]
        if len(finished) > 1:
            raise IllegalPosition("both players have finished the game")
        if any(f.key == "burst" for f in self.extra_fields):
            burst = position.get("burst", "0") == "1"
            jan = any(endings[c] == "jan" for c in finished)
            if burst and not jan:
                raise IllegalPosition(
                    "burst=1 marks a game ended by a jan made by bursting, but nobody is jan"
                )

    def outcome(self, position: Position, rules: Switches | None = None) -> Outcome | None:
        """Whether the game is over, who won and how."""
        rules = self.own(rules)
        movement = self.movement(rules)
        for colour in Colour:
            ending = self.ending(to_board(position, colour, GEOMETRY), movement)
            if ending:
                return self.result(colour, ending, position, rules)
        return None

    def analyse(
        self, position: Position, roll: Roll | None = None, rules: Switches | None = None
    ) -> list[Analysis]:
        """Every legal play of ``roll`` (or the position's dice), with its result."""
        rules = self.own(rules)
        mover, roll = mover_and_roll(position, roll, "6-2")
        if self.outcome(position, rules):
            raise TabulaError("the game is already over in this position")
        board = to_board(position, mover, GEOMETRY)
        m = self.throw_movement(board, rules)
        dice = dice_to_play(roll)  # doublets four times (de1800 485, fr 5604, sv 2798)
        leaves = self.duties(self._explorer(board, m).explore(board, dice), dice, m)
        results: dict[tuple[object, ...], Analysis] = {}
        for leaf in leaves:  # the same moves and the same result are one play
            found = self._analysis(position, mover, leaf, rules)
            kind = found.outcome and (found.outcome.kind, found.outcome.points)
            results.setdefault((found.play.key(), found.after, kind), found)
        return sorted(results.values(), key=lambda a: str(a.play))

    def throw_movement(self, board: Board, rules: FamilyRules) -> Movement:
        """The movement for one throw from ``board``: the game's, and whether the mover is
        Junker as the throw begins (read with ``junker_judged = "throw"``, sv 2838)."""
        m = self.movement(rules)
        if m.junker_judged == "throw":
            m = replace(m, junker_at_start=is_junker(board, m))
        return m

    def _explorer(self, board: Board, m: Movement) -> Explorer:
        """The shared explorer with this game's move rules and endings for one throw."""
        return Explorer(
            m,
            lambda b: self.ending(b, m),
            last_die_endings=m.last_die_endings,
            single=self._enters_one(board, m),
        )

    @staticmethod
    def _enters_one(board: Board, m: Movement) -> bool:
        """fr 5642: a player *hors du jeu* "peut rentrer toujours une des dames" — one."""
        return m.junker == "one" and bool(board.me[BAR]) and is_junker(board, m)

    def _analysis(
        self, position: Position, mover: Colour, leaf: Leaf, rules: FamilyRules
    ) -> Analysis:
        template = position.replace(turn=mover.other, dice=None, extra=())
        moved = from_board(leaf.board, mover, template, GEOMETRY)
        if leaf.ending == "jan" and self.extra_fields and self.jan_by_bursting(leaf.moves, rules):
            moved = moved.replace(extra=(("burst", "1"),))
        return Analysis(Play(leaf.moves), moved, self.outcome(moved, rules))

    def trace(
        self,
        position: Position,
        roll: Roll,
        written: Sequence[MoveText],
        rules: Switches | None = None,
    ) -> tuple[Play, Position | None, str]:
        """Follow a written play ignoring the duties: (the moves, the position after, problem).

        The position after is ``None`` when a move is not allowed by the movement rules.
        """
        rules = self.own(rules)
        mover = mover_of(position)
        board = to_board(position, mover, GEOMETRY)
        m = self.throw_movement(board, rules)
        found = self._explorer(board, m).trace(board, dice_to_play(roll), written)
        if found.problem and not found.ending:
            return Play(found.moves), None, found.problem
        leaf = Leaf(found.moves, found.board, found.ending)
        return Play(found.moves), self._analysis(position, mover, leaf, rules).after, found.problem

    def facts(
        self, position: Position, colour: Colour, rules: Switches | None = None
    ) -> dict[str, object]:
        """Facts about a position from ``colour``'s side, as the texts state them."""
        m = self.movement(self.own(rules))
        board = to_board(position, colour, GEOMETRY)
        return {
            "hit": board.me[BAR],  # checkers waiting to be entered
            "entry_points": entry_points(board, m.home_entry),  # de1800 517, fr 5640
            "junker": is_junker(board, m),  # de1800 509 "Junker", fr 5640 "hors du jeu"
            "bands": band_measure(board, "total"),  # de1800 475
            "bands_in_a_row": band_measure(board, "in-a-row"),  # sv 2816
        }

    def table_facts(self) -> dict[str, int]:
        return {}


# --------------------------------------------------------------------------------------
# Verkehr
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class VerkehrRules(Switches):
    """The agreements and readings of Verkehr. Defaults follow the German text (de1800, and
    the modern German and the Danish that render it); the Swedish *Verkehren* page sets its
    own readings.

    ``bands``
        "auf die eine oder andere Art ... verabredet" (de1800 475–477, sv 2778):
        ``"five"`` (default), "mit fünf Bänden", at most five bands; ``"five-blots"``, "mit
        fünf blossen", no band before five single checkers have left home; ``"free"``, "mit
        sechs oder mehr Bänden" / "fritt spel", bind when you like.
    ``band_count``
        with five bands, how they count: ``"total"`` (default), "nicht mehr als fünf Bände"
        (de1800 475); ``"in-a-row"``, "mera än 5 band bredvid varandra" (sv 2816; sv 2818:
        seven bands with gaps between them are no breach). A play that breaks the agreement
        is never legal ("så får man ändå icke göra det", sv 2816); a player found with more
        bands than agreed may have them burst (de1800 475, 509; sv 2816).
    ``junker``
        a player with more hit checkers than open points to enter them: ``"none-enter"``
        (default), he enters none until room is made (de1800 509, 517); ``"partial"``, he
        enters as many as there is room for (sv 2834); ``"without"``, "utan Junker": he may
        burst the blocker's bands while entering, and a jan so made is Storm-Jan (sv 2838,
        2854–2858, note 40 at sv 6301).
    ``home_entry``
        ``"barred"`` (default): with one's own checkers still on the home point a 1 cannot be
        entered — "werfe ich 2 und 1, so kann ich den 1 nicht einsetzen" (de1800 519, de
        4329; sv 2786); ``"open"``: "slår jeg 2 og 1, så kan jeg trække dem ind" (da 1622).
    ``first_throw``
        the German text does not say who begins; the Swedish opens "på samma sätt som vid
        Toccategli" (sv 2774), where the lower die begins (sv 2127): ``"lower"`` (default)
        or ``"higher"``.
    ``aufspielen``
        all fifteen played onto the last point before any is borne off win double, "er muß
        aber so glücklich seyn, daß er weder einen mehr noch weniger wirft ... sonst gilt es
        nicht, und er muß ausnehmen" (de1800 531, de 4345, da 1638; sv 2876: "jämnt").
        ``"whole-throw"`` (default): the throw itself must be neither more nor less than
        the last checkers need; a die or a move to spare is "one more" and is played,
        bearing off, as every die must be played (de1800 485, 549 "man muß aber ausnehmen
        und setzen, wie man wirft"; sv 2806). ``"rest-lapses"``: the game ends as soon as
        the last checker reaches the last point and the rest of the throw lapses, as at the
        end of a game of Bräde (sv 3074–3076), which no Verkehr text says.
    ``one_die``
        when only one die of two can be played: ``"either"`` (default), the German text
        asks only "man muß auch alle Augen, die man wirft, setzen, es sey denn, daß man
        nicht setzen kann" (de1800 485, de 4293, da 1587) and names no die; ``"higher"``,
        "så måste man alltid flytta Brickan efter den tärningen, som visar de högsta ögon"
        (sv 2808), the Swedish Verkehren's rule and Bräde's (sv 2908).
    ``junker_judged``
        playing without Junker, the player made Junker "äger ... rättighet att slå den
        förres band ur brädet, medan han spelar in sina utslagna Brickor" (sv 2838, 2854):
        ``"throw"`` (default), the right is judged once, when his throw begins, and lasts
        while he enters his checkers in it; ``"each-entry"``, it is judged again before
        each checker enters and ends as soon as there is room, as Bräde's text says of its
        own rule (sv 2949). Only read with ``junker = "without"``.
    """

    bands: Literal["five", "five-blots", "free"] = "five"
    band_count: Literal["total", "in-a-row"] = "total"
    junker: Literal["none-enter", "partial", "without"] = "none-enter"
    home_entry: Literal["barred", "open"] = "barred"
    first_throw: Literal["lower", "higher"] = "lower"
    aufspielen: Literal["whole-throw", "rest-lapses"] = "whole-throw"
    junker_judged: Literal["throw", "each-entry"] = "throw"
    one_die: Literal["either", "higher"] = "either"

    sources: ClassVar[dict[str, str]] = {
        "bands": "de1800 475–477; de 4283–4285; da 1577–1579; sv 2778, 6301",
        "band_count": "de1800 475; de 4283; da 1577; sv 2816–2818",
        "junker": "de1800 509, 517; de 4321, 4327; da 1614, 1620; sv 2834, 2838, 2854",
        "home_entry": "de1800 519; de 4329; da 1622; sv 2786",
        "first_throw": "sv 2774, 2127 (the German and Danish texts do not say)",
        "aufspielen": "de1800 531, 485, 549; de 4345, 4293, 4359; da 1638; sv 2876, 2806",
        "junker_judged": "sv 2838, 2854–2856 (silent on when); Bräde sv 2949",
        "one_die": "de1800 485, de 4293, da 1587 (silent on which die); sv 2808",
    }


VERKEHR_POINTS = {"einzeln": 1, "jan": 2, "storm-jan": 2, "aufspielen": 2}
VERKEHR_LABELS = {
    "einzeln": "einzeln gewonnen",  # de1800 525, 533
    "jan": "doppelt gewonnen: Jan",  # de1800 529–531
    "storm-jan": "doppelt gewonnen: Storm-Jan",  # sv 2858
    "aufspielen": "doppelt gewonnen: alle auf das letzte Feld",  # de1800 531
}


class Verkehr(SameDirectionGame[VerkehrRules]):
    """Das Verkehren (de1800 467–551; de 4275–4363; da 1569–1658; sv 2768–2876)."""

    name: ClassVar[str] = "verkehr"
    title: ClassVar[str] = "Verkehr"
    rules_type: ClassVar[type[Switches]] = VerkehrRules
    extra_fields: ClassVar[tuple[ExtraField, ...]] = (BURST_FIELD,)

    def own(self, rules: Switches | None) -> VerkehrRules:
        return own_rules(VerkehrRules, rules)

    def movement(self, rules: VerkehrRules) -> Movement:
        r = rules
        return Movement(
            junker=r.junker,
            home_entry=r.home_entry,
            bands=r.bands,
            band_count=r.band_count,
            bearing_off="common",  # de1800 543
            junker_judged=r.junker_judged,
            one_die=r.one_die,
            # de1800 531: the throw must bring them exactly, or "er muß ausnehmen"
            last_die_endings=frozenset({"aufspielen"} if r.aufspielen == "whole-throw" else ()),
        )

    def ending(self, board: Board, m: Movement) -> str | None:
        """Jan (de1800 529–531); all fifteen played onto the last point before any is borne
        off (de1800 531, sv 2876); all borne off (de1800 525, 533)."""
        reached = super().ending(board, m)
        if reached:
            return reached
        if board.me[24] == CHECKERS:
            return "aufspielen"
        return None

    def result(
        self, colour: Colour, ending: str, position: Position, rules: VerkehrRules
    ) -> Outcome:
        kind = {"off": "einzeln", "jan": "jan", "aufspielen": "aufspielen"}[ending]
        if kind == "jan" and position.get("burst", "0") == "1":
            kind = "storm-jan"  # sv 2858: a jan won by bursting the opponent's bands
        return Outcome(colour, kind, VERKEHR_POINTS[kind], VERKEHR_LABELS[kind], {})

    def who_begins(
        self, white_die: int, black_die: int, rules: Switches | None = None
    ) -> Colour | None:
        return who_begins(white_die, black_die, self.own(rules).first_throw == "lower")


# --------------------------------------------------------------------------------------
# Revertier
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RevertierRules(Switches):
    """The readings of the Revertier (fr 5542–5700). Defaults follow the text.

    ``hors_du_jeu``
        a player with more checkers "à la main" than open passages is "hors du jeu":
        ``"enter-one"`` (default), "il lui est permis de rentrer toujours une des dames"
        (fr 5642) — he enters one, and the rest wait; ``"none-enter"``, the first statement
        read alone: "il laisse jouer son homme jusqu'à ce qu'il ouvre des passages" (fr 5640).
    ``double_game``
        the *double* counts only "quand on a dit en commençant que l'on jouait la double";
        otherwise the doubled player "perd simplement la partie" (fr 5660). Off by default,
        as in the other games of the *Suite du Trictrac*.
    ``one_die``
        when only one die of two can be played: ``"either"`` (default), the text asks only
        that one play every number one can ("il est obligé de jouer tous les nombres qu'il
        amène", fr 5650; "il arrive souvent que l'on ne peut pas jouer tous les nombres",
        fr 5606) and names no die, as the 1698 Trictrac (fr 4746, 5498); ``"higher"``, the
        modern rule, which the engine applied without a switch until issue 17.
    """

    hors_du_jeu: Literal["enter-one", "none-enter"] = "enter-one"
    double_game: bool = False
    one_die: Literal["either", "higher"] = "either"

    sources: ClassVar[dict[str, str]] = {
        "hors_du_jeu": "fr 5640, 5642",
        "double_game": "fr 5660, 5668",
        "one_die": "fr 5606, 5650 (silent on which die); fr 4746, 5498",
    }


class Revertier(SameDirectionGame[RevertierRules]):
    """Le jeu du Revertier, from Charpentier's *Suite du Trictrac* (1698; fr 5542–5700).

    Everything is the family's: the *tas* is the home point, the *tête* the huk (fr 5612),
    the *cases* are bands; single checkers only on the two tables of one's *tas* but the
    tête (fr 5600, 5612); no entering on oneself (fr 5634); the *double* is the jan
    (fr 5660–5666); bearing off ("lever") "de même qu'il se pratique au jeu du Trictrac
    quand on rompt le jan de retour" (fr 5674), that is the modern way (fr 5035–5037);
    doublets count double throughout (fr 5604, 5684). The higher die begins (fr 5572).
    """

    name: ClassVar[str] = "revertier"
    title: ClassVar[str] = "Revertier"
    rules_type: ClassVar[type[Switches]] = RevertierRules

    def own(self, rules: Switches | None) -> RevertierRules:
        return own_rules(RevertierRules, rules)

    def movement(self, rules: RevertierRules) -> Movement:
        r = rules
        return Movement(
            junker="one" if r.hors_du_jeu == "enter-one" else "none-enter",
            bearing_off="common",  # fr 5674 → fr 5035–5037
            one_die=r.one_die,
        )

    def result(
        self, colour: Colour, ending: str, position: Position, rules: RevertierRules
    ) -> Outcome:
        double = ending == "jan" and rules.double_game  # fr 5660, 5668
        kind = "double" if double else "simple"
        label = "partie double" if double else "partie simple"
        return Outcome(colour, kind, 2 if double else 1, label, {"jan": ending == "jan"})

    def who_begins(
        self, white_die: int, black_die: int, rules: Switches | None = None
    ) -> Colour | None:
        """fr 5572: "celui qui a fait le plus gros point, joue et commence la partie"."""
        return who_begins(white_die, black_die, lower=False)


VERKEHR = Verkehr()
REVERTIER = Revertier()
