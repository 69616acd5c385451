"""Who plays which Zug, who has the dice, and how Wetten are shared among three (art. 58–74).

Source: seed 000, de 3848–3946 (da 1185–1256, sv 2536–2626).

* Two players: the dice alternate from Zug to Zug (art. 58, de 3848).
* *Eule* (art. 61, de 3858–3860): two partners, sharing one fortune, play two Züge each in
  turn against the Eule, who plays every Zug and has the dice in the odd ones.
* Ring (art. 62–69): nine or twelve Züge, each player in two thirds of them; the pairs go
  round A–B, B–C, C–A, the loser of the first Zug playing on with the third (art. 62, 66);
  the one who stays in has the dice (art. 67). Wetten are counted per player — the Züge he
  marked less the Züge he was marked — and paid by those short of the Komplet to those
  beyond it, the tail of twenty shared by the two on one side (art. 64–65, de 3866–3916).
* Four players (art. 72–74): two partnerships; the loser of the first Zug stays and meets
  the other opponent, and from then each player plays two Züge running, "wie beim Piquet zu
  viert" (de 3938–3946).
"""

from __future__ import annotations

from dataclasses import dataclass

from .aufschreiben import LedgerError
from .money import PER_WETTE, WETTEN_TAIL


def dice_in(zug: int, first: str, second: str) -> str:
    """Art. 58: who has the dice in Zug ``zug`` (1-based) when ``first`` had it in the first."""
    return first if zug % 2 else second


@dataclass(frozen=True)
class Stint:
    """Art. 61: one partner's turn against the Eule, Züge ``start``..``end``."""

    partner: str
    start: int
    end: int


def eule_schedule(zuege: int, partners: tuple[str, str] = ("B", "C")) -> list[Stint]:
    """The partners' turns of two Züge against the Eule (art. 61)."""
    if zuege % 2:
        raise LedgerError(f"the partners play two Züge each: {zuege} cannot be shared")
    return [Stint(partners[(k // 2) % 2], k + 1, k + 2) for k in range(0, zuege, 2)]


def ring_pairs(
    zuege: int, first: tuple[str, str], third: str, loser: str, rests: str | None = None
) -> list[tuple[str, str]]:
    """Art. 62, 66–67: the pairs of a ring, the stayer first (he has the dice).

    ``first`` is the pair of the first Zug, the higher thrower first (he has its dice);
    ``loser`` lost the first Zug and plays on with ``third``, the winner resting; the round
    then repeats. ``rests``: who sits out the second Zug, if not the winner — seed 002, 142
    has the loser "se lève pour faire place au troisième".
    """
    if zuege not in (9, 12):
        raise LedgerError(f"a ring Partie has nine or twelve Züge, not {zuege} (art. 63)")
    if loser not in first:
        raise LedgerError(f"{loser} did not play the first Zug")
    resting = rests or (first[1] if loser == first[0] else first[0])
    if resting not in first:
        raise LedgerError(f"{resting} did not play the first Zug")
    staying = first[1] if resting == first[0] else first[0]
    cycle = [first, (staying, third), (third, resting)]
    return [cycle[k % 3] for k in range(zuege)]


def partnership_pairs(
    zuege: int, first: tuple[str, str], loser: str, partners: dict[str, str]
) -> list[tuple[str, str]]:
    """Art. 73: the loser of the first Zug stays and plays the winner's partner; from then
    the one who has played one Zug stays and the one who has played two gives way."""
    if loser not in first:
        raise LedgerError(f"{loser} did not play the first Zug")
    winner = first[1] if loser == first[0] else first[0]
    stayer, coming = loser, partners[winner]
    pairs = [first]
    for _ in range(zuege - 1):
        pairs.append((stayer, coming))
        stayer, coming = coming, partners[stayer]
    return pairs


@dataclass(frozen=True)
class RingWetten:
    """Art. 64–65: each player's Wetten (+ won, − lost) and what changes hands, in jetons."""

    net: dict[str, int]
    received: dict[str, int]
    paid: dict[str, int]
    transfers: tuple[tuple[str, str, int], ...]


def ring_wetten(lost: dict[str, int], zuege: int = 12) -> RingWetten:
    """The Wetten of a ring: a player who played ``p`` Züge and lost ``l`` marked ``p - l``;
    his Wetten are ``(p - l) - l``. Losers pay winners four a Wette; the tail of twenty is
    paid by the losing side, halved when two lose, halved between two winners (art. 65)."""
    each = 2 * zuege // 3  # art. 63: six of nine, eight of twelve
    if sum(lost.values()) != zuege:
        raise LedgerError(f"the players lost {sum(lost.values())} Züge, not {zuege}")
    net = {p: (each - n) - n for p, n in lost.items()}
    winners = [p for p in net if net[p] > 0]
    losers = [p for p in net if net[p] < 0]
    transfers: list[tuple[str, str, int]] = []
    if winners and losers:
        transfers = _wetten_transfers(net, winners, losers)
    received = {p: sum(t[2] for t in transfers if t[1] == p) for p in net}
    paid = {p: sum(t[2] for t in transfers if t[0] == p) for p in net}
    return RingWetten(net, received, paid, tuple(transfers))


def _wetten_transfers(
    net: dict[str, int], winners: list[str], losers: list[str]
) -> list[tuple[str, str, int]]:
    if len(winners) == 1:  # one gains: each loser pays his own Wetten and half the tail
        gain = winners[0]
        tail = WETTEN_TAIL // len(losers)
        return [(lo, gain, -net[lo] * PER_WETTE + tail) for lo in losers]
    # one loses: he pays each winner that winner's Wetten and half the tail
    loss = losers[0]
    tail = WETTEN_TAIL // len(winners)
    return [(loss, w, net[w] * PER_WETTE + tail) for w in winners]


def first_pair(throws: dict[str, int]) -> tuple[str, str]:
    """Art. 66 (de 3918): each throws one die; the two highest begin, the higher with the dice.
    Ties would be thrown again: the text does not say how, so they are refused."""
    ranked = sorted(throws, key=lambda p: -throws[p])
    if len(set(throws.values())) != len(throws):
        raise LedgerError("equal throws: throw again (the text does not say how ties go)")
    return ranked[0], ranked[1]


def consolations(loser: str, winner: str, idle: str, consolation: int) -> dict[str, int]:
    """Art. 69 (de 3922): in a ring the loser pays the consolation, in all its proportions,
    to the winner and also to the player who sits out."""
    return {loser: -2 * consolation, winner: consolation, idle: consolation}
