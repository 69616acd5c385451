"""Sequences (``diagrams/sequences/``): played step by step, checked like figures, drawn once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.figures import prepare_sequence
from engine.games import read_position
from engine.games.tourne_case import TOURNE_CASE
from engine.kinds.sequence import SequenceError, check_sequence, play_sequence
from engine.sequences import load_sequence, sequence_ids
from engine.specs import all_spec_ids

ROOT = Path(__file__).resolve().parents[2]
START = "tourne-case -,-,-,-,-,-/-,-,-,-,-,-/-,-,-,-,-,-/-,-,-,-,-,- b - bar=3,3"


def write(root: Path, name: str, text: str) -> str:
    path = root / "sequences" / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return f"sequences/{name}"


def sequence(steps: str, position: str = START) -> str:
    return f'game = "tourne-case"\nposition = "{position}"\nlines = "fr 5849"\n{steps}'


STEP = '[[step]]\nlines = "fr 5849"\nroll = "{roll}"\nplay = "{play}"\n'


def test_the_sequences_are_not_figures() -> None:
    ids = sequence_ids()
    assert "sequences/tourne-case-battre" in ids
    assert not [f for f in all_spec_ids() if f.startswith("sequences/")]


def test_every_step_is_played_from_the_last() -> None:
    spec = load_sequence("sequences/tourne-case-battre")
    steps = play_sequence(spec)
    position = read_position(spec.position)
    for step in steps:
        assert step.before is not None and step.roll is not None
        assert step.before == position.replace(dice=None)
        legal = [str(a.play) for a in TOURNE_CASE.analyse(step.before, step.roll)]
        assert str(step.play) in legal
        assert step.after is not None
        position = step.after
    assert [str(s.play) for s in steps] == ["bar/2", "bar/1", "2/4", "1/4*", "bar/4*"]
    # your four hit his checker, his four hit yours: each side has one more in hand again
    assert position.bar == (3, 2) and position.turn is not None and position.turn.value == "w"


def test_the_checks_pass_and_the_text_s_error_is_recorded() -> None:
    results = check_sequence(load_sequence("sequences/tourne-case-battre"))
    assert all(r.passed for r in results)
    wrong = [r for r in results if r.disagrees]
    assert [(r.figure, r.claim) for r in wrong] == [
        ("sequences/tourne-case-battre step 4", "pouvez-dispenser")
    ]
    # the figures the steps name show the positions the steps are played from
    assert [r.claim for r in results if r.claim.startswith("figure ")] == [
        "figure tourne-case/petit-nombre",
        "figure tourne-case/battre",
    ]


def test_a_play_that_is_not_legal_cannot_be_played(tmp_path: Path) -> None:
    name = write(tmp_path, "bad", sequence(STEP.format(roll="3-2", play="bar/3")))
    with pytest.raises(SequenceError, match=r"step 1: 'bar/3' is not a legal play of 3-2"):
        play_sequence(load_sequence(name, tmp_path))


def test_a_roll_with_several_plays_must_name_one(tmp_path: Path) -> None:
    forced = STEP.format(roll="3-2", play="bar/2") + '[[step]]\nlines = "x"\nroll = "6-5"\n'
    name = write(tmp_path, "forced", sequence(forced))
    steps = play_sequence(load_sequence(name, tmp_path))  # White's 6-5: only the five
    assert str(steps[1].play) == "bar/5"
    start = "trictrac -,-,-,-,-,-/-,-,-,-,-,15b/15w,-,-,-,-,-/-,-,-,-,-,- w -"
    text = f'game = "trictrac"\nposition = "{start}"\nlines = "x"\n'
    name = write(tmp_path, "unnamed", text + '[[step]]\nlines = "x"\nroll = "2-1"\n')
    with pytest.raises(SequenceError, match=r"step 1: 2-1 has \d+ legal plays \(1/2 1/3, "):
        play_sequence(load_sequence(name, tmp_path))


def test_a_step_s_claim_is_about_its_throw_in_the_position_before_it(tmp_path: Path) -> None:
    claim = '[[step.claim]]\nid = "c"\nlines = "fr 5837"\nplays = ["{}"]\n'
    holds = sequence(STEP.format(roll="3-2", play="bar/2") + claim.format("bar/2"))
    fails = sequence(STEP.format(roll="3-2", play="bar/2") + claim.format("bar/3"))
    assert check_sequence(load_sequence(write(tmp_path, "holds", holds), tmp_path))[0].passed
    result = check_sequence(load_sequence(write(tmp_path, "fails", fails), tmp_path))[0]
    assert not result.passed and result.figure == "sequences/fails step 1"


def test_a_step_s_figure_must_show_the_position(tmp_path: Path) -> None:
    right = STEP.format(roll="3-2", play="bar/2") + 'figure = "tourne-case/petit-nombre"\n'
    wrong = STEP.format(roll="3-2", play="bar/2")
    wrong += STEP.format(roll="2-1", play="bar/1") + 'figure = "tourne-case/petit-nombre"\n'
    ok = check_sequence(load_sequence(write(tmp_path, "right", sequence(right)), tmp_path))
    assert [r.passed for r in ok] == [True]
    bad = check_sequence(load_sequence(write(tmp_path, "wrong", sequence(wrong)), tmp_path))
    assert [r.passed for r in bad] == [False]
    assert "the figure shows" in bad[0].problems[0]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('game = "tourne-case"\nlines = "x"\n[[step]]\nlines = "x"\nroll = "1-1"\n', "position"),
        (sequence(""), "give its steps"),
        (sequence('[[step]]\nroll = "3-2"\n'), "'lines'"),
        (sequence('[[step]]\nlines = "x"\n'), "needs its 'roll'"),
        (sequence('[[step]]\nlines = "x"\nroll = "3-2"\nspeed = 1\n'), "unknown key"),
        (sequence('[[step]]\nlines = "x"\nroll = "3-2"\nturn = "x"\n'), "turn must be"),
        ('kind = "walk"\nlines = "x"\n[[step]]\nlines = "x"\n', "names its 'figure'"),
    ],
)
def test_a_sequence_that_cannot_be_read_says_where(tmp_path: Path, text: str, message: str) -> None:
    name = write(tmp_path, "broken", text)
    with pytest.raises(SequenceError, match=message):
        play_sequence(load_sequence(name, tmp_path))


def test_a_walk_steps_through_figures() -> None:
    spec = load_sequence("sequences/trictrac-combine-verlauf")
    steps = play_sequence(spec)
    assert [s.figure for s in steps] == [
        f"trictrac-combine/verlauf-{n:02d}" for n in range(1, len(steps) + 1)
    ]


def verify(root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TABULA_DIAGRAMS": str(root)}
    command = [sys.executable, "-m", "engine", "verify"]
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env)


def test_verify_fails_on_a_step_that_cannot_be_played_or_a_claim_that_fails(
    tmp_path: Path,
) -> None:
    good = STEP.format(roll="3-2", play="bar/2")
    write(tmp_path, "good", sequence(good))
    done = verify(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 passed, 0 failed" in done.stdout  # no claims: nothing to count, nothing broken
    write(tmp_path, "illegal", sequence(STEP.format(roll="3-2", play="bar/3")))
    done = verify(tmp_path)
    assert done.returncode == 1
    assert "FAIL sequence sequences/illegal, step 1: 'bar/3' is not a legal play" in done.stdout
    (tmp_path / "sequences" / "illegal.toml").unlink()
    claim = '[[step.claim]]\nid = "deux"\nlines = "fr 5849"\nplays = ["bar/3"]\n'
    write(tmp_path, "false", sequence(good + claim))
    done = verify(tmp_path)
    assert done.returncode == 1
    assert "FAIL sequence sequences/false step 1, claim 'deux'" in done.stdout


def test_prepared_once_drawn_step_by_step(tmp_path: Path) -> None:
    prepared = prepare_sequence("sequences/tourne-case-battre", tmp_path)
    assert prepared.drawn_now
    steps = prepared.summary["steps"]
    assert len(steps) == 6 and steps[-1]["end"]  # five throws and the board they end on
    assert [s["roll"] for s in steps[:-1]] == ["3-2", "2-1", "6-2", "4-3", "5-4"]
    assert steps[3]["wrong"][0]["claim"] == "pouvez-dispenser"
    assert steps[3]["records"][0] == "tourne-case-fr-pouvez"
    for image in prepared.images:
        assert image.read_bytes().startswith(b"<?xml")
    again = prepare_sequence("sequences/tourne-case-battre", tmp_path)
    assert not again.drawn_now and again.summary == prepared.summary
    prepared.images[2].write_bytes(b"damaged")
    repaired = prepare_sequence("sequences/tourne-case-battre", tmp_path)
    assert repaired.drawn_now and repaired.images[2].read_bytes().startswith(b"<?xml")


def test_a_sequence_whose_claim_fails_is_not_prepared(tmp_path: Path) -> None:
    claim = '[[step.claim]]\nid = "deux"\nlines = "fr 5849"\nplays = ["bar/3"]\n'
    name = write(
        tmp_path / "diagrams", "false", sequence(STEP.format(roll="3-2", play="bar/2") + claim)
    )
    code = (
        "import sys; from pathlib import Path; from engine.figures import prepare_sequence\n"
        f"prepare_sequence({name!r}, Path(sys.argv[1]))"
    )
    env = {**os.environ, "TABULA_DIAGRAMS": str(tmp_path / "diagrams")}
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "cache")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert done.returncode == 1
    assert "FigureError: sequence sequences/false step 1, claim 'deux'" in done.stderr
    assert not list(tmp_path.glob("cache/sequence-*"))  # nothing half-written


def test_the_trictrac_steps_carry_the_marks(tmp_path: Path) -> None:
    prepared = prepare_sequence("sequences/kermadeuc-i", tmp_path)
    steps = prepared.summary["steps"]
    six_tables = next(
        s for s in steps if any(e["kind"] == "jan-de-trois-coups" for e in s.get("events", []))
    )
    assert six_tables["mover"] == "w" and six_tables["roll"] == "6-5"
    assert six_tables["marks"]["w"][:2] == [4, 0]
    assert json.dumps(prepared.summary)  # language-neutral data, for the page to put in words
