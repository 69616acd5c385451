"""A claim's lines must be the seed's lines that hold its sentence (engine.citations): the
citation forms are read, a wrong line is found, and every claim of every figure cites lines
that hold the words it quotes — in every language it cites, the same paragraph."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

from engine.citations import CitationError, Cited, is_paraphrase, pieces, problems, read_lines
from engine.kinds import check_figure
from engine.specs import all_spec_ids, load_spec
from engine.verdicts import ClaimError

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from chapters import chapters  # noqa: E402


@pytest.mark.parametrize(
    ("text", "cited"),
    [
        ("sv 2949", [Cited("000", 2949, 2949, "sv")]),
        (
            "de 4361–4363; da 1658; 001: 551",
            [
                Cited("000", 4361, 4363, "de"),
                Cited("000", 1658, 1658, "da"),
                Cited("001", 551, 551),
            ],
        ),
        ("002 93", [Cited("002", 93, 93)]),
        ("002: 104–110", [Cited("002", 104, 110)]),
        (
            "000: de 4289–4293; da 1583 · 001: 481-485",
            [
                Cited("000", 4289, 4293, "de"),
                Cited("000", 1583, 1583, "da"),
                Cited("001", 481, 485),
            ],
        ),
        ("fr 5372, 5382", [Cited("000", 5372, 5372, "fr"), Cited("000", 5382, 5382, "fr")]),
        (
            "de 6325–6333 (notes 52–55); da 6243 (note 8)",
            [
                Cited("000", 6325, 6333, "de", (52, 53, 54, 55)),
                Cited("000", 6243, 6243, "da", (8,)),
            ],
        ),
    ],
)
def test_the_citation_forms_are_read(text: str, cited: list[Cited]) -> None:
    assert list(read_lines(text)) == cited


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("4151", "names no seed"),
        ("de 4153–4151", "runs backwards"),
        ("de 4151 (see above)", "as notes"),
        ("test", "cannot read"),
        ("", "cites no line"),
    ],
)
def test_a_citation_that_cannot_be_read_is_an_error(text: str, fragment: str) -> None:
    with pytest.raises(CitationError, match=fragment):
        read_lines(text)


@pytest.mark.parametrize(
    ("lines", "fragment"),
    [
        ("de 1081", "not in the de text"),  # a Danish line cited as German
        ("002 152", "has 151 lines"),
        ("fr 0", "counted from 1"),
        ("de 3749", "a blank line"),
        ("de 6305 (note 43)", "note 43 does not begin there"),  # note 42's line
    ],
)
def test_a_line_that_is_not_there_is_found(lines: str, fragment: str) -> None:
    (problem,) = problems(lines)
    assert fragment in problem


def test_words_are_found_only_on_the_lines_that_hold_them() -> None:
    """The issue's case: 002 holds the deduction of the holes at 132, the great bredouille
    at 136, not at 133 and 141."""
    deduction = "on retranche ceux qu'a pris la partie adverse"
    great = "si l'on arrive à douze trous, on gagne la grande"
    assert problems("002 132", deduction) == [] and problems("002 136", great) == []
    (wrong,) = problems("002 133", deduction)
    assert "(002 133) do not hold the words 'on retranche" in wrong
    assert problems("002 141", great)


def test_what_the_comparison_leaves_aside() -> None:
    # a page break inside the sentence: cited as a range, or as lines with blanks between
    said = "Om vit slår antingen en fyra eller en femma, blir svart omedelbart sprängjan."
    assert problems("sv 3068", said) and not problems("sv 3066–3068", said)
    assert not problems("sv 3066, 3068", said)
    # accents the scan confuses, markup, footnote markers, typographic apostrophes
    assert not problems("002 56", "S'il eût amené 5 et 2, il eût également battu les deux coins")
    assert not problems("de 3416", "welches dann vier Points gilt")  # "Points⁵² gilt"
    assert not problems("fr 5186", "Jan de six tables 4 n/a")  # "<i>Jan de six tables</i>"
    # but not a word of the edition's own: that goes in brackets
    assert problems("002 101", "parce que je mets l'as de N sur M")
    assert not problems("002 101", "parce que je mets [l'as] de N sur M")


def test_elisions_insertions_and_paraphrases() -> None:
    quote = "Man kann … seine Ruhecke oder Hucke [nicht] mit Gewalt nehmen ... wenn"
    assert pieces(quote) == ["Man kann", "seine Ruhecke oder Hucke", "mit Gewalt nehmen", "wenn"]
    assert is_paraphrase("(With 6-5 White enters with the six.)")
    assert not is_paraphrase("(a) and (b)") and not is_paraphrase("Der Jan (Binde)")
    assert problems("sv 2943", "(With 6-5 White enters with the six.)") == []
    assert problems("sv 1", "(a paraphrase of a blank line)")  # its lines are still checked


def test_a_wrong_citation_fails_the_figure_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "brade"
    folder.mkdir()
    start = "brade 15w,-,-,-,-,-/-,-,-,-,-,-/15b,-,-,-,-,-/-,-,-,-,-,- w -"
    text = (
        f'game = "brade"\nposition = "{start}"\nlines = "sv 2884"\n\n[[claim]]\nid = "c"\n'
        'lines = "sv 3068"\nsays = "Om vit slår antingen en fyra"\nroll = "6-4"\n'
        'some_play = ["no-hit"]\n'
    )
    (folder / "x.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ClaimError) as error:
        check_figure(load_spec("brade/x", tmp_path))
    message = str(error.value)
    assert "claim 'c'" in message and "sv 3068" in message and "\n" not in message
    (folder / "x.toml").write_text(text.replace("sv 3068", "sv 3066–3068"), encoding="utf-8")
    (result,) = check_figure(load_spec("brade/x", tmp_path))
    assert result.passed


def every_claim() -> list[tuple[str, dict[str, object]]]:
    return [(figure, claim) for figure in all_spec_ids() for claim in load_spec(figure).claims]


def test_every_claim_quotes_the_lines_it_cites() -> None:
    wrong = [
        f"{figure} '{claim['id']}': {'; '.join(found)}"
        for figure, claim in every_claim()
        if (found := problems(str(claim["lines"]), claim.get("says")))  # type: ignore[arg-type]
    ]
    assert not wrong, "\n".join(wrong)


def test_every_figure_cites_lines_that_are_there() -> None:
    wrong = [f"{f}: {p}" for f in all_spec_ids() for p in problems(load_spec(f).lines)]
    assert not wrong, "\n".join(wrong)


def paragraphs_by_line() -> dict[tuple[str, int], tuple[str, set[int]]]:
    """(language, seed line) -> the chapter and its original's paragraphs that line renders."""
    found: dict[tuple[str, int], tuple[str, set[int]]] = {}
    for chapter in chapters():
        if chapter.seed != "000":
            continue
        texts = {chapter.original: list(chapter.paragraphs(chapter.original))}
        texts.update({language: chapter.translation(language) for language in chapter.translations})
        for language, paragraphs in texts.items():
            for index, paragraph in enumerate(paragraphs):
                for line in paragraph.lines if paragraph else ():
                    found.setdefault((language, line), (chapter.name, set()))[1].add(index)
    return found


