"""Dames Rabattues from the text's examples (fr lines cited) and edge cases."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalPosition
from engine.core.position import Colour, Position
from engine.games import read_position, write_position
from engine.games.dames_rabattues import DAMES_RABATTUES as GAME
from engine.games.dames_rabattues import DamesRabattuesRules

START = GAME.start()


def roll(position: Position, dice: tuple[int, int], by: Colour | None = None) -> Position:
    if by is not None:
        position = position.replace(turn=by)
    (analysis,) = GAME.analyse(position, dice)
    return analysis.after


def test_the_piles_and_what_each_must_lay_down() -> None:
    # fr 5885, 5905, 5913
    facts = GAME.facts(START, Colour.WHITE)
    assert (facts["left"], facts["down"]) == ("222333", "111222")
    assert GAME.table_facts()["to_lay_down"] == 9
    assert read_position(write_position(START)) == START


def test_each_number_lays_down_on_its_own_pile() -> None:
    after = roll(START, (6, 1), Colour.WHITE)  # fr 5905–5909
    assert GAME.facts(after, Colour.WHITE)["down"] == "011221"
    assert after.turn is Colour.BLACK  # a simple throw passes the dice


def test_what_the_thrower_cannot_play_the_other_plays() -> None:
    # fr 5913, 5917: a terne lays one checker for him and one for his opponent
    after = roll(roll(START, (6, 1), Colour.WHITE), (3, 3))
    assert GAME.facts(after, Colour.BLACK)["down"] == "110222"
    assert GAME.facts(after, Colour.WHITE)["down"] == "010221"
    assert after.turn is Colour.BLACK  # a doublet keeps the dice (fr 5921)


def test_a_number_nobody_can_play_is_lost() -> None:
    # fr 5919
    position = START.replace(turn=Colour.BLACK)
    for _ in range(3):
        position = roll(position, (2, 1))
    (analysis,) = GAME.analyse(position.replace(turn=Colour.BLACK), (2, 1))
    assert str(analysis.play) == "2:- 1:-"


def test_lifting_waits_until_every_checker_is_laid_down() -> None:
    # fr 5933–5935
    lifting = read_position(
        "dames-rabattues 2b,2b,2b,3b,3b,3b/-,-,-,-,-,-/-,-,-,-,-,-/3w,3w,3w,2w,2w,2w "
        "b - down=000000,000001"
    )
    (analysis,) = GAME.analyse(lifting, (5, 4))
    assert str(analysis.play) == "5:w-up 4:w-up"  # Black cannot lift yet: White lifts
    (six,) = GAME.analyse(lifting, (6, 2))
    assert str(six.play) == "6:b-down 2:b-up"  # his last checker down, he lifts at once


def test_lifted_checkers_before_laying_all_down_are_impossible() -> None:
    with pytest.raises(IllegalPosition, match="before laying all down"):
        read_position(
            "dames-rabattues 2b,2b,2b,3b,3b,3b/-,-,-,-,-,-/-,-,-,-,-,-/3w,3w,3w,2w,2w,1w "
            "w - off=1,0 down=011222,111222"
        )


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_random_games_end_with_one_player_lifting_all(seed: int) -> None:
    rng = random.Random(seed)
    position = START.replace(turn=Colour.WHITE)
    for _ in range(5000):
        if GAME.outcome(position):
            break
        position = roll(position, (rng.randint(1, 6), rng.randint(1, 6)))
        GAME.validate(position)
        assert read_position(write_position(position)) == position
    outcome = GAME.outcome(position)
    assert outcome is not None
    assert position.borne_off(outcome.winner) == 15
    assert position.borne_off(outcome.winner.other) < 15


# -- who lays down his last checker lifts with the rest of the throw? (fr 5931–5935) --------

LAST = read_position(
    "dames-rabattues 2b,2b,2b,3b,3b,3b/-,-,-,-,-,-/-,-,-,-,-,-/3w,3w,3w,2w,2w,2w w - "
    "down=000001,000001"
)
NEXT_THROW = DamesRabattuesRules(first_lift="next-throw")


def test_the_last_checker_down_frees_the_rest_of_the_throw_by_default() -> None:
    # fr 5933: "tant que l'on n'a point abattu toutes ses dames"; fr 5935 "jusqu'à ce que"
    (analysis,) = GAME.analyse(LAST, (6, 5))
    assert str(analysis.play) == "6:w-down 5:w-up"
    assert GAME.facts(analysis.after, Colour.WHITE)["lifted"] == 1


def test_read_as_lifting_from_the_next_throw_the_five_goes_unused() -> None:
    (analysis,) = GAME.analyse(LAST, (6, 5), NEXT_THROW)
    assert str(analysis.play) == "6:w-down 5:-"  # Black cannot lay a 5 nor lift
    assert GAME.facts(analysis.after, Colour.WHITE)["lifted"] == 0
    (later,) = GAME.analyse(analysis.after.replace(turn=Colour.WHITE), (5, 4), NEXT_THROW)
    assert str(later.play) == "5:w-up 4:w-up"  # his next throw lifts


def test_read_as_lifting_from_the_next_throw_the_other_plays_the_leftover() -> None:
    # fr 5917: what one cannot play, the other plays; Black still has a five to lay down
    position = LAST.replace(extra=(("down", "000001,000011"),))
    assert str(GAME.analyse(position, (6, 5), NEXT_THROW)[0].play) == "6:w-down 5:b-down"
    assert str(GAME.analyse(position, (6, 5))[0].play) == "6:w-down 5:w-up"
