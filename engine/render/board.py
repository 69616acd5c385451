"""Draw a backgammon-family board picture from a plain, rule-free description.

The module knows nothing about any game: a :class:`Picture` says which
absolute points are drawn where, how many checkers stand on each, and which
marks (labels, dice, arrows, highlights) to add.  The output is a small,
byte-for-byte reproducible SVG or PDF, so that rebuilding the site does not
churn every diagram in version control.

Geometry is computed in "units" of one point width and mapped to the page at a
fixed :data:`CM_PER_UNIT`, so every picture shares the same scale (a full
board is about 16 cm wide, a one-quarter strip about 8 cm).

A Trictrac board (``holes=True``) has broad rails along its two long sides, each bored
with a hole opposite every point (fr 4596; de 3380), and its furniture: the *fichet* (a
peg in a hole, the holes a player has won), the *jetons* (counters in front of the points,
his points under twelve), the marked *coin* (coin de repos) of each side, and arrows for
hits that do not move a checker — *à vrai* (solid, filled head, a cross on the blot) and
*à faux* (dashed, open head, a ring on the blot), through the passage point where the two
dice meet. Where each thing goes is the caller's to say (:mod:`.positions`): this module
only draws.
"""

from __future__ import annotations

import io
import math
import operator
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, cast

import matplotlib as mpl
from matplotlib import patheffects
from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, Polygon, Rectangle

from ..core.files import write_atomically

__all__ = [
    "Arrow",
    "Fichet",
    "Jeton",
    "Overlay",
    "Picture",
    "PointRef",
    "overlay",
    "point_colours",
    "render_pdf",
    "render_svg",
    "save",
]

PointRef = int | Literal["bar", "off"]

# --- geometry, in units of one point width -------------------------------------------------
CM_PER_UNIT = 0.9
_PT_PER_UNIT = CM_PER_UNIT / 2.54 * 72.0
_CHECKER_D = 0.9
_EDGE_PAD = 0.04  # gap between a point's base and its first checker
_POINT_LEN = 4.6  # room for exactly five checkers
_ROW_GAP = 1.4  # between the tips of the top and bottom rows
_SINGLE_PAD = 0.6  # free space beyond the tips when only one row is drawn
_FRAME = 0.4
_BAR_W = 1.0
_TRAY_W = 1.2
_DICE_COL = 2.1
_DIE = 0.78
_LABEL_MARGIN = 0.55
_OUTER = 0.06  # keeps the frame's outline stroke inside the page
_MAX_STACK = 5
_MAX_BAR = 3
_MAX_OFF_BARS = 15
_RAIL = 1.0  # a Trictrac board's long rails: an inner lane (jetons, coin) and holes
_HOLE = 0.1  # radius of a hole
_PEG = 0.17  # radius of a fichet's head
_JETON = 0.26  # radius of a jeton

# --- colours -------------------------------------------------------------------------------
_BACKGROUND = "#ffffff"
_FRAME_FILL = "#8a5a33"
_FRAME_EDGE = "#4e3019"
_SURFACE = "#e3cfa2"
_DARK_POINT = "#8e3b26"
_LIGHT_POINT = "#f8efd9"
_POINT_EDGE = "#6e4a2c"
_HIGHLIGHT = "#ffd000"
_CHECKER = {"w": ("#fbf8f1", "#262626"), "b": ("#242424", "#d4d4d4")}  # (fill, edge)
_ARROW = {"w": "#1460c4", "b": "#1e8a3a"}
_LABEL_INK = "#333333"
_HOLE_INK = "#2b1a0e"
_JETON_FILL = "#e3b64a"  # brass counters, ringed in the colour of the side that marks
_COIN_MARK = "#f4e9c8"
_FAUX_DASH = (0, (3.0, 2.2))  # à faux: the hit that "cannot" (fr 4768)

_RC = {
    "svg.hashsalt": "tabula-board",
    "svg.fonttype": "none",
    "pdf.fonttype": 42,
    "font.family": "sans-serif",
    # DejaVu Sans ships with matplotlib, so PDFs embed the same font on every machine; SVG
    # viewers without it fall back to their generic sans-serif.  One name keeps every SVG
    # <text> style short.
    "font.sans-serif": ["DejaVu Sans"],
    "text.usetex": False,
}
# None drops matplotlib's RDF block (date, version): smaller and stable across upgrades.
_PNG_METADATA: dict[str, str | None] = {"Software": None}
PNG_DPI = 240  # a board about 1,200 pixels wide: what link previews show sharply
_SVG_METADATA: dict[str, str | None] = {"Date": None, "Creator": None, "Format": None, "Type": None}
_PDF_METADATA: dict[str, str | None] = {
    "CreationDate": None,
    "ModDate": None,
    "Producer": "Tabula board renderer",
    "Creator": "Tabula",
}

# rcParams are process-global: rc_context alone would let two threads see each other's
# temporary settings, so rendering is serialised.
_RENDER_LOCK = threading.Lock()


ArrowKind = Literal["move", "hit", "explode", "vrai", "faux"]
_ARROW_KINDS = ("move", "hit", "explode", "vrai", "faux")
_HIT_KINDS = ("vrai", "faux")  # Trictrac hits: the checker stays, the arrow only points


@dataclass(frozen=True)
class Arrow:
    """A move drawn as a curved arrow; ``colour`` is the side whose checker moves.

    ``vrai`` and ``faux`` are Trictrac hits, which move nothing: from the hitting checker
    to the blot, through ``via`` (the passage, a point) when the two dice are added.
    """

    start: PointRef
    end: PointRef
    colour: Literal["w", "b"]
    kind: ArrowKind = "move"
    label: str = ""
    via: int | None = None

    def __post_init__(self) -> None:
        if self.colour not in ("w", "b"):
            raise ValueError(f"arrow colour must be 'w' or 'b', not {self.colour!r}")
        if self.kind not in _ARROW_KINDS:
            raise ValueError(
                f"arrow kind must be one of {', '.join(_ARROW_KINDS)}, not {self.kind!r}"
            )
        if not isinstance(self.label, str):
            raise ValueError(f"arrow label must be a string, not {self.label!r}")
        _check_endpoint(self.start, "bar", "start")
        _check_endpoint(self.end, "off", "end")
        if self.start == self.end:
            raise ValueError(f"arrow starts and ends at the same place ({self.start!r})")
        if self.via is not None:
            if self.kind not in _HIT_KINDS:
                raise ValueError("only a vrai or faux hit arrow goes through a passage (via)")
            _check_point(self.via, "arrow passage (via)")
            if self.via in (self.start, self.end):
                raise ValueError(f"arrow passage {self.via} is one of its ends")


