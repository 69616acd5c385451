"""Kombiniertes Trictrac (seed 000, de 3951–4273): the two games, suspension, the pegs, the
Krawatten, the Poule, and the walkthrough of three Züge as a fixture."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.kinds.ledger import events_of, state_of
from engine.ledger.aufschreiben import LedgerError
from engine.ledger.card import card
from engine.ledger.kombiniert import Combined, Rules, board, facts, krawatte, pegs, play
from engine.specs import all_spec_ids, load_spec

WALKTHROUGH = [f for f in all_spec_ids() if f.startswith("trictrac-combine/verlauf-")]


def hole(player: str, count: int, then: str = "stay", **more: object) -> dict[str, object]:
    return {"player": player, "holes": count, "then": then, **more}


# -- the Partie mit Ehrenpunkten (de 3963–3971) ---------------------------------------------


@pytest.mark.parametrize(
    ("events", "kind"),
    [
        ([hole("A", 12)], "quadruple"),
        ([hole("A", 3), hole("B", 12)], "triple"),
        ([hole("A", 1), hole("B", 1), hole("A", 11)], "double"),
        ([hole("B", 7), hole("A", 1), hole("B", 1), hole("A", 11)], "simple"),
    ],
)
def test_the_four_honours(events: list[dict[str, object]], kind: str) -> None:
    assert facts(play(events))["partie.kind"] == kind


def test_fortsetzung_carries_the_holes_beyond_the_twelfth() -> None:
    state = play([hole("A", 11), hole("A", 2)])
    assert (state.ep.holes["A"], facts(state)["partie.carried"]) == (1, 1)


def test_without_fortsetzung_the_winner_must_lift_and_go() -> None:
    # de 3967: the twelfth hole ends the Partie; a double hole is not carried
    start = Combined(rules=Rules(fortsetzung=False))
    state = play([hole("A", 11), hole("A", 2, then="go")], start)
    assert (state.ep.holes["A"], facts(state)["partie.carried"]) == (0, 0)
    with pytest.raises(LedgerError, match="must lift and go"):
        play([hole("A", 11), hole("A", 2), hole("B", 1)], start)
    with pytest.raises(LedgerError, match="must lift and go"):
        play([hole("A", 12, then="suspend-ep")], start)
    with pytest.raises(LedgerError, match="opponent's dice"):
        play([hole("A", 12, then="go", own=False)], start)


def test_a_stake_opens_the_poule_and_the_loser_pays_it_as_he_pays_the_winner() -> None:
    state = play([{"stake": 2}, hole("A", 12)])
    assert (state.poule, state.contract, state.fichets["B"]) == (8, "A", -2 - 4 - 4)
    state = play([hole("B", 12)], state)  # B wins the next: the contract moves
    assert state.contract == "B"
    state = play([hole("B", 12)], state)  # two running: B takes the basket
    assert (state.poule, state.contract, facts(state)["partie.poule_taken"]) == (0, None, 16)


# -- suspension (de 3973–3989) --------------------------------------------------------------


def test_suspending_the_aufschreiben_at_six_holes_is_being_paid() -> None:
    state = play([hole("A", 6, "suspend-as"), hole("A", 2)])
    assert state.marked["B"] == 1 and state.suspended == "as-paid"
    assert (state.zug.sides["A"].holes, state.ep.holes["A"]) == (0, 8)
    assert pegs(state)["A"] == {"gold": 0, "silver": 8, "bimetallic": 0, "black": 12}
    state = play([hole("A", 1, "go")], state)  # the next Aufnehmen sets both going again
    assert state.suspended == "" and pegs(state)["A"]["black"] == 0


def test_suspending_the_aufschreiben_below_six_keeps_only_the_double() -> None:
    state = play([hole("A", 3, "suspend-as"), hole("A", 4)])
    assert (state.zug.sides["A"].holes, state.ep.holes["A"]) == (3, 7)
    assert state.zug.bredouille_rate("A") == 2  # de 3985: "nur das Doppelte"
    assert pegs(state)["A"]["black"] == 3


def test_suspending_the_ehrenpunkte_freezes_them() -> None:
    state = play([hole("B", 2), hole("A", 1, "suspend-ep"), hole("A", 3)])
    assert (state.ep.holes["A"], state.zug.sides["A"].holes) == (1, 4)
    assert pegs(state)["A"] == {"gold": 4, "silver": 0, "bimetallic": 0, "black": 1}


def test_suspension_needs_a_hole_of_ones_own_dice() -> None:
    with pytest.raises(LedgerError, match="opponent's dice"):
        play([hole("A", 2, "suspend-ep", own=False)])
    with pytest.raises(LedgerError, match="nothing to suspend"):
        play([hole("A", 2, "suspend-ep"), hole("A", 1, "suspend-as")])


def test_a_hole_said_to_count_for_one_game_must_be_so() -> None:
    with pytest.raises(LedgerError, match="cannot count for ep"):
        play([hole("A", 2, game="ep")])


# -- pegs and Krawatten (de 4003–4055) ------------------------------------------------------


def test_the_bimetallic_peg_splits_when_the_zug_ends() -> None:
    state = play([hole("A", 4, "go"), hole("B", 2), hole("A", 2, "go")])
    assert pegs(state)["A"] == {"gold": 0, "silver": 6, "bimetallic": 0, "black": 0}
    assert pegs(state)["B"] == {"gold": 0, "silver": 2, "bimetallic": 0, "black": 0}


def test_krawatte_cases_of_de_4043_to_4047() -> None:
    assert krawatte(play([hole("A", 1), hole("B", 1)]), "B") == "as+ep"  # 4043
    state = play([hole("A", 6, "suspend-as"), hole("A", 3, "go"), hole("B", 1)])
    assert krawatte(state, "B") == "ep"  # 4045: a bredouille at the start for the Aufschreiben
    state = play([hole("A", 1)], state)
    assert krawatte(state, "B") == "" and krawatte(state, "A") == "as"  # 4047


def test_the_drawing_hangs_the_krawatte_on_the_right_peg() -> None:
    shown = board(play([hole("A", 1), hole("B", 1)]))
    assert [(p.kind, p.krawatte) for p in shown.pegs["B"]] == [("bimetallic", True)]


# -- the walkthrough (de 4131–4179) --------------------------------------------------------


def test_the_walkthrough_has_a_figure_for_each_slot() -> None:
    assert len(WALKTHROUGH) == 21
    for previous, figure in itertools.pairwise(WALKTHROUGH):
        assert load_spec(figure).data["follows"] == previous


def test_the_walkthrough_ends_as_the_engine_reads_it() -> None:
    final = state_of(load_spec(WALKTHROUGH[-1]))
    assert final.marked == {"A": 0, "B": 3}
    assert final.jetons == {"A": 4 + 5 + 17, "B": -26}  # 6–4 simple, 7–4 simple, 7–1 ×2
    assert final.fichets == {"A": 8, "B": -8} and final.poule == 0
    assert [(r.winner, r.kind) for r in final.partie_results] == [("A", "simple"), ("A", "double")]


def test_sentences_4151_and_4153_hold_when_swapped() -> None:
    """The editorial note's reading: read in the other order, both sentences hold."""
    before = state_of(load_spec("trictrac-combine/verlauf-08"))
    first = play(events_of(load_spec("trictrac-combine/verlauf-10")), before)  # 4153
    seen = facts(first)
    assert (seen["B.gold"], seen["B.silver"], seen["standarte"]) == (2, 6, "B")
    assert seen["B.krawatte"] == "as"
    second = play(events_of(load_spec("trictrac-combine/verlauf-09")), first)  # 4151
    seen = facts(second)
    assert (seen["B.gold"], seen["B.silver"], seen["standarte"]) == (4, 8, "")
    printed = facts(state_of(load_spec("trictrac-combine/verlauf-10")))
    assert {k: seen[k] for k in ("B.gold", "B.silver", "B.krawatte")} == {
        k: printed[k] for k in ("B.gold", "B.silver", "B.krawatte")
    }


