"""Grand Trictrac (1698): each rule from its text (fr lines cited), the edition's readings,
and properties the evaluator keeps whatever the position."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.dice import all_throws, is_doublet
from engine.core.errors import TabulaError
from engine.core.notation import format_board
from engine.core.position import Colour, Position
from engine.games import read_position, write_position
from engine.games.trictrac import TRICTRAC as GAME
from engine.games.trictrac import TrictracRules
from engine.games.trictrac.board import GEOMETRY
from engine.games.trictrac.evaluation import Event
from engine.games.trictrac.game import Evaluation, _marked, marking
from engine.games.trictrac.marking import Marks, gain_points, toc_holes, toc_throw_holes
from engine.games.trictrac.tariff import rate

B, W = Colour.BLACK, Colour.WHITE


def board(
    black: dict[int, int], white: dict[int, int], turn: str = "b", extra: str = ""
) -> Position:
    """A position from Black's own points (``black``) and White's, also in Black's numbering."""
    points = [0] * 24
    for own, n in black.items():
        points[GEOMETRY.absolute(B, own) - 1] -= n
    for own, n in white.items():
        points[GEOMETRY.absolute(B, own) - 1] += n
    text = f"trictrac {format_board(points)} {turn} - {extra}".strip()
    return read_position(text)


def plays(
    position: Position, roll: tuple[int, int], rules: TrictracRules | None = None
) -> set[str]:
    return {str(a.play) for a in GAME.analyse(position, roll, rules)}


def events(position: Position, roll: tuple[int, int], rules: TrictracRules | None = None):
    return [
        (e.kind, e.point, e.moyens, e.points, e.to)
        for e in GAME.evaluate(position, roll, rules).events
    ]


def start(turn: Colour = W) -> Position:
    return GAME.start().replace(turn=turn)


# -- movement ---------------------------------------------------------------------------------


def test_doublets_are_two_moves() -> None:
    assert all(len(a.play.moves) == 2 for a in GAME.analyse(start(), (3, 3)))  # fr 6009, 4634


def test_ambesas_abat_two_or_plays_one_tout_d_une() -> None:
    assert plays(start(), (1, 1)) == {"1/2 1/2", "1/2 2/3"}  # fr 4634


def test_six_et_cinq_must_be_abattu() -> None:
    assert plays(start(), (6, 5)) == {"1/6 1/7"}  # fr 4636: no single checker into the coin


def test_sonnez_from_the_talon_cannot_land_on_the_opponents_coin() -> None:
    assert plays(start(), (6, 6)) == {"1/7 1/7"}  # law 5492; de 3368


def test_the_coin_is_taken_by_two_at_once() -> None:
    position = board({1: 13, 7: 1, 8: 1}, {24: 15})
    assert "8/12 7/12" in plays(position, (5, 4))  # fr 4830, 4836 (par effet)
    assert not any("/12" in p for p in plays(position, (5, 1)))  # one alone never enters


def test_the_coin_is_left_by_both_at_once() -> None:
    position = board({1: 11, 12: 2, 5: 1, 6: 1}, {24: 15})
    for play in plays(position, (6, 5)):
        moved = play.count("12/")
        assert moved in (0, 2), play  # fr 4838, law 5488


def test_a_checker_never_stops_in_a_table_the_opponent_can_still_fill() -> None:
    position = board({1: 13, 10: 2}, {24: 15})  # White still has all fifteen on his talon
    assert not any(p.split()[-1].endswith(("/14", "/15", "/16")) for p in plays(position, (6, 5)))
    assert GAME.facts(position, B)["opponent_can_fill_grand_jan"] is True  # law 5500


def test_as_many_dice_as_possible_are_played() -> None:
    # fig. rompre: the only play of sonnez that uses both dice breaks the grand jan (fr 4922)
    position = read_position(
        "trictrac 2b,2b,2b,2b,2b,2b/1b,-,-,-,-,-/4w,-,-,-,2b,1w/2w,2w,2w,-,2w,2w b - points=0,6"
    )
    assert plays(position, (6, 6)) == {"9/15 15/21"}


