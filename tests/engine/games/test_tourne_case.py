"""Tourne-Case's rules from the text's own examples (fr lines cited) and edge cases."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.dice import distinct_rolls
from engine.core.errors import IllegalPosition
from engine.core.position import Colour, Position
from engine.games import read_position, write_position
from engine.games.tourne_case import TOURNE_CASE, TourneCaseRules

GAME = TOURNE_CASE


def side(white: dict[int, int], black: dict[int, int]) -> dict[int, str]:
    """Absolute points from each side's own numbering (White's p is 12+p, Black's 13-p)."""
    points = {12 + p: f"{n}w" for p, n in white.items()}
    points.update({13 - p: f"{n}b" for p, n in black.items()})
    return points


def position(white: dict[int, int], black: dict[int, int], turn: str, bar: str) -> Position:
    cells = ["-"] * 24
    for point, cell in side(white, black).items():
        cells[point - 1] = cell
    board = "/".join(",".join(cells[q * 6 : q * 6 + 6]) for q in range(4))
    return read_position(f"tourne-case {board} {turn} - bar={bar}")


def plays(pos: Position, roll: tuple[int, int], rules: TourneCaseRules | None = None) -> set[str]:
    return {str(a.play) for a in GAME.analyse(pos, roll, rules)}


def test_the_start_has_three_waiting_on_each_side() -> None:
    start = GAME.start()
    assert start.bar == (3, 3) and not any(start.points)
    assert read_position(write_position(start)) == start


def test_only_the_lower_die_is_played() -> None:
    # fr 5837: six et cinq, vous ne pouvez jouer que le cinq
    start = GAME.start().replace(turn=Colour.WHITE)
    assert plays(start, (6, 5)) == {"bar/5"}


def test_no_checker_passes_over_another() -> None:
    # fr 5839: after the five, sonnez can only be played with the same checker
    pos = position({5: 1}, {}, "w", "2,3")
    assert plays(pos, (6, 6)) == {"5/11"}


def test_checkers_stand_together_only_in_the_corner() -> None:
    # fr 5851: the second two must be played by the checker already on two
    pos = position({}, {2: 1}, "b", "3,2")
    assert plays(pos, (6, 2)) == {"2/4"}


def test_a_checker_landing_opposite_beats_it_back() -> None:
    # fr 5847, 5851–5853: the ace's checker must go to four and beat; then five-four beats back
    pos = position({1: 1}, {4: 1}, "w", "2,2")
    (analysis,) = GAME.analyse(pos, (4, 3))
    assert str(analysis.play) == "1/4*"
    assert analysis.after.bar == (2, 3)
    (back,) = GAME.analyse(analysis.after, (5, 4))
    assert str(back.play) == "bar/4*"


def test_the_corner_is_reached_exactly_one_checker_after_another() -> None:
    # fr 5855: one in the corner, two right behind: an ace, then a two
    pos = position({12: 1, 11: 1, 10: 1}, {}, "w", "0,3")
    for roll in distinct_rolls():
        expected = {"11/12"} if min(roll) == 1 else {"(no move)"}
        assert plays(pos, roll) == expected, roll
    after = GAME.analyse(pos, (3, 1))[0].after.replace(turn=Colour.WHITE)
    assert plays(after, (5, 2)) == {"10/12"}


def test_the_corner_is_safe() -> None:
    # fr 5859: once in, a checker cannot be beaten
    pos = position({11: 1}, {12: 1}, "w", "2,2")
    (into_corner,) = [a for a in GAME.analyse(pos, (1, 1)) if str(a.play) == "11/12"]
    assert into_corner.play.moves[0].hits == 0
    assert into_corner.after.on_bar(Colour.BLACK) == 2


def test_the_first_with_three_in_the_corner_wins_double_only_if_agreed() -> None:
    # fr 5861
    won = position({12: 3}, {5: 1}, "b", "0,2")
    assert GAME.outcome(won).kind == "simple"
    assert GAME.outcome(won, TourneCaseRules(double_game=True)).kind == "double"
    other_in = position({12: 3}, {12: 1}, "b", "0,2")
    assert GAME.outcome(other_in, TourneCaseRules(double_game=True)).kind == "simple"


@pytest.mark.parametrize(
    ("white", "black", "bar", "message"),
    [
        ({3: 2}, {}, "1,3", "together only in the corner"),
        ({3: 1}, {3: 1}, "2,2", "facing each other"),
        ({3: 1}, {}, "1,3", "not 3"),
    ],
)
def test_impossible_positions_are_refused(
    white: dict[int, int], black: dict[int, int], bar: str, message: str
) -> None:
    with pytest.raises(IllegalPosition, match=message):
        position(white, black, "w", bar)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_random_games_keep_three_checkers_each_and_end(seed: int) -> None:
    rng = random.Random(seed)
    pos = GAME.start().replace(turn=Colour.WHITE)
    for _ in range(2000):
        if GAME.outcome(pos):
            break
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        pos = rng.choice(GAME.analyse(pos, roll)).after
        GAME.validate(pos)
        assert read_position(write_position(pos)) == pos
    assert GAME.outcome(pos) is not None
