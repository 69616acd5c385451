"""Sequences: a game played out throw by throw as a text plays it, specified like a figure.

A sequence lives in ``diagrams/sequences/<name>.toml`` (a folder of its own, so that the
figures' folders hold only figures) and is placed in a chapter by the ``replay`` directive
(``docs/_ext/tabula/replays.py``). This module reads it; the engine plays every step at
build time, from the start position (:mod:`engine.kinds.sequence`, the kind of figure a
sequence is), and checks what the text says of each step with the claims of
:mod:`engine.kinds.board`, in the position the step is played from; a step whose play is not
legal, or a claim that does not hold, fails the build like a figure's claim.

A *played* sequence reads::

    about = "Battre malgré soi"
    game = "tourne-case"
    position = "tourne-case … b - bar=3,3"        # where the text starts
    lines = "000: fr 5849–5853"
    editorial = true                              # the edition sets it out (optional)
    rules = { … }                                 # rules switches (optional)

    [view]                                        # how each step is drawn, as a figure's view
    numbering = "w"

    [[step]]
    lines = "fr 5849"                             # where the text plays this throw (required)
    says = "votre homme fait d'abord trois et deux ; il faut qu'il joue le deux"
    roll = "3-2"
    play = "bar/2"            # may be left out where the roll allows one play only
    turn = "b"                # who throws, when the text skips the other's throws (optional)
    leave = true              # Trictrac: the thrower leaves (s'en aller) after marking
    open = true               # the text throws but does not say how the throw is played: the
                              # step shows the throw and what it scores, and ends the sequence
    figure = "tourne-case/petit-nombre"   # a figure of this moment: its position must be
                                          # the one this step is played from (checked)
    records = ["tourne-case-fr-pouvez"]   # the editorial notes on an error of this step

    ends = "kermadeuc/fig-11" # (top level) a figure of the position the sequence ends on

    [[step.claim]]            # what the text says of this throw; see engine.kinds.board. A claim
    id = "deux"               # is about the step's roll unless it names its own (roll,
    lines = "fr 5849"         # rolls), and is checked in the position before the step
    plays = ["bar/2"]

A *walk* (``kind = "walk"``, no game or position) steps through figures that already hold
each state, such as the ledger figures of the combined Trictrac: each ``[[step]]`` names its
``figure`` and ``lines``; the figures' own claims are checked as figures.

The figures a sequence names are read with it (:attr:`SequenceSpec.figures`): a figure that
cannot be read, or a walk's figure that draws nothing to step through, is an error here.
"""

from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path
from typing import Any

from .core.errors import TabulaError
from .kinds import kind_of
from .kinds.kind import FigureSpec
from .kinds.sequence import SequenceError, SequenceSpec
from .specs import DIAGRAMS, SEQUENCES, load_spec, read_view

FOLDER = SEQUENCES  # diagrams/sequences/: the sequences, apart from the figures
_TOP = {"about", "kind", "game", "position", "lines", "editorial", "rules", "view", "step"}
_TOP |= {"ends"}  # a figure of the position the sequence ends on (checked)
_STEP = {"lines", "says", "roll", "play", "turn", "leave", "figure", "records", "claim"}
_STEP |= {"open"}  # a throw the text does not play out: shown and scored, the last step
_WALK_STEP = {"lines", "says", "figure", "records"}


def sequence_ids(root: Path = DIAGRAMS) -> list[str]:
    """Every sequence id (``sequences/<name>``), sorted."""
    folder = root / FOLDER
    return sorted(
        f"{FOLDER}/{p.relative_to(folder).with_suffix('')}" for p in folder.rglob("*.toml")
    )


def is_sequence(spec_id: str) -> bool:
    return spec_id.startswith(f"{FOLDER}/")


