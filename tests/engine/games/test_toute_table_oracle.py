"""Toute-Table against an outside oracle: OpenSpiel's modern backgammon (test-only package).

Toute-Table moves as backgammon does — the same start, opposite directions, closed points,
entering, the modern bear-off — so for every position and roll the two must allow the same
final positions. They differ in scoring only: the double asks more than the gammon
(fr 5791), which is checked here too. The oracle lives in ``requirements-test.txt``; the
site never imports it.

How the boards match: OpenSpiel's player 0 ('x') is White and runs from its point 0 to 23,
player 1 ('o') is Black and runs from 23 to 0; both boards number the same 24 points, so
OpenSpiel's point ``i`` is absolute point ``(35 - i) % 24 + 1`` for both sides (White's own
point ``24 - i``, Black's ``i + 1``).

One difference in how OpenSpiel plays a doublet, not in the rules: it splits the four moves
into two turns of two and asks each half to use as many dice as it can, so it also lists
doublet plays that use fewer dice than another play would (two moves whose second half is
blocked, when another first half allows four). Those plays are left out here by the rule
both games state: as many dice as can be played (fr 5740; OpenSpiel's own rules comment).
This is read from OpenSpiel's source; in the 40 seeded games below (some 3,800 positions)
the filter never removed a play.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.core.position import POINTS, Colour, Position
from engine.games.toute_table import TOUTE_TABLE

pyspiel = pytest.importorskip("pyspiel", reason="the oracle: pip install -r requirements-test.txt")

PASS = -1  # OpenSpiel's position of a move that does nothing
BAR = 100  # OpenSpiel's position of the bar
CHECKERS = 15
Final = tuple[tuple[int, ...], tuple[int, int], tuple[int, int]]  # points, bar, off


def _game() -> object:
    return pyspiel.load_game("backgammon", {"scoring_type": "enable_gammons"})


def _absolute(index: int) -> int:
    return (35 - index) % POINTS + 1


def _final(state: object) -> Final:
    points = [0] * POINTS
    for index in range(POINTS):
        points[_absolute(index) - 1] = state.board(0, index) - state.board(1, index)
    bar = (state.board(0, BAR), state.board(1, BAR))
    # the Python binding does not give the borne-off count: it is what is not on the board
    off = tuple(CHECKERS - bar[p] - sum(state.board(p, i) for i in range(POINTS)) for p in (0, 1))
    return tuple(points), bar, off


def _ours(position: Position) -> Final:
    return position.points, position.bar, position.off


def _position(state: object) -> Position:
    points, bar, off = _final(state)
    colour = Colour.WHITE if state.current_player() == 0 else Colour.BLACK
    return Position(game="toute-table", points=points, turn=colour, bar=bar, off=off)


def _roll(state: object) -> tuple[int, int]:
    """The dice, from the state's text ("Dice: 61"): the binding does not give them."""
    (line,) = [x for x in str(state).splitlines() if x.startswith("Dice: ")]
    first, second = line.removeprefix("Dice: ")
    return int(first), int(second)


def _leaves(state: object, player: int, used: int = 0) -> Iterator[tuple[object, int]]:
    """Every end of the player's turn: the state and how many dice were played.

    A doublet is two OpenSpiel turns of the same player: follow both.
    """
    for action in state.legal_actions():
        moves = state.spiel_move_to_checker_moves(player, action)
        played = used + sum(1 for m in moves if m.pos != PASS)
        child = state.clone()
        child.apply_action(action)
        if not child.is_terminal() and child.current_player() == player:
            yield from _leaves(child, player, played)
        else:
            yield child, played


def _oracle_finals(state: object) -> dict[Final, object]:
    """The final positions OpenSpiel allows, keeping only plays that use as many dice as
    any play can (see the module docstring); a play that ends the game is always kept."""
    leaves = list(_leaves(state, state.current_player()))
    most = max((n for s, n in leaves if not s.is_terminal()), default=0)
    return {_final(s): s for s, n in leaves if s.is_terminal() or n == most}


def _compare(state: object) -> dict[Final, object]:
    position, roll = _position(state), _roll(state)
    ours = {_ours(a.after) for a in TOUTE_TABLE.analyse(position, roll)}
    oracle = _oracle_finals(state)
    assert ours == set(oracle), (roll, position)
    return oracle


def _chance(state: object, rng: random.Random) -> None:
    outcomes = [action for action, _ in state.chance_outcomes()]
    state.apply_action(rng.choice(outcomes))


def test_every_opening_roll_of_either_side_allows_the_same_positions() -> None:
    start = _game().new_initial_state()
    assert _final(start) == _ours(TOUTE_TABLE.start()), "the two starts differ"
    for action, _ in start.chance_outcomes():  # 15 rolls without doublets, for each side
        state = start.clone()
        state.apply_action(action)
        _compare(state)


@pytest.mark.parametrize("seed", range(40))
def test_random_games_allow_the_same_positions_and_end_alike(seed: int) -> None:
    rng = random.Random(seed)
    state = _game().new_initial_state()
    turns = 0
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, rng)
            continue
        oracle = _compare(state)
        state = oracle[rng.choice(sorted(oracle))]
        turns += 1
    _check_ending(state)
    assert turns > 10


def _check_ending(state: object) -> None:
    """Our double asks more than the gammon: each double is a gammon, and a gammon we call
    simple is one whose loser has brought every checker home (fr 5791)."""
    points, bar, off = _final(state)
    position = Position(game="toute-table", points=points, bar=bar, off=off)
    outcome = TOUTE_TABLE.outcome(position)
    assert outcome is not None
    gammon = abs(state.returns()[0]) == 2
    assert (outcome.winner is Colour.WHITE) == (state.returns()[0] > 0)
    if outcome.kind == "double":
        assert gammon
    elif gammon:
        assert outcome.details["loser_all_home"] and outcome.details["loser_off"] == 0
