"""Trictrac zum Aufschreiben, article by article (seed 000, de 3702–3798): each test plays
holes through :mod:`engine.ledger.aufschreiben` and checks what the article says."""

from __future__ import annotations

import pytest

from engine.ledger.aufschreiben import LedgerError, Rules, Zug, play, rate


def result(*events: dict[str, object], rules: Rules | None = None) -> dict[str, object]:
    zug = play(list(events), rules or Rules())
    assert zug.result is not None, "the Zug should be over"
    return zug.result.facts()


def hole(player: str, count: int, then: str = "stay", own: bool = True) -> dict[str, object]:
    return {"player": player, "holes": count, "then": then, "own": own}


def fifteen(player: str) -> tuple[dict[str, object], ...]:
    """Fifteen holes in one Haltung, ending with a go: two events (a rail is twelve)."""
    return hole(player, 12), hole(player, 3, "go")


def test_art_1_the_last_hole_with_the_opponents_dice_obliges_to_stay() -> None:
    zug = play([hole("A", 6, own=False)])
    with pytest.raises(LedgerError, match="own dice"):
        zug.go("A")
    zug.hole("A", 1)  # the seventh, with his own dice
    assert zug.go("A") is not None


def test_art_2_the_zug_is_won_only_when_he_goes() -> None:
    zug = play([hole("A", 6)])
    assert zug.result is None
    assert zug.go("A") is not None


def test_art_3_4_excess_of_holes_and_the_consolation() -> None:
    found = result(hole("A", 2), hole("B", 4), hole("A", 4, "go"))
    assert (found["holes_value"], found["consolation"], found["value"]) == (2, 2, 4)


def test_art_6_holes_alternate() -> None:
    found = result(hole("A", 3), hole("B", 4), hole("A", 3, "go"))
    assert found["holes_value"] == 2 and found["kind"] == "simple"


def test_art_7_before_the_sixth_hole_going_only_lifts() -> None:
    zug = play([hole("A", 3, "go")])
    assert zug.result is None and zug.sides["A"].lifted


def test_art_8_no_limit_after_the_sixth_hole() -> None:
    found = result(hole("A", 6), hole("A", 8, "go"))
    assert found["winner_holes"] == 14 and found["kind"] == "grande"


def test_art_9_intermediate_holes_lessen_the_gain_but_do_not_stop_the_mark() -> None:
    found = result(hole("A", 7), hole("B", 2), hole("A", 1, "go"))
    assert found["winner"] == "A" and found["holes_value"] == 6 and found["kind"] == "simple"


def test_art_10_the_chaser_must_pass_and_cannot_lift() -> None:
    zug = play([hole("A", 4, "go"), hole("B", 7), hole("A", 3)])
    assert not zug.may_lift("A")
    zug.go("A")  # equal at seven: not a pass, the refait of art. 13
    assert zug.refaits == 1 and zug.result is None
    found = result(hole("A", 4, "go"), hole("B", 7), hole("A", 4, "go"))
    assert (found["winner"], found["winner_holes"]) == ("A", 8)


def test_art_11_new_holes_of_the_leader_raise_the_target() -> None:
    zug = play([hole("A", 4, "go"), hole("B", 7), hole("A", 3), hole("B", 1), hole("A", 1)])
    zug.go("A")  # 8 against 8: only a refait
    assert zug.result is None and zug.refaits == 1


def test_art_12_the_overtaker_can_be_overtaken_in_turn() -> None:
    found = result(hole("B", 7), hole("A", 8), hole("B", 2, "go"))
    assert found["winner"] == "B" and found["winner_holes"] == 9


def test_art_13_refait_voids_the_holes_and_doubles_the_consolation() -> None:
    zug = play([hole("B", 6), hole("A", 6, "go")])
    assert zug.refaits == 1 and zug.sides["A"].holes == zug.sides["B"].holes == 0
    found = result(hole("B", 6), hole("A", 6, "go"), hole("A", 1), hole("B", 1), hole("A", 5, "go"))
    assert found["consolation"] == 4