def test_the_coin_par_puissance() -> None:
    # both coins empty; 6-5 would carry checkers on 7 and 8 into the opponent's coin (fr 4834)
    position = board({1: 13, 7: 1, 8: 1}, {24: 15})
    assert "7/12(6) 8/12(5)" in plays(position, (6, 5))
    held = board({1: 13, 7: 1, 8: 1}, {24: 13, 13: 2})
    assert "7/12(6) 8/12(5)" not in plays(held, (6, 5))  # fr 4840: not when he has his
    effect = board({1: 12, 6: 1, 7: 1, 8: 1}, {24: 15})
    assert not any("(6)" in p for p in plays(effect, (6, 5)))  # fr 4840: par effet possible


def test_bearing_off_only_when_all_are_home() -> None:
    position = board({12: 2, 19: 2, 20: 3, 21: 2, 22: 2, 23: 2, 24: 2}, {6: 2, 3: 5, 2: 4, 1: 4})
    assert not any("off" in p for p in plays(position, (6, 5)))  # fr 5027, law 5502


# -- the throw evaluator ------------------------------------------------------------------------


def test_jan_de_trois_coups_within_three_throws() -> None:
    position = start(B)
    for roll, play in (((2, 1), "1/2 1/3"), ((4, 3), "1/4 1/5")):
        mover = position.replace(turn=B, dice=roll)
        position = GAME.apply(mover, _play(position, roll, play))
    position = position.replace(turn=B)
    assert ("jan-de-trois-coups", 0, 1, 4, "mover") in events(position, (6, 5))  # fr 4694–4696
    late = Marks.of(position).store(position)
    late = read_position(write_position(late).replace("throws=0,2", "throws=0,3"))
    assert not any(e[0] == "jan-de-trois-coups" for e in events(late, (6, 5)))


def test_jan_de_deux_tables_and_its_contre_jan() -> None:
    two = board({1: 13, 7: 2}, {24: 15})
    assert ("jan-de-deux-tables", 0, 1, 4, "mover") in events(two, (6, 5))  # fr 4704–4706
    contre = board({1: 13, 7: 2}, {24: 13, 13: 2})
    assert ("contre-jan-de-deux-tables", 0, 1, 4, "opponent") in events(contre, (6, 5))
    doublet = board({1: 13, 6: 1, 7: 1}, {24: 15})
    assert ("jan-de-deux-tables", 0, 1, 6, "mover") in events(doublet, (6, 6))


def test_jan_de_meseas_and_its_contre_jan() -> None:
    coin = board({1: 13, 12: 2}, {24: 15})
    assert ("jan-de-meseas", 0, 1, 4, "mover") in events(coin, (4, 1))  # fr 4714
    assert ("jan-de-meseas", 0, 1, 6, "mover") in events(coin, (1, 1))
    assert not any(e[0] == "jan-de-meseas" for e in events(coin, (4, 2)))
    contre = board({1: 13, 12: 2}, {24: 13, 13: 2})
    assert ("contre-jan-de-meseas", 0, 1, 4, "opponent") in events(contre, (5, 1))  # fr 4718


def test_a_blot_reached_only_through_closed_passages_is_hit_a_faux() -> None:
    # White's blot on Black's 16 (grand-jan table), reachable only by 6+5 from 5; both
    # passages (10, 11) are White's cases: two points to White (fr 4768, 5213)
    position = board({1: 14, 5: 1}, {16: 1, 10: 2, 11: 2, 24: 10})
    assert events(position, (6, 5)) == [("battre-a-faux", 16, 1, 2, "opponent")]
    # one open passage is enough to hit à vrai (fr 4873)
    opened = board({1: 14, 5: 1}, {16: 1, 10: 2, 24: 12})
    assert events(opened, (6, 5)) == [("battre-a-vrai", 16, 1, 2, "mover")]


def test_a_blot_hit_a_faux_has_no_moyen_a_vrai() -> None:
    # the single dice start from the very points that are the passages of the joined
    # numbers: when these are closed, no die hits the blot either (the text need not say)
    position = board({1: 14, 5: 1}, {16: 1, 10: 2, 11: 2, 24: 10})
    assert [e[0] for e in events(position, (6, 5))] == ["battre-a-faux"]


def test_a_whole_case_missing_is_one_moyen() -> None:
    position = board({1: 3, 4: 2, 7: 2, 8: 2, 9: 2, 11: 2, 12: 2}, {24: 15})
    found = [e for e in events(position, (6, 6)) if e[0] == "remplir"]
    assert found == [("remplir", 0, 1, 6, "mover")]  # fr 4986–4988