def load_sequence(sequence_id: str, root: Path = DIAGRAMS) -> SequenceSpec:
    """Read and check the shape of ``diagrams/<sequence_id>.toml``, with the figures it names
    (always from ``diagrams/``)."""
    path = root / f"{sequence_id}.toml"
    if not is_sequence(sequence_id) or not path.is_file():
        raise SequenceError(f"sequence '{sequence_id}': no specification at {path}")
    raw = path.read_bytes()
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise SequenceError(f"{path}: not valid TOML: {error}") from None
    where = f"sequence {sequence_id}"
    _only(data, _TOP, where)
    kind = data.get("kind", "played")
    if kind not in ("played", "walk"):
        raise SequenceError(f"{where}: kind must be 'played' or 'walk', not {kind!r}")
    required = ("lines",) if kind == "walk" else ("game", "position", "lines")
    for key in required:
        if not isinstance(data.get(key), str) or not data[key]:
            raise SequenceError(f"{where}: '{key}' must be a non-empty string")
    steps = data.get("step", [])
    if not isinstance(steps, list) or not steps or not all(isinstance(s, dict) for s in steps):
        raise SequenceError(f"{where}: give its steps as [[step]] tables")
    for number, step in enumerate(steps, start=1):
        _check_step(step, kind, f"{where}, step {number}")
        if step.get("open") and number != len(steps):
            raise SequenceError(f"{where}, step {number}: only the last step can be left open")
    ends = data.get("ends", "")
    if not isinstance(ends, str):
        raise SequenceError(f"{where}: 'ends' names a figure")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise SequenceError(f"{where}: 'rules' must be a table of switch = value")
    named = [*steps, {"figure": ends}] if ends else steps
    figures = _figures(where, kind, named, len(steps))
    return SequenceSpec(
        id=sequence_id,
        path=path,
        kind=kind,
        game=str(data.get("game", "")),
        position=str(data.get("position", "")),
        lines=data["lines"],
        editorial=bool(data.get("editorial", False)),
        rules={k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in rules.items()},
        view=read_view(data.get("view", {}), where),
        steps=tuple(steps),
        digest=_digest(raw, named, figures),
        ends=ends,
        figures=figures,
    )


def _check_step(step: dict[str, Any], kind: str, where: str) -> None:
    _only(step, _WALK_STEP if kind == "walk" else _STEP, where)
    if not isinstance(step.get("lines"), str) or not step["lines"]:
        raise SequenceError(f"{where}: says nothing of where the text plays it ('lines')")
    if kind == "walk" and not isinstance(step.get("figure"), str):
        raise SequenceError(f"{where}: a walk's step names its 'figure'")
    if kind == "played" and not isinstance(step.get("roll"), str):
        raise SequenceError(f"{where}: a step needs its 'roll'")
    records = step.get("records", [])
    if not isinstance(records, list) or not all(isinstance(r, str) for r in records):
        raise SequenceError(f"{where}: 'records' must be a list of editorial record ids")
    claims = step.get("claim", [])
    if not isinstance(claims, list) or not all(isinstance(c, dict) for c in claims):
        raise SequenceError(f"{where}: a step's claims are [[step.claim]] tables")
    ids = [c.get("id") for c in claims]
    if any(not isinstance(i, str) for i in ids) or len(set(ids)) != len(ids):
        raise SequenceError(f"{where}: every claim needs an 'id', unique in the step")


def _only(data: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise SequenceError(f"{where}: unknown key(s) {', '.join(unknown)}")


def _figures(
    where: str, kind: str, named: list[dict[str, Any]], steps: int
) -> dict[str, FigureSpec]:
    """The figures the steps name, and the one the sequence ends on (after the ``steps``),
    read: a walk steps through their drawings, a played step is checked against them."""
    figures: dict[str, FigureSpec] = {}
    for number, step in enumerate(named, start=1):
        name = step.get("figure")
        if not isinstance(name, str) or name in figures:
            continue
        try:
            figure = load_spec(name)
        except TabulaError as error:
            raise SequenceError(f"{where}, step {number}: {error}") from None
        if kind == "walk" and number <= steps and not kind_of(figure).formats:
            raise SequenceError(
                f"{where}, step {number}: figure {figure.id} draws nothing to step through"
            )
        figures[name] = figure
    return figures


def _digest(raw: bytes, named: list[dict[str, Any]], figures: dict[str, FigureSpec]) -> str:
    """The file's hash, and the hashes of the figures its steps name: a walk draws them, a
    played step is checked against them."""
    digest = hashlib.sha256(raw)
    for step in named:
        figure = step.get("figure")
        if isinstance(figure, str):
            digest.update(figures[figure].digest.encode())
    return digest.hexdigest()
