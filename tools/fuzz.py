"""Fuzz the command line (issue 13): malformed and impossible input, run in this process.

    .venv/bin/python tools/fuzz.py [--inputs 100000] [--seed 13] [--results bench/results.md]

A seeded mutation fuzzer over every game's positions, rolls, rules switches and plays, and
over the ledgers' events and options: it starts from valid input (each game's start, the
positions of seeded random games under each variant, every figure's position, the figures'
ledger events) and mutates it — a count or a colour changed, checkers put on the bar or
borne off, a field given a value out of range or twice, an unknown key, a character
inserted, deleted or replaced (control characters and long runs among them), a JSON value
of the wrong type or size. Each input is a call of ``engine.cli.main`` in this process (no
interpreter started per input), and each run is classified:

* **traceback** — an exception escaped the command line;
* **status** — an exit status other than 0, 1 (a failed verification) and 2;
* **multi-line** — more than one line on standard error, or a line longer than
  ``LONGEST_MESSAGE``;
* **slow** — more than two seconds of processor time (this process's: on a machine shared
  with other work the clock measures the machine, not the input; the longest wall-clock
  time is reported beside it);
* **accepted invalid** — status 0 although this file's own check finds the input
  impossible: it reads the notation and the events itself (not with the engine's reader)
  and checks them against the rules' numbers — each side's checkers, the bar and the tray
  where a game has none, the Trictrac's points, holes and throws under the variant played,
  holes per ledger event, booleans, unknown keys;
* **impossible output** — an accepted call whose answer (a position after a play, the
  combined game's state) that same check finds impossible.

The counts must all be zero. ``tests/tools/test_fuzz.py`` runs a few hundred inputs;
``make bench`` runs 100,000 and writes the counts into ``bench/results.md``.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import json
import random
import re
import sys
import tempfile
import time
import tomllib
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.cli import LONGEST_MESSAGE, main  # noqa: E402

SLOW = 2.0  # seconds of processor time
KINDS = ("traceback", "status", "multi-line", "slow", "accepted invalid", "impossible output")

# -- the rules' numbers, written here again so that the check does not lean on the engine --

CHECKERS = {"tourne-case": 3}  # fr 5805; every other game: fifteen a side
NO_BAR = {"dames-rabattues", "plein", "trictrac"}  # fr 5875…, fr 5951, fr 4598 (never hit)
NO_OFF = {"plein", "tourne-case"}  # fr 5951, fr 5805: nothing is borne off
TO_LAY = (1, 1, 1, 2, 2, 2)  # Dames Rabattues, piles 1–6: checkers to lay down (fr 5885, 5905)
RAIL = 12  # the Trictrac's twelve holes (fr 4750); the combined game's Partie (de 3963)
MOST_POINTS = 10  # at the Trictrac twelve points make a hole at once (fr 4784)
THROWS = 3  # the jan de trois coups counts three throws (fr 4694)
# the table each side bears off from, in the board's order (White's own point 1 is point 13,
# Black's point 12, each running away from his pile): no checker is ever sent back (fr 5035)
JAN_DE_RETOUR = {"w": range(7, 13), "b": range(13, 19)}
AUF_KEYS = {"player", "holes", "own", "then", "go"}
KOMB_KEYS = {"player", "holes", "own", "then", "game"}
STAKE = 2  # de 4101: "Jeder Spieler legt zwei Fichets Einsatz in den Korb"

_NUMBER = r"(0|[1-9][0-9]?)"
_PAIR = re.compile(rf"{_NUMBER},{_NUMBER}")
_POINT = re.compile(r"-|[1-9][0-9]?[wb]")
_ROLL = re.compile(r"[1-6]-[1-6]")


def _pair(text: str) -> tuple[int, int] | None:
    match = _PAIR.fullmatch(text)
    return (int(match.group(1)), int(match.group(2))) if match else None


def _switches(rules: list[str]) -> dict[str, str]:
    return dict(item.partition("=")[::2] for item in rules)


def position_problem(text: str, game: str, rules: list[str]) -> str:
    """Why ``text`` cannot be a position of ``game`` under ``rules`` ("" if no reason is
    found): the notation read here, and the rules' limits checked."""
    tokens = text.split()
    if len(tokens) < 4:
        return "fewer than four fields"
    name, board, turn, dice, *rest = tokens
    if name != game:
        return f"the position is of '{name}'"
    quarters = board.split("/")
    if len(quarters) != 4 or any(len(q.split(",")) != 6 for q in quarters):
        return "the board is not four quarters of six points"
    cells = [c for q in quarters for c in q.split(",")]
    if not all(_POINT.fullmatch(c) for c in cells):
        return "a point is not '-' or a count and a colour"
    if turn not in ("w", "b", "-") or (dice != "-" and not _ROLL.fullmatch(dice)):
        return "the turn or the dice"
    values: dict[str, str] = {}
    for token in rest:
        key, sep, value = token.partition("=")
        if not sep or key in values:
            return f"field '{token[:20]}' is not KEY=VALUE or is given twice"
        values[key] = value
    return _fields_problem(game, cells, values, _switches(rules))