def test_unplayable_dice_give_two_points_each() -> None:
    # fig. lever: the six cannot be played, the plein is kept (fr 5029)
    position = read_position(
        "trictrac 2b,-,-,-,-,-/2w,-,-,5w,4w,4w/2b,2b,2b,2b,3b,2b/-,-,-,-,-,- b -"
    )
    found = events(position, (6, 1))
    assert ("dame-impuissante", 0, 1, 2, "opponent") in found
    assert ("conserver", 0, 1, 4, "mover") in found


def test_the_first_to_bear_off_scores_and_keeps_the_dice() -> None:
    last = read_position(
        "trictrac -,-,-,-,-,-/-,15w,-,-,-,-/1b,-,-,-,-,-/-,-,-,-,-,- b - off=0,14 points=0,4"
    )
    found = events(last, (6, 5))
    assert ("sortir-le-premier", 0, 1, 4, "mover") in found  # fr 4748, 5039
    assert ("sortir-le-premier", 0, 1, 6, "mover") in events(last, (3, 3))
    after = GAME.analyse(last, (6, 5))[0].after
    assert after.points == GAME.start().points and after.turn is B  # fr 4748, law 5504
    assert Marks.of(after).points == (0, 8)  # his other points stay (fr 5039)


# -- marking -------------------------------------------------------------------------------------


def test_points_interrupted_make_a_simple_hole_and_keep_the_rest() -> None:
    # fr 4806: you 4, I 6 (interrupting), then you 12 in a row: one hole, your 4 stay
    marks = gain_points(Marks(), W, 4).marks
    marks = gain_points(marks, B, 6).marks
    after = gain_points(marks, W, 12)
    assert after.holes == 1 and after.marks.points == (4, 0)


def test_eighteen_points_on_eight_make_partie_une_deux_et_trois() -> None:
    # fr 4810: you 8 simple, I 8 en bredouille; you win 18: one simple, one double, 2 left
    marks = Marks(points=(8, 8), bredouille=(False, True))
    after = gain_points(marks, W, 18)
    assert after.holes == 3 and after.marks.points == (2, 0)


def test_twelve_uninterrupted_points_are_a_partie_double() -> None:
    assert gain_points(Marks(), B, 12).holes == 2  # fr 4802


def test_the_thrower_marks_first_and_may_leave_only_by_his_own_dice() -> None:
    spec = read_position(
        "trictrac 2b,1b,-,2b,1b,2b/2b,1b,2b,-,1b,1b/6w,1w,-,-,-,1w/2w,2w,1w,-,2w,- b -"
    )
    analyses = {str(a.play): a for a in GAME.analyse(spec, (6, 5))}
    kept = analyses["6/11 2/8"]
    assert kept.may_leave  # twelve points by his own dice: two holes (fr 4851)
    assert Marks.of(kept.after).holes == (0, 2) and Marks.of(kept.after).points == (4, 0)
    left = kept.left
    assert left is not None and left.turn is B  # he keeps the dice (law 5484)
    assert Marks.of(left).points == (0, 0)  # and White gains nothing from the throw (fr 4896)
    assert left.points == GAME.start().points


def test_a_hole_made_by_the_others_loss_does_not_allow_leaving() -> None:
    # White has 10 points; Black's 6-5 gives him 4 à faux: White's hole, Black may not leave
    extra = "points=10,2 bredouille=b"
    position = board({1: 14, 5: 1}, {16: 1, 10: 2, 11: 2, 24: 10}, extra=extra)
    analysis = GAME.analyse(position, (6, 5))[0]
    assert not analysis.may_leave  # fr 4910
    assert Marks.of(analysis.after).holes == (1, 0)  # interrupted: a simple hole
    assert Marks.of(analysis.after).points == (0, 0)  # and Black's two are wiped out


def test_twelve_holes_win_the_tour_and_the_grande_bredouille_doubles_only_if_agreed() -> None:
    over = read_position(
        "trictrac -,-,-,-,-,-/-,-,-,-,-,15b/15w,-,-,-,-,-/-,-,-,-,-,- w - holes=12,0"
    )
    outcome = GAME.outcome(over)
    assert outcome and outcome.kind == "grande-bredouille" and outcome.points == 1
    agreed = GAME.outcome(over, TrictracRules(grande_bredouille=True))
    assert agreed and agreed.points == 2  # fr 5043
    both = read_position(
        "trictrac -,-,-,-,-,-/-,-,-,-,-,15b/15w,-,-,-,-,-/-,-,-,-,-,- w - holes=12,3"
    )
    assert GAME.outcome(both).kind == "tour"


