"""One *Zug* (marqué) of Trictrac zum Aufschreiben, from the holes to the jetons it is worth.

Source: seed 000, de 3696–3949 (articles 1–75; da 1033–1258, sv 2387–2628). A hole is an
event (who made it, with whose dice); the player then *stays* or *goes* (lifts the game,
*Aufnehmen*). The Zug keeps what the articles need to price it:

* the first to six holes wins, the last hole with his own dice, and only when he goes
  (art. 1, 2, 7, 8; de 3702–3716); a hole made with the opponent's dice (*falsch
  geschlagen*) obliges him to stay (art. 1);
* before anyone has six holes, a player may lift after any hole of his own dice (art. 7);
  once the opponent has six or more, the other can mark him only by passing him, and the
  holes to do so are made in one Haltung: he can no longer lift (art. 9–12, 14; de 3718–3724);
* equal holes with six or more, reached with one's own dice, allow the *Wiederholter Zug*
  (refait): the holes are void and the consolation is doubled (art. 13; de 3730);
* a player who cannot lift and cannot hope to pass may go and pay (*marqué volontaire*,
  art. 14, 23; de 3732–3734, 3752);
* a won Zug pays the excess of holes, one jeton each, and a consolation of two (art. 3, 4);
* a *bredouille* — every hole of the winner made without a hole of the opponent between
  them, from his first — pays each hole and the consolation ×2 (small, with Aufnehmen),
  ×3 (small, in one Haltung), ×4 (great, twelve or more, with Aufnehmen) or ×5 (great, in one
  Haltung); *am Ende* (the opponent had holes first) the opponent's holes are then deducted
  simple (art. 15–20, 29–35; de 3738–3750, 3768–3778);
* when the opponent had reached his sixth hole in a bredouille of his own and is passed,
  the value follows what *his* bredouille would have been worth (art. 24–26, 37–39;
  de 3756–3764, 3782–3788);
* the Standarte shows a bredouille in one Haltung, the Krawatte one *am Ende* (art. 42–45;
  de 3792–3798).

Rules switches (:class:`Rules`): ``rates`` — ``"vienna"`` (art. 17, 18, 31, 32 and the
combined game's de 3961: ×2/×3 small, ×4/×5 great; "jedes weitere Loch erhöht nur um vier
bzw. fünf", de 4221), ``"french"`` (seed 002, 132, 136: the small bredouille doubles, the
great — from twelve holes — quadruples, with no difference for Aufnehmen) or
``"doubling"`` (seed 002, 136: "dans quelques maisons" the French great bredouille doubles
again every six holes, ×8 from eighteen, ×16 from twenty-four); ``ring`` — who sits out
after the first Zug of three playing in turn: ``"winner-rests"`` (art. 66–67: the loser
plays on with the third) or ``"loser-rests"`` (seed 002, 142: "celui des deux premiers
joueurs qui perd, se lève pour faire place au troisième").
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from ..core.errors import TabulaError
from ..core.game import Switches

Player = Literal["A", "B"]
PLAYERS: tuple[Player, Player] = ("A", "B")
CONSOLATION = 2  # art. 4 (de 3708): "als Trost zwei Jetons für den gewonnenen Zug"
OBLIGATORY_HOLE = 6  # art. 1, 7 (de 3702, 3714): the sixth hole, the "Pflichtloch"
GREAT = 12  # art. 29 (de 3768): twelve holes make the great bredouille
# The most holes one event may bring. The rail has twelve holes, and a player who reaches the
# twelfth "beginnt die Runde von Neuem" (art. 8, de 3716): an event takes a peg round the
# rail at most once. A Haltung has no limit (art. 8: "nicht begrenzt"), so longer runs are
# written as several events of the same player (12, then 8 for art. 33's twenty holes).
MOST_HOLES = 12


class LedgerError(TabulaError):
    """An event that cannot happen in the state it is given (the message says why)."""


def other(player: Player) -> Player:
    return "B" if player == "A" else "A"


@dataclass(frozen=True)
class Rules(Switches):
    """The named readings of the scoring rules."""

    rates: Literal["vienna", "french", "doubling"] = "vienna"
    ring: Literal["winner-rests", "loser-rests"] = "winner-rests"

    sources: ClassVar[dict[str, str]] = {
        "rates": "vienna: art. 17, 18, 31, 32 (de 3744, 3746, 3774, 3776), de 3961, 4221; "
        "french: seed 002, 132, 136; doubling: seed 002, 136",
        "ring": "winner-rests: art. 66–67 (de 3918–3919); loser-rests: seed 002, 142",
    }


def rate(
    kind: Literal["petite", "grande"], lifted: bool, rules: Rules = Rules(), holes: int = GREAT
) -> int:
    """Jetons per hole (and the factor of the consolation) of a bredouille of ``holes``.

    Vienna: small ×2 with Aufnehmen, ×3 in one Haltung (art. 17–18); great ×4 / ×5
    (art. 31–32), however many holes (de 4221). French (002, 132, 136): small ×2, great ×4
    whatever the Haltung; doubling (002, 136): the great doubles again every six holes.
    """
    if rules.rates in ("french", "doubling"):
        if kind == "petite":
            return 2
        steps = max(holes - GREAT, 0) // 6 if rules.rates == "doubling" else 0
        return int(4 * 2**steps)
    if kind == "petite":
        return 2 if lifted else 3
    return 4 if lifted else 5


@dataclass
class Standing:
    """One player's standing in the Zug: his holes, and what decides what his bredouille
    and his opponent's are worth."""

    holes: int = 0
    clean: bool = False  # no hole of the opponent since this side's first hole
    lifted: bool = False  # has lifted (Aufnehmen) since his first hole
    last_own: bool = False  # his last hole was made with his own dice
    # art. 24–26, 37–39: the rate of the opponent's bredouille this side interrupted after
    # the opponent's sixth hole; a bredouille of this side is then worth that rate
    inherited: int | None = None