@dataclass(frozen=True)
class Jeton:
    """A counter in front of ``points`` (one point, or the middle of two neighbours) on the
    rail of their row; ``count`` 2 is a side marking *en bredouille* with two (fr 4808)."""

    colour: Literal["w", "b"]
    points: tuple[int, ...]
    count: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", tuple(_as_int(p, "jeton point") for p in self.points))
        if self.colour not in ("w", "b"):
            raise ValueError(f"jeton colour must be 'w' or 'b', not {self.colour!r}")
        if len(self.points) not in (1, 2) or any(not 1 <= p <= 24 for p in self.points):
            raise ValueError(f"a jeton stands before one or two points 1..24: {self.points}")
        if self.count not in (1, 2):
            raise ValueError(f"a side marks with one or two jetons, not {self.count!r}")


@dataclass(frozen=True)
class Fichet:
    """The peg of a side in the hole opposite absolute ``point``."""

    colour: Literal["w", "b"]
    point: int

    def __post_init__(self) -> None:
        if self.colour not in ("w", "b"):
            raise ValueError(f"fichet colour must be 'w' or 'b', not {self.colour!r}")
        _check_point(self.point, "fichet hole")


@dataclass(frozen=True)
class Picture:
    """Everything needed to draw one board; all point numbers are absolute (1..24).

    Construction validates the description (raising :class:`ValueError`), and
    sequences are normalised to tuples so that lists may be passed too.
    Points that appear in neither row are simply not drawn.
    """

    points: tuple[int, ...]
    top: tuple[int, ...]
    bottom: tuple[int, ...]
    labels: dict[int, str] = field(default_factory=dict)
    bar: tuple[int, int] = (0, 0)
    off: tuple[int, int] = (0, 0)
    dice: tuple[int, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    highlight: frozenset[int] = frozenset()
    title: str = ""
    holes: bool = False
    coins: frozenset[int] = frozenset()
    jetons: tuple[Jeton, ...] = ()
    fichets: tuple[Fichet, ...] = ()

    def __post_init__(self) -> None:
        _set = object.__setattr__  # the dataclass is frozen; normalise once here
        _set(self, "points", tuple(_as_int(v, "checker count") for v in self.points))
        _set(self, "top", tuple(_as_int(v, "top row point") for v in self.top))
        _set(self, "bottom", tuple(_as_int(v, "bottom row point") for v in self.bottom))
        _set(self, "labels", dict(self.labels))
        _set(self, "bar", tuple(_as_int(v, "bar count") for v in self.bar))
        _set(self, "off", tuple(_as_int(v, "off count") for v in self.off))
        _set(self, "dice", tuple(_as_int(v, "die face") for v in self.dice))
        _set(self, "arrows", tuple(self.arrows))
        _set(self, "highlight", frozenset(_as_int(v, "highlight") for v in self.highlight))
        _set(self, "coins", frozenset(_as_int(v, "coin") for v in self.coins))
        _set(self, "jetons", tuple(self.jetons))
        _set(self, "fichets", tuple(self.fichets))
        _validate(self)


# --- validation ----------------------------------------------------------------------------


def _as_int(value: object, what: str) -> int:
    """Accept ints (numpy ints too) but not bools or floats, which would hide caller bugs."""
    if isinstance(value, bool):
        raise ValueError(f"{what} must be an integer, not {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise ValueError(f"{what} must be an integer, not {value!r}") from None


def _check_endpoint(ref: object, special: str, which: str) -> None:
    if ref == special and isinstance(ref, str):
        return
    if isinstance(ref, int) and not isinstance(ref, bool) and 1 <= ref <= 24:
        return
    raise ValueError(f"arrow {which} must be a point 1..24 or {special!r}, not {ref!r}")


def _check_point(ref: object, what: str) -> None:
    if not (isinstance(ref, int) and not isinstance(ref, bool) and 1 <= ref <= 24):
        raise ValueError(f"{what} must be a point 1..24, not {ref!r}")


def _validate(pic: Picture) -> None:
    if len(pic.points) != 24:
        raise ValueError(f"points must hold 24 counts, got {len(pic.points)}")
    _validate_rows(pic.top, pic.bottom)
    for name, pair in (("bar", pic.bar), ("off", pic.off)):
        if len(pair) != 2 or min(pair) < 0:
            raise ValueError(f"{name} must be two non-negative counts (white, black): {pair}")
    if len(pic.dice) not in (0, 2, 4):
        raise ValueError(f"dice must hold 0, 2 or 4 faces, got {len(pic.dice)}")
    if any(not 1 <= d <= 6 for d in pic.dice):
        raise ValueError(f"die faces must be 1..6: {pic.dice}")
    for key, text in pic.labels.items():
        if isinstance(key, bool) or not isinstance(key, int) or not 1 <= key <= 24:
            raise ValueError(f"label keys must be points 1..24, not {key!r}")
        if not isinstance(text, str):
            raise ValueError(f"label of point {key} must be a string, not {text!r}")
    if any(not 1 <= p <= 24 for p in pic.highlight):
        raise ValueError(f"highlighted points must be 1..24: {sorted(pic.highlight)}")
    _validate_arrows(pic)
    _validate_trictrac(pic)


def _validate_rows(top: tuple[int, ...], bottom: tuple[int, ...]) -> None:
    for name, row in (("top", top), ("bottom", bottom)):
        if len(row) not in (0, 6, 12):
            raise ValueError(f"{name} row must list 0, 6 or 12 points, got {len(row)}")
        if any(not 1 <= p <= 24 for p in row):
            raise ValueError(f"{name} row has a point outside 1..24: {row}")
    if not top and not bottom:
        raise ValueError("top and bottom rows are both empty: nothing to draw")
    both = top + bottom
    if len(set(both)) != len(both):
        repeated = sorted({p for p in both if both.count(p) > 1})
        raise ValueError(f"rows repeat point(s) {repeated}")


def _validate_arrows(pic: Picture) -> None:
    shown = set(pic.top) | set(pic.bottom)
    for arrow in pic.arrows:
        if not isinstance(arrow, Arrow):
            raise ValueError(f"arrows must be Arrow instances, not {arrow!r}")
        for ref in (arrow.start, arrow.end, arrow.via):
            if isinstance(ref, int) and ref not in shown:
                raise ValueError(f"arrow endpoint {ref} is not a drawn point of this picture")


def _validate_trictrac(pic: Picture) -> None:
    """Rail furniture needs the rails, and stands opposite points of a drawn row."""
    furnished = pic.coins or pic.jetons or pic.fichets
    if furnished and not pic.holes:
        raise ValueError("coins, jetons and fichets belong on a Trictrac board: set holes")
    for row in (pic.top, pic.bottom):
        if pic.holes and len(row) not in (0, 12):
            raise ValueError("a Trictrac board shows whole rows of twelve points")
    shown = set(pic.top) | set(pic.bottom)
    for jeton in pic.jetons:
        if not set(jeton.points) <= shown:
            raise ValueError(f"jeton before {jeton.points}: not drawn points")
        if len(jeton.points) == 2 and not _neighbours(pic, *jeton.points):
            raise ValueError(f"jeton between {jeton.points}: not neighbours in one row")
    for point in (*pic.coins, *(f.point for f in pic.fichets)):
        if point not in shown:
            raise ValueError(f"point {point} of a coin or fichet is not drawn")


def _neighbours(pic: Picture, first: int, second: int) -> bool:
    for row in (pic.top, pic.bottom):
        if first in row and second in row:
            return abs(row.index(first) - row.index(second)) == 1
    return False


# --- layout --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Layout:
    """Where the parts of the board go, in units; y grows upward."""

    cols: int
    has_ribba: bool
    bar_x: float | None  # centre of the ribba or of the strip's bar box; None = no bar
    play_left: float
    play_right: float
    play_bottom: float
    play_top: float
    tray_x: float
    frame_bottom: float
    frame_top: float
    frame_right: float
    dice_x: float | None
    width: float
    height: float

    @property
    def mid_y(self) -> float:
        return (self.play_bottom + self.play_top) / 2

    def col_x(self, col: int) -> float:
        """Centre of a column; columns 6..11 of a full row sit beyond the ribba."""
        skip = _BAR_W if self.has_ribba and col >= 6 else 0.0
        return self.play_left + col + 0.5 + skip


def _layout(pic: Picture) -> _Layout:
    cols = max(len(pic.top), len(pic.bottom))
    has_ribba = cols == 12
    needs_box = not has_ribba and (any(pic.bar) or any(a.start == "bar" for a in pic.arrows))
    left = _OUTER + _FRAME + (_BAR_W + _FRAME if needs_box else 0.0)
    right = left + cols + (_BAR_W if has_ribba else 0.0)
    tray_x = right + _FRAME + _TRAY_W / 2
    frame_right = tray_x + _TRAY_W / 2 + _FRAME
    # Full boards always reserve the dice column, so that every full board has one size.
    dice_x = frame_right + _DICE_COL / 2 if (pic.dice or has_ribba) else None
    width = (dice_x + _DICE_COL / 2 if dice_x is not None else frame_right) + _OUTER
    bottom_margin = _LABEL_MARGIN if any(p in pic.labels for p in pic.bottom) else 0.0
    top_margin = _LABEL_MARGIN if any(p in pic.labels for p in pic.top) else 0.0
    play_h = 2 * _POINT_LEN + _ROW_GAP if (pic.top and pic.bottom) else _POINT_LEN + _SINGLE_PAD
    rail = _RAIL if pic.holes else _FRAME  # the long sides; the short ones stay narrow
    play_bottom = _OUTER + bottom_margin + rail
    play_top = play_bottom + play_h
    if has_ribba:
        bar_x: float | None = left + 6 + _BAR_W / 2
    else:
        bar_x = _OUTER + _FRAME + _BAR_W / 2 if needs_box else None
    return _Layout(
        cols=cols,
        has_ribba=has_ribba,
        bar_x=bar_x,
        play_left=left,
        play_right=right,
        play_bottom=play_bottom,
        play_top=play_top,
        tray_x=tray_x,
        frame_bottom=play_bottom - rail,
        frame_top=play_top + rail,
        frame_right=frame_right,
        dice_x=dice_x,
        width=width,
        height=play_top + rail + top_margin + _OUTER,
    )


@dataclass(frozen=True)
class _Point:
    col: int
    x: float
    base: float  # y of the board edge the point stands on
    direction: int  # +1: the point rises from the bottom edge; -1: it hangs from the top


def _point_geometry(pic: Picture, lay: _Layout) -> dict[int, _Point]:
    geo: dict[int, _Point] = {}
    for col, p in enumerate(pic.top):
        geo[p] = _Point(col, lay.col_x(col), lay.play_top, -1)
    for col, p in enumerate(pic.bottom):
        geo[p] = _Point(col, lay.col_x(col), lay.play_bottom, +1)
    return geo


def _slot_y(base: float, direction: int, k: int) -> float:
    """Centre of the k-th checker (0 = nearest the base) of a stack."""
    return base + direction * (_EDGE_PAD + _CHECKER_D / 2 + k * _CHECKER_D)


def _bar_slot(lay: _Layout, colour: str, k: int) -> tuple[float, float]:
    """Bar checkers stack outward from the middle: white below, black above."""
    assert lay.bar_x is not None
    direction = -1 if colour == "w" else 1
    return lay.bar_x, _slot_y(lay.mid_y + direction * 0.06, direction, k)


def _bar_capacity(lay: _Layout) -> int:
    half = (lay.play_top - lay.play_bottom) / 2
    return max(1, min(_MAX_BAR, int((half - 0.1) / _CHECKER_D)))


def _off_pitch(lay: _Layout) -> float:
    """Distance between borne-off bars: 15 of them plus a count must fit in half the tray."""
    half = (lay.play_top - lay.play_bottom) / 2
    return min(0.28, (half - 0.6) / _MAX_OFF_BARS)


def _off_base(lay: _Layout, colour: str) -> tuple[float, int]:
    """White bears off into the lower half of the tray, black into the upper half."""
    return (lay.play_bottom, 1) if colour == "w" else (lay.play_top, -1)


# --- drawing -------------------------------------------------------------------------------


def _pt(units: float) -> float:
    """Convert a length in board units to typographic points (for markers and lines)."""
    return units * _PT_PER_UNIT


def _new_figure(lay: _Layout) -> tuple[Figure, Axes]:
    inch = CM_PER_UNIT / 2.54
    fig = Figure(figsize=(lay.width * inch, lay.height * inch), facecolor=_BACKGROUND)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0.0, lay.width)
    ax.set_ylim(0.0, lay.height)
    ax.set_axis_off()
    return fig, ax


def _rect(ax: Axes, x0: float, y0: float, x1: float, y1: float, **style: Any) -> None:
    ax.add_patch(Rectangle((x0, y0), x1 - x0, y1 - y0, clip_on=False, **style))


def _draw_frame(ax: Axes, lay: _Layout) -> None:
    _rect(
        ax,
        _OUTER,
        lay.frame_bottom,
        lay.frame_right,
        lay.frame_top,
        facecolor=_FRAME_FILL,
        edgecolor=_FRAME_EDGE,
        linewidth=1.0,
        zorder=0,
    )
    fields = [(lay.play_left, lay.play_right)]
    if lay.has_ribba:
        fields = [(lay.play_left, lay.play_left + 6), (lay.play_left + 6 + _BAR_W, lay.play_right)]
    fields.append((lay.tray_x - _TRAY_W / 2, lay.tray_x + _TRAY_W / 2))
    if lay.bar_x is not None and not lay.has_ribba:
        fields.append((lay.bar_x - _BAR_W / 2, lay.bar_x + _BAR_W / 2))
    for x0, x1 in fields:
        _rect(
            ax,
            x0,
            lay.play_bottom,
            x1,
            lay.play_top,
            facecolor=_SURFACE,
            edgecolor=_FRAME_EDGE,
            linewidth=0.6,
            zorder=1,
        )


def _triangle(pt: _Point) -> list[tuple[float, float]]:
    half = 0.5
    tip = pt.base + pt.direction * _POINT_LEN
    return [(pt.x - half, pt.base), (pt.x + half, pt.base), (pt.x, tip)]


def point_colours(pic: Picture) -> dict[int, Literal["dark", "light"]]:
    """The colour of every drawn point.

    Colours alternate along each row and are offset by one between the rows, so that two
    facing points differ: then they alternate along any path that runs down one row and
    back up the other, across the fold too, and an even number of points always lands on
    the colour it starts from (fr 4855; de 3376; da 752; sv 2145).
    """
    colours: dict[int, Literal["dark", "light"]] = {}
    for offset, row in ((0, pic.top), (1, pic.bottom)):
        for col, p in enumerate(row):
            colours[p] = "dark" if (col + offset) % 2 == 0 else "light"
    return colours


def _draw_points(ax: Axes, pic: Picture, geo: dict[int, _Point]) -> None:
    colours = point_colours(pic)
    for name, colour in (("dark", _DARK_POINT), ("light", _LIGHT_POINT)):
        polys = [_triangle(pt) for p, pt in geo.items() if colours[p] == name]
        if polys:
            collection = PolyCollection(
                polys,
                facecolors=colour,
                edgecolors=_POINT_EDGE,
                linewidths=0.4,
                zorder=2,
                clip_on=False,
            )
            if pic.holes:  # named groups in the SVG, so tests can read the colours back
                collection.set_gid(f"points-{name}")
            ax.add_collection(collection)
    coins = [_triangle(geo[p]) for p in sorted(pic.coins)]
    if coins:  # the coin de repos: outlined heavily (fr 4824)
        outline = PolyCollection(
            coins, facecolors="none", edgecolors=_FRAME_EDGE, linewidths=1.8, zorder=2.5
        )
        outline.set_gid("coins")
        outline.set_clip_on(False)
        ax.add_collection(outline)
    marked = [_triangle(geo[p]) for p in sorted(pic.highlight) if p in geo]
    if marked:
        ax.add_collection(
            PolyCollection(
                marked, facecolors=_HIGHLIGHT, alpha=0.5, linewidths=0, zorder=3, clip_on=False
            )
        )


class _Checkers:
    """Collects checker centres so each colour becomes one marker line (tiny SVG output)."""

    def __init__(self) -> None:
        self.centres: dict[str, list[tuple[float, float]]] = {"w": [], "b": []}
        self.counts: list[tuple[float, float, str, int]] = []

    def stack(self, colour: str, slots: list[tuple[float, float]], count: int, cap: int) -> None:
        """Draw at most ``cap`` checkers; a taller stack shows its count on the outermost."""
        shown = slots[: min(count, cap)]
        self.centres[colour].extend(shown)
        if count > cap:
            x, y = shown[-1]
            self.counts.append((x, y, colour, count))

    def draw(self, ax: Axes) -> None:
        for colour, centres in self.centres.items():
            if not centres:
                continue
            fill, edge = _CHECKER[colour]
            edge_w = 1.0
            ax.add_line(
                Line2D(
                    [c[0] for c in centres],
                    [c[1] for c in centres],
                    linestyle="none",
                    marker="o",
                    markersize=_pt(_CHECKER_D) - edge_w,
                    markerfacecolor=fill,
                    markeredgecolor=edge,
                    markeredgewidth=edge_w,
                    zorder=5,
                    clip_on=False,
                )
            )
        for x, y, colour, count in self.counts:
            ax.text(
                x,
                y,
                str(count),
                ha="center",
                va="center",
                fontsize=10,
                fontweight="bold",
                color=_CHECKER[colour][1],
                zorder=6,
                clip_on=False,
            )


def _collect_checkers(pic: Picture, lay: _Layout, geo: dict[int, _Point]) -> _Checkers:
    checkers = _Checkers()
    for p, pt in geo.items():
        count = pic.points[p - 1]
        if count:
            colour = "w" if count > 0 else "b"
            slots = [(pt.x, _slot_y(pt.base, pt.direction, k)) for k in range(_MAX_STACK)]
            checkers.stack(colour, slots, abs(count), _MAX_STACK)
    if lay.bar_x is not None:
        cap = _bar_capacity(lay)
        for colour, count in zip("wb", pic.bar, strict=True):
            slots = [_bar_slot(lay, colour, k) for k in range(cap)]
            checkers.stack(colour, slots, count, cap)
    return checkers


# --- the Trictrac rails ---------------------------------------------------------------------


def _rail_y(lay: _Layout, pt: _Point, lane: Literal["inner", "holes"]) -> float:
    """y of a lane of the rail beside a point's base: jetons inside, holes outside."""
    depth = 0.32 if lane == "inner" else 0.74
    return pt.base - pt.direction * depth


def _rail_x(geo: dict[int, _Point], points: Sequence[int]) -> float:
    return sum(geo[p].x for p in points) / len(points)


def _markers(
    ax: Axes, xy: list[tuple[float, float]], gid: str, size: float, zorder: float, **style: object
) -> None:
    """One marker line (one SVG group of ``<use>`` elements) for a kind of rail furniture."""
    if not xy:
        return
    line = Line2D(
        [x for x, _ in xy],
        [y for _, y in xy],
        linestyle="none",
        markersize=_pt(size),
        zorder=zorder,
        clip_on=False,
        **style,  # type: ignore[arg-type]
    )
    line.set_gid(gid)
    ax.add_line(line)


def _draw_rails(ax: Axes, pic: Picture, lay: _Layout, geo: dict[int, _Point]) -> None:
    """Holes opposite every point, the pegs in them, the jetons and the coins' marks."""
    if not pic.holes:
        return
    holes = [(pt.x, _rail_y(lay, pt, "holes")) for pt in geo.values()]
    _markers(
        ax, holes, "holes", 2 * _HOLE, 3, marker="o", markerfacecolor=_HOLE_INK, markeredgewidth=0
    )
    coins = [(geo[p].x, _rail_y(lay, geo[p], "inner")) for p in sorted(pic.coins)]
    _markers(
        ax,
        coins,
        "coin-marks",
        0.42,
        3,
        marker="D",
        markerfacecolor=_COIN_MARK,
        markeredgecolor=_FRAME_EDGE,
        markeredgewidth=0.8,
    )
    for colour in ("w", "b"):
        pegs = [
            (geo[f.point].x, _rail_y(lay, geo[f.point], "holes"))
            for f in pic.fichets
            if f.colour == colour
        ]
        fill, edge = _CHECKER[colour]
        _markers(
            ax,
            pegs,
            f"fichets-{colour}",
            2 * _PEG,
            4,
            marker="o",
            markerfacecolor=fill,
            markeredgecolor=edge,
            markeredgewidth=1.0,
        )
        jetons = [
            (_rail_x(geo, j.points) + shift, _rail_y(lay, geo[j.points[0]], "inner"))
            for j in pic.jetons
            if j.colour == colour
            for shift in ((0.0,) if j.count == 1 else (-0.22, 0.22))
        ]
        _markers(
            ax,
            jetons,
            f"jetons-{colour}",
            2 * _JETON,
            4,
            marker="o",
            markerfacecolor=_JETON_FILL,
            markeredgecolor=_ARROW[colour],
            markeredgewidth=1.6,
        )


def _draw_off(ax: Axes, pic: Picture, lay: _Layout) -> None:
    pitch = _off_pitch(lay)
    half_w, half_t = 0.4, pitch * 0.36
    # One marker line per colour: the SVG then holds a single bar shape plus a <use> per bar.
    bar_shape = [(-1.0, -half_t / half_w), (1.0, -half_t / half_w), (1.0, half_t / half_w)]
    bar_shape.append((-1.0, half_t / half_w))
    for colour, count in zip("wb", pic.off, strict=True):
        if not count:
            continue
        base, direction = _off_base(lay, colour)
        n = min(count, _MAX_OFF_BARS)
        ys = [base + direction * (0.08 + (k + 0.36) * pitch) for k in range(n)]
        fill, edge = _CHECKER[colour]
        ax.add_line(
            Line2D(
                [lay.tray_x] * n,
                ys,
                linestyle="none",
                marker=cast(Any, bar_shape),  # a vertex list: matplotlib's stubs list int pairs
                markersize=_pt(2 * half_w),
                markerfacecolor=fill,
                markeredgecolor=edge,
                markeredgewidth=0.5,
                zorder=4,
                clip_on=False,
            )
        )
        # A fixed spot beyond the tallest possible stack, so arrows into the tray never hide it.
        label_y = base + direction * (0.08 + _MAX_OFF_BARS * pitch + 0.3)
        ax.text(
            lay.tray_x,
            label_y,
            str(count),
            ha="center",
            va="center",
            fontsize=8.5,
            fontweight="bold",
            color=_LABEL_INK,
            zorder=6,
            clip_on=False,
        )


def _draw_labels(ax: Axes, pic: Picture, lay: _Layout, geo: dict[int, _Point]) -> None:
    for p, pt in geo.items():
        text = pic.labels.get(p)
        if not text:
            continue
        if pt.direction < 0:
            y = lay.frame_top + _LABEL_MARGIN / 2
        else:
            y = lay.frame_bottom - _LABEL_MARGIN / 2
        ax.text(
            pt.x, y, text, ha="center", va="center", fontsize=7.5, color=_LABEL_INK, clip_on=False
        )


_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, 1), (1, -1)),
    3: ((-1, 1), (0, 0), (1, -1)),
    4: ((-1, 1), (1, 1), (-1, -1), (1, -1)),
    5: ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)),
    6: ((-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)),
}