def _fields_problem(
    game: str, cells: list[str], values: dict[str, str], rules: dict[str, str]
) -> str:
    known = {"bar", "off", *_GAME_FIELDS.get(game, {})}
    if set(values) - known:
        return f"unknown field(s) {sorted(set(values) - known)}"
    pairs = {k: _pair(values.get(k, "0,0")) for k in ("bar", "off")}
    if None in pairs.values():
        return "bar or off is not a pair of counts"
    bar, off = pairs["bar"], pairs["off"]
    assert bar is not None and off is not None
    for i, colour in enumerate("wb"):
        board = sum(int(c[:-1]) for c in cells if c.endswith(colour))
        if board + bar[i] + off[i] != CHECKERS.get(game, 15):
            return f"{colour} has {board + bar[i] + off[i]} checkers"
    if game in NO_BAR and bar != (0, 0):
        return "checkers on the bar of a game that has none"
    if game in NO_OFF and off != (0, 0):
        return "checkers borne off in a game that bears none off"
    for key, check in _GAME_FIELDS.get(game, {}).items():
        if key in values and not check(values[key]):
            return f"{key}={values[key][:20]}"
    if game == "trictrac":
        for i, colour in enumerate("wb"):
            home = JAN_DE_RETOUR[colour]
            outside = any(c.endswith(colour) for k, c in enumerate(cells, 1) if k not in home)
            if off[i] and outside:
                return f"{colour} bears off with checkers outside the jan de retour"
        return _trictrac_problem(values, off, rules)
    if game == "toute-table" and off == (15, 15):
        return "both have borne off all"
    return ""


def _down(value: str) -> bool:
    parts = value.split(",")
    return len(parts) == 2 and all(
        len(p) == 6
        and p.isdigit()
        and all(int(d) <= most for d, most in zip(p, TO_LAY, strict=True))
        for p in parts
    )


def _higher_first(text: str) -> bool:
    dice = text.split("-")
    if len(dice) != 2 or not all(d in "123456" and len(d) == 1 for d in dice):
        return False
    return dice[0] >= dice[1]


_GAME_FIELDS: dict[str, dict[str, Callable[[str], bool]]] = {
    "brade": {"burst": lambda v: v in ("0", "1")},
    "verkehr": {"burst": lambda v: v in ("0", "1")},
    "dames-rabattues": {"down": _down},
    "trictrac": {
        "points": lambda v: _pair(v) is not None,
        "holes": lambda v: _pair(v) is not None,
        "bredouille": lambda v: v in ("w", "b", "-"),
        "etendard": lambda v: v in ("w", "b", "-"),
        "throws": lambda v: (p := _pair(v)) is not None and max(p) <= THROWS,
        # the first throw of the piles (the jan de rencontre), kept with the higher die first
        "first": lambda v: v == "-" or _higher_first(v),
    },
}


def _trictrac_problem(values: dict[str, str], off: tuple[int, int], rules: dict[str, str]) -> str:
    points = _pair(values.get("points", "0,0")) or (0, 0)
    holes = _pair(values.get("holes", "0,0")) or (0, 0)
    variant = rules.get("game", "trictrac")
    if values.get("bredouille", "-") != "-" and not min(points):
        return "bredouille named while one side has no points"
    if values.get("etendard", "-") != "-" and not min(holes):
        return "etendard named while one side has no holes"
    if max(holes) > RAIL:
        return "more holes than the rail has"
    if variant == "trictrac":
        if any(p % 2 or p > MOST_POINTS for p in points):
            return f"points {points}: two by two, at most ten"
        if min(holes) >= RAIL:
            return "both have won"
        if max(off) == 15:
            return "fifteen borne off: the piles are set up again"
    elif variant == "toc":
        tour = int(rules.get("tour", "12"))
        most = (
            (2 if rules.get("toc_double") == "true" else 1)
            if rules.get("toc_count", "throw") == "throw"
            else RAIL
        )
        if points != (0, 0):
            return "points at the Toc, where holes are marked"
        if min(holes) >= tour or max(holes) > tour - 1 + most:
            return f"holes {holes} beyond a tour of {tour}"
        if max(off) == 15:
            return "fifteen borne off: the piles are set up again"
    elif variant == "toccategli":
        if holes != (0, 0):
            return "holes at the Toccategli, played to twelve points"
        if min(points) >= 12:
            return "both have won"
    return ""


def roll_problem(text: str | None) -> str:
    return "" if text is None or _ROLL.fullmatch(text.strip()) else "not a roll"


