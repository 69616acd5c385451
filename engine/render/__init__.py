"""Board pictures for the rulebook: see :mod:`engine.render.board`."""

from engine.render.board import (
    Arrow,
    Fichet,
    Jeton,
    Picture,
    PointRef,
    point_colours,
    render_pdf,
    render_svg,
    save,
)

__all__ = [
    "Arrow",
    "Fichet",
    "Jeton",
    "Picture",
    "PointRef",
    "point_colours",
    "render_pdf",
    "render_svg",
    "save",
]