def _dice_centres(lay: _Layout, count: int) -> list[tuple[float, float]]:
    assert lay.dice_x is not None
    xs = (lay.dice_x - 0.5, lay.dice_x + 0.5)
    ys = (lay.mid_y,) if count == 2 else (lay.mid_y + 0.5, lay.mid_y - 0.5)
    return [(x, y) for y in ys for x in xs]


def _draw_dice(ax: Axes, pic: Picture, lay: _Layout) -> None:
    if not pic.dice:
        return
    pips: list[tuple[float, float]] = []
    step = _DIE * 0.26
    for face, (cx, cy) in zip(pic.dice, _dice_centres(lay, len(pic.dice)), strict=True):
        ax.add_patch(
            FancyBboxPatch(
                (cx - _DIE / 2, cy - _DIE / 2),
                _DIE,
                _DIE,
                boxstyle=f"round,pad=0,rounding_size={_DIE * 0.18}",
                facecolor="#ffffff",
                edgecolor="#222222",
                linewidth=1.0,
                zorder=4,
                clip_on=False,
            )
        )
        pips.extend((cx + i * step, cy + j * step) for i, j in _PIPS[face])
    ax.add_line(
        Line2D(
            [p[0] for p in pips],
            [p[1] for p in pips],
            linestyle="none",
            marker="o",
            markersize=_pt(_DIE * 0.17),
            markerfacecolor="#222222",
            markeredgewidth=0,
            zorder=5,
            clip_on=False,
        )
    )


