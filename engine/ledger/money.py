"""Jetons, fichets and the final account of a Partie zum Aufschreiben (art. 46–57).

Source: seed 000, de 3799–3846 (da 1136–1183, sv 2488–2534). Amounts are in jetons; a
fichet is ten jetons (art. 52, de 3812).

* A Partie is an agreed even number of Züge, twelve or eight; half of them is the *Komplet*
  (art. 46, de 3799).
* The loser of a Zug marks it with a jeton (art. 47); at the end, the player who lost more
  Züge pays four jetons a *Wette* for each Zug more (art. 48) and twenty more, the *Schwanz
  der Wetten* (art. 49); equal Züge, nothing (art. 50). A *Postillon* is two Wetten (art. 48).
* The player ahead in jetons first takes the twelve marking jetons, the *Schwanz der Jetons*;
  equal, they share them (art. 53); only then are the Wetten paid (art. 54–55).
* Counted in fichets, a loser's remainder of six jetons counts as a fichet for him, four
  count nothing, and five are played double-or-quits on the highest die (art. 56, de 3816;
  seed 002, 135: five or more make a fichet).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .aufschreiben import PLAYERS, LedgerError, Player, other

FICHET = 10  # art. 52 (de 3812): "Die Fichet ist 10 Jetons wert"
STAKE = 20  # art. 51 (de 3810)
PER_WETTE = 4  # art. 48 (de 3802)
WETTEN_TAIL = 20  # art. 49 (de 3804)


def komplet(zuege: int) -> int:
    """Half the Züge of the Partie (art. 46); the number must be even (twelve or eight)."""
    if zuege <= 0 or zuege % 2:
        raise LedgerError(f"a Partie has an even number of Züge, not {zuege} (art. 46)")
    return zuege // 2


@dataclass(frozen=True)
class Wetten:
    """What the player who lost more Züge pays for them (art. 48–50, 54)."""

    payer: Player | None
    wetten: int

    @property
    def postillons(self) -> int:
        """Art. 48: a Postillon is two Wetten (a Zug beyond the Komplet)."""
        return self.wetten // 2

    @property
    def jetons(self) -> int:
        """Four a Wette and the tail of twenty; nothing when the Züge are equal (art. 50)."""
        return self.wetten * PER_WETTE + (WETTEN_TAIL if self.wetten else 0)


def wetten(lost: dict[str, int]) -> Wetten:
    """Between two players, from the Züge each has lost (been marked)."""
    a, b = lost["A"], lost["B"]
    if a == b:
        return Wetten(None, 0)
    return Wetten("A" if a > b else "B", abs(a - b))


def fichets(jetons: int, rule: Literal["vienna", "french"] = "vienna") -> int | None:
    """Jetons counted in whole fichets for the player who is owed them (art. 56).

    Vienna: a remainder of six or more is a fichet, four or fewer nothing; five is played
    "hoch oder doppelt" on the highest die, so the account alone cannot say (None).
    French (002, 135): five or more make a fichet.
    """
    whole, rest = divmod(jetons, FICHET)
    if rule == "french":
        return whole + (rest >= 5)
    if rest == 5:
        return None
    return whole + (rest >= 6)


@dataclass(frozen=True)
class CardLine:
    """One line of the account on the card (art. 57)."""

    label: str
    jetons: int


@dataclass(frozen=True)
class CardAccount:
    """Art. 57 (de 3822–3846): the account kept on a card instead of jetons."""

    columns: dict[str, tuple[int, ...]]
    sums: dict[str, int]
    bigger: Player
    lines: tuple[CardLine, ...]
    total: int
    deducted: int
    loss: int
    fichets: int | None


def card_account(columns: dict[str, list[int]], zuege: int = 12) -> CardAccount:
    """Each column lists the jetons its player lost, one entry per Zug he lost (art. 57):
    add the columns; to the bigger loser's add a jeton for each Zug he was marked, and the
    lost Wetten with their tail; subtract the other's loss; divide by ten."""
    lost: dict[str, int] = {p: len(columns[p]) for p in PLAYERS}
    if sum(lost.values()) != zuege:
        raise LedgerError(f"the columns hold {sum(lost.values())} Züge, not {zuege}")
    sums: dict[str, int] = {p: sum(columns[p]) for p in PLAYERS}
    bigger: Player = "A" if sums["A"] > sums["B"] else "B"
    smaller = other(bigger)
    lines = [CardLine("other-side", sums[bigger]), CardLine("markers", lost[bigger])]
    owed = wetten(lost)
    if owed.payer == bigger:
        lines += [CardLine("wetten", owed.wetten * PER_WETTE), CardLine("tail", WETTEN_TAIL)]
    elif owed.payer == smaller:  # the Wetten go the other way: they lessen the loss
        lines += [CardLine("wetten", -owed.wetten * PER_WETTE), CardLine("tail", -WETTEN_TAIL)]
    total = sum(line.jetons for line in lines)
    loss = total - sums[smaller]
    return CardAccount(
        columns={p: tuple(columns[p]) for p in PLAYERS},
        sums=sums,
        bigger=bigger,
        lines=tuple(lines),
        total=total,
        deducted=sums[smaller],
        loss=loss,
        fichets=fichets(loss),
    )


@dataclass(frozen=True)
class Payment:
    """One step of the final account: who pays whom how many jetons, and why."""

    payer: Player
    payee: Player
    jetons: int
    why: Literal["jeton-tail", "jeton-tail-shared", "wetten"]


def final_payments(balance: dict[str, int], lost: dict[str, int]) -> list[Payment]:
    """Art. 53–55: the Schwanz der Jetons first, then the Wetten and their tail.

    ``balance`` is each player's gain in jetons from the Züge (their sum is zero). Who is
    ahead is read from the jetons each has left, a fichet exchanged for ten (art. 53: "jeder
    Spieler 14 Jetons übrig"): the stake, the gain, less the jetons he laid to mark his lost
    Züge. The one ahead takes all the marking jetons; equal, they share them, half each.
    """
    hands = {p: STAKE + balance[p] - lost[p] for p in PLAYERS}
    payments: list[Payment] = []
    if hands["A"] == hands["B"]:
        more: Player = "A" if lost["A"] > lost["B"] else "B"
        share = (lost[more] - lost[other(more)]) // 2  # each takes half of all the markers
        if share:
            payments.append(Payment(more, other(more), share, "jeton-tail-shared"))
    else:
        ahead: Player = "A" if hands["A"] > hands["B"] else "B"
        payments.append(Payment(other(ahead), ahead, lost[other(ahead)], "jeton-tail"))
    owed = wetten(lost)
    if owed.payer is not None:
        payments.append(Payment(owed.payer, other(owed.payer), owed.jetons, "wetten"))
    return payments


def net_after_payments(balance: dict[str, int], lost: dict[str, int]) -> dict[str, int]:
    """Each player's final gain in jetons: the Züge, the tails and the Wetten."""
    net = dict(balance)
    for payment in final_payments(balance, lost):
        net[payment.payer] -= payment.jetons
        net[payment.payee] += payment.jetons
    return net
