"""``python -m engine``: each command in-process, bad input in one line, and verify end to end."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli import main
from engine.games import read_position, write_position
from engine.games.brade import BRADE, BradeRules
from engine.specs import load_spec

ROOT = Path(__file__).resolve().parents[2]
START = "brade 15w,-,-,-,-,-/-,-,-,-,-,-/15b,-,-,-,-,-/-,-,-,-,-,- - -"
OPENING = "brade 15w,-,-,-,-,-/-,-,-,-,-,-/15b,-,-,-,-,-/-,-,-,-,-,- w 6-2"
HOMEPLAY = "brade -,-,-,-,-,-/3b,2b,-,2b,3b,2b/-,-,-,-,-,-/-,-,3w,2w,2w,1w w 3-2 off=7,3"
UPPSPEL = "brade -,-,-,-,-,-/3b,2b,-,2b,3b,2b/1b,-,-,-,-,-/-,-,-,-,-,15w b - off=0,2"
TRICTRAC = "trictrac -,-,-,-,-,-/-,-,-,-,-,15b/15w,-,-,-,-,-/-,-,-,-,-,- w 6-5"
PLEIN = TRICTRAC.replace("trictrac", "plein")
MUNK = "brade -,-,-,-,-,-/3b,3b,3b,3b,2b,-/-,-,-,-,-,-/1w,-,1b,-,-,- w 6-2 off=14,0"


def run(argv: list[str]) -> int:
    """The exit status of ``main``, whether it returns it or argparse exits with it."""
    try:
        return main(argv)
    except SystemExit as stop:
        assert isinstance(stop.code, int)
        return stop.code


# -- start ---------------------------------------------------------------------------------


def test_start(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["start", "brade"]) == 0
    out, err = capsys.readouterr()
    assert out == START + "\n"
    assert err == ""
    assert read_position(out.strip()) == BRADE.start()


# -- legal ---------------------------------------------------------------------------------


def legal_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> list[dict[str, object]]:
    assert run(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    answer = json.loads(out)
    assert isinstance(answer, list)
    return answer


def test_legal_matches_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    plays = legal_json(capsys, ["legal", "brade", "--position", OPENING])
    analyses = BRADE.analyse(read_position(OPENING))
    assert [p["play"] for p in plays] == [str(a.play) for a in analyses]
    assert [p["after"] for p in plays] == [write_position(a.after) for a in analyses]
    assert {p["play"] for p in plays} == {"1/3 3/9", "1/7 1/3", "1/7 7/9"}
    first = plays[0]
    assert first["outcome"] is None
    assert first["moves"] == [
        {"from": m.start, "to": m.end, "die": m.die, "hits": m.hits, "burst": m.burst}
        for m in analyses[0].play.moves
    ]


def test_legal_roll_overrides_the_position_dice(capsys: pytest.CaptureFixture[str]) -> None:
    plays = legal_json(capsys, ["legal", "brade", "-p", OPENING, "--roll", "6-4"])
    assert sorted(p["play"] for p in plays) == ["1/5 5/11", "1/7 1/5", "1/7 7/11"]


def test_legal_rules_switch(capsys: pytest.CaptureFixture[str]) -> None:
    position = read_position(HOMEPLAY)
    vasa = legal_json(capsys, ["legal", "brade", "-p", HOMEPLAY])
    common = legal_json(capsys, ["legal", "brade", "-p", HOMEPLAY, "--rules", "home_play=common"])
    expected = BRADE.analyse(position, rules=BradeRules(home_play="common"))
    assert [p["play"] for p in common] == [str(a.play) for a in expected]
    assert [p["play"] for p in vasa] == ["21/24 21/23", "21/24 22/24"]
    assert set(p["play"] for p in common) > set(p["play"] for p in vasa)


def test_legal_reports_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    plays = legal_json(capsys, ["legal", "brade", "-p", MUNK])
    by_play = {p["play"]: p["outcome"] for p in plays}
    assert set(by_play) == {"19/21* 21/off(6)", "19/off"}
    munk = by_play["19/21* 21/off(6)"]
    assert isinstance(munk, dict)
    assert (munk["winner"], munk["kind"], munk["points"], munk["munk"]) == (
        "w",
        "hemspel+munk",
        2,
        True,
    )
    plain = by_play["19/off"]
    assert isinstance(plain, dict)
    assert (plain["kind"], plain["points"]) == ("hemspel", 1)


# -- outcome -------------------------------------------------------------------------------


def test_outcome_of_a_finished_game(capsys: pytest.CaptureFixture[str]) -> None:
    position = load_spec("brade/beautiful-trappspel").position
    assert run(["outcome", "brade", "--position", position]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    answer = json.loads(out)
    assert answer["over"] is True
    assert answer["winner"] == "w"
    assert answer["kind"] == "trappspel"
    assert answer["points"] == 2
    assert answer["munk"] is False


def test_outcome_of_a_game_in_progress(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["outcome", "brade", "-p", OPENING]) == 0
    assert json.loads(capsys.readouterr().out) == {"over": False}


# The Revertier's double (fr 5666): Black's 5-1 hits White's two blots; White, with his own
# checkers on five points of his first table, can enter neither.
DOUBLED = "revertier 3w,1w,1w,1w,1w,-/-,3b,3b,3b,-,2w/5b,2w,1b,2w,-,-/-,1w,1w,-,-,- b 5-1"


def test_verkehr_and_revertier_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["start", "verkehr"]) == 0
    start = capsys.readouterr().out.strip()
    assert start == "verkehr 15w,-,-,-,-,-/-,-,-,-,-,-/15b,-,-,-,-,-/-,-,-,-,-,- - -"
    opening = start.replace(" - -", " w 5-4")
    plays = {p["play"] for p in legal_json(capsys, ["legal", "verkehr", "-p", opening])}
    assert plays == {"1/6 1/5", "1/5 5/10", "1/6 6/10"}  # de1800 483
    hit = {p["play"]: p for p in legal_json(capsys, ["legal", "revertier", "-p", DOUBLED])}
    after = hit["3/8* 8/9*"]["after"]
    assert run(["outcome", "revertier", "-p", after]) == 0
    assert json.loads(capsys.readouterr().out)["kind"] == "simple"
    assert run(["outcome", "revertier", "-p", after, "--rules", "double_game=true"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert (answer["winner"], answer["kind"], answer["points"]) == ("b", "double", 2)


def test_draw_a_verkehr_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "huk.svg"
    position = "verkehr 10w,-,-,-,-,-/-,-,-,-,-,3w/15b,2w,-,-,-,-/-,-,-,-,-,- w 2-2"
    argv = ["draw", "verkehr", "-p", position, "--play", "12/14 12/14 1/3 3/5", "-o"]
    assert run([*argv, str(output)]) == 0
    assert output.read_text(encoding="utf-8").startswith("<?xml")
    assert "wrote" in capsys.readouterr().out


# -- draw ----------------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", [".svg", ".pdf"])
def test_draw_writes_a_file(
    suffix: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / f"opening{suffix}"
    argv = ["draw", "brade", "-p", OPENING, "--play", "1/7 7/9", "-o", str(output)]
    assert run(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    data = output.read_bytes()
    assert f"wrote {output} ({len(data):,} bytes)" in out
    if suffix == ".svg":
        assert b"<svg" in data[:2000]
    else:
        assert data.startswith(b"%PDF")


def test_draw_a_quarter_in_blacks_numbering(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "board.svg"
    quarter = tmp_path / "quarter.svg"
    assert run(["draw", "brade", "-p", HOMEPLAY, "-o", str(board)]) == 0
    argv = ["draw", "brade", "-p", HOMEPLAY, "--view", "quarter", "--quarter", "4"]
    assert run([*argv, "--numbering", "b", "-o", str(quarter)]) == 0
    capsys.readouterr()
    assert board.read_bytes() != quarter.read_bytes()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--play", "1/7"], "is not a legal play"),  # uses one die of two
        (["--play", "1/11"], "is not a legal play"),  # no intermediate landing
        (["--play", "1/9"], "is not a legal play"),
        (["--play", "9/1"], "moves backwards"),
    ],
)
def test_draw_refuses_an_illegal_play(
    extra: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "x.svg"
    assert run(["draw", "brade", "-p", OPENING, *extra, "-o", str(output)]) == 2
    _, err = capsys.readouterr()
    assert message in err
    assert not output.exists()


@pytest.mark.parametrize("name", ["x.png", "x", "x.svg.txt", "x.SVG"])
def test_draw_refuses_other_formats(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / name
    assert run(["draw", "brade", "-p", OPENING, "-o", str(output)]) == 2
    _, err = capsys.readouterr()
    assert ".svg or .pdf" in err
    assert not output.exists()


def test_draw_play_needs_a_roll(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    no_dice = OPENING.replace(" 6-2", " -")
    output = tmp_path / "x.svg"
    assert run(["draw", "brade", "-p", no_dice, "--play", "1/7 7/9", "-o", str(output)]) == 2
    assert "needs a roll" in capsys.readouterr().err
    assert not output.exists()


def test_draw_into_a_missing_directory_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "missing" / "x.svg"
    assert run(["draw", "brade", "-p", OPENING, "-o", str(output)]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


# -- bad input: one line on stderr, exit status 2 -------------------------------------------

BAD_INPUT: dict[str, tuple[list[str], str]] = {
    "malformed position": (["legal", "brade", "-p", "brade 15w,-,- w -"], "field 'board'"),
    "bad point": (["outcome", "brade", "-p", OPENING.replace("15w", "15")], "point 1 is '15'"),
    "impossible position": (
        ["outcome", "brade", "-p", OPENING.replace("15w", "16w")],
        "White has 16 checkers",
    ),
    "position of another game": (
        ["legal", "brade", "-p", OPENING.replace("brade", "chess", 1)],
        "unknown game 'chess'",
    ),
    "bad roll": (["legal", "brade", "-p", OPENING, "--roll", "7-1"], "'7-1' is not a roll"),
    "bad roll to draw": (
        ["draw", "brade", "-p", OPENING, "-r", "6-0", "-o", "x.svg"],
        "'6-0' is not a roll",
    ),
    "unknown game": (["start", "chess"], "unknown game 'chess'"),
    "unknown game to legal": (["legal", "chess", "-p", OPENING], "unknown game 'chess'"),
    "unknown rules switch": (
        ["legal", "brade", "-p", OPENING, "--rules", "doubling=yes"],
        "no rules switch 'doubling'",
    ),
    "bad rules value": (
        ["legal", "brade", "-p", OPENING, "--rules", "home_play=bad"],
        "home_play=bad is not one of",
    ),
    "rules without =": (
        ["legal", "brade", "-p", OPENING, "--rules", "home_play"],
        "write NAME=VALUE",
    ),
    "nobody to move": (["legal", "brade", "-p", START, "--roll", "6-2"], "nobody is to move"),
    "no roll": (["legal", "brade", "-p", OPENING.replace(" 6-2", " -")], "no roll"),
    "game over": (["legal", "brade", "-p", UPPSPEL, "-r", "1-2"], "already over"),
    "missing --position": (["legal", "brade"], "--position"),
    "missing --output": (["draw", "brade", "-p", OPENING], "--output"),
    "missing command": ([], "command"),
    "unknown command": (["play", "brade"], "invalid choice: 'play'"),
    "unknown option": (["start", "brade", "--colour", "w"], "unrecognized arguments"),
    "bad --quarter": (
        ["draw", "brade", "-p", OPENING, "--quarter", "9", "-o", "x.svg"],
        "--quarter",
    ),
    "bad --view": (
        ["draw", "brade", "-p", OPENING, "--view", "strip", "-o", "x.svg"],
        "--view",
    ),
    # issue 13: input that parses but that the rules do not allow, or that says nothing
    "empty roll": (["legal", "brade", "-p", OPENING, "--roll", ""], "'' is not a roll"),
    "switch twice": (
        ["legal", "brade", "-p", OPENING, "--rules", "home_play=vasa", "--rules", "home_play=vasa"],
        "given twice",
    ),
    "a quarter of a Trictrac": (
        ["draw", "trictrac", "-p", TRICTRAC, "--view", "quarter", "-o", "x.svg"],
        "drawn whole",
    ),
    "a quarter of the Plein": (
        ["draw", "plein", "-p", PLEIN, "--view", "quarter", "-o", "x.svg"],
        "drawn whole",
    ),
    "a play beyond the quarter": (
        ["draw", "brade", "-p", OPENING, "--play", "1/7 1/3", "--view", "quarter", "-o", "x.svg"],
        "outside quarter 4",
    ),
    "points the Trictrac cannot show, drawn": (
        ["draw", "trictrac", "-p", f"{TRICTRAC} points=11,0", "-o", "x.svg"],
        "two by two",
    ),
    "a NUL in a file name": (["draw", "brade", "-p", OPENING, "-o", "x\0.svg"], "NUL character"),
    "points at the Toc": (
        ["outcome", "trictrac", "-p", f"{TRICTRAC} points=4,0", "--rules", "game=toc"],
        "not points",
    ),
}


@pytest.mark.parametrize(("argv", "fragment"), BAD_INPUT.values(), ids=BAD_INPUT.keys())
def test_bad_input_is_one_line_and_status_2(
    argv: list[str],
    fragment: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # nothing may be written, but if it were, it lands here
    assert run(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert err.endswith("\n")
    assert err.startswith("python -m engine")
    assert "error: " in err
    assert fragment in err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_bad_input_names_the_field_and_column(capsys: pytest.CaptureFixture[str]) -> None:
    text = OPENING.replace(" w ", " x ")
    assert run(["legal", "brade", "-p", text]) == 2
    err = capsys.readouterr().err
    assert f"field 'turn', column {text.index(' x ') + 2}" in err


# -- verify, as a real process ---------------------------------------------------------------


def test_verify_passes_from_the_repository_root() -> None:
    python = ROOT / ".venv" / "bin" / "python"
    result = subprocess.run(
        [str(python if python.exists() else sys.executable), "-m", "engine", "verify"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ passed, 0 failed", last), last
    assert int(last.split()[0]) > 0
    assert "Traceback" not in result.stderr