@dataclass(frozen=True)
class Result:
    """How a Zug ended: who marked whom, and what the loser pays (in jetons)."""

    winner: Player
    loser: Player
    how: Literal["marked", "volunteered"]
    kind: Literal["simple", "petite", "grande"]
    end: Literal["", "anfang", "ende"]
    rate: int
    winner_holes: int
    loser_holes: int
    holes_value: int
    consolation: int
    refaits: int

    @property
    def value(self) -> int:
        return self.holes_value + self.consolation

    def facts(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "loser": self.loser,
            "how": self.how,
            "kind": self.kind,
            "end": self.end,
            "rate": self.rate,
            "winner_holes": self.winner_holes,
            "loser_holes": self.loser_holes,
            "holes_value": self.holes_value,
            "consolation": self.consolation,
            "value": self.value,
            # art. 19, 35: what the bredouille counts before the opponent's holes come off
            "gross": self.value + (self.loser_holes if self.kind != "simple" else 0),
        }


@dataclass
class Zug:
    """The state of one Zug; :meth:`hole` and :meth:`go` are the events."""

    rules: Rules = field(default_factory=Rules)
    sides: dict[str, Standing] = field(default_factory=lambda: {p: Standing() for p in PLAYERS})
    last: Player | None = None  # who made the last hole
    refaits: int = 0
    result: Result | None = None

    def copy(self) -> Zug:
        return copy.deepcopy(self)

    # -- events ---------------------------------------------------------------------------

    def hole(self, player: Player, count: int = 1, own: bool = True) -> None:
        """``player`` makes ``count`` holes, the last with his own dice or not (art. 1)."""
        if self.result is not None:
            raise LedgerError("the Zug is over: a new Zug begins with the next hole")
        if count < 1:
            raise LedgerError(f"a player makes at least one hole, not {count}")
        me, them = self.sides[player], self.sides[other(player)]
        if me.holes == 0:
            me.clean = True
            if them.holes >= OBLIGATORY_HOLE and them.clean:
                me.inherited = self.bredouille_rate(other(player))
        them.clean = them.clean and them.holes == 0  # a hole between his holes (art. 15.1)
        me.holes += count
        me.last_own = own
        self.last = player

    def go(self, player: Player) -> Result | None:
        """``player`` lifts the game after a hole of his own dice: he marks, volunteers to be
        marked, declares a refait, or only lifts (Aufnehmen); the result if the Zug ends."""
        me, them = self.sides[player], self.sides[other(player)]
        if self.result is not None:
            raise LedgerError("the Zug is over")
        if self.last != player or not me.last_own:
            raise LedgerError(
                f"{player} cannot go: only after a hole made with his own dice (art. 1, 7)"
            )
        if me.holes >= OBLIGATORY_HOLE and me.holes > them.holes:
            self.result = self._marked(player)
        elif them.holes >= OBLIGATORY_HOLE and me.holes == them.holes:
            self._refait()
        elif them.holes >= OBLIGATORY_HOLE:
            self.result = self._volunteered(player)
        else:
            me.lifted = True  # art. 7: free to lift before anyone's sixth hole
        return self.result

    def may_lift(self, player: Player) -> bool:
        """Whether a go would only lift, the Zug going on (art. 7, 8, 10)."""
        return max(s.holes for s in self.sides.values()) < OBLIGATORY_HOLE

    # -- markers and values ----------------------------------------------------------------

    def bredouille_rate(self, player: Player) -> int:
        """The rate ``player``'s holes would be paid at if he marked now in a bredouille."""
        me = self.sides[player]
        if me.inherited is not None:
            return me.inherited
        kind: Literal["petite", "grande"] = "grande" if me.holes >= GREAT else "petite"
        return rate(kind, me.lifted, self.rules, me.holes)

    def krawatte(self, player: Player) -> bool:
        """Art. 44 (de 3796): the player who interrupted the opponent, from his first hole
        on, uninterrupted himself — a bredouille *am Ende*."""
        me, them = self.sides[player], self.sides[other(player)]
        return me.holes > 0 and me.clean and them.holes > 0

    def standarte(self, player: Player) -> bool:
        """Art. 43, 45 (de 3794, 3798): uninterrupted and never lifted since the first hole;
        not in the exceptions of art. 25, 26, 37–39, where only the Krawatte is taken."""
        me = self.sides[player]
        return me.holes > 0 and me.clean and not me.lifted and me.inherited is None

    def _marked(self, player: Player) -> Result:
        me, them = self.sides[player], self.sides[other(player)]
        factor = 1 + self.refaits  # art. 13: doubled after a refait (002, 137: tripled after two)
        if me.clean and me.holes >= OBLIGATORY_HOLE:
            per = self.bredouille_rate(player)
            kind: Literal["simple", "petite", "grande"] = (
                "grande" if me.holes >= GREAT else "petite"
            )
            holes_value = me.holes * per - them.holes  # art. 19, 35: deducted simple
            end: Literal["", "anfang", "ende"] = "ende" if them.holes else "anfang"
        else:
            per, kind, end = 1, "simple", ""
            holes_value = me.holes - them.holes  # art. 3, 4, 22, 34
        return Result(
            winner=player,
            loser=other(player),
            how="marked",
            kind=kind,
            end=end,
            rate=per,
            winner_holes=me.holes,
            loser_holes=them.holes,
            holes_value=holes_value,
            consolation=CONSOLATION * per * factor,
            refaits=self.refaits,
        )

    def _volunteered(self, player: Player) -> Result:
        """Art. 14, 23, 41: the excess of holes simple, with the consolation."""
        me, them = self.sides[player], self.sides[other(player)]
        return Result(
            winner=other(player),
            loser=player,
            how="volunteered",
            kind="simple",
            end="",
            rate=1,
            winner_holes=them.holes,
            loser_holes=me.holes,
            holes_value=them.holes - me.holes,
            consolation=CONSOLATION * (1 + self.refaits),
            refaits=self.refaits,
        )

    def _refait(self) -> None:
        """Art. 13, 28, 41: the holes of both are void and the Zug begins again."""
        self.sides = {p: Standing() for p in PLAYERS}
        self.last = None
        self.refaits += 1

    def facts(self) -> dict[str, object]:
        found: dict[str, object] = {}
        for p in PLAYERS:
            found[f"{p}.holes"] = self.sides[p].holes
            found[f"{p}.krawatte"] = self.krawatte(p)
            found[f"{p}.standarte"] = self.standarte(p)
        found["refaits"] = self.refaits
        found["over"] = self.result is not None
        if self.result is not None:
            found.update({f"result.{k}": v for k, v in self.result.facts().items()})
        return found