# --- arrows --------------------------------------------------------------------------------


def _stack_end(pic: Picture, pt: _Point, p: int, colour: str, landing: bool) -> float:
    """y of the moving checker (outermost of its stack) or of the landing slot."""
    count = pic.points[p - 1]
    own = count > 0 if colour == "w" else count < 0
    height = abs(count) if own else 0
    k = height if landing else height - 1
    return _slot_y(pt.base, pt.direction, max(0, min(k, _MAX_STACK - 1)))


def _bar_end(pic: Picture, lay: _Layout, colour: str) -> tuple[float, float]:
    count = pic.bar[0 if colour == "w" else 1]
    k = max(0, min(count, _bar_capacity(lay)) - 1)
    return _bar_slot(lay, colour, k)


def _off_end(pic: Picture, lay: _Layout, colour: str) -> tuple[float, float]:
    count = pic.off[0 if colour == "w" else 1]
    base, direction = _off_base(lay, colour)
    k = min(count, _MAX_OFF_BARS - 1)
    return lay.tray_x, base + direction * (0.08 + (k + 0.36) * _off_pitch(lay))


def _endpoint(
    pic: Picture, lay: _Layout, geo: dict[int, _Point], ref: PointRef, colour: str, landing: bool
) -> tuple[float, float]:
    if ref == "bar":
        return _bar_end(pic, lay, colour)
    if ref == "off":
        return _off_end(pic, lay, colour)
    assert isinstance(ref, int)
    pt = geo[ref]
    return pt.x, _stack_end(pic, pt, ref, colour, landing)


