"""Swedish Bräde, as adopted by Vasamuseets Brädspelsvänner on 26 February 2003.

Source: seed ``000_11830c5ab74f548f.txt``, Swedish original at lines 2878–3106 (Danish
1660–1877, German 4365–4578, French 6031–6233 translate it paragraph for paragraph). Every
rule below cites the Swedish line it implements as ``sv NNNN``; search this file for a line
number to find its rule.

Vocabulary (the glossary explains each word once): *tunga* (point), *kvarter* (quarter of
six points), *hem* (home point, the player's point 1), *huk* (the player's point 12, the
only point of his first half where he may make a band), *blotta* (blot), *band* (two or more
checkers on a point), *slå* (hit), *spela in* (enter from the bar), *spränga* (burst a band:
all its checkers count as hit), *fåta* (forfeit a die), *alla* (doublet), *hemspel*
(bearing off all checkers), *reduktion* (pips wasted in bearing off), *vackert spel* (the
four beautiful games), *munk* (winning while the opponent has checkers on the bar), *jan*
(the opponent cannot enter all his hit checkers), *sprängjan* (a jan made by bursting),
*junker* (a player left with one checker that cannot move).

Numbering: each player numbers the points 1–24 along his own path (sv 2900). Both players
go the same way round and their homes lie twelve points apart, so a player's point ``p`` is
the opponent's point ``p ± 12``; the absolute numbering of the notation is White's.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, fields
from typing import ClassVar, Literal

from ..core.dice import Roll, dice_to_play
from ..core.errors import IllegalPlay, IllegalPosition, TabulaError
from ..core.moves import BAR, OFF, Move, MoveText, Play
from ..core.notation import ExtraField
from ..core.position import POINTS, Colour, Geometry, Position
from ..core.registry import Outcome, register

CHECKERS = 15  # sv 2884: femton ljusa brickor och femton mörka brickor
HOME = 1  # sv 2886–2888: the home point is where the checkers stand at the start
HUK = 12  # sv 2932: den sjätte tungan i det andra kvarteret
FIRST_QUARTER = range(1, 7)  # sv 2924: hit checkers are entered in the first quarter
FOURTH_QUARTER = range(19, 25)  # sv 2959: bearing off starts when all are in the fourth
OPPONENT_FIRST_QUARTER = range(13, 19)  # the opponent's points 1–6 in the mover's numbering
LONG_RUN = 6  # sv 2943: mer än fem band i rad
LAST_CHECKER = CHECKERS - 1  # sv 2953: fjorton brickor hemspelade, no more bursting


# --------------------------------------------------------------------------------------
# Rules switches
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BradeRules:
    """The readings this edition implements. Defaults follow the Swedish text.

    ``home_play``
        ``"vasa"`` (sv 2959–2961): a checker may be borne off only if it is the rearmost of
        the player's checkers, and the total *reduktion* of the roll must be as small as
        possible. ``"common"``: the "other rules for home play" the text contrasts it with
        (sv 2967) — any checker may be borne off with the exact number, a larger number
        only from the rearmost point, and no duty about reduction. The text does not spell
        the common rule out; this is the usual one of the backgammon family.
    ``sprangjan``
        ``"bursting-move"`` (default): a jan is a *sprängjan* when the move that completes it
        bursts a band — the text's "göra sin motspelare jan ... genom att spränga något av
        hans band" (sv 3052) names the bursting as the way the jan is made.
        ``"any-burst"``: it is enough that some move of the winning roll burst a band.
    """

    home_play: Literal["vasa", "common"] = "vasa"
    sprangjan: Literal["bursting-move", "any-burst"] = "bursting-move"

    _choices: ClassVar[dict[str, tuple[str, ...]]] = {
        "home_play": ("vasa", "common"),
        "sprangjan": ("bursting-move", "any-burst"),
    }
    sources: ClassVar[dict[str, str]] = {
        "home_play": "sv 2959, 2961, 2967",
        "sprangjan": "sv 3052",
    }

    @classmethod
    def choices(cls, name: str) -> tuple[str, ...]:
        return cls._choices[name]

    def settings(self) -> dict[str, str]:
        return {f.name: str(getattr(self, f.name)) for f in fields(self)}


# --------------------------------------------------------------------------------------
# Scoring: the table "Spelen i bräde" (sv 3092–3106) as data
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ending:
    """One of the seven ways a game ends (sv 3084) and its Swedish name."""

    key: str
    name: str
    munk_possible: bool


ENDINGS: tuple[Ending, ...] = (
    Ending("sprangjan", "Sprängjan", munk_possible=False),  # sv 3050–3052
    Ending("jan", "Jan", munk_possible=False),  # sv 3044
    Ending("enkelt_kronspel", "Enkelt kronspel", munk_possible=True),  # sv 2986
    Ending("dubbelt_kronspel", "Dubbelt kronspel", munk_possible=True),  # sv 2988
    Ending("trappspel", "Trappspel", munk_possible=True),  # sv 2990
    Ending("uppspel", "Uppspel", munk_possible=True),  # sv 2992
    Ending("hemspel", "Hemspel", munk_possible=True),  # sv 2957
)
ENDING_BY_KEY = {e.key: e for e in ENDINGS}
MUNK_LABEL = "med munk"  # sv 3040


@dataclass(frozen=True)
class Score:
    """A row of the points table: an ending, with or without munk, its points and its box.

    The Swedish match rule ranks games by the *ruta* (box) they stand in (sv 3090): all games
    in one box rank alike (trappspel and uppspel), a higher box ranks higher even for equal
    points (trappspel above hemspel med munk). ``box`` 0 is the highest.
    """

    ending: str
    munk: bool
    points: int
    box: int

    @property
    def key(self) -> str:
        return f"{self.ending}+munk" if self.munk else self.ending

    @property
    def name(self) -> str:
        base = ENDING_BY_KEY[self.ending].name
        return f"{base} {MUNK_LABEL}" if self.munk else base


_BEAUTIFUL = ("enkelt_kronspel", "dubbelt_kronspel", "trappspel", "uppspel")

SCORES: tuple[Score, ...] = (
    Score("sprangjan", False, 6, 0),  # sv 3095
    Score("jan", False, 4, 1),  # sv 3096
    *(Score(key, True, 3, 2) for key in _BEAUTIFUL),  # sv 3097–3100
    *(Score(key, False, 2, 3) for key in _BEAUTIFUL),  # sv 3101–3104
    Score("hemspel", True, 2, 4),  # sv 3105
    Score("hemspel", False, 1, 5),  # sv 3106
)
SCORE_BY_KEY = {s.key: s for s in SCORES}

# sv 2986–2992: the four beautiful games, as counts on the fourth quarter.
PATTERNS: dict[str, dict[int, int]] = {
    "enkelt_kronspel": {20: 3, 21: 3, 22: 3, 23: 3, 24: 3},
    "dubbelt_kronspel": {22: 5, 23: 5, 24: 5},
    "trappspel": {22: 3, 23: 5, 24: 7},
    "uppspel": {24: 15},
}


def teka(white_die: int, black_die: int) -> Colour | None:
    """Who begins the first game of a match: the lower die; equal dice throw again (sv 2890)."""
    if white_die == black_die:
        return None
    return Colour.WHITE if white_die < black_die else Colour.BLACK


def match_winner(white: Sequence[str], black: Sequence[str]) -> Colour | None:
    """Winner of a match from the score keys of the games each side won (sv 3090).

    Most points wins; on equal points the better best game by box, then the second best,
    and so on. ``None`` only if the two records rank exactly alike.
    """
    totals = [sum(SCORE_BY_KEY[k].points for k in side) for side in (white, black)]
    if totals[0] != totals[1]:
        return Colour.WHITE if totals[0] > totals[1] else Colour.BLACK
    ranks = [sorted(SCORE_BY_KEY[k].box for k in side) for side in (white, black)]
    for w, b in zip(ranks[0], ranks[1], strict=False):
        if w != b:
            return Colour.WHITE if w < b else Colour.BLACK
    if len(ranks[0]) != len(ranks[1]):
        return Colour.WHITE if len(ranks[0]) > len(ranks[1]) else Colour.BLACK
    return None


# --------------------------------------------------------------------------------------
# The mover's view of a position: fast mutable arrays for move generation
# --------------------------------------------------------------------------------------


class _Board:
    """Both sides' checkers in the *mover's* numbering.

    ``me[0]`` is the mover's bar, ``me[1..24]`` his points, ``me[25]`` his borne-off
    checkers; ``opp`` likewise for the opponent, indexed by the mover's point numbers.
    """

    __slots__ = ("me", "opp")

    def __init__(self, me: list[int], opp: list[int]) -> None:
        self.me = me
        self.opp = opp

    def key(self) -> tuple[int, ...]:
        return (*self.me, *self.opp)

    def copy(self) -> _Board:
        return _Board(self.me[:], self.opp[:])

    def rear(self) -> int:
        """The mover's rearmost point (his checker that is *sist*, sv 2959)."""
        for point in range(1, 25):
            if self.me[point]:
                return point
        return OFF

    def all_home(self) -> bool:
        """Every checker still in play is in the fourth quarter (sv 2959)."""
        return not self.me[BAR] and not any(self.me[1:19])

    def entry_points(self) -> int:
        """Points of the first quarter open for entering: empty or an opponent's blot (sv 2945)."""
        return sum(1 for t in FIRST_QUARTER if not self.me[t] and self.opp[t] <= 1)

    def bursting_locked(self) -> bool:
        """No band may burst once a player has borne off fourteen checkers (sv 2953)."""
        return self.me[OFF] == LAST_CHECKER or self.opp[OFF] == LAST_CHECKER

    def long_run_points(self) -> set[int]:
        """Opponent bands in a run of more than five in the mover's path (sv 2943).

        The run is counted along the mover's own numbering 1–24 only: bands on the
        opponent's huk and the first five points of his third quarter do not join up, as the
        text's own example says (sv 2943).
        """
        result: set[int] = set()
        run: list[int] = []
        for point in range(1, 26):
            if point <= 24 and self.opp[point] >= 2:
                run.append(point)
                continue
            if len(run) >= LONG_RUN:
                result.update(run)
            run = []
        return result

    def opponent_is_jan(self) -> bool:
        """The opponent has more hit checkers than first-quarter points not his own (sv 3044)."""
        free = sum(1 for t in OPPONENT_FIRST_QUARTER if not self.opp[t])
        return self.opp[BAR] > free


