"""Move and play notation: how moves are written, and what a written play may say."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.errors import NotationError
from engine.core.moves import BAR, BAR_DOWN, OFF, OFF_DOWN, Move, MoveText, Play, parse_play

# -- writing -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Move(21, 24, 3), "21/24"),
        (Move(1, 7, 6), "1/7"),
        (Move(BAR, 3, 3, hits=1), "bar/3*"),
        (Move(BAR, 6, 6, hits=3, burst=True), "bar/6!"),
        (Move(6, 12, 6, hits=2, burst=True), "6/12!"),
        (Move(22, OFF, 3), "22/off"),  # exact: the die is implied
        (Move(19, OFF, 6), "19/off"),
        (Move(21, OFF, 6), "21/off(6)"),  # reduced: the die is written
        (Move(22, OFF, 5), "22/off(5)"),
        (Move(24, OFF, 2), "24/off(2)"),
    ],
)
def test_move_is_written(move: Move, text: str) -> None:
    assert str(move) == text


def test_reduction_of_moves_and_plays() -> None:
    assert Move(22, OFF, 5).reduction == 2
    assert Move(19, OFF, 6).reduction == 0
    assert Move(3, 9, 6).reduction == 0
    play = Play((Move(22, OFF, 5), Move(24, OFF, 2)))
    assert play.reduction == 3
    assert play.dice_used == (5, 2)
    assert str(play) == "22/off(5) 24/off(2)"


def test_empty_play_and_play_identity() -> None:
    assert str(Play()) == "(no move)"
    one = Play((Move(1, 7, 6), Move(1, 5, 4)))
    other = Play((Move(1, 5, 4), Move(1, 7, 6)))
    assert one != other  # the order made is kept …
    assert one.key() == other.key()  # … but they are one play
    assert one.key() != Play((Move(1, 5, 4), Move(5, 11, 6))).key()


# -- reading -------------------------------------------------------------------------------


def test_parse_play_reads_marks_and_dice() -> None:
    moves = parse_play("bar/3* 6/12! 19/off(6) 22/off 21/24")
    assert moves == (
        MoveText(BAR, 3, "*", None),
        MoveText(6, 12, "!", None),
        MoveText(19, OFF, "", 6),
        MoveText(22, OFF, "", None),
        MoveText(21, 24, "", None),
    )


@pytest.mark.parametrize("text", ["", "  ", "-", "(no move)"])
def test_no_move(text: str) -> None:
    assert parse_play(text) == ()


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("24/21", 1, "moves backwards"),
        ("1/7 9/3", 5, "moves backwards"),
        ("7/7", 1, "moves backwards"),
        ("1/7 x", 5, "is not a move"),
        ("1-7", 1, "is not a move"),
        ("0/5", 1, "is not a move"),
        ("1/25", 1, "is not a move"),
        ("off/3", 1, "is not a move"),
        ("bar/bar", 1, "is not a move"),
        ("1/7?", 1, "is not a move"),
        ("19/off(7)", 1, "is not a move"),
        ("1/7  2/8  3/9 4/z", 15, "is not a move"),
    ],
)
def test_parse_errors_name_field_and_column(text: str, column: int, words: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_play(text, field="--play")
    assert caught.value.field == "--play"
    assert caught.value.column == column
    assert words in caught.value.message


@pytest.mark.parametrize(
    ("written", "move", "matches"),
    [
        ("3/5", Move(3, 5, 2), True),
        ("3/5", Move(3, 5, 2, hits=1), False),  # a hit must be marked
        ("3/5*", Move(3, 5, 2), False),  # and a mark must be true
        ("3/5*", Move(3, 5, 2, hits=1), True),
        ("3/5!", Move(3, 5, 2, hits=1), False),  # '!' is a burst, not a plain hit
        ("3/5!", Move(3, 5, 2, hits=2, burst=True), True),
        ("3/5", Move(3, 6, 3), False),
        ("19/off", Move(19, OFF, 6), True),
        ("21/off", Move(21, OFF, 6), False),  # a reduced bear-off must give its die
        ("21/off(6)", Move(21, OFF, 6), True),
        ("21/off(5)", Move(21, OFF, 6), False),
        ("bar/4", Move(BAR, 4, 4), True),
    ],
)
def test_written_move_matches(written: str, move: Move, matches: bool) -> None:
    (text,) = parse_play(written)
    assert text.matches(move) is matches


@st.composite
def moves(draw: st.DrawFn) -> Move:
    start = draw(st.integers(BAR, 24))
    end = draw(st.integers(start + 1, OFF))
    die = draw(st.integers(1, 6))
    hits = 0 if end == OFF else draw(st.integers(0, 4))
    burst = hits >= 2 and draw(st.booleans())
    return Move(start, end, die, hits=hits, burst=burst)


@settings(derandomize=True)
@given(st.lists(moves(), min_size=1, max_size=4))
def test_written_plays_read_back_to_what_they_say(written: list[Move]) -> None:
    play = Play(tuple(written))
    texts = parse_play(str(play))
    assert len(texts) == len(written)
    for text, move in zip(texts, written, strict=True):
        assert text.matches(move)
        assert (text.start, text.end) == (move.start, move.end)


# -- games that count their points down (Toute-Table, as backgammon books do) --------------


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Move(13, 7, 6), "13/7"),
        (Move(BAR_DOWN, 22, 3, hits=1), "bar/22*"),
        (Move(6, OFF_DOWN, 6), "6/off"),
        (Move(3, OFF_DOWN, 5), "3/off(5)"),  # reduced: the die is written
    ],
)
def test_descending_move_is_written(move: Move, text: str) -> None:
    assert str(move) == text


def test_descending_moves_know_the_bar_and_the_tray() -> None:
    entering, off, inner = Move(BAR_DOWN, 20, 5), Move(2, OFF_DOWN, 4), Move(24, 18, 6)
    assert (entering.enters, entering.bears_off) == (True, False)
    assert (off.enters, off.bears_off, off.reduction) == (False, True, 2)
    assert (inner.enters, inner.bears_off, inner.implied_die()) == (False, False, 6)
    # the ascending sentinels keep their meaning
    assert Move(BAR, 3, 3).enters and Move(22, OFF, 3).bears_off


def test_parse_descending_play() -> None:
    moves = parse_play("bar/22* 13/7 6/off 3/off(5)", descending=True)
    assert moves == (
        MoveText(BAR_DOWN, 22, "*", None),
        MoveText(13, 7, "", None),
        MoveText(6, OFF_DOWN, "", None),
        MoveText(3, OFF_DOWN, "", 5),
    )
    assert not parse_play("3/off", descending=True)[0].matches(Move(3, OFF_DOWN, 5))


@pytest.mark.parametrize("text", ["7/13", "13/7 1/7", "7/7"])
def test_descending_play_refuses_moves_upwards(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_play(text, descending=True)
    assert "move to lower points" in caught.value.message


@st.composite
def descending_moves(draw: st.DrawFn) -> Move:
    start = draw(st.integers(1, BAR_DOWN))
    end = draw(st.integers(OFF_DOWN, start - 1))
    die = draw(st.integers(1, 6))
    hits = 0 if end == OFF_DOWN else draw(st.integers(0, 1))
    return Move(start, end, die, hits=hits)


@settings(derandomize=True)
@given(st.lists(descending_moves(), min_size=1, max_size=4))
def test_descending_plays_read_back_to_what_they_say(written: list[Move]) -> None:
    texts = parse_play(str(Play(tuple(written))), descending=True)
    for text, move in zip(texts, written, strict=True):
        assert text.matches(move)
        assert (text.start, text.end) == (move.start, move.end)