def test_art_14_voluntary_marking_pays_the_excess_simple() -> None:
    found = result(hole("B", 1), hole("A", 6), hole("B", 2, "go"))
    assert found["how"] == "volunteered" and found["winner"] == "A"
    assert (found["holes_value"], found["consolation"]) == (3, 2)


def test_art_15_16_17_small_bredouille_with_aufnehmen_is_double() -> None:
    found = result(hole("A", 2, "go"), hole("A", 4, "go"))
    assert (found["kind"], found["rate"], found["value"]) == ("petite", 2, 16)


def test_art_16_18_small_bredouille_in_one_haltung_is_triple_even_when_forced() -> None:
    found = result(hole("A", 5, own=False), hole("A", 1, "go"))
    assert (found["rate"], found["value"]) == (3, 24)


def test_art_15_an_intermediate_hole_spoils_the_bredouille() -> None:
    found = result(hole("A", 3), hole("B", 1), hole("A", 3, "go"))
    assert found["kind"] == "simple"


def test_art_19_small_bredouille_at_the_end_deducts_the_opponents_holes_simple() -> None:
    found = result(hole("B", 5), hole("A", 7, "go"))
    assert (found["end"], found["gross"], found["value"]) == ("ende", 27, 22)


def test_art_20_up_to_the_eleventh_hole() -> None:
    assert result(hole("A", 1, "go"), hole("A", 10, "go"))["value"] == 26
    assert result(hole("A", 11, "go"))["value"] == 39


def test_art_22_staying_past_six_and_being_interrupted_counts_simple() -> None:
    found = result(hole("B", 6), hole("A", 1), hole("B", 4, "go"))
    assert (found["kind"], found["holes_value"]) == ("simple", 9)


def test_art_23_voluntary_marking_after_an_interruption() -> None:
    found = result(hole("B", 7), hole("A", 2), hole("A", 1, "go"))
    assert found["how"] == "volunteered" and found["winner"] == "B"
    assert found["holes_value"] == 7 - 3


def test_art_24_25_the_overtaker_is_paid_at_the_rate_of_the_failed_bredouille() -> None:
    found = result(hole("B", 8), hole("A", 9, "go"))
    assert (found["rate"], found["loser_holes"]) == (3, 8)
    found = result(hole("B", 1, "go"), hole("B", 7), hole("A", 9, "go"))
    assert found["rate"] == 2


def test_art_26_also_after_holes_with_the_opponents_dice() -> None:
    found = result(hole("B", 6, own=False), hole("A", 7, "go"))
    assert found["rate"] == 3


def test_art_27_both_small_bredouilles_lost() -> None:
    found = result(hole("B", 8), hole("A", 9), hole("B", 2, "go"))
    assert (found["winner"], found["kind"], found["holes_value"]) == ("B", "simple", 1)


def test_art_28_refait_after_both_bredouilles() -> None:
    zug = play([hole("B", 8), hole("A", 8, "go")])
    assert zug.refaits == 1 and zug.result is None


def test_art_29_to_32_great_bredouille() -> None:
    assert result(hole("A", 1, "go"), hole("A", 11, "go"))["value"] == 56
    assert result(hole("A", 12, "go"))["value"] == 70


def test_art_33_beyond_twelve_at_the_same_rate() -> None:
    # more than the twelve holes of the rail are written as two events (art. 8: the peg
    # goes round again)
    assert result(hole("A", 1, "go"), hole("A", 12), hole("A", 7, "go"))["value"] == 88
    assert result(hole("A", 12), hole("A", 8, "go"))["value"] == 110


def test_art_34_a_single_hole_of_the_opponent_makes_everything_simple() -> None:
    found = result(hole("A", 12), hole("B", 1, own=False), hole("A", 1, "go"))
    assert found["kind"] == "simple" and found["holes_value"] == 12


def test_art_35_great_bredouille_at_the_end() -> None:
    found = result(hole("B", 3), hole("A", 12, "go"))
    assert (found["kind"], found["end"], found["value"]) == ("grande", "ende", 70 - 3)


