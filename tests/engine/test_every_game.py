"""Properties every registered game keeps, tested alike (after OpenSpiel's generic tests).

From the starting position, seeded random games: every position reached is valid, its
notation reads back to it, each side keeps its checkers, and every legal play leads on.
A new game registered in the engine gets these tests without writing them.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.core.errors import TabulaError
from engine.core.position import Colour
from engine.games import games, read_position, write_position

GAMES = sorted(games())


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_keep_their_checkers_and_their_notation(name: str, seed: int) -> None:
    game = games()[name]
    rng = random.Random(seed)
    position = game.start().replace(turn=Colour.WHITE)
    totals = {c: position.total(c) for c in Colour}
    for _ in range(300):
        if game.outcome(position):
            break
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        analyses = game.analyse(position, roll)
        assert analyses, (name, write_position(position), roll)
        position = rng.choice(analyses).after
        game.validate(position)
        assert {c: position.total(c) for c in Colour} == totals
        assert read_position(write_position(position)) == position


@pytest.mark.parametrize("name", GAMES)
def test_the_start_reads_back_and_nobody_has_won(name: str) -> None:
    game = games()[name]
    start = game.start()
    assert read_position(write_position(start)) == start
    assert game.outcome(start) is None


@pytest.mark.parametrize("name", GAMES)
def test_the_shared_interface_takes_the_rules(name: str) -> None:
    """The CLI and the claims pass a figure's rules switches to every game alike."""
    game = games()[name]
    rules = game.rules_type()
    start = game.start().replace(turn=Colour.WHITE)
    assert game.outcome(start, rules) is None
    assert isinstance(game.facts(start, Colour.WHITE, rules), dict)
    assert game.legal_plays(start, (3, 1), rules)


@pytest.mark.parametrize("name", GAMES)
def test_another_games_rules_are_refused_not_replaced(name: str) -> None:
    """A game given another game's rules says so: it never plays under its own defaults in
    their place (Dames Rabattues once did, silently)."""
    game = games()[name]
    other = next(g for g in games().values() if g.rules_type is not game.rules_type)
    start = game.start().replace(turn=Colour.WHITE)
    wrong = other.rules_type()
    calls = {
        "outcome": lambda: game.outcome(start, wrong),
        "analyse": lambda: game.analyse(start, (3, 1), wrong),
        "facts": lambda: game.facts(start, Colour.WHITE, wrong),
    }
    for call in calls.values():
        with pytest.raises(TabulaError, match=game.rules_type.__name__):
            call()


@pytest.mark.parametrize("name", GAMES)
def test_every_rules_switch_has_its_choices_and_its_source(name: str) -> None:
    """A switch is a named reading of the texts: its values are listed and its lines cited."""
    rules_type = games()[name].rules_type
    defaults = rules_type()
    for switch in dataclasses.fields(rules_type):
        assert getattr(defaults, switch.name) in rules_type.choices(switch.name), switch.name
        assert rules_type.sources.get(switch.name), f"{name}: '{switch.name}' cites no lines"
