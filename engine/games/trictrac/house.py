"""House options the sources disagree on: who starts, and which throws count.

``opening``: the first throw *coup et dés* (fr 4614; note 80): one player throws both dice;
the one on whose side the higher die lies has the throw and plays it. A doublet (or dice
equally far from the band) was void in the old practice and is played by each in the new
(note 80, "chacun joue ce coup-là"); 002 22 keeps the old: "le coup est nul, et l'autre
joueur prend les dés".

``counts``: where the dice came to rest (fr 4648–4656, laws 5450–5456). Flat on the board,
on the pile, on checkers, jetons or money: good. On top of each other, on the band or the
edge, leaning "en l'air": bad. One die in each table: good in 1698 (fr 4656), bad in the
Swedish text ("så gäller ej kastet", sv 2371): the switch ``dice_across_tables``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...core.dice import Roll
from ...core.position import Colour
from .rules import TrictracRules

Rest = Literal["flat", "on-checkers", "stacked", "on-band", "leaning", "across-tables"]


@dataclass(frozen=True)
class Opening:
    """Who has the first throw and what happens to it: ``play`` (the starter plays it),
    ``each-plays`` (both play it, note 80) or ``void`` (thrown again, note 80; 002 22)."""

    starter: Colour | None
    verdict: Literal["play", "each-plays", "void"]


def opening(roll: Roll, white_die: int, rules: TrictracRules) -> Opening:
    """The first throw: ``roll`` as thrown, ``white_die`` the index (0 or 1) of the die on
    White's side."""
    mine, theirs = roll[white_die], roll[1 - white_die]
    if mine == theirs:
        verdict: Literal["each-plays", "void"] = (
            "each-plays" if rules.opening_doublet == "play" else "void"
        )
        return Opening(None, verdict)
    return Opening(Colour.WHITE if mine > theirs else Colour.BLACK, "play")


def counts(rest: Rest, rules: TrictracRules) -> bool:
    """Does a throw whose dice came to rest so count (fr 4648–4656; sv 2371)?"""
    if rest == "across-tables":
        return rules.dice_across_tables == "good"
    return rest in ("flat", "on-checkers")
