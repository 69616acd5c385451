"""Tables the site prints beside the texts' worked examples, computed by the ledger.

A ledger specification may have a ``[table]``; :func:`table` turns it into rows of cells
(:func:`engine.kinds.ledger.ledger_table` hands it over), each row keyed so that the page
can label it in its own language (the labels are the page's words, the numbers the
engine's). Kinds:

``zuege``
    ``rows = [{ key = "…", events = [...] }, ...]``: each row a Zug played from its events;
    cells: the winner's and the loser's holes, the rate, the holes' value, the
    consolation and what the loser pays.
``card-account``
    ``columns = { A = [...], B = [...] }`` (art. 57): the Züge one per row, then the sums and
    the lines of the account, ending in the loss in jetons and in fichets.
``wetten``
    ``rows = [{ key = "…", lost = { A = 5, B = 7 } }, ...]``: Wetten, Postillons, jetons.
``ring-wetten``
    ``rows = [{ key = "…", lost = { A = 2, B = 4, C = 6 } }, ...]``: per player his Züge
    lost, his Wetten and what he receives or pays.
``pairs``
    ``zuege``, ``first``, ``loser``, ``partners`` (art. 73) or ``third`` (ring): who plays
    each Zug.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import aufschreiben, money, players
from .aufschreiben import Rules

Row = tuple[str, list[str]]


def table(data: dict[str, Any] | None, rules: Rules, where: str) -> list[Row]:
    """The rows of a figure's ``[table]`` (``data``; none: no rows), its Züge played under
    ``rules``; an error names the figure (``where``)."""
    if not data:
        return []
    kind = data.get("kind")
    maker = _KINDS.get(kind) if isinstance(kind, str) else None
    if maker is None:
        raise ValueError(f"{where}: unknown table kind {kind!r} (known: {sorted(_KINDS)})")
    return maker(data, rules, where)


def _zuege(data: dict[str, Any], rules: Rules, where: str) -> list[Row]:
    rows = []
    for row in data["rows"]:
        zug = aufschreiben.play(row["events"], rules)
        result = zug.result
        if result is None:
            raise ValueError(f"{where}: row {row['key']}: the Zug does not end")
        cells = [
            result.winner_holes,
            result.loser_holes,
            f"×{result.rate}",
            result.holes_value,
            result.consolation,
            result.value,
        ]
        rows.append((row["key"], [str(c) for c in cells]))
    return rows


def _card_account(data: dict[str, Any], rules: Rules, where: str) -> list[Row]:
    account = money.card_account(data["columns"], data.get("zuege", 12))
    a, b = account.columns["A"], account.columns["B"]
    rows: list[Row] = []
    for k in range(max(len(a), len(b))):
        cells = [str(a[k]) if k < len(a) else "", str(b[k]) if k < len(b) else ""]
        rows.append((f"zug-{k + 1}", cells))
    rows.append(("sums", [str(account.sums["A"]), str(account.sums["B"])]))
    for line in account.lines:
        rows.append((line.label, ["", str(line.jetons)]))
    rows.append(("total", ["", str(account.total)]))
    rows.append(("deducted", ["", f"− {account.deducted}"]))
    rows.append(("loss", ["", str(account.loss)]))
    rows.append(("fichets", ["", str(account.fichets)]))
    return rows


def _wetten(data: dict[str, Any], rules: Rules, where: str) -> list[Row]:
    rows = []
    for row in data["rows"]:
        owed = money.wetten(row["lost"])
        lost = row["lost"]
        cells = [lost["A"], lost["B"], owed.wetten, owed.postillons, owed.jetons]
        rows.append((row["key"], [str(c) for c in cells]))
    return rows


def _ring_wetten(data: dict[str, Any], rules: Rules, where: str) -> list[Row]:
    rows: list[Row] = []
    for row in data["rows"]:
        found = players.ring_wetten(row["lost"], data.get("zuege", 12))
        for p in sorted(found.net):
            change = found.received[p] - found.paid[p]
            cells = [p, str(row["lost"][p]), f"{found.net[p]:+d}", f"{change:+d}"]
            rows.append((row["key"] if p == "A" else "", cells))
    return rows


def _pairs(data: dict[str, Any], rules: Rules, where: str) -> list[Row]:
    first = tuple(data["first"])
    if "partners" in data:
        pairs = players.partnership_pairs(data["zuege"], first, data["loser"], data["partners"])
    else:
        pairs = players.ring_pairs(data["zuege"], first, data["third"], data["loser"])
    return [("", [str(k), f"{a} – {b}"]) for k, (a, b) in enumerate(pairs, 1)]


_KINDS: dict[str, Callable[[dict[str, Any], Rules, str], list[Row]]] = {
    "zuege": _zuege,
    "card-account": _card_account,
    "wetten": _wetten,
    "ring-wetten": _ring_wetten,
    "pairs": _pairs,
}
