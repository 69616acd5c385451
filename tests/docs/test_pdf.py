"""The PDF edition: one book per language that reads right, not merely one that was written.

The four books come from the session's build (``tests/conftest.py``); each is read back with
poppler (``pdfinfo``, ``pdffonts``, ``pdfimages``, ``pdftotext``, ``pdftoppm``): A4, fonts
embedded, its language's title page and contents, the Bräde chapter in its language with its
letters, figures as vector drawings that render in colour. A small book built here from a
fixture checks what the edition's chapters cannot show yet: fallback text set in its own
language, footnotes, a glossary, every letter of å ä ö ø æ ü ß é è ç œ, and a chapter not
yet established left out. All are ``slow``; they need TeX and poppler (``make setup-system``).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402

pytestmark = pytest.mark.slow

LANGUAGES = ("da", "sv", "de", "fr")

SUBTITLE = {
    "da": "De gamle brætspils regler, kontrolleret af en regelmotor.",
    "sv": "De gamla brädspelens regler, kontrollerade av en regelmotor.",
    "de": "Die Regeln der alten Brettspiele, von einer Regel-Engine geprüft.",
    "fr": "Les règles des anciens jeux de table, vérifiées par un moteur de règles.",
}
CONTENTS = {
    "da": "Indhold",
    "sv": "Innehåll",
    "de": "Inhaltsverzeichnis",
    "fr": "Table des matières",
}
# words of the Bräde chapter in each language, and letters it must print
CHAPTER = {
    "da": ("Bræde", "brikker", "åæø"),
    "sv": ("Bräde", "brickor", "åäö"),
    "de": ("Bräde", "Steine", "äöüß"),
    "fr": ("Bräde", "dames", "éèç"),
}
CHECKED = {  # the figure legend "Checked by the engine", in each language
    "da": "Kontrolleret af motoren",
    "sv": "Kontrollerat av motorn",
    "de": "Von der Engine geprüft",
    "fr": "Vérifié par le moteur",
}


def run(*command: str) -> str:
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(command)}: {done.stderr}"
    return done.stdout


def book(built: Any, language: str) -> Path:
    return built.pdf / f"tabula-{language}.pdf"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_has_an_a4_book_with_its_fonts_embedded(built: Any, language: str):
    info = run("pdfinfo", str(book(built, language)))
    assert re.search(r"^Title:\s+Tabula$", info, re.M), info
    assert re.search(r"^Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)", info, re.M), info
    assert int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1)) >= 20
    fonts = run("pdffonts", str(book(built, language))).splitlines()[2:]
    assert fonts and all(line.split()[-5] == "yes" for line in fonts), fonts  # emb


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_site_links_its_book(built: Any, language: str) -> None:
    copy = built.html / language / f"tabula-{language}.pdf"
    assert copy.read_bytes() == book(built, language).read_bytes()
    for page in (built.html / language).rglob("*.html"):
        link = re.search(r'<a class="tabula-pdf" href="([^"]+)"', page.read_text("utf-8"))
        assert link, page
        assert (page.parent / link.group(1)).resolve() == copy.resolve(), page


@pytest.mark.parametrize("language", ("da", "sv", "de"))
def test_the_book_prints_the_translation_without_the_original_beside_it(
    built: Any, language: str
) -> None:
    """The site offers each translated paragraph's original on request; the book, which has
    no such control, prints the translation alone (and says where it comes from)."""
    text = " ".join(run("pdftotext", str(book(built, language)), "-").split())
    original = "Je ne dirai rien de l'antiquité de ce jeu"  # 1698, its first paragraph
    assert original not in text
    assert ORIGINAL_LABEL[language] not in text
    assert PROVENANCE[language] in text


ORIGINAL_LABEL = {
    "da": "Originalen (fransk)",
    "sv": "Originalet (franska)",
    "de": "Original (Französisch)",
}
PROVENANCE = {
    "da": "Oversat til denne udgave",
    "sv": "Översatt för denna utgåva",
    "de": "Für diese Ausgabe aus dem Original übersetzt",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_title_page_contents_and_chapter_are_in_the_books_language(built: Any, language: str):
    text = run("pdftotext", "-layout", str(book(built, language)), "-")
    pages = text.split("\f")
    assert SUBTITLE[language] in " ".join(pages[0].split())
    version = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    assert f"Tabula {version}" in " ".join(pages[0].split())  # the edition's version (issue 18)
    assert CONTENTS[language] in pages[1]
    title, word, letters = CHAPTER[language]
    contents = "".join(pages[1:10])  # the contents run over several pages
    assert title in contents  # the Bräde chapter is in the contents
    assert word in text and all(letter in text for letter in letters)
    stubs = ("n'est pas encore établi", "ännu inte infört", "noch nicht eingerichtet")
    for stub in stubs:
        assert stub not in text  # chapters not established yet are left out


@pytest.mark.parametrize("language", LANGUAGES)
def test_figures_are_vector_drawings_that_render(built: Any, language: str, tmp_path: Path):
    path = book(built, language)
    tex = (built.latex / language / f"tabula-{language}.tex").read_text(encoding="utf-8")
    drawings = re.findall(r"\\sphinxincludegraphics\{\{(brade-[0-9a-f]+)\}\.pdf\}", tex)
    assert len(drawings) == 16  # every board of the Bräde chapter, as PDF
    assert_boards_are_drawn(path, language, tmp_path)


def assert_boards_are_drawn(path: Path, language: str, tmp_path: Path) -> None:
    """No bitmap anywhere in the PDF (the boards are vector drawings), and the first page
    with a board's legend renders with the board on it (colour, not just text)."""
    images = run("pdfimages", "-list", str(path)).splitlines()[2:]
    assert images == []
    pages = run("pdftotext", str(path), "-").split("\f")
    # (counting tables have the legend too, and no drawing: their legends name diagrams/counting/)
    number = next(i for i, p in enumerate(pages, 1) if _board_legend(p, CHECKED[language]))
    run("pdftoppm", "-r", "30", "-f", str(number), "-l", str(number), "-png", str(path),
        str(tmp_path / "page"))  # fmt: skip
    image = Image.open(next(tmp_path.glob("page*.png"))).convert("RGB")
    coloured = sum(1 for r, g, b in image.get_flattened_data() if max(r, g, b) - min(r, g, b) > 60)
    assert coloured / (image.width * image.height) > 0.05


