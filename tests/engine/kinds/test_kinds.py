"""The table of figure kinds (engine/kinds/__init__.py): every figure has one kind, the
loader asks the table what a kind needs, and the pages' questions go to the kinds."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.figures import plays_under
from engine.kinds import KINDS, board_views, kind_for, kind_of, views
from engine.kinds.ledger import LEDGERS, ledger_table
from engine.kinds.pegs import peg_board
from engine.kinds.table import score_table, tariff_row
from engine.sequences import load_sequence, sequence_ids
from engine.specs import SpecError, all_spec_ids, load_spec


def test_every_figure_and_sequence_has_its_kind() -> None:
    found = {kind_of(load_spec(figure)).name for figure in all_spec_ids()}
    found |= {kind_of(load_sequence(sequence)).name for sequence in sequence_ids()}
    assert found == set(KINDS)  # and every kind of the table is used


def test_the_views_a_figure_may_give_and_those_the_command_line_draws() -> None:
    assert views() == ["board", "quarter", "table", "pegs", "counting", "hits"]
    assert board_views() == ["board", "quarter"]


def test_a_table_is_a_games_or_a_ledgers_by_the_game() -> None:
    table, ledger = kind_for("table", "brade"), kind_for("table", "aufschreiben")
    assert table is not None and ledger is not None
    assert (table.name, ledger.name) == ("table", "ledger")
    assert kind_for("pegs", "brade") is None and kind_for("board", LEDGERS[0]) is None


def test_what_is_drawn_follows_the_kind() -> None:
    drawn = {name for name, kind in KINDS.items() if kind.formats}
    assert drawn == {"board", "quarter", "pegs", "hits", "sequence"}
    assert {name for name, kind in KINDS.items() if kind.preview} == {"board", "quarter", "hits"}
    assert {name for name, kind in KINDS.items() if kind.offers_trial} == {"board", "quarter"}


def write(root: Path, text: str) -> str:
    (root / "t").mkdir(exist_ok=True)
    (root / "t" / "x.toml").write_text(text, encoding="utf-8")
    return "t/x"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('game = "brade"\nlines = "x"\n[view]\nkind = "pegs"\n', "kind 'pegs' is not for"),
        ('game = "kombiniert"\nlines = "x"\n', "kind 'board' is not for"),
        ('game = "brade"\nlines = "x"\nfollows = "t/y"\n[view]\nkind = "table"\n', "follows"),
        ('game = "brade"\nlines = "x"\n[view]\nkind = "board"\n', "'position'"),
        ('game = "trictrac"\nlines = "x"\n[view]\nkind = "hits"\n', "[situation]"),
    ],
)
def test_the_loader_asks_the_kind_what_a_specification_gives(
    tmp_path: Path, text: str, words: str
) -> None:
    with pytest.raises(SpecError) as caught:
        load_spec(write(tmp_path, text), tmp_path)
    assert words in str(caught.value)


def test_a_followed_ledger_figure_is_read_with_it() -> None:
    spec = load_spec("trictrac-combine/verlauf-03")
    assert spec.follows is not None and spec.follows.id == spec.data["follows"]
    first = peg_board(load_spec("trictrac-combine/verlauf-01"))
    assert peg_board(spec) != first  # the state after the events of every figure before it


def test_the_pages_ask_the_kinds_for_their_tables() -> None:
    rows = score_table(load_spec("brade/points-table"))
    assert rows[0].points == 6 and [r.box for r in rows] == sorted(r.box for r in rows)
    tariff = load_spec("trictrac/tarif")
    row = tariff_row(tariff, "battre-a-vrai/grand")
    assert row is not None and (row.simple, row.doublet) == (2, 4)
    toccategli = tariff_row(load_spec("trictrac/tarif-toccategli"), "battre-a-vrai/grand")
    assert toccategli is not None and (toccategli.simple, toccategli.doublet) == (1, 2)
    assert tariff_row(tariff, "nothing") is None
    pairs = load_spec("trictrac-ecrire/spieler")
    first = " – ".join(pairs.data["table"]["first"])  # the pair that plays the first Zug
    assert ledger_table(pairs)[0] == ("", ["1", first])


def test_a_figure_plays_a_variant_by_its_switches_or_the_defaults() -> None:
    toccategli = load_spec("trictrac/tarif-toccategli")
    assert plays_under(toccategli, {"game": "toccategli"})
    assert not plays_under(toccategli, {"game": "trictrac"})
    assert plays_under(load_spec("trictrac/tarif"), {"game": "trictrac"})  # the default


def test_a_new_kind_is_its_module_and_one_line_of_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The extension point itself: a kind the engine has never heard of, registered by one
    entry of KINDS, is read by the loader and checked through the table — nothing else in
    the engine names it."""
    from engine.kinds import check_figure
    from engine.kinds.kind import FigureKind, FigureSpec

    checked: list[str] = []
    toy = FigureKind[FigureSpec](
        name="dice-sum",
        view="dice-sum",
        positioned=False,
        formats=(),
        preview=False,
        offers_trial=False,
        check=lambda spec: checked.append(spec.id) or [],
    )
    monkeypatch.setitem(KINDS, toy.name, toy)
    (tmp_path / "brade").mkdir()
    (tmp_path / "brade" / "sums.toml").write_text(
        'game = "brade"\nlines = "sv 2798"\n\n[view]\nkind = "dice-sum"\n', encoding="utf-8"
    )
    spec = load_spec("brade/sums", root=tmp_path)
    assert kind_of(spec) is toy and "dice-sum" in views()
    assert check_figure(spec) == [] and checked == [spec.id]
    monkeypatch.delitem(KINDS, toy.name)
    with pytest.raises(SpecError, match="dice-sum"):
        load_spec("brade/sums", root=tmp_path)
