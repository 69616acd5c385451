"""``python -m engine ledger`` and ``python -m engine pegs``: JSON in, JSON out, bad input in
one line with exit status 2."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "docs" / "engine" / "examples"


def run(
    argv: list[str], stdin: str | None = None, monkeypatch: pytest.MonkeyPatch | None = None
) -> int:
    if stdin is not None and monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


def test_options_may_come_before_the_events_file(capsys: pytest.CaptureFixture[str]) -> None:
    """issue 13: ``ledger aufschreiben --rates french FILE`` was refused."""
    assert (
        run(["ledger", "aufschreiben", "--rates", "french", str(EXAMPLES / "aufschreiben.json")])
        == 0
    )
    assert json.loads(capsys.readouterr().out)["zuege"]
    assert run(["ledger", "aufschreiben", str(EXAMPLES / "aufschreiben.json"), "more"]) == 2


def test_ledger_aufschreiben_from_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["ledger", "aufschreiben", str(EXAMPLES / "aufschreiben.json")]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["zuege"][0]["value"] == 16  # art. 17
    assert answer["current"]["B.holes"] == 2 and answer["lost"] == {"A": 0, "B": 1}


def test_ledger_aufschreiben_final_payments_after_the_last_zug(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    events = [{"player": "A" if k % 3 else "B", "holes": 6, "then": "go"} for k in range(8)]
    assert run(["ledger", "aufschreiben", "--zuege", "8"], json.dumps(events), monkeypatch) == 0
    answer = json.loads(capsys.readouterr().out)
    assert [p["why"] for p in answer["final"]] == ["jeton-tail", "wetten"]


def test_ledger_french_rates(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    events = json.dumps([{"player": "A", "holes": 6, "then": "go"}])
    assert run(["ledger", "aufschreiben", "--rates", "french"], events, monkeypatch) == 0
    assert json.loads(capsys.readouterr().out)["zuege"][0]["value"] == 16


def test_ledger_kombiniert_prints_state_pegs_and_card(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = [
        "ledger",
        "kombiniert",
        str(EXAMPLES / "kombiniert.json"),
        "--names",
        "A=Amélie,B=Benoît",
    ]
    assert run(argv) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["pegs"]["B"]["bimetallic"] == 2 and answer["facts"]["B.krawatte"] == "as+ep"
    assert answer["card"]["krawatte"] == "Benoît" and answer["card"]["poule"]["fichets"] == 4


@pytest.mark.parametrize(
    ("argv", "stdin", "message"),
    [
        (["ledger", "aufschreiben"], "not json", "not valid JSON (line 1, column 1"),
        (["ledger", "aufschreiben"], '{"a": 1}', "expected a list of event objects"),
        (["ledger", "kombiniert"], '[{"player": "C", "holes": 1}]', "event 1: 'player'"),
        (["ledger", "kombiniert", "--names", "X"], "[]", "write A=NAME,B=NAME"),
        (["ledger", "aufschreiben", "--zuege", "7"], "[]", "even number"),
        # issue 13: "false" was read as true by the Aufschreiben (the combined game refused it)
        (["ledger", "aufschreiben"], '[{"player": "A", "holes": 1, "own": "false"}]', "'own'"),
        (["ledger", "aufschreiben"], '[{"player": "A", "holes": 1, "go": "yes"}]', "'go'"),
        (["ledger", "aufschreiben", "/nonexistent.json"], None, "cannot read the file"),
        (["pegs", "-o", "x.png"], "[]", "must end in .svg or .pdf"),
        # issue 13: what is not read is refused, not ignored
        (["ledger", "aufschreiben", "--names", "A=x"], "[]", "for the combined game's card"),
        (["ledger", "aufschreiben", "--first-dice", "B"], "[]", "for the combined game's card"),
        (["ledger", "kombiniert", "--rates", "french"], "[]", "Viennese rates (de 3959"),
        (["ledger", "kombiniert", "--zuege", "7"], "[]", "even number"),
        (["ledger", "kombiniert", "--names", "A=a,A=b"], "[]", "write A=NAME,B=NAME"),
        (["ledger", "aufschreiben"], '{"events": [], "note": 1}', "unknown key(s) note"),
        (["ledger", "aufschreiben"], '[{"player": "A", "holes": 1, "x": 1}]', "event 1: unknown"),
        (["pegs", "-o", "p.svg"], '[{"player": "A", "holes": 13}]', "event 1: 'holes'"),
        (["ledger", "kombiniert"], '[{"player": "A", "holes": 1000000}]', "from 1 to 12"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str],
    stdin: str | None,
    message: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert run(argv, stdin if stdin is not None else "", monkeypatch) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_pegs_draws_svg_and_pdf(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("p.svg", "p.pdf"):
        assert run(["pegs", str(EXAMPLES / "kombiniert.json"), "-o", str(tmp_path / name)]) == 0
    assert (tmp_path / "p.svg").read_text().startswith("<?xml")
    assert (tmp_path / "p.pdf").read_bytes().startswith(b"%PDF")


def test_pegs_past_the_twelfth_hole_and_a_shorter_partie(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 13: thirteen one-hole events crashed the drawing (a peg in hole 13); the
    combined game takes the Partie's Züge as the Aufschreiben does."""
    thirteen = json.dumps([{"player": "A", "holes": 1}] * 13)
    assert run(["pegs", "-o", str(tmp_path / "p.svg")], thirteen, monkeypatch) == 0
    assert "wrote" in capsys.readouterr().out
    eight = json.dumps([{"player": "A", "holes": 6, "then": "go"}] * 8)
    assert run(["ledger", "kombiniert", "--zuege", "8"], eight, monkeypatch) == 0
    assert json.loads(capsys.readouterr().out)["card"]["zuege"] == 8
    late = eight[:-1] + ', {"stake": 2}]'  # after the eighth Zug, nothing more (de 4113)
    assert run(["ledger", "kombiniert", "--zuege", "8"], late, monkeypatch) == 2
    assert "event 9: the Partie's 8 Züge are played" in capsys.readouterr().err
