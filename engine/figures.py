"""Prepare a figure for the site: check its claims, then draw it — once per content hash.

Each figure is checked and drawn as its kind does it (the table of :mod:`engine.kinds`); a
sequence is prepared here too (:func:`prepare_sequence`), its steps drawn and described by
:mod:`engine.kinds.sequence`.

The cache key covers the specification file, every source file of the engine (rules *and*
drawing) and matplotlib's version, so an unchanged figure is never checked or drawn again,
and any change to the rules redraws (and re-checks) what it affects. The cache holds
``<key>.svg`` and ``<key>.pdf`` (the drawing) and ``<key>.json`` (the verdicts, and the
SHA-256 of each drawing), each written atomically so that several language builds can share
it. The cache is verified, not trusted: an entry whose verdicts do not read back or whose
drawing does not match its recorded hash (truncated, garbage, edited by hand) is checked and
drawn again, and :attr:`Prepared.repaired` says why. A folder the cache cannot be written to
is one :class:`FigureError` naming it.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import matplotlib

from .core.errors import TabulaError
from .core.files import write_atomically
from .core.game import make_rules
from .games import get_game, read_position
from .kinds import kind_of
from .kinds.board import board_picture
from .kinds.kind import FigureSpec, View
from .kinds.sequence import SequenceSpec, describe_steps, play_sequence, walk_step
from .sequences import load_sequence
from .specs import load_spec
from .trial import mover_of, own_roll, trial
from .verdicts import ClaimResult

ENGINE = Path(__file__).resolve().parent
CACHE = "_generated/figures"  # under the source folder, so a clean _build keeps the drawings
CACHE_DIR = "TABULA_FIGURE_CACHE"  # another folder for the cache (a cold cache for a test)


def cache_dir(srcdir: Path) -> Path:
    """Where the checked drawings are kept: ``$TABULA_FIGURE_CACHE``, else
    ``<srcdir>/_generated/figures`` (the build draws into it, the Sphinx pages read it)."""
    return Path(os.environ.get(CACHE_DIR) or Path(srcdir) / CACHE).resolve()


class FigureError(TabulaError):
    """A figure whose claims do not hold, or that cannot be drawn."""


@dataclass(frozen=True)
class Prepared:
    """A checked (and, for boards, drawn) figure: its files' stem and its claims."""

    spec: FigureSpec
    stem: Path
    claims: int
    disagreements: int
    drawn_now: bool
    repaired: str = ""  # why a damaged cache entry was drawn again ("" when it was not)


