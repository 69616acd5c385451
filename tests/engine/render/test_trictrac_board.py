"""The Trictrac board: rails with holes, coins, jetons and fichets, the two hit arrows, the
colours along the whole path, letters A–Y and the talon's side — read back from the SVG.

The drawing names its parts (``<g id="points-dark">``, ``id="hit-faux-2"`` …), so these
tests look at what was drawn, not at what was asked for.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from engine.core.game import GameBase, GameType
from engine.core.position import Colour, Position
from engine.core.scoreboard import HitArrow, MarkedScore
from engine.games.plein import PLEIN
from engine.render import Picture, render_svg
from engine.render.board import _PT_PER_UNIT, Arrow, Fichet, Jeton, point_colours
from engine.render.positions import TrictracView, picture

GEOMETRY = PLEIN.geometry  # the Trictrac board: each side's talon is its own point 1
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"


def position(white: dict[int, int], black: dict[int, int]) -> Position:
    """A position from own points (talon = 1) of each side."""
    points = [0] * 24
    for colour, sign, placed in ((Colour.WHITE, 1, white), (Colour.BLACK, -1, black)):
        for own, count in placed.items():
            points[GEOMETRY.absolute(colour, own) - 1] = sign * count
    return Position(game="trictrac", points=tuple(points))


# Black hits White's blot on his own 6 from Black's coin: 5-2 through an open passage,
# 6-1 and 4-3 only through White's cases (the figure of de 3578).
BLOT = position({1: 6, 6: 1, 7: 2, 9: 2, 10: 2, 12: 2}, {12: 2, 1: 13})
HITS = (
    HitArrow(Colour.BLACK, 12, 19, "vrai", via=14, label="5+2"),
    HitArrow(Colour.BLACK, 12, 19, "faux", via=18, label="6+1"),
    HitArrow(Colour.BLACK, 12, 19, "faux", via=16, label="4+3"),
)


def drawn(
    view: TrictracView, *, numbering: Colour = Colour.WHITE, labels: str = "numbering"
) -> tuple[Picture, ET.Element]:
    pic = picture(BLOT, GEOMETRY, numbering=numbering, trictrac=view, labels=labels)
    return pic, ET.fromstring(render_svg(pic))


def group(svg: ET.Element, gid: str) -> ET.Element:
    found = svg.find(f".//*[@id='{gid}']")
    assert found is not None, f"no element '{gid}' in the drawing"
    return found


def uses(svg: ET.Element, gid: str) -> list[tuple[float, float]]:
    """The places of a marker group's ``<use>`` elements (one per marker)."""
    return [(float(u.get("x")), float(u.get("y"))) for u in group(svg, gid).iter(f"{SVG}use")]


def triangles(svg: ET.Element, gid: str) -> list[tuple[float, bool]]:
    """(centre x, top row?) of each point triangle in a group; SVG y grows downward."""
    found = []
    for path in group(svg, gid).iter(f"{SVG}path"):
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path.get("d"))]
        (x0, y0), (x1, _), (_, tip) = zip(numbers[0:6:2], numbers[1:6:2], strict=True)
        found.append(((x0 + x1) / 2, tip > y0))
    return found


def drawn_colours(pic: Picture, svg: ET.Element) -> dict[int, str]:
    """Which absolute point each triangle of the SVG is, and its colour group."""
    shapes = [
        (x, top, name) for name in ("dark", "light") for x, top in triangles(svg, f"points-{name}")
    ]
    colours: dict[int, str] = {}
    for top, row in ((True, pic.top), (False, pic.bottom)):
        in_row = sorted((x, name) for x, is_top, name in shapes if is_top == top)
        assert len(in_row) == len(row) == 12
        colours.update({p: name for p, (_, name) in zip(row, in_row, strict=True)})
    return colours


def path_of(colour: Colour) -> list[int]:
    """A side's whole path, talon to the other's talon, as absolute points."""
    return [GEOMETRY.absolute(colour, own) for own in range(1, 25)]


