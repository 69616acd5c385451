"""Ledger figures (``kind = "table"`` of a ledger game): the worked examples of the Trictrac's
scoring ledgers, ``diagrams/trictrac-ecrire/*.toml`` and ``diagrams/trictrac-combine/*.toml``.

A ledger specification has ``game = "aufschreiben"`` or ``game = "kombiniert"`` (the ledgers
of :mod:`engine.ledger`, not games of :mod:`engine.games`), no position, optionally a
``[table]`` the page prints (:func:`ledger_table`), ``[[event]]`` tables (holes, stakes) and
``follows`` (the figure whose state this one continues). Nothing is drawn of it; its hole rails
are the kind ``pegs`` (:mod:`engine.kinds.pegs`), checked the same way. A claim
names a *computation* and the numbers the text states about its result::

    [[claim]]
    id = "art-18"
    lines = "de 3746; da 1074; sv 2424"
    says = "Sechs Löcher ergeben 18 Jetons, die Trostprämie sechs, zusammen 24 Jetons."
    compute = "zug"
    input = { events = [{ player = "A", holes = 6, then = "go" }] }
    expect = { "result.holes_value" = 18, "result.consolation" = 6, "result.value" = 24 }

Computations (:data:`COMPUTATIONS`): ``zug`` (a Zug from events; its facts, with
``result.*`` once it is over), ``rate`` (``kind``, ``lifted``), ``card-account`` (art. 57:
``columns``), ``wetten`` (``lost``), ``ring-wetten`` (``lost``, ``zuege``), ``fichets``
(``jetons``), ``schedule`` (``kind`` = ``eule``, ``ring`` or ``partnership``), ``holdings``
(a printed card: ``jetons``, ``marked``, ``stakes``), ``payments`` (art. 53–55: ``balance``,
``lost``), ``swing`` (what marking or being marked by a Zug changes at the end, de 4215)
and ``state`` (a combined game: the state after this figure's events, ``at`` = how many of
them; the default, for ``game = "kombiniert"``).

``rules = { rates = "doubling", ring = "loser-rests" }`` checks a claim under other readings
of the Aufschreiben (:class:`engine.ledger.aufschreiben.Rules`), for a sentence of another
usage (seed 002's French rules).

``disagrees = true`` records a sentence the engine shows wrong; such a claim must also give
``note`` (why) and ``engine`` (the engine's values of the keys the text gets wrong), and
passes only while the text's values fail *and* the engine's values are exactly those.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.errors import TabulaError
from ..ledger import aufschreiben, kombiniert, money, players, tables
from ..ledger.aufschreiben import Rules as ZugRules
from ..ledger.card import jetons_accounted
from ..verdicts import ClaimError, ClaimResult, check_envelope, verdict
from .kind import FigureKind, FigureSpec

LEDGERS = ("aufschreiben", "kombiniert")  # the ledgers' "games": their figures are these kinds
LEDGER_KEYS = frozenset({"follows", "event", "table"})  # what a ledger specification adds
_KEYS = {"compute", "input", "expect", "at", "engine"}
_KEYS |= {"records"}  # the editorial records (docs/<chapter>/editorial.toml) of a disagreement
_KEYS |= {"rules"}  # a claim about another reading: its switches over the figure's own


def _zug(data: dict[str, Any], rules: ZugRules) -> dict[str, object]:
    return aufschreiben.play(data["events"], rules).facts()


def _rate(data: dict[str, Any], rules: ZugRules) -> dict[str, object]:
    holes = data.get("holes", aufschreiben.GREAT)
    return {"rate": aufschreiben.rate(data["kind"], bool(data["lifted"]), rules, holes)}


def _card_account(data: dict[str, Any], rules: ZugRules) -> dict[str, object]:
    account = money.card_account(data["columns"], data.get("zuege", 12))
    found: dict[str, object] = {f"sum.{p}": v for p, v in account.sums.items()}
    found.update({line.label: line.jetons for line in account.lines})
    found.update(
        total=account.total,
        deducted=account.deducted,
        loss=account.loss,
        fichets=account.fichets,
        bigger=account.bigger,
    )
    return found


def _wetten(data: dict[str, Any], rules: ZugRules) -> dict[str, object]:
    owed = money.wetten(data["lost"])
    return {
        "payer": owed.payer or "",
        "wetten": owed.wetten,
        "postillons": owed.postillons,
        "jetons": owed.jetons,
    }


def _ring_wetten(data: dict[str, Any], rules: ZugRules) -> dict[str, object]:
    found = players.ring_wetten(data["lost"], data.get("zuege", 12))
    facts: dict[str, object] = {}
    for p in found.net:
        facts[f"net.{p}"] = found.net[p]
        facts[f"received.{p}"] = found.received[p]
        facts[f"paid.{p}"] = found.paid[p]
    for payer, payee, amount in found.transfers:
        facts[f"{payer}->{payee}"] = amount
    facts["total"] = sum(t[2] for t in found.transfers)
    return facts


def _fichets(data: dict[str, Any], rules: ZugRules) -> dict[str, object]:
    counted = money.fichets(data["jetons"], data.get("rule", "vienna"))
    return {"fichets": "throw" if counted is None else counted}


def _schedule(data: dict[str, Any], rules: ZugRules) -> dict[str, object]:
    kind = data["kind"]
    if kind == "eule":
        stints = players.eule_schedule(data["zuege"], tuple(data.get("partners", ("B", "C"))))
        counts = {f"stints.{p}": 0 for p in data.get("partners", ("B", "C"))}
        for stint in stints:
            counts[f"stints.{stint.partner}"] += 1
        return dict(counts)
    if kind == "ring":
        first = tuple(data["first"])
        rests = data["loser"] if rules.ring == "loser-rests" else None
        pairs = players.ring_pairs(data["zuege"], first, data["third"], data["loser"], rests)
    else:
        pairs = players.partnership_pairs(
            data["zuege"], tuple(data["first"]), data["loser"], data["partners"]
        )
    found: dict[str, object] = {f"zug.{k}": f"{a}-{b}" for k, (a, b) in enumerate(pairs, 1)}
    found["last"] = "-".join(sorted(pairs[-1]))
    found["each"] = {p: sum(p in pair for pair in pairs) for pair in pairs for p in pair}
    return found


def _holdings(data: dict[str, Any], rules: ZugRules) -> dict[str, object]:
    missing = jetons_accounted(data["jetons"], data["marked"], data.get("stakes", 2))
    return {"missing": missing, "zuege": sum(data["marked"].values())}


def _payments(data: dict[str, Any], rules: ZugRules) -> dict[str, object]:
    found: dict[str, object] = {}
    for step, payment in enumerate(money.final_payments(data["balance"], data["lost"]), 1):
        found[f"{step}.why"] = payment.why
        found[f"{step}.payer"] = payment.payer
        found[f"{step}.jetons"] = payment.jetons
    return found


def _swing(data: dict[str, Any], rules: ZugRules) -> dict[str, object]:
    """De 4215: marking or being marked by one Zug differs, at the end, by twice what
    changes hands: the Zug's value, one Wette (art. 48) and the marking jeton (art. 53)."""
    zug = aufschreiben.play(data["events"], rules)
    if zug.result is None:
        raise ClaimError("'swing' needs events that end the Zug")
    each = zug.result.value + money.PER_WETTE + 1
    return {"value": zug.result.value, "swing": 2 * each}


