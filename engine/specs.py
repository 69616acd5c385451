"""Figure specifications: the language-neutral data in ``diagrams/``.

A figure is specified once, in ``diagrams/<game>/<name>.toml``, and placed in the text by
the ``board`` directive (``docs/_ext/tabula``) under its id ``<game>/<name>``. The file
gives the position, how to draw it, and the *claims* the text makes about it; the engine
checks the claims (:mod:`engine.kinds`: each kind of figure checks its own) before anything
is drawn.

A specification reads::

    game = "brade"
    position = "brade 4w,-,... b - bar=0,3"   # the notation of engine.core.notation
    lines = "000: sv 2949; da 1724; de 4436-4438; fr 6101"   # where the text speaks of it
    editorial = false          # true for a figure the edition adds (not in the sources)
    rules = { home_play = "vasa" }            # optional rules switches

    [view]
    kind = "quarter"           # "board" (24 points), "quarter" (six), "table" (no position)
    numbering = "b"            # whose point numbers label the points, seen from his side
    quarter = 1                # which quarter, with kind = "quarter"
    roll = "6-2"               # dice to draw (optional)
    play = "bar/6! bar/2"      # arrows: a legal play of that roll (optional)
    highlight = [2, 3]         # points to highlight, in the numbering above
    talon_side = "left"        # a Trictrac board: the side of the talons (default left)
    labels = "letters"         # name the points A–Y without W (the Kermadeuc lesson), optional
    hit_arrows = true          # a Trictrac board: an arrow for each hit of the roll (optional)

    [[claim]]                  # as many as the text makes; see engine.kinds.board
    id = "6-2"
    lines = "sv 2949"
    roll = "6-2"
    plays = ["bar/6! bar/2"]

The scoring ledgers of Trictrac (``game = "aufschreiben"`` or ``"kombiniert"``) have no
position: a ``[view]`` of kind ``"table"`` or ``"pegs"`` (the hole rails), optionally a
``[table]`` the page prints, ``[[event]]`` tables (holes, stakes) and ``follows`` (the figure
whose state this one continues, read with it: :attr:`FigureSpec.follows`); their claims are
explained in :mod:`engine.kinds.ledger`.

Two kinds count throws instead of playing a position (:mod:`engine.counting`): ``kind =
"counting"``, a table of numbers the page prints with the ``counting-table`` directive
(no position, nothing drawn), and ``kind = "hits"``, a blot and the dames that may hit it,
given in a ``[situation]`` table (:mod:`engine.counting.situation`) and drawn on a Trictrac
board with an arrow for each throw that hits. Their claims are those of
:mod:`engine.kinds.counting`.

What a specification of each kind gives — a position or none, the keys it may add — is the
kind's, in the table of :mod:`engine.kinds`; :class:`FigureSpec` and :class:`View` are
defined with it (:mod:`engine.kinds.kind`).
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any

from .kinds import kind_for, views
from .kinds.kind import FigureSpec, SpecError, View

# TABULA_DIAGRAMS points elsewhere, for tests that need a broken specification
DIAGRAMS = Path(
    os.environ.get("TABULA_DIAGRAMS", Path(__file__).resolve().parent.parent / "diagrams")
)

_TOP_KEYS = {"game", "position", "lines", "editorial", "rules", "view", "claim", "about"}
_VIEW_KEYS = {"kind", "numbering", "quarter", "roll", "play", "highlight", "talon_side", "labels"}
_VIEW_KEYS |= {"hit_arrows"}  # a Trictrac board: the roll's hits drawn (engine.figures)


def spec_path(figure_id: str, root: Path = DIAGRAMS) -> Path:
    return root / f"{figure_id}.toml"


def load_spec(figure_id: str, root: Path = DIAGRAMS) -> FigureSpec:
    """Read and check the shape of ``diagrams/<figure_id>.toml``."""
    path = spec_path(figure_id, root)
    if not path.is_file():
        raise SpecError(f"figure '{figure_id}': no specification at {path}")
    stat = path.stat()
    raw, data = _parsed(path, stat.st_mtime_ns, stat.st_size)
    where = f"{path.name}"
    view = _view(data.get("view", {}), where)
    game = data.get("game") if isinstance(data.get("game"), str) else None
    kind = kind_for(view.kind, game)
    if kind is None:
        raise SpecError(f"{where} [view]: kind '{view.kind}' is not for a figure of {game!r}")
    situation = data.get("situation", {})
    if not isinstance(situation, dict) or ("situation" in kind.keys) != bool(situation):
        raise SpecError(f"{where}: a [situation] table goes with kind = 'hits', and only there")
    _only(data, _TOP_KEYS | kind.keys, where)
    required = ("game", "position", "lines") if kind.positioned else ("game", "lines")
    for key in required:
        if not isinstance(data.get(key), str) or not data[key]:
            raise SpecError(f"{where}: '{key}' must be a non-empty string")
    claims = data.get("claim", [])
    if not isinstance(claims, list) or not all(isinstance(c, dict) for c in claims):
        raise SpecError(f"{where}: 'claim' must be an array of tables ([[claim]])")
    ids = [c.get("id") for c in claims]
    if any(not isinstance(i, str) for i in ids) or len(set(ids)) != len(ids):
        raise SpecError(f"{where}: every [[claim]] needs an 'id', unique in the file")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise SpecError(f"{where}: 'rules' must be a table of switch = value")
    follows = data.get("follows")
    followed = load_spec(follows, root) if isinstance(follows, str) else None
    return FigureSpec(
        id=figure_id,
        path=path,
        game=data["game"],
        position=data.get("position", ""),
        lines=data["lines"],
        editorial=bool(data.get("editorial", False)),
        rules={k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in rules.items()},
        view=view,
        claims=tuple(claims),
        digest=_digest(raw, followed),
        data=data,
        situation=situation,
        follows=followed,
    )


@lru_cache(maxsize=1024)
def _parsed(path: Path, mtime_ns: int, size: int) -> tuple[bytes, dict[str, Any]]:
    """A specification file's bytes and TOML, read once per version of the file: a ledger
    figure re-reads the whole chain of figures it follows, and the chain is long. The
    result is shared, so callers treat it as read-only."""
    raw = path.read_bytes()
    try:
        return raw, tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise SpecError(f"{path}: not valid TOML: {error}") from None


def _digest(raw: bytes, followed: FigureSpec | None) -> str:
    """The file's hash, and for a ledger figure that follows another, that one's too: its
    state (and so its drawing) depends on every figure before it."""
    digest = hashlib.sha256(raw)
    if followed is not None:
        digest.update(followed.digest.encode())
    return digest.hexdigest()


def _view(data: Any, where: str) -> View:
    if not isinstance(data, dict):
        raise SpecError(f"{where}: [view] must be a table")
    _only(data, _VIEW_KEYS, f"{where} [view]")
    kind = data.get("kind", "board")
    if kind not in views():
        *names, last = (f"'{name}'" for name in views())
        raise SpecError(f"{where} [view]: kind must be {', '.join(names)} or {last}, not '{kind}'")
    quarter = data.get("quarter", 0)
    if kind == "quarter" and quarter not in (1, 2, 3, 4):
        raise SpecError(f"{where} [view]: a quarter view needs quarter = 1, 2, 3 or 4")
    numbering = data.get("numbering", "w")
    if numbering not in ("w", "b"):
        raise SpecError(f"{where} [view]: numbering must be 'w' or 'b'")
    highlight = data.get("highlight", [])
    if not isinstance(highlight, list) or not all(isinstance(p, int) for p in highlight):
        raise SpecError(f"{where} [view]: highlight must be a list of point numbers")
    if data.get("talon_side", "left") not in ("left", "right"):
        raise SpecError(f"{where} [view]: talon_side must be 'left' or 'right'")
    return View(
        kind=kind,
        numbering=numbering,
        quarter=quarter,
        roll=str(data.get("roll", "")),
        play=str(data.get("play", "")),
        highlight=tuple(highlight),
        talon_side=data.get("talon_side", "left"),
        labels=str(data.get("labels", "")),
        hit_arrows=bool(data.get("hit_arrows", False)),
    )


def read_view(data: Any, where: str) -> View:
    """A ``[view]`` table, read and checked (a sequence draws its steps with one too)."""
    return _view(data, where)


def _only(data: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise SpecError(f"{where}: unknown key(s) {', '.join(unknown)}; allowed: {sorted(allowed)}")


SEQUENCES = "sequences"  # diagrams/sequences/: the sequences (engine.sequences), not figures


def all_spec_ids(root: Path = DIAGRAMS) -> list[str]:
    """Every figure id under ``root``, sorted (the sequences' folder holds no figure)."""
    ids = (p.relative_to(root).with_suffix("") for p in root.rglob("*.toml"))
    return sorted(str(i) for i in ids if i.parts[0] != SEQUENCES)