def test_ecole_of_points_marked_too_many() -> None:
    # fig. rompre: six marked for a plein that had to be broken go to the other (fr 4922)
    position = read_position(
        "trictrac 2b,2b,2b,2b,2b,2b/1b,-,-,-,-,-/4w,-,-,-,2b,1w/2w,2w,2w,-,2w,2w b - points=0,6"
    )
    evaluation = GAME.evaluate(position, (6, 6))
    done = marking(position, (6, 6), evaluation.leaves[0], TrictracRules(), marked=6)
    assert [(e.to, e.points) for e in done.ecoles] == [("opponent", 6)]
    assert done.marks.holes == (2, 0) and done.marks.points == (0, 0)


def test_ecole_of_points_not_marked_by_the_other() -> None:
    position = board({1: 14, 5: 1}, {16: 1, 10: 2, 11: 2, 24: 10})
    leaf = GAME.evaluate(position, (6, 5)).leaves[0]
    done = marking(position, (6, 5), leaf, TrictracRules(), opponent_marked=0)
    assert [(e.to, e.points) for e in done.ecoles] == [("mover", 2)]  # fr 4788, law 5460
    assert done.marks.points == (0, 2)


# -- variants -------------------------------------------------------------------------------------


def test_toccategli_values_and_game() -> None:
    rules = TrictracRules(game="toccategli")
    position = board({1: 14, 5: 1}, {16: 1, 10: 2, 24: 12})
    assert events(position, (6, 5), rules) == [("battre-a-vrai", 16, 1, 1, "mover")]  # 001 589
    closed = board({1: 14, 5: 1}, {16: 1, 10: 2, 11: 2, 24: 10})
    assert events(closed, (6, 5), rules) == []  # 001 831: no blind hits
    won = read_position(
        "trictrac -,-,-,-,-,-/-,-,-,-,-,15b/15w,-,-,-,-,-/-,-,-,-,-,- w - points=12,0"
    )
    assert GAME.outcome(won, rules).kind == "quadruple"  # 001 605


def test_toc_marks_holes() -> None:
    position = board({1: 14, 5: 1}, {16: 1, 10: 2, 24: 12})
    analysis = GAME.analyse(position, (6, 5), TrictracRules(game="toc", tour="1"))[0]
    assert Marks.of(analysis.after).holes == (0, 1)  # fr 6015–6021
    assert analysis.outcome and analysis.outcome.winner is B


def test_a_throw_that_completes_the_tour_gives_the_other_nothing() -> None:
    # the thrower marks first (fr 4796); his twelfth hole ends the game, so the points the
    # same throw gives the other are not marked (as when he leaves, fr 4896) — at the Toc too
    gains = (
        Event("remplir", "mover", 4, jan="petit-jan"),
        Event("battre-a-faux", "opponent", 4, point=19),
    )
    evaluation = Evaluation(W, (6, 5), gains, ())
    marks = Marks(points=(10, 0), holes=(11, 0))
    done, holes = _marked(marks, evaluation, gains, TrictracRules())
    assert (done.holes, done.points, holes) == ((12, 0), (2, 0), 1)  # Black marks nothing
    going_on = Marks(points=(10, 0), holes=(3, 0))
    done, _ = _marked(going_on, evaluation, gains, TrictracRules())
    assert (done.holes, done.points[1]) == ((4, 0), 4)
    toc = TrictracRules(game="toc", tour="1")
    done, _ = _marked(Marks(), evaluation, gains, toc)
    assert done.holes == (1, 0)  # fr 6021: "j'ai gagné la partie"
    done, _ = _marked(Marks(), evaluation, gains, TrictracRules(game="toc", tour="2"))
    assert done.holes == (1, 1)


