"""The 1698 usages no longer in use (fr 5526–5540) and the remedies for an unmade petit jan
(fr 4932–4938, law 5486): each switch off and on, with the values the text gives."""

from __future__ import annotations

import pytest

from engine.core.errors import TabulaError
from engine.core.moves import Play
from engine.core.notation import format_board
from engine.core.position import Colour, Position
from engine.games import read_position, write_position
from engine.games.trictrac import TRICTRAC as GAME
from engine.games.trictrac import TrictracRules
from engine.games.trictrac.board import GEOMETRY
from engine.games.trictrac.game import Marking, marking
from engine.games.trictrac.marking import Marks
from engine.games.trictrac.movement import Leaf

B, W = Colour.BLACK, Colour.WHITE
RENCONTRE = TrictracRules(jan_de_rencontre=True)
MARGOT = TrictracRules(margot_la_fendue=True)
PILE = TrictracRules(pile_de_malheur=True)


def board(black: dict[int, int], white: dict[int, int], turn: str = "b") -> Position:
    """A position from Black's own points (``black``) and White's, also in Black's numbering."""
    points = [0] * 24
    for own, n in black.items():
        points[GEOMETRY.absolute(B, own) - 1] -= n
    for own, n in white.items():
        points[GEOMETRY.absolute(B, own) - 1] += n
    return read_position(f"trictrac {format_board(points)} {turn} -")


def found(
    position: Position, roll: tuple[int, int], rules: TrictracRules, kind: str
) -> list[tuple[int, int, str]]:
    """(point, points, to) of each event of ``kind`` the throw scores."""
    events = GAME.evaluate(position, roll, rules).events
    return [(e.point, e.points, e.to) for e in events if e.kind == kind]


def played(position: Position, roll: tuple[int, int], rules: TrictracRules) -> Position:
    """The position after the first legal play of ``roll`` (which one does not matter here)."""
    after: Position = GAME.analyse(position, roll, rules)[0].after
    return after


# -- jan de rencontre (fr 5528, note 98) -----------------------------------------------------


def test_jan_de_rencontre_four_by_simple_six_by_doublet_to_the_second() -> None:
    first = GAME.start().replace(turn=B)
    for roll, points in (((5, 5), 6), ((6, 5), 4), ((5, 6), 4)):
        second = played(first, roll, RENCONTRE)
        assert second.turn is W and Marks.of(second).first == "-".join(
            map(str, sorted(roll, reverse=True))
        )
        assert found(second, roll, RENCONTRE, "jan-de-rencontre") == [(0, points, "mover")]
        assert found(second, roll, TrictracRules(), "jan-de-rencontre") == []  # off by default


def test_jan_de_rencontre_only_the_same_throw_and_only_the_second() -> None:
    first = GAME.start().replace(turn=B)
    second = played(first, (5, 5), RENCONTRE)
    assert found(second, (6, 6), RENCONTRE, "jan-de-rencontre") == []
    third = played(second, (6, 4), RENCONTRE)
    assert Marks.of(third).first == "-"  # dropped once the second throw is made
    assert found(third.replace(turn=B), (5, 5), RENCONTRE, "jan-de-rencontre") == []
    # the position reads back with the first throw kept
    assert read_position(write_position(second)) == second


def test_the_first_throw_is_kept_only_when_the_usage_is_played() -> None:
    second = played(GAME.start().replace(turn=B), (5, 5), TrictracRules())
    assert "first=" not in write_position(second)


@pytest.mark.parametrize("roll", [(3, 6), (6, 3), (4, 4)])
def test_the_kept_first_throw_reads_back_and_only_in_its_one_form(roll: tuple[int, int]) -> None:
    """The engine writes the first throw higher die first and reads back what it wrote (the
    fuzzer found positions it wrote and refused); the lower-first form, which the jan de
    rencontre would never match, is refused, naming the field."""
    second = played(GAME.start().replace(turn=B), roll, RENCONTRE)
    written = write_position(second)
    high, low = max(roll), min(roll)
    assert f"first={high}-{low}" in written
    assert write_position(read_position(written)) == written
    if high != low:
        with pytest.raises(TabulaError, match="first"):
            read_position(written.replace(f"first={high}-{low}", f"first={low}-{high}"))


