"""Verkehr's rules from its texts' examples (de1800, de, da, sv lines cited) and edge cases."""

from __future__ import annotations

import pytest

from engine.core.dice import distinct_rolls
from engine.core.errors import IllegalPosition
from engine.core.game import read_play
from engine.core.position import Colour, Position
from engine.games import write_position
from engine.games.verkehren import VERKEHR, VerkehrRules
from tests.engine.games.layouts import read

PARTIAL = VerkehrRules(junker="partial")
WITHOUT = VerkehrRules(junker="without")
IN_A_ROW = VerkehrRules(band_count="in-a-row")
FREE = VerkehrRules(bands="free")
FIVE_BLOTS = VerkehrRules(bands="five-blots")
OPEN_HOME = VerkehrRules(home_entry="open")

# Black's checkers kept out of the way, on his last table (White's 7–12): fifteen in all
# once his home (White's 13) and any bar or off counts are added by the caller.
BLACK_AWAY = {7: "3b", 8: "3b", 9: "3b", 10: "3b", 11: "3b"}


def position(points: dict[int, str], turn: str = "w", **fields: str) -> Position:
    return read("verkehr", points, turn, **fields)


def plays(pos: Position, roll: tuple[int, int], rules: VerkehrRules | None = None) -> set[str]:
    return {str(a.play) for a in VERKEHR.analyse(pos, roll, rules)}


def most_bands(
    pos: Position, roll: tuple[int, int], rules: VerkehrRules | None = None, key: str = "bands"
) -> int:
    """The most bands (``bands``, or ``bands_in_a_row``) the mover has after any legal play."""
    mover = pos.turn
    assert mover is not None
    return max(VERKEHR.facts(a.after, mover)[key] for a in VERKEHR.analyse(pos, roll, rules))


def bearing(white: dict[int, int]) -> Position:
    """White bearing off with ``white`` on his last table, Black out of the way."""
    off = 15 - sum(white.values())
    return position({**{p: f"{n}w" for p, n in white.items()}, **BLACK_AWAY}, off=f"{off},0")


START = VERKEHR.start().replace(turn=Colour.WHITE)


# -- the setting up and the first throws (de1800 481–485) ------------------------------------


def test_fifteen_each_on_the_home_points_twelve_apart() -> None:
    start = VERKEHR.start()
    assert start.count(Colour.WHITE, 1) == start.count(Colour.BLACK, 13) == 15
    assert write_position(start).startswith("verkehr 15w,-,-,-,-,-/-,-,-,-,-,-/15b")


def test_five_four_from_home_two_checkers_or_one_to_nine() -> None:
    # de1800 483: "mit beyden Steinen vom Hause setzen ... oder ... einen Stein vom Hause auf 9"
    assert plays(START, (5, 4)) == {"1/6 1/5", "1/5 5/10", "1/6 6/10"}


def test_five_one_then_two_sixes_cannot_be_played() -> None:
    # de1800 485, sv 2802: the checker on 7 would land on the opponent's home, a second
    # checker from home would make a band on 7
    pos = position({1: "14w", 7: "1w", 13: "15b"})
    assert plays(pos, (6, 6)) == {"(no move)"}


def test_no_band_on_the_first_half_but_the_huk() -> None:
    pos = position({1: "13w", 5: "1w", 8: "1w", 13: "15b"})
    assert "1/5 5/8" not in plays(pos, (4, 3))  # de1800 495: no band on 8
    with pytest.raises(IllegalPosition, match="band of 2 on its point 5"):
        position({1: "13w", 5: "2w", 13: "15b"})
    position({1: "13w", 12: "2w", 13: "15b"})  # the huk, "als 11 vom Hause"


def test_two_ones_cannot_bring_the_huk_across_the_opponents_home() -> None:
    # de1800 501: "ich würfe zwey 1, und wollte aus der Hücke ... einen Band machen"
    pos = position({1: "10w", 12: "3w", 14: "2w", 13: "15b"})
    assert not any(m.start == 12 for a in VERKEHR.analyse(pos, (1, 1)) for m in a.play.moves)
    away = {7: "3b", 8: "3b", 9: "3b", 10: "3b", 11: "2b"}
    lone = position({1: "10w", 12: "3w", 14: "2w", 13: "1b", **away})
    assert any("12/13*" in p for p in plays(lone, (1, 1)))  # sv 2800: a single one is a blot


# -- hitting and entering (de1800 489, 515–519) --------------------------------------------------


ENTERING = {1: "8w", 12: "2w", 14: "3w", 4: "1b", 13: "6b", 7: "4b", 8: "4b"}