def _curvature(
    lay: _Layout, a: tuple[float, float], b: tuple[float, float], index: int, base: float = 0.22
) -> float:
    """Bend every arrow toward the middle of the board, each index a little more.

    With matplotlib's ``arc3`` the control point lies at ``mid + rad * (dy, -dx)``;
    the sign of ``rad`` is chosen so that this offset points toward the board centre,
    which keeps arrows over the playing surface instead of off the page.
    """
    magnitude = base + 0.09 * index
    dx, dy = b[0] - a[0], b[1] - a[1]
    centre_x = (lay.play_left + lay.play_right) / 2
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    toward = dy * (centre_x - mx) - dx * (lay.mid_y - my)
    return magnitude if toward >= 0 else -magnitude


def _burst(x: float, y: float, spikes: int = 8) -> list[tuple[float, float]]:
    outer, inner = 0.42, 0.18
    verts = []
    for i in range(2 * spikes):
        r = outer if i % 2 == 0 else inner
        angle = math.pi * i / spikes + math.pi / 2
        verts.append((x + r * math.cos(angle), y + r * math.sin(angle)))
    return verts


def _draw_arrow(
    ax: Axes, pic: Picture, lay: _Layout, geo: dict[int, _Point], arrow: Arrow, index: int
) -> None:
    if arrow.kind in _HIT_KINDS:
        _draw_hit(ax, pic, lay, geo, arrow, index)
        return
    colour = _ARROW[arrow.colour]
    a = _endpoint(pic, lay, geo, arrow.start, arrow.colour, landing=False)
    b = _endpoint(pic, lay, geo, arrow.end, arrow.colour, landing=True)
    rad = _curvature(lay, a, b, index)
    # A hit or burst mark sits on the landing spot; stop the head at its rim so both show.
    shrink_b = _pt(_CHECKER_D * 0.4) if arrow.kind != "move" else 4.0
    halo = [patheffects.withStroke(linewidth=4.2, foreground="#ffffff")]
    ax.add_patch(
        FancyArrowPatch(
            a,
            b,
            connectionstyle=f"arc3,rad={rad:.2f}",
            arrowstyle="-|>,head_length=0.55,head_width=0.3",
            mutation_scale=16,
            linewidth=2.0,
            color=colour,
            shrinkA=_pt(_CHECKER_D * 0.42),  # start at the checker's rim: keeps its count legible
            shrinkB=shrink_b,
            path_effects=halo,
            zorder=7,
            clip_on=False,
        )
    )
    if arrow.kind == "hit":
        _mark_hit(ax, b, colour)
    elif arrow.kind == "explode":
        ax.add_patch(
            Polygon(
                _burst(*b),
                closed=True,
                facecolor="#ffc61a",
                edgecolor=colour,
                linewidth=1.0,
                zorder=8,
                clip_on=False,
            )
        )
    if arrow.label:
        _arrow_label(ax, _label_spot(a, b, rad), arrow.label, colour)