def test_the_languages_a_citation_names_are_the_same_paragraph() -> None:
    """A claim citing 'de 3803; da 1139' names art. 49 in German and art. 48 in Danish: in
    every chapter the languages' cited lines must render one paragraph of the original."""
    where = paragraphs_by_line()
    wrong = []
    cited = [(f, c["id"], str(c["lines"])) for f, c in every_claim()]
    cited += [(f, "(figure)", load_spec(f).lines) for f in all_spec_ids()]
    for figure, claim, lines in cited:
        rendered: dict[tuple[str, str], set[int]] = {}
        for part in read_lines(lines):
            for line in range(part.first, part.last + 1):
                if part.language and (part.language, line) in where:
                    chapter, indices = where[(part.language, line)]
                    rendered.setdefault((chapter, part.language), set()).update(indices)
        for (chapter, one), first in rendered.items():
            for (other_chapter, other), second in rendered.items():
                if chapter == other_chapter and one < other and not first & second:
                    wrong.append(f"{figure} '{claim}' ({lines}): {one} and {other} differ")
    assert not wrong, "\n".join(wrong)


def test_every_glossary_term_cites_lines_that_are_there() -> None:
    """The glossary gives the lines where the sources first use a term ('fr 002:135')."""
    terms = tomllib.loads((ROOT / "docs" / "glossary" / "terms.toml").read_text("utf-8"))
    wrong = [
        f"{term['key']}: {problem}"
        for term in terms["term"]
        if "lines" in term
        for problem in problems(term["lines"])
    ]
    assert not wrong, "\n".join(wrong)