def _to_board(position: Position, mover: Colour) -> _Board:
    me = [0] * 26
    opp = [0] * 26
    for own in range(1, 25):
        absolute = BRADE.geometry.absolute(mover, own)
        me[own] = position.count(mover, absolute)
        opp[own] = position.count(mover.other, absolute)
    me[BAR], opp[BAR] = position.on_bar(mover), position.on_bar(mover.other)
    me[OFF], opp[OFF] = position.borne_off(mover), position.borne_off(mover.other)
    return _Board(me, opp)


def _from_board(board: _Board, mover: Colour, template: Position) -> Position:
    points = [0] * POINTS
    sign = 1 if mover is Colour.WHITE else -1
    for own in range(1, 25):
        absolute = BRADE.geometry.absolute(mover, own)
        points[absolute - 1] = sign * board.me[own] - sign * board.opp[own]
    pairs = {mover: (board.me[BAR], board.me[OFF]), mover.other: (board.opp[BAR], board.opp[OFF])}
    bar = (pairs[Colour.WHITE][0], pairs[Colour.BLACK][0])
    off = (pairs[Colour.WHITE][1], pairs[Colour.BLACK][1])
    return template.replace(points=tuple(points), bar=bar, off=off)


# --------------------------------------------------------------------------------------
# Single moves
# --------------------------------------------------------------------------------------


