"""Tests for the board picture renderer: validation, output stability, size, files."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.render import Arrow, Picture, render_pdf, render_svg, save

TOP = tuple(range(12, 0, -1))
BOTTOM = tuple(range(13, 25))


def counts(**by_point: int) -> tuple[int, ...]:
    """24 counts from keyword pairs such as p1=15, p13=-15."""
    board = [0] * 24
    for key, value in by_point.items():
        board[int(key[1:]) - 1] = value
    return tuple(board)


def full_board(**overrides: Any) -> Picture:
    """Swedish Bräde start: 15 white on point 1, 15 black on point 13."""
    fields: dict[str, Any] = {
        "points": counts(p1=15, p13=-15),
        "top": TOP,
        "bottom": BOTTOM,
        "labels": {p: str(p) for p in range(1, 25)},
        "dice": (6, 2),
        "arrows": (Arrow(1, 7, "w", label="6"), Arrow(7, 9, "w", kind="hit", label="2")),
    }
    fields.update(overrides)
    return Picture(**fields)


def strip(**overrides: Any) -> Picture:
    fields: dict[str, Any] = {
        "points": counts(p20=3, p21=3, p22=3, p23=3, p24=3),
        "top": (),
        "bottom": (19, 20, 21, 22, 23, 24),
        "labels": {p: str(p) for p in range(19, 25)},
    }
    fields.update(overrides)
    return Picture(**fields)


def busy_board() -> Picture:
    """30 checkers, none stacked above five, so that all 30 are drawn; 4 arrows, 2 dice."""
    spread = {f"p{p}": 2 for p in (1, 3, 5, 7, 9, 11, 14)}
    spread |= {f"p{p}": -2 for p in (2, 4, 6, 8, 10, 12, 15, 17)}
    return full_board(
        points=counts(**spread),
        arrows=(
            Arrow(1, 4, "w", kind="hit", label="3"),
            Arrow(2, 13, "b", kind="explode", label="1"),
            Arrow(14, "off", "w", label="6"),
            Arrow("bar", 20, "b", label="5"),
        ),
        bar=(1, 1),
        off=(0, 3),
        highlight=frozenset({4, 20}),
    )


def svg_texts(svg: str) -> list[str]:
    return re.findall(r"<text\b[^>]*>([^<]*)</text>", svg)


# --- output ----------------------------------------------------------------------------


def test_svg_is_deterministic() -> None:
    assert render_svg(busy_board()) == render_svg(busy_board())


def test_pdf_is_deterministic() -> None:
    assert render_pdf(busy_board()) == render_pdf(busy_board())


def test_full_board_svg_stays_small() -> None:
    svg = render_svg(busy_board())
    assert len(svg.encode("utf-8")) <= 30 * 1024


def test_svg_has_viewbox_size_and_live_text() -> None:
    svg = render_svg(full_board())
    width_pt = float(re.search(r'<svg[^>]*\bwidth="([\d.]+)pt"', svg).group(1))
    assert 'viewBox="0 0 ' in svg
    assert 14.5 <= width_pt / 72 * 2.54 <= 17.5  # about 16 cm
    assert "<text" in svg  # svg.fonttype = none: text stays text, no glyph outlines
    assert "<dc:date>" not in svg  # nothing time-dependent


def test_strip_renders_about_8_cm_wide() -> None:
    svg = render_svg(strip())
    width_pt = float(re.search(r'<svg[^>]*\bwidth="([\d.]+)pt"', svg).group(1))
    assert 6.5 <= width_pt / 72 * 2.54 <= 9.5
    assert render_pdf(strip()).startswith(b"%PDF")


def test_strip_with_bar_checkers_and_top_row_renders() -> None:
    pic = strip(
        top=(24, 23, 22, 21, 20, 19),
        bottom=(),
        bar=(1, 4),
        off=(3, 0),
        dice=(5, 4),
        arrows=(Arrow("bar", 22, "b"), Arrow(21, "off", "w", label="4")),
    )
    svg = render_svg(pic)
    assert "4" in svg_texts(svg)  # four black on the bar: more than drawn, so counted
    assert render_pdf(pic).startswith(b"%PDF")


def test_full_board_renders_to_pdf() -> None:
    pdf = render_pdf(full_board())
    assert pdf.startswith(b"%PDF") and pdf.rstrip().endswith(b"%%EOF")
    assert b"CreationDate" not in pdf


def test_stack_of_fifteen_shows_its_count() -> None:
    texts = svg_texts(render_svg(full_board(labels={})))
    assert texts.count("15") == 2  # the white and the black stack; no labels drawn


def test_small_stacks_show_no_count() -> None:
    assert svg_texts(render_svg(strip(labels={}))) == []


def test_labels_and_off_counts_are_text() -> None:
    texts = svg_texts(render_svg(full_board(labels={1: "24", 13: "1"}, off=(2, 0))))
    assert {"24", "1", "2"} <= set(texts)


@pytest.mark.parametrize("kind", ["move", "hit", "explode"])
def test_arrow_kinds_render(kind: str) -> None:
    pic = full_board(arrows=(Arrow(1, 5, "w", kind=kind, label="4"),), dice=(4, 4, 4, 4))
    plain = full_board(arrows=(), dice=(4, 4, 4, 4))
    svg = render_svg(pic)
    assert "4" in svg_texts(svg)
    assert len(svg) > len(render_svg(plain))
    assert render_pdf(pic).startswith(b"%PDF")


def test_arrows_to_off_and_from_bar_render() -> None:
    pic = full_board(
        bar=(2, 0),
        arrows=(Arrow("bar", 3, "w"), Arrow(13, "off", "b", kind="explode")),
    )
    assert "<path" in render_svg(pic)


def test_title_is_not_drawn() -> None:
    svg = render_svg(full_board(title="Opening position"))
    assert "Opening position" not in svg
    assert svg == render_svg(full_board())


def test_lists_are_accepted_and_normalised() -> None:
    pic = Picture(points=list(counts(p1=2)), top=list(TOP), bottom=list(BOTTOM), dice=[1, 2])
    assert pic.points == counts(p1=2)
    assert pic.top == TOP
    assert pic.dice == (1, 2)


# --- validation ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"points": (0,) * 23}, "24"),
        ({"points": (0,) * 25}, "24"),
        ({"top": (0, *TOP[1:])}, "outside 1..24"),
        ({"bottom": (*BOTTOM[:-1], 25)}, "outside 1..24"),
        ({"top": (12, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)}, "repeat"),
        ({"bottom": (1, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24)}, "repeat"),
        ({"top": TOP[:5]}, "0, 6 or 12"),
        ({"bottom": BOTTOM[:7]}, "0, 6 or 12"),
        ({"top": (), "bottom": (), "arrows": ()}, "both empty"),
        ({"dice": (6,)}, "0, 2 or 4"),
        ({"dice": (1, 2, 3)}, "0, 2 or 4"),
        ({"dice": (0, 3)}, "1..6"),
        ({"dice": (7, 3)}, "1..6"),
        ({"bar": (-1, 0)}, "non-negative"),
        ({"off": (0, -2)}, "non-negative"),
        ({"points": (1.5,) + (0,) * 23}, "integer"),
        ({"labels": {25: "x"}}, "label"),
        ({"highlight": frozenset({0})}, "highlight"),
    ],
)
def test_invalid_pictures_are_rejected(overrides: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        full_board(**overrides)


def test_arrow_to_a_point_not_drawn_is_rejected() -> None:
    with pytest.raises(ValueError, match="not a drawn point"):
        strip(arrows=(Arrow(13, 20, "w"),))


@pytest.mark.parametrize(
    ("start", "end"),
    [(0, 5), (25, 5), (5, 0), (5, 25), ("off", 5), (5, "bar"), (5, 5), (True, 5), ("x", 3)],
)
def test_invalid_arrow_endpoints_are_rejected(start: Any, end: Any) -> None:
    with pytest.raises(ValueError, match="arrow"):
        Arrow(start, end, "w")


def test_invalid_arrow_colour_and_kind_are_rejected() -> None:
    with pytest.raises(ValueError, match="colour"):
        Arrow(1, 2, "red")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="kind"):
        Arrow(1, 2, "w", kind="jump")  # type: ignore[arg-type]


def test_replace_revalidates() -> None:
    with pytest.raises(ValueError, match=re.escape("1..6")):
        replace(full_board(), dice=(9, 1))


# --- save ------------------------------------------------------------------------------


def test_save_writes_both_files_atomically(tmp_path: Path) -> None:
    paths = save(full_board(), tmp_path / "opening")
    assert paths == [tmp_path / "opening.svg", tmp_path / "opening.pdf"]
    assert paths[0].read_text(encoding="utf-8") == render_svg(full_board())
    assert paths[1].read_bytes() == render_pdf(full_board())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["opening.pdf", "opening.svg"]


def test_save_overwrites_existing_files(tmp_path: Path) -> None:
    stem = tmp_path / "fig.2"  # a dot in the stem must survive
    for path in (tmp_path / "fig.2.svg", tmp_path / "fig.2.pdf"):
        path.write_text("stale")
    paths = save(strip(), stem)
    assert [p.name for p in paths] == ["fig.2.svg", "fig.2.pdf"]
    assert paths[0].read_text(encoding="utf-8") == render_svg(strip())
    assert paths[1].read_bytes() == render_pdf(strip())
    assert len(list(tmp_path.iterdir())) == 2  # no temporary files left behind


def test_save_single_format_and_unknown_format(tmp_path: Path) -> None:
    assert save(strip(), tmp_path / "only", formats=("svg",)) == [tmp_path / "only.svg"]
    with pytest.raises(ValueError, match="format"):
        save(strip(), tmp_path / "bad", formats=("bmp",))
    assert [p.name for p in tmp_path.iterdir()] == ["only.svg"]


def test_save_leaves_no_temp_file_when_writing_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("engine.core.files.os.replace", refuse)
    with pytest.raises(OSError, match="disk full"):
        save(strip(), tmp_path / "broken")
    assert list(tmp_path.iterdir()) == []


def test_global_rc_params_are_left_alone() -> None:
    import matplotlib as mpl

    before = dict(mpl.rcParams)
    render_svg(strip())
    render_pdf(strip())
    assert dict(mpl.rcParams) == before


def test_concurrent_renders_agree() -> None:
    from concurrent.futures import ThreadPoolExecutor

    pictures = [busy_board(), strip(), full_board()] * 2
    with ThreadPoolExecutor(max_workers=4) as pool:
        svgs = list(pool.map(render_svg, pictures))
    assert svgs == [render_svg(p) for p in pictures]
