"""The Revertier from its text's examples (fr lines cited) and edge cases."""

from __future__ import annotations

from engine.core.position import Colour, Position
from engine.games.verkehren import REVERTIER, RevertierRules
from tests.engine.games.layouts import read

DOUBLE = RevertierRules(double_game=True)
NONE_ENTER = RevertierRules(hors_du_jeu="none-enter")
START = REVERTIER.start().replace(turn=Colour.WHITE)


def position(points: dict[int, str], turn: str = "w", **fields: str) -> Position:
    return read("revertier", points, turn, **fields)


def plays(pos: Position, roll: tuple[int, int], rules: RevertierRules | None = None) -> set[str]:
    return {str(a.play) for a in REVERTIER.analyse(pos, roll, rules)}


def test_the_first_ternes_three_threes_with_one_checker_and_one_more() -> None:
    # fr 5604: "trois trois, avec une seule dame ... la neuvième case ... la troisième"
    assert plays(START, (3, 3)) == {"1/4 4/7 1/4 7/10"}


def test_a_first_sonnez_plays_only_one_six() -> None:
    # fr 5606: no case on one's own tables, and the opponent's tas closes the way
    assert plays(START, (6, 6)) == {"1/7"}


def test_the_tete_takes_as_many_as_one_likes() -> None:
    pos = position({1: "3w", 12: "11w", 7: "1w", 13: "15b"})  # fr 5612: "jusqu'à dix et onze"
    assert any(m.end == 12 for a in REVERTIER.analyse(pos, (6, 5)) for m in a.play.moves)


PASSING = {1: "9w", 12: "3w", 14: "2w", 21: "1w"} | {
    17: "1b",
    19: "1b",
    23: "1b",
    13: "6b",
    7: "3b",
    8: "3b",
}


def test_one_checker_hits_on_the_way_and_covers_or_hits_again() -> None:
    # fr 5626: "vous jouez d'abord le cinq, et vous battez une dame ... vous couvrez une de
    # vos dames, ou bien vous battez une autre dame"
    found = plays(position(PASSING), (5, 4))
    assert "12/17* 17/21" in found
    assert "14/19* 19/23*" in found


def test_aces_do_not_enter_while_the_tas_stands() -> None:
    pos = position({1: "6w", 12: "6w", 14: "2w", 4: "1b", 13: "8b", 7: "3b", 8: "3b"}, bar="1,0")
    assert plays(pos, (1, 1)) == {"(no move)"}  # fr 5636
    assert all(p.startswith("bar/4*") for p in plays(pos, (4, 1)))  # fr 5634: on him, hitting


HORS = {1: "3w", 12: "8w", 15: "2w"} | {2: "2b", 3: "2b", 5: "2b", 6: "2b", 13: "5b", 7: "2b"}


def test_hors_du_jeu_may_always_enter_one() -> None:
    pos = position(HORS, bar="2,0")
    assert REVERTIER.facts(pos, Colour.WHITE)["junker"] is True
    assert plays(pos, (4, 3)) == {"bar/4"}  # fr 5642: "toujours une des dames"
    assert plays(pos, (4, 4)) == {"bar/4"}
    assert plays(pos, (4, 3), NONE_ENTER) == {"(no move)"}  # fr 5640 read alone


def test_a_checker_hit_when_all_ones_entries_are_ones_own_loses_the_game() -> None:
    # fr 5642: "vous auriez perdu la partie, et cela, quoiqu'il restât encore plusieurs
    # dames à la main de votre homme"
    white = {1: "2w", 2: "1w", 3: "1w", 4: "1w", 5: "1w", 6: "1w", 12: "1w"}
    pos = position(
        white | {14: "2w", 15: "2w", 16: "2w", 18: "1w", 13: "3b", 7: "3b", 8: "3b", 9: "3b"},
        turn="b",
        bar="0,3",
    )
    (analysis,) = REVERTIER.analyse(pos, (6, 2))
    assert str(analysis.play) == "bar/6*"
    assert analysis.outcome is not None
    assert (analysis.outcome.winner, analysis.outcome.kind) == (Colour.BLACK, "simple")


DOUBLED = {1: "3w", 2: "1w", 3: "1w", 4: "1w", 5: "1w", 12: "2w", 14: "2w", 16: "2w"} | {
    20: "1w",
    21: "1w",
    15: "1b",
    13: "5b",
    7: "3b",
    8: "3b",
    9: "3b",
}


def test_two_hit_with_one_entry_left_is_the_double() -> None:
    # fr 5666: "vous seriez infailliblement doublé ... n'ayant qu'un seul passage"
    pos = position(DOUBLED, turn="b")
    by_play = {str(a.play): a.outcome for a in REVERTIER.analyse(pos, (5, 1), DOUBLE)}
    assert by_play["3/8* 8/9*"] is not None and by_play["3/8* 8/9*"].kind == "double"
    simple = {str(a.play): a.outcome for a in REVERTIER.analyse(pos, (5, 1))}
    assert simple["3/8* 8/9*"] is not None and simple["3/8* 8/9*"].kind == "simple"  # fr 5660


def bearing(white: dict[int, int]) -> Position:
    off = 15 - sum(white.values())
    black = {7: "3b", 8: "3b", 9: "3b", 10: "3b", 11: "3b"}
    return position({**{p: f"{n}w" for p, n in white.items()}, **black}, off=f"{off},0")


def test_bearing_off_as_at_the_jan_de_retour() -> None:
    # fr 5674 → fr 5035–5037: exact; otherwise play what stands behind; with nothing behind
    # take the farthest
    pos = bearing({19: 2, 21: 2, 23: 1})
    assert plays(pos, (5, 5)) == {"19/24 19/24 21/off(5) 21/off(5)"}
    assert plays(bearing({21: 2, 23: 1}), (6, 6)) == {"21/off(6) 21/off(6) 23/off(6)"}
    assert all(len(a.play.moves) == 4 for a in REVERTIER.analyse(pos, (2, 2)))  # fr 5684


def test_the_higher_die_begins() -> None:
    assert REVERTIER.who_begins(5, 2) is Colour.WHITE  # fr 5572
    assert REVERTIER.who_begins(3, 3) is None


def test_when_only_one_die_can_be_played_either_may_be() -> None:
    # fr 5606, 5650: play every number one can; which die, the text does not say
    pos = position({24: "14w", 1: "2b", 2: "2b", 3: "2b", 6: "2b", 9: "2b", 13: "5b"}, bar="1,0")
    assert RevertierRules().one_die == "either"
    assert plays(pos, (5, 4)) == {"bar/5", "bar/4"}
    assert plays(pos, (5, 4), RevertierRules(one_die="higher")) == {"bar/5"}