def test_toc_a_throw_of_several_jans() -> None:
    # fr 6017 "un trou ou deux, selon le coup que l'on fait": the edition's reading marks the
    # throw once; the other reading (toc_count = event) marks every jan
    jans = [("remplir", 1), ("battre-a-vrai", 2)]
    simple = TrictracRules(game="toc")
    double = TrictracRules(game="toc", toc_double=True)
    assert toc_throw_holes(jans, False, simple) == 1
    assert toc_throw_holes(jans, False, double) == 2
    assert toc_throw_holes(jans, False, TrictracRules(game="toc", toc_count="event")) == 2
    events = TrictracRules(game="toc", toc_double=True, toc_count="event")
    assert toc_throw_holes(jans, False, events) == 3
    assert toc_throw_holes([], True, double) == 0


def test_toc_only_fillings_and_hits_go_double_by_two_moyens() -> None:
    # fr 6023 names filling and hitting by two moyens; a jan qui ne peut of two unplayed
    # dice is no double made by a simple throw
    double = TrictracRules(game="toc", toc_double=True)
    assert toc_holes("remplir", 2, False, double) == 2
    assert toc_holes("battre-a-vrai", 2, False, double) == 2
    assert toc_holes("jan-qui-ne-peut", 2, False, double) == 1
    assert toc_holes("jan-qui-ne-peut", 1, True, double) == 2


def test_toc_has_no_ecole_and_leaves_only_on_own_holes() -> None:
    # the figure of the jans à perte: White's four et trois is a jan qui ne peut
    position = read_position(
        "trictrac -,-,2b,2b,-,-/1b,-,-,2b,2b,6b/9w,-,-,2w,-,-/-,-,-,-,2w,2w w - throws=3,3"
    )
    rules = TrictracRules(game="toc", tour="3")
    leaf = GAME.evaluate(position, (4, 3), rules).leaves[0]
    with pytest.raises(TabulaError, match="no école"):
        marking(position, (4, 3), leaf, rules, marked=0)
    with pytest.raises(TabulaError, match="own dice"):  # fr 6027: the hole is Black's
        marking(position, (4, 3), leaf, rules, leave=True)
    assert marking(position, (4, 3), leaf, rules).marks.holes == (0, 1)


def test_toc_double_wins_twice_the_stake_only_at_the_first_hole() -> None:
    won = "trictrac -,-,-,-,-,-/-,-,-,-,-,15b/15w,-,-,-,-,-/-,-,-,-,-,- w - holes=2,0"
    position = read_position(won)
    first = GAME.outcome(position, TrictracRules(game="toc", tour="1", toc_double=True))
    assert first and (first.kind, first.points) == ("double", 2)  # fr 6023
    with pytest.raises(TabulaError, match="one throw reaches 1"):  # without the double, one
        GAME.outcome(position, TrictracRules(game="toc", tour="1"))  # hole a throw (fr 6017)
    several = GAME.outcome(position, TrictracRules(game="toc", tour="2", toc_double=True))
    assert several and (several.kind, several.points) == ("tour", 1)
    assert GAME.outcome(position, TrictracRules(game="toc", tour="3")) is None


# -- properties -----------------------------------------------------------------------------------


def _random_position(seed: int, throws: int) -> Position:
    rng = random.Random(seed)
    position = start()
    for _ in range(throws):
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        analyses = GAME.analyse(position, roll)
        nxt = rng.choice(analyses).after
        if GAME.outcome(nxt):
            break
        position = nxt
    return position


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 80), st.integers(1, 6), st.integers(1, 6))
def test_the_evaluation_does_not_depend_on_the_order_of_the_dice(
    seed: int, throws: int, a: int, b: int
) -> None:
    position = _random_position(seed, throws)
    one, two = GAME.evaluate(position, (a, b)), GAME.evaluate(position, (b, a))
    assert sorted(map(str, one.events)) == sorted(map(str, two.events))
    assert plays(position, (a, b)) == plays(position, (b, a))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 80), st.integers(1, 6), st.integers(1, 6))
def test_no_blot_is_hit_both_a_vrai_and_a_faux(seed: int, throws: int, a: int, b: int) -> None:
    position = _random_position(seed, throws)
    found = GAME.evaluate(position, (a, b), TrictracRules(mixed_hit="both")).events
    faux = {e.point for e in found if e.kind == "battre-a-faux"}
    vrai = {e.point for e in found if e.kind == "battre-a-vrai"}
    assert not faux & vrai


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 80), st.integers(1, 6), st.integers(1, 6))
def test_a_faux_points_are_the_tariffs(seed: int, throws: int, a: int, b: int) -> None:
    position = _random_position(seed, throws)
    for event in GAME.evaluate(position, (a, b)).events:
        if event.kind == "battre-a-faux":
            table = "grand" if 7 <= event.point <= 18 else "petit"
            row = rate("trictrac", "battre-a-faux", table)
            assert event.to == "opponent"
            assert event.points == (row.doublet if a == b else row.simple)  # fr 5213–5221