def rules_problem(game: str, rules: list[str]) -> str:
    from engine.games import GAMES

    if game not in GAMES:
        return ""
    rules_type = GAMES[game].rules_type
    names = [r.partition("=")[0] for r in rules]
    if len(set(names)) != len(names):
        return "a switch given twice"
    for item in rules:
        name, sep, value = item.partition("=")
        if not sep:
            return "not NAME=VALUE"
        try:
            choices = rules_type.choices(name)
        except KeyError:
            return f"no switch {name}"
        if value not in [str(c).lower() if isinstance(c, bool) else str(c) for c in choices]:
            return f"{name}={value}"
    return ""


def events_problem(kind: str, data: Any) -> str:
    """Why a ledger's events cannot be played ("" if no reason is found at their fields)."""
    if isinstance(data, dict):
        if set(data) != {"events"}:
            return "a table of events with other keys"
        data = data["events"]
    if not isinstance(data, list):
        return "not a list"
    for index, event in enumerate(data, 1):
        problem = _event_problem(kind, event)
        if problem:
            return f"event {index}: {problem}"
    return ""


def _whole(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _event_problem(kind: str, event: object) -> str:
    if not isinstance(event, dict):
        return "not a table"
    if kind != "aufschreiben" and "stake" in event:
        alone = set(event) == {"stake"} and _whole(event["stake"], STAKE, STAKE)
        return "" if alone else "a stake is two fichets and nothing else"
    allowed = AUF_KEYS if kind == "aufschreiben" else KOMB_KEYS
    if set(event) - allowed:
        return f"unknown key(s) {sorted(set(event) - allowed)}"
    if event.get("player") not in ("A", "B"):
        return "player"
    if "holes" in event and not _whole(event["holes"], 1, RAIL):
        return "holes"
    if "holes" not in event:
        if "own" in event or "game" in event:
            return "'own' or 'game' without holes"
        if event.get("then", "go" if event.get("go") is True else "stay") == "stay":
            return "nothing happens"
    for key in ("own", "go"):
        if key in event and not isinstance(event[key], bool):
            return key
    if kind == "aufschreiben" and "go" in event and "then" in event:
        return "both go and then"
    thens = ("stay", "go") if kind == "aufschreiben" else ("stay", "go", "suspend-as", "suspend-ep")
    if "then" in event and event["then"] not in thens:
        return "then"
    if "game" in event and event["game"] not in ("as", "ep", "both"):
        return "game"
    return ""


def combined_problem(answer: dict[str, Any], zuege: int = 12) -> str:
    """What a combined game's state cannot show: a Partie mit Ehrenpunkten past its twelfth
    hole, a peg off its rail, more Züge than the Partie has."""
    facts = answer.get("facts", {})
    for player in ("A", "B"):
        if not 0 <= facts.get(f"{player}.ep", 0) < RAIL:
            return f"{player} has {facts[f'{player}.ep']} holes in a Partie of twelve"
        for peg, hole in answer.get("pegs", {}).get(player, {}).items():
            if not 0 <= hole <= RAIL:
                return f"{player}'s {peg} peg in hole {hole}"
    if facts.get("zug", 1) > zuege + 1:
        return f"Zug {facts['zug']} of a Partie of {zuege}"
    return ""


# -- the corpus: valid input to start from -----------------------------------------------


@dataclass(frozen=True)
class Seed:
    game: str
    position: str
    rules: tuple[str, ...] = ()
    play: str = ""  # a legal play of the position's dice, if it has any


@dataclass
class Corpus:
    seeds: list[Seed] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    switches: dict[str, list[str]] = field(default_factory=dict)  # game -> NAME=VALUE
    auf_events: list[list[dict[str, Any]]] = field(default_factory=list)
    komb_events: list[list[dict[str, Any]]] = field(default_factory=list)
    figures: list[str] = field(default_factory=list)


_VARIANTS = {
    "trictrac": [(), ("game=toc",), ("game=toc", "tour=2", "toc_double=true"), ("game=toccategli",)]
}


def build_corpus(seed: int = 13, games_per_variant: int = 2) -> Corpus:
    """Each game's start, positions of seeded random games under each variant, every
    figure's position and the figures' ledger events."""
    from engine.core.game import make_rules
    from engine.core.position import Colour
    from engine.games import GAMES, write_position
    from engine.specs import DIAGRAMS, all_spec_ids

    rng = random.Random(seed)
    corpus = Corpus(games=sorted(GAMES), figures=all_spec_ids())
    for name, game in sorted(GAMES.items()):
        corpus.switches[name] = [
            f"{f}={str(c).lower() if isinstance(c, bool) else c}"
            for f in (x.name for x in dataclasses.fields(game.rules_type))
            for c in game.rules_type.choices(f)
        ]
        for rules in _VARIANTS.get(name, [()]):
            settings = _switches(list(rules))
            made = make_rules(game, settings)
            for turn in (Colour.WHITE, Colour.BLACK):
                corpus.seeds.append(
                    Seed(name, write_position(game.start().replace(turn=turn)), rules)
                )
            for _ in range(games_per_variant):
                position = game.start().replace(turn=Colour.WHITE)
                for ply in range(rng.randint(20, 160)):
                    if game.outcome(position, made):
                        corpus.seeds.append(Seed(name, write_position(position), rules))
                        break
                    roll = (rng.randint(1, 6), rng.randint(1, 6))
                    analyses = game.analyse(position, roll, made)
                    if ply % 7 == 0:
                        text = write_position(position.replace(dice=roll))
                        corpus.seeds.append(Seed(name, text, rules, str(rng.choice(analyses).play)))
                    position = rng.choice(analyses).after
    for path in sorted(DIAGRAMS.rglob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if isinstance(data.get("position"), str) and data.get("game") in GAMES:
            rules = tuple(
                f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                for k, v in data.get("rules", {}).items()
            )
            corpus.seeds.append(Seed(data["game"], data["position"], rules))
        for claim in data.get("claim", []):
            events = (
                claim.get("input", {}).get("events")
                if isinstance(claim.get("input"), dict)
                else None
            )
            if claim.get("compute") == "zug" and events:
                corpus.auf_events.append(events)
    corpus.komb_events = _combined_chains(DIAGRAMS)
    return corpus


def _combined_chains(diagrams: Path) -> list[list[dict[str, Any]]]:
    """The combined game's figures, each with the events of the figures it follows."""
    loaded = {
        p.relative_to(diagrams).with_suffix("").as_posix(): tomllib.loads(p.read_text("utf-8"))
        for p in sorted((diagrams / "trictrac-combine").glob("*.toml"))
    }

    def chain(name: str) -> list[dict[str, Any]]:
        data = loaded[name]
        before = chain(data["follows"]) if "follows" in data else []
        return before + list(data.get("event", []))

    return [chain(name) for name, data in loaded.items() if data.get("event")]


# -- mutations ------------------------------------------------------------------------------

NASTY = [
    "\n",
    "\r",
    "\x00",
    "\x1b[31m",
    "\t",
    "\u2028",
    "é",
    "🂡",
    " ",
    "=",
    ",",
    "/",
    "-",
    "9" * 400,
]


def _text_edit(rng: random.Random, text: str) -> str:
    """One character inserted, deleted or replaced, or the text cut, repeated or doubled."""
    choice = rng.randrange(7)
    at = rng.randint(0, len(text))
    if choice == 0:
        return text[:at] + rng.choice(NASTY + list("0123456789wb-,/=x ")) + text[at:]
    if choice == 1:
        return text[:at] + text[at + 1 :]
    if choice == 2:
        return text[:at] + rng.choice("0123456789wb-,/=") + text[at + 1 :]
    if choice == 3:
        return text[:at]
    if choice == 4:
        return text + " " + text.split(" ")[-1]
    if choice == 5:
        return text * rng.choice((2, 50))
    return text.replace(" ", rng.choice(["  ", "\t", "\n", " \u3000 "]), 1)


_FIELD_KEYS = {
    "trictrac": ["points", "holes", "bredouille", "etendard", "throws"],
    "brade": ["burst"],
    "verkehr": ["burst"],
    "dames-rabattues": ["down"],
}
_ALL_KEYS = sorted({k for keys in _FIELD_KEYS.values() for k in keys} | {"x"})


def _mutate_position(rng: random.Random, text: str, games: list[str], game: str) -> str:
    """One change: mild ones (a checker moved, borne off or put on the bar, a field of the
    game given another value in its range) as often as rough ones (counts and fields out of
    range, another game's fields, characters edited)."""
    tokens = text.split(" ")
    choice = rng.randrange(12)
    if choice <= 3 and len(tokens) > 1:  # a checker moved, or a point given another count
        cells = [c for q in tokens[1].split("/") for c in q.split(",")]
        if len(cells) == 24:
            _move_checker(rng, cells, rough=choice == 3)
            tokens[1] = "/".join(",".join(cells[q * 6 : q * 6 + 6]) for q in range(4))
        return " ".join(tokens)
    if choice <= 7:  # a field set or added
        own = ["bar", "off", *_FIELD_KEYS.get(game, [])]
        key = rng.choice(own if rng.random() < 0.8 else _ALL_KEYS)
        value = rng.choice(
            [
                f"{rng.randint(0, 3)},{rng.randint(0, 3)}",
                f"{rng.randrange(0, 14, 2)},{rng.randrange(0, 14, 2)}",
                f"{rng.randint(0, 15)},{rng.randint(0, 15)}",
                f"{rng.randint(0, 99)},{rng.randint(0, 99)}",
                rng.choice(["w", "b", "-", "0", "1", "2", "00,0", "0,04", "1,2,3", "", "9"]),
                rng.choice(["111222,111222", "000111,111222", "222222,000000", "011122,111222"]),
            ]
        )
        kept = [t for t in tokens if not t.startswith(f"{key}=")] if rng.random() < 0.9 else tokens
        return " ".join([*kept, f"{key}={value}"])
    if choice == 8 and len(tokens) > 3:  # the turn or the dice
        i = rng.choice((2, 3))
        tokens[i] = rng.choice(["w", "b", "-", "x", "6-6", "0-1", "7-1", "6-", "66", ""])
        return " ".join(tokens)
    if choice == 9:  # another game's name
        tokens[0] = rng.choice([*games, "Brade", "", "x" * 300])
        return " ".join(tokens)
    return _text_edit(rng, text)


def _move_checker(rng: random.Random, cells: list[str], rough: bool) -> None:
    """A checker taken from one point to another (the totals kept), or, rough, a count
    changed or written wrongly."""
    if rough:
        cells[rng.randrange(24)] = rng.choice(
            ["-", f"{rng.randint(1, 16)}{rng.choice('wb')}", f"{rng.randint(1, 99)}w", "0w", "01b"]
        )
        return
    if not all(_POINT.fullmatch(c) for c in cells):
        return  # an earlier edit broke the board: leave it broken
    sources = [i for i, c in enumerate(cells) if c != "-"]
    if not sources:
        return
    i, j = rng.choice(sources), rng.randrange(24)
    colour = cells[i][-1]
    if cells[j] != "-" and cells[j][-1] != colour:
        return
    cells[i] = _less(cells[i])
    cells[j] = f"{int(cells[j][:-1]) + 1 if cells[j] != '-' else 1}{colour}"


def _less(cell: str) -> str:
    if cell == "-":
        return cell
    count = int(cell[:-1]) - 1
    return f"{count}{cell[-1]}" if count > 0 else "-"


def _mutate_roll(rng: random.Random) -> str | None:
    return rng.choice(
        [
            None,
            None,
            f"{rng.randint(1, 6)}-{rng.randint(1, 6)}",
            f"{rng.randint(1, 6)}-{rng.randint(1, 6)}",
            rng.choice(["0-7", "6-", "-", "6-5-4", " 6-5 ", "6–5", "x", "", "6-5\n", "9" * 2000]),
        ]
    )


def _mutate_rules(
    rng: random.Random, corpus: Corpus, game: str, base: tuple[str, ...]
) -> list[str]:
    rules = list(base)
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        switches = corpus.switches.get(game) or ["x=y"]
        rules.append(
            rng.choice(
                [
                    rng.choice(switches),
                    rng.choice(switches),
                    rng.choice(switches).partition("=")[0]
                    + "="
                    + rng.choice(["", "maybe", "True", "0", "12"]),
                    rng.choice(["=", "x", "game", "game=", "tour=13", "no_such=1", "\n=\n"]),
                ]
            )
        )
    return rules


_EVENT_VALUES: list[object] = [
    0,
    1,
    2,
    6,
    11,
    12,
    13,
    -1,
    10**6,
    10**30,
    1.5,
    True,
    False,
    None,
    "",
    "1",
    "A",
    "B",
    "C",
    "go",
    "stay",
    "true",
    "false",
    "suspend-as",
    "suspend-ep",
    "both",
    "as",
    "ep",
    [],
    {},
    [1],
    {"a": 1},
]


def _mutate_events(rng: random.Random, events: list[dict[str, Any]], kind: str) -> Any:
    events = [dict(e) for e in events]
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        choice = rng.randrange(9)
        if not events or choice == 0:
            events.append({"player": rng.choice("AB"), "holes": rng.randint(1, 13)})
        elif choice <= 3:  # a value changed
            event = rng.choice(events)
            key = rng.choice([*event, "holes", "own", "then", "go", "game", "player", "stake"])
            event[key] = rng.choice(_EVENT_VALUES)
        elif choice == 4:  # an unknown key, or a key dropped
            event = rng.choice(events)
            if rng.random() < 0.5:
                event[rng.choice(["hole", "Holes", "note", "x", ""])] = 1
            elif event:
                event.pop(rng.choice(list(event)))
        elif choice == 5:  # many one-hole events
            events += [{"player": "A", "holes": 1}] * rng.choice((12, 13, 30))
        elif choice == 6:  # a stake (the combined game), a go (the Aufschreiben)
            extra: dict[str, Any] = (
                {"stake": rng.choice([2, 2, 1, 3, 0, -2, 10**9, "2", 2.0])}
                if kind == "kombiniert" or rng.random() < 0.1
                else {"player": rng.choice("AB"), "go": rng.choice([True, True, False, "true"])}
            )
            events.insert(rng.randint(0, len(events)), extra)
        elif choice == 7 and rng.random() < 0.5:  # Züge won to the Partie's end and past it
            events += [{"player": rng.choice("AB"), "holes": 6, "then": "go"}] * rng.randint(4, 14)
        elif choice == 7:
            del events[rng.randrange(len(events)) :]
        else:
            events = events + events
    if rng.random() < 0.1:
        return {"events": events, **({"x": 1} if rng.random() < 0.5 else {})}
    if rng.random() < 0.03:
        return rng.choice([events[:1] if events else [], 1, "x", None, {"event": events}])
    return events


def _json(raw: bytes) -> Any:
    """What a JSON document holds, or None when it is not one (bytes, nesting, numbers)."""
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return None


def _encode(rng: random.Random, data: Any) -> bytes:
    raw = json.dumps(data).encode()
    choice = rng.randrange(40)
    if choice == 0:
        return raw[: rng.randint(0, len(raw))]
    if choice == 1:
        return raw + b"\xff"
    if choice == 2:
        return b"[" * rng.choice((10, 5000, 200_000))
    if choice == 3:
        return b'[{"player": "A", "holes": ' + b"9" * rng.choice((30, 5000)) + b"}]"
    if choice == 4:
        return b"\xef\xbb\xbf" + raw
    return raw


# -- the cases -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    argv: tuple[str, ...]
    stdin: bytes = b""
    invalid: str = ""  # why the independent check finds the input impossible
    check: str = ""  # what to check an accepted answer with: "positions" or "combined"
    game: str = ""
    rules: tuple[str, ...] = ()
    zuege: int = 12  # the Züge of the Partie, for the combined game's check

    def describe(self) -> str:
        shown = " ".join(repr(a) if len(a) < 120 else repr(a[:100]) + "…" for a in self.argv)
        stdin = f" < {self.stdin[:120]!r}" if self.stdin else ""
        return f"{shown}{stdin}" + (f"  [{self.invalid}]" if self.invalid else "")


def position_case(rng: random.Random, corpus: Corpus, out: Path) -> Case:
    seed = rng.choice(corpus.seeds)
    game = seed.game if rng.random() < 0.95 else rng.choice([*corpus.games, "x", ""])
    position = seed.position
    for _ in range(rng.choice((0, 0, 1, 1, 1, 2, 3))):
        position = _mutate_position(rng, position, corpus.games, seed.game)
    rules = _mutate_rules(rng, corpus, game, seed.rules)
    command = rng.choices(["legal", "outcome", "score", "draw"], weights=(40, 25, 25, 6))[0]
    if command == "score" and rng.random() < 0.7:
        game = "trictrac" if seed.game == "trictrac" else game
    argv = [command, game, "--position", position]
    roll = _mutate_roll(rng) if command != "outcome" else None
    if roll is not None:
        argv += ["--roll", roll]
    for item in rules:
        argv += ["--rules", item]
    if command == "draw":
        argv += _draw_options(rng, seed, out)
    problem = (
        ("" if game in corpus.games else "no such game")
        or rules_problem(game, rules)
        or position_problem(position, game, rules)
        or roll_problem(roll)
    )
    check = "positions" if command in ("legal", "score") else ""
    return Case(tuple(argv), invalid=problem, check=check, game=game, rules=tuple(rules))


def _draw_options(rng: random.Random, seed: Seed, out: Path) -> list[str]:
    options = [
        "--view",
        rng.choice(["board", "board", "quarter"]),
        "--quarter",
        str(rng.randint(1, 4)),
    ]
    options += ["--numbering", rng.choice("wb")]
    if seed.play and rng.random() < 0.5:
        options += ["--play", seed.play if rng.random() < 0.7 else _text_edit(rng, seed.play)]
    name = rng.choice(
        ["board.svg", "board.svg", "board.pdf", "board.png", "no/such/dir/board.svg", "b\0.svg"]
    )
    return [*options, "-o", str(out / name)]


def ledger_case(rng: random.Random, corpus: Corpus, out: Path) -> Case:
    kind = rng.choice(["aufschreiben", "kombiniert", "pegs"])
    pool = corpus.auf_events if kind == "aufschreiben" else corpus.komb_events
    data = _mutate_events(
        rng, rng.choice(pool), "aufschreiben" if kind == "aufschreiben" else "kombiniert"
    )
    raw = _encode(rng, data)
    problem = events_problem("aufschreiben" if kind == "aufschreiben" else "kombiniert", _json(raw))
    argv = (
        [
            "pegs",
            "-o",
            str(out / rng.choice(["pegs.svg", "pegs.svg", "pegs.pdf", "pegs.txt", "p\0.svg"])),
        ]
        if kind == "pegs"
        else ["ledger", kind]
    )
    if kind != "pegs":
        options, why = _ledger_options(rng, kind)
        argv += options
        problem = problem or why
    stdin = raw
    if rng.random() < 0.2:  # the events in a file, named before or after the options
        path = out / "events.json"
        path.write_bytes(raw)
        first = 1 if kind == "pegs" else 2
        argv.insert(first if rng.random() < 0.5 else len(argv), str(path))
        stdin = b""
    return Case(
        tuple(argv), stdin, problem, "combined" if kind == "kombiniert" else "", zuege=_zuege(argv)
    )


def _zuege(argv: list[str]) -> int:
    given = argv[argv.index("--zuege") + 1] if "--zuege" in argv else "12"
    return int(given) if given.lstrip("-").isdigit() else 12


def _ledger_options(rng: random.Random, kind: str) -> tuple[list[str], str]:
    options: list[str] = []
    why = ""
    if rng.random() < 0.3:
        rates = rng.choice(["vienna", "french", "paris"])
        options += ["--rates", rates]
        if kind == "kombiniert" and rates == "french":
            why = "the combined game is played at the Viennese rates (de 3961)"
    if rng.random() < 0.2:
        zuege = rng.choice(["12", "8", "7", "0", "-2", "x", "10"])
        options += ["--zuege", zuege]
        if not zuege.lstrip("-").isdigit() or int(zuege) <= 0 or int(zuege) % 2:
            why = why or "an odd number of Züge"
    if rng.random() < 0.2:
        names = rng.choice(["A=Amélie,B=Benoît", "A=x", "A=,B=y", "C=z", "A=a,A=b", "A=\n"])
        options += ["--names", names]
        why = why or ("" if kind == "kombiniert" else "names are the combined game's card")
        if kind == "kombiniert" and names in ("A=,B=y", "C=z", "A=a,A=b"):
            why = why or "names"
    return options, why


def other_case(rng: random.Random, corpus: Corpus, out: Path) -> Case:
    choice = rng.randrange(4)
    if choice == 0:
        game = rng.choice([*corpus.games, "x", "", "Brade", "\n", "g" * 5000])
        return Case(("start", game), invalid="" if game in corpus.games else "no such game")
    if choice == 1:
        name = rng.choice(corpus.figures)
        name = name if rng.random() < 0.5 else _text_edit(rng, name)
        return Case(("verify", name))
    words = [
        "legal",
        "ledger",
        "pegs",
        "draw",
        "-o",
        "--position",
        "--roll",
        "--rules",
        "-",
        "--",
        "x",
        "\n",
    ]
    return Case(tuple(rng.choice(words) for _ in range(rng.randint(0, 6))))


# -- running and classifying ---------------------------------------------------------------


@dataclass
class Tally:
    """What the runs came to: a count per kind, and per reason (numbers left out) a count
    and the first few inputs, to reproduce."""

    inputs: int = 0
    seconds: float = 0.0
    accepted: int = 0
    slowest: tuple[float, str] = (0.0, "")  # the input of most processor time, and that time
    longest: float = 0.0  # the longest wall-clock time of an input
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    reasons: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, kind: str, case: Case, detail: str, keep: int) -> None:
        self.counts[kind] += 1
        reason = f"{kind}: {re.sub(r'[0-9]+', 'N', detail)[:90]}"
        self.reasons[reason] += 1
        found = self.examples.setdefault(reason, [])
        if len(found) < keep:
            found.append(f"{case.describe()} -> {detail}"[:600])


def run_case(case: Case) -> tuple[int | None, str, str, float, float, str]:
    """Status, stdout, stderr, processor and wall-clock seconds, and the traceback if an
    exception escaped."""
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(case.stdin), encoding="utf-8")
    saved = sys.stdin
    started, processor = time.perf_counter(), time.process_time()
    escaped = ""
    status: int | None = None
    try:
        sys.stdin = stdin
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(list(case.argv))
            except SystemExit as done:  # argparse's usage errors, --help
                status = (
                    done.code if isinstance(done.code, int) else (0 if done.code is None else 2)
                )
    except Exception:  # what the fuzzer looks for: any exception that escapes
        escaped = traceback.format_exc(limit=-3)
    finally:
        sys.stdin = saved
    cpu, wall = time.process_time() - processor, time.perf_counter() - started
    return status, out.getvalue(), err.getvalue(), cpu, wall, escaped


