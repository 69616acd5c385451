"""What every claim shares, whatever it is about — a board, a count of throws, a ledger: its
envelope and the verdict on it. One module, so the three kinds of claim cannot drift apart.

The envelope of a claim (a ``[[claim]]`` table of a figure specification) is its ``id``, the
``lines`` of the text that make it (required), optionally the sentence it checks (``says``),
and, for a sentence the engine shows wrong, ``disagrees = true`` with a ``note`` saying why
(required with it): the check then passes only while the engine still disagrees, so a wrong
sentence can never pass silently. The cited lines must exist and hold the words the claim
quotes (:mod:`engine.citations`), so a claim cannot check a sentence its lines do not give.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from . import citations
from .core.errors import TabulaError

ENVELOPE = frozenset({"id", "lines", "says", "disagrees", "note"})


class ClaimError(TabulaError):
    """A claim written in a way the checker cannot read."""


@dataclass(frozen=True)
class ClaimResult:
    """The verdict on one claim: ``holds`` says whether the text's statement is true."""

    figure: str
    claim: str
    lines: str
    holds: bool
    problems: tuple[str, ...]
    disagrees: bool

    @property
    def passed(self) -> bool:
        """A claim passes when the engine agrees — or, for a recorded disagreement, disagrees."""
        return self.holds != self.disagrees

    def describe(self) -> str:
        kind = "sequence" if self.figure.startswith("sequences/") else "figure"
        head = f"{kind} {self.figure}, claim '{self.claim}' ({self.lines})"
        if self.passed and self.disagrees:
            return f"{head}: the text is wrong, as recorded: {'; '.join(self.problems)}"
        if self.passed:
            return f"{head}: holds"
        if self.disagrees:
            return f"{head}: recorded as wrong, but the engine now agrees with the text"
        return f"{head}: {'; '.join(self.problems)}"


def where(figure: str, claim: Mapping[str, Any]) -> str:
    """How an error names a claim."""
    return f"figure {figure}, claim '{claim.get('id')}'"


def check_envelope(claim: Mapping[str, Any], keys: Collection[str], place: str) -> None:
    """The claim's keys are the envelope's or ``keys`` (its kind's statements), it says where
    the text makes it, those lines hold the words it quotes, and a recorded disagreement
    says why."""
    unknown = sorted(set(claim) - ENVELOPE - set(keys))
    if unknown:
        raise ClaimError(f"{place}: unknown key(s) {', '.join(unknown)}")
    if "lines" not in claim:
        raise ClaimError(f"{place}: says nothing of where the text makes it ('lines')")
    says = claim.get("says")
    if says is not None and not isinstance(says, str):
        raise ClaimError(f"{place}: 'says' must be the sentence, a string")
    wrong = citations.problems(str(claim["lines"]), says)
    if wrong:
        raise ClaimError(f"{place}: {'; '.join(wrong)}")
    if claim.get("disagrees") and not claim.get("note"):
        raise ClaimError(f"{place}: a recorded disagreement needs a 'note' saying why")


def verdict(figure: str, claim: Mapping[str, Any], problems: list[str]) -> ClaimResult:
    """The result of a claim whose check found ``problems`` (none: the statement holds)."""
    return ClaimResult(
        figure=figure,
        claim=str(claim["id"]),
        lines=str(claim["lines"]),
        holds=not problems,
        problems=tuple(problems),
        disagrees=bool(claim.get("disagrees", False)),
    )
