"""Counting throws (engine.counting): enumeration checked against independent formulas.

The expected values here are derived another way (closed formulas, small hand counts
of the throws named), not copied from the texts: the texts' numbers are checked by the
claims in diagrams/counting/, which these tests also exercise in both directions.
"""

from __future__ import annotations

from itertools import combinations, product
from math import factorial

import pytest

from engine.counting import throws as t
from engine.counting.quantities import QuantityError, Throws, evaluate
from engine.counting.situation import Situation, SituationError
from engine.kinds.counting import cell, check_counting
from engine.specs import FigureSpec, View
from engine.verdicts import ClaimError

SIDES = range(1, 7)


# --- throws and numbers ---------------------------------------------------------------


def test_thirty_six_throws_twenty_one_named_six_doublets() -> None:
    assert len(t.THROWS) == 36 == len(set(t.THROWS))
    assert len(t.names(t.THROWS)) == 21
    assert t.once(t.THROWS) == 6 and t.twice(t.THROWS) == 15


def test_a_simple_throw_reaches_three_numbers_a_doublet_two() -> None:
    for a, b in product(SIDES, SIDES):
        expected = {a, 2 * a} if a == b else {a, b, a + b}
        assert set(t.numbers((a, b))) == expected
    assert t.numbers((3, 3), doublet_moves=4) == (3, 6, 9, 12)


def independent_hits(distance: int) -> int:
    """Throws that hit at ``distance`` on an open board, counted by reasoning, not search:
    a die showing it, or a simple throw adding up to it, or a doublet whose double it is."""
    count = 0
    for a, b in product(SIDES, SIDES):
        if a == b:
            count += distance in (a, 2 * a)
        else:
            count += distance in (a, b, a + b)
    return count


@pytest.mark.parametrize("distance", range(1, 15))
def test_hits_on_an_open_board(distance: int) -> None:
    assert len(t.hitting(distance)) == independent_hits(distance)
    assert t.against(distance) == 36 - independent_hits(distance)


def test_add_ten_holds_from_one_to_six_and_nowhere_beyond() -> None:
    for distance in range(1, 7):
        assert len(t.hitting(distance)) == distance + 10
    for distance in range(7, 13):
        assert len(t.hitting(distance)) == len(t.summing(distance)) != distance + 10


def test_a_die_alone_always_hits_a_vrai() -> None:
    everything = range(1, 12)
    for a, b in product(SIDES, SIDES):
        assert t.hit((a, b), a, closed=everything) is t.Hit.VRAI
        assert t.hit((a, b), b, closed=everything) is t.Hit.VRAI


def test_the_sum_hits_a_faux_only_when_every_passage_is_closed() -> None:
    assert t.hit((6, 1), 7, closed=[6]) is t.Hit.VRAI  # through the ace's point
    assert t.hit((6, 1), 7, closed=[1, 6]) is t.Hit.FAUX
    assert t.hit((3, 3), 6, closed=[3]) is t.Hit.FAUX  # a doublet has one passage
    assert t.hit((3, 3), 9, closed=[]) is None  # played twice, not three times
    assert t.hit((3, 3), 9, closed=[3], doublet_moves=4) is t.Hit.FAUX


def test_closing_passages_takes_away_exactly_the_throws_whose_every_passage_closes() -> None:
    for distance in range(2, 13):
        free = set(t.hitting(distance))
        for size in (1, 2, 3):
            for closed in combinations(range(1, distance), size):
                shut = set(t.hitting(distance, closed))
                blocked = {
                    roll
                    for roll in free
                    if all(
                        set(t._passages(route)) & set(closed)
                        for route in t.routes(roll)
                        if sum(route) == distance
                    )
                }
                assert free - shut == blocked, (distance, closed)


def test_sums_and_the_middle() -> None:
    ways = t.sum_ways()
    assert ways == {s: 6 - abs(s - 7) for s in range(2, 13)}
    assert t.mean_sum() == 7


# --- the jan de trois coups ---------------------------------------------------------------


def test_the_jan_de_trois_coups_is_six_dice_on_six_points() -> None:
    found = t.jan_de_trois_coups()
    assert found.total == 36**3
    # each order of the faces 1–6 cut into three throws of two: 6! sequences, no doublet
    assert found.sequences == factorial(6)
    assert found.with_doublet == 0 and found.witness is None
    assert t.jan_de_trois_coups(drop=False).sequences == factorial(6)


def test_with_doublets_played_four_times_a_doublet_could_make_it() -> None:
    """The text's "ne pouvant être fait par doublet" rests on doublets played twice."""
    found = t.jan_de_trois_coups(doublet_moves=4, drop=False)
    assert found.with_doublet > 0
    assert found.witness is not None and any(a == b for a, b in found.witness)


# --- quantities -----------------------------------------------------------------------------


def test_quantity_phrases() -> None:
    assert evaluate("hit 7 closed=1,3,4,6") == Throws(((2, 5), (5, 2)))
    assert evaluate("sum 1") == Throws(())
    assert evaluate("two-dice-only") == (7, 8, 9, 10, 11, 12)
    assert evaluate("times simple") == (2,)
    assert evaluate("beyond 12") == 0 and evaluate("beyond 12 moves=4") > 0
    with pytest.raises(QuantityError, match="no quantity"):
        evaluate("hits 6")
    with pytest.raises(QuantityError, match="one number"):
        evaluate("hit 6 7")
    with pytest.raises(QuantityError, match="unknown option"):
        evaluate("hit 6 open=1")


