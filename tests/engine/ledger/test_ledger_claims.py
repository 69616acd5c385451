"""The ledger claims of diagrams/trictrac-ecrire and diagrams/trictrac-combine: how they are
checked, and that every recorded disagreement has its editorial note with the engine's
values."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from engine.kinds import check_figure
from engine.specs import all_spec_ids, load_spec
from engine.verdicts import ClaimError

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from tabula.editorial import all_changes  # noqa: E402

LEDGER_FIGURES = [f for f in all_spec_ids() if load_spec(f).game in ("aufschreiben", "kombiniert")]


def write(tmp_path: Path, name: str, text: str) -> str:
    folder = tmp_path / "t"
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return f"t/{name}"


def check(tmp_path: Path, text: str) -> list[object]:
    figure = write(tmp_path, "spec", text)
    return check_figure(load_spec(figure, tmp_path))


HEAD = 'game = "aufschreiben"\nlines = "x"\n[view]\nkind = "table"\n'
ZUG = 'compute = "zug"\ninput = { events = [{ player = "A", holes = 6, then = "go" }] }\n'


def test_a_true_claim_holds_and_a_false_one_fails(tmp_path: Path) -> None:
    good, bad = check(
        tmp_path,
        HEAD
        + '[[claim]]\nid = "a"\nlines = "de 3746"\n'
        + ZUG
        + 'expect = { "result.value" = 24 }\n'
        + '[[claim]]\nid = "b"\nlines = "de 3746"\n'
        + ZUG
        + 'expect = { "result.value" = 25 }\n',
    )
    assert good.passed and not bad.passed
    assert "result.value is 24, not 25" in bad.describe()


def test_a_disagreement_needs_the_engines_values_and_they_are_checked(tmp_path: Path) -> None:
    claim = '[[claim]]\nid = "a"\nlines = "de 3746"\n' + ZUG + 'expect = { "result.value" = 66 }\n'
    with pytest.raises(ClaimError, match="needs a 'note'"):  # the envelope of every claim
        check(tmp_path, HEAD + claim + "disagrees = true\n")
    with pytest.raises(ClaimError, match="needs 'note' and 'engine'"):  # a ledger's own
        check(tmp_path, HEAD + claim + 'disagrees = true\nnote = "n"\n')
    recorded = claim + 'disagrees = true\nnote = "n"\nengine = { "result.value" = 24 }\n'
    (result,) = check(tmp_path, HEAD + recorded)
    assert result.passed and result.disagrees
    stale = claim + 'disagrees = true\nnote = "n"\nengine = { "result.value" = 23 }\n'
    with pytest.raises(ClaimError, match="no longer hold"):
        check(tmp_path, HEAD + stale)


def test_unknown_facts_and_computations_are_errors(tmp_path: Path) -> None:
    with pytest.raises(ClaimError, match="knows no 'nothing'"):
        check(
            tmp_path,
            HEAD + '[[claim]]\nid = "a"\nlines = "de 3746"\n' + ZUG + "expect = { nothing = 1 }\n",
        )
    with pytest.raises(ClaimError, match="unknown computation"):
        check(
            tmp_path, HEAD + '[[claim]]\nid = "a"\nlines = "de 3746"\ncompute = "x"\nexpect = {}\n'
        )


def test_an_event_that_cannot_follow_fails_the_figure(tmp_path: Path) -> None:
    text = (
        'game = "kombiniert"\nlines = "x"\n[view]\nkind = "pegs"\n'
        '[[event]]\nplayer = "A"\nholes = 2\nown = false\nthen = "go"\n'
    )
    with pytest.raises(ClaimError, match="opponent's dice"):
        check(tmp_path, text)


def test_a_followed_figure_changes_the_digest(tmp_path: Path) -> None:
    first = write(tmp_path, "one", 'game = "kombiniert"\nlines = "x"\n[view]\nkind = "pegs"\n')
    second = write(
        tmp_path,
        "two",
        f'game = "kombiniert"\nlines = "x"\nfollows = "{first}"\n[view]\nkind = "pegs"\n',
    )
    before = load_spec(second, tmp_path).digest
    write(tmp_path, "one", 'game = "kombiniert"\nlines = "y"\n[view]\nkind = "pegs"\n')
    assert load_spec(second, tmp_path).digest != before


@pytest.mark.parametrize("figure", LEDGER_FIGURES)
def test_every_ledger_claim_passes(figure: str) -> None:
    results = check_figure(load_spec(figure))
    assert results and all(r.passed for r in results), [r.describe() for r in results]


def disagreements() -> list[tuple[str, dict[str, object]]]:
    return [
        (figure, claim)
        for figure in LEDGER_FIGURES
        for claim in load_spec(figure).claims
        if claim.get("disagrees")
    ]


@pytest.mark.parametrize(("figure", "claim"), disagreements())
def test_each_disagreement_has_its_editorial_notes(figure: str, claim: dict[str, object]) -> None:
    """The page prints the sentence as printed with a note; the note gives the engine's
    numbers, so a change of the engine's value cannot leave a stale note."""
    records = claim.get("records")
    assert records, f"{figure} '{claim['id']}' names no editorial record"
    changes = all_changes()
    numbers = [
        v
        for v in claim["engine"].values()
        if isinstance(v, int) and not isinstance(v, bool) and v > 0
    ]  # type: ignore[union-attr]
    for record in records:  # type: ignore[union-attr]
        change = changes[record]
        assert change.kind == "note" and change.before == change.after
        reason = change.reason(change.lang)
        assert figure.split("/")[1] in reason, f"{record} does not name {figure}"
        for number in numbers:
            assert re.search(rf"\b{number}\b", reason), f"{record} does not give {number}"


def test_there_are_disagreements_in_both_languages_of_the_walkthrough() -> None:
    languages = {
        all_changes()[r].lang
        for _f, claim in disagreements()
        for r in claim["records"]  # type: ignore[union-attr]
    }
    assert {"de", "da"} <= languages


def test_a_claim_may_check_another_reading_and_only_a_known_one(tmp_path: Path) -> None:
    """A sentence of seed 002 is checked under its readings (``rules`` of the claim)."""
    claim = '[[claim]]\nid = "a"\nlines = "002 136"\ncompute = "rate"\n'
    claim += 'input = { kind = "grande", lifted = false, holes = 18 }\n'
    (doubled,) = check(
        tmp_path, HEAD + claim + 'rules = { rates = "doubling" }\nexpect = { rate = 8 }\n'
    )
    (vienna,) = check(tmp_path, HEAD + claim + "expect = { rate = 8 }\n")
    assert doubled.passed and not vienna.passed
    with pytest.raises(ClaimError, match="no rules switch"):
        check(tmp_path, HEAD + claim + 'rules = { rates = "silly" }\nexpect = { rate = 8 }\n')
