"""Kombiniertes Trictrac: the Aufschreiben and the Partie mit Ehrenpunkten on the same holes.

Source: seed 000, de 3951–4273 (da 1260–1567; sv 2630–2766 breaks off after the card).

Every hole counts for both games (de 3955) unless one is suspended:

* the **Aufschreiben** is a Zug of :mod:`.aufschreiben` at the Viennese rates (de 3959–3961);
* the **Partie mit Ehrenpunkten** is won at the twelfth hole, *simple* when the loser has
  passed his sixth, *double* when he has six or fewer, *triple* when the winner took his
  holes second and was not interrupted, *quadruple* when the loser has none (de 3963); with
  *Fortsetzung* the holes beyond the twelfth carry to the next Partie (de 3971); without
  it the twelfth hole ends the Partie, and its winner must lift and go (de 3967);
* after a hole of his own dice a player may **suspend** one game and go on with the other
  in the same Haltung (de 3975–3989): suspending the Aufschreiben at six holes or more is
  being paid for the Zug, which ends (de 3983); below six it freezes, and a small
  bredouille can then be claimed only double (de 3985); a suspended game stays as it is
  until the next Aufnehmen of either player (de 3977);
* the loser of a Partie mit Ehrenpunkten pays the winner and the basket of the **Poule**
  alike; a player who wins a Partie places his contract; two Partien running win the basket
  (de 4101–4109);
* the **pegs** (de 4003–4033): gilded for the Aufschreiben, silvered for the Ehrenpunkte,
  bimetallic while both stand on the same hole, black for a suspended game (or in the last
  hole when the Aufschreiben was paid and only the Ehrenpunkte go on, de 4027); the
  **Krawatte** on the peg of the game it counts for (de 4041–4055), the **Standarte** for a
  bredouille in one Haltung (de 4035–4037).

The pegs are not kept: they are read from the two games (:func:`pegs`), so a drawing can
never show a peg the state does not justify. The text moves some pegs a sentence later than
the hole that moves them ("B legt die Krawatte ab", "B nimmt seine beiden Fichets weg");
those sentences are checked against the state the hole left.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from ..core.game import Switches
from .aufschreiben import PLAYERS, LedgerError, Player, Result, Zug, holes_of, other
from .aufschreiben import Rules as ZugRules
from .rails import Peg, PegBoard

HOLES = 12  # de 3963: the Partie "zu zwölf Löchern"
HONOURS = {"simple": 1, "double": 2, "triple": 3, "quadruple": 4}  # de 3963, 4101
Suspended = Literal["", "as", "ep", "as-paid"]
Then = Literal["stay", "go", "suspend-as", "suspend-ep"]


@dataclass(frozen=True)
class Rules(Switches):
    """The named readings of the combined game."""

    fortsetzung: bool = True  # de 3965–3971: the Austrian Partie is played with it

    sources: ClassVar[dict[str, str]] = {"fortsetzung": "de 3965–3971; da 1274–1280"}


@dataclass
class Honours:
    """One Partie mit Ehrenpunkten."""

    holes: dict[str, int] = field(default_factory=lambda: {p: 0 for p in PLAYERS})
    first: Player | None = None  # who took the first hole of this Partie
    clean: dict[str, bool] = field(default_factory=lambda: {p: False for p in PLAYERS})

    def hole(self, player: Player, count: int) -> None:
        if self.first is None:
            self.first = player
        if self.holes[player] == 0:
            self.clean[player] = True
        if self.holes[other(player)]:
            self.clean[other(player)] = False
        self.holes[player] += count

    def krawatte(self, player: Player) -> bool:
        """De 4041: the right to the triple — holes taken second, not interrupted since."""
        return self.holes[player] > 0 and self.clean[player] and self.first == other(player)

    def kind(self, winner: Player) -> str:
        """De 3963, in the order that makes the rarer win take precedence."""
        loser = self.holes[other(winner)]
        if loser == 0:
            return "quadruple"
        if self.krawatte(winner):
            return "triple"
        return "double" if loser <= 6 else "simple"


@dataclass(frozen=True)
class PartieResult:
    winner: Player
    kind: str
    fichets: int
    carried: int
    poule_taken: int


@dataclass
class Combined:
    """The whole state of a combined game between A and B."""

    rules: Rules = field(default_factory=Rules)
    zuege: int = 12  # the Züge of the Partie zum Aufschreiben, which the whole game follows
    zug: Zug = field(default_factory=lambda: Zug(rules=ZugRules()))
    zug_number: int = 1
    ep: Honours = field(default_factory=Honours)
    partie_number: int = 1
    suspended: Suspended = ""
    paid_by: Player | None = None  # de 4027: who placed the black peg in the last hole
    jetons: dict[str, int] = field(default_factory=lambda: {p: 0 for p in PLAYERS})
    marked: dict[str, int] = field(default_factory=lambda: {p: 0 for p in PLAYERS})
    fichets: dict[str, int] = field(default_factory=lambda: {p: 0 for p in PLAYERS})
    # the Partien's prices paid from player to player, without stakes and basket (de 4075)
    ep_won: dict[str, int] = field(default_factory=lambda: {p: 0 for p in PLAYERS})
    poule: int = 0
    poule_open: bool = False
    shares: dict[str, int] = field(default_factory=lambda: {p: 0 for p in PLAYERS})
    contract: Player | None = None
    # de 3967: without Fortsetzung, who won a Partie and must lift before anyone plays on
    must_go: Player | None = None
    zug_results: list[Result] = field(default_factory=list)
    partie_results: list[PartieResult] = field(default_factory=list)

    def copy(self) -> Combined:
        return copy.deepcopy(self)

    # -- which games run --------------------------------------------------------------------

    @property
    def as_running(self) -> bool:
        return self.suspended not in ("as", "as-paid")

    @property
    def ep_running(self) -> bool:
        return self.suspended != "ep"

    @property
    def over(self) -> bool:
        """The Partie's Züge are all played, and the whole game with them (de 4113)."""
        return self.zug_number > self.zuege

    # -- events -----------------------------------------------------------------------------

    def stake(self, fichets: int) -> None:
        """De 4101: each player lays fichets in the basket; a new Poule after one is won."""
        if fichets < 1:
            raise LedgerError(f"a stake is at least one fichet, not {fichets}")
        if self.poule_open:
            raise LedgerError("a Poule is running: a new one begins only when it is won")
        if self.zug_number >= self.zuege:  # de 4113: the Partie ends with the last Zug
            raise LedgerError("no new Poule is begun in the last Zug (de 4113)")
        for p in PLAYERS:
            self.fichets[p] -= fichets
            self.shares[p] += fichets
        self.poule += 2 * fichets
        self.poule_open = True

    def hole(self, player: Player, count: int, own: bool, game: str = "") -> None:
        """``player`` makes ``count`` holes; they count for every game that runs."""
        if self.must_go is not None:
            raise LedgerError(
                f"{self.must_go} won the Partie without Fortsetzung and must lift and go "
                "before another hole is made (de 3967)"
            )
        running = {"as": self.as_running, "ep": self.ep_running}
        wanted = {"as": ("as",), "ep": ("ep",), "both": ("as", "ep"), "": ()}.get(game)
        if wanted is None:
            raise LedgerError(f"'game' must be 'as', 'ep' or 'both', not {game!r}")
        expected = tuple(g for g in ("as", "ep") if running[g])
        if wanted and wanted != expected:
            raise LedgerError(
                f"the holes cannot count for {'+'.join(wanted)}: the games running are "
                f"{'+'.join(expected) or 'none'}"
            )
        if self.as_running:
            self.zug.hole(player, count, own)
        if self.ep_running:
            self.ep.hole(player, count)
            if self.ep.holes[player] >= HOLES:
                self._partie_won(player)

    def then(self, player: Player, choice: Then, own: bool) -> None:
        """What ``player`` does after his hole: stay, go (Aufnehmen) or suspend a game."""
        if choice == "stay":
            return
        if self.must_go == player and choice != "go":
            raise LedgerError(
                f"{player} cannot {choice}: without Fortsetzung the twelfth hole ends the "
                "Partie, and its winner must lift and go (de 3967)"
            )
        if not own:
            if self.must_go == player:
                # the Partie alone would lift whatever dice made the hole (de 3967), but
                # the Aufschreiben lifts only on one's own (art. 1): the two cannot both hold
                raise LedgerError(
                    f"{player} must lift without Fortsetzung (de 3967) but cannot in the "
                    "Aufschreiben, the hole being made with the opponent's dice (art. 1): the "
                    "combined game is played with Fortsetzung (de 4193)"
                )
            raise LedgerError(
                f"{player} cannot {choice}: the hole was made with the opponent's dice "
                "(art. 1; de 3979)"
            )
        if choice == "go":
            self._go(player)
            self.must_go = None
        elif choice == "suspend-as":
            self._suspend_as(player)
        elif choice == "suspend-ep":
            self._suspend_ep()
        else:
            raise LedgerError(f"'then' must be stay, go, suspend-as or suspend-ep, not {choice!r}")

    def _go(self, player: Player) -> None:
        if self.as_running:
            result = self.zug.go(player)
            if result is not None:
                self._zug_won(result)
        # de 3977: the first Aufnehmen of either player sets both games running again
        self.suspended, self.paid_by = "", None

    def _suspend_as(self, player: Player) -> None:
        if not (self.as_running and self.ep_running):
            raise LedgerError("only one game runs: there is nothing to suspend")
        sides = self.zug.sides
        me, them = sides[player], sides[other(player)]
        if me.holes >= 6 and me.holes > them.holes:  # de 3983: paid, the Zug is over
            result = self.zug.go(player)
            assert result is not None
            self._zug_won(result)
            self.suspended, self.paid_by = "as-paid", player
            return
        if not self.zug.may_lift(player):
            raise LedgerError(f"{player} may not lift in the Aufschreiben, so not suspend it")
        me.lifted = True  # de 3985: "als wäre er gegangen" — only the double is left to him
        self.suspended = "as"

    def _suspend_ep(self) -> None:
        if not (self.as_running and self.ep_running):
            raise LedgerError("only one game runs: there is nothing to suspend")
        self.suspended = "ep"  # de 3989: the Partie stays in every respect as it is

    # -- endings ----------------------------------------------------------------------------

    def _zug_won(self, result: Result) -> None:
        self.jetons[result.winner] += result.value
        self.jetons[result.loser] -= result.value
        self.marked[result.loser] += 1
        self.zug_results.append(result)
        self.zug = Zug(rules=self.zug.rules)
        self.zug_number += 1

    def _partie_won(self, winner: Player) -> None:
        loser = other(winner)
        kind = self.ep.kind(winner)
        price = HONOURS[kind]
        self.fichets[loser] -= price
        self.fichets[winner] += price
        self.ep_won[loser] -= price
        self.ep_won[winner] += price
        taken = 0
        if self.poule_open:  # de 4101: paid to the winner and to the basket alike
            self.fichets[loser] -= price
            self.poule += price
            self.shares[winner] += price
            if self.contract == winner:  # de 4107: two Partien running take the basket
                taken = self._poule_to({winner: self.poule})
            elif self.contract == loser and self.zug_number >= self.zuege:
                # de 4119: in the last Zug the two stand equal; the last winner takes more
                larger = self.poule - self.poule // 2
                taken = self._poule_to({winner: larger, loser: self.poule // 2})
            else:
                self.contract = winner  # de 4105: the contract moves to the winner
        carried = self.ep.holes[winner] - HOLES if self.rules.fortsetzung else 0
        if not self.rules.fortsetzung:
            self.must_go = winner  # de 3967: the Partie is over; a double hole is lost
        self.partie_results.append(PartieResult(winner, kind, price, carried, taken))
        self.ep = Honours()
        self.partie_number += 1
        if carried:  # de 3971: holes beyond the twelfth count for the next Partie
            self.ep.hole(winner, carried)

    def _poule_to(self, takers: dict[str, int]) -> int:
        """Empty the basket to ``takers``; a new Poule needs a new stake (de 4111)."""
        for player, amount in takers.items():
            self.fichets[player] += amount
        self.poule, self.poule_open, self.contract = 0, False, None
        self.shares = {p: 0 for p in PLAYERS}
        return max(takers.values())


def on_rail(holes: int) -> int:
    """The hole of the rail a count of holes stands in: past the twelfth the peg goes round
    again (art. 8, de 3716: "beginnt er die Runde von Neuem"); 0 is no peg."""
    return (holes - 1) % HOLES + 1 if holes else 0


def pegs(state: Combined) -> dict[str, dict[str, int]]:
    """Where each player's pegs stand: ``{"A": {"gold": 2, "silver": 8, ...}}`` (0: not
    placed); ``"krawatte-on"`` names the peg the Krawatte hangs on (de 4041–4055)."""
    found: dict[str, dict[str, int]] = {}
    for p in PLAYERS:
        placed = {"gold": 0, "silver": 0, "bimetallic": 0, "black": 0}
        as_hole = on_rail(state.zug.sides[p].holes)
        ep_hole = on_rail(state.ep.holes[p])
        if state.suspended == "as":
            placed["black"] = as_hole
        elif state.suspended == "ep":
            placed["black"] = ep_hole
        elif state.suspended == "as-paid" and state.paid_by == p:
            placed["black"] = HOLES  # de 4027: the last hole, on the side of the Ruheecke
        show_as = as_hole if state.as_running else 0
        show_ep = ep_hole if state.ep_running else 0
        if show_as and show_as == show_ep:  # de 4009: both games on the same hole
            placed["bimetallic"] = show_as
        else:
            placed["gold"], placed["silver"] = show_as, show_ep
        found[p] = placed
    return found


def krawatte(state: Combined, player: Player) -> str:
    """The games a player's Krawatte counts for: "", "as", "ep" or "as+ep" (de 4041)."""
    games = []
    if state.zug.krawatte(player):
        games.append("as")
    if state.ep.krawatte(player):
        games.append("ep")
    return "+".join(games)


def standarte(state: Combined) -> str:
    """Who has the Standarte (de 4035): a bredouille of the Aufschreiben in one Haltung."""
    if state.suspended in ("as", "as-paid"):
        return ""
    return "".join(p for p in PLAYERS if state.zug.standarte(p))


def facts(state: Combined) -> dict[str, object]:
    """Everything a sentence of the text can say about the state, by name."""
    found: dict[str, object] = {
        "standarte": standarte(state),
        "suspended": state.suspended,
        "zug": state.zug_number,
        "partie": state.partie_number,
        "poule": state.poule,
        "contract": state.contract or "",
        "zuege_played": len(state.zug_results),  # Züge won, paid or volunteered
    }
    placed = pegs(state)
    for p in PLAYERS:
        found.update({f"{p}.{kind}": hole for kind, hole in placed[p].items()})
        found[f"{p}.krawatte"] = krawatte(state, p)
        found[f"{p}.as"] = state.zug.sides[p].holes
        found[f"{p}.ep"] = state.ep.holes[p]
        found[f"{p}.marked"] = state.marked[p]
        found[f"{p}.jetons"] = state.jetons[p]
        found[f"{p}.fichets"] = state.fichets[p]
        found[f"{p}.share"] = state.shares[p]
        found[f"{p}.ep_won"] = state.ep_won[p]
    if state.zug_results:
        last = state.zug_results[-1]
        found.update({f"zug.{k}": v for k, v in last.facts().items()})
    if state.partie_results:
        done = state.partie_results[-1]
        found.update(
            {
                "partie.winner": done.winner,
                "partie.kind": done.kind,
                "partie.fichets": done.fichets,
                "partie.carried": done.carried,
                "partie.poule_taken": done.poule_taken,
            }
        )
    return found


EVENT_KEYS = ("player", "holes", "own", "then", "game")
STAKE = 2  # de 4101: "Jeder Spieler legt zwei Fichets Einsatz in den Korb"
THEN = ("stay", "go", "suspend-as", "suspend-ep")


def apply_event(state: Combined, event: dict[str, object]) -> None:
    """One event: ``{"stake": 2}`` or ``{"player": "A", "holes": 2, "own": true,
    "then": "go", "game": "both"}`` (``own`` defaults to true, ``then`` to "stay"), or a
    decision after the hole just made, ``{"player": "A", "then": "suspend-ep"}``. Every key
    is checked: a key the ledger does not read, a word where a boolean belongs, a count of
    holes the rail cannot hold, an event that changes nothing are refused (issue 13)."""
    if state.over:
        raise LedgerError(
            f"the Partie's {state.zuege} Züge are played, and the Partie mit Ehrenpunkten ends "
            "with the Partie zum Aufschreiben (de 4113)"
        )
    if "stake" in event:
        _stake(state, event)
        return
    unknown = sorted(set(event) - set(EVENT_KEYS))
    if unknown:
        raise LedgerError(
            f"unknown key(s) {', '.join(unknown)} (an event has {', '.join(EVENT_KEYS)}, or "
            "a stake alone)"
        )
    player = event.get("player")
    if player not in PLAYERS:
        raise LedgerError(f"'player' must be 'A' or 'B', not {player!r}")
    own = event.get("own", True)
    if not isinstance(own, bool):
        raise LedgerError(f"'own' must be true or false, not {own!r}")
    then = event.get("then", "stay")
    if then not in THEN:
        raise LedgerError(f"'then' must be {', '.join(THEN)}, not {then!r}")
    if "game" in event and event["game"] not in ("as", "ep", "both"):
        raise LedgerError(f"'game' must be 'as', 'ep' or 'both', not {event['game']!r}")
    if "holes" not in event:  # a decision after the hole just made
        if "own" in event or "game" in event:
            raise LedgerError("'own' and 'game' describe holes, and the event makes none")
        if then == "stay":
            raise LedgerError("the event makes no hole and decides nothing: it changes nothing")
        state.then(player, then, own)  # type: ignore[arg-type]
        return
    state.hole(player, holes_of(event), own, str(event.get("game", "")))
    state.then(player, then, own)  # type: ignore[arg-type]


def _stake(state: Combined, event: dict[str, object]) -> None:
    """De 4101: each player lays two fichets in the basket — an event of its own."""
    if set(event) != {"stake"}:
        others = ", ".join(sorted(set(event) - {"stake"}))
        raise LedgerError(f"a stake is an event of its own: {others} cannot go with it")
    count = event["stake"]
    if type(count) is not int or count != STAKE:
        raise LedgerError(
            f"'stake' must be {STAKE}, not {count!r}: each player lays two fichets (de 4101)"
        )
    state.stake(STAKE)


def play(events: list[dict[str, object]], state: Combined | None = None) -> Combined:
    """Apply events in order to a copy of ``state`` (default: the start)."""
    state = Combined() if state is None else state.copy()
    for index, event in enumerate(events, 1):
        if not isinstance(event, dict):
            raise LedgerError(f"event {index}: must be a table of keys, not {event!r}")
        try:
            apply_event(state, event)
        except LedgerError as error:
            raise LedgerError(f"event {index}: {error}") from None
    return state


def board(state: Combined) -> PegBoard:
    """What the drawing shows: the pegs (the Krawatte on the peg of the game it counts for,
    de 4041–4055), the Standarte, the jetons of lost Züge, the Poule and its contract."""
    placed = pegs(state)
    rails: dict[str, tuple[Peg, ...]] = {}
    for p in PLAYERS:
        games = krawatte(state, p).split("+")
        tied = {
            "gold": "as" in games,
            "silver": "ep" in games,
            "bimetallic": bool(games[0]),
            "black": state.suspended == "ep" and "ep" in games,
        }
        rails[p] = tuple(
            Peg(kind, hole, tied[kind])  # type: ignore[arg-type]
            for kind, hole in placed[p].items()
            if hole
        )
    return PegBoard(
        pegs=rails,
        standarte=standarte(state),
        marked=dict(state.marked),
        poule=state.poule,
        contract=state.contract or "",
    )