# --- claims -----------------------------------------------------------------------------------


def spec(*claims: dict, situation: dict | None = None) -> FigureSpec:
    kind = "hits" if situation else "counting"
    return FigureSpec(
        id="test/counts",
        path=None,  # type: ignore[arg-type]
        game="trictrac",
        position="",
        lines="test",
        editorial=False,
        rules={},
        view=View(kind=kind),
        claims=tuple(claims),
        situation=situation or {},
    )


def claim(**fields: object) -> dict:
    return {"id": "c", "lines": "fr 5148", **fields}


def test_a_right_number_holds_a_wrong_one_fails() -> None:
    (right,) = check_counting(spec(claim(count="hit 6", printed=16)))
    (wrong,) = check_counting(spec(claim(count="hit 6", printed=15)))
    assert right.passed and right.holds
    assert not wrong.passed and "16, not 15" in wrong.describe()


def test_a_recorded_disagreement_passes_only_while_the_text_is_wrong() -> None:
    noted = {"disagrees": True, "note": "the text leaves out bezet"}
    (still_wrong,) = check_counting(spec(claim(count="hit 2", printed=11, **noted)))
    (now_right,) = check_counting(spec(claim(count="hit 2", printed=12, **noted)))
    assert still_wrong.passed and not now_right.passed
    with pytest.raises(ClaimError, match="note"):
        check_counting(spec(claim(count="hit 2", printed=11, disagrees=True)))


def test_lists_of_throws_are_compared_throw_by_throw() -> None:
    listed = ["2-1", "1-2", "2-3", "3-2", "2-4", "4-2", "2-5", "5-2", "2-6", "6-2", "2-2"]
    (result,) = check_counting(spec(claim(throws="hit 2", listed=listed)))
    assert not result.holds and "leaves out the throws 1-1" in result.describe()
    (named,) = check_counting(spec(claim(names="hit 11", listed=["5-6"])))
    assert named.holds  # a named throw may be written either way round


def test_each_and_order() -> None:
    (rising,) = check_counting(
        spec(claim(each="count hit {n}", over=[1, 2, 3], order="increasing"))
    )
    (falling,) = check_counting(
        spec(claim(each="count hit {n}", over=[5, 6, 7], order="increasing"))
    )
    assert rising.holds and not falling.holds
    (table,) = check_counting(spec(claim(each="named hit {n}", over=[6, 5], printed=[9, 8])))
    assert table.holds


def test_a_claim_states_one_thing_and_says_where() -> None:
    with pytest.raises(ClaimError, match="exactly one"):
        check_counting(spec(claim(count="all", named="all", printed=36)))
    with pytest.raises(ClaimError, match="lines"):
        check_counting(spec({"id": "c", "count": "all", "printed": 36}))
    with pytest.raises(ClaimError, match="unknown key"):
        check_counting(spec(claim(count="all", printed=36, roll="6-5")))


def test_cells_print_the_count_or_the_sources_number_when_recorded_wrong() -> None:
    counts = spec(
        claim(id="six", count="hit 6", printed=16),
        claim(id="deux", count="hit 2", printed=11, disagrees=True, note="bezet"),
    )
    assert cell(counts, "six").text == "16" and not cell(counts, "six").wrong
    wrong = cell(counts, "deux")
    assert (wrong.text, wrong.computed, wrong.wrong) == ("11", "12", True)
    assert cell(counts, "= count against 6").text == "20"
    with pytest.raises(ClaimError, match="names no counting claim"):
        cell(counts, "missing")


# --- a drawn situation ---------------------------------------------------------------------

SEVEN = {
    "w": {"1": 6, "6": 1, "7": 2, "9": 2, "10": 2, "12": 2},
    "b": {"1": 13, "12": 2},
    "blot": "w 6",
}


def test_the_seven_from_the_coin_two_to_fear_four_to_hope() -> None:
    found = Situation.read(SEVEN)
    assert found.attacks() == [(12, 7, frozenset({1, 3, 4, 6}))]
    assert found.hitting(t.Hit.VRAI) == ((2, 5), (5, 2))
    assert set(found.hitting(t.Hit.FAUX)) == {(1, 6), (6, 1), (3, 4), (4, 3)}
    results = check_counting(
        spec(
            claim(id="a", throws="blot vrai", listed=["5-2", "2-5"]),
            claim(id="b", colours="parity"),
            situation=SEVEN,
        )
    )
    assert all(r.holds for r in results)


def test_a_single_dame_does_not_close_a_passage() -> None:
    opened = {**SEVEN, "w": {"1": 7, "6": 1, "7": 1, "9": 2, "10": 2, "12": 2}}
    assert (1, 6) in Situation.read(opened).hitting(t.Hit.VRAI)


def test_a_situation_must_be_a_position() -> None:
    with pytest.raises(SituationError, match="fifteen"):
        Situation.read({**SEVEN, "w": {"1": 5, "6": 1}})
    with pytest.raises(SituationError, match="lone dame"):
        Situation.read({**SEVEN, "blot": "w 7"})
    with pytest.raises(SituationError, match="both sides"):
        Situation.read({**SEVEN, "b": {"1": 13, "19": 2}})  # Black's 19 is White's 6