def test_the_card_can_be_printed_from_any_state_of_the_walkthrough() -> None:
    for figure in WALKTHROUGH:
        printed = card(state_of(load_spec(figure))).as_json()
        assert printed["zuege"] == 12 and printed["poule"]["fichets"] >= 0


# -- properties -----------------------------------------------------------------------------

EVENT = st.one_of(
    st.builds(
        lambda p, n, own, then: {"player": p, "holes": n, "own": own, "then": then},
        st.sampled_from("AB"),
        st.integers(1, 12),
        st.booleans(),
        st.sampled_from(["stay", "stay", "go", "suspend-as", "suspend-ep"]),
    ),
    st.just({"stake": 2}),
)


def play_lenient(events: list[dict[str, object]]) -> Combined:
    """Apply what the rules allow and skip the rest, as a player would be told to."""
    state = Combined()
    for event in events:
        try:
            state = play([event], state)
        except LedgerError:
            continue
    return state


@settings(max_examples=150, deadline=None)
@given(st.lists(EVENT, max_size=120))
def test_money_is_conserved_between_the_players_and_the_poule(
    events: list[dict[str, object]],
) -> None:
    state = play_lenient(events)
    assert state.jetons["A"] + state.jetons["B"] == 0
    assert state.fichets["A"] + state.fichets["B"] + state.poule == 0
    assert sum(state.shares.values()) == state.poule
    # and whatever the events, the state is one the rails can show (issue 13: a peg in the
    # thirteenth hole crashed the drawing), in a Partie that has not ended
    assert all(0 <= holes < 12 for holes in state.ep.holes.values())
    for rail in pegs(state).values():
        assert all(0 <= hole <= 12 for hole in rail.values())
    board(state)
    assert state.zug_number <= state.zuege + 1


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("AB"), st.integers(1, 3)), max_size=30))
def test_holes_recorded_one_by_one_or_together_give_the_same_state(
    holes: list[tuple[str, int]],
) -> None:
    """ "A makes three holes" and three single holes of A (staying) lead to the same state;
    only the record of a Partie's end says whether holes were carried past the twelfth."""
    together = facts(play_lenient([hole(p, n) for p, n in holes]))
    singly = facts(play_lenient([hole(p, 1) for p, n in holes for _ in range(n)]))
    together.pop("partie.carried", None)
    singly.pop("partie.carried", None)
    assert together == singly