def test_jan_de_trois_coups_is_never_made_by_a_doublet() -> None:
    # fr 4696 "ne pouvant être fait par doublet": every opening of two throws, then a doublet
    rng = random.Random(7)
    for _ in range(300):
        position = start(B)
        for _ in range(2):
            roll = (rng.randint(1, 6), rng.randint(1, 6))
            position = rng.choice(GAME.analyse(position.replace(turn=B), roll)).after
        position = position.replace(turn=B)
        for roll in ((d, d) for d in range(1, 7)):
            assert not any(
                e.kind == "jan-de-trois-coups" for e in GAME.evaluate(position, roll).events
            )


def test_every_throw_of_the_start_is_playable() -> None:
    for roll in all_throws():
        assert all(a.play.moves for a in GAME.analyse(start(), roll)), roll
        assert is_doublet(roll) or len(GAME.analyse(start(), roll)[0].play.moves) == 2


def _play(position: Position, roll: tuple[int, int], text: str):
    for analysis in GAME.analyse(position.replace(turn=B), roll):
        if str(analysis.play) == text:
            return analysis.play
    raise AssertionError(f"{text} not legal: {plays(position.replace(turn=B), roll)}")


# -- house options ---------------------------------------------------------------------------


def test_coup_et_des() -> None:
    from engine.games.trictrac.house import opening

    assert opening((2, 1), 0, TrictracRules()).starter is W  # fr 4614; 002 23
    assert opening((2, 1), 1, TrictracRules()).starter is B
    assert opening((4, 4), 0, TrictracRules()).verdict == "each-plays"  # note 80
    assert opening((4, 4), 0, TrictracRules(opening_doublet="void")).verdict == "void"  # 002 22


def test_dice_in_two_tables() -> None:
    from engine.games.trictrac.house import counts

    assert counts("across-tables", TrictracRules())  # fr 4656
    assert not counts("across-tables", TrictracRules(dice_across_tables="bad"))  # sv 2371
    assert counts("on-checkers", TrictracRules()) and not counts("leaning", TrictracRules())


def test_toccategli_crosses_only_as_a_band() -> None:
    # White can still make both his tables, yet in the Toccategli Black may cross, as a band
    position = board({1: 13, 10: 1, 11: 1}, {24: 15})
    rules = TrictracRules(game="toccategli")
    found = plays(position, (5, 4), rules)
    assert "11/15 10/15" in found  # 001 703, 923; de note 64
    for play in GAME.analyse(position, (5, 4), rules):  # never one alone over there
        ends = [m.end for m in play.play.moves]
        assert ends.count(15) in (0, 2), play.play
    assert "11/15 10/15" not in plays(position, (5, 4))  # not at Trictrac (law 5500)


# the position: Black (to move) has single checkers in the other's tables already;
# the six it had borne off while one stood on his 7 (which the rules do not allow, fr 5035)
# stand on his 23, as in the figure toccategli-hinuebergehen: the plays are the same
INSIDE = read_position(
    "trictrac -,-,-,-,-,1b/1w,3w,1w,4w,3w,3w/-,10b,-,2b,1b,1b/-,-,-,-,-,- b - throws=3,3"
)


def test_toccategli_moves_inside_the_other_tables_are_free_by_default() -> None:
    # 001 923, de note 64: "hinüber gehen" — the band is for going over; 001 741: single
    # checkers in the Rückjan
    rules = TrictracRules(game="toccategli")
    assert rules.toccategli_bands == "going-over"
    assert plays(INSIDE, (5, 2), rules) == {"20/22 19/24", "21/23 19/24", "7/9 19/24"}
    assert GAME.evaluate(INSIDE, (5, 2), rules).events == ()  # no impuissance


def test_toccategli_every_landing_read_strictly_refuses_19_24() -> None:
    rules = TrictracRules(game="toccategli", toccategli_bands="every-landing")
    assert plays(INSIDE, (5, 2), rules) == {"19/21", "21/23", "7/9"}
    kinds = [e.kind for e in GAME.evaluate(INSIDE, (5, 2), rules).events]
    assert kinds == ["dame-impuissante"]  # White marks a point for the five Black cannot play


