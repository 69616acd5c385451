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

Bräde is the heir of Verkehr and Revertier and moves as they do: the family's move rules
(entering, hitting and bursting, the huk) are in :mod:`engine.games.verkehren`, where Bräde
is the family's variant with bursting on entering (sv 2945), bursting of a run of more than
five bands (sv 2943) and the Vasa home play (sv 2959), and the machinery under them (the
mover's-eye board, the search for every play, bearing off, the duty to use the dice) in
:mod:`engine.games.moving`. What is Bräde's alone — its duties (the least reduction and
the free last throw, sv 2961, 3074–3078), the four beautiful games, munk, the points table
and the match — is here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

from ..core.errors import TabulaError
from ..core.game import Outcome, Switches, own_rules
from ..core.moves import BAR, OFF, Move
from ..core.notation import ExtraField
from ..core.position import Colour, Position
from .moving import Board, Leaf, as_many_dice, to_board
from .verkehren import (
    CHECKERS,
    LAST_TABLE,
    Movement,
    SameDirectionGame,
    bursting_locked,
    entry_points,
    is_junker,
    long_run_points,
    opponent_is_jan,
)

FOURTH_QUARTER = LAST_TABLE  # sv 2959: bearing off starts when all are in the fourth quarter


# --------------------------------------------------------------------------------------
# Rules switches
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BradeRules(Switches):
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

    sources: ClassVar[dict[str, str]] = {
        "home_play": "sv 2959, 2961, 2967",
        "sprangjan": "sv 3052",
    }


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
# The game
# --------------------------------------------------------------------------------------


class Brade(SameDirectionGame[BradeRules]):
    """Swedish Bräde (Vasamuseets Brädspelsvänner, 2003)."""

    name: ClassVar[str] = "brade"
    title: ClassVar[str] = "Bräde"
    rules_type: ClassVar[type[Switches]] = BradeRules
    extra_fields: ClassVar[tuple[ExtraField, ...]] = (
        ExtraField(
            "burst",
            "0",
            "[01]",
            "1 if the jan that ended the game was made by bursting a band (sprängjan)",
        ),
    )

    def own(self, rules: Switches | None) -> BradeRules:
        return own_rules(BradeRules, rules)

    def movement(self, rules: BradeRules) -> Movement:
        """Bräde's way of moving within the family (see :class:`Movement`)."""
        return Movement(
            junker="without",  # sv 2945: too few open points lets entering burst a band
            long_run_bursts=True,  # sv 2941–2943
            bearing_off=rules.home_play,  # sv 2959–2961, 2967
        )

    def duties(self, leaves: list[Leaf], dice: tuple[int, ...], m: Movement) -> list[Leaf]:
        """Keep the plays Bräde's duties allow.

        As many dice as possible, and the higher die when only one of two can be used
        (sv 2908); the Vasa home play wastes as few pips as possible (sv 2961). A play that
        ends the game is always allowed — in the last throw the player need not care about
        the other die nor the reduction (sv 3076, 3078) —, and a player who could end the
        game may decline to, if another move is possible (sv 3074).
        """
        ending = [leaf for leaf in leaves if leaf.ending]
        other = as_many_dice([leaf for leaf in leaves if not leaf.ending], dice, higher=True)
        if not other:
            return ending
        if m.bearing_off == "vasa":
            least = min(sum(mv.reduction for mv in leaf.moves) for leaf in other)
            other = [leaf for leaf in other if sum(mv.reduction for mv in leaf.moves) == least]
        if not other[0].moves and ending:
            return ending
        return ending + other

    def ending(self, board: Board, m: Movement) -> str | None:
        """The ending the mover has just reached, if any (sv 3074).

        When one move meets two criteria at once the higher-valued ending counts.
        """
        if opponent_is_jan(board):
            return "jan"  # sv 3044; told apart from sprängjan by the play (BradeRules.sprangjan)
        if not board.me[OFF]:  # sv 2994: a beautiful game needs all fifteen on the board
            for key, pattern in PATTERNS.items():
                if all(board.me[p] == pattern.get(p, 0) for p in FOURTH_QUARTER):
                    return key
        if board.me[OFF] == CHECKERS:
            return "hemspel"  # sv 2957
        return None

    def jan_by_bursting(self, moves: tuple[Move, ...], rules: BradeRules) -> bool:
        """sv 3052: a sprängjan (see :class:`BradeRules`)."""
        if rules.sprangjan == "bursting-move":
            return moves[-1].burst
        return any(m.burst for m in moves)

    def result(self, colour: Colour, ending: str, position: Position, rules: BradeRules) -> Outcome:
        """How many points the ending is worth (sv 3084, 3094–3106)."""
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

    # -- facts the texts state about positions and the table -----------------------------

    def facts(
        self, position: Position, colour: Colour, rules: Switches | None = None
    ) -> dict[str, object]:
        """Facts about a position from ``colour``'s side, as the texts state them."""
        board = to_board(position, colour, self.geometry)
        entry = entry_points(board)
        locked = bursting_locked(board)
        may_burst = is_junker(board, self.movement(self.own(rules))) or bool(long_run_points(board))
        return {
            "hit": board.me[BAR],  # checkers on the bar, waiting to be entered
            "entry_points": entry,  # sv 2945: empty points or opponent blots in quarter 1
            "may_burst": not locked and may_burst,
            "long_run": sorted(long_run_points(board)),  # sv 2943
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

    def score_rank(self, key: str) -> int:
        return self.score(key).box

    def match_winner(self, white: Sequence[str], black: Sequence[str]) -> Colour | None:
        """The winner of a match from the games each side won (sv 3090): :func:`match_winner`."""
        for key in (*white, *black):
            self.score(key)  # an unknown ending is named, not a KeyError
        return match_winner(white, black)

    def score(self, key: str) -> Score:
        if key not in SCORE_BY_KEY:
            raise TabulaError(f"unknown Bräde score '{key}' (known: {', '.join(SCORE_BY_KEY)})")
        return SCORE_BY_KEY[key]


BRADE = Brade()