def column_x(pic: Picture, svg: ET.Element, point: int) -> float:
    shapes = [s for name in ("dark", "light") for s in triangles(svg, f"points-{name}")]
    top = point in pic.top
    row = pic.top if top else pic.bottom
    xs = sorted(x for x, is_top in shapes if is_top == top)
    return xs[row.index(point)]


# --- colours ----------------------------------------------------------------------------


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("numbering", [Colour.WHITE, Colour.BLACK])
def test_colours_alternate_along_the_whole_path_across_the_fold(side: str, numbering: Colour):
    pic, svg = drawn(TrictracView(talon_side=side), numbering=numbering)  # type: ignore[arg-type]
    colours = drawn_colours(pic, svg)
    assert colours == point_colours(pic)
    for mover in Colour:
        path = path_of(mover)
        changes = [colours[a] != colours[b] for a, b in itertools.pairwise(path)]
        assert all(changes), (mover, side, changes.index(False))
        # the text's rule: an even number lands on the colour it starts from (fr 4855)
        for start in range(24):
            for steps in range(1, 24 - start):
                same = colours[path[start]] == colours[path[start + steps]]
                assert same == (steps % 2 == 0)


def test_the_fold_is_between_the_coins() -> None:
    """Each side's own 12 (its coin) faces the other's, and the two differ in colour."""
    pic, _ = drawn(TrictracView())
    white_coin, black_coin = (GEOMETRY.absolute(c, 12) for c in Colour)
    assert pic.coins == {white_coin, black_coin}
    assert pic.top.index(black_coin) == pic.bottom.index(white_coin)
    assert point_colours(pic)[white_coin] != point_colours(pic)[black_coin]


# --- rails ------------------------------------------------------------------------------


def test_a_hole_opposite_every_point_and_a_marked_coin_on_each_side() -> None:
    pic, svg = drawn(TrictracView())
    holes = uses(svg, "holes")
    assert len(holes) == 24
    hole_xs = sorted({round(x, 3) for x, _ in holes})
    assert hole_xs == sorted({round(column_x(pic, svg, p), 3) for p in range(1, 25)})
    assert len(group(svg, "coins").findall(f"{SVG}path")) == 2
    marks = uses(svg, "coin-marks")
    assert sorted(round(x, 3) for x, _ in marks) == sorted(
        round(column_x(pic, svg, p), 3) for p in pic.coins
    )


def test_jetons_stand_where_fr_4784_says_and_two_mark_en_bredouille() -> None:
    marks = {
        Colour.WHITE: MarkedScore(points=4, bredouille=True),
        Colour.BLACK: MarkedScore(points=8),
    }
    pic, svg = drawn(TrictracView(marks=marks))
    white = uses(svg, "jetons-w")
    assert len(white) == 2  # en bredouille: two jetons
    between = [column_x(pic, svg, GEOMETRY.absolute(Colour.WHITE, own)) for own in (4, 5)]
    assert sum(x for x, _ in white) / 2 == pytest.approx(sum(between) / 2, abs=0.01)
    (black,) = uses(svg, "jetons-b")
    assert black[0] == pytest.approx(column_x(pic, svg, GEOMETRY.absolute(Colour.BLACK, 7)))
    # each on its own side's rail: White's on the bottom (larger y), Black's on the top
    assert min(y for _, y in white) > black[1]


def test_the_fichet_stands_in_the_hole_of_its_holes_counted_from_the_talon() -> None:
    for side in ("left", "right"):
        marks = {Colour.WHITE: MarkedScore(holes=3), Colour.BLACK: MarkedScore(holes=12)}
        pic, svg = drawn(TrictracView(talon_side=side, marks=marks))  # type: ignore[arg-type]
        (peg,) = uses(svg, "fichets-w")
        assert peg[0] == pytest.approx(column_x(pic, svg, GEOMETRY.absolute(Colour.WHITE, 3)))
        assert peg in uses(svg, "holes")
        (black,) = uses(svg, "fichets-b")
        assert black[0] == pytest.approx(column_x(pic, svg, GEOMETRY.absolute(Colour.BLACK, 12)))