def _board_legend(page: str, checked: str) -> bool:
    lines = page.splitlines()
    return any(
        checked in line and "diagrams/counting/" not in " ".join(lines[n : n + 2])
        for n, line in enumerate(lines)
    )


def test_a_log_with_a_missing_character_or_reference_fails_the_book() -> None:
    log = (
        "Missing character: There is no ŋ (U+014B) in font FreeSerif:mode=node;!\n"
        "LaTeX Warning: Hyper reference `brade/index:x' on page 3 undefined on input line 9.\n"
        "Overfull \\hbox (1.2pt too wide) in paragraph at lines 1--2\n"
    )
    found = build.LOG_PROBLEMS.findall(log)
    assert len(found) == 2 and "Overfull" not in " ".join(found)


FIXTURE = {
    "index.md": """---
source_language: sv
---

(fx)=
# Provbok

Inledande text på svenska.

```{toctree}
:caption: Texterna

kapitel/index
stubbe/index
ordlista
```

```{toctree}
:caption: Tomt

stubbe2/index
```
""",
    "kapitel/index.md": """---
source_language: fr
---

(fx-kapitel)=
# Règles du jeu

Les lettres : å ä ö ø æ ü ß é è ç œ Œ « » — et rien d'autre[^1].

Incontestablement, l'extraordinaire complexité réglementaire des anciennes parties.

Voir la {term}`fåta` et le [chapitre inachevé](#fx-stubbe).

```{board} brade/start
:alt: Le trictrac au départ, vu du côté de blanc.

Le départ.
```

[^1]: Une note de bas de page, en français.
""",
    "kapitel/sources.toml": "",
    "stubbe/index.md": """---
source_language: fr
---

(fx-stubbe)=
# Chapitre inachevé

Ce chapitre n'est pas encore établi dans cette édition.
""",
    "stubbe2/index.md": """---
source_language: fr
---

(fx-stubbe2)=
# Deuxième chapitre inachevé

Ce chapitre n'est pas encore établi dans cette édition.
""",
    "ordlista.md": """---
source_language: sv
---

(fx-ordlista)=
# Ordlista

```{glossary}
fåta
  Att ge upp en tärning som inte kan spelas.
```
""",
}