@pytest.mark.parametrize(
    "rules",
    [
        TrictracRules(game="toccategli", toccategli_bands="going-over"),
        TrictracRules(game="toccategli", toccategli_bands="every-landing"),
    ],
)
def test_toccategli_going_over_alone_is_refused_under_both_readings(rules: TrictracRules) -> None:
    assert "7/9 9/14" not in plays(INSIDE, (5, 2), rules)  # a single checker going over
    assert "7/9 9/14" in plays(INSIDE, (5, 2))  # at Trictrac White can fill no more


def test_toccategli_first_out_wins_the_satz() -> None:
    last = read_position(
        "trictrac -,-,-,-,-,-/-,15w,-,-,-,-/1b,-,-,-,-,-/-,-,-,-,-,- b - off=0,14 points=0,4"
    )
    rules = TrictracRules(game="toccategli")
    analysis = GAME.analyse(last, (6, 5), rules)[0]
    assert analysis.outcome and analysis.outcome.winner is B  # 001 779, 959
    assert Marks.of(analysis.after).points == (0, 6)


def test_bearing_off_free_or_exact() -> None:
    # 002 121: with a 3, a checker three from the edge may be lifted or the 3 played inside
    home = read_position(
        "trictrac -,-,-,-,-,-/3w,2w,3w,2w,3w,2w/3b,3b,3b,2b,2b,2b/-,-,-,-,-,- w - throws=3,3"
    )
    free = plays(home, (6, 3))
    assert "19/off 21/24" in free and "19/off 22/off" in free
    exact = plays(home, (6, 3), TrictracRules(bear_off="exact"))  # fr 5035, strictly read
    assert exact == {"19/off 22/off"}


def test_hits_name_the_points_they_are_counted_from() -> None:
    position = board({1: 14, 5: 1}, {16: 1, 10: 2, 24: 12})
    (event,) = GAME.evaluate(position, (6, 5)).events
    assert (event.point, event.sources, event.numbers) == (16, (5,), (11,))


def test_the_drawn_hits_are_the_evaluated_moyens() -> None:
    """One arrow per moyen of each hit à vrai or à faux, from a point holding a checker of
    the mover's; joined numbers bend through a resting point (fr 4976–4980, figure 4)."""
    from engine.core.dice import parse_roll
    from engine.core.game import make_rules
    from engine.games.trictrac.board import TrictracBoard
    from engine.specs import load_spec

    spec = load_spec("trictrac/plusieurs-moyens")
    position = read_position(spec.position)
    roll, rules = parse_roll("5-3"), make_rules(GAME, spec.rules)
    evaluation = GAME.evaluate(position, roll, rules)
    hits = [e for e in evaluation.events if e.kind in ("battre-a-vrai", "battre-a-faux")]
    arrows = GAME.hit_arrows(position, roll, rules)
    assert len(arrows) == sum(e.moyens for e in hits) == 7
    board = TrictracBoard.of(position, evaluation.mover)
    for arrow in arrows:
        assert board.me[arrow.start] > 0
        assert (arrow.via is not None) == (arrow.end - arrow.start == sum(roll))
    assert sorted(a.end for a in arrows) == sorted(e.point for e in hits for _ in range(e.moyens))


@pytest.mark.parametrize(
    ("marks", "says"),
    [("holes=99,0", "99 holes"), ("holes=13,0", "13 holes"), ("points=99,0", "99 points")],
)
def test_a_scoreboard_no_variant_can_show_is_refused(marks: str, says: str) -> None:
    """issue 13: holes=99,99 and points=99,99 were read, and even declared won."""
    start = write_position(GAME.start())
    with pytest.raises(TabulaError, match=says):
        read_position(f"{start} {marks}")


@pytest.mark.parametrize(
    ("marks", "rules", "says"),
    [
        ("points=12,0", TrictracRules(), "twelve make a hole"),
        ("holes=12,12", TrictracRules(), "both players"),
        ("holes=2,3", TrictracRules(game="toc", tour="2"), "both players"),
    ],
)
def test_a_scoreboard_the_game_played_cannot_show_is_refused(
    marks: str, rules: TrictracRules, says: str
) -> None:
    position = read_position(f"{write_position(GAME.start())} {marks}")
    with pytest.raises(TabulaError, match=says):
        GAME.outcome(position, rules)
    assert (
        GAME.outcome(read_position(f"{write_position(GAME.start())} points=10,4 holes=11,3"))
        is None
    )


