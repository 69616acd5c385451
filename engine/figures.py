"""Prepare a figure for the site: check its claims, then draw it — once per content hash.

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
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import matplotlib

from .claims import check_figure
from .core.dice import Roll, parse_roll
from .core.errors import TabulaError
from .core.files import write_atomically
from .core.game import Game, make_rules, read_play
from .core.position import Colour, Position
from .core.scoreboard import HitArrow
from .counting.situation import Situation
from .games import get_game, read_position
from .ledger.claims import state_of
from .ledger.kombiniert import board
from .specs import UNDRAWN_KINDS, FigureSpec, load_spec
from .verdicts import ClaimResult

if TYPE_CHECKING:  # the drawing's types: loading them at run time loads matplotlib
    from .render.positions import TrictracView

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


def prepare(figure_id: str, cache_dir: Path) -> Prepared:
    """Check and draw ``figure_id`` into ``cache_dir`` unless an identical result is there."""
    spec = load_spec(figure_id)
    stem = cache_dir / f"{spec.game}-{cache_key(spec)}"
    verdicts = stem.with_suffix(".json")
    drawings = [] if spec.view.kind in UNDRAWN_KINDS else _drawings(stem)
    damage = ""
    if verdicts.exists():
        summary, damage = _read_entry(verdicts, drawings)
        if summary is not None:
            return Prepared(spec, stem, summary["claims"], summary["disagreements"], False)
    results = check_figure(spec)
    failed = [r for r in results if not r.passed]
    if failed:
        raise FigureError("\n".join(r.describe() for r in failed))
    try:
        if drawings:
            draw(spec, stem)
        summary = {**_summary(results), "drawings": _hashes(drawings)}
        write_atomically(verdicts, json.dumps(summary, ensure_ascii=False, indent=1).encode())
    except OSError as error:
        raise FigureError(
            f"the figure cache {cache_dir} cannot be written ({error.strerror or error}): "
            f"make it writable, or set {CACHE_DIR} to another folder"
        ) from None
    claims, disagreements = summary["claims"], summary["disagreements"]
    return Prepared(spec, stem, claims, disagreements, True, damage)


def _drawings(stem: Path) -> list[Path]:
    return [stem.with_suffix(".svg"), stem.with_suffix(".pdf")]


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
    """A PNG of a prepared board figure, for a page's link preview (``<stem>.png``, drawn
    once, beside the SVG and PDF); ``None`` for a figure that is not a board."""
    spec = prepared.spec
    if spec.view.kind in UNDRAWN_KINDS or spec.view.kind == "pegs":
        return None
    png = prepared.stem.with_suffix(".png")
    if not png.exists():
        draw(spec, prepared.stem, formats=("png",))
    return png


def draw(spec: FigureSpec, stem: Path, formats: tuple[str, ...] = ("svg", "pdf")) -> None:
    """Draw a board figure as SVG and PDF (or the ``formats`` given; the hole rails
    (``pegs``) are drawn as SVG and PDF only).

    The drawing code (matplotlib) is imported here, when a figure is drawn, and not when the
    module is: checking figures and reading the cache (``python -m engine verify``) never
    loads it.
    """
    if spec.view.kind == "pegs":  # the hole rails of the combined Trictrac
        from .render.pegs import save as save_pegs

        save_pegs(board(state_of(spec)), stem)
        return
    from .render.board import save
    from .render.positions import picture, situation_picture

    if spec.view.kind == "hits":  # a counting situation, drawn without a game's rules
        situation = Situation.read(spec.situation)
        numbering = Colour(spec.view.numbering)
        save(situation_picture(situation, numbering, spec.view.talon_side), stem, formats)
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
        labels=spec.view.labels or game.game_type.labels,
        trictrac=trictrac_view(game, spec, position, roll),
    )
    save(shown, stem, formats)


def trictrac_view(
    game: Game, spec: FigureSpec, position: Position, roll: Roll | None
) -> TrictracView | None:
    """The Trictrac dressing for a game played on the Trictrac board (its game type's
    ``board``): each side's marked score (``marks``) and the hits the throw makes
    (``hit_arrows``), drawn when the figure asks for them (``[view] hit_arrows = true``: its
    alt text must say so). A game that shows no marks gives none."""
    from .render.positions import TrictracView

    if game.game_type.board != "trictrac":
        return None
    marks = game.marks(position)
    hits: tuple[HitArrow, ...] = ()
    if roll is not None and spec.view.hit_arrows:
        hits = tuple(game.hit_arrows(position, roll, make_rules(game, spec.rules)))
    return TrictracView(talon_side=spec.view.talon_side, marks=marks, hits=hits)