def _single_moves(board: _Board, die: int, rules: BradeRules) -> Iterator[tuple[Move, _Board]]:
    """Every legal single move for one die, with the board after it."""
    if board.me[BAR]:
        # sv 2922: with checkers on the bar, no other checker may move
        move = _entering(board, die)
        if move:
            yield move, _after(board, move)
        return
    for start in range(1, 25):
        if board.me[start]:
            move = _from_point(board, start, die, rules)
            if move:
                yield move, _after(board, move)


def _entering(board: _Board, die: int) -> Move | None:
    """Enter a hit checker on the point the die shows (sv 2924, 2926, 2928)."""
    target = die
    if board.me[target]:
        return None  # sv 2928: not on one's own blot nor on one's home band
    found = board.opp[target]
    if found <= 1:
        return Move(BAR, target, die, hits=found)  # empty, or hitting a blot (sv 2928)
    if board.bursting_locked():
        return None
    # sv 2945: more hit checkers than open points allows bursting by entering;
    # sv 2941: so does a run of more than five bands.
    if board.me[BAR] > board.entry_points() or target in board.long_run_points():
        return Move(BAR, target, die, hits=found, burst=True)
    return None


def _from_point(board: _Board, start: int, die: int, rules: BradeRules) -> Move | None:
    target = start + die
    if target > 24:
        return _bearing_off(board, start, die, rules)
    if target < HUK and board.me[target]:
        return None  # sv 2932–2934: in the first half a band only on the huk
    found = board.opp[target]
    if found <= 1:
        return Move(start, target, die, hits=found)  # sv 2922: landing on a blot hits it
    # sv 2936: an opponent's band may be passed but not landed on, unless it bursts (sv 2941)
    if not board.bursting_locked() and target in board.long_run_points():
        return Move(start, target, die, hits=found, burst=True)
    return None


