"""Toute-Table (fr 5702–5797): the text's examples, edge cases, and properties of every play.

Positions are written in each side's own numbering (24 → 1, home table 1–6), as the text
speaks of them; what a side has not on the board or the bar is borne off.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.cli import main
from engine.core.errors import IllegalPlay, IllegalPosition, NotationError, TabulaError
from engine.core.game import Analysis, read_play
from engine.core.moves import Play
from engine.core.position import POINTS, Colour, Position
from engine.games import read_position, write_position
from engine.games.toute_table import START, TOUTE_TABLE, TouteTableRules

W, B = Colour.WHITE, Colour.BLACK


def pos(
    white: dict[int, int], black: dict[int, int], turn: Colour = W, bar: tuple[int, int] = (0, 0)
) -> Position:
    points = [0] * POINTS
    for colour, side in ((W, white), (B, black)):
        sign = 1 if colour is W else -1
        for own, count in side.items():
            points[TOUTE_TABLE.geometry.absolute(colour, own) - 1] += sign * count
    off = (15 - sum(white.values()) - bar[0], 15 - sum(black.values()) - bar[1])
    position = Position("toute-table", tuple(points), turn=turn, bar=bar, off=off)
    TOUTE_TABLE.validate(position)
    return position


def plays(position: Position, roll: tuple[int, int], **rules: bool) -> set[str]:
    return {str(p) for p in TOUTE_TABLE.legal_plays(position, roll, TouteTableRules(**rules))}


def after(position: Position, roll: tuple[int, int], text: str) -> Position:
    play, moved, problem = TOUTE_TABLE.trace(position, roll, read_play(TOUTE_TABLE, text))
    assert moved is not None and not problem, text
    return TOUTE_TABLE.apply(position.replace(dice=roll), play)


START_W = TOUTE_TABLE.start().replace(turn=W)

# -- the start (fr 5716–5720) and the openings (fr 5765–5769) --------------------------------


def test_the_start_is_two_five_three_five_for_both_sides() -> None:
    for colour in Colour:
        facts = TOUTE_TABLE.facts(START_W, colour)
        assert facts["piles"] == [24, 13, 8, 6]
        assert facts["counts"] == [2, 5, 3, 5]
    assert START == {24: 2, 13: 5, 8: 3, 6: 5}
    assert write_position(TOUTE_TABLE.start()) == (
        "toute-table 5w,-,-,-,3b,-/5b,-,-,-,-,2w/2b,-,-,-,-,5w/-,3w,-,-,-,5b - -"
    )


def test_the_piles_stand_where_the_text_puts_them() -> None:
    # fr 5716–5718 for you (White), fr 5720 for your opponent (Black)
    white, black = (TOUTE_TABLE.facts(START_W, c) for c in Colour)
    assert white["tables"] == ["opponent-right", "opponent-left", "own-right", "own-left"]
    assert black["tables"] == ["opponent-left", "opponent-right", "own-left", "own-right"]
    # fr 5742: your way ends in the table at your left; fr 5754: his at his right
    assert white["route"] == white["tables"] and white["home_table"] == "own-left"
    assert black["route"] == black["tables"] and black["home_table"] == "own-right"
    # fr 5756: you enter in the table of your two checkers, at your opponent's right
    assert white["entry_table"] == "opponent-right" == white["tables"][0]


@pytest.mark.parametrize(
    ("roll", "text", "cases"),
    [
        ((6, 5), "24/18 18/13", [13, 8, 6]),  # fr 5765: the tête onto the second pile
        ((6, 1), "13/7 8/7", [24, 13, 8, 7, 6]),  # fr 5767: a case on 7
        ((3, 1), "8/5 6/5", [24, 13, 8, 6, 5]),  # fr 5769: a case on 5
    ],
)
def test_the_openings_of_the_text(roll: tuple[int, int], text: str, cases: list[int]) -> None:
    assert text in plays(START_W, roll)
    facts = TOUTE_TABLE.facts(after(START_W, roll, text), W)
    assert facts["cases"] == cases
    assert facts["blots"] == ([24] if roll == (6, 5) else [])


@pytest.mark.parametrize("third", [11, 5])
def test_the_openings_make_no_case_with_the_third_pile_elsewhere(third: int) -> None:
    # 11: the fifth point counted from the bar (fr 5718 read the other way);
    # 5: the table at your left, as fr 5763 prints it
    white = {24: 2, 13: 5, third: 3, 6: 5}
    black = dict(START)
    position = pos(white, black)
    six_ace = after(position, (6, 1), f"13/7 {third}/{third - 1}")
    assert TOUTE_TABLE.facts(six_ace, W)["blots"]
    three_ace = after(position, (3, 1), f"{third}/{third - 3} 6/5")
    assert TOUTE_TABLE.facts(three_ace, W)["blots"]


# -- doublets, closed points, beating (fr 5740–5750) ----------------------------------------


def test_doublets_are_played_four_times() -> None:
    # fr 5740: quines are twenty points, sonnez twenty-four
    for roll, pips in (((5, 5), 20), ((6, 6), 24)):
        found = TOUTE_TABLE.legal_plays(START_W, roll)
        assert found and all(sum(m.die for m in p.moves) == pips for p in found)


def test_a_case_of_the_opponent_closes_its_point() -> None:
    # fr 5740: a point held by two is closed to landing on, not to passing over
    position = pos({13: 15}, {20: 2, 16: 2, 24: 11})  # Black's 20 and 16: White's 5 and 9
    assert TOUTE_TABLE.geometry.absolute(B, 16) == TOUTE_TABLE.geometry.absolute(W, 9)
    assert plays(position, (4, 4)) == {"(no move)"}
    assert plays(position, (6, 2)) == {"13/7 13/11"}  # the six passes over 9; 7/5, 11/5 closed


def test_beating_in_passing_with_four_and_ace() -> None:
    # fr 5746: the four beats an uncovered checker, the ace of the same checker covers
    position = pos({24: 2, 13: 5, 8: 1, 6: 5, 5: 2}, {24: 1, 16: 1, 13: 5, 8: 3, 6: 5})
    assert "13/9* 9/8" in plays(position, (4, 1))
    moved = after(position, (4, 1), "13/9* 9/8")
    assert TOUTE_TABLE.facts(moved, B)["bar"] == 1
    assert TOUTE_TABLE.facts(moved, W)["cases"] == [24, 13, 8, 6, 5]


def test_one_checker_beats_four_with_a_doublet_and_they_all_enter_first() -> None:
    # fr 5748, 5750
    black = {21: 1, 18: 1, 15: 1, 12: 1, 6: 11}  # uncovered on White's 4, 7, 10, 13
    position = pos({16: 1, 6: 14}, black)
    assert "16/13* 13/10* 10/7* 7/4*" in plays(position, (3, 3))
    beaten = after(position, (3, 3), "16/13* 13/10* 10/7* 7/4*")
    assert beaten.on_bar(B) == 4
    for roll in [(6, 5), (2, 1), (4, 4)]:
        for play in TOUTE_TABLE.legal_plays(beaten, roll):
            assert all(m.enters for m in play.moves)


# -- entering (fr 5754–5758) --------------------------------------------------------------


ENTRY = pos({24: 2, 20: 2, 13: 4, 6: 3}, {6: 2, 4: 2, 2: 2, 3: 1, 13: 4, 8: 4}, bar=(4, 0))


@pytest.mark.parametrize(
    ("roll", "expected"),
    [
        ((1, 1), ["bar/24 bar/24 bar/24 bar/24"]),  # fr 5758: all four on the tête
        ((5, 5), ["bar/20 bar/20 bar/20 bar/20"]),  # fr 5758: on another case
        ((3, 1), ["bar/22* bar/24"]),  # fr 5758: entering on the opponent, beating him
        ((6, 2), []),  # fr 5740, 5750: 19 and 23 are closed, and nothing else may move
        ((6, 5), ["bar/20"]),  # the five enters, the six cannot
    ],
)
def test_entering(roll: tuple[int, int], expected: list[str]) -> None:
    found = {p.key() for p in TOUTE_TABLE.legal_plays(ENTRY, roll)}
    assert found == {_play(ENTRY, roll, text).key() for text in expected or [""]}


def _play(position: Position, roll: tuple[int, int], text: str) -> Play:
    play, moved, _ = TOUTE_TABLE.trace(position, roll, read_play(TOUTE_TABLE, text))
    assert moved is not None, text
    return play


def test_all_entries_closed_forfeits_the_roll() -> None:
    black = {p: 2 for p in range(1, 7)} | {13: 3}
    position = pos({13: 14}, black, bar=(1, 0))
    for roll in [(6, 6), (3, 2), (1, 1)]:
        assert plays(position, roll) == {"(no move)"}


# -- bearing off (fr 5779–5781) -------------------------------------------------------------


LEVER = pos({5: 3, 4: 4, 2: 1}, {6: 15})


def test_a_doublet_lifts_four_that_give_just_on_the_edge() -> None:
    assert "4/off 4/off 4/off 4/off" in plays(LEVER, (4, 4))


def test_a_doublet_whose_point_is_empty_is_played_from_behind() -> None:
    assert all(
        not any(m.bears_off for m in p.moves) for p in TOUTE_TABLE.legal_plays(LEVER, (3, 3))
    )


def test_with_nothing_behind_the_next_points_are_lifted() -> None:
    assert plays(LEVER, (6, 6)) == {"5/off(6) 5/off(6) 5/off(6) 4/off(6)"}


def test_no_bearing_off_before_all_are_home() -> None:
    position = pos({7: 1, 2: 2}, {6: 15})
    assert all(
        not any(m.bears_off for m in p.moves[:1]) for p in TOUTE_TABLE.legal_plays(position, (6, 5))
    )
    # once the last checker is home the second die may bear off
    assert "7/1 2/off" in plays(position, (6, 2))


def test_a_larger_number_bears_off_only_from_the_highest_point() -> None:
    position = pos({4: 1, 2: 1}, {6: 15})
    found = plays(position, (6, 1))
    assert "4/off(6) 2/1" in found
    assert not any("2/off(6)" in p for p in found)


# -- the duty to play (fr 5740) and the higher die ----------------------------------------


def test_both_dice_must_be_played_when_they_can() -> None:
    # the six first is blocked (Black's case on White's 7), so the five goes first
    position = pos({13: 1}, {18: 2, 6: 13})
    assert plays(position, (6, 5)) == {"13/8 8/2"}


@pytest.mark.parametrize(("higher_die", "expected"), [(True, {"13/7"}), (False, {"13/7", "13/11"})])
def test_the_higher_die_when_only_one_can_be_played(higher_die: bool, expected: set[str]) -> None:
    # 13/7 or 13/11 alone, but 5 is closed (Black's case on his 20) for the other die
    position = pos({13: 1}, {20: 2, 6: 13})
    assert plays(position, (6, 2), higher_die=higher_die) == expected


# -- the end (fr 5783, 5791) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("black", "black_bar", "kind"),
    [
        ({7: 1, 6: 14}, 0, "double"),  # a checker outside his home table, none borne off
        ({6: 15}, 0, "simple"),  # all home, none borne off: a gammon, but not a double
        ({7: 1, 6: 13}, 0, "simple"),  # he had borne off one
        ({6: 13}, 1, "simple"),  # borne off one, then beaten: still "levé une"
        ({6: 14}, 1, "double"),  # beaten before bearing off
    ],
)
def test_partie_simple_and_double(black: dict[int, int], black_bar: int, kind: str) -> None:
    position = pos({}, black, turn=B, bar=(0, black_bar))
    outcome = TOUTE_TABLE.outcome(position)
    assert outcome is not None and outcome.winner is W
    assert (outcome.kind, outcome.points) == (kind, 2 if kind == "double" else 1)


def test_the_last_checker_off_ends_the_play_and_the_game() -> None:
    position = pos({1: 1}, {7: 1, 6: 14})
    analyses = TOUTE_TABLE.analyse(position, (2, 1))
    assert {str(a.play) for a in analyses} == {"1/off", "1/off(2)"}
    assert all(a.outcome and a.outcome.kind == "double" for a in analyses)
    with pytest.raises(TabulaError, match="already over"):
        TOUTE_TABLE.analyse(analyses[0].after.replace(turn=B), (1, 1))


# -- notation and validation ---------------------------------------------------------------


def test_positions_with_the_wrong_number_of_checkers_are_refused() -> None:
    text = write_position(TOUTE_TABLE.start()).replace("5w,-,-", "4w,-,-", 1)
    with pytest.raises(IllegalPosition, match="14 checkers"):
        read_position(text)


def test_plays_are_written_downwards() -> None:
    with pytest.raises(NotationError, match="lower points"):
        read_play(TOUTE_TABLE, "7/13")
    with pytest.raises(IllegalPlay):
        TOUTE_TABLE.apply(START_W.replace(dice=(6, 1)), _play(START_W, (6, 1), "13/7"))


# -- properties of every play, over seeded random games ------------------------------------


def _random_positions(seed: int, count: int) -> list[tuple[Position, tuple[int, int]]]:
    rng = random.Random(seed)
    found: list[tuple[Position, tuple[int, int]]] = []
    position = START_W
    while len(found) < count:
        if TOUTE_TABLE.outcome(position):
            position = START_W.replace(turn=rng.choice(list(Colour)))
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        found.append((position, roll))
        position = rng.choice(TOUTE_TABLE.analyse(position, roll)).after
    return found


@pytest.mark.parametrize("seed", range(4))
def test_every_play_keeps_the_rules(seed: int) -> None:
    for position, roll in _random_positions(seed, 150):
        for analysis in TOUTE_TABLE.analyse(position, roll):
            _check_play(position, roll, analysis)


def _check_play(position: Position, roll: tuple[int, int], analysis: Analysis) -> None:
    mover = position.turn
    assert mover is not None
    play, result = analysis.play, analysis.after
    # checkers are neither made nor lost
    assert all(result.total(c) == 15 for c in Colour)
    # the written play reads back to the same moves and the same position
    written = read_play(TOUTE_TABLE, str(play))
    traced, moved, problem = TOUTE_TABLE.trace(position, roll, written)
    assert traced.key() == play.key() and moved == result and not problem
    for k, move in enumerate(play.moves):
        assert move.descending
        # no move lands on a point the opponent holds with two or more
        before = TOUTE_TABLE.trace(position, roll, written[:k])[1]
        assert before is not None
        if not move.bears_off:
            point = TOUTE_TABLE.geometry.absolute(mover, move.end)
            assert before.count(mover.other, point) <= 1, (str(play), move)
        # nothing moves while a checker of the mover is on the bar
        assert move.enters or not before.on_bar(mover)


# -- the command line ----------------------------------------------------------------------


def test_the_command_line_plays_toute_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["start", "toute-table"]) == 0
    start = capsys.readouterr().out.strip()
    assert start == write_position(TOUTE_TABLE.start())
    opening = start.replace(" - -", " w 3-1")
    assert main(["legal", "toute-table", "-p", opening]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert {"8/5 6/5", "24/21 24/23"} <= {p["play"] for p in listed}
    assert all(m["from"] != "bar" for p in listed for m in p["moves"])
    figure = tmp_path / "trois-et-as.svg"
    assert main(["draw", "toute-table", "-p", opening, "--play", "8/5 6/5", "-o", str(figure)]) == 0
    assert figure.read_bytes().startswith(b"<?xml")
    ended = write_position(pos({}, {7: 1, 6: 14}, turn=B))
    assert main(["outcome", "toute-table", "-p", ended]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["kind"] == "double"


def test_the_command_line_reads_entering_and_bearing_off(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["legal", "toute-table", "-p", write_position(ENTRY), "-r", "3-1"]) == 0
    (only,) = json.loads(capsys.readouterr().out)
    assert [m["from"] for m in only["moves"]] == ["bar", "bar"]
    assert main(["legal", "toute-table", "-p", write_position(LEVER), "-r", "6-6"]) == 0
    (lift,) = json.loads(capsys.readouterr().out)
    assert lift["play"] == "5/off(6) 5/off(6) 5/off(6) 4/off(6)"
    assert {m["to"] for m in lift["moves"]} == {"off"}