def classify(case: Case, tally: Tally, keep: int = 5) -> None:
    status, stdout, stderr, seconds, wall, escaped = run_case(case)
    tally.longest = max(tally.longest, wall)
    tally.inputs += 1
    if escaped:
        tally.add("traceback", case, escaped.strip().splitlines()[-1], keep)
        return
    if status not in (0, 1, 2):
        tally.add("status", case, f"status {status}", keep)
    lines = stderr.splitlines()
    if len(lines) > 1 or any(len(line) > LONGEST_MESSAGE for line in lines):
        tally.add("multi-line", case, repr(stderr[:300]), keep)
    if seconds > tally.slowest[0]:
        tally.slowest = (seconds, case.describe()[:300])
    if seconds > SLOW:
        tally.add("slow", case, f"{seconds:.1f} s of processor time", keep)
    if status == 0:
        tally.accepted += 1
        if case.invalid:
            tally.add("accepted invalid", case, case.invalid, keep)
        else:
            problem = _output_problem(case, stdout)
            if problem:
                tally.add("impossible output", case, problem, keep)


def _output_problem(case: Case, stdout: str) -> str:
    if case.check == "positions":
        for play in (
            json.loads(stdout).get("plays", []) if case.argv[0] == "score" else json.loads(stdout)
        ):
            for key in ("after", "left"):
                if play.get(key):
                    problem = position_problem(play[key], case.game, list(case.rules))
                    if problem:
                        return f"{key} {play[key]}: {problem}"
    if case.check == "combined":
        return combined_problem(json.loads(stdout), case.zuege)
    return ""


