"""The claim checker must be able to fail: wrong claims of every kind, and broken specs."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.kinds import check_figure
from engine.specs import SpecError, load_spec
from engine.verdicts import ClaimError, ClaimResult

START = "brade 15w,-,-,-,-,-/-,-,-,-,-,-/15b,-,-,-,-,-/-,-,-,-,-,- - -"
EXPLOSION = "brade 4w,-,-,-,-,-/2b,-,2b,-,-,2b/5b,-,1w,1b,2w,3w/-,2w,3w,-,-,- b - bar=0,3"
HOMEPLAY_1 = "brade -,-,-,-,-,-/3b,2b,-,2b,3b,2b/-,-,-,-,-,-/-,-,3w,2w,2w,1w w 3-2 off=7,3"
HOMEPLAY_2 = "brade -,-,-,-,-,-/3b,2b,-,2b,3b,2b/-,-,-,-,-,-/-,-,-,1w,-,2w w 5-2 off=12,3"
CROWN = "brade -,-,-,-,1b,-/3b,3b,3b,3b,2b,-/-,-,2w,-,-,-/-,1w,3w,3w,3w,3w w 5-5"
MUNK = "brade -,-,-,-,-,-/3b,3b,3b,3b,2b,-/-,-,-,-,-,-/1w,-,1b,-,-,- w 6-2 off=14,0"
TRAPPSPEL = "brade -,-,-,-,-,-/3b,2b,-,2b,3b,2b/1b,-,-,-,-,-/-,-,-,3w,5w,7w b - off=0,2"
BLOCK = "brade 12w,-,1w,-,4b,-/1w,2b,2b,2b,2b,2b/1b,-,-,-,-,-/1w,-,-,-,-,- w -"
LAST_FOUR = "brade -,-,-,-,-,-/3b,2b,-,2b,3b,2b/-,-,-,-,-,-/-,-,-,-,-,4w w - off=11,3"
DOUBLETS = '"6-6", "5-5", "4-4", "3-3", "2-2", "1-1"'
NO_FIVES = '"6-6", "4-4", "3-3", "2-2", "1-1"'
TABLE = "table"


def spec_text(position: str, claim: str, view: str = "") -> str:
    if position == TABLE:
        head = 'game = "brade"\nlines = "test"\n\n[view]\nkind = "table"\n'
    else:
        head = f'game = "brade"\nposition = "{position}"\nlines = "test"\n'
        if view:
            head += f"\n[view]\n{view}\n"
    return f'{head}\n[[claim]]\nid = "c"\nlines = "sv 2949"\n{claim}\n'


def write(root: Path, text: str, name: str = "x") -> str:
    folder = root / "brade"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return f"brade/{name}"


def check(root: Path, position: str, claim: str, view: str = "") -> ClaimResult:
    figure = write(root, spec_text(position, claim, view))
    (result,) = check_figure(load_spec(figure, root))
    assert (result.figure, result.claim, result.lines) == (figure, "c", "sv 2949")
    return result


# Each case: the position, a wrong claim, the words its problem must contain, and the same
# claim put right.
CASES: dict[str, tuple[str, str, tuple[str, ...], str]] = {
    "plays": (
        EXPLOSION,
        'roll = "6-2"\nplays = ["bar/2"]',
        ("roll 6-2", "'bar/2'", "bar/6! bar/2"),
        'roll = "6-2"\nplays = ["bar/2 bar/6!"]',  # order of the moves does not matter
    ),
    "plays-too-few": (
        START,
        'turn = "w"\nroll = "6-4"\nplays = ["1/7 1/5", "1/5 5/11"]',
        ("roll 6-4", "1/7 7/11"),
        'turn = "w"\nroll = "6-4"\nplays = ["1/7 1/5", "1/5 5/11", "1/7 7/11"]',
    ),
    "plays-forfeit": (
        HOMEPLAY_1,
        'roll = "4-4"\nplays = []',
        ("roll 4-4", "(no move)"),
        'roll = "4-4"\nplays = ["21/off 21/off 21/off 22/off(4)"]',
    ),
    "plays-unplayable": (
        START,
        'turn = "w"\nroll = "6-4"\nplays = ["1/11"]',
        ("'1/11' cannot be played",),
        'turn = "w"\nroll = "6-4"\nplays = ["1/5 5/11", "1/7 1/5", "1/7 7/11"]',
    ),
    "legal-not-a-whole-play": (
        START,
        'turn = "w"\nroll = "6-4"\nlegal = ["1/5"]',
        ("roll 6-4", "'1/5' is not legal"),
        'turn = "w"\nroll = "6-4"\nlegal = ["1/5 1/7"]',
    ),
    "legal-forbidden-move": (
        START,
        'turn = "w"\nroll = "6-4"\nlegal = ["1/11"]',
        ("roll 6-4", "'1/11' is not legal"),
        'turn = "w"\nroll = "6-4"\nlegal = ["1/5 5/11"]',
    ),
    "illegal-wrong-because": (
        START,
        'turn = "w"\nroll = "6-4"\nillegal = ["1/11"]\nbecause = "more-dice"',
        ("roll 6-4", "'1/11'", "(more-dice)", "the reason is 'rules'"),
        'turn = "w"\nroll = "6-4"\nillegal = ["1/11"]\nbecause = "rules"',
    ),
    "illegal-but-legal": (
        START,
        'turn = "w"\nroll = "6-4"\nillegal = ["1/7 1/5"]\nbecause = "rules"',
        ("roll 6-4", "'1/7 1/5'", "it is legal"),
        'turn = "w"\nroll = "6-4"\nillegal = ["1/7"]\nbecause = "more-dice"',
    ),
    "illegal-higher-die": (
        EXPLOSION,
        'roll = "6-5"\nillegal = ["bar/5!"]\nbecause = "reduction"',
        ("roll 6-5", "'bar/5!'", "the reason is 'higher-die'"),
        'roll = "6-5"\nillegal = ["bar/5!"]\nbecause = "higher-die"',
    ),
    "illegal-reduction": (
        HOMEPLAY_2,
        'roll = "5-2"\nillegal = ["22/24 24/off(5)"]\nbecause = "rules"',
        ("roll 5-2", "'22/24 24/off(5)'", "the reason is 'reduction'"),
        'roll = "5-2"\nillegal = ["22/24 24/off(5)"]\nbecause = "reduction"',
    ),
    "illegal-ended": (
        CROWN,
        'roll = "5-5"\nillegal = ["15/20 15/20 20/off 20/off"]\nbecause = "rules"',
        ("roll 5-5", "15/20 15/20 20/off 20/off", "the reason is 'ended'"),
        'roll = "5-5"\nillegal = ["15/20 15/20 20/off 20/off"]\nbecause = "ended"',
    ),
    "reductions": (
        HOMEPLAY_2,
        'roll = "5-2"\nreductions = { "22/off(5) 24/off(2)" = 4 }',
        ("'22/off(5) 24/off(2)'", "reduces by 3, not 4"),
        'roll = "5-2"\nreductions = { "22/off(5) 24/off(2)" = 3, "22/24 24/off(5)" = 4 }',
    ),
    "reductions-unplayable": (
        HOMEPLAY_2,
        'roll = "5-2"\nreductions = { "22/off(2)" = 0 }',
        ("'22/off(2)' cannot be played",),
        'roll = "5-2"\nreductions = { "22/off(5)" = 2 }',
    ),
    "outcomes": (
        MUNK,
        'roll = "6-2"\noutcomes = { "19/off" = "hemspel+munk" }',
        ("'19/off'", "ends as 'hemspel', not 'hemspel+munk'"),
        'roll = "6-2"\noutcomes = { "19/off" = "hemspel", "19/21* 21/off(6)" = "hemspel+munk" }',
    ),
    "outcomes-illegal-play": (
        MUNK,
        'roll = "6-2"\noutcomes = { "19/21*" = "none" }',
        ("'19/21*' is not legal",),
        'roll = "6-2"\noutcomes = { "19/21* 21/off(6)" = "hemspel+munk" }',
    ),
    "every_play": (
        HOMEPLAY_1,
        'roll = "3-2"\nevery_play = ["bears-off"]',
        ("roll 3-2", "not 'bears-off'", "21/24 21/23"),
        'roll = "3-2"\nevery_play = ["no-bear-off", "leaves-blot", "no-end"]',
    ),
    "every_play-ends": (
        MUNK,
        'roll = "6-2"\nevery_play = ["no-end"]',
        ("roll 6-2", "not 'no-end'", "19/off"),
        'roll = "6-2"\nevery_play = ["ends-game", "bears-off"]',
    ),
    "outcome-of-a-roll": (
        CROWN,
        'roll = "5-5"\noutcome = "uppspel"',
        ("roll 5-5", "'15/20 15/20'", "ends as 'enkelt_kronspel', not 'uppspel'"),
        'roll = "5-5"\noutcome = "enkelt_kronspel"',
    ),
    "outcome-of-rolls": (
        START,
        'turn = "w"\nrolls = ["6-4", "2-1"]\noutcome = "hemspel"',
        ("roll 6-4", "roll 2-1", "not 'hemspel'"),
        'turn = "w"\nrolls = ["6-4", "2-1"]\noutcome = "none"',
    ),
    "outcome-of-the-position": (
        TRAPPSPEL,
        'outcome = "uppspel"',
        ("the position's outcome is 'trappspel', not 'uppspel'",),
        'outcome = "trappspel"',
    ),
    "borne_off": (
        LAST_FOUR,
        'roll = "6-5"\nborne_off = 4',
        ("roll 6-5", "bears off 2, not 4"),
        'roll = "6-5"\nborne_off = 2',
    ),
    "exactly_these_rolls": (
        LAST_FOUR,
        f"rolls = [{NO_FIVES}]\nborne_off = 4\nexactly_these_rolls = true",
        ("roll 5-5 is not listed, but the statements hold for it too",),
        f"rolls = [{DOUBLETS}]\nborne_off = 4\nexactly_these_rolls = true",
    ),
    "facts": (
        EXPLOSION,
        'facts = { colour = "b", hit = 2, entry_points = 2 }',
        ("hit is 3, not 2",),
        'facts = { colour = "b", hit = 3, entry_points = 2, may_burst = true }',
    ),
    "facts-other-side": (
        EXPLOSION,
        'facts = { colour = "w", may_burst = true }',
        ("may_burst is False, not True",),
        'facts = { colour = "w", hit = 0, may_burst = false, bursting_locked = false }',
    ),
    "crossing": (
        BLOCK,
        "crossing = { block = [8, 12], start = 6, die = 6 }",
        ("crosses the block",),
        "crossing = { block = [8, 12], start = 7, die = 6 }",
    ),
    "table": (
        TABLE,
        "table = { ways_to_end = 6, ways_with_munk = 5 }",
        ("ways_to_end is 7, not 6",),
        "table = { ways_to_end = 7, ways_with_munk = 5, rows = 12, boxes = 6 }",
    ),
    "ranks_above": (
        TABLE,
        'ranks_above = ["hemspel+munk", "trappspel"]',
        ("'hemspel+munk' does not rank above 'trappspel'",),
        'ranks_above = ["trappspel", "hemspel+munk"]',
    ),
    "ranks_above-same-box": (
        TABLE,
        'ranks_above = ["trappspel", "uppspel"]',
        ("'trappspel' does not rank above 'uppspel'",),
        'ranks_above = ["sprangjan", "jan"]',
    ),
    "ranks_equal": (
        TABLE,
        'ranks_equal = ["trappspel", "trappspel+munk"]',
        ("'trappspel' and 'trappspel+munk' do not rank alike",),
        'ranks_equal = ["trappspel+munk", "uppspel+munk"]',
    ),
    "unmoved": (
        START,
        'turn = "w"\nroll = "6-4"\nunmoved = [1]',
        ("roll 6-4", "moves from [1]"),
        'turn = "w"\nroll = "6-4"\nunmoved = [2, 13]',
    ),
    "match": (
        TABLE,
        'match = { white = ["hemspel", "hemspel"], black = ["trappspel"], winner = "w" }',
        ("the match goes to b, not w",),
        'match = { white = ["hemspel", "hemspel"], black = ["trappspel"], winner = "b" }',
    ),
}


@pytest.mark.parametrize(
    ("position", "wrong", "words"),
    [(p, w, words) for p, w, words, _ in CASES.values()],
    ids=CASES.keys(),
)
def test_a_wrong_claim_fails(
    position: str, wrong: str, words: tuple[str, ...], tmp_path: Path
) -> None:
    result = check(tmp_path, position, wrong)
    assert not result.holds
    assert not result.passed
    assert result.problems
    text = "; ".join(result.problems)
    for word in words:
        assert word in text, text
    described = result.describe()
    assert described.startswith("figure brade/x, claim 'c' (sv 2949): ")
    assert text in described


@pytest.mark.parametrize(
    ("position", "right"), [(p, r) for p, _, _, r in CASES.values()], ids=CASES.keys()
)
def test_the_claim_put_right_passes(position: str, right: str, tmp_path: Path) -> None:
    result = check(tmp_path, position, right)
    assert result.problems == ()
    assert result.holds and result.passed
    assert result.describe() == "figure brade/x, claim 'c' (sv 2949): holds"


def test_one_wrong_roll_of_several_fails_the_claim(tmp_path: Path) -> None:
    claim = 'rolls = ["6-2", "5-3", "2-1"]\nplays = ["bar/6! bar/2"]'
    result = check(tmp_path, EXPLOSION, claim)
    assert not result.passed
    text = "; ".join(result.problems)
    assert "roll 5-3" in text and "roll 2-1" in text
    assert "roll 6-2" not in text
    assert "['bar/5! bar/3*']" in text and "['bar/2']" in text


def test_after_checks_the_following_position(tmp_path: Path) -> None:
    sprangjan = "brade 2w,2b,1w,3b,3b,1w/-,-,3b,-,-,-/1b,2w,1b,2w,1b,1b/2w,-,3w,-,-,- w - bar=2,0"
    after = 'after = { roll = "6-2", play = "bar/2!" }\n'
    right = check(tmp_path, sprangjan, after + 'facts = { colour = "b", hit = 2 }')
    assert right.passed
    wrong = check(tmp_path, sprangjan, after + 'facts = { colour = "b", hit = 0 }')
    assert not wrong.passed and wrong.problems == ("hit is 2, not 0",)
    with pytest.raises(ClaimError, match="'after' play 'bar/6' is not legal with 6-2"):
        check(tmp_path, sprangjan, 'after = { roll = "6-2", play = "bar/6" }\noutcome = "none"')


def test_rules_switches_of_the_spec_are_used(tmp_path: Path) -> None:
    claim = 'roll = "3-2"\nplays = ["21/24 21/23", "21/24 22/24"]'
    vasa = spec_text(HOMEPLAY_1, claim)
    common = vasa.replace('lines = "test"\n', 'lines = "test"\nrules = { home_play = "common" }\n')
    (vasa_result,) = check_figure(load_spec(write(tmp_path, vasa, "vasa"), tmp_path))
    (common_result,) = check_figure(load_spec(write(tmp_path, common, "common"), tmp_path))
    assert vasa_result.passed
    assert not common_result.passed
    assert "'22/off 23/off'" in common_result.problems[0]


# -- disagreements -------------------------------------------------------------------------


def test_a_recorded_disagreement_passes_while_the_engine_disagrees(tmp_path: Path) -> None:
    result = check(
        tmp_path, START, 'turn = "w"\nroll = "6-4"\nlegal = ["1/11"]\ndisagrees = true\nnote = "n"'
    )
    assert result.disagrees
    assert not result.holds
    assert result.passed
    assert "the text is wrong, as recorded" in result.describe()
    assert "'1/11' is not legal" in result.describe()


def test_a_recorded_disagreement_fails_once_the_text_is_true(tmp_path: Path) -> None:
    claim = 'turn = "w"\nroll = "6-4"\nlegal = ["1/5 5/11"]\ndisagrees = true\nnote = "n"'
    result = check(tmp_path, START, claim)
    assert result.disagrees
    assert result.holds
    assert not result.passed
    assert "recorded as wrong, but the engine now agrees" in result.describe()


def test_disagrees_false_is_an_ordinary_claim(tmp_path: Path) -> None:
    result = check(tmp_path, START, 'turn = "w"\nroll = "6-4"\nlegal = ["1/11"]\ndisagrees = false')
    assert not result.disagrees and not result.passed


# -- specifications that cannot be used ---------------------------------------------------


def spec_error(root: Path, text: str) -> str:
    figure = write(root, text)
    with pytest.raises(SpecError) as caught:
        load_spec(figure, root)
    return str(caught.value)


def claim_error(root: Path, text: str) -> str:
    figure = write(root, text)
    with pytest.raises(ClaimError) as caught:
        check_figure(load_spec(figure, root))
    return str(caught.value)


GOOD = spec_text(START, 'turn = "w"\nroll = "6-4"\nlegal = ["1/5 5/11"]')


def test_the_good_spec_loads_and_passes(tmp_path: Path) -> None:
    spec = load_spec(write(tmp_path, GOOD), tmp_path)
    assert spec.path == tmp_path / "brade" / "x.toml"
    assert spec.position == START
    assert [r.passed for r in check_figure(spec)] == [True]


def test_unknown_top_level_key(tmp_path: Path) -> None:
    message = spec_error(tmp_path, 'colour = "w"\n' + GOOD)
    assert "x.toml" in message and "colour" in message


def test_unknown_view_key(tmp_path: Path) -> None:
    message = spec_error(tmp_path, spec_text(START, 'outcome = "none"', 'kind = "board"\nzoom = 2'))
    assert "x.toml [view]" in message and "zoom" in message


@pytest.mark.parametrize(
    ("view", "words"),
    [
        ('kind = "strip"', "kind must be"),
        ('kind = "quarter"\nquarter = 5', "quarter = 1, 2, 3 or 4"),
        ('numbering = "x"', "numbering must be"),
        ('highlight = ["a"]', "highlight"),
    ],
)
def test_bad_view_values(view: str, words: str, tmp_path: Path) -> None:
    message = spec_error(tmp_path, spec_text(START, 'outcome = "none"', view))
    assert "x.toml [view]" in message and words in message


def test_missing_position(tmp_path: Path) -> None:
    text = GOOD.replace(f'position = "{START}"\n', "")
    message = spec_error(tmp_path, text)
    assert "x.toml" in message and "'position'" in message


def test_missing_lines(tmp_path: Path) -> None:
    message = spec_error(tmp_path, GOOD.replace('lines = "test"\n', "", 1))
    assert "x.toml" in message and "'lines'" in message


def test_claims_need_unique_ids(tmp_path: Path) -> None:
    twice = GOOD + '\n[[claim]]\nid = "c"\nlines = "sv 2947"\noutcome = "none"\n'
    assert "unique" in spec_error(tmp_path, twice)
    without = GOOD.replace('id = "c"\n', "")
    assert "'id'" in spec_error(tmp_path, without)


def test_invalid_toml(tmp_path: Path) -> None:
    message = spec_error(tmp_path, GOOD + "\n[[claim]\n")
    assert "x.toml" in message and "not valid TOML" in message


def test_missing_spec(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="no specification"):
        load_spec("brade/nothing", tmp_path)


def test_unknown_claim_key(tmp_path: Path) -> None:
    message = claim_error(tmp_path, GOOD + 'colour = "w"\n')
    assert "figure brade/x, claim 'c'" in message and "colour" in message


def test_claim_without_lines(tmp_path: Path) -> None:
    text = GOOD.replace('lines = "sv 2949"\n', "")
    message = claim_error(tmp_path, text)
    assert "figure brade/x, claim 'c'" in message and "'lines'" in message


def test_claim_stating_nothing(tmp_path: Path) -> None:
    text = spec_text(START, 'turn = "w"\nroll = "6-4"\nsays = "Figuren nedan visar"')
    message = claim_error(tmp_path, text)
    assert "figure brade/x, claim 'c'" in message and "states nothing" in message


def test_statement_that_needs_a_roll(tmp_path: Path) -> None:
    message = claim_error(tmp_path, spec_text(START, 'turn = "w"\nplays = []'))
    assert "claim 'c'" in message and "needs a roll" in message


def test_illegal_without_a_reason(tmp_path: Path) -> None:
    for because in ("", 'because = "silly"\n'):
        text = spec_text(START, f'turn = "w"\nroll = "6-4"\nillegal = ["1/11"]\n{because}')
        assert "needs because" in claim_error(tmp_path, text)


def test_unknown_play_property_and_fact(tmp_path: Path) -> None:
    prop = spec_text(START, 'turn = "w"\nroll = "6-4"\nevery_play = ["pretty"]')
    assert "unknown play property 'pretty'" in claim_error(tmp_path, prop)
    fact = spec_text(START, "facts = { beauty = 1 }")
    assert "unknown fact 'beauty'" in claim_error(tmp_path, fact)


def test_illegal_position(tmp_path: Path) -> None:
    text = spec_text(START.replace("15w", "16w"), 'outcome = "none"')
    message = claim_error(tmp_path, text)
    assert "figure brade/x: position:" in message and "16 checkers" in message


def test_view_play_that_is_illegal(tmp_path: Path) -> None:
    position = START.replace(" - -", " w 6-4")
    view = 'roll = "6-4"\nplay = "1/11"'
    message = claim_error(tmp_path, spec_text(position, 'outcome = "none"', view))
    assert "figure brade/x: [view] play '1/11' is not legal" in message
    half = 'roll = "6-4"\nplay = "1/7"'
    assert "[view] play '1/7' is not legal" in claim_error(
        tmp_path, spec_text(position, 'outcome = "none"', half)
    )
    legal = 'roll = "6-4"\nplay = "1/7 7/11"'
    spec = load_spec(write(tmp_path, spec_text(position, 'outcome = "none"', legal)), tmp_path)
    assert [r.passed for r in check_figure(spec)] == [True]


def test_view_play_needs_a_roll(tmp_path: Path) -> None:
    position = START.replace(" - -", " w 6-4")
    message = claim_error(tmp_path, spec_text(position, 'outcome = "none"', 'play = "1/7 7/11"'))
    assert "[view] play needs a roll" in message


def test_a_malformed_turn_is_a_claim_error(tmp_path: Path) -> None:
    text = spec_text(START, 'turn = "x"\nroll = "6-4"\nplays = []')
    assert "turn" in claim_error(tmp_path, text)