# -- Margot la fendue (fr 5534, notes 133, 134) -----------------------------------------------

# White's blots on Black's 19 and 21 (his fifth and third cases), his fourth case empty
MARGOT_BOARD = board({1: 8, 3: 2, 5: 2, 9: 1, 12: 2}, {24: 9, 23: 2, 21: 1, 19: 1, 18: 2})


def test_margot_la_fendue_loses_two_by_simple_four_by_doublet() -> None:
    assert found(MARGOT_BOARD, (6, 5), MARGOT, "margot-la-fendue") == [(20, 2, "opponent")]
    assert found(MARGOT_BOARD, (4, 4), MARGOT, "margot-la-fendue") == [(20, 4, "opponent")]
    assert found(MARGOT_BOARD, (6, 5), TrictracRules(), "margot-la-fendue") == []
    assert GAME.evaluate(MARGOT_BOARD, (6, 5)).gains("opponent") == 0


def test_margot_is_on_the_empty_point_never_on_a_blot() -> None:
    # 6-4 joined carries the checker of 9 onto the blot of 19: a hit, no Margot
    assert found(MARGOT_BOARD, (6, 4), MARGOT, "margot-la-fendue") == []
    assert found(MARGOT_BOARD, (6, 4), MARGOT, "battre-a-vrai") == [(19, 4, "mover")]
    # a point already taken is no "flèche vide"
    taken = board({1: 8, 3: 2, 5: 2, 9: 1, 12: 2}, {24: 8, 23: 2, 21: 1, 20: 1, 19: 1, 18: 2})
    assert found(taken, (6, 5), MARGOT, "margot-la-fendue") == []


def test_margot_needs_an_open_resting_point() -> None:
    closed = board({1: 8, 3: 2, 5: 2, 9: 1, 12: 2}, {24: 5, 15: 2, 14: 2, 21: 1, 19: 1, 18: 4})
    assert found(closed, (6, 5), MARGOT, "margot-la-fendue") == []


# -- pile de malheur (fr 5536–5540, note 139) --------------------------------------------------

# Black's checkers all on or before his coin; White holds Black's 13–18, so none can pass
WALL = {13: 2, 14: 2, 15: 2, 16: 2, 17: 2, 18: 2, 24: 3}


def test_pile_de_malheur_made_four_by_simple_six_by_doublet() -> None:
    simple = board({12: 13, 10: 1, 8: 1}, WALL)
    assert found(simple, (4, 2), PILE, "pile-de-malheur") == [(12, 4, "mover")]
    doublet = board({12: 13, 10: 2}, WALL)
    assert found(doublet, (2, 2), PILE, "pile-de-malheur") == [(12, 6, "mover")]
    # fr 5540: "aujourd'hui la pile de malheur ne produit quoi que ce soit"
    assert GAME.evaluate(simple, (4, 2)).gains("mover") == 0


def test_pile_de_malheur_kept_scores_again_and_only_a_play_that_makes_it_counts() -> None:
    pile = board({12: 15}, WALL)
    assert found(pile, (6, 5), PILE, "pile-de-malheur") == [(12, 4, "mover")]  # note 139
    assert found(pile, (3, 3), PILE, "pile-de-malheur") == [(12, 6, "mover")]
    # two on 10 and a 2-1: no play brings both onto the coin
    short = board({12: 13, 10: 2}, WALL)
    assert found(short, (2, 1), PILE, "pile-de-malheur") == []


def test_the_usages_are_refused_at_the_toccategli() -> None:
    rules = TrictracRules(game="toccategli", pile_de_malheur=True)
    with pytest.raises(TabulaError):
        GAME.evaluate(board({12: 15}, WALL), (6, 5), rules)


# -- an unmade petit jan: école and the replay (fr 4932–4938, law 5486) -------------------------

