"""``python -m engine score``: a Trictrac throw's evaluation as JSON, bad input in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli import main
from engine.games import read_position

FIGURE_1 = (
    "trictrac 2b,1b,-,2b,1b,2b/2b,1b,2b,-,1b,1b/6w,1w,-,-,-,1w/2w,2w,1w,-,2w,- b - throws=3,3"
)


def run(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as stop:
        assert isinstance(stop.code, int)
        return stop.code


def test_score_prints_the_events_and_the_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["score", "trictrac", "-p", FIGURE_1, "-r", "6-5"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["mover"] == "b" and answer["roll"] == "6-5"
    assert answer["gains"] == {"mover": 12, "opponent": 4}  # fr 4848, 4851
    kinds = sorted((e["kind"], e["to"], e["points"], e["moyens"]) for e in answer["events"])
    assert kinds == [
        ("battre-a-faux", "opponent", 4, 1),
        ("battre-a-vrai", "mover", 4, 1),
        ("battre-a-vrai", "mover", 4, 2),
        ("battre-le-coin", "mover", 4, 1),
    ]
    plays = {p["play"]: p for p in answer["plays"]}
    covered = plays["6/11 2/8"]
    assert covered["may_leave"] is True
    after = read_position(covered["after"])
    assert after.get("holes") == "0,2" and after.get("points") == "4,0"
    assert read_position(covered["left"]).turn is not None


def test_score_takes_the_roll_from_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    with_dice = FIGURE_1.replace(" b - ", " b 4-4 ")
    assert run(["score", "trictrac", "-p", with_dice]) == 0
    assert json.loads(capsys.readouterr().out)["gains"] == {"mover": 20, "opponent": 0}


def test_score_with_a_rules_switch(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "trictrac", "-p", FIGURE_1, "-r", "6-5", "--rules", "game=toccategli"]
    assert run(argv) == 0
    answer = json.loads(capsys.readouterr().out)
    # coin 2, two moyens on the grand-table blot 1 each, the small-table blot 1; no blind hit
    assert answer["gains"] == {"mover": 5, "opponent": 0}  # 001 799, 813, 831, 839


BAD = {
    "no-roll": (["score", "trictrac", "-p", FIGURE_1], "no roll"),
    "bad-roll": (["score", "trictrac", "-p", FIGURE_1, "-r", "7-1"], "is not a roll"),
    "bad-field": (["score", "trictrac", "-p", FIGURE_1 + " points=1"], "field 'points'"),
    "unknown-field": (["score", "trictrac", "-p", FIGURE_1 + " pips=1"], "unknown field"),
    "coin-alone": (
        ["score", "trictrac", "-p", FIGURE_1.replace("2b,1b,-,2b", "1b,2b,-,2b"), "-r", "6-5"],
        "one checker alone in his coin",
    ),
    "nobody": (
        ["score", "trictrac", "-p", FIGURE_1.replace(" b - ", " - - "), "-r", "6-5"],
        "nobody",
    ),
    "other-game": (
        ["score", "brade", "-p", "brade 15w,-,-,-,-,-/-,-,-,-,-,-/15b,-,-,-,-,-/-,-,-,-,-,- w 6-2"],
        "no points won before the play",
    ),
    "bad-switch": (
        ["score", "trictrac", "-p", FIGURE_1, "-r", "6-5", "--rules", "game=go"],
        "game=go",
    ),
}


@pytest.mark.parametrize(("argv", "fragment"), BAD.values(), ids=BAD.keys())
def test_bad_input_is_one_line_and_status_2(
    argv: list[str],
    fragment: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and fragment in err, err
    assert "Traceback" not in err