GENERATORS: tuple[tuple[Callable[[random.Random, Corpus, Path], Case], int], ...] = (
    (position_case, 70),
    (ledger_case, 25),
    (other_case, 5),
)


def cases(corpus: Corpus, count: int, seed: int, out: Path) -> Iterator[Case]:
    rng = random.Random(seed)
    makers = [g for g, _ in GENERATORS]
    weights = [w for _, w in GENERATORS]
    for _ in range(count):
        yield rng.choices(makers, weights)[0](rng, corpus, out)


def _warm_up(corpus: Corpus, folder: Path) -> None:
    """Draw once in each format before anything is timed: the first drawing imports
    matplotlib and loads its fonts, which a process pays once; "slow" is about inputs."""
    start = next(s for s in corpus.seeds if s.game == "brade")
    for suffix in ("svg", "pdf"):
        run_case(Case(("draw", "brade", "-p", start.position, "-o", str(folder / f"w.{suffix}"))))
        run_case(
            Case(("pegs", "-o", str(folder / f"w.{suffix}")), b'[{"player": "A", "holes": 1}]')
        )


def fuzz(
    count: int, seed: int = 13, keep: int = 5, corpus: Corpus | None = None, every: int = 0
) -> Tally:
    """Run ``count`` inputs from ``seed``; the tally of what went wrong (and, ``every`` so
    many inputs, a line on standard error saying how far it is)."""
    corpus = corpus or build_corpus(seed)
    tally = Tally()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="tabula-fuzz-") as folder:
        _warm_up(corpus, Path(folder))
        for case in cases(corpus, count, seed, Path(folder)):
            classify(case, tally, keep)
            if every and tally.inputs % every == 0:
                found = sum(tally.counts.values())
                seconds = time.perf_counter() - started
                print(f"{tally.inputs} inputs, {seconds:.0f} s, {found} found", file=sys.stderr)
    tally.seconds = time.perf_counter() - started
    return tally


