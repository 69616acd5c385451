"""Articles 46–74: money, the account, and the schedules for three and four players."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.ledger.aufschreiben import LedgerError
from engine.ledger.card import jetons_accounted, plainest
from engine.ledger.money import (
    card_account,
    fichets,
    final_payments,
    komplet,
    net_after_payments,
    wetten,
)
from engine.ledger.players import (
    dice_in,
    eule_schedule,
    partnership_pairs,
    ring_pairs,
    ring_wetten,
)

A57 = [13, 7, 9, 17]
B57 = [23, 27, 16, 64, 22, 19, 23, 24]


def test_art_46_komplet() -> None:
    assert komplet(12) == 6 and komplet(8) == 4
    with pytest.raises(LedgerError):
        komplet(9)


def test_art_48_to_50_54_wetten() -> None:
    assert (wetten({"A": 5, "B": 7}).payer, wetten({"A": 5, "B": 7}).jetons) == ("B", 28)
    assert [wetten({"A": 6 - k, "B": 6 + k}).jetons for k in (1, 2, 3)] == [28, 36, 44]
    assert wetten({"A": 6, "B": 6}).jetons == 0
    assert wetten({"A": 3, "B": 9}).postillons == 3


def test_art_56_rounding() -> None:
    assert (fichets(14), fichets(16), fichets(15)) == (1, 2, None)
    assert fichets(15, "french") == 2 and fichets(14, "french") == 1


def test_art_57_the_card_account() -> None:
    account = card_account({"A": A57, "B": B57})
    assert (account.sums["A"], account.sums["B"], account.total) == (46, 218, 262)
    assert (account.loss, account.fichets) == (216, 22)
    with pytest.raises(LedgerError, match="12"):
        card_account({"A": A57, "B": B57[:-1]})


def test_art_55_the_jeton_tail_is_paid_before_the_wetten() -> None:
    steps = final_payments({"A": 30, "B": -30}, {"A": 7, "B": 5})
    assert [s.why for s in steps] == ["jeton-tail", "wetten"]
    assert (steps[0].payee, steps[1].payee) == ("A", "B")


def test_art_53_equal_hands_share_the_markers() -> None:
    steps = final_payments({"A": 2, "B": -2}, {"A": 7, "B": 5})  # hands 15 and 13
    assert steps[0].why == "jeton-tail"
    steps = final_payments({"A": 1, "B": -1}, {"A": 7, "B": 5})  # hands 14 and 14
    assert (steps[0].why, steps[0].payer, steps[0].jetons) == ("jeton-tail-shared", "A", 1)


def test_art_58_dice_alternate() -> None:
    assert [dice_in(z, "A", "B") for z in (1, 2, 9)] == ["A", "B", "A"]


def test_art_61_eule() -> None:
    stints = eule_schedule(12)
    assert [s.partner for s in stints] == ["B", "C"] * 3
    assert (stints[0].start, stints[0].end) == (1, 2)


def test_art_62_63_66_67_ring() -> None:
    pairs = ring_pairs(12, ("A", "B"), "C", "B")
    assert pairs[:3] == [("A", "B"), ("B", "C"), ("C", "A")]
    assert sorted(pairs[-1]) == ["A", "C"]
    assert all(sum(p in pair for pair in pairs) == 8 for p in "ABC")
    with pytest.raises(LedgerError):
        ring_pairs(10, ("A", "B"), "C", "B")


def test_art_73_74_partnerships() -> None:
    partners = {"A": "B", "B": "A", "C": "D", "D": "C"}
    pairs = partnership_pairs(12, ("A", "C"), "A", partners)
    assert pairs[:6] == [("A", "C"), ("A", "D"), ("D", "B"), ("B", "C"), ("C", "A"), ("A", "D")]
    assert sorted(pairs[-1]) == ["B", "C"]


def test_art_65_ring_wetten() -> None:
    assert ring_wetten({"A": 2, "B": 4, "C": 6}).received["A"] == 36
    found = ring_wetten({"A": 1, "B": 5, "C": 6})
    assert (found.received["A"], found.paid["B"], found.paid["C"]) == (44, 18, 26)
    found = ring_wetten({"A": 8, "B": 1, "C": 3})
    assert (found.paid["A"], found.received["B"], found.received["C"]) == (52, 34, 18)
    assert ring_wetten({"A": 4, "B": 4, "C": 4}).transfers == ()  # art. 64


def test_adjournment_cards_of_art_59_and_71_account_for_every_jeton() -> None:
    assert jetons_accounted({"A": 15, "B": 17}, {"A": 3, "B": 5}, 2) == 0
    assert jetons_accounted({"A": 5, "B": 21, "C": 5}, {"A": 4, "B": 1, "C": 4}, 2) == 0


@given(st.integers(-200, 200), st.integers(0, 12), st.integers(0, 12))
def test_the_plainest_holding_keeps_every_jeton(gain: int, lost_a: int, lost_b: int) -> None:
    holding = plainest({"A": gain, "B": -gain}, {"A": lost_a, "B": lost_b})
    assert sum(h.jetons for h in holding.values()) + lost_a + lost_b == 40
    assert all(h.jetons >= 0 for h in holding.values())
    assert min(h.fichets for h in holding.values()) == 0  # one side holds fichets at most
    worth = {p: h.jetons + 10 * h.fichets for p, h in holding.items()}
    debtor_fichets = {"A": holding["B"].fichets, "B": holding["A"].fichets}
    for p in "AB":  # what each hand is worth is the stake, the gain, less his markers
        expected = 20 + (gain if p == "A" else -gain) - (lost_a if p == "A" else lost_b)
        assert worth[p] - 10 * debtor_fichets[p] == expected


@given(st.lists(st.integers(1, 120), min_size=1, max_size=11), st.randoms())
def test_the_card_account_does_not_depend_on_the_order_of_the_zuege(
    losses: list[int], random: object
) -> None:
    split = len(losses) // 2 + 1
    a, b = losses[: 12 - len(losses[split:])][:split], losses[split:]
    columns = {"A": a, "B": b + [1] * (12 - len(a) - len(b))}
    shuffled = {p: sorted(c, reverse=True) for p, c in columns.items()}
    first, second = card_account(columns), card_account(shuffled)
    assert (first.loss, first.fichets, first.bigger) == (second.loss, second.fichets, second.bigger)


@given(st.lists(st.tuples(st.sampled_from("AB"), st.integers(3, 120)), min_size=12, max_size=12))
def test_the_final_account_is_a_transfer_and_ignores_the_order(
    zuege: list[tuple[str, int]],
) -> None:
    def net(order: list[tuple[str, int]]) -> dict[str, int]:
        balance = {"A": 0, "B": 0}
        lost = {"A": 0, "B": 0}
        for winner, value in order:
            loser = "B" if winner == "A" else "A"
            balance[winner] += value
            balance[loser] -= value
            lost[loser] += 1
        return net_after_payments(balance, lost)

    forward, backward = net(zuege), net(list(reversed(zuege)))
    assert forward == backward
    assert forward["A"] + forward["B"] == 0


@given(st.fixed_dictionaries({p: st.integers(0, 8) for p in "ABC"}))
def test_ring_wetten_are_paid_in_full(lost: dict[str, int]) -> None:
    if sum(lost.values()) != 12:
        return
    found = ring_wetten(lost)
    assert sum(found.received.values()) == sum(found.paid.values())
    assert sum(found.net.values()) == 0


def test_art_66_the_two_highest_throws_begin() -> None:
    from engine.ledger.players import first_pair

    assert first_pair({"A": 5, "B": 3, "C": 2}) == ("A", "B")
    with pytest.raises(LedgerError):
        first_pair({"A": 5, "B": 5, "C": 2})


def test_art_69_the_idle_player_also_receives_the_consolation() -> None:
    from engine.ledger.aufschreiben import play
    from engine.ledger.players import consolations

    zug = play([{"player": "A", "holes": 6, "then": "go"}])
    assert zug.result is not None
    paid = consolations("B", "A", "C", zug.result.consolation)
    assert paid == {"B": -12, "A": 6, "C": 6} and sum(paid.values()) == 0


def test_in_seed_002_the_loser_of_the_first_zug_rests() -> None:
    """002, 142: 'Celui des deux premiers joueurs qui perd, se lève pour faire place au
    troisième qui joue deux marqués de suite … jusqu'au dernier que joue celui qui s'est
    retiré le premier' — against art. 66, where the loser plays on with the third."""
    vienna = ring_pairs(12, ("A", "B"), "C", "B")
    french = ring_pairs(12, ("A", "B"), "C", "B", rests="B")
    assert vienna[:4] == [("A", "B"), ("B", "C"), ("C", "A"), ("A", "B")]
    assert french[:4] == [("A", "B"), ("A", "C"), ("C", "B"), ("A", "B")]
    assert "B" in french[-1] and "A" in vienna[-1]  # the first to rise plays the last Zug
    with pytest.raises(LedgerError, match="did not play the first Zug"):
        ring_pairs(12, ("A", "B"), "C", "B", rests="C")
