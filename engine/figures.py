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
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import matplotlib

from .answers import event_at, event_json, marks_json, outcome_json, play_names
from .claims import check_figure
from .core.dice import Roll, parse_roll
from .core.errors import TabulaError
from .core.files import write_atomically
from .core.game import Game, make_rules, read_play
from .core.moves import Play
from .core.position import Colour, Position
from .core.scoreboard import HitArrow
from .counting.situation import Situation
from .games import get_game, read_position, write_position
from .ledger.claims import state_of
from .ledger.kombiniert import board
from .sequences import SequenceSpec, Step, check_sequence, load_sequence, play_sequence
from .specs import UNDRAWN_KINDS, FigureSpec, View, load_spec
from .trial import mover_of, offers_trial, own_roll, trial
from .verdicts import ClaimResult

if TYPE_CHECKING:  # the drawing's types: loading them at run time loads matplotlib
    from .render.board import Picture
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
    from .render.positions import situation_picture

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
    save(board_picture(game, spec, position, roll, play), stem, formats)


class Viewed(Protocol):
    """What a board is drawn after: a figure's or a sequence's view and rules."""

    @property
    def view(self) -> View: ...

    @property
    def rules(self) -> dict[str, str]: ...


def board_picture(
    game: Game,
    spec: Viewed,
    position: Position,
    roll: Roll | None = None,
    play: Play | None = None,
) -> Picture:
    """The picture of ``position`` as ``spec``'s view draws it (a figure, or a sequence,
    which has a view and rules too), with the dice of ``roll`` and ``play`` as arrows."""
    from .render.positions import picture

    return picture(
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


def trictrac_view(
    game: Game, spec: Viewed, position: Position, roll: Roll | None
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
    if not offers_trial(spec):
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
    if spec.kind == "walk":  # the figures hold the drawings: prepared (and checked) as figures
        shown = {s["figure"]: prepare(s["figure"], cache_dir) for s in spec.steps}
    key = hashlib.sha256(f"{spec.digest}:{engine_digest()}".encode()).hexdigest()[:20]
    entry = cache_dir / f"sequence-{key}.json"
    if entry.exists():  # whole when its verdicts read back and its drawings match their hashes
        summary, _ = _read_entry(entry, [])
        if summary is not None:
            summary, _ = _read_entry(entry, [cache_dir / name for name in summary["drawings"]])
        if summary is not None:
            return PreparedSequence(spec, summary, cache_dir, False)
    try:
        results = check_sequence(spec)
    except TabulaError as error:
        raise FigureError(str(error)) from None
    failed = [r for r in results if not r.passed]
    if failed:
        raise FigureError("\n".join(r.describe() for r in failed))
    steps = play_sequence(spec)
    try:
        if spec.kind == "walk":
            described = [_walk_step(step, shown[step.figure]) for step in steps]
            drawn: list[Path] = []
        else:
            described, drawn = _draw_steps(spec, steps, cache_dir / f"sequence-{key}")
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
        raise FigureError(
            f"the figure cache {cache_dir} cannot be written ({error.strerror or error}): "
            f"make it writable, or set {CACHE_DIR} to another folder"
        ) from None
    return PreparedSequence(spec, summary, cache_dir, True)


def _draw_steps(
    spec: SequenceSpec, steps: list[Step], stem: Path
) -> tuple[list[dict[str, Any]], list[Path]]:
    """Each step drawn as the board it is played from, with its dice and its play as arrows,
    and a last one: the board the sequence ends on."""
    from .render.board import render_svg

    game = get_game(spec.game)
    described: list[dict[str, Any]] = []
    drawn: list[Path] = []
    for step in steps:
        assert step.before is not None and step.after is not None
        path = stem.with_name(f"{stem.name}-{step.number}.svg")
        picture = board_picture(game, spec, step.before, step.roll, step.play)
        write_atomically(path, render_svg(picture).encode("utf-8"))
        drawn.append(path)
        described.append({**_played_step(game, spec, step), "image": path.name})
    last = steps[-1].after
    assert last is not None
    if steps[-1].open:  # the text leaves the last throw unplayed: no position after it
        return described, drawn
    path = stem.with_name(f"{stem.name}-end.svg")
    write_atomically(path, render_svg(board_picture(game, spec, last)).encode("utf-8"))
    drawn.append(path)
    described.append(
        {
            "number": len(steps) + 1,
            "end": True,
            "image": path.name,
            "position": write_position(last),
            **_marks(game, last),
        }
    )
    return described, drawn


def _played_step(game: Game, spec: SequenceSpec, step: Step) -> dict[str, Any]:
    """What the page says of a step, language-neutral: who threw what and played how, and
    what the engine computed of it (the events and marks of a scoring game, the end)."""
    assert step.before is not None and step.roll is not None
    mover = step.before.turn or Colour.WHITE
    analysis = step.analysis
    play = step.play
    found: dict[str, Any] = {
        "number": step.number,
        "lines": step.data["lines"],
        "says": step.data.get("says", ""),
        "mover": mover.value,
        "roll": f"{step.roll[0]}-{step.roll[1]}",
        "play": str(play) if play is not None else "",
        "moves": len(play.moves) if play is not None else 0,
        "hits": play is not None and any(m.hits for m in play.moves),
        "open": step.open,
        "position": write_position(step.before),
        "figure": step.figure,
        "claims": len(step.claims) + bool(step.figure),
        "wrong": _wrong(step.claims),
        "records": list(step.data.get("records", [])),
        "left": step.left,
        "outcome": outcome_json(getattr(analysis, "outcome", None)),
    }
    if play is not None and play_names(game, spec.view, mover, play):
        found["letters"] = play_names(game, spec.view, mover, play)
    if game.game_type.scores_throws:  # an open step: the throw's events, before any play
        found["events"] = [
            event_json(e, event_at(game, spec.view, mover, e)) for e in analysis.events
        ]
        found["may_leave"] = bool(getattr(analysis, "may_leave", False))
    if game.game_type.shows_marks:
        assert step.after is not None
        found.update(_marks(game, step.after))
    return found


def _marks(game: Game, position: Position) -> dict[str, Any]:
    return {"marks": marks_json(game, position)} if game.game_type.shows_marks else {}


def _wrong(claims: tuple[dict[str, Any], ...]) -> list[dict[str, str]]:
    """The text's errors at this step: its claims recorded as disagreeing."""
    return [
        {"claim": str(c["id"]), "says": str(c.get("says", "")), "note": str(c.get("note", ""))}
        for c in claims
        if c.get("disagrees")
    ]


def _walk_step(step: Step, prepared: Prepared) -> dict[str, Any]:
    figure = prepared.spec
    records = [r for c in figure.claims if c.get("disagrees") for r in c.get("records", [])]
    return {
        "number": step.number,
        "lines": step.data["lines"],
        "says": step.data.get("says", ""),
        "figure": figure.id,
        "image": f"{prepared.stem.name}.svg",
        "claims": prepared.claims,
        "wrong": _wrong(figure.claims),
        "records": [*step.data.get("records", []), *records],
    }