# Black lacks one half-case of his petit jan, on his fifth; cinq et deux fills it "du deux"
UNFILLED = board({1: 3, 2: 2, 3: 3, 4: 2, 5: 1, 6: 2, 12: 2}, {24: 15})
NONE = TrictracRules(petit_jan_remedy="none")


def _leaf(position: Position, roll: tuple[int, int], text: str, rules: TrictracRules) -> Leaf:
    """The legal play written ``text`` (its moves in any order)."""
    leaves = GAME.evaluate(position, roll, rules).leaves
    return next(
        leaf for leaf in leaves if sorted(str(Play(leaf.moves)).split()) == sorted(text.split())
    )


def _ecole(done: Marking) -> list[tuple[str, int]]:
    return [(e.to, e.points) for e in done.ecoles]


def test_a_petit_jan_not_filled_goes_to_ecole_marked_or_not() -> None:
    leaf = _leaf(UNFILLED, (5, 2), "6/8 3/8", TrictracRules())
    # fr 4934: he marks nothing and does not fill: école of the four points of his plein
    unmarked = marking(UNFILLED, (5, 2), leaf, TrictracRules())
    assert _ecole(unmarked) == [("opponent", 4)] and unmarked.marks.points == (4, 0)
    # fr 4932: he marks them and does not fill: the other takes the four he marked
    marked = marking(UNFILLED, (5, 2), leaf, TrictracRules(), marked=4)
    assert _ecole(marked) == [("opponent", 4)] and marked.marks.points == (4, 0)
    # the other reading: the plein's points are due only from a play that makes it
    free = marking(UNFILLED, (5, 2), leaf, NONE)
    assert _ecole(free) == [] and free.marks.points == (0, 0)
    # the play that fills owes nothing
    filled = marking(
        UNFILLED, (5, 2), _leaf(UNFILLED, (5, 2), "3/5 1/6", TrictracRules()), TrictracRules()
    )
    assert _ecole(filled) == [] and filled.replays == ()


def test_the_replay_is_offered_unless_he_can_still_fill() -> None:
    rules = TrictracRules()
    # 6/8 3/8: his sixth case broken, he cannot fill again: the other may have him replay
    broken = marking(UNFILLED, (5, 2), _leaf(UNFILLED, (5, 2), "6/8 3/8", rules), rules)
    assert [str(p) for p in broken.replays] == ["3/5 1/6"]
    # 1/3 3/8: "son jeu reculé", he can still fill from his petit jan: things stay (fr 4932)
    back = marking(UNFILLED, (5, 2), _leaf(UNFILLED, (5, 2), "1/3 3/8", rules), rules)
    assert back.replays == () and _ecole(back) == [("opponent", 4)]
    assert marking(UNFILLED, (5, 2), _leaf(UNFILLED, (5, 2), "6/8 3/8", NONE), NONE).replays == ()


def test_a_petit_jan_broken_instead_of_passing_goes_to_ecole_and_is_replayed() -> None:
    # Black's petit jan made, three checkers in White's grand-jan table; White can no longer
    # make his petit jan (one checker on his talon), so Black may pass into it (law 5486)
    position = board(
        {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 16: 1, 17: 1, 18: 1},
        {24: 1, 13: 2, 14: 2, 15: 2, 20: 2, 21: 2, 22: 2, 23: 2},
    )
    rules = TrictracRules()
    evaluation = GAME.evaluate(position, (3, 1), rules)
    keep = [e for e in evaluation.events if e.kind == "conserver"]
    assert [(e.jan, e.points) for e in keep] == [("petit-jan", 4)]
    breaking = next(leaf for leaf in evaluation.leaves if not leaf.board.full(range(1, 7)))
    done = marking(position, (3, 1), breaking, rules)
    assert _ecole(done) == [("opponent", 4)]  # fr 4936
    assert done.replays and all(
        any(m.end >= 19 for m in p.moves) for p in done.replays
    )  # "le faire rejouer et passer dans votre petit jan"