def _draw_hit(
    ax: Axes, pic: Picture, lay: _Layout, geo: dict[int, _Point], arrow: Arrow, index: int
) -> None:
    """A Trictrac hit: the hitting checker stays, so the arrow only points at the blot.

    À vrai: a solid line, a filled head and a cross on the blot; à faux (every passage
    closed, fr 4768): a dashed line, a hollow head and a ring. A hit by the two dice added
    bends through its passage ``via``.
    """
    colour = _ARROW[arrow.colour]
    faux = arrow.kind == "faux"
    a = _endpoint(pic, lay, geo, arrow.start, arrow.colour, landing=False)
    b = _endpoint(pic, lay, geo, arrow.end, arrow.colour, landing=True)
    legs = [(a, b)]
    if arrow.via is not None:
        v = _endpoint(pic, lay, geo, arrow.via, arrow.colour, landing=True)
        legs = [(a, v), (v, b)]
    style = {
        "linewidth": 2.0,
        "linestyle": _FAUX_DASH if faux else "solid",
        "edgecolor": colour,
        "facecolor": "#ffffff" if faux else colour,
        "path_effects": [patheffects.withStroke(linewidth=4.2, foreground="#ffffff")],
        "mutation_scale": 16,
        "zorder": 7,
        "clip_on": False,
    }
    rad = 0.0
    for number, (start, end) in enumerate(legs, start=1):
        last = number == len(legs)
        rad = _curvature(lay, start, end, index, base=0.05)  # hits share ends: bend little
        patch = FancyArrowPatch(
            start,
            end,
            connectionstyle=f"arc3,rad={rad:.2f}",
            arrowstyle="-|>,head_length=0.55,head_width=0.3" if last else "-",
            shrinkA=_pt(_CHECKER_D * 0.42) if number == 1 else 0.0,
            shrinkB=_pt(_CHECKER_D * 0.4) if last else 0.0,
            **style,  # type: ignore[arg-type]
        )
        patch.set_gid(f"hit-{arrow.kind}-{index}" + ("" if last else "-passage"))
        ax.add_patch(patch)
    if faux:
        _mark_ring(ax, b, colour, f"hit-{arrow.kind}-{index}-mark")
    else:
        _mark_hit(ax, b, colour, f"hit-{arrow.kind}-{index}-mark")
    if arrow.label and arrow.via is not None:  # at the passage: hits on one blot differ there
        x, y = legs[0][1]
        _arrow_label(ax, (x, y + (0.6 if y < lay.mid_y else -0.6)), arrow.label, colour)
    elif arrow.label:
        _arrow_label(ax, _label_spot(*legs[-1], rad), arrow.label, colour)


