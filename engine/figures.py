"""Prepare a figure for the site: check its claims, then draw it — once per content hash.

The cache key covers the specification file, every source file of the engine (rules *and*
drawing) and matplotlib's version, so an unchanged figure is never checked or drawn again,
and any change to the rules redraws (and re-checks) what it affects. The cache holds
``<key>.svg`` and ``<key>.pdf`` (the drawing) and ``<key>.json`` (the verdicts), each
written atomically so that several language builds can share it.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import matplotlib

from .claims import ClaimResult, check_figure
from .core.dice import parse_roll
from .core.errors import TabulaError
from .core.position import Colour
from .core.registry import get_game, make_rules, read_play, read_position
from .specs import UNDRAWN_KINDS, FigureSpec, load_spec

ENGINE = Path(__file__).resolve().parent


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


def prepare(figure_id: str, cache_dir: Path) -> Prepared:
    """Check and draw ``figure_id`` into ``cache_dir`` unless an identical result is there."""
    spec = load_spec(figure_id)
    stem = cache_dir / f"{spec.game}-{cache_key(spec)}"
    verdicts = stem.with_suffix(".json")
    needed = [verdicts] if spec.view.kind in UNDRAWN_KINDS else [verdicts, *_drawings(stem)]
    if all(p.exists() for p in needed):
        summary = json.loads(verdicts.read_text(encoding="utf-8"))
        return Prepared(spec, stem, summary["claims"], summary["disagreements"], False)
    results = check_figure(spec)
    failed = [r for r in results if not r.passed]
    if failed:
        raise FigureError("\n".join(r.describe() for r in failed))
    if spec.view.kind not in UNDRAWN_KINDS:
        draw(spec, stem)
    summary = _summary(results)
    _write_atomic(verdicts, json.dumps(summary, ensure_ascii=False, indent=1).encode())
    return Prepared(spec, stem, summary["claims"], summary["disagreements"], True)


def _drawings(stem: Path) -> list[Path]:
    return [stem.with_suffix(".svg"), stem.with_suffix(".pdf")]


def _summary(results: list[ClaimResult]) -> dict[str, object]:
    return {
        "claims": len(results),
        "disagreements": sum(r.disagrees for r in results),
        "verdicts": [r.describe() for r in results],
    }


def draw(spec: FigureSpec, stem: Path) -> None:
    """Draw a board figure as SVG and PDF."""
    if spec.view.kind == "pegs":  # the hole rails of the combined Trictrac
        from .ledger.claims import state_of
        from .ledger.kombiniert import board
        from .render.pegs import save as save_pegs

        save_pegs(board(state_of(spec)), stem)
        return
    from .render.board import save
    from .render.positions import picture

    if spec.view.kind == "hits":  # a counting situation, drawn without a game's rules
        from .counting.situation import Situation
        from .counting.situation import picture as situation_picture

        situation = Situation.read(spec.situation)
        numbering = Colour(spec.view.numbering)
        save(situation_picture(situation, numbering, spec.view.talon_side), stem)
        return
    game = get_game(spec.game)
    position = read_position(spec.position, spec.game)
    roll = parse_roll(spec.view.roll) if spec.view.roll else None
    play = None
    if spec.view.play and roll:
        rules = make_rules(game, spec.rules)
        play, _, _ = game.trace(position, roll, read_play(game, spec.view.play), rules)
    shown = picture(
        position,
        game.geometry,
        kind=spec.view.kind,
        numbering=Colour(spec.view.numbering),
        quarter=spec.view.quarter,
        roll=roll,
        play=play,
        highlight=spec.view.highlight,
        labels=spec.view.labels or getattr(game, "labels", "numbering"),
        trictrac=trictrac_view(game, spec, position, roll),
    )
    save(shown, stem)


def trictrac_view(game: Any, spec: FigureSpec, position: Any, roll: Any) -> Any:
    """The Trictrac dressing for a game played on the Trictrac board (``board = "trictrac"``).

    A game that scores may say what to add: ``marks(position)`` (each side's
    :class:`~engine.render.positions.Marks`) and ``hit_arrows(position, roll, rules)`` (the
    :class:`~engine.render.positions.HitArrow` of the hits its evaluation finds), drawn
    when the figure asks for them (``[view] hit_arrows = true``: its alt text must say so).
    """
    from .render.positions import TrictracView

    if getattr(game, "board", "") != "trictrac":
        return None
    marks = game.marks(position) if hasattr(game, "marks") else {}
    hits: tuple[Any, ...] = ()
    if roll is not None and spec.view.hit_arrows and hasattr(game, "hit_arrows"):
        hits = tuple(game.hit_arrows(position, roll, make_rules(game, spec.rules)))
    return TrictracView(talon_side=spec.view.talon_side, marks=marks, hits=hits)


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as target:
            target.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
