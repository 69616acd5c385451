"""Rolls: parsing, formatting, doublets, and the 21 rolls / 36 throws."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.dice import (
    all_throws,
    dice_to_play,
    distinct_rolls,
    format_roll,
    is_doublet,
    parse_roll,
)
from engine.core.errors import NotationError

faces = st.integers(min_value=1, max_value=6)


@pytest.mark.parametrize(
    ("text", "roll"),
    [("6-2", (6, 2)), ("2-6", (2, 6)), ("1-1", (1, 1)), (" 5-3 ", (5, 3)), ("6-6\n", (6, 6))],
)
def test_parse_roll(text: str, roll: tuple[int, int]) -> None:
    assert parse_roll(text) == roll


@settings(derandomize=True)
@given(faces, faces)
def test_format_and_parse_round_trip(first: int, second: int) -> None:
    text = format_roll((first, second))
    assert text == f"{first}-{second}"
    assert parse_roll(text) == (first, second)


@pytest.mark.parametrize(
    "text", ["7-1", "0-3", "6-", "-2", "62", "6-2-1", "6 - 2", "6–2", "x-y", "", "16-2"]
)
def test_bad_rolls_raise_with_the_field(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_roll(text)
    assert caught.value.field == "roll"
    assert f"'{text}'" in caught.value.message


def test_the_field_name_can_be_chosen() -> None:
    with pytest.raises(NotationError) as caught:
        parse_roll("9-9", field="--roll")
    assert caught.value.field == "--roll"
    assert str(caught.value).startswith("field '--roll': ")


@settings(derandomize=True)
@given(faces, faces)
def test_dice_to_play(first: int, second: int) -> None:
    dice = dice_to_play((first, second))
    if first == second:
        assert is_doublet((first, second))
        assert dice == (first,) * 4
        assert dice_to_play((first, second), doublets_count_twice=False) == (first, first)
    else:
        assert not is_doublet((first, second))
        assert dice == (max(first, second), min(first, second))
        assert dice_to_play((first, second), doublets_count_twice=False) == dice


def test_doublets_give_four_dice() -> None:
    assert dice_to_play((5, 5)) == (5, 5, 5, 5)
    assert dice_to_play((2, 6)) == (6, 2)


def test_twenty_one_distinct_rolls_higher_face_first() -> None:
    rolls = list(distinct_rolls())
    assert len(rolls) == 21
    assert len(set(rolls)) == 21
    assert rolls[0] == (6, 6) and rolls[1] == (6, 5) and rolls[-1] == (1, 1)
    assert all(high >= low for high, low in rolls)
    assert sum(is_doublet(r) for r in rolls) == 6


def test_thirty_six_throws_cover_each_roll_with_its_chance() -> None:
    throws = list(all_throws())
    assert len(throws) == 36
    assert len(set(throws)) == 36
    by_roll = Counter(tuple(sorted(t, reverse=True)) for t in throws)
    assert set(by_roll) == set(distinct_rolls())
    for roll, count in by_roll.items():
        assert count == (1 if is_doublet(roll) else 2)
