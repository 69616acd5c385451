"""*École*: what the other may claim when a player marks wrongly (fr 4700, 4782–4792,
4902–4966; laws 5458–5468).

Points not marked before touching one's checkers, or marked too many, are *école*: the
other marks them for himself (fr 4782, 4790–4792, law 5468). The same holds for the points
a throw gives the other (*jan qui ne peut*) when he throws without marking them (fr 4788,
law 5460). An école is of every point forgotten, never part of them (fr 4964, law 5462);
there is no école of a hole (fr 4822, 4948) nor of an école left unclaimed (fr 4954); a
claim need not be made (law 5462). The edition models the amounts: who may claim, how many
points, and why.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Ecole:
    """One claim: ``to`` (``mover`` or ``opponent``) may mark ``points``, for ``reason``."""

    to: str
    points: int
    reason: str
    lines: str

    def to_json(self) -> dict[str, object]:
        return {"to": self.to, "points": self.points, "reason": self.reason, "lines": self.lines}


def claims(due_mover: int, marked: int, due_opponent: int, opponent_marked: int) -> list[Ecole]:
    """The écoles a throw gives rise to, given what each player marked of what was due."""
    found: list[Ecole] = []
    if marked < due_mover:  # fr 4782, 4790, law 5458
        found.append(Ecole("opponent", due_mover - marked, "not marked", "fr 4782, 4790; 5458"))
    elif marked > due_mover:  # fr 4792, 4922, law 5468
        found.append(Ecole("opponent", marked - due_mover, "marked too many", "fr 4792; 5468"))
    if opponent_marked < due_opponent:  # fr 4788, law 5460
        missing = due_opponent - opponent_marked
        found.append(Ecole("mover", missing, "not marked", "fr 4788; 5460"))
    elif opponent_marked > due_opponent:  # law 5468
        excess = opponent_marked - due_opponent
        found.append(Ecole("mover", excess, "marked too many", "5468"))
    return found