def test_entering_counts_the_home_as_one_and_not_on_ones_own() -> None:
    pos = position(ENTERING, bar="2,0")
    assert plays(pos, (2, 1)) == {"bar/2"}  # de1800 519: "so kann ich den 1 nicht einsetzen"
    assert plays(pos, (1, 1)) == {"(no move)"}
    assert plays(pos, (4, 1)) == {"bar/4*"}  # de1800 519: bound to enter and hit


def test_the_danish_reading_opens_the_home_point() -> None:
    pos = position(ENTERING, bar="2,0")
    assert plays(pos, (2, 1), OPEN_HOME) == {"bar/2 bar/1"}  # da 1622
    assert all(p.startswith("bar/1 bar/1") for p in plays(pos, (1, 1), OPEN_HOME))


def test_nothing_else_moves_while_a_checker_waits() -> None:
    pos = position(ENTERING, bar="2,0")
    assert all(m.start == 0 for a in VERKEHR.analyse(pos, (6, 5)) for m in a.play.moves)


# -- the Junker (de1800 509, 517; sv 2834, 2838) ------------------------------------------------


JUNKER = {1: "9w", 14: "2w", 15: "2w", 16: "2w", 13: "12b"}


@pytest.mark.parametrize("roll", list(distinct_rolls()))
def test_a_junker_enters_nothing_in_the_german_text(roll: tuple[int, int]) -> None:
    pos = position(JUNKER, turn="b", bar="0,3")
    assert plays(pos, roll) == {"(no move)"}
    assert VERKEHR.facts(pos, Colour.BLACK)["junker"] is True


def test_the_swedish_junker_enters_as_many_as_there_is_room_for() -> None:
    pos = position(JUNKER, turn="b", bar="0,3")
    assert plays(pos, (6, 5), PARTIAL) == {"bar/6 bar/5"}  # sv 2834: "icke ... mera än 2"
    assert plays(pos, (6, 6), PARTIAL) == {"bar/6"}
    assert plays(pos, (4, 1), PARTIAL) == {"(no move)"}


def test_without_junker_the_victim_bursts_a_band_while_entering() -> None:
    pos = position(JUNKER, turn="b", bar="0,3")
    assert plays(pos, (4, 1), WITHOUT) == {"bar/4!"}  # sv 2838
    assert plays(pos, (6, 5), WITHOUT) == {"bar/6 bar/5"}  # room enough: no bursting needed


# sv 2838: the position of the issue; White is Junker (two out, one open point, his home)
JUDGED = {2: "1w", 3: "4b", 4: "4b", 5: "1w", 6: "2b", 7: "1b", 8: "1w", 9: "1b"} | {
    14: "3w",
    15: "1b",
    17: "1w",
    21: "2w",
    23: "3w",
    24: "1w",
}


def test_without_junker_the_right_to_burst_is_judged_once_per_throw() -> None:
    pos = position(JUDGED, bar="2,2")
    rules = VerkehrRules(junker="without")
    assert rules.junker_judged == "throw"
    assert plays(pos, (6, 4), rules) == {"bar/4!", "bar/6! bar/4!"}


def test_judged_before_each_entry_the_right_ends_with_the_first_burst() -> None:
    pos = position(JUDGED, bar="2,2")
    rules = VerkehrRules(junker="without", junker_judged="each-entry")
    assert plays(pos, (6, 4), rules) == {"bar/4!"}  # after bar/6! there is room: no right


def test_the_right_to_burst_is_only_for_entering() -> None:
    pos = position(JUDGED | {14: "4w"}, bar="1,2")  # not Junker: one out, one open point
    assert plays(pos, (6, 4), VerkehrRules(junker="without")) == {"(no move)"}


def test_a_jan_made_by_bursting_is_storm_jan() -> None:
    pos = position(
        {1: "4w", 2: "1w", 5: "1w", 16: "2w", 17: "2w", 18: "2w", 19: "2w"}
        | {13: "2b", 14: "1b", 15: "1b", 3: "2b", 4: "2b", 6: "2b", 9: "2b"},
        bar="1,3",
    )
    for analysis in VERKEHR.analyse(pos, (6, 3), WITHOUT):
        assert analysis.outcome is not None and analysis.outcome.kind == "storm-jan"
        assert analysis.outcome.points == 2


# -- bands (de1800 475–477, 535; sv 2816–2818) -----------------------------------------------


FIVE_APART = {1: "3w", 12: "2w", 14: "2w", 16: "2w", 18: "2w", 20: "2w", 19: "1w", 22: "1w"}