def test_art_37_38_the_rate_follows_the_first_players_quality() -> None:
    lifted = result(hole("A", 1, "go"), hole("A", 12), hole("A", 1), *fifteen("B"))
    held = result(hole("A", 12), hole("A", 2), *fifteen("B"))
    assert (lifted["rate"], held["rate"]) == (4, 5)
    assert held["value"] == 15 * 5 + 10 - 14


def test_art_40_both_great_bredouilles_lost() -> None:
    found = result(hole("A", 12), hole("B", 12), hole("B", 1), hole("A", 2, "go"))
    assert found["kind"] == "simple" and found["holes_value"] == 1


def test_art_42_to_45_standarte_and_krawatte() -> None:
    zug = play([hole("A", 1)])
    assert zug.standarte("A") and not zug.krawatte("A")  # art. 43: at the start, no lift
    zug = play([hole("A", 1, "go")])
    assert not zug.standarte("A")  # art. 42: with Aufnehmen, no mark
    zug = play([hole("A", 1), hole("B", 1)])
    assert zug.krawatte("B") and zug.standarte("B")  # art. 45: both
    assert not zug.standarte("A")  # interrupted
    zug = play([hole("A", 1), hole("B", 1, "go")])
    assert zug.krawatte("B") and not zug.standarte("B")  # art. 44, 45: lifting keeps the tie
    zug.hole("A", 1)
    assert not zug.krawatte("B")  # interrupted: both go
    zug = play([hole("A", 7), hole("B", 1)])
    assert zug.krawatte("B") and not zug.standarte("B")  # art. 45: the exceptions


def test_the_french_rates_of_seed_002() -> None:
    french = Rules(rates="french")
    assert rate("petite", False, french) == 2 and rate("grande", False, french) == 4
    # 002, 132: six holes in bredouille, one hole of the opponent: 12 + 4 - 1 = 15
    found = result(hole("B", 1), hole("A", 6, "go"), rules=french)
    assert found["value"] == 15


def test_events_are_checked() -> None:
    with pytest.raises(LedgerError, match="event 1: 'player'"):
        play([{"player": "C", "holes": 1}])
    with pytest.raises(LedgerError, match="whole number"):
        play([{"player": "A", "holes": "2"}])
    with pytest.raises(LedgerError, match="unknown key"):
        play([{"player": "A", "holes": 1, "dice": 3}])
    # issue 13: more holes than one round of the rail, a million of them, an event that says
    # nothing or says it twice
    for count in (13, 10**6, 0, 2.0, True):
        with pytest.raises(LedgerError, match="from 1 to 12"):
            play([{"player": "A", "holes": count}])
    with pytest.raises(LedgerError, match="changes nothing"):
        play([{"player": "A", "go": False}])
    with pytest.raises(LedgerError, match="makes none"):
        play([{"player": "A", "own": True, "go": True}])
    with pytest.raises(LedgerError, match="say the same"):
        play([{"player": "A", "holes": 6, "go": True, "then": "stay"}])
    zug = Zug()
    with pytest.raises(LedgerError, match="at least one"):
        zug.hole("A", 0)


def test_the_doubling_of_seed_002_beyond_twelve_holes() -> None:
    """002, 136: 'dans quelques maisons' the great bredouille doubles again every six holes
    (×8 from eighteen, ×16 from twenty-four); the French rule quadruples at any count, and
    Vienna adds four or five jetons a hole however far it goes (de 4221)."""
    doubling, french = Rules(rates="doubling"), Rules(rates="french")
    rates = [rate("grande", False, doubling, holes) for holes in (12, 17, 18, 23, 24, 30)]
    assert rates == [4, 4, 8, 8, 16, 32]
    assert rate("petite", False, doubling, 8) == 2
    assert rate("grande", False, french, 24) == 4
    assert (rate("grande", True, Rules(), 24), rate("grande", False, Rules(), 24)) == (4, 5)
    eighteen = result(hole("A", 12), hole("A", 6, "go"), rules=doubling)  # a rail is twelve
    assert (eighteen["holes_value"], eighteen["consolation"]) == (18 * 8, 2 * 8)
