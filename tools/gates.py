"""The translation gates: what a reviewer checks in the edition's own translations, by script.

Usage::

    python tools/gates.py [--gate NAME ...] [--lang xx ...] [CHAPTER ...]
    python tools/gates.py --stats            # words by provenance, per language
    python tools/gates.py --sheet SHEET.json # the gates on a worksheet, by entry number

The gates read the catalogues ``locale/<lang>/LC_MESSAGES/<chapter>.po`` of every page whose
original (front matter ``source_language``) is another language, and check each entry the
edition translated — filled, not fuzzy, and without the ``# source: seed …`` comment of a
translation the sources give (``locale/STYLE.md``):

``copies``
    an msgstr of six words or more is not the msgid again: a copy is not a translation
    (a quotation the original itself gives in another language says so in its exemption);
``numbers``
    every number of the msgid (digits; footnote marks, link targets and record ids aside)
    is in the msgstr as often, and no other;
``letters``
    in chapters whose text names points by letter (``point_letters = true`` in their
    ``sources.toml``: the Kermadeuc lesson), every single capital letter of the msgid is in
    the msgstr as often;
``throws``
    every name of a throw the msgid uses (*sonnez*, *quines*, *carmes*, *ternes*, *ambesas*,
    *Bezet*, *Däuser* …: the names that stay as the original writes them, ``locale/STYLE.md``)
    is in the msgstr as often (alone or in a compound: *sonnez-tungan*);
``terms``
    a glossary term the msgid uses (a linked form of ``docs/glossary/terms.toml`` in the
    original's language) appears in the msgstr in one of the target language's forms
    (without its article, inflected, or inside a compound in da, sv and de); a term whose
    linked form is also an ordinary word is left out with ``gate = false`` and a reason;
``language``
    an msgstr of eight words or more (its emphasised words and quotations aside) is in
    the catalogue's language (lingua, choosing among
    the four languages of the edition; shorter entries and names are exempt by that rule);
``spelling``
    every word passes hunspell with Debian's dictionary for the language and the project's
    word list ``locale/<lang>/words.txt`` (the games' historical words and names); the
    emphasised words (``*…*``: the sources' foreign words, titles and throw names) and
    quotations (the sources' own words, in any of the edition's quotation marks) aside;
``coverage``
    no entry is left empty unless the catalogue says why: a header comment line
    ``untranslated: <reason>`` (for a whole catalogue) or the entry's comment.

An entry whose translator comment reads ``gate <name>: <reason>`` is exempt from that gate:
the reason is the record. Each problem is one line naming the catalogue, the entry and the
reason; the exit status is 1 when there is any.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from catalogues import LANGUAGES, LOCALE, ROOT, read, source_line

DOCS = ROOT / "docs"
GATES = ("copies", "numbers", "letters", "throws", "terms", "language", "spelling", "coverage")
MIN_WORDS_FOR_COPY = 6
DICTIONARIES = {"da": "da_DK", "sv": "sv_SE", "de": "de_DE", "fr": "fr_FR"}
MIN_WORDS_FOR_LANGUAGE = 8
EXEMPT = re.compile(r"^gate (\w+): .+")
UNTRANSLATED = re.compile(r"^untranslated: .+")


@dataclass(frozen=True)
class Entry:
    """One entry of a catalogue, with where it stands."""

    path: Path
    language: str
    original: str
    chapter: str
    msgid: str
    msgstr: str
    comments: tuple[str, ...]
    edition: bool  # filled by the edition (not the sources, not empty)
    label: str = ""  # how a problem names it, if not by catalogue and msgid (a worksheet's)

    def where(self) -> str:
        if self.label:
            return self.label
        short = self.msgid if len(self.msgid) <= 50 else self.msgid[:50] + "…"
        return f"{self.path.relative_to(ROOT)}: {short!r}"

    def exempt(self, gate: str) -> bool:
        return any((m := EXEMPT.match(c)) and m.group(1) == gate for c in self.comments)


# quotations of a source's own words, in any of the edition's quotation marks
QUOTED = re.compile(r"«[^»]*»|»[^«»]*«|”[^”]*”|„[^“”]*[“”]|“[^”]*”|\"[^\"]*\"|‘[^’]*’")


def plain(text: str, *, emphasis: bool = True) -> str:
    """The words of an entry, without its markup (and without its emphasised words, which
    are the sources' foreign words, titles and throw names, unless ``emphasis``)."""
    if not emphasis:
        text = re.sub(r"\*+[^*]+\*+", " ", text)
        text = QUOTED.sub(" ", text)
    text = re.sub(r"\{ed\}`([^`<]*)<[^>`]*>`", r"\1", text)
    text = re.sub(r"\{tnote\}`[^`]*`", "", text)
    text = re.sub(r"\[\^[^\]]+\]", "", text)
    text = re.sub(r"\[([^\]]*)\]\(#[^)]*\)", r"\1", text)
    text = re.sub(r"`[^`]*`", "", text)
    return text.replace("\\", "").replace("*", "")


@cache
def originals() -> dict[str, str]:
    """Catalogue (domain) -> the language of its pages' original."""
    found: dict[str, str] = {}
    for page in sorted(DOCS.rglob("*.md")):
        if "_" in page.relative_to(DOCS).parts[0][:1]:
            continue
        relative = page.relative_to(DOCS)
        domain = relative.parts[0] if len(relative.parts) > 1 else relative.stem
        head = re.match(r"---\n(.*?)\n---", page.read_text(encoding="utf-8"), re.S)
        language = re.search(r"source_language:\s*(\w+)", head.group(1)) if head else None
        found.setdefault(domain, language.group(1) if language else "sv")
    return found


def entries(chapters: list[str], languages: list[str]) -> Iterator[Entry]:
    for chapter, original in sorted(originals().items()):
        if chapters and chapter not in chapters:
            continue
        for language in languages:
            path = LOCALE / language / "LC_MESSAGES" / f"{chapter}.po"
            if language == original or not path.exists():
                continue
            catalog = read(path)
            header = tuple(c.lstrip("# ").strip() for c in catalog.header_comment.splitlines())
            for m in catalog:
                if not m.id:
                    continue
                comments = tuple(m.user_comments) + header
                edition = bool(m.string) and not m.fuzzy and source_line(m) is None
                yield Entry(path, language, original, chapter, m.id, m.string, comments, edition)


# -- the gates ---------------------------------------------------------------------------------


def copies(entry: Entry) -> str | None:
    if entry.msgstr != entry.msgid or len(entry.msgid.split()) < MIN_WORDS_FOR_COPY:
        return None
    return "the msgstr is the msgid again: a copy is not a translation"


def numbers(entry: Entry) -> str | None:
    source = Counter(re.findall(r"\d+", plain(entry.msgid)))
    target = Counter(re.findall(r"\d+", plain(entry.msgstr)))
    if source == target:
        return None
    lost, added = sorted((source - target).elements()), sorted((target - source).elements())
    return f"numbers differ: lost {lost}, added {added}"


@cache
def point_letters(chapter: str) -> bool:
    config = DOCS / chapter / "sources.toml"
    if not config.is_file():
        return False
    return bool(tomllib.loads(config.read_text(encoding="utf-8")).get("point_letters", False))


LETTER = re.compile(r"(?<!\w)[A-Z](?![\w'’])")
# a capital that opens a sentence and is followed by a word in lower case is a word (French
# "A présent", the à of old printing; Danish and Swedish "I nogle …"), not a point letter
SENTENCE_WORD = re.compile(r"(?:^|[.!?:;]\s+)([AI])(?=\s+[a-zà-ÿ])")


def _letters(text: str) -> list[str]:
    words = {m.start(1) for m in SENTENCE_WORD.finditer(text)}
    return [m.group() for m in LETTER.finditer(text) if m.start() not in words]


def letters(entry: Entry) -> str | None:
    if not point_letters(entry.chapter):
        return None
    source = Counter(_letters(plain(entry.msgid)))
    target = Counter(_letters(plain(entry.msgstr)))
    if source == target:
        return None
    lost, added = sorted((source - target).elements()), sorted((target - source).elements())
    return f"point letters differ: lost {lost}, added {added}"


# the throws and doublets whose names stay as the original writes them (locale/STYLE.md);
# each with the forms its text inflects it to
THROW_NAMES: dict[str, tuple[str, ...]] = {
    "ambesas": ("ambesas",),
    "ambesdeux": ("ambesdeux",),
    "binet": ("binet",),
    "bezet": ("bezet", "beset"),
    "ternes": ("ternes", "terne"),
    "quarnes": ("quarnes", "quaternes", "carmes", "carme"),
    "quines": ("quines", "quine"),
    "sonnez": ("sonnez", "sonnés", "sannez"),
    "däuser": ("däuser", "daus"),
}


def _throw_count(text: str, forms: tuple[str, ...]) -> int:
    pattern = "|".join(re.escape(f) for f in forms)
    return len(re.findall(rf"(?<!\w)(?:{pattern})(?!\w)", text, re.I))


def throws(entry: Entry) -> str | None:
    source, target = plain(entry.msgid), plain(entry.msgstr)
    lost = [
        name
        for name, forms in THROW_NAMES.items()
        if _throw_count(target, forms) < _throw_count(source, forms)
    ]
    return (
        f"throw name(s) not kept as the original writes them: {', '.join(lost)}" if lost else None
    )


@cache
def glossary() -> list[dict[str, object]]:
    data = tomllib.loads((DOCS / "glossary" / "terms.toml").read_text(encoding="utf-8"))
    return list(data["term"])


ARTICLES = re.compile(r"^(?:(?:den|det|de|der|die|das|le|la|les)\s+|l['’]\s*)", re.I)
COMPOUNDING = ("da", "sv", "de")  # a term may stand inside a compound word (modjan, Rückjan)


def _uses(text: str, form: str, language: str) -> bool:
    """Whether ``text`` uses ``form`` (without its article; inflected; in a compound where the
    language makes compounds)."""
    words = ARTICLES.sub("", form.lower()).split()
    start = "" if language in COMPOUNDING else r"(?<!\w)"
    # each word of a form of several words may be inflected (kleiner Jan -> kleinen Jan)
    stems = [w if len(words) == 1 or len(w) <= 4 else w[:-2] for w in words]
    pattern = start + r"\w*[\s-]+".join(re.escape(w) for w in stems)
    return re.search(pattern, text.lower()) is not None


def terms(entry: Entry) -> str | None:
    source, target = plain(entry.msgid), plain(entry.msgstr)
    missing = []
    for term in glossary():
        if not term.get("gate", True):
            continue
        linked = [f for f in term.get("link", []) if f in term.get(entry.original, [])]
        if not any(re.search(rf"(?<!\w){re.escape(f)}(?!\w)", source, re.I) for f in linked):
            continue
        forms = [str(f) for f in term.get(entry.language, [])]
        if forms and not any(_uses(target, f, entry.language) for f in forms):
            missing.append(f"{term['key']} ({' / '.join(forms)})")
    return (
        f"glossary term(s) not rendered as the glossary gives: {', '.join(missing)}"
        if missing
        else None
    )


@cache
def detector() -> object:
    from lingua import Language, LanguageDetectorBuilder

    return LanguageDetectorBuilder.from_languages(
        Language.DANISH, Language.SWEDISH, Language.GERMAN, Language.FRENCH
    ).build()


CODES = {"DANISH": "da", "SWEDISH": "sv", "GERMAN": "de", "FRENCH": "fr"}


def language(entry: Entry) -> str | None:
    text = plain(entry.msgstr, emphasis=False)
    if len(text.split()) < MIN_WORDS_FOR_LANGUAGE:
        return None
    found = detector().detect_language_of(text)  # type: ignore[attr-defined]
    code = CODES.get(found.name) if found is not None else None
    if code == entry.language:
        return None
    return f"text reads as {code or 'no known language'}, not {entry.language}"


def spelling(found: list[Entry]) -> list[str]:
    """Every word hunspell does not know, one line per entry (all entries in one run)."""
    problems = []
    by_language: dict[str, list[Entry]] = {}
    for entry in found:
        by_language.setdefault(entry.language, []).append(entry)
    for code, group in by_language.items():
        unknown = _unknown_words(code, [plain(e.msgstr, emphasis=False) for e in group])
        for entry, words in zip(group, unknown, strict=True):
            if words:
                problems.append(f"{entry.where()}: spelling: unknown {sorted(set(words))}")
    return problems


def _listed(code: str) -> set[str]:
    """The project's word list for the language (one word a line, '#' comments), and any
    list given with --words."""
    words: set[str] = set()
    for path in [LOCALE / code / "words.txt", *EXTRA_WORDS]:
        if path.is_file():
            for line in path.read_text(encoding="utf-8").splitlines():
                word = line.split("#", 1)[0].strip()
                if word:
                    words.add(word)
    return words


WORD = re.compile(r"[^\W\d_]+(?:[-'’][^\W\d_]+)*")


EXTRA_WORDS: list[Path] = []  # more word lists (--words), for a sheet under review


def _unknown_words(code: str, texts: list[str]) -> list[list[str]]:
    """The words of each text that hunspell does not know (one hunspell run per language,
    over the distinct words: ``-l`` lists the unknown ones without computing suggestions)."""
    if shutil.which("hunspell") is None:
        raise SystemExit(
            "gates: hunspell is not installed (make setup-system installs it, with "
            "hunspell-da, hunspell-sv, hunspell-de-de and hunspell-fr)"
        )
    command = ["hunspell", "-l", "-d", DICTIONARIES[code]]
    tokens = [WORD.findall(text) for text in texts]
    distinct = sorted({w for found in tokens for w in found} - _listed(code))
    done = subprocess.run(
        command, input="\n".join(distinct) + "\n", capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"gates: hunspell failed for {code}: {done.stderr.strip()[:200]}")
    unknown = set(done.stdout.split())
    return [[w for w in found if w in unknown] for found in tokens]


def coverage(entry: Entry) -> str | None:
    if entry.msgstr or any(UNTRANSLATED.match(c) for c in entry.comments):
        return None
    return "not translated (translate it, or record why with an 'untranslated: …' comment)"


ENTRY_GATES = {
    "copies": copies,
    "numbers": numbers,
    "letters": letters,
    "throws": throws,
    "terms": terms,
    "language": language,
    "coverage": coverage,
}


def run(gates: list[str], chapters: list[str], languages: list[str]) -> list[str]:
    problems: list[str] = []
    edition: list[Entry] = []
    for entry in entries(chapters, languages):
        if "coverage" in gates and not entry.exempt("coverage"):
            problem = coverage(entry)
            if problem:
                problems.append(f"{entry.where()}: {problem}")
        if entry.edition:
            edition.append(entry)
    return problems + _check(edition, gates)


def _check(found: list[Entry], gates: list[str]) -> list[str]:
    """The gates of the edition's translations (coverage aside), one line per problem."""
    problems: list[str] = []
    for entry in found:
        for name in gates:
            if name in ("coverage", "spelling") or entry.exempt(name):
                continue
            problem = ENTRY_GATES[name](entry)
            if problem:
                problems.append(f"{entry.where()}: {name}: {problem}")
    if "spelling" in gates:
        problems += spelling([e for e in found if not e.exempt("spelling")])
    return problems


def check_sheet(path: Path) -> list[str]:
    """The gates on a worksheet of tools/worksheet.py, before it is imported: one line per
    problem, naming the sheet's entry number (for translators and second readers)."""
    sheet = json.loads(path.read_text(encoding="utf-8"))
    chapter, code = str(sheet["chapter"]), str(sheet["language"])
    catalogue = LOCALE / code / "LC_MESSAGES" / f"{chapter}.po"
    original = originals()[chapter]
    found = [
        Entry(
            catalogue,
            code,
            original,
            chapter,
            item["msgid"],
            item["msgstr"],
            tuple(item.get("gates", [])),
            edition=True,
            label=f"{path.name}: entry {item['n']}",
        )
        for item in sheet["entries"]
        if item["msgstr"].strip()
    ]
    return _check(found, [g for g in GATES if g != "coverage"])


def stats(appendix: str = "anweisung-1800") -> list[str]:
    """Per language: words of chapters in another original, by provenance (the appendix apart)."""
    rows = [
        "| language | part | from the sources | by the edition | untranslated |",
        "|---|---|---|---|---|",
    ]
    for code in LANGUAGES:
        for part in ("chapters", "appendix"):
            counts = Counter()
            for entry in entries([], [code]):
                if (entry.chapter == appendix) != (part == "appendix"):
                    continue
                words = len(entry.msgid.split())
                kind = (
                    "edition" if entry.edition else "untranslated" if not entry.msgstr else "source"
                )
                counts[kind] += words
            total = sum(counts.values()) or 1
            rows.append(
                f"| {code} | {part} | "
                + " | ".join(
                    f"{counts[k]} ({100 * counts[k] / total:.1f} %)"
                    for k in ("source", "edition", "untranslated")
                )
                + " |"
            )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("chapters", nargs="*", help="only these catalogues (default: all)")
    parser.add_argument("--gate", action="append", choices=GATES, help="only these gates")
    parser.add_argument("--lang", action="append", choices=LANGUAGES, help="only these languages")
    parser.add_argument("--stats", action="store_true", help="print the words by provenance")
    parser.add_argument("--sheet", type=Path, help="check a worksheet of tools/worksheet.py")
    parser.add_argument(
        "--words", type=Path, action="append", default=[], help="another word list (spelling)"
    )
    args = parser.parse_args(argv)
    unknown = [c for c in args.chapters if c not in originals()]
    if unknown:
        parser.error(f"no such catalogue: {', '.join(unknown)}")
    if args.stats:
        print("\n".join(stats()))
        return 0
    EXTRA_WORDS.extend(args.words)
    if args.sheet:
        problems = check_sheet(args.sheet)
        print("\n".join(problems) if problems else f"{args.sheet.name}: every entry passes")
        return 1 if problems else 0
    problems = run(args.gate or list(GATES), args.chapters, args.lang or list(LANGUAGES))
    print("\n".join(problems) if problems else "gates: every translation passes")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