def report(tally: Tally, seed: int) -> list[str]:
    lines = [
        f"{tally.inputs} inputs (seed {seed}) in {tally.seconds:.0f} s, {tally.accepted} accepted: "
        + ", ".join(f"{tally.counts[k]} {k}" for k in KINDS),
        f"slowest input {tally.slowest[0]:.2f} s of processor time "
        f"(longest {tally.longest:.2f} s by the clock): {tally.slowest[1]}",
    ]
    for reason, count in tally.reasons.most_common():
        lines.append(f"{count:7} {reason}")
        lines += [f"          {example}" for example in tally.examples[reason]]
    return lines


def write_results(path: Path, tally: Tally, seed: int) -> None:
    """Replace the fuzzing section of ``bench/results.md`` (``make bench`` writes the rest
    first)."""
    heading = "## Malformed input (tools/fuzz.py)"
    text = path.read_text(encoding="utf-8") if path.exists() else "# Tabula benchmarks\n"
    text = text.split(f"\n{heading}\n")[0].rstrip("\n")
    rows = [
        "",
        heading,
        "",
        f"{tally.inputs:,} malformed or impossible calls of `python -m engine` (seed {seed}), "
        f"run in one process in {tally.seconds:.0f} s; {tally.accepted:,} were accepted as valid. "
        "Each count must be zero. An input is slow past two seconds of processor time; the "
        f"slowest took {tally.slowest[0]:.2f} s ({tally.longest:.2f} s by the clock).",
        "",
        "| outcome | inputs |",
        "|---|---|",
        *(f"| {kind} | {tally.counts[kind]} |" for kind in KINDS),
        "",
    ]
    path.write_text(text + "\n" + "\n".join(rows), encoding="utf-8")


def cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=100_000, help="how many (default 100000)")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--examples", type=int, default=5, help="examples shown per kind")
    parser.add_argument("--results", type=Path, help="write the counts into this bench file")
    args = parser.parse_args(argv)
    tally = fuzz(args.inputs, args.seed, args.examples, every=10_000)
    print("\n".join(report(tally, args.seed)))
    if args.results:
        write_results(args.results, tally, args.seed)
    return 1 if any(tally.counts.values()) else 0


if __name__ == "__main__":
    sys.exit(cli())