@pytest.fixture(scope="module")
def fixture_book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A small book in French and Swedish, built in German: every message falls back."""
    base = tmp_path_factory.mktemp("book")
    docs = base / "docs"
    for name, text in FIXTURE.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, encoding="utf-8")
    shutil.copytree(ROOT / "docs" / "_static", docs / "_static")
    shutil.copytree(ROOT / "docs" / "_templates", docs / "_templates")
    conf = (ROOT / "conf.py").read_text(encoding="utf-8")
    (base / "conf.py").write_text(
        conf.replace("ROOT = Path(__file__).resolve().parent", f"ROOT = Path({str(ROOT)!r})"),
        encoding="utf-8",
    )
    result = build.build_pdf("de", base / "latex", base / "pdf", base / "doctrees", docs, base)
    assert result.ok, result.output
    html = build.build_language("de", "html", base / "html", base / "doctrees", False, docs, base)
    assert html.ok, html.output
    return base, base / "latex" / "de" / "tabula-de.tex"


def test_fallback_text_is_set_in_its_own_language(fixture_book: tuple[Path, Path]) -> None:
    _base, tex = fixture_book
    source = tex.read_text(encoding="utf-8")
    assert r"\foreignlanguage{french}{Incontestablement" in source
    assert r"\foreignlanguage{french}{Une note de bas de page" in source
    assert r"\foreignlanguage{swedish}{Inledande text" in source
    assert r"\foreignlanguage{swedish}{Att ge upp" in source
    assert r"\usepackage[danish,swedish,french,main=ngerman]{babel}" in source


def test_footnotes_glossary_and_every_letter_print(fixture_book: tuple[Path, Path]) -> None:
    base, tex = fixture_book
    text = run("pdftotext", str(base / "pdf" / "tabula-de.pdf"), "-")
    for letter in "åäöøæüßéèçœŒ«»":
        assert letter in text, letter
    assert "Une note de bas de page, en français." in text
    assert r"\begin{footnote}" in tex.read_text(encoding="utf-8")
    assert "fåta" in text and "Att ge upp en tärning som inte kan spelas." in text


def test_a_stub_chapter_and_its_empty_part_are_left_out(fixture_book: tuple[Path, Path]):
    base, tex = fixture_book
    source = tex.read_text(encoding="utf-8")
    text = run("pdftotext", str(base / "pdf" / "tabula-de.pdf"), "-")
    assert r"\chapter{Chapitre inachevé}" not in source
    assert "pas encore établi" not in text
    assert "\\part{Texterna}" in source and "\\part{Tomt}" not in source
    assert "Deuxième chapitre" not in text and "Ordlista" in text
    # the link to the chapter left out prints as its words, pointing nowhere
    assert "chapitre inachevé" in text and "fx-stubbe" not in source


def test_an_untranslated_alt_text_is_marked_with_its_language(fixture_book: tuple[Path, Path]):
    base, _tex = fixture_book
    page = (base / "html" / "de" / "kapitel" / "index.html").read_text(encoding="utf-8")
    image = re.search(r"<img [^>]*>", page).group(0)
    assert 'alt="Le trictrac au départ' in image and 'lang="fr"' in image