def play(events: list[dict[str, object]], rules: Rules = Rules()) -> Zug:
    """A Zug from events ``{"player": "A", "holes": 2, "own": true, "then": "go"}``
    (``then``: ``"stay"``, the default, or ``"go"``); ``{"player": "B", "go": true}`` goes
    without a new hole."""
    zug = Zug(rules=rules)
    for index, event in enumerate(events, 1):
        try:
            apply_event(zug, event)
        except LedgerError as error:
            raise LedgerError(f"event {index}: {error}") from None
    return zug


EVENT_KEYS = ("player", "holes", "own", "then", "go")


def apply_event(zug: Zug, event: dict[str, object]) -> None:
    """One event: ``{"player": "A", "holes": 2, "own": true, "then": "go"}`` (``own``
    defaults to true, ``then`` to "stay"), or a go without a new hole, ``{"player": "B",
    "go": true}``. Every key is checked: a key the ledger does not read, a word where a
    boolean belongs, a count of holes the rail cannot hold, an event that changes nothing
    are refused (issue 13: they were read silently, "false" as true)."""
    unknown = sorted(set(event) - set(EVENT_KEYS))
    if unknown:
        raise LedgerError(
            f"unknown key(s) {', '.join(unknown)} (an event has {', '.join(EVENT_KEYS)})"
        )
    player = event.get("player")
    if player not in PLAYERS:
        raise LedgerError(f"'player' must be 'A' or 'B', not {player!r}")
    own, go = event.get("own", True), event.get("go", False)
    for key, value in (("own", own), ("go", go)):
        if not isinstance(value, bool):  # "false" is a word, and a word would read as true
            raise LedgerError(f"'{key}' must be true or false, not {value!r}")
    if "go" in event and "then" in event:
        raise LedgerError("'go' and 'then' say the same: give one")
    then = event.get("then", "go" if go else "stay")
    if then not in ("stay", "go"):
        raise LedgerError(f"'then' must be 'stay' or 'go', not {then!r}")
    if "holes" in event:
        zug.hole(player, holes_of(event), bool(own))
    elif "own" in event:
        raise LedgerError("'own' says whose dice made the holes, and the event makes none")
    elif then == "stay":
        raise LedgerError("the event makes no hole and does not go: it changes nothing")
    if then == "go":
        zug.go(player)


def holes_of(event: dict[str, object]) -> int:
    """An event's holes: a whole number from one to :data:`MOST_HOLES`."""
    count = event["holes"]
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MOST_HOLES:
        shown = repr(count) if len(repr(count)) <= 20 else f"{repr(count)[:20]}…"
        raise LedgerError(
            f"'holes' must be a whole number from 1 to {MOST_HOLES}, not {shown} (one event "
            "goes round the rail at most once, art. 8: write a longer run as more events)"
        )
    return count
