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

from collections.abc import Sequence
from dataclasses import dataclass

from .board import PETIT_JAN
from .evaluation import Event, Key
from .movement import Leaf
from .rules import TrictracRules


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


# -- a petit jan that could be made and was not (fr 4932–4938, law 5486) ------------------


@dataclass(frozen=True)
class Unmade:
    """What the opponent may claim when a throw could fill or keep the petit jan and the
    play did not: ``points``, the plein's points that throw offered (his by école, marked
    or not), and ``replays``, the plays he may have the throw replayed as, to make it."""

    points: int
    replays: tuple[Key, ...]


def unmade_petit_jan(
    events: Sequence[Event], leaf: Leaf, leaves: Sequence[Leaf], rules: TrictracRules
) -> Unmade:
    """The remedies of the text when ``leaf`` leaves unmade a petit jan the throw offered.

    Filling it: "vous pouvez l'envoyer à l'école, faute d'avoir fait son plein … vous
    pouvez lui faire rejouer son bois, et lui faire faire son petit jan" (fr 4932), whether
    he marked its points or not (fr 4934: "l'école des points qu'il a dû marquer"); but not
    the replay when he can still fill from his petit jan ("il faudrait laisser les choses en
    l'état", fr 4932; the edition's reading of *can still fill*, as for the other's jans:
    :meth:`TrictracBoard.can_fill`). Keeping it, by passing into the other's petit jan: "l'école des
    points qu'il n'a pas marqués pour son jan qu'il conservait, et outre cela le faire
    rejouer et passer" (fr 4936), which law 5486 allows once the other cannot make his own
    petit jan (the movement rules forbid the passage before: :func:`.movement.may_stop`).
    The grand jan has no such remedy: its points are taken only when marked, and nothing is
    replayed, "parce que vous avez intérêt qu'il n'en fasse point" (fr 4938). Whether he
    orders the replay is the opponent's choice ("si son jeu est avantageux", fr 4932, 4934);
    the points he took by école stay his.
    """
    if rules.game != "trictrac" or rules.petit_jan_remedy == "none":
        return Unmade(0, ())
    unmade = [
        e
        for e in events
        if e.jan == "petit-jan" and e.kind in ("remplir", "conserver") and not e.counts_for(leaf)
    ]
    if not unmade:
        return Unmade(0, ())
    making = frozenset().union(*(e.plays for e in unmade))
    filling = any(e.kind == "remplir" for e in unmade)
    if filling and leaf.board.can_fill(PETIT_JAN):
        replays: tuple[Key, ...] = ()
    else:
        replays = tuple(sorted(other.moves for other in leaves if other.key() in making))
    return Unmade(sum(e.points for e in unmade), replays)