# -- what a scoreboard can show under each variant (issue 13) -------------------------------


@pytest.mark.parametrize(
    ("variant", "seeds"),
    [
        (TrictracRules(), range(6)),
        (TrictracRules(game="toccategli"), range(4)),
        (TrictracRules(game="toc", tour="2", toc_double=True), range(4)),
        (TrictracRules(game="toc", toc_count="event", toc_double=True), range(3)),
    ],
)
def test_every_position_of_a_game_played_to_its_end_reads_back(
    variant: TrictracRules, seeds: range
) -> None:
    """The engine's own positions are positions: a winning throw that makes two holes from
    the eleventh (fr 4810) was written holes=13 and then refused, and the Toccategli's odd
    points (001 589: one point for a blot hit) were refused as not marked two by two."""
    for seed in seeds:
        rng = random.Random(seed)
        position = start()
        for _ in range(3000):
            read = read_position(write_position(position))
            GAME.check_under(read, variant)
            if GAME.outcome(position, variant):
                break
            roll = (rng.randint(1, 6), rng.randint(1, 6))
            position = rng.choice(GAME.analyse(position, roll, variant)).after
        assert GAME.outcome(position, variant), "the game should have ended"


def test_the_fichet_stops_in_the_last_hole_of_the_rail() -> None:
    # eleven holes and ten points en bredouille; twelve more points: a double hole from the
    # eleventh, and the game is won in the twelfth hole (fr 4596, 4750)
    marks = Marks(points=(10, 0), holes=(11, 0), bredouille=(True, False))
    after = gain_points(marks, W, 12)
    assert after.holes == 2 and after.marks.holes == (12, 0)


@pytest.mark.parametrize(
    ("marks", "rules", "says"),
    [
        ("points=4,0", TrictracRules(game="toc"), "not points"),
        ("holes=3,0", TrictracRules(game="toccategli"), "without holes"),
        ("holes=4,0", TrictracRules(game="toc", tour="2", toc_double=True), "reaches 3"),
        ("points=3,0", TrictracRules(), "two by two"),
    ],
)
def test_a_scoreboard_is_checked_under_the_variant_played(
    marks: str, rules: TrictracRules, says: str
) -> None:
    position = read_position(f"{write_position(GAME.start())} {marks}")
    with pytest.raises(TabulaError, match=says):
        GAME.check_under(position, rules)


def test_a_toccategli_scoreboard_may_show_odd_points() -> None:
    position = read_position(f"{write_position(GAME.start())} points=3,5 bredouille=b")
    GAME.check_under(position, TrictracRules(game="toccategli"))


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("-,-,-,-,-,-/-,-,-,-,-,15b/10w,-,-,-,-,-/-,-,-,-,-,- w - off=5,0", "borne off"),
        ("-,-,-,-,-,-/-,-,-,-,-,15b/15w,-,-,-,-,-/-,-,-,-,-,- w - points=04,0", "not a valid"),
        ("-,-,-,-,-,-/-,-,-,-,-,15b/15w,-,-,-,-,-/-,-,-,-,-,- w - points=4,0 bredouille=w", "both"),
        ("-,-,-,-,-,-/-,-,-,-,-,15b/15w,-,-,-,-,-/-,-,-,-,-,- w - holes=0,3 etendard=b", "both"),
    ],
)
def test_a_position_no_game_can_reach_is_refused(text: str, says: str) -> None:
    """issue 13: checkers borne off while others are still on the way (nothing is ever sent
    back at the Trictrac), a count written with a leading zero (a second form of the same
    scoreboard), a run flag where only one side has marked."""
    with pytest.raises(TabulaError, match=says):
        read_position(f"trictrac {text}")


def test_nobody_shows_fifteen_borne_off_at_the_trictrac() -> None:
    home = read_position("trictrac -,-,-,-,-,-/-,-,-,-,-,15b/-,-,-,-,-,-/-,-,-,-,-,- w - off=15,0")
    with pytest.raises(TabulaError, match="sets up his pile again"):
        GAME.check_under(home, TrictracRules())
    GAME.check_under(home, TrictracRules(game="toccategli"))  # there it wins the Satz
