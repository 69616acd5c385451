"""Errors the engine reports to people: each names what is wrong and where."""

from __future__ import annotations


class TabulaError(Exception):
    """Base class of every error the engine raises on purpose (bad input, illegal play)."""


class NotationError(TabulaError):
    """A position, roll or play that cannot be read.

    ``field`` names the part of the notation (``board``, ``turn``, ``dice``, ``bar`` …) and
    ``column`` the 1-based character where the trouble starts, so that a reader who typed the
    string can find the mistake without a traceback.
    """

    def __init__(self, message: str, *, field: str, column: int | None = None) -> None:
        self.message = message
        self.field = field
        self.column = column
        where = f"field '{field}'" + (f", column {column}" if column is not None else "")
        super().__init__(f"{where}: {message}")


class IllegalPosition(TabulaError):
    """A position that reads well but cannot occur under the game's rules (16 checkers …)."""


class IllegalPlay(TabulaError):
    """A play that the rules do not allow in the given position and roll."""