@cache
def engine_digest() -> str:
    """A hash of the engine's source and the drawing library's version."""
    digest = hashlib.sha256(matplotlib.__version__.encode())
    for path in sorted(ENGINE.rglob("*.py")):
        digest.update(str(path.relative_to(ENGINE)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def cache_key(spec: FigureSpec) -> str:
    return hashlib.sha256(f"{spec.digest}:{engine_digest()}".encode()).hexdigest()[:20]


def prepare(figure_id: str, cache_dir: Path, formats: tuple[str, ...] = ("svg", "pdf")) -> Prepared:
    """Check and draw ``figure_id`` into ``cache_dir`` unless an identical result is there.

    Only the ``formats`` asked for are drawn (the site needs the SVG, the books the PDF:
    a site's build need not wait for the PDFs); a format not drawn yet is drawn when it is
    asked for, and the entry then records it beside the others."""
    spec = load_spec(figure_id)
    kind = kind_of(spec)
    stem = cache_dir / f"{spec.game}-{cache_key(spec)}"
    verdicts = stem.with_suffix(".json")
    wanted = tuple(suffix for suffix in kind.formats if suffix in formats)
    drawings = [stem.with_suffix(f".{suffix}") for suffix in wanted]
    damage, recorded = "", dict[str, str]()
    if verdicts.exists():
        summary, damage = _read_entry(verdicts, drawings)
        if summary is not None:
            return Prepared(spec, stem, summary["claims"], summary["disagreements"], False)
        recorded, damage = _not_drawn_yet(verdicts, drawings, damage)
    results = kind.check(spec)
    failed = [r for r in results if not r.passed]
    if failed:
        raise FigureError("\n".join(r.describe() for r in failed))
    try:
        if drawings:
            draw(spec, stem, wanted)
        summary = {**_summary(results), "drawings": {**recorded, **_hashes(drawings)}}
        write_atomically(verdicts, json.dumps(summary, ensure_ascii=False, indent=1).encode())
    except OSError as error:
        raise _unwritable(cache_dir, error) from None
    claims, disagreements = summary["claims"], summary["disagreements"]
    return Prepared(spec, stem, claims, disagreements, True, damage)


def _unwritable(cache_dir: Path, error: OSError) -> FigureError:
    """The one line said when the cache folder cannot be written, with what to do."""
    return FigureError(
        f"the figure cache {cache_dir} cannot be written ({error.strerror or error}): "
        f"make it writable, or set {CACHE_DIR} to another folder"
    )


def _not_drawn_yet(verdicts: Path, drawings: list[Path], damage: str) -> tuple[dict[str, str], str]:
    """What to keep of an entry that is not whole for ``drawings``: the hashes it records of
    other drawings (each is checked again when it is asked for), and the damage — none when
    it lacks only formats never drawn (neither recorded nor on disk)."""
    entry, _ = _read_entry(verdicts, [])
    if entry is None:
        return {}, damage
    asked = {p.name for p in drawings}
    others = {name: digest for name, digest in entry["drawings"].items() if name not in asked}
    drawn = [p for p in drawings if p.name in entry["drawings"] or p.exists()]
    if len(drawn) == len(drawings) or _read_entry(verdicts, drawn)[0] is None:
        return others, damage
    return others, ""


def _hashes(paths: list[Path]) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in paths}


def _read_entry(verdicts: Path, drawings: list[Path]) -> tuple[dict[str, Any] | None, str]:
    """The cached summary if the entry is whole — its verdicts read back and every drawing
    has the hash recorded with them — else ``None`` and what is wrong with it."""
    try:
        summary = json.loads(verdicts.read_text(encoding="utf-8"))
        recorded = summary["drawings"]
        int(summary["claims"]), int(summary["disagreements"])
        if not isinstance(recorded, dict):
            raise TypeError(recorded)
    except (OSError, ValueError, KeyError, TypeError) as error:
        return None, f"{verdicts.name} does not read back ({type(error).__name__})"
    for path in drawings:
        try:
            actual = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            return None, f"{path.name} is missing"
        if recorded.get(path.name) != actual:
            return None, f"{path.name} does not match its recorded hash"
    return summary, ""


def _summary(results: list[ClaimResult]) -> dict[str, Any]:
    return {
        "claims": len(results),
        "disagreements": sum(r.disagrees for r in results),
        "verdicts": [r.describe() for r in results],
    }


def social_image(prepared: Prepared) -> Path | None:
    """A PNG of a prepared figure, for a page's link preview (``<stem>.png``, drawn once,
    beside the SVG and PDF); ``None`` for a figure whose kind makes none (a table, the
    hole rails)."""
    spec = prepared.spec
    if not kind_of(spec).preview:
        return None
    png = prepared.stem.with_suffix(".png")
    if not png.exists():
        draw(spec, prepared.stem, formats=("png",))
    return png


def draw(spec: FigureSpec, stem: Path, formats: tuple[str, ...] = ("svg", "pdf")) -> list[Path]:
    """Draw a figure as its kind draws it, as SVG and PDF (or the ``formats`` given; the
    hole rails are drawn as SVG and PDF only); the files written.

    The drawing code (matplotlib) is imported by the kind's ``draw``, when a figure is
    drawn, and not when a module is: checking figures and reading the cache (``python -m
    engine verify``) never loads it.
    """
    kind = kind_of(spec)
    if kind.draw is None:
        raise FigureError(f"figure {spec.id}: a {kind.name} figure is not drawn")
    return kind.draw(spec, stem, formats)


# -- what the pages print beside a figure --------------------------------------------------


def plays_under(spec: FigureSpec, switches: Mapping[str, str]) -> bool:
    """Whether a figure is played under these rules switches (a variant the games list
    names by them): its own settings, else the game's defaults."""
    defaults = make_rules(get_game(spec.game))
    return all(
        spec.rules.get(key, str(getattr(defaults, key)).lower()) == value
        for key, value in switches.items()
    )


# -- try a roll: the bare board and every throw's answers, beside the figure's drawing --------


@dataclass(frozen=True)
class PreparedTrial:
    """A board figure's "try a roll": its bare drawing (``<stem>.bare.svg``, no dice or
    arrows, for the page's own arrows) and its answers (``<stem>.try.js``, a script that
    registers them, so that a page read from a folder loads it too)."""

    bare: Path
    script: Path
    mover: str
    own_roll: str


def prepare_trial(prepared: Prepared) -> PreparedTrial | None:
    """The figure's "try a roll", computed once beside its drawing; ``None`` for a figure
    that is no board a player can throw on (a ledger, a count, a finished game)."""
    spec = prepared.spec
    if not (kind_of(spec).offers_trial and spec.position):
        return None
    game = get_game(spec.game)
    position = read_position(spec.position, spec.game)
    mover = mover_of(spec, position)
    if game.outcome(position.replace(turn=mover), make_rules(game, spec.rules)) is not None:
        return None
    bare = prepared.stem.with_name(f"{prepared.stem.name}.bare.svg")
    script = prepared.stem.with_name(f"{prepared.stem.name}.try.js")
    if not (bare.exists() and script.exists()):
        from .render.board import render_svg

        picture = board_picture(game, _bare(spec), position)
        found = trial(spec, picture)
        assert found is not None  # the game is not over
        try:
            write_atomically(bare, render_svg(picture).encode("utf-8"))
            write_atomically(script, _script(script.stem, found.data))
        except OSError as error:
            why = error.strerror or error
            raise FigureError(f"the figure cache cannot be written ({why})") from None
    return PreparedTrial(bare, script, mover.value, own_roll(spec, position))


@dataclass(frozen=True)
class _BareView:
    """A figure's view and rules without its dice, play and hits."""

    view: View
    rules: dict[str, str]


def _bare(spec: FigureSpec) -> _BareView:
    return _BareView(replace(spec.view, roll="", play="", hit_arrows=False), spec.rules)


def _script(name: str, data: dict[str, Any]) -> bytes:
    """A data script: registers ``data`` under ``name`` (no fetch(): a page read from a
    folder may load a script, not read a file)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"(window.tabulaData=window.tabulaData||{{}})[{json.dumps(name)}]={text};\n".encode()


# -- sequences: every step checked, played and drawn once per content hash ------------------


@dataclass(frozen=True)
class PreparedSequence:
    """A checked and drawn sequence: what each step shows (language-neutral, for the page
    to put in words) and the drawings, ``images`` by file name, in the cache folder."""

    spec: SequenceSpec
    summary: dict[str, Any]
    folder: Path
    drawn_now: bool

    @property
    def images(self) -> list[Path]:
        return [self.folder / step["image"] for step in self.summary["steps"]]


def prepare_sequence(sequence_id: str, cache_dir: Path) -> PreparedSequence:
    """Check, play and draw ``sequence_id`` into ``cache_dir`` unless an identical result is
    there. A step that cannot be played or a claim that does not hold is a FigureError."""
    spec = load_sequence(sequence_id)
    kind = kind_of(spec)
    if spec.kind == "walk":  # the figures hold the drawings: prepared (and checked) as figures
        # a replay is the site's alone (the books and e-books leave it out): its SVG
        shown = {s["figure"]: prepare(s["figure"], cache_dir, ("svg",)) for s in spec.steps}
    key = hashlib.sha256(f"{spec.digest}:{engine_digest()}".encode()).hexdigest()[:20]
    entry = cache_dir / f"sequence-{key}.json"
    if entry.exists():  # whole when its verdicts read back and its drawings match their hashes
        summary, _ = _read_entry(entry, [])
        if summary is not None:
            summary, _ = _read_entry(entry, [cache_dir / name for name in summary["drawings"]])
        if summary is not None:
            return PreparedSequence(spec, summary, cache_dir, False)
    try:
        results = kind.check(spec)
    except TabulaError as error:
        raise FigureError(str(error)) from None
    failed = [r for r in results if not r.passed]
    if failed:
        raise FigureError("\n".join(r.describe() for r in failed))
    steps = play_sequence(spec)
    assert kind.draw is not None
    try:
        drawn = kind.draw(spec, cache_dir / f"sequence-{key}", kind.formats)
        if spec.kind == "walk":
            figures = [shown[step.figure] for step in steps]
            described = [
                walk_step(step, figure.spec, f"{figure.stem.name}.svg", figure.claims)
                for step, figure in zip(steps, figures, strict=True)
            ]
        else:
            described = describe_steps(spec, steps, drawn)
        summary = {
            **_summary(results),
            "id": spec.id,
            "kind": spec.kind,
            "game": spec.game,
            "steps": described,
            "drawings": _hashes(drawn),
        }
        write_atomically(entry, json.dumps(summary, ensure_ascii=False, indent=1).encode())
    except OSError as error:
        raise _unwritable(cache_dir, error) from None
    return PreparedSequence(spec, summary, cache_dir, True)