def test_two_krawatten_of_two_players_de_4051() -> None:
    # A marks the first Zug; B takes the first hole of the next, his Krawatte counting for
    # the Ehrenpunkte (holes taken second), and suspends them; A's hole then counts only
    # for the Aufschreiben, where B already has a hole: A takes the other Krawatte
    state = play([hole("A", 6, "go"), hole("B", 1, "suspend-ep"), hole("A", 1)])
    assert krawatte(state, "B") == "ep" and krawatte(state, "A") == "as"
    tied = {p.kind: p.krawatte for p in board(state).pegs["B"]}
    assert tied == {"gold": False, "black": True}


def test_one_player_with_two_krawatten_de_4053_4055() -> None:
    state = play([hole("A", 7), hole("B", 2, "suspend-ep"), hole("B", 1)])
    assert krawatte(state, "B") == "as+ep"
    tied = {(p.kind, p.hole): p.krawatte for p in board(state).pegs["B"]}
    assert tied == {("gold", 3): True, ("black", 2): True}


def test_no_new_poule_in_the_last_zug_and_the_split_de_4113_4119() -> None:
    state = Combined(zuege=2)
    state = play([{"stake": 2}, hole("A", 12), hole("A", 6, "go")], state)  # Zug 2 now
    assert state.zug_number == 2 and state.contract == "A"
    state = play([hole("B", 12)], state)  # B wins (triple) in the last Zug; A is at the Poule
    # 4 staked + 4 paid on A's quadruple + 3 on B's triple = 11: B 6, A 5
    assert state.poule == 0 and facts(state)["partie.poule_taken"] == 6
    assert state.fichets == {"A": -2 + 4 - 3 - 3 + 5, "B": -2 - 4 - 4 + 3 + 6}
    with pytest.raises(LedgerError, match="last Zug"):
        play([{"stake": 2}], state)


# -- what the events may say (issue 13) -----------------------------------------------------


def test_past_the_twelfth_hole_the_peg_goes_round_the_rail_again() -> None:
    """Art. 8 (de 3716): thirteen holes of one Haltung stand in the first hole of the rail;
    the drawing crashed on a peg in a thirteenth hole."""
    state = play([hole("A", 1)] * 13)
    assert state.zug.sides["A"].holes == 13 and state.ep.holes["A"] == 1  # a new Partie
    assert pegs(state)["A"] == {"gold": 0, "silver": 0, "bimetallic": 1, "black": 0}
    board(state)


@pytest.mark.parametrize(
    ("event", "says"),
    [
        (hole("A", 13), "from 1 to 12"),
        (hole("A", 10**6), "from 1 to 12"),
        (hole("A", 2, note="x"), "unknown key"),
        ({"stake": 1}, "must be 2"),
        ({"stake": 2.0}, "must be 2"),
        ({"stake": 2, "player": "A"}, "an event of its own"),
        (hole("A", 1, game=""), "'game'"),
        ({"player": "A", "then": "stay"}, "changes nothing"),
        ({"player": "A", "own": False, "then": "go"}, "makes none"),
        (hole("A", 1, own="false"), "'own'"),
    ],
)
def test_an_event_is_read_as_the_rules_allow(event: dict[str, object], says: str) -> None:
    with pytest.raises(LedgerError, match=f"event 1: .*{says}"):
        play([event])


def test_nothing_counts_after_the_partie_s_last_zug() -> None:
    """De 4113: the Partie mit Ehrenpunkten ends with the Partie zum Aufschreiben; holes
    made after the twelfth Zug were counted for both."""
    twelve = [hole("A", 6, "go")] * 12
    state = play(twelve)
    assert state.over and state.zug_number == 13
    with pytest.raises(LedgerError, match="event 13: the Partie's 12 Züge are played"):
        play([*twelve, hole("B", 5)])
    assert play([hole("A", 6, "go")] * 8, Combined(zuege=8)).over