def _mark_ring(ax: Axes, at: tuple[float, float], colour: str, gid: str) -> None:
    ring = Line2D(
        [at[0]],
        [at[1]],
        linestyle="none",
        marker="o",
        markersize=_pt(0.42),
        markerfacecolor="none",
        markeredgecolor=colour,
        markeredgewidth=2.0,
        zorder=8,
        clip_on=False,
    )
    ring.set_gid(gid)
    ax.add_line(ring)


def _mark_hit(ax: Axes, at: tuple[float, float], colour: str, gid: str | None = None) -> None:
    cross = Line2D(
        [at[0]],
        [at[1]],
        linestyle="none",
        marker="X",
        markersize=_pt(0.42),
        markerfacecolor=colour,
        markeredgecolor="#ffffff",
        markeredgewidth=0.8,
        zorder=8,
        clip_on=False,
    )
    if gid:
        cross.set_gid(gid)
    ax.add_line(cross)


def _label_spot(a: tuple[float, float], b: tuple[float, float], rad: float) -> tuple[float, float]:
    """A spot beside the curve near its head, on the bulging (board-centre) side.

    ``arc3`` draws a quadratic Bézier with control point ``c = mid + rad * (dy, -dx)``;
    the label goes at t = 0.8 on that curve, pushed further along the bulge direction so
    it neither hides the head nor the checkers at the landing spot.
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    c = ((a[0] + b[0]) / 2 + rad * dy, (a[1] + b[1]) / 2 - rad * dx)
    t = 0.8
    x, y = ((1 - t) ** 2 * a[i] + 2 * t * (1 - t) * c[i] + t**2 * b[i] for i in (0, 1))
    length = math.hypot(dx, dy) or 1.0
    sign = 1.0 if rad >= 0 else -1.0
    return x + sign * dy / length * 0.45, y - sign * dx / length * 0.45


def _arrow_label(ax: Axes, at: tuple[float, float], text: str, colour: str) -> None:
    ax.text(
        at[0],
        at[1],
        text,
        ha="center",
        va="center",
        fontsize=8.5,
        fontweight="bold",
        color=colour,
        zorder=9,
        clip_on=False,
        bbox={
            "boxstyle": "round,pad=0.15",
            "facecolor": "#ffffff",
            "edgecolor": colour,
            "linewidth": 0.6,
        },
    )


# --- arrows for a page's own drawing over a board (the site's "try a roll") ----------------

_OVERLAY_DIGITS = 2


@dataclass(frozen=True)
class Overlay:
    """Where a board's arrows go, for a browser to draw them over the board's SVG: the
    board's size in units (the SVG's aspect) and, per arrow, an SVG path in those units with
    y growing downward, as in the SVG itself."""

    width: float
    height: float
    arrows: tuple[dict[str, object], ...]


def overlay(picture: Picture, arrows: Sequence[Arrow]) -> Overlay:
    """The paths of ``arrows`` over ``picture`` as :func:`render_svg` would draw them on
    it (the same ends, bends and marks), for arrows drawn by the page rather than baked
    into the drawing. An arrow with an end the picture does not draw (a quarter view) is
    left out: a browser cannot draw it either."""
    lay = _layout(picture)
    geo = _point_geometry(picture, lay)
    paths: list[dict[str, object]] = []
    for index, arrow in enumerate(arrows):
        if not _drawable(arrow, lay, geo):
            continue
        a = _endpoint(picture, lay, geo, arrow.start, arrow.colour, landing=False)
        b = _endpoint(picture, lay, geo, arrow.end, arrow.colour, landing=True)
        hit = arrow.kind in _HIT_KINDS
        legs = [(a, b)]
        if arrow.via is not None:
            via = _endpoint(picture, lay, geo, arrow.via, arrow.colour, landing=True)
            legs = [(a, via), (via, b)]
        parts = []
        for number, (start, end) in enumerate(legs, start=1):
            rad = _curvature(lay, start, end, index, base=0.05 if hit else 0.22)
            shrink_a = _CHECKER_D * 0.42 if number == 1 else 0.0
            shrink_b = 0.0 if number < len(legs) else _head_gap(arrow)
            parts.append(_quadratic(start, end, rad, shrink_a, shrink_b, lay.height))
        path: dict[str, object] = {
            "d": "".join(parts),
            "colour": _ARROW[arrow.colour],
            "kind": arrow.kind,
            "label": arrow.label,
        }
        if arrow.kind != "move":
            path["mark"] = [_round(b[0]), _round(lay.height - b[1])]
        paths.append(path)
    return Overlay(_round(lay.width), _round(lay.height), tuple(paths))


def _drawable(arrow: Arrow, lay: _Layout, geo: dict[int, _Point]) -> bool:
    for ref in (arrow.start, arrow.end, arrow.via):
        if isinstance(ref, int) and ref not in geo:
            return False
        if ref == "bar" and lay.bar_x is None:
            return False
    return True


def _head_gap(arrow: Arrow) -> float:
    """How far short of its end an arrow's head stops, in units (as _draw_arrow shrinks it:
    to a hit's mark, or a few points before the landing spot)."""
    return _CHECKER_D * 0.4 if arrow.kind != "move" else 4.0 / _PT_PER_UNIT


