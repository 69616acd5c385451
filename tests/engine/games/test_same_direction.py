"""Properties shared by the same-direction family — Verkehr, Revertier, Bräde — under each
game's named readings: seeded random games in which every legal play keeps fifteen checkers
a side, reads back from its notation, and never lands where the rules forbid."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.dice import dice_to_play
from engine.core.game import make_rules
from engine.core.moves import BAR, OFF, Move, parse_play
from engine.core.position import Colour, Position
from engine.games import get_game, read_position, write_position
from engine.games.moving import Board, Leaf, after, single_moves, to_board
from engine.games.verkehren import GEOMETRY, HUK

VARIANTS: list[tuple[str, dict[str, str]]] = [
    ("verkehr", {}),
    ("verkehr", {"junker": "partial", "band_count": "in-a-row"}),
    ("verkehr", {"junker": "without"}),
    ("verkehr", {"bands": "five-blots", "home_entry": "open"}),
    ("verkehr", {"bands": "free"}),
    ("revertier", {}),
    ("revertier", {"hors_du_jeu": "none-enter", "double_game": "true"}),
    ("brade", {}),
    ("brade", {"home_play": "common"}),
]
IDS = [
    f"{game}:{','.join(f'{k}={v}' for k, v in rules.items()) or 'default'}"
    for game, rules in VARIANTS
]
ROLLS = ((6, 5), (3, 3), (2, 1))


def playout(game: Any, rules: Any, seed: int, steps: int) -> list[Position]:
    rng = random.Random(seed)
    pos = game.start().replace(turn=rng.choice(list(Colour)))
    seen = [pos]
    for _ in range(steps):
        if game.outcome(pos, rules):
            break
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        pos = rng.choice(game.analyse(pos, roll, rules)).after
        seen.append(pos)
    return seen


def forbidden(board: Board, move: Any, rules: dict[str, str]) -> str | None:
    """Why the family's rules forbid ``move`` on ``board`` (the mover's view), if they do."""
    open_home = rules.get("home_entry") == "open"
    if move.start == BAR and board.me[move.end] and not (move.end == 1 and open_home):
        return "entered on his own checkers"
    if move.start != BAR and board.me[BAR]:
        return "moved while a checker waits to enter"
    if move.end == OFF:
        return None if board.all_home() else "bore off before all were in the last table"
    if board.opp[move.end] >= 2 and not move.burst:
        return "landed on an opponent's band"
    if 1 < move.end < HUK and board.me[move.end]:
        return "made a band on the first half"
    return None


@pytest.mark.parametrize(("name", "settings_"), VARIANTS, ids=IDS)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_every_legal_play_keeps_the_checkers_reads_back_and_breaks_no_rule(
    name: str, settings_: dict[str, str], seed: int
) -> None:
    game = get_game(name)
    rules = make_rules(game, settings_)
    for pos in playout(game, rules, seed, 24):
        assert pos.total(Colour.WHITE) == pos.total(Colour.BLACK) == 15
        assert read_position(write_position(pos)) == pos
        game.validate(pos)
        if game.outcome(pos, rules) or pos.turn is None:
            continue
        for roll in ROLLS:
            for analysis in game.analyse(pos, roll, rules):
                _check_play(game, rules, settings_, pos, roll, analysis)


def _check_play(
    game: Any, rules: Any, settings_: dict[str, str], pos: Position, roll: Any, analysis: Any
) -> None:
    where = (write_position(pos), roll, str(analysis.play))
    # the play as written reads back to the same moves and the same position
    moves = parse_play(str(analysis.play))
    found, reached, problem = game.trace(pos, roll, moves, rules)
    assert found.key() == analysis.play.key() and reached == analysis.after, where
    assert not problem or analysis.outcome, where
    # each move in turn, on the board it was made on
    board = to_board(pos, pos.turn, GEOMETRY)
    for move in analysis.play.moves:
        assert forbidden(board, move, settings_) is None, (*where, str(move))
        board = after(board, move)
    assert len(analysis.play.moves) <= len(dice_to_play(roll)), where
    assert analysis.after.total(Colour.WHITE) == analysis.after.total(Colour.BLACK) == 15


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_verkehr_never_plays_beyond_the_agreed_five_bands(seed: int) -> None:
    for band_count in ("total", "in-a-row"):
        game = get_game("verkehr")
        rules = make_rules(game, {"band_count": band_count})
        key = "bands" if band_count == "total" else "bands_in_a_row"
        for pos in playout(game, rules, seed, 60):
            for colour in Colour:
                lifted = pos.borne_off(colour.other) == 14  # de1800 535
                assert lifted or game.facts(pos, colour, rules)[key] <= 5, write_position(pos)


def test_the_rule_check_itself_catches_each_kind_of_breach() -> None:
    pos = read_position("verkehr 9w,1w,-,-,-,-/-,2b,-,-,-,-/13b,-,-,-,-,-/-,-,-,-,-,5w w - bar=0,0")
    board = to_board(pos, Colour.WHITE, GEOMETRY)
    assert forbidden(board, Move(1, 2, 1), {}) == "made a band on the first half"
    assert forbidden(board, Move(1, 8, 7), {}) == "landed on an opponent's band"
    assert forbidden(board, Move(24, OFF, 1), {}) == "bore off before all were in the last table"
    assert forbidden(board, Move(1, 3, 2), {}) is None
    waiting = to_board(pos.replace(bar=(1, 0), points=(8, *pos.points[1:])), Colour.WHITE, GEOMETRY)
    assert forbidden(waiting, Move(BAR, 1, 1), {}) == "entered on his own checkers"
    assert forbidden(waiting, Move(BAR, 1, 1), {"home_entry": "open"}) is None
    assert forbidden(waiting, Move(2, 3, 1), {}) == "moved while a checker waits to enter"


def _replay(game: Any, rules: Any, position: Position, moves: tuple[Move, ...]) -> Any | None:
    """The analysis of making ``moves`` in this order, or None if the movement rules stop it
    (a move not allowed here, or the game ended before the last move)."""
    mover = position.turn
    m = game.movement(rules)
    board = to_board(position, mover, GEOMETRY)
    ending = None
    for wanted in moves:
        if ending:
            return None  # the game ended before this move: the rest of the throw is void
        found = [
            moved
            for move, moved in single_moves(board, wanted.die, m)
            if (move.start, move.end, move.die) == (wanted.start, wanted.end, wanted.die)
        ]
        if not found:
            return None
        board = found[0]
        ending = game.ending(board, m)
    leaf = Leaf(tuple(moves), board, ending)
    return game._analysis(position, mover, leaf, rules)


@pytest.mark.parametrize(("name", "settings_"), VARIANTS, ids=IDS)
def test_every_order_of_a_listed_play_ends_as_a_listed_play(name: str, settings_: dict) -> None:
    """issue 17.1: the same moves in another order can end the game differently (a jan made
    by bursting a band, sv 3052); every legal order of a listed play's moves gives a result
    (position and outcome) that the list contains, so no ending is lost."""
    game = get_game(name)
    rules = make_rules(game, settings_)
    checked = 0
    for seed in range(6):
        for position in playout(game, rules, seed, 40):
            if game.outcome(position, rules):
                continue
            for roll in ROLLS:
                analyses = game.analyse(position, roll, rules)
                results = {(write_position(a.after), _kind(a)) for a in analyses}
                for analysis in analyses:
                    for order in set(itertools.permutations(analysis.play.moves)):
                        replayed = _replay(game, rules, position, order)
                        if replayed is None:
                            continue
                        checked += 1
                        result = (write_position(replayed.after), _kind(replayed))
                        assert result in results, (write_position(position), roll, order)
    assert checked > 100


def _kind(analysis: Any) -> str:
    return analysis.outcome.kind if analysis.outcome else "none"


def test_the_burst_that_ends_the_game_is_its_own_play() -> None:
    """The issue's position: entering first and bursting last is a sprängjan (6 points),
    bursting first a jan (4); both are listed, each with its ending."""
    game = get_game("brade")
    position = read_position(
        "brade -,1b,1w,1w,2b,4b/1w,1w,2b,1w,-,-/2w,-,-,-,4w,-/-,-,1b,-,1b,- w - bar=4,4"
    )
    ends = {str(a.play): (a.outcome.kind, a.outcome.points) for a in game.analyse(position, (5, 2))}
    assert ends["bar/2* bar/5!"] == ("sprangjan", 6)
    assert ends["bar/5! bar/2*"] == ("jan", 4)
