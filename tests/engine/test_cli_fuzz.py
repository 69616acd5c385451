"""The command line under bad input: never a traceback, always one line, exit status 2.

A fuzz test of our own (issue 13): hypothesis mutates valid calls — positions, rolls,
switches, play texts and ledger events, with control characters, very long or deeply
nested values, huge numbers and bytes that are not UTF-8 — and every call must end with
status 0, 1 or 2, and at most one line of at most ``LONGEST_MESSAGE`` characters on stderr.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import LONGEST_MESSAGE, main, one_line

POSITION = "brade 15w,-,-,-,-,-/-,-,-,-,-,-/15b,-,-,-,-,-/-,-,-,-,-,- w 6-4"
NASTY = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["\n", "\r\n", "\x00", "\x1b[31m", "9" * 5000, "[" * 5000, "x" * 100_000]),
)


def _run(argv: list[str], stdin: bytes = b"") -> tuple[int, str]:
    err = io.StringIO()
    out = io.StringIO()
    fake_stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    with (
        contextlib.redirect_stderr(err),
        contextlib.redirect_stdout(out),
        pytest.MonkeyPatch.context() as patch,
    ):
        patch.setattr(sys, "stdin", fake_stdin)
        try:
            status = main(argv)
        except SystemExit as done:  # argparse's usage errors
            status = int(done.code or 0)
    return status, err.getvalue()


def _one_line(stderr: str) -> None:
    lines = stderr.splitlines()
    assert len(lines) <= 1, lines[:3]
    assert all(len(line) <= LONGEST_MESSAGE for line in lines), len(lines[0])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    command=st.sampled_from(["legal", "outcome", "score"]),
    game=st.one_of(st.sampled_from(["brade", "trictrac", "verkehr", "plein"]), NASTY),
    position=st.one_of(st.just(POSITION), NASTY, st.builds(lambda s: POSITION + s, NASTY)),
    roll=st.one_of(st.none(), st.sampled_from(["6-5", "0-7", "6-", "x"]), NASTY),
    rules=st.one_of(st.none(), st.sampled_from(["home_play=vasa", "home_play=x", "=", "x"]), NASTY),
)
def test_a_malformed_call_ends_in_one_line(
    command: str, game: str, position: str, roll: str | None, rules: str | None
) -> None:
    argv = [command, game, "--position", position]
    if roll is not None and command != "outcome":
        argv += ["--roll", roll]
    if rules is not None:
        argv += ["--rules", rules]
    status, stderr = _run(argv)
    assert status in (0, 2), (argv, stderr)
    _one_line(stderr)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(["aufschreiben", "kombiniert"]),
    events=st.one_of(
        st.binary(max_size=200),
        st.recursive(
            st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=10)),
            lambda inner: st.one_of(
                st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
            ),
            max_leaves=20,
        ).map(lambda data: json.dumps(data).encode()),
        st.sampled_from([b"[" * 100_000, b'[{"holes": ' + b"9" * 6000 + b"}]", b"\xff\xfe"]),
    ),
)
def test_malformed_ledger_events_end_in_one_line(kind: str, events: bytes) -> None:
    status, stderr = _run(["ledger", kind], stdin=events)
    assert status in (0, 2), stderr
    _one_line(stderr)


def test_an_unwritable_output_or_unreadable_file_is_one_line(tmp_path: Path) -> None:
    target = tmp_path / "no such folder" / "board.svg"
    status, stderr = _run(["draw", "brade", "--position", POSITION, "-o", str(target)])
    assert status == 2 and "board.svg" in stderr
    _one_line(stderr)
    status, stderr = _run(["verify", "x" * 5000])
    assert status == 2
    _one_line(stderr)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe")
    status, stderr = _run(["ledger", "aufschreiben", str(bad)])
    assert status == 2 and "not UTF-8" in stderr


def test_one_line_escapes_and_cuts() -> None:
    assert one_line("a\nb") == "a\\nb"
    assert len(one_line("x" * 10_000)) == LONGEST_MESSAGE