def test_a_side_without_marks_has_no_jeton_or_fichet() -> None:
    _, svg = drawn(TrictracView())
    for gid in ("jetons-w", "jetons-b", "fichets-w", "fichets-b"):
        assert svg.find(f".//*[@id='{gid}']") is None


# --- hit arrows ----------------------------------------------------------------------------


def test_hits_a_vrai_and_a_faux_are_drawn_in_two_styles() -> None:
    _, svg = drawn(TrictracView(hits=HITS))

    def styles(gid: str) -> list[str]:
        return [p.get("style", "") for p in group(svg, gid).iter(f"{SVG}path")]

    vrai, faux = styles("hit-vrai-0"), styles("hit-faux-1")
    assert vrai and not any("stroke-dasharray" in s for s in vrai)
    assert all("stroke-dasharray" in s for s in faux[:2])  # the line and its halo: dashed
    assert "fill: #1e8a3a" in vrai[-1]  # a filled head, in Black's arrow colour
    assert "fill: #ffffff" in faux[-1]  # a hollow head
    cross = group(svg, "hit-vrai-0-mark").find(f".//{SVG}use").get("style")
    ring = group(svg, "hit-faux-1-mark").find(f".//{SVG}use").get("style")
    assert "fill: #1e8a3a" in cross and "fill-opacity: 0" in ring  # a cross, a ring


def test_a_hit_by_both_dice_bends_through_its_passage() -> None:
    pic, svg = drawn(TrictracView(hits=HITS))
    for index, hit in enumerate(HITS):
        passage = group(svg, f"hit-{hit.kind}-{index}-passage").find(f"{SVG}path")
        start = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", passage.get("d"))]
        via = GEOMETRY.absolute(Colour.BLACK, hit.via)
        assert start[-2] == pytest.approx(column_x(pic, svg, via), abs=0.01)
    labels = {t.text for t in svg.iter(f"{SVG}text")}
    assert {"5+2", "6+1", "4+3"} <= labels


def test_a_hit_without_passage_is_one_leg() -> None:
    one = (HitArrow(Colour.BLACK, 12, 17, "vrai", label="5"),)
    _, svg = drawn(TrictracView(hits=one))
    assert svg.find(".//*[@id='hit-vrai-0-passage']") is None
    assert group(svg, "hit-vrai-0") is not None


# --- letters and sides -----------------------------------------------------------------


def test_letters_run_a_to_y_without_w_along_the_viewers_path() -> None:
    pic, svg = drawn(TrictracView(), labels="letters")
    texts = [t.text for t in svg.iter(f"{SVG}text") if t.text and t.text.isalpha()]
    assert sorted(texts) == sorted("ABCDEFGHIJKLMNOPQRSTUVXY")
    path = path_of(Colour.WHITE)
    assert [pic.labels[p] for p in path] == list("ABCDEFGHIJKLMNOPQRSTUVXY")
    assert pic.labels[GEOMETRY.absolute(Colour.WHITE, 12)] == "L"  # his coin (002:50)
    assert pic.labels[GEOMETRY.absolute(Colour.BLACK, 12)] == "M"  # the other's coin (002:55)


@pytest.mark.parametrize("numbering", [Colour.WHITE, Colour.BLACK])
def test_the_viewers_talon_stands_on_the_side_asked_for(numbering: Colour) -> None:
    talon = GEOMETRY.absolute(numbering, 1)
    for side, index in (("left", 0), ("right", 11)):
        pic, _ = drawn(TrictracView(talon_side=side), numbering=numbering)  # type: ignore[arg-type]
        assert pic.bottom[index] == talon
        other = GEOMETRY.absolute(numbering.other, 1)
        assert pic.top[index] == other  # both talons on one side, facing


