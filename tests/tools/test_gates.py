"""The translation gates (tools/gates.py) catch the faults a reviewer looks for.

Each gate is tried on an entry that breaks it and on one that keeps it, and the whole run is
tried on the edition's catalogues, which must pass.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import gates  # noqa: E402
from gates import Entry  # noqa: E402

PO = ROOT / "locale" / "da" / "LC_MESSAGES" / "kermadeuc.po"


def entry(
    msgid: str,
    msgstr: str,
    *,
    language: str = "da",
    chapter: str = "kermadeuc",
    comments: tuple[str, ...] = (),
) -> Entry:
    return Entry(PO, language, "fr", chapter, msgid, msgstr, comments, edition=bool(msgstr))


def test_a_copied_entry_is_caught() -> None:
    source = "Il faut jouer le dé rondement, sans hésiter."
    assert gates.copies(entry(source, source)) is not None
    assert gates.copies(entry(source, "Man skal kaste terningen rask væk.")) is None
    assert gates.copies(entry("Figure 3.", "Figure 3.")) is None  # short: names, numbers


def test_a_lost_or_changed_number_is_caught() -> None:
    source = "Il gagne 12 points, et 4 pour le coin[^94]."
    assert gates.numbers(entry(source, "Han vinder 12 points og 4 for huk[^94].")) is None
    problem = gates.numbers(entry(source, "Han vinder 13 points og 4 for huk[^94]."))
    assert problem is not None and "'12'" in problem and "'13'" in problem


def test_a_point_letter_changed_is_caught_where_the_text_names_points_by_letter() -> None:
    source = "Vous jouez de D en F, puis par J et G."
    assert gates.letters(entry(source, "Du spiller fra D til F, så med J og G.")) is None
    assert gates.letters(entry(source, "Du spiller fra D til E, så med J og G.")) is not None
    # a chapter without point letters is not checked
    assert gates.letters(entry(source, "Fra D til E.", chapter="revertier")) is None


def test_a_throw_name_translated_away_is_caught() -> None:
    source = "Il fait *sonnez*, puis *quines*."
    assert gates.throws(entry(source, "Han kaster *sonnez*, så *quines*.")) is None
    assert gates.throws(entry(source, "Han kaster to seksere, så *quines*.")) is not None
    # a compound keeps the name (sv "sonnez-tungan")
    assert gates.throws(entry("la case de sonnez", "sonnez-tungan", language="sv")) is None


def test_a_glossary_term_not_rendered_as_the_glossary_gives_is_caught() -> None:
    source = "Il prend son *coin de repos* avec deux dames."
    assert gates.terms(entry(source, "Han tager sin *huk* med to brikker.")) is None
    problem = gates.terms(entry(source, "Han tager sit *hjørne* med to brikker."))
    assert problem is not None and "coin" in problem


def test_terms_allow_inflection_compounds_and_articles() -> None:
    source = "Le *petit jan* et le *jan de retour*."
    assert gates.terms(entry(source, "Den *lille jan* og *rukjanen*.")) is None
    german = entry(source, "Der *kleinen Jan* und der *Rückjan*.", language="de")
    assert gates.terms(german) is None


def test_a_term_beginning_like_an_article_keeps_its_first_letters() -> None:
    """'demi-case' is not 'de' + 'mi-case' (a translator found it)."""
    source = "Svart har en blotta på tunga 5."
    good = Entry(PO, "fr", "sv", "brade", source, "Noir a une demi-case sur la flèche 5.", (), True)
    assert gates.terms(good) is None


def test_an_entry_left_in_another_language_is_caught() -> None:
    source = "Il faut jouer le dé rondement, sans hésiter, et le faire toucher la bande."
    assert (
        gates.language(
            entry(
                source, "Man skal kaste terningen rask væk uden at tøve og lade den ramme listen."
            )
        )
        is None
    )
    assert gates.language(entry(source, source)) is not None
    # short entries and names are exempt by rule
    assert gates.language(entry("Figure 3.", "Figure 3.")) is None


@pytest.mark.skipif(shutil.which("hunspell") is None, reason="hunspell is not installed")
def test_a_misspelled_word_is_caught_and_a_listed_or_emphasised_one_is_not() -> None:
    good = entry("Le dé.", "Man kaster terningen *sonnez* og »nur so«.")
    bad = entry("Le dé.", "Man kastter terningen.")
    problems = gates.spelling([good, bad])
    assert len(problems) == 1 and "kastter" in problems[0]


def test_an_empty_entry_fails_unless_the_catalogue_says_why() -> None:
    assert gates.coverage(entry("Un texte.", "")) is not None
    assert gates.coverage(entry("Un texte.", "", comments=("untranslated: a reason",))) is None


def test_an_exemption_names_its_gate_and_a_reason() -> None:
    exempt = entry("x", "y", comments=("gate terms: the idiom, not the term",))
    assert exempt.exempt("terms") and not exempt.exempt("numbers")
    assert not entry("x", "y", comments=("gate terms:",)).exempt("terms")


def test_the_edition_passes_its_gates() -> None:
    problems = gates.run(list(gates.GATES), [], list(gates.LANGUAGES))
    assert problems == [], "\n".join(problems[:20])
