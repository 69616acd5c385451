"""The command line's fuzzer (tools/fuzz.py, issue 13), fast: a few hundred seeded inputs
and hypothesis' own — positions, switches and ledger events — each ending in an answer or
one line, none impossible accepted; and the fuzzer's parts checked, so that its zero counts
mean something (its check finds what issue 13 lists, passes what the engine plays, and
each kind of failure is counted when it happens). ``make bench`` runs 100,000 inputs."""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import fuzz  # noqa: E402

CORPUS = fuzz.build_corpus(seed=13, games_per_variant=1)
ZERO = dict.fromkeys(fuzz.KINDS, 0)
START = "trictrac -,-,-,-,-,-/-,-,-,-,-,15b/15w,-,-,-,-,-/-,-,-,-,-,- w 6-5"


def classified(case: fuzz.Case) -> fuzz.Tally:
    tally = fuzz.Tally()
    fuzz.classify(case, tally)
    return tally


def test_a_few_hundred_seeded_inputs_find_nothing() -> None:
    tally = fuzz.fuzz(400, seed=13, corpus=CORPUS)
    assert tally.counts == ZERO, "\n".join(fuzz.report(tally, 13))
    assert 0 < tally.accepted < tally.inputs  # the inputs fall on both sides of the line


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_hypothesis_drives_the_mutation_fuzzer(seed: int) -> None:
    tally = fuzz.Tally()
    with tempfile.TemporaryDirectory() as folder:
        for case in fuzz.cases(CORPUS, 1, seed, Path(folder)):
            fuzz.classify(case, tally)
    assert tally.counts == ZERO, "\n".join(fuzz.report(tally, seed))


PAIR = st.builds("{},{}".format, st.integers(0, 20), st.integers(0, 20))
FIELD_VALUE = st.one_of(PAIR, st.sampled_from(["w", "b", "-", "0", "1", "111222,111222", "99,0"]))
FIELDS = ["bar", "off", "points", "holes", "bredouille", "etendard", "throws", "burst", "down"]
SWITCHES = st.lists(st.sampled_from(sorted({s for v in CORPUS.switches.values() for s in v})))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.sampled_from(CORPUS.seeds),
    fields=st.dictionaries(st.sampled_from(FIELDS), FIELD_VALUE, max_size=3),
    switches=SWITCHES.map(lambda s: s[:2]),
    command=st.sampled_from(["legal", "outcome", "score"]),
)
def test_positions_with_fields_in_and_out_of_range(
    seed: fuzz.Seed, fields: dict[str, str], switches: list[str], command: str
) -> None:
    """Every game's fields given values in and out of what its rules allow."""
    tokens = [t for t in seed.position.split() if t.partition("=")[0] not in fields]
    position = " ".join([*tokens, *(f"{k}={v}" for k, v in fields.items())])
    rules = [*seed.rules, *switches]
    argv = [command, seed.game, "--position", position]
    for item in rules:
        argv += ["--rules", item]
    problem = fuzz.rules_problem(seed.game, rules) or fuzz.position_problem(
        position, seed.game, rules
    )
    check = "positions" if command != "outcome" else ""
    case = fuzz.Case(tuple(argv), invalid=problem, check=check, game=seed.game, rules=tuple(rules))
    assert classified(case).counts == ZERO, case.describe()


VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 14),
    st.sampled_from([10**6, 10**30, 2.0, "false", "A", "B", "go", "stay", "suspend-as", "both"]),
    st.text(max_size=6),
)
LIKELY = st.fixed_dictionaries(
    {"player": st.sampled_from("AB"), "holes": st.integers(1, 13)},
    optional={
        "own": st.one_of(st.booleans(), st.just("false")),
        "then": st.sampled_from(["stay", "go", "suspend-as", "suspend-ep", "leave"]),
        "game": st.sampled_from(["as", "ep", "both", ""]),
    },
)
ANY = st.dictionaries(
    st.sampled_from(["player", "holes", "own", "then", "go", "game", "stake", "note"]),
    VALUE,
    max_size=4,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(["aufschreiben", "kombiniert"]),
    events=st.lists(st.one_of(LIKELY, LIKELY, ANY, st.just({"stake": 2})), max_size=40),
)
def test_ledger_events_of_every_shape(kind: str, events: list[dict[str, object]]) -> None:
    case = fuzz.Case(
        ("ledger", kind),
        json.dumps(events).encode(),
        fuzz.events_problem(kind, events),
        "combined" if kind == "kombiniert" else "",
    )
    assert classified(case).counts == ZERO, case.describe()


