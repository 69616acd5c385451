"""Preparing figures: check, draw, cache by content hash, refuse a figure whose claims fail."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import figures
from engine.figures import FigureError, Prepared, cache_key, prepare
from engine.kinds import kind_of
from engine.specs import DIAGRAMS, FigureSpec, all_spec_ids, load_spec

SVG_LIMIT = 30_000  # bytes

START = "brade 15w,-,-,-,-,-/-,-,-,-,-,-/15b,-,-,-,-,-/-,-,-,-,-,- - -"


def figure_spec(claim: str) -> str:
    return (
        f'game = "brade"\nposition = "{START}"\nlines = "test"\n\n'
        f'[[claim]]\nid = "opening"\nlines = "sv 2902"\nturn = "w"\nroll = "6-4"\n{claim}\n'
    )


@pytest.fixture
def spec_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Make ``prepare`` read specifications from a temporary ``diagrams`` folder."""
    root = tmp_path / "diagrams"
    (root / "brade").mkdir(parents=True)

    def load(figure_id: str, root_: Path = root) -> FigureSpec:
        return load_spec(figure_id, root_)

    monkeypatch.setattr(figures, "load_spec", load)
    return root


def test_first_call_draws_second_is_cached(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first = prepare("brade/explosion", cache)
    assert first.drawn_now
    assert first.claims == len(load_spec("brade/explosion").claims) == 7
    assert first.disagreements == 0
    assert first.stem.parent == cache
    assert first.stem.name == f"brade-{cache_key(first.spec)}"
    for suffix in (".svg", ".pdf", ".json"):
        assert first.stem.with_suffix(suffix).stat().st_size > 0
    summary = json.loads(first.stem.with_suffix(".json").read_text(encoding="utf-8"))
    assert summary["claims"] == 7
    assert len(summary["verdicts"]) == 7
    assert all(v.endswith(": holds") for v in summary["verdicts"])

    svg = first.stem.with_suffix(".svg").read_bytes()
    second = prepare("brade/explosion", cache)
    assert not second.drawn_now
    assert second.stem == first.stem
    assert (second.claims, second.disagreements) == (first.claims, first.disagreements)
    assert second.stem.with_suffix(".svg").read_bytes() == svg
    assert not [p for p in cache.iterdir() if p.name.startswith(".")]  # no temporary left


def test_each_format_is_drawn_when_first_asked_for(tmp_path: Path) -> None:
    """The site asks for the SVG, the books for the PDF: a site's build draws no PDF, and a
    book's build later adds it to the entry — not drawn again, not called damaged."""
    site = prepare("brade/explosion", tmp_path, ("svg",))
    svg, pdf = site.stem.with_suffix(".svg"), site.stem.with_suffix(".pdf")
    assert site.drawn_now and svg.exists() and not pdf.exists()
    assert not prepare("brade/explosion", tmp_path, ("svg",)).drawn_now
    drawing = svg.read_bytes()
    book = prepare("brade/explosion", tmp_path, ("pdf",))
    assert book.drawn_now and book.repaired == "" and pdf.stat().st_size > 0
    both = prepare("brade/explosion", tmp_path)  # both recorded: read from the cache
    assert not both.drawn_now and svg.read_bytes() == drawing
    pdf.write_bytes(b"%PDF-1.4 truncated")  # a recorded drawing damaged is still found
    assert "does not match" in prepare("brade/explosion", tmp_path, ("pdf",)).repaired
    assert not prepare("brade/explosion", tmp_path, ("svg",)).drawn_now  # the SVG kept


def test_a_missing_drawing_is_drawn_again(tmp_path: Path) -> None:
    first = prepare("brade/homeplay-2", tmp_path)
    first.stem.with_suffix(".pdf").unlink()
    again = prepare("brade/homeplay-2", tmp_path)
    assert again.drawn_now
    assert again.stem.with_suffix(".pdf").exists()


def test_a_table_figure_is_checked_but_not_drawn(tmp_path: Path) -> None:
    prepared = prepare("brade/points-table", tmp_path)
    assert prepared.drawn_now and prepared.claims == len(load_spec("brade/points-table").claims)
    assert sorted(p.suffix for p in tmp_path.iterdir()) == [".json"]
    assert not prepare("brade/points-table", tmp_path).drawn_now


def test_changing_the_spec_changes_the_key(spec_root: Path, tmp_path: Path) -> None:
    path = spec_root / "brade" / "x.toml"
    path.write_text(figure_spec('legal = ["1/5 5/11"]'), encoding="utf-8")
    first = prepare("brade/x", tmp_path / "cache")
    assert first.drawn_now and first.claims == 1
    path.write_text(figure_spec('legal = ["1/7 7/11"]'), encoding="utf-8")
    second = prepare("brade/x", tmp_path / "cache")
    assert second.drawn_now
    assert second.stem != first.stem


def test_a_failing_claim_raises_naming_figure_and_claim(spec_root: Path, tmp_path: Path) -> None:
    (spec_root / "brade" / "x.toml").write_text(figure_spec('legal = ["1/11"]'), encoding="utf-8")
    cache = tmp_path / "cache"
    with pytest.raises(FigureError) as caught:
        prepare("brade/x", cache)
    message = str(caught.value)
    assert "figure brade/x" in message
    assert "claim 'opening'" in message
    assert "'1/11' is not legal" in message
    assert not cache.exists() or not list(cache.iterdir())  # nothing drawn or cached


def test_a_recorded_disagreement_is_counted(spec_root: Path, tmp_path: Path) -> None:
    text = figure_spec('legal = ["1/11"]\ndisagrees = true\nnote = "n"')
    (spec_root / "brade" / "x.toml").write_text(text, encoding="utf-8")
    prepared = prepare("brade/x", tmp_path)
    assert (prepared.claims, prepared.disagreements) == (1, 1)
    summary = json.loads(prepared.stem.with_suffix(".json").read_text(encoding="utf-8"))
    assert summary["disagreements"] == 1
    assert "the text is wrong, as recorded" in summary["verdicts"][0]


# -- every real figure -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def prepared_all(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Prepared]:
    cache = tmp_path_factory.mktemp("figures")
    return {figure: prepare(figure, cache) for figure in all_spec_ids()}


def test_there_are_real_figures() -> None:
    ids = all_spec_ids()
    assert len(ids) >= 10
    assert all((DIAGRAMS / f"{i}.toml").is_file() for i in ids)


@pytest.mark.parametrize("figure", all_spec_ids())
def test_svg_stays_small(figure: str, prepared_all: dict[str, Prepared]) -> None:
    prepared = prepared_all[figure]
    svg = prepared.stem.with_suffix(".svg")
    if not kind_of(prepared.spec).formats:
        assert not svg.exists()
        return
    size = svg.stat().st_size
    assert 0 < size < SVG_LIMIT, f"{figure}: {size:,} bytes"
    assert prepared.stem.with_suffix(".pdf").read_bytes().startswith(b"%PDF")


# --- the cache is verified, not trusted (issue 13) ------------------------------------------


def _damage_cases() -> list[tuple[str, str, bytes | None]]:
    """(what, file suffix, new content or None to delete) for a drawn board's entry."""
    return [
        ("garbage svg", ".svg", b"<svg>not the board</svg>"),
        ("truncated svg", ".svg", None),  # replaced below by the first half of the real one
        ("missing pdf", ".pdf", None),
        ("truncated verdicts", ".json", b'{"claims": 3, "disag'),
        ("verdicts of another kind", ".json", b"[1, 2, 3]"),
        ("verdicts without hashes", ".json", b'{"claims": 1, "disagreements": 0}'),
    ]


@pytest.mark.parametrize("what,suffix,content", _damage_cases(), ids=lambda v: str(v)[:20])
def test_a_damaged_cache_entry_is_drawn_again_and_said(
    tmp_path: Path, what: str, suffix: str, content: bytes | None
) -> None:
    first = prepare("brade/explosion", tmp_path)
    good = {s: first.stem.with_suffix(s).read_bytes() for s in (".svg", ".pdf", ".json")}
    damaged = first.stem.with_suffix(suffix)
    if what == "truncated svg":
        damaged.write_bytes(good[".svg"][: len(good[".svg"]) // 2])
    elif content is None:
        damaged.unlink()
    else:
        damaged.write_bytes(content)
    again = prepare("brade/explosion", tmp_path)
    assert again.drawn_now and again.repaired, what
    assert "\n" not in again.repaired and damaged.name in again.repaired
    for s, data in good.items():  # the entry is whole again, byte for byte
        assert first.stem.with_suffix(s).read_bytes() == data, (what, s)
    assert not prepare("brade/explosion", tmp_path).drawn_now  # and trusted from then on


def test_an_undamaged_entry_is_not_redrawn(tmp_path: Path) -> None:
    prepare("brade/explosion", tmp_path)
    again = prepare("brade/explosion", tmp_path)
    assert not again.drawn_now and again.repaired == ""


def test_a_cache_that_cannot_be_written_is_one_error_naming_it(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    with pytest.raises(FigureError) as caught:
        prepare("brade/explosion", blocker / "cache")
    message = str(caught.value)
    assert "\n" not in message and str(blocker / "cache") in message
    assert "TABULA_FIGURE_CACHE" in message


def test_a_board_has_a_png_for_link_previews_drawn_once(tmp_path: Path) -> None:
    prepared = prepare("brade/explosion", tmp_path)
    png = figures.social_image(prepared)
    assert png is not None and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    before = png.stat().st_mtime_ns
    assert figures.social_image(prepared) == png and png.stat().st_mtime_ns == before
    undrawn = next(i for i in all_spec_ids() if not kind_of(load_spec(i)).formats)
    assert figures.social_image(prepare(undrawn, tmp_path)) is None
