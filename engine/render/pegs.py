"""Draw the hole rails of a Trictrac with their pegs, from a plain, rule-free description.

The combined Trictrac (seed 000, de 4003–4097) marks two games on the twelve holes of each
player's rail with four pegs — gilded, silvered, bimetallic (half and half) and black —, a
Krawatte (a pierced jeton round a peg), the Standarte, and a basket for the Poule. This
module only draws what a :class:`PegBoard` lists; which peg stands where is the ledger's
business (:func:`engine.ledger.kombiniert.board`).

The drawing has no words, only the players' letters and numbers, so one drawing serves every
language. It follows :mod:`engine.render.board`: a fixed scale (:data:`CM_PER_UNIT`),
matplotlib's defaults reset before drawing, no dates or ids that change, so the SVG and PDF
are the same bytes on every build.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

import matplotlib as mpl
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyBboxPatch, Polygon, Wedge

from ..core.files import write_atomically
from ..ledger.rails import HOLES, Peg, PegBoard
from .board import _PDF_METADATA, _RC, _RENDER_LOCK, _SVG_METADATA

CM_PER_UNIT = 0.9  # as the boards

_WIDTH = 17.0
_HEIGHT = 6.2
_RAIL_X0 = 1.6  # the first hole
_PITCH = 1.0
_RAIL_Y = {"A": 4.6, "B": 1.6}
_PEG_R = 0.27
_TIE_R = 0.40
_INK = "#333333"
_WOOD = "#c89a5e"
_RAIL = "#8a5a33"
_HOLE = "#3b2614"
_COLOURS: dict[str, tuple[str, str]] = {  # fill, edge
    "gold": ("#d9a520", "#7a5a00"),
    "silver": ("#cfd3d8", "#5f6670"),
    "black": ("#1c1c1c", "#000000"),
}
_TIE = "#b0302a"
_FLAG = "#2f6db3"
_JETON = ("#f4efe2", "#6e5b3a")


def _new_figure() -> tuple[Figure, Axes]:
    inch = CM_PER_UNIT / 2.54
    fig = Figure(figsize=(_WIDTH * inch, _HEIGHT * inch), facecolor="#ffffff")
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0.0, _WIDTH)
    ax.set_ylim(0.0, _HEIGHT)
    ax.set_axis_off()
    return fig, ax


def _hole_x(hole: int) -> float:
    return _RAIL_X0 + (hole - 1) * _PITCH


def _draw_rail(ax: Axes, player: str) -> None:
    y = _RAIL_Y[player]
    ax.add_patch(
        FancyBboxPatch(
            (_RAIL_X0 - 0.6, y - 0.5),
            (HOLES - 1) * _PITCH + 1.2,
            1.0,
            boxstyle="round,pad=0.02,rounding_size=0.2",
            facecolor=_WOOD,
            edgecolor=_RAIL,
            linewidth=1.2,
        )
    )
    # one marker drawn twelve times: the SVG defines it once (matplotlib's <use>)
    xs = [_hole_x(hole) for hole in range(1, HOLES + 1)]
    ax.plot(xs, [y] * HOLES, linestyle="none", marker="o", markersize=3.2, color=_HOLE)
    for hole in range(1, HOLES + 1):
        number_y = y + 0.72 if player == "A" else y - 0.72
        ax.text(
            _hole_x(hole), number_y, str(hole), ha="center", va="center", fontsize=7, color=_INK
        )
    ax.text(0.45, y, player, ha="center", va="center", fontsize=14, fontweight="bold", color=_INK)


def _draw_peg(ax: Axes, peg: Peg, x: float, y: float) -> None:
    if peg.krawatte:  # a pierced jeton round the peg (de 4041)
        ax.add_patch(Circle((x, y), _TIE_R, facecolor="none", edgecolor=_TIE, linewidth=3.2))
    if peg.kind == "bimetallic":  # "halb vergoldet, halb versilbert" (de 4009)
        for kind, start, end in (("gold", 90, 270), ("silver", 270, 90)):
            fill, edge = _COLOURS[kind]
            ax.add_patch(
                Wedge((x, y), _PEG_R, start, end, facecolor=fill, edgecolor=edge, linewidth=1.0)
            )
        return
    fill, edge = _COLOURS[peg.kind]
    ax.add_patch(Circle((x, y), _PEG_R, facecolor=fill, edgecolor=edge, linewidth=1.0))


def _draw_pegs(ax: Axes, player: str, pegs: Iterable[Peg]) -> None:
    by_hole: dict[int, list[Peg]] = {}
    for peg in sorted(pegs, key=lambda p: (p.hole, p.kind)):
        by_hole.setdefault(peg.hole, []).append(peg)
    y = _RAIL_Y[player]
    for hole, here in by_hole.items():
        offsets = (
            [0.0]
            if len(here) == 1
            else [-0.2 + 0.4 * k / (len(here) - 1) for k in range(len(here))]
        )
        for peg, dx in zip(here, offsets, strict=True):
            _draw_peg(ax, peg, _hole_x(hole) + dx, y)


def _draw_standarte(ax: Axes, player: str) -> None:
    """The Standarte, in a hole of the rail opposite (de 4097): drawn beyond hole 12."""
    x, y = _hole_x(HOLES) + 1.1, _RAIL_Y[player] - 0.35
    ax.plot([x, x], [y, y + 0.9], color=_INK, linewidth=1.5, solid_capstyle="round")
    ax.add_patch(
        Polygon(
            [(x, y + 0.9), (x + 0.6, y + 0.7), (x, y + 0.5)],
            closed=True,
            facecolor=_FLAG,
            edgecolor=_INK,
            linewidth=0.6,
        )
    )


def _draw_marked(ax: Axes, player: str, count: int) -> None:
    """The jetons marking the Züge this player lost (art. 47), in a column by his letter."""
    for k in range(min(count, 12)):
        x = 0.25 + (k % 2) * 0.4
        y = _RAIL_Y[player] + (-0.9 - 0.32 * (k // 2) if player == "A" else 0.9 + 0.32 * (k // 2))
        ax.add_patch(Circle((x, y), 0.13, facecolor=_JETON[0], edgecolor=_JETON[1], linewidth=0.8))


def _draw_poule(ax: Axes, poule: int, contract: str) -> None:
    x0, y0 = _hole_x(HOLES) + 2.1, 2.25
    ax.add_patch(
        FancyBboxPatch(
            (x0, y0),
            1.6,
            1.7,
            boxstyle="round,pad=0.02,rounding_size=0.3",
            facecolor="#e8d7b0",
            edgecolor=_RAIL,
            linewidth=1.2,
        )
    )
    ax.add_patch(Circle((x0 + 0.8, y0 + 0.85), 0.45, facecolor="#ffffff", edgecolor=_RAIL))
    ax.text(
        x0 + 0.8,
        y0 + 0.85,
        str(poule),
        ha="center",
        va="center",
        fontsize=11,
        fontweight="bold",
        color=_INK,
    )
    if contract:  # the contract stands before the basket on its owner's side (de 4103)
        cy = y0 + 2.1 if contract == "A" else y0 - 0.4
        ax.add_patch(
            FancyBboxPatch(
                (x0 + 0.45, cy - 0.2),
                0.7,
                0.4,
                boxstyle="round,pad=0.02,rounding_size=0.1",
                facecolor="#f2c84b",
                edgecolor=_INK,
                linewidth=0.8,
            )
        )
        ax.text(x0 + 0.8, cy, contract, ha="center", va="center", fontsize=8, color=_INK)


def _draw(board: PegBoard) -> Figure:
    fig, ax = _new_figure()
    for player in ("A", "B"):
        _draw_rail(ax, player)
        _draw_pegs(ax, player, board.pegs.get(player, ()))
        _draw_marked(ax, player, board.marked.get(player, 0))
    if board.standarte:
        _draw_standarte(ax, board.standarte)
    _draw_poule(ax, board.poule, board.contract)
    return fig


def _render(board: PegBoard, fmt: str, metadata: dict[str, str | None]) -> bytes:
    if not isinstance(board, PegBoard):
        raise ValueError(f"expected a PegBoard, not {type(board).__name__}")
    buffer = io.BytesIO()
    with _RENDER_LOCK, mpl.rc_context():
        mpl.rcdefaults()  # a user's matplotlibrc must not change the bytes
        cast(Any, mpl.rcParams).update({**_RC, "svg.hashsalt": "tabula-pegs"})
        _draw(board).savefig(buffer, format=fmt, metadata=metadata, facecolor="#ffffff")
    return buffer.getvalue()


def render_svg(board: PegBoard) -> str:
    return _render(board, "svg", _SVG_METADATA).decode("utf-8")


def render_pdf(board: PegBoard) -> bytes:
    return _render(board, "pdf", _PDF_METADATA)


def save(board: PegBoard, stem: Path, formats: tuple[str, ...] = ("svg", "pdf")) -> list[Path]:
    """Write ``stem.svg`` and ``stem.pdf`` (or those of ``formats``), each atomically."""
    renderers = {"svg": lambda: render_svg(board).encode("utf-8"), "pdf": lambda: render_pdf(board)}
    stem.parent.mkdir(parents=True, exist_ok=True)
    paths = []
    for fmt in (f for f in renderers if f in formats):
        path = stem.with_name(f"{stem.name}.{fmt}")
        write_atomically(path, renderers[fmt]())
        paths.append(path)
    return paths
