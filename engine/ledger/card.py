"""The adjournment card (art. 59, 71; combined game de 4063–4093): printed from a state, and
the cards printed in the texts checked for what they can be checked for.

What a card holds in jetons and fichets depends on how the payments were made (art. 52:
jetons first, then fichets from the box, a fichet exchangeable for ten jetons at any time),
so the engine prints the *plainest* holding — as few fichets as the account allows — and
checks a printed card by what cannot depend on the way of paying: the jetons in the hands
and the jetons laid to mark lost Züge are all the jetons of the stakes (art. 51, 53), and
only one side of a pair can hold the other's fichets.
"""

from __future__ import annotations

from dataclasses import dataclass

from .aufschreiben import PLAYERS
from .kombiniert import Combined, krawatte
from .money import FICHET, STAKE


@dataclass(frozen=True)
class Holding:
    jetons: int
    fichets: int


def plainest(balance: dict[str, int], marked: dict[str, int]) -> dict[str, Holding]:
    """Jetons and fichets in each hand for a two-player account: each started with the
    stake, laid a jeton per lost Zug (art. 47), and the one short took fichets from the box
    (art. 52) — just enough, the change in jetons."""
    hands: dict[str, int] = {p: STAKE + balance[p] - marked[p] for p in PLAYERS}
    short = [p for p in PLAYERS if hands[p] < 0]
    if not short:
        return {p: Holding(hands[p], 0) for p in PLAYERS}
    debtor = short[0]
    creditor = "B" if debtor == "A" else "A"
    taken = -(hands[debtor] // FICHET)  # ceil(-hand / 10)
    change = taken * FICHET + hands[debtor]
    return {
        debtor: Holding(change, 0),
        creditor: Holding(hands[creditor] - taken * FICHET, taken),
    }


def jetons_accounted(jetons: dict[str, int], marked: dict[str, int], stakes: int) -> int:
    """How many of the stakes' jetons a printed card leaves unaccounted for (0: none)."""
    return stakes * STAKE - sum(jetons.values()) - sum(marked.values())


@dataclass(frozen=True)
class Card:
    """The model card of the combined game (de 4063–4093), in the engine's words."""

    names: dict[str, str]
    wetten: dict[str, int]
    holding: dict[str, Holding]
    holes: dict[str, int]
    ep_fichets: dict[str, int]
    krawatte: str
    poule: int
    shares: dict[str, int]
    at_poule: str
    dice: str
    zuege: int

    def as_json(self) -> dict[str, object]:
        return {
            "aufschreiben": {
                self.names[p]: {
                    "wetten": self.wetten[p],
                    "fichets": self.holding[p].fichets,
                    "jetons": self.holding[p].jetons,
                }
                for p in PLAYERS
            },
            "ehrenpunkte": {
                self.names[p]: {"holes": self.holes[p], "fichets": self.ep_fichets[p]}
                for p in PLAYERS
            },
            "krawatte": self.krawatte,
            "poule": {
                "fichets": self.poule,
                "shares": {self.names[p]: self.shares[p] for p in PLAYERS},
                "at_poule": self.at_poule,
            },
            "dice": self.dice,
            "zuege": self.zuege,
        }


def card(
    state: Combined, names: dict[str, str] | None = None, first_dice: str = "A", zuege: int = 12
) -> Card:
    """The card for ``state``; ``first_dice`` had the dice in the first Zug (art. 58)."""
    names = names or {p: p for p in PLAYERS}
    second = "B" if first_dice == "A" else "A"
    holders = [names[p] for p in PLAYERS if krawatte(state, p)]
    return Card(
        names=names,
        wetten=dict(state.marked),
        holding=plainest(state.jetons, state.marked),
        holes=dict(state.ep.holes),
        ep_fichets={p: max(state.ep_won[p], 0) for p in PLAYERS},
        krawatte=", ".join(holders),
        poule=state.poule,
        shares={p: state.shares[p] for p in PLAYERS},
        at_poule=names[state.contract] if state.contract else "",
        dice=names[first_dice if state.zug_number % 2 else second],
        zuege=zuege,
    )