def test_no_sixth_band_with_five_bands_in_all() -> None:
    pos = position({**FIVE_APART, 13: "15b"})
    assert most_bands(pos, (3, 3)) == 5  # de1800 475: never a sixth band
    assert most_bands(pos, (3, 3), FREE) == 6
    # moving a checker off a band of two onto a blot keeps five: allowed
    assert "16/19" in {str(m) for a in VERKEHR.analyse(pos, (3, 3)) for m in a.play.moves}


def test_side_by_side_the_swedish_count_allows_bands_with_gaps() -> None:
    pos = position({**FIVE_APART, 13: "15b"})
    assert most_bands(pos, (3, 3), IN_A_ROW) == 6  # sv 2818: with gaps between them
    row = position(
        {1: "3w", 12: "1w", 14: "1w", 15: "2w", 16: "2w", 17: "2w", 18: "2w"}
        | {19: "2w", 13: "15b"}
    )
    assert most_bands(row, (2, 2), IN_A_ROW, "bands_in_a_row") == 5  # sv 2816
    assert most_bands(row, (2, 2), FREE, "bands_in_a_row") == 6


def test_no_limit_once_the_opponent_has_one_checker_left() -> None:
    # de1800 535: "so viel Bände machen als man immer will"
    pos = position({**FIVE_APART, 2: "1b"}, off="0,14")
    assert most_bands(pos, (3, 3)) == 6


SIX_IN_A_ROW = {1: "3w", 14: "2w", 15: "2w", 16: "2w", 17: "2w", 18: "2w", 19: "2w"}


def test_bands_beyond_the_agreement_may_be_burst() -> None:
    # de1800 509: "so kann der Andere auch, nachdem er wirft, meine Bände schlagen" — here
    # while Black is Junker, who could otherwise enter nothing
    breach = position({**SIX_IN_A_ROW, 13: "14b"}, turn="b", bar="0,1")
    assert plays(breach, (2, 1)) == {"bar/2!"}
    kept = position({**SIX_IN_A_ROW, 19: "-", 1: "5w", 13: "14b"}, turn="b", bar="0,1")
    assert plays(kept, (2, 1)) == {"(no move)"}


def test_five_blots_before_the_first_band() -> None:
    # de1800 475: "fünf einzelne Steine vom Hause ... ehe man zum Bande gelangen kann"
    three_out = position({1: "12w", 7: "1w", 9: "1w", 12: "1w", 13: "15b"})
    assert most_bands(three_out, (5, 3), FIVE_BLOTS) == 0  # 7/12 or 9/12 would bind
    assert most_bands(three_out, (5, 3)) == 1
    # with four out, the first die brings the fifth from home and the second may bind
    four_out = position({1: "11w", 7: "1w", 8: "1w", 9: "1w", 12: "1w", 13: "15b"})
    found = {
        tuple(sorted(str(m) for m in a.play.moves))
        for a in VERKEHR.analyse(four_out, (5, 3), FIVE_BLOTS)
    }
    assert ("1/4", "7/12") in found and ("1/6", "9/12") in found


# -- one die of two (de1800 485; sv 2808) ---------------------------------------------------


ONE_DIE = {24: "14w", 1: "2b", 2: "2b", 3: "2b", 6: "2b", 9: "2b", 13: "5b"}


def test_the_swedish_text_plays_the_higher_die_when_only_one_can_be_played() -> None:
    pos = position(ONE_DIE, bar="1,0")
    assert plays(pos, (5, 4), VerkehrRules(one_die="higher")) == {"bar/5"}  # sv 2808


def test_the_german_text_names_no_die_so_either_may_be_played() -> None:
    pos = position(ONE_DIE, bar="1,0")  # de1800 485: "es sey denn, daß man nicht setzen kann"
    assert VerkehrRules().one_die == "either"
    assert plays(pos, (5, 4)) == {"bar/5", "bar/4"}


# -- bearing off (de1800 541–551) ------------------------------------------------------------


def test_exact_dice_from_any_point_larger_ones_only_from_behind() -> None:
    assert plays(bearing({19: 2, 20: 2}), (6, 5)) == {"19/off 20/off", "19/off 19/24"}
    assert plays(bearing({19: 2}), (6, 5)) == {"19/off 19/24"}
    assert "24/off 24/off 24/off 24/off" in plays(bearing({23: 4, 24: 4}), (1, 1))


@pytest.mark.parametrize("roll", [(6, 6), (5, 5), (4, 4), (3, 3), (2, 2)])
def test_every_doublet_but_aces_takes_four_from_the_point_before_the_last(
    roll: tuple[int, int],
) -> None:
    for analysis in VERKEHR.analyse(bearing({23: 4, 24: 4}), roll):
        assert [m.start for m in analysis.play.moves] == [23, 23, 23, 23]
        assert all(m.end == 25 for m in analysis.play.moves)


