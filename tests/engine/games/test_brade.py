"""Bräde's rules, each from the text's own examples (sv lines cited) and edge cases."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.dice import distinct_rolls
from engine.core.errors import IllegalPlay, IllegalPosition
from engine.core.moves import OFF, Play, parse_play
from engine.core.position import Colour, Position
from engine.games import read_position, write_position
from engine.games.brade import BRADE, BradeRules, match_winner, teka
from tests.engine.games.layouts import read

COMMON = BradeRules(home_play="common")
ANY_BURST = BradeRules(sprangjan="any-burst")


def position(points: dict[int, str], turn: str = "w", roll: str = "-", **fields: str) -> Position:
    return read("brade", points, turn, roll, **fields)


def plays(pos: Position, roll: tuple[int, int], rules: BradeRules | None = None) -> set[str]:
    return {str(a.play) for a in BRADE.analyse(pos, roll, rules)}


def play_of(pos: Position, roll: tuple[int, int], text: str) -> Play:
    found, after, problem = BRADE.trace(pos, roll, parse_play(text))
    assert after is not None, problem
    return found


# -- the board and its numbering (sv 2884–2900) ---------------------------------------------


def test_start_has_fifteen_each_on_the_home_points() -> None:
    start = BRADE.start()
    assert start.count(Colour.WHITE, 1) == 15
    assert start.count(Colour.BLACK, 13) == 15  # Black's home, his point 1, is White's 13
    assert write_position(start).startswith("brade 15w,-,-,-,-,-/-,-,-,-,-,-/15b,")


def test_each_player_numbers_his_own_path_twelve_points_apart() -> None:
    geometry = BRADE.geometry
    assert geometry.absolute(Colour.BLACK, 1) == 13
    assert geometry.absolute(Colour.BLACK, 12) == 24  # Black's huk
    assert geometry.absolute(Colour.BLACK, 13) == 1  # White's first quarter is Black's third
    assert all(geometry.own(c, geometry.absolute(c, p)) == p for c in Colour for p in range(1, 25))


@pytest.mark.parametrize(
    ("points", "fields", "message"),
    [
        ({1: "16w", 13: "15b"}, {}, "16 checkers"),
        ({1: "13w", 5: "2w", 13: "15b"}, {}, "band of 2 on its point 5"),
        ({1: "15w", 13: "13b", 20: "2b"}, {}, "band of 2 on its point 8"),
    ],
)
def test_impossible_positions_are_refused(
    points: dict[int, str], fields: dict[str, str], message: str
) -> None:
    with pytest.raises(IllegalPosition, match=message):
        position(points, **fields)


def test_a_band_on_the_huk_is_allowed() -> None:
    position({1: "13w", 12: "2w", 13: "15b"})  # sv 2932: the huk, point 12


# -- moving (sv 2902–2910) -------------------------------------------------------------------


def test_six_four_from_the_start() -> None:
    start = BRADE.start().replace(turn=Colour.WHITE)
    assert plays(start, (6, 4)) == {"1/5 5/11", "1/7 7/11", "1/7 1/5"}  # sv 2902


def test_a_doublet_is_four_moves() -> None:
    start = BRADE.start().replace(turn=Colour.WHITE)
    found = plays(start, (5, 5))
    assert "1/6 6/11 11/16 16/21" in found  # sv 2906: lands on the twentieth point
    assert all(len(p.split()) == 4 for p in found)


def test_as_many_moves_of_a_doublet_as_possible() -> None:
    # sv 2908: only one of the four threes can be played (7 -> 10; 10 -> 13 hits Black's home
    # band, 1 -> 4 his band on 4), so that one must be
    pos = position({1: "14w", 7: "1w", 4: "2b", 13: "2b", 8: "3b", 9: "3b", 11: "3b", 12: "2b"})
    assert plays(pos, (3, 3)) == {"7/10"}


def test_the_higher_die_when_only_one_can_be_played() -> None:
    # sv 2908: either die alone, not both -> the higher one
    pos = position({1: "14w", 13: "1w", 6: "2b", 7: "2b", 24: "2b", 8: "3b", 9: "3b", 10: "3b"})
    assert plays(pos, (6, 5)) == {"13/19"}


def test_a_roll_that_cannot_be_played_is_forfeited() -> None:
    # sv 2910: fåta hela slaget
    pos = position({1: "15w", 2: "2b", 3: "2b", 13: "11b"})
    assert plays(pos, (2, 1)) == {"(no move)"}


# -- hitting and entering (sv 2922–2928) -------------------------------------------------------


def test_a_blot_is_hit_on_an_intermediate_landing_too() -> None:
    pos = position({10: "1w", 1: "14w", 13: "1b", 7: "14b"})
    move = play_of(pos, (3, 2), "10/13* 13/15").moves[0]
    assert move.hits == 1
    after = BRADE.apply(pos.replace(dice=(3, 2)), play_of(pos, (3, 2), "10/13* 13/15"))
    assert after.on_bar(Colour.BLACK) == 1


def test_nothing_else_moves_while_a_checker_is_on_the_bar() -> None:
    pos = position({1: "10w", 19: "4w", 13: "15b"}, bar="1,0")
    for roll in distinct_rolls():
        for text in plays(pos, roll):
            first = text.split()[0]
            assert text == "(no move)" or first.startswith("bar/"), (roll, text)


def test_entering_only_on_empty_points_or_blots() -> None:
    # White's home band on 1, own blot on 3, Black blot on 4, Black band on 5
    pos = position({1: "10w", 3: "1w", 4: "1b", 5: "2b", 13: "12b", 19: "3w"}, bar="1,0")
    assert plays(pos, (1, 1)) == {"(no move)"}  # own home band (sv 2928)
    assert plays(pos, (3, 3)) == {"(no move)"}  # own blot
    assert any(p.startswith("bar/4*") for p in plays(pos, (4, 4)))  # hits the blot
    assert plays(pos, (5, 5)) == {"(no move)"}  # opponent's band, no right to burst


# -- where bands may stand, and passing them (sv 2932–2936) ------------------------------------


def test_no_band_in_the_first_two_quarters_but_the_huk() -> None:
    pos = position({1: "13w", 5: "1w", 9: "1w", 13: "15b"})
    found = plays(pos, (4, 4))
    assert not any("1/5" in p.split() for p in found)  # would make a band on 5
    pos = position({1: "13w", 8: "1w", 12: "1w", 13: "15b"})
    assert any("8/12" in p.split() for p in plays(pos, (4, 1)))  # the huk may take a band


def test_bands_can_be_passed_but_not_landed_on() -> None:
    pos = position(
        {
            1: "12w",
            3: "1w",
            7: "1w",
            19: "1w",
            8: "2b",
            9: "2b",
            10: "2b",
            11: "2b",
            12: "2b",
            13: "1b",
            5: "4b",
        }
    )
    assert any("7/13*" in p.split() for p in plays(pos, (6, 1)))  # over the block
    assert not any(
        m.split("/")[1].rstrip("*!") in {"8", "9", "10", "11", "12"}
        for p in plays(pos, (5, 2))
        for m in p.split()
    )


# -- bursting (sv 2941–2953) ---------------------------------------------------------------------


RUN_OF_SIX = {
    1: "13w",
    5: "1w",
    19: "1w",
    7: "2b",
    8: "2b",
    9: "2b",
    10: "2b",
    11: "2b",
    12: "2b",
    13: "1b",
    2: "2b",
}


def test_a_run_of_more_than_five_bands_may_be_burst_but_need_not_be() -> None:
    pos = position(RUN_OF_SIX)
    assert BRADE.facts(pos, Colour.WHITE)["long_run"] == [7, 8, 9, 10, 11, 12]
    found = plays(pos, (2, 1))
    assert any("5/7!" in p.split() for p in found)  # sv 2943: any of the bands
    assert any("!" not in p for p in found)  # not obliged to burst


def test_a_burst_band_goes_to_the_bar_whole() -> None:
    pos = position(RUN_OF_SIX)
    after = BRADE.apply(pos.replace(dice=(2, 1)), play_of(pos, (2, 1), "5/7! 19/20"))
    assert after.on_bar(Colour.BLACK) == 2  # sv 2941: all checkers of the band count as hit


def test_no_bursting_once_fourteen_are_borne_off_the_junker() -> None:
    # sv 2953: White's last checker on the bar, Black's bands on all of White's first quarter
    pos = position(
        {1: "2b", 2: "2b", 3: "2b", 4: "2b", 5: "2b", 6: "2b", 7: "3b"}, bar="1,0", off="14,0"
    )
    assert BRADE.facts(pos, Colour.WHITE)["bursting_locked"]
    assert all(plays(pos, roll) == {"(no move)"} for roll in distinct_rolls())
    # with a second checker still in play the same block may be burst
    unlocked = position(
        {1: "2b", 2: "2b", 3: "2b", 4: "2b", 5: "2b", 6: "2b", 7: "3b", 24: "1w"},
        bar="1,0",
        off="13,0",
    )
    assert any("!" in p for p in plays(unlocked, (3, 3)))


# -- home play (sv 2957–2967) ----------------------------------------------------------------------


def test_bearing_off_waits_until_every_checker_is_in_the_fourth_quarter() -> None:
    pos = position({12: "1w", 22: "3w", 7: "15b"}, off="11,0")
    assert not any("off" in p for p in plays(pos, (2, 1)))


def test_a_hit_checker_stops_the_home_play() -> None:
    # sv 2963
    pos = position({20: "3w", 22: "3w", 7: "15b"}, bar="1,0", off="8,0")
    for roll in distinct_rolls():
        assert not any("off" in p for p in plays(pos, roll)), roll


def test_a_checker_landing_on_the_way_off_must_be_rearmost() -> None:
    # sv 2959: 19 -> 22 -> off with 6-3 fails: at 22 the checkers on 21 lie behind it
    pos = position({19: "1w", 21: "2w", 7: "15b"}, off="12,0")
    _, after, problem = BRADE.trace(pos, (6, 3), parse_play("19/22 22/off(6)"))
    assert after is None and "move 2" in problem
    assert plays(pos, (6, 3)) == {"19/off 21/24"}


def test_vasa_and_common_home_play_differ_as_the_text_warns() -> None:
    # sv 2967: the Vasa rule leaves more blots; figure 1's position under both readings
    pos = position({21: "3w", 22: "2w", 23: "2w", 24: "1w", 7: "12b"}, off="7,3")
    assert not any("off" in p for p in plays(pos, (3, 2)))
    assert any("off" in p for p in plays(pos, (3, 2), COMMON))


# -- endings (sv 2984–3080) ----------------------------------------------------------------------


def test_a_beautiful_game_needs_all_fifteen_on_the_board() -> None:
    # sv 2994: once a checker is borne off the chance is gone
    crown = {20: "3w", 21: "3w", 22: "3w", 23: "3w", 24: "3w", 7: "15b"}
    assert BRADE.outcome(position(crown, turn="b")).kind == "enkelt_kronspel"
    almost = {20: "3w", 21: "3w", 22: "3w", 23: "3w", 24: "2w", 7: "15b"}
    assert BRADE.outcome(position(almost, turn="b", off="1,0")) is None


def test_munk_when_the_opponent_has_a_checker_on_the_bar() -> None:
    # sv 3040
    pos = position({24: "1w", 7: "14b"}, off="14,0", bar="0,1")
    (analysis,) = BRADE.analyse(pos, (1, 1))
    assert analysis.outcome.kind == "hemspel+munk"
    assert analysis.outcome.points == 2


JAN = {18: "1w", 19: "14w", 13: "2b", 20: "1b", 8: "3b", 9: "2b", 10: "2b"}


def test_jan_when_more_are_hit_than_can_enter() -> None:
    # sv 3044: Black has five on the bar and five open points in his first quarter
    pos = position(JAN, bar="0,5")
    by_play = {str(a.play): a for a in BRADE.analyse(pos, (2, 1))}
    assert by_play["18/20*"].outcome.kind == "jan"
    assert by_play["18/20*"].outcome.points == 4
    # the game ends at once: the one is not played (sv 3074) ...
    assert len(by_play["18/20*"].play.moves) == 1
    # ... but the player may decline to end it (sv 3074) and then must use both dice
    others = [a for a in by_play.values() if a.outcome is None]
    assert others and all(len(a.play.moves) == 2 for a in others)


SPRANG = {
    1: "2w",
    2: "5b",
    3: "1w",
    4: "2b",
    5: "1w",
    6: "2b",
    7: "1b",
    13: "2b",
    19: "10w",
    8: "3b",
}


def test_sprangjan_when_the_bursting_move_makes_the_jan() -> None:
    # sv 3052: burst White's way in, then hit: the jan is made by the hit
    pos = position(SPRANG, bar="1,0")
    (analysis,) = [a for a in BRADE.analyse(pos, (5, 2)) if a.outcome]
    assert str(analysis.play) == "bar/2! 2/7*"
    assert analysis.outcome.kind == "jan"  # the default reading: the completing move
    (other,) = [a for a in BRADE.analyse(pos, (5, 2), ANY_BURST) if a.outcome]
    assert other.outcome.kind == "sprangjan"  # the other reading: any burst in the roll
    assert "burst=1" in write_position(other.after)


def test_the_last_throw_frees_the_player_from_the_duties() -> None:
    # sv 3076–3080
    pos = position({19: "1w", 21: "1b", 7: "14b"}, off="14,0")
    found = {str(a.play): a.outcome.kind for a in BRADE.analyse(pos, (6, 2))}
    assert found == {"19/21* 21/off(6)": "hemspel+munk", "19/off": "hemspel"}


def test_illegal_plays_are_refused() -> None:
    start = BRADE.start().replace(turn=Colour.WHITE, dice=(6, 4))
    with pytest.raises(IllegalPlay):
        BRADE.apply(start, Play(play_of(start, (6, 4), "1/7").moves))


# -- points and matches (sv 3084–3106) ------------------------------------------------------------


def test_seven_endings_five_with_munk() -> None:
    facts = BRADE.table_facts()
    assert (facts["ways_to_end"], facts["ways_with_munk"], facts["rows"]) == (7, 5, 12)


def test_the_match_tie_break_ranks_by_box() -> None:
    # sv 3090: equal points; trappspel ranks above hemspel med munk
    assert match_winner(["trappspel"], ["hemspel+munk"]) is Colour.WHITE
    assert match_winner(["hemspel", "hemspel"], ["trappspel"]) is Colour.BLACK
    # same box (trappspel, uppspel): the second-best games decide
    assert match_winner(["trappspel", "hemspel"], ["uppspel", "hemspel"]) is None
    assert match_winner(["jan"], ["hemspel", "hemspel"]) is Colour.WHITE  # more points


def test_teka_the_lower_die_begins() -> None:
    assert teka(2, 5) is Colour.WHITE
    assert teka(6, 1) is Colour.BLACK
    assert teka(3, 3) is None  # throw again (sv 2890)


# -- properties of every legal play -------------------------------------------------------------


def _playout(seed: int, steps: int) -> list[Position]:
    rng = random.Random(seed)
    pos = BRADE.start().replace(turn=Colour.WHITE)
    seen = [pos]
    for _ in range(steps):
        if BRADE.outcome(pos):
            break
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        choices = BRADE.analyse(pos, roll)
        pos = rng.choice(choices).after
        seen.append(pos)
    return seen


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_random_games_keep_fifteen_checkers_and_valid_positions(seed: int) -> None:
    for pos in _playout(seed, 60):
        BRADE.validate(pos)  # 15 a side, no band where none may stand
        assert pos.total(Colour.WHITE) == pos.total(Colour.BLACK) == 15
        assert read_position(write_position(pos)) == pos


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_no_legal_move_lands_on_an_opponent_band_unless_it_bursts(seed: int) -> None:
    for pos in _playout(seed, 40):
        if BRADE.outcome(pos) or pos.turn is None:
            continue
        mover = pos.turn
        for roll in ((6, 5), (3, 3), (2, 1)):
            for analysis in BRADE.analyse(pos, roll):
                first = analysis.play.moves[:1]
                for move in first:
                    if move.end == OFF:
                        continue
                    target = BRADE.geometry.absolute(mover, move.end)
                    if pos.count(mover.other, target) >= 2:
                        assert move.burst, (write_position(pos), roll, str(analysis.play))
