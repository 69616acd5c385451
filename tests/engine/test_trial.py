"""Try a roll: every throw's answers from a figure's position, as the command line gives them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.cli import main
from engine.core.position import Colour
from engine.figures import prepare, prepare_trial
from engine.games import read_position, write_position
from engine.specs import load_spec
from engine.trial import ROLLS

NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
PLAYED = ("remplir", "conserver", "sortir-le-premier")  # events that depend on the play


def cli(capsys: pytest.CaptureFixture[str], argv: list[str]) -> object:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def answers(path: Path) -> dict[str, object]:
    """The data a page's script registers, read back."""
    text = path.read_text(encoding="utf-8")
    prefix = f'(window.tabulaData=window.tabulaData||{{}})["{path.stem}"]='
    assert text.startswith(prefix) and text.endswith(";\n")
    data: dict[str, object] = json.loads(text[len(prefix) : -2])
    return data


def test_the_21_throws() -> None:
    assert len(ROLLS) == len(set(ROLLS)) == 21
    assert ROLLS[0] == (6, 6) and ROLLS[-1] == (1, 1)


@pytest.mark.parametrize("figure", ["brade/explosion", "verkehr/ausnehmen-vier", "brade/start"])
def test_the_plays_are_the_command_line_s(
    figure: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    prepared = prepare(figure, tmp_path)
    trial = prepare_trial(prepared)
    assert trial is not None
    data = answers(trial.script)
    spec = load_spec(figure)
    shown = read_position(spec.position)  # the mover: the figure's, else its reader's side
    position = shown.replace(turn=shown.turn or Colour(spec.view.numbering), dice=None)
    rules = [f"--rules={k}={v}" for k, v in spec.rules.items()]
    rolls = data["rolls"]
    assert isinstance(rolls, list) and len(rolls) == 21
    for throw in rolls:
        found = cli(
            capsys,
            ["legal", spec.game, "-p", write_position(position), "-r", throw["roll"], *rules],
        )
        assert isinstance(found, list)
        assert [p["play"] for p in throw["plays"]] == [p["play"] for p in found]
        assert [p["outcome"] and p["outcome"]["kind"] for p in throw["plays"]] == [
            p["outcome"] and p["outcome"]["kind"] for p in found
        ]
    assert trial.mover == position.turn
    assert data["mover"] == trial.mover


def test_a_trictrac_throw_scores_as_the_command_line_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = load_spec("kermadeuc/fig-5")
    trial = prepare_trial(prepare(spec.id, tmp_path))
    assert trial is not None and trial.mover == "b"
    data = answers(trial.script)
    for throw in data["rolls"]:  # type: ignore[attr-defined]
        found = cli(capsys, ["score", "trictrac", "-p", spec.position, "-r", throw["roll"]])
        assert isinstance(found, dict)
        assert throw["gains"] == found["gains"]
        assert [e["kind"] for e in throw["events"]] == [e["kind"] for e in found["events"]]
        for event in throw["events"]:  # a hit names its blot as the figure does: a letter
            if event["kind"] == "battre-a-vrai":
                assert re.fullmatch("[A-VXY]", event["at"]), event
        assert [p["play"] for p in throw["plays"]] == [p["play"] for p in found["plays"]]
        for play, answer in zip(throw["plays"], found["plays"], strict=True):
            added = [e for e in answer["events"] if e["kind"] in PLAYED]
            assert [(e["kind"], e["points"]) for e in play["events"]] == [
                (e["kind"], e["points"]) for e in added
            ]
            after = read_position(answer["after"])
            marks = data["marks"][play["marks"]]  # type: ignore[index]
            holes = [int(h) for h in after.get("holes", "0,0").split(",")]
            points = [int(p) for p in after.get("points", "0,0").split(",")]
            assert [marks["w"][1], marks["b"][1]] == holes
            assert [marks["w"][0], marks["b"][0]] == points


def test_the_arrows_are_drawn_over_the_board(tmp_path: Path) -> None:
    trial = prepare_trial(prepare("trictrac/lever", tmp_path))
    assert trial is not None
    data = answers(trial.script)
    width, height, arrows = data["width"], data["height"], data["arrows"]
    assert isinstance(width, float) and isinstance(height, float) and isinstance(arrows, list)
    for throw in data["rolls"]:  # type: ignore[attr-defined]
        for play in throw["plays"]:
            moves = play["play"].split() if play["play"] != "(no move)" else []
            assert len(play["arrows"]) == len(moves)  # a whole board: every move is drawn
    for path in arrows:
        numbers = [float(n) for n in NUMBER.findall(path["d"])]
        assert path["d"].startswith("M") and "Q" in path["d"]
        assert all(-1 <= x <= width + 1 for x in numbers[0::2])
        assert all(-1 <= y <= height + 1 for y in numbers[1::2])
    bare = trial.bare.read_text(encoding="utf-8")
    drawn = (trial.script.parent / f"{trial.script.name.split('.')[0]}.svg").read_text()
    assert bare.startswith("<?xml") and "hit-vrai" not in bare
    assert len(bare) < len(drawn)  # the figure's own dice and arrows are left out


def test_no_trial_where_nobody_can_throw(tmp_path: Path) -> None:
    assert prepare_trial(prepare("trictrac-combine/verlauf-01", tmp_path)) is None  # a ledger
    assert prepare_trial(prepare("counting/verbindungen", tmp_path)) is None  # a count