def test_one_six_takes_one_checker_not_four() -> None:
    # de1800 545 "eine 6" against de 4357 / da 1652 "zwei 6"
    for analysis in VERKEHR.analyse(bearing({19: 4}), (6, 1)):
        assert sum(m.end == 25 for m in analysis.play.moves) == 1


def test_a_hit_checker_stops_the_bearing_off() -> None:
    pos = position({20: "4w", 22: "2w", 13: "10b", 7: "5b"}, bar="1,0", off="8,0")
    assert all(m.end != 25 for a in VERKEHR.analyse(pos, (6, 5)) for m in a.play.moves)


# -- winning (de1800 525–533) -----------------------------------------------------------------


def test_all_borne_off_wins_single() -> None:
    outcome = VERKEHR.outcome(position(BLACK_AWAY, off="15,0"))
    assert outcome is not None and (outcome.kind, outcome.points) == ("einzeln", 1)


def test_six_hit_with_checkers_on_the_home_point_is_jan() -> None:
    # de1800 531: "wenn ich auf dem Mahl eine oder mehrere Steine stehen habe, sechs bloße"
    pos = position(
        {1: "9w", 12: "1w", 14: "2w", 15: "2w", 17: "1w", 13: "2b", 20: "1b", 7: "3b", 8: "4b"},
        bar="0,5",
    )
    assert VERKEHR.outcome(pos) is None  # five are not enough
    by_play = {str(a.play): a.outcome for a in VERKEHR.analyse(pos, (3, 1))}
    assert by_play["17/20*"] is not None and by_play["17/20*"].kind == "jan"


REST_LAPSES = VerkehrRules(aufspielen="rest-lapses")


def endings(pos: Position, roll: tuple[int, int], rules: VerkehrRules | None = None) -> dict:
    """Each legal play and how it ends the game (``None``: it goes on)."""
    return {str(a.play): a.outcome and a.outcome.kind for a in VERKEHR.analyse(pos, roll, rules)}


@pytest.mark.parametrize("rules", [None, REST_LAPSES])
def test_all_fifteen_played_onto_the_last_point_by_exact_dice_win_double(
    rules: VerkehrRules | None,
) -> None:
    # de1800 531: "daß er weder einen mehr noch weniger wirft, so daß der eine, oder mehr,
    # recht darauf zu stehen kommen"; both readings agree when the throw is exact
    pos = position({24: "13w", 22: "2w", **BLACK_AWAY})
    assert endings(pos, (1, 1), rules)["22/23 22/23 23/24 23/24"] == "aufspielen"
    for analysis in VERKEHR.analyse(pos, (3, 3), rules):  # too much: "er muß ausnehmen"
        assert analysis.outcome is None
        assert any(m.end == 25 for m in analysis.play.moves)


def test_a_throw_with_moves_to_spare_must_bear_off_read_strictly() -> None:
    # the examples: 2-2 with two checkers on 22, 6-5 with one on 18
    two = position({24: "13w", 22: "2w", **BLACK_AWAY})
    assert endings(two, (2, 2)) == {"22/24 22/24 24/off(2) 24/off(2)": None}
    one = position({24: "14w", 18: "1w", **BLACK_AWAY})
    assert endings(one, (6, 5)) == {"18/24 24/off(5)": None, "18/23 23/off(6)": None}


def test_read_loosely_the_rest_of_the_throw_lapses() -> None:
    two = position({24: "13w", 22: "2w", **BLACK_AWAY})
    assert endings(two, (2, 2), REST_LAPSES) == {"22/24 22/24": "aufspielen"}
    one = position({24: "14w", 18: "1w", **BLACK_AWAY})
    assert endings(one, (6, 5), REST_LAPSES) == {"18/24": "aufspielen", "18/23 23/off(6)": None}


def test_tracing_a_strict_aufspielen_goes_on_past_the_last_point() -> None:
    one = position({24: "14w", 18: "1w", **BLACK_AWAY})
    written = read_play(VERKEHR, "18/24 24/off(5)")
    play, after, problem = VERKEHR.trace(one, (6, 5), written)
    assert problem == "" and after is not None and VERKEHR.outcome(after) is None
    assert len(play.moves) == 2
    play, _after, problem = VERKEHR.trace(one, (6, 5), written, REST_LAPSES)
    assert problem == "the game ended at move 1" and len(play.moves) == 1


def test_who_begins_the_lower_die_unless_switched() -> None:
    assert VERKEHR.who_begins(2, 5) is Colour.WHITE  # sv 2774 → sv 2127
    assert VERKEHR.who_begins(2, 5, VerkehrRules(first_throw="higher")) is Colour.BLACK
    assert VERKEHR.who_begins(4, 4) is None
