"""Positions written the short way in the family's tests: ``{absolute point: "3w"}``."""

from __future__ import annotations

from engine.core.position import Position
from engine.games import read_position


def board(points: dict[int, str]) -> str:
    """A BOARD field from {absolute point: '3w'}."""
    cells = ["-"] * 24
    for point, cell in points.items():
        cells[point - 1] = cell
    return "/".join(",".join(cells[q * 6 : q * 6 + 6]) for q in range(4))


def read(
    game: str, points: dict[int, str], turn: str = "w", roll: str = "-", **fields: str
) -> Position:
    """The position of ``game`` with those points, whose turn, roll and extra fields."""
    extra = " ".join(f"{k}={v}" for k, v in fields.items())
    return read_position(f"{game} {board(points)} {turn} {roll} {extra}".strip())