# -- the fuzzer's own parts -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "rules"),
    [
        (f"{START} holes=99,99", []),  # issue 13: read, and declared won
        (f"{START} points=99,99", []),
        (f"{START} holes=5,0", ["game=toc", "tour=2"]),  # more holes than the agreed tour
        (f"{START} points=4,0", ["game=toc"]),  # the Toc marks holes
        (f"{START} points=3,0", []),  # marked two by two
        (f"{START} points=04,0", []),  # a second form of one scoreboard
        (START.replace("15w", "16w"), []),
        (START.replace("15w,", "10w,") + " off=5,0", []),  # borne off with others on the way
        (f"{START} bar=1,0".replace("15w", "14w"), []),  # the Trictrac has no bar
        (f"{START} throws=0,1 first=3-6", ["jan_de_rencontre=true"]),  # kept higher first
    ],
)
def test_the_check_finds_impossible_positions(position: str, rules: list[str]) -> None:
    assert fuzz.position_problem(position, "trictrac", rules)


def test_the_check_reads_the_first_throw_kept_for_the_jan_de_rencontre() -> None:
    """The field the engine writes under the usage (h17c); the fuzzer once called it unknown."""
    position = f"{START} throws=0,1 first=6-3"
    assert fuzz.position_problem(position, "trictrac", ["jan_de_rencontre=true"]) == ""


def test_the_check_passes_every_position_of_the_corpus() -> None:
    """Each game's start, positions of played games under each variant, every figure's."""
    for seed in CORPUS.seeds:
        assert fuzz.position_problem(seed.position, seed.game, list(seed.rules)) == "", seed


@pytest.mark.parametrize(
    ("kind", "events"),
    [
        ("aufschreiben", [{"player": "A", "holes": 10**6}]),  # issue 13
        ("kombiniert", [{"player": "A", "holes": 13}]),
        ("aufschreiben", [{"player": "A", "holes": 1, "own": "false"}]),
        ("kombiniert", [{"player": "A", "holes": 1, "note": "x"}]),
        ("kombiniert", [{"stake": 3}]),
        ("kombiniert", {"events": [], "x": 1}),
        ("aufschreiben", [{"player": "A", "then": "stay"}]),
    ],
)
def test_the_check_finds_impossible_events(kind: str, events: object) -> None:
    assert fuzz.events_problem(kind, events)


def test_the_check_passes_the_figures_events() -> None:
    for events in CORPUS.auf_events:
        assert fuzz.events_problem("aufschreiben", events) == ""
    for events in CORPUS.komb_events:
        assert fuzz.events_problem("kombiniert", events) == ""


def _fake(effect: str) -> Callable[[list[str]], int]:
    def main(argv: list[str]) -> int:
        if effect == "raise":
            raise ValueError("boom")
        if effect == "lines":
            print("one\ntwo", file=sys.stderr)
            return 2
        if effect == "slow":  # processor time, not the clock (a shared machine)
            until = time.process_time() + 0.01
            while time.process_time() < until:
                pass
        return {"status": 7}.get(effect, 0)

    return main


@pytest.mark.parametrize(
    ("effect", "invalid", "kind"),
    [
        ("raise", "", "traceback"),
        ("lines", "", "multi-line"),
        ("status", "", "status"),
        ("slow", "", "slow"),
        ("accept", "16 checkers", "accepted invalid"),
    ],
)
def test_each_kind_of_failure_is_counted(
    effect: str, invalid: str, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fuzz, "main", _fake(effect))
    monkeypatch.setattr(fuzz, "SLOW", 0.005)
    tally = classified(fuzz.Case(("start", "brade"), invalid=invalid))
    assert tally.counts[kind] == 1 and sum(tally.counts.values()) == 1
    assert tally.examples[next(iter(tally.reasons))]  # and the input is kept to reproduce


def test_an_impossible_answer_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    def main(argv: list[str]) -> int:
        print(json.dumps({"facts": {"A.ep": 13}, "pegs": {}}))
        return 0

    monkeypatch.setattr(fuzz, "main", main)
    tally = classified(fuzz.Case(("ledger", "kombiniert"), check="combined"))
    assert tally.counts["impossible output"] == 1


def test_the_counts_are_written_into_the_bench_results(tmp_path: Path) -> None:
    results = tmp_path / "results.md"
    results.write_text("# Tabula benchmarks\n\n| measure | value |\n", encoding="utf-8")
    tally = fuzz.Tally(inputs=100_000, seconds=321.0, accepted=17_000)
    for _ in range(2):  # written again, the section is replaced, not repeated
        fuzz.write_results(results, tally, 13)
    text = results.read_text(encoding="utf-8")
    assert text.startswith("# Tabula benchmarks") and text.count("## Malformed input") == 1
    assert "| traceback | 0 |" in text and "100,000 malformed" in text
