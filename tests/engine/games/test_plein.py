"""The Plein from its text (fr lines cited) and the edition's documented readings."""

from __future__ import annotations

from engine.core.position import Colour
from engine.games import read_position
from engine.games.plein import PLEIN as GAME
from engine.games.plein import PleinRules

PLEIN_MADE = "plein -,-,-,-,-,-/-,-,-,-,-,15b/3w,-,-,-,-,-/2w,2w,2w,2w,2w,2w b -"


def test_the_stacks_stand_on_the_first_point_of_each_side() -> None:
    start = GAME.start()
    assert GAME.facts(start, Colour.WHITE) == {"covered": 0, "in_grand_jan": 0}
    assert start.count(Colour.WHITE, 13) == 15 and start.count(Colour.BLACK, 12) == 15


def test_doublets_are_played_twice_over() -> None:
    start = GAME.start().replace(turn=Colour.WHITE)
    assert all(len(a.play.moves) == 4 for a in GAME.analyse(start, (3, 3)))  # fr 5977


def test_a_single_checker_may_stand_in_the_corner() -> None:
    start = GAME.start().replace(turn=Colour.WHITE)
    assert "1/6 6/12" in {str(a.play) for a in GAME.analyse(start, (6, 5))}  # fr 5975


def test_no_checker_leaves_its_side() -> None:
    pos = read_position("plein -,-,-,-,-,-/-,-,-,-,-,15b/-,-,-,-,-,-/-,-,-,-,1w,14w w -")
    assert {str(a.play) for a in GAME.analyse(pos, (6, 5))} == {"(no move)"}


def test_the_plein_wins_under_the_editions_reading_only() -> None:
    made = read_position(PLEIN_MADE)
    assert GAME.outcome(made).kind == "plein"  # fr 5947
    assert GAME.outcome(made, PleinRules(win="all-covered")) is None  # fr 5981, other reading


# fr 5969 → Revertier 5606, 5650: play all one can; which die when only one can be, no text
ONE_DIE = "plein -,-,-,-,-,-/-,-,-,-,-,15b/-,-,-,-,-,-/-,1w,-,-,-,14w w -"


def test_when_only_one_die_can_be_played_either_may_be_by_default() -> None:
    pos = read_position(ONE_DIE)
    assert {str(a.play) for a in GAME.analyse(pos, (3, 2))} == {"8/10", "8/11"}


def test_the_modern_rule_plays_the_higher_die() -> None:
    pos = read_position(ONE_DIE)
    rules = PleinRules(one_die="higher")
    assert {str(a.play) for a in GAME.analyse(pos, (3, 2), rules)} == {"8/11"}
    # both dice playable: the switch changes nothing
    start = GAME.start().replace(turn=Colour.WHITE)
    assert GAME.legal_plays(start, (3, 2), rules) == GAME.legal_plays(start, (3, 2))