COMPUTATIONS: dict[str, Callable[[dict[str, Any], ZugRules], dict[str, object]]] = {
    "zug": _zug,
    "rate": _rate,
    "card-account": _card_account,
    "wetten": _wetten,
    "ring-wetten": _ring_wetten,
    "fichets": _fichets,
    "schedule": _schedule,
    "holdings": _holdings,
    "payments": _payments,
    "swing": _swing,
}


def events_of(spec: FigureSpec) -> list[dict[str, Any]]:
    events = spec.data.get("event", [])
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        raise ClaimError(f"figure {spec.id}: 'event' must be an array of tables ([[event]])")
    return events


def state_of(spec: FigureSpec, at: int | None = None) -> kombiniert.Combined:
    """The combined game after the figures this one follows and (``at`` of) its events."""
    start = kombiniert.Combined()
    if spec.follows is not None:
        start = state_of(spec.follows)
    events = events_of(spec)
    try:
        return kombiniert.play(events[: len(events) if at is None else at], start)
    except TabulaError as error:
        raise ClaimError(f"figure {spec.id}: {error}") from None


def zug_rules(spec: FigureSpec, claimed: dict[str, Any] | None = None) -> ZugRules:
    """The figure's readings of the Aufschreiben (``rules = { rates = "french" }``), and a
    claim's own over them (a sentence of seed 002 checked under its readings)."""
    settings: dict[str, Any] = {}
    for name, value in {**spec.rules, **(claimed or {})}.items():
        if name not in ("rates", "ring") or value not in ZugRules.choices(name):
            raise ClaimError(f"figure {spec.id}: no rules switch {name}={value} of the ledger")
        settings[name] = value
    return ZugRules(**settings)


