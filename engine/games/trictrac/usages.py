"""The three usages "no longer in use" (fr 5524–5540), scored when the players agree to them.

"Trois choses ne sont plus en usage dans ce jeu ; savoir, *jan de rencontre*, *Margot la
fendue*, et la *pile de malheur*" (fr 5526); the notes say each is now marked only "par
accord mutuel préalable" (notes 98, 133, 139). Each is a switch of :class:`TrictracRules`,
off by default, and scored under the 1698 tariff (:mod:`.tariff`) when on. How each is read:

*Jan de rencontre* (fr 5528, note 98): "en commençant une partie, le second coup était
semblable au premier": the second player's first throw since the piles were set up is the
same throw as the first player's first (note 80 ties "au commencement d'une partie" to
"toutes les dames … en piles"). It goes to the second player, "un avantage qu'il aurait été
plus naturel de donner au premier" (note 98): four by a simple throw, six by a doublet.
The first throw is kept in the position (``first=``) for the second. (The usage belongs to
the old opening, where each drew for the dice and then threw his first throw, note 80; the
engine plays the throws one after the other and does not model the drawing.)

*Margot la fendue* (fr 5534, notes 133, 134): "votre dé tombe par son nombre entre deux dames
découvertes, et non sur aucune d'icelles"; note 133 says where and how: a throw "qui porterait
une dame, si on jouait *tout d'une*, dans le *petit jan* de l'adversaire, sur une *flèche*
vide entre deux dames découvertes" (note 134: "le nombre amené par les dés réunis"). The
edition counts it as a hit would be counted: the two dice joined carry a checker of the
mover onto an empty point of the opponent's first table whose two neighbours are the
opponent's blots, through a resting point the opponent does not hold (the text says
nothing of a closed passage: then nothing is counted). The thrower "perd deux par
*simple*, et quatre par *douplet*": the points go to the opponent, once for each such
point. A blot hit by the same throw is scored as a hit besides.

*Pile de malheur* or *de misère* (fr 5536–5538, note 139): all fifteen checkers on one's
coin. Who makes it marks four by a simple throw and six by a doublet (fr 5538), "et les
mêmes points pour autant de coups que l'on jouait et que l'on la *conservait*" (note 139):
a throw whose play keeps all fifteen there scores it again.
"""

from __future__ import annotations

from dataclasses import replace

from ...core.dice import Roll, format_roll
from ...core.errors import TabulaError
from .board import CHECKERS, COIN, JAN_DE_RETOUR, TrictracBoard
from .evaluation import Event, _event
from .marking import Marks
from .movement import Leaf
from .rules import TrictracRules

USAGES = ("jan_de_rencontre", "margot_la_fendue", "pile_de_malheur")


def played(rules: TrictracRules) -> bool:
    """Are any of the usages agreed? Refused at the Toccategli, whose tariff has none."""
    agreed = any(getattr(rules, name) for name in USAGES)
    if agreed and rules.game == "toccategli":
        raise TabulaError("the 1698 usages (fr 5526) are not played at the Toccategli")
    return agreed


def throw_text(roll: Roll) -> str:
    """A throw as the position keeps it, the higher die first (6-5, 5-5)."""
    high, low = sorted(roll, reverse=True)
    return format_roll((high, low))


def recorded(before: Marks, after: Marks, roll: Roll, rules: TrictracRules) -> Marks:
    """``after`` with the first throw of the piles kept for the jan de rencontre: set by the
    first throw, dropped by the next (nothing is kept when the usage is not played)."""
    if not rules.jan_de_rencontre:
        return after
    return replace(after, first=throw_text(roll) if before.throws == (0, 0) else "-")


def rencontre(marks: Marks, mover_index: int, roll: Roll, rules: TrictracRules) -> list[Event]:
    """The jan de rencontre: the second player's first throw is the first player's."""
    if not rules.jan_de_rencontre or marks.first == "-":
        return []
    mine, theirs = marks.throws[mover_index], marks.throws[1 - mover_index]
    if (mine, theirs) != (0, 1) or throw_text(roll) != marks.first:
        return []
    return [_event("jan-de-rencontre", roll, rules)]


def margot(board: TrictracBoard, roll: Roll, rules: TrictracRules) -> list[Event]:
    """Margot la fendue: the dice joined fall on an empty point between two blots."""
    if not rules.margot_la_fendue:
        return []
    a, b = roll
    joined = a + b
    events = []
    for target in range(JAN_DE_RETOUR.start + 1, JAN_DE_RETOUR.stop - 1):
        if board.me[target] or board.opp[target]:
            continue  # "une flèche vide"
        if board.opp[target - 1] != 1 or board.opp[target + 1] != 1:
            continue  # "entre deux dames découvertes"
        start = target - joined
        if start < 1 or not board.me[start]:
            continue
        if all(board.opp[m] >= 2 for m in {start + a, start + b}):
            continue  # no open resting point: the dame could not be carried there
        events.append(
            _event(
                "margot-la-fendue", roll, rules, point=target, numbers=(joined,), sources=(start,)
            )
        )
    return events


def pile(board: TrictracBoard, roll: Roll, leaves: list[Leaf], rules: TrictracRules) -> list[Event]:
    """The pile de malheur: made, or kept, by the plays that leave all fifteen on the coin."""
    if not rules.pile_de_malheur:
        return []
    piled = frozenset(leaf.key() for leaf in leaves if leaf.board.me[COIN] == CHECKERS)
    if not piled:
        return []
    return [_event("pile-de-malheur", roll, rules, point=COIN, plays=piled)]


def usages(
    board: TrictracBoard,
    marks: Marks,
    mover_index: int,
    roll: Roll,
    leaves: list[Leaf],
    rules: TrictracRules,
) -> list[Event]:
    """Every event of the agreed usages for the mover, whose board is ``board``."""
    if not played(rules):
        return []
    return [
        *rencontre(marks, mover_index, roll, rules),
        *margot(board, roll, rules),
        *pile(board, roll, leaves, rules),
    ]