def _bearing_off(board: _Board, start: int, die: int, rules: BradeRules) -> Move | None:
    if not board.all_home():
        return None  # sv 2900, 2959: not before all checkers are in the fourth quarter
    exact = start + die == OFF
    rearmost = start == board.rear()
    if rules.home_play == "vasa":
        # sv 2959: only the rearmost (or tied rearmost) checker; sv 2961: with a die that is
        # exact or larger ("reduced").
        return Move(start, OFF, die) if rearmost else None
    # "common": exact from anywhere, a larger die only from the rearmost point
    return Move(start, OFF, die) if exact or rearmost else None


def _after(board: _Board, move: Move) -> _Board:
    after = board.copy()
    after.me[move.start] -= 1
    after.me[move.end] += 1
    if move.hits:
        after.opp[BAR] += after.opp[move.end]  # sv 2922 (a blot), sv 2941 (a burst band)
        after.opp[move.end] = 0
    return after


def _ending(board: _Board) -> str | None:
    """The ending the mover has just reached, if any (sv 3074).

    When one move meets two criteria at once the higher-valued ending counts.
    """
    if board.opponent_is_jan():
        return "jan"  # told apart from sprängjan by the play (see BradeRules.sprangjan)
    if not board.me[OFF]:  # sv 2994: a beautiful game needs all fifteen on the board
        for key, pattern in PATTERNS.items():
            if all(board.me[p] == pattern.get(p, 0) for p in FOURTH_QUARTER):
                return key
    if board.me[OFF] == CHECKERS:
        return "hemspel"  # sv 2957
    return None


# --------------------------------------------------------------------------------------
# Plays: every sequence of single moves, then the duties
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Leaf:
    moves: tuple[Move, ...]
    board: _Board = field(compare=False)
    ending: str | None

    @property
    def key(self) -> tuple[tuple[Move, ...], bool]:
        return tuple(sorted(self.moves)), self.ending is not None


