"""Run a ledger from a list of events, for the command line: JSON in, JSON out.

``aufschreiben``: the events of :func:`.aufschreiben.apply_event`, Zug after Zug (a Zug that
ends starts the next with the following event); the answer lists each Zug's result, what
each player has lost and won, the Wetten, and — once the Partie's Züge are all played — the
final payments in their order (art. 53–55).

``kombiniert``: the events of :func:`.kombiniert.apply_event`; the answer is the state's
facts, the pegs, and the adjournment card.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from .aufschreiben import PLAYERS, LedgerError, Result, Zug, apply_event
from .aufschreiben import Rules as ZugRules
from .card import card
from .kombiniert import Combined, facts, pegs
from .kombiniert import play as play_combined
from .money import final_payments, komplet, wetten


def read_events(text: str, source: str) -> list[dict[str, Any]]:
    """The events of a JSON document: a list of objects (or ``{"events": [...]}``)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise LedgerError(
            f"{source}: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from None
    except RecursionError:
        raise LedgerError(f"{source}: the JSON is nested too deeply to be events") from None
    except ValueError as error:  # an integer of thousands of digits
        raise LedgerError(f"{source}: a value cannot be read ({error})") from None
    if isinstance(data, dict) and "events" in data:
        others = sorted(set(data) - {"events"})
        if others:  # a key nobody reads is a mistake, not a comment
            raise LedgerError(f"{source}: unknown key(s) {', '.join(others)} beside 'events'")
        data = data["events"]
    if not isinstance(data, list):
        raise LedgerError(f"{source}: expected a list of event objects")
    for index, event in enumerate(data, 1):
        if not isinstance(event, dict):
            raise LedgerError(f"{source}: event {index} is not an object of keys")
    return data


def run_aufschreiben(
    events: list[dict[str, Any]], rules: ZugRules | None = None, zuege: int = 12
) -> dict[str, Any]:
    komplet(zuege)  # the number must be even (art. 46)
    rules = rules or ZugRules()
    zug = Zug(rules=rules)
    results: list[Result] = []
    for index, event in enumerate(events, 1):
        if zug.result is not None:
            zug = Zug(rules=rules)
        if len(results) == zuege:
            raise LedgerError(f"event {index}: the Partie's {zuege} Züge are played")
        try:
            apply_event(zug, event)
        except LedgerError as error:
            raise LedgerError(f"event {index}: {error}") from None
        if zug.result is not None:
            results.append(zug.result)
    lost: dict[str, int] = {p: sum(r.loser == p for r in results) for p in PLAYERS}
    balance: dict[str, int] = {
        p: sum(r.value if r.winner == p else -r.value for r in results) for p in PLAYERS
    }
    owed = wetten(lost)
    answer: dict[str, Any] = {
        "zuege": [r.facts() for r in results],
        "current": None if zug.result is not None else zug.facts(),
        "lost": lost,
        "balance": balance,
        "wetten": {"payer": owed.payer, "wetten": owed.wetten, "jetons": owed.jetons},
    }
    if len(results) == zuege:
        answer["final"] = [asdict(p) for p in final_payments(balance, lost)]
    return answer


def run_kombiniert(
    events: list[dict[str, Any]],
    names: dict[str, str] | None = None,
    first_dice: str = "A",
    zuege: int = 12,
) -> tuple[Combined, dict[str, Any]]:
    komplet(zuege)  # the number must be even (art. 46)
    state = play_combined(events, Combined(zuege=zuege))
    printed = card(state, names, first_dice, zuege)
    return state, {"facts": facts(state), "pegs": pegs(state), "card": printed.as_json()}