def check_ledger(spec: FigureSpec) -> list[ClaimResult]:
    """Check every claim of a ledger figure."""
    if spec.game == "kombiniert":
        state_of(spec)  # the events must follow from the rules, claims or not
    return [_check(spec, claim) for claim in spec.claims]


def _check(spec: FigureSpec, claim: dict[str, Any]) -> ClaimResult:
    where = f"figure {spec.id}, claim '{claim['id']}'"
    check_envelope(claim, _KEYS, where)
    if "expect" not in claim:
        raise ClaimError(f"{where}: needs 'lines' and 'expect'")
    try:
        found = _compute(spec, claim)
    except (KeyError, TypeError, ValueError) as error:
        message = f"{where}: a value cannot be read ({type(error).__name__}: {error})"
        raise ClaimError(message) from None
    except TabulaError as error:
        raise ClaimError(f"{where}: {error}") from None
    problems = _compare(found, claim["expect"], where)
    disagrees = bool(claim.get("disagrees", False))
    if disagrees:
        problems = _recorded(found, claim, problems, where)
    return verdict(spec.id, claim, problems)


def _compute(spec: FigureSpec, claim: dict[str, Any]) -> dict[str, object]:
    compute = claim.get("compute", "state" if spec.game == "kombiniert" else None)
    if compute == "state":
        return kombiniert.facts(state_of(spec, claim.get("at")))
    if compute not in COMPUTATIONS:
        raise ClaimError(f"unknown computation {compute!r} (known: state, {sorted(COMPUTATIONS)})")
    return COMPUTATIONS[compute](claim.get("input", {}), zug_rules(spec, claim.get("rules")))


def _compare(found: dict[str, object], expected: dict[str, Any], where: str) -> list[str]:
    problems = []
    for key, value in expected.items():
        if key not in found:
            raise ClaimError(f"{where}: the engine knows no '{key}' here (known: {sorted(found)})")
        if found[key] != value:
            problems.append(f"{key} is {found[key]!r}, not {value!r}")
    return problems


def _recorded(
    found: dict[str, object], claim: dict[str, Any], problems: list[str], where: str
) -> list[str]:
    """A recorded disagreement: the engine's values must be the ones the note gives."""
    if not claim.get("note") or not isinstance(claim.get("engine"), dict):
        raise ClaimError(f"{where}: a disagreement needs 'note' and 'engine' (the right values)")
    wrong = _compare(found, claim["engine"], where)
    if wrong:  # the engine's value changed: the note no longer says what the engine says
        raise ClaimError(f"{where}: the recorded engine values no longer hold: {'; '.join(wrong)}")
    return problems


def ledger_table(spec: FigureSpec) -> list[tables.Row]:
    """The rows of the figure's ``[table]`` as the ``ledger-table`` directive prints them
    (:mod:`engine.ledger.tables`; empty when it has none)."""
    return tables.table(spec.data.get("table"), zug_rules(spec), f"figure {spec.id}")


LEDGER = FigureKind[FigureSpec](
    name="ledger",
    view="table",
    positioned=False,
    formats=(),
    preview=False,
    offers_trial=False,
    check=check_ledger,
    games=LEDGERS,
    keys=LEDGER_KEYS,
)