def _explore(
    board: _Board,
    dice: tuple[int, ...],
    rules: BradeRules,
    memo: dict[tuple[tuple[int, ...], tuple[int, ...]], list[_Leaf]],
) -> list[_Leaf]:
    """All plays from here with these dice left, each a distinct multiset of moves.

    A move that ends the game ends the play at once (sv 3074: the game may not go on once
    an ending is reached). Transpositions are explored once thanks to ``memo``.
    """
    memo_key = (board.key(), dice)
    if memo_key in memo:
        return memo[memo_key]
    leaves: dict[tuple[tuple[Move, ...], bool], _Leaf] = {}
    for die in sorted(set(dice), reverse=True):
        rest = list(dice)
        rest.remove(die)
        for move, after in _single_moves(board, die, rules):
            ending = _ending(after)
            subs = [_Leaf((), after, ending)] if ending or not rest else None
            for sub in subs or _explore(after, tuple(rest), rules, memo):
                leaf = _Leaf((move, *sub.moves), sub.board, sub.ending)
                leaves.setdefault(leaf.key, leaf)
    if not leaves:
        leaves[(), False] = _Leaf((), board, None)
    memo[memo_key] = list(leaves.values())
    return memo[memo_key]


def _apply_duties(leaves: list[_Leaf], dice: tuple[int, ...], rules: BradeRules) -> list[_Leaf]:
    """Keep the plays the duties allow.

    * A play that ends the game is always allowed: in the last throw the player need not
      care about the other die nor keep the reduction small (sv 3076, 3078).
    * Other plays must use as many dice as possible (sv 2908), the higher die when only one
      of two can be used (sv 2908), and — under the Vasa home-play rule — waste as few pips
      as possible in bearing off (sv 2961). A player who could end the game may decline to,
      if another move is possible (sv 3074).
    """
    ending = [leaf for leaf in leaves if leaf.ending]
    other = [leaf for leaf in leaves if not leaf.ending]
    if not other:
        return ending
    most = max(len(leaf.moves) for leaf in other)
    other = [leaf for leaf in other if len(leaf.moves) == most]
    if most == 1 and len(set(dice)) == 2:
        higher = [leaf for leaf in other if leaf.moves[0].die == max(dice)]
        other = higher or other
    if rules.home_play == "vasa":
        least = min(sum(m.reduction for m in leaf.moves) for leaf in other)
        other = [leaf for leaf in other if sum(m.reduction for m in leaf.moves) == least]
    if most == 0 and ending:
        return ending
    return ending + other


# --------------------------------------------------------------------------------------
# Tracing a written play, legal or not (for checking what the texts say)
# --------------------------------------------------------------------------------------


def _trace(
    board: _Board, dice: tuple[int, ...], written: Sequence[MoveText], rules: BradeRules
) -> Trace:
    """Follow a written play move by move, ignoring the duties but not the movement rules.

    This tells *why* a play is not allowed: a move the rules forbid, a game that ended
    before the play did, or (comparing with the legal plays) a duty it breaks.
    """
    moves: list[Move] = []
    left = list(dice)
    for number, text in enumerate(written, start=1):
        candidates = [
            (move, after)
            for die in sorted(set(left), reverse=True)
            for move, after in _single_moves(board, die, rules)
            if text.matches(move)
        ]
        if not candidates:
            return Trace(tuple(moves), board, None, f"move {number} ({_show(text)}) is not allowed")
        move, board = candidates[0]
        moves.append(move)
        left.remove(move.die)
        ending = _ending(board)
        if ending:
            if number < len(written):
                return Trace(tuple(moves), board, ending, f"the game ended at move {number}")
            return Trace(tuple(moves), board, ending, "")
    return Trace(tuple(moves), board, None, "")


def _show(text: MoveText) -> str:
    start = "bar" if text.start == BAR else str(text.start)
    end = "off" if text.end == OFF else str(text.end)
    die = f"({text.die})" if text.die else ""
    return f"{start}/{end}{text.mark}{die}"


@dataclass(frozen=True)
class Trace:
    """A written play followed as far as the rules allow; ``problem`` is empty if it went on."""

    moves: tuple[Move, ...]
    board: _Board = field(compare=False)
    ending: str | None
    problem: str