def test_the_trictrac_board_is_reproducible_and_small() -> None:
    view = TrictracView(marks={Colour.WHITE: MarkedScore(6, 2, True)}, hits=HITS)
    pic = picture(BLOT, GEOMETRY, trictrac=view, labels="letters")
    first = render_svg(pic)
    assert first == render_svg(pic)
    assert len(first.encode()) < 40_000


def test_the_rails_make_the_board_taller_not_wider() -> None:
    plain = picture(BLOT, GEOMETRY)
    dressed = picture(BLOT, GEOMETRY, trictrac=TrictracView())

    def size(pic: Picture) -> tuple[float, float]:
        svg = render_svg(pic)
        width, height = re.search(r'width="([\d.]+)pt" height="([\d.]+)pt"', svg).groups()
        return float(width), float(height)

    (w0, h0), (w1, h1) = size(plain), size(dressed)
    assert w0 == w1
    assert h1 - h0 == pytest.approx(2 * (1.0 - 0.4) * _PT_PER_UNIT, abs=0.01)


# --- validation ------------------------------------------------------------------------


def test_rail_furniture_needs_a_trictrac_board_and_sensible_places() -> None:
    pic = picture(BLOT, GEOMETRY)
    with pytest.raises(ValueError, match="Trictrac board"):
        replace(pic, jetons=(Jeton("w", (13,)),))
    dressed = picture(BLOT, GEOMETRY, trictrac=TrictracView())
    with pytest.raises(ValueError, match="neighbours"):
        replace(dressed, jetons=(Jeton("w", (13, 15)),))
    with pytest.raises(ValueError, match="one or two jetons"):
        Jeton("w", (13,), count=3)
    with pytest.raises(ValueError, match="fichet hole"):
        Fichet("b", 25)
    with pytest.raises(ValueError, match="passage"):
        Arrow(1, 5, "w", kind="move", via=3)
    with pytest.raises(ValueError, match="one of its ends"):
        Arrow(1, 5, "w", kind="vrai", via=5)
    with pytest.raises(ValueError, match="jeton place"):
        MarkedScore(points=3)
    with pytest.raises(ValueError, match="0 to 12"):
        MarkedScore(holes=13)


def test_plein_figures_are_drawn_on_the_trictrac_board(tmp_path) -> None:
    """The Plein is played on a Trictrac (fr 5965): its figures show the rails and coins."""
    from engine.figures import draw
    from engine.specs import load_spec

    for figure in ("plein/start", "plein/gagne"):
        draw(load_spec(figure), tmp_path / "x")
        svg = ET.fromstring((tmp_path / "x.svg").read_text(encoding="utf-8"))
        assert len(uses(svg, "holes")) == 24
        assert len(group(svg, "coins").findall(f"{SVG}path")) == 2


def test_a_scoring_game_hands_its_marks_and_hits_to_the_view() -> None:
    """The hook a Trictrac game uses (engine.kinds.board.trictrac_view): marks, hit arrows."""
    from engine.kinds.board import trictrac_view
    from engine.specs import load_spec

    class Scoring(GameBase):
        game_type = GameType(board="trictrac", shows_marks=True)
        rules_type = type(PLEIN.rules_type())

        def marks(self, position: Position) -> dict[Colour, MarkedScore]:
            return {Colour.WHITE: MarkedScore(points=6, holes=2)}

        def hit_arrows(self, position: Position, roll: tuple[int, int], rules: object):
            return [HitArrow(Colour.BLACK, 12, 19, "vrai", via=14, label=f"{roll[0]}+{roll[1]}")]

    plain = load_spec("plein/start")
    spec = dataclasses.replace(plain, view=dataclasses.replace(plain.view, hit_arrows=True))
    assert trictrac_view(Scoring(), plain, BLOT, (5, 2)).hits == ()  # only when asked
    view = trictrac_view(Scoring(), spec, BLOT, (5, 2))
    assert view.marks[Colour.WHITE].points == 6 and view.hits[0].label == "5+2"
    assert trictrac_view(Scoring(), spec, BLOT, None).hits == ()
    assert trictrac_view(GameBase(), spec, BLOT, (5, 2)) is None  # a game of the tables
