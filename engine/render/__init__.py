"""Board pictures for the rulebook: see :mod:`engine.render.board`."""

from engine.render.board import Arrow, Picture, PointRef, render_pdf, render_svg, save

__all__ = ["Arrow", "Picture", "PointRef", "render_pdf", "render_svg", "save"]