# --------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Analysis:
    """A legal play with what it leads to: the position after it and its outcome, if any."""

    play: Play
    after: Position
    outcome: Outcome | None


class Brade:
    """Swedish Bräde (Vasamuseets Brädspelsvänner, 2003)."""

    name: ClassVar[str] = "brade"
    title: ClassVar[str] = "Bräde"
    geometry: ClassVar[Geometry] = Geometry(white_offset=0, black_offset=12)
    rules_type: ClassVar[type] = BradeRules
    extra_fields: ClassVar[tuple[ExtraField, ...]] = (
        ExtraField(
            "burst",
            "0",
            "[01]",
            "1 if the jan that ended the game was made by bursting a band (sprängjan)",
        ),
    )

    def start(self) -> Position:
        """Fifteen checkers each on the home point (sv 2886–2888); the *teka* decides who begins."""
        points = [0] * POINTS
        points[self.geometry.absolute(Colour.WHITE, HOME) - 1] = CHECKERS
        points[self.geometry.absolute(Colour.BLACK, HOME) - 1] = -CHECKERS
        return Position(game=self.name, points=tuple(points))

    # -- validation --------------------------------------------------------------------

    def validate(self, position: Position) -> None:
        """Reject positions the rules cannot produce, saying why and citing the rule."""
        for colour in Colour:
            total = position.total(colour)
            if total != CHECKERS:
                raise IllegalPosition(
                    f"{_name(colour)} has {total} checkers (board {position.on_board(colour)}, "
                    f"bar {position.on_bar(colour)}, off {position.borne_off(colour)}); "
                    f"each side has {CHECKERS} (sv 2884)"
                )
            for own in range(HOME + 1, HUK):
                count = position.count(colour, self.geometry.absolute(colour, own))
                if count > 1:
                    raise IllegalPosition(
                        f"{_name(colour)} has a band of {count} on its point {own}: in the "
                        "first two quarters a band may stand only on the huk, point 12 (sv 2932)"
                    )
        finished = [c for c in Colour if self._ending_for(position, c)]
        if len(finished) > 1:
            raise IllegalPosition("both players have finished the game")
        burst = position.get("burst", "0") == "1"
        if burst and not any(self._ending_for(position, c) == "jan" for c in finished):
            raise IllegalPosition("burst=1 marks a game ended by sprängjan, but nobody is jan here")

    def _ending_for(self, position: Position, colour: Colour | None) -> str | None:
        if colour is None:
            return None
        return _ending(_to_board(position, colour))

    # -- outcome -------------------------------------------------------------------------

    def outcome(self, position: Position) -> Outcome | None:
        """Whether the game is over, how, and for how many points (sv 3074, 3084, 3094–3106)."""
        for colour in Colour:
            ending = self._ending_for(position, colour)
            if ending:
                burst = position.get("burst", "0") == "1"
                key = "sprangjan" if ending == "jan" and burst else ending
                munk = ENDING_BY_KEY[key].munk_possible and position.on_bar(colour.other) > 0
                score = SCORE_BY_KEY[f"{key}+munk" if munk else key]
                return Outcome(
                    winner=colour,
                    kind=score.key,
                    points=score.points,
                    label=score.name,
                    details={"ending": key, "munk": munk, "box": score.box},
                )
        return None

    # -- plays ---------------------------------------------------------------------------

    def analyse(
        self, position: Position, roll: Roll | None = None, rules: BradeRules | None = None
    ) -> list[Analysis]:
        """Every legal play of ``roll`` (or the position's dice), with its result."""
        rules = rules or BradeRules()
        mover = position.turn
        roll = roll or position.dice
        if mover is None:
            raise TabulaError("the position says nobody is to move (its turn field is '-')")
        if roll is None:
            raise TabulaError("no roll: give one (e.g. --roll 6-2) or put it in the position")
        if self.outcome(position):
            raise TabulaError("the game is already over in this position")
        dice = dice_to_play(roll)  # sv 2904: a doublet is played four times
        leaves = _explore(_to_board(position, mover), dice, rules, {})
        results = [
            self._analysis(position, mover, leaf, rules)
            for leaf in _apply_duties(leaves, dice, rules)
        ]
        return sorted(results, key=lambda a: str(a.play))

    def _analysis(
        self, position: Position, mover: Colour, leaf: _Leaf, rules: BradeRules
    ) -> Analysis:
        template = position.replace(turn=mover.other, dice=None, extra=())
        after = _from_board(leaf.board, mover, template)
        if leaf.ending == "jan" and _is_sprangjan(leaf.moves, rules):
            after = after.replace(extra=(("burst", "1"),))
        return Analysis(Play(leaf.moves), after, self.outcome(after))

    def legal_plays(
        self, position: Position, roll: Roll | None = None, rules: BradeRules | None = None
    ) -> list[Play]:
        return [a.play for a in self.analyse(position, roll, rules)]

    def apply(self, position: Position, play: Play, rules: BradeRules | None = None) -> Position:
        """The position after ``play``; raises :class:`IllegalPlay` unless the play is legal."""
        for analysis in self.analyse(position, None, rules):
            if analysis.play.key() == play.key():
                return analysis.after
        raise IllegalPlay(f"'{play}' is not a legal play here")

    # -- facts the texts state about positions and the table -----------------------------

    def facts(self, position: Position, colour: Colour) -> dict[str, object]:
        """Facts about a position from ``colour``'s side, as the texts state them."""
        board = _to_board(position, colour)
        entry = board.entry_points()
        locked = board.bursting_locked()
        return {
            "hit": board.me[BAR],  # checkers on the bar, waiting to be entered
            "entry_points": entry,  # sv 2945: empty points or opponent blots in quarter 1
            "may_burst": not locked and (board.me[BAR] > entry or bool(board.long_run_points())),
            "long_run": sorted(board.long_run_points()),  # sv 2943
            "bursting_locked": locked,  # sv 2953
        }

    def table_facts(self) -> dict[str, int]:
        """What the text says of the points table (sv 3084): ways to end, ways with munk."""
        return {
            "ways_to_end": len(ENDINGS),
            "ways_with_munk": sum(1 for e in ENDINGS if e.munk_possible),
            "rows": len(SCORES),
            "boxes": len({s.box for s in SCORES}),
        }

    def score_rows(self) -> list[Score]:
        """The rows of the points table, in the text's order (sv 3094–3106)."""
        return list(SCORES)

    def score(self, key: str) -> Score:
        if key not in SCORE_BY_KEY:
            raise TabulaError(f"unknown Bräde score '{key}' (known: {', '.join(SCORE_BY_KEY)})")
        return SCORE_BY_KEY[key]

    def trace(
        self,
        position: Position,
        roll: Roll,
        written: Sequence[MoveText],
        rules: BradeRules | None = None,
    ) -> tuple[Play, Position | None, str]:
        """Follow a written play ignoring the duties: (the moves, the position after, problem).

        The position after is ``None`` when a move is not allowed by the movement rules.
        """
        rules = rules or BradeRules()
        mover = position.turn
        if mover is None:
            raise TabulaError("the position says nobody is to move (its turn field is '-')")
        result = _trace(_to_board(position, mover), dice_to_play(roll), written, rules)
        if result.problem and not result.ending:
            return Play(result.moves), None, result.problem
        leaf = _Leaf(result.moves, result.board, result.ending)
        return (
            Play(result.moves),
            self._analysis(position, mover, leaf, rules).after,
            result.problem,
        )


def _is_sprangjan(moves: tuple[Move, ...], rules: BradeRules) -> bool:
    if rules.sprangjan == "bursting-move":
        return moves[-1].burst
    return any(m.burst for m in moves)


def _name(colour: Colour) -> str:
    return "White" if colour is Colour.WHITE else "Black"


BRADE = Brade()
register(BRADE)