def _quadratic(
    a: tuple[float, float],
    b: tuple[float, float],
    rad: float,
    shrink_a: float,
    shrink_b: float,
    height: float,
) -> str:
    """matplotlib's ``arc3`` curve from ``a`` to ``b`` (control point ``mid + rad * (dy,
    -dx)``), its ends pulled in along the curve, as an SVG path with y flipped."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    c = ((a[0] + b[0]) / 2 + rad * dy, (a[1] + b[1]) / 2 - rad * dx)
    a = _toward(a, c, shrink_a)
    b = _toward(b, c, shrink_b)
    x1, y1, cx, cy, x2, y2 = (_round(v) for v in (*a, *c, *b))
    return f"M{x1} {_round(height - y1)}Q{cx} {_round(height - cy)} {x2} {_round(height - y2)}"


def _toward(
    point: tuple[float, float], target: tuple[float, float], by: float
) -> tuple[float, float]:
    dx, dy = target[0] - point[0], target[1] - point[1]
    length = math.hypot(dx, dy)
    if not by or not length:
        return point
    step = min(by, length * 0.45) / length
    return point[0] + dx * step, point[1] + dy * step


def _round(value: float) -> float:
    return round(value, _OVERLAY_DIGITS)


# --- output --------------------------------------------------------------------------------


def _draw(pic: Picture) -> Figure:
    lay = _layout(pic)
    geo = _point_geometry(pic, lay)
    fig, ax = _new_figure(lay)
    _draw_frame(ax, lay)
    _draw_rails(ax, pic, lay, geo)
    _draw_points(ax, pic, geo)
    _collect_checkers(pic, lay, geo).draw(ax)
    _draw_off(ax, pic, lay)
    _draw_labels(ax, pic, lay, geo)
    _draw_dice(ax, pic, lay)
    for index, arrow in enumerate(pic.arrows):
        _draw_arrow(ax, pic, lay, geo, arrow, index)
    return fig


def _render(
    pic: Picture, fmt: str, metadata: dict[str, str | None], dpi: float | None = None
) -> bytes:
    if not isinstance(pic, Picture):
        raise ValueError(f"expected a Picture, not {type(pic).__name__}")
    buf = io.BytesIO()
    with _RENDER_LOCK, mpl.rc_context():
        # Start from matplotlib's defaults so a user's matplotlibrc cannot change the bytes.
        mpl.rcdefaults()
        cast(Any, mpl.rcParams).update(_RC)  # the stubs accept only literal keys
        fig = _draw(pic)
        fig.savefig(buf, format=fmt, metadata=metadata, facecolor=_BACKGROUND, dpi=dpi or "figure")
    return buf.getvalue()


def render_svg(picture: Picture) -> str:
    """Return the picture as an SVG document (text kept as text, fixed ids, no date)."""
    return _render(picture, "svg", _SVG_METADATA).decode("utf-8")


def render_pdf(picture: Picture) -> bytes:
    """Return the picture as a vector PDF with an embedded font subset and no dates."""
    return _render(picture, "pdf", _PDF_METADATA)


def render_png(picture: Picture) -> bytes:
    """Return the picture as a PNG (a page's link preview), with no software or date."""
    return _render(picture, "png", _PNG_METADATA, dpi=PNG_DPI)


_RENDERERS = {
    "svg": lambda p: render_svg(p).encode("utf-8"),
    "pdf": render_pdf,
    "png": render_png,
}


def save(picture: Picture, stem: Path, formats: Iterable[str] = ("svg", "pdf")) -> list[Path]:
    """Write ``stem.<format>`` for each format and return the paths, in the order given.

    Everything is rendered before anything is written, and each file is written to a
    temporary file in the same directory and then moved into place with ``os.replace``,
    so a reader (or a crashed build) never sees a half-written diagram.
    """
    stem = Path(stem)
    wanted: Sequence[str] = tuple(formats)
    unknown = [f for f in wanted if f not in _RENDERERS]
    if unknown:
        raise ValueError(f"unknown format(s) {unknown}; use {', '.join(_RENDERERS)}")
    data = {fmt: _RENDERERS[fmt](picture) for fmt in wanted}
    stem.parent.mkdir(parents=True, exist_ok=True)
    paths = []
    for fmt in wanted:
        # Name-append rather than with_suffix(): a stem such as "fig.2" must keep its ".2".
        path = stem.with_name(f"{stem.name}.{fmt}")
        write_atomically(path, data[fmt])
        paths.append(path)
    return paths
