"""The peg-board drawing: deterministic, validated, and drawn from the description only."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.ledger.kombiniert import board, play
from engine.render.pegs import Peg, PegBoard, render_pdf, render_svg, save

EXAMPLE = PegBoard(
    pegs={"A": (Peg("gold", 2), Peg("silver", 8, krawatte=True)), "B": (Peg("bimetallic", 1),)},
    standarte="A",
    marked={"A": 1, "B": 2},
    poule=5,
    contract="A",
)


def test_the_same_board_gives_the_same_bytes() -> None:
    assert render_svg(EXAMPLE) == render_svg(EXAMPLE)
    assert render_pdf(EXAMPLE) == render_pdf(EXAMPLE)


def test_a_different_board_gives_a_different_drawing() -> None:
    moved = PegBoard(pegs={"A": (Peg("gold", 3),)})
    assert render_svg(moved) != render_svg(PegBoard(pegs={"A": (Peg("gold", 2),)}))


def test_no_date_or_version_in_the_svg() -> None:
    svg = render_svg(EXAMPLE)
    assert "<dc:date>" not in svg and "Matplotlib v" not in svg
    assert ">5<" in svg.replace("\n", "")  # the Poule's count is text


@pytest.mark.parametrize(
    "make",
    [
        lambda: Peg("copper", 1),  # type: ignore[arg-type]
        lambda: Peg("gold", 13),
        lambda: PegBoard(pegs={"C": ()}),
        lambda: PegBoard(standarte="X"),
    ],
)
def test_bad_descriptions_are_refused(make: object) -> None:
    with pytest.raises(ValueError):
        make()  # type: ignore[operator]


def test_save_writes_both_formats(tmp_path: Path) -> None:
    paths = save(board(play([{"player": "A", "holes": 2}])), tmp_path / "pegs")
    assert [p.suffix for p in paths] == [".svg", ".pdf"]
    assert all(p.stat().st_size > 1000 for p in paths)
