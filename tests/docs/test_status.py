"""The status page's games table says what the sources and the engine say.

The expected values are computed here independently of the extension, by reading the MyST
sources (which figures each page places, which figure slots it still has) and the figure
specifications, and compared with the table in each language's built page.
"""

from __future__ import annotations

import html
import re
import tomllib
from pathlib import Path

import pytest

from engine.games import games as registered_games
from engine.specs import load_spec

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
LANGUAGES = ("da", "sv", "de", "fr")
WORDS = {  # the table's words in each language: "yes", "complete"
    "da": ("ja", "færdigt"),
    "sv": ("ja", "klart"),
    "de": ("ja", "fertig"),
    "fr": ("oui", "terminé"),
}


def _games() -> list[dict]:
    return tomllib.loads((DOCS / "games.toml").read_text(encoding="utf-8"))["game"]


def _placed_figures() -> set[str]:
    """Every figure id a directive names (``board``, ``score-table`` …): an argument that is
    the id of a specification in ``diagrams/``."""
    found: set[str] = set()
    for page in DOCS.rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        found.update(re.findall(r"^```\{[a-z-]+\} ([\w-]+/[\w-]+)\s*$", text, re.M))
    return {f for f in found if (ROOT / "diagrams" / f"{f}.toml").is_file()}


def _slots(chapter: str) -> int:
    text = (DOCS / f"{chapter}.md").read_text(encoding="utf-8")
    return len(re.findall(r"^```\{figure-slot\}", text, re.M))


def _plays_variant(figure: str, game: dict) -> bool:
    """A figure of an engine game counts for the variant whose switches it sets."""
    spec, wanted = load_spec(figure), game.get("rules", {})
    if not wanted or spec.game != game["engine"]:
        return True
    defaults = registered_games()[spec.game].rules_type()
    return all(spec.rules.get(k, str(getattr(defaults, k))) == v for k, v in wanted.items())


def _expected(game: dict, placed: set[str]) -> list[str]:
    figures = sorted(
        f for f in placed if f.split("/")[0] in game["diagrams"] and _plays_variant(f, game)
    )
    claims = [c for f in figures for c in load_spec(f).claims]
    against = sum(1 for c in claims if c.get("disagrees"))
    missing = sum(_slots(c) for c in game["chapters"])
    engine = game["engine"]
    if engine.startswith("ledger:"):
        in_engine = (ROOT / "engine" / "ledger" / f"{engine.removeprefix('ledger:')}.py").is_file()
    else:
        in_engine = engine in registered_games() and all(
            value in registered_games()[engine].rules_type.choices(key)
            for key, value in game.get("rules", {}).items()
        )
    return [
        str(len(figures)),
        f"{len(claims)}" + (f" ({against} " if against else ""),
        str(missing),
        str(in_engine and bool(figures) and not missing),
        str(in_engine),
    ]


def _table_rows(page: Path) -> list[list[str]]:
    text = page.read_text(encoding="utf-8")
    table = text[text.index("tabula-games") :]
    table = table[: table.index("</table>")]
    rows = re.findall(r"<tr.*?</tr>", table, re.S)
    return [
        [
            html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
            for c in re.findall(r"<t[hd].*?</t[hd]>", r, re.S)
        ]
        for r in rows[1:]
    ]


def test_every_game_names_existing_chapters_and_figure_folders() -> None:
    for game in _games():
        for chapter in game["chapters"]:
            assert (DOCS / f"{chapter}.md").is_file(), (game["id"], chapter)
        assert set(game["name"]) == set(LANGUAGES), game["id"]


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_games_table_counts_what_the_pages_draw_and_lack(site: Path, language: str) -> None:
    games = _games()
    rows = _table_rows(site / language / "status.html")
    assert [row[0] for row in rows] == [g["name"][language] for g in games]
    placed = _placed_figures()
    yes, complete = WORDS[language]
    for game, row in zip(games, rows, strict=True):
        figures, claims, missing, done, in_engine = _expected(game, placed)
        assert row[3] == figures, game["id"]
        assert row[4].startswith(claims), (game["id"], row[4])
        assert row[5] == missing, game["id"]
        assert (row[2] == yes) == (in_engine == "True"), game["id"]
        assert (row[6] == complete) == (done == "True"), game["id"]


def test_the_status_page_is_rewritten_when_any_page_changes() -> None:
    import sys
    from types import SimpleNamespace

    sys.path.insert(0, str(DOCS / "_ext"))
    from tabula import status

    state = SimpleNamespace(status_pages={"status"})
    env = SimpleNamespace(get_domain=lambda name: state)
    assert status._outdated(None, env, set(), {"brade/index"}, set()) == ["status"]
    assert status._outdated(None, env, set(), set(), set()) == []
    assert status._outdated(None, env, set(), {"status"}, set()) == []  # read anyway


def _mini_status(tmp_path: Path, entries: dict[str, tuple[str, str]]) -> list[str]:
    """Build a one-page French site in Danish whose catalogue has ``entries`` (msgid ->
    (msgstr, comment)) and return the status row of the page: page, original, shares."""
    import subprocess
    import sys

    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    (docs / "index.md").write_text(
        "---\nsource_language: fr\n---\n\n# Titre\n\nUn deux trois quatre.\n\n"
        "Cinq six.\n\nSept huit neuf dix onze douze.\n\n```{translation-status}\n```\n",
        encoding="utf-8",
    )
    po = tmp_path / "locale" / "da" / "LC_MESSAGES" / "index.po"
    po.parent.mkdir(parents=True, exist_ok=True)
    body = ['msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n']
    for msgid, (msgstr, comment) in entries.items():
        body.append(
            f'{"# " + comment + chr(10) if comment else ""}msgid "{msgid}"\nmsgstr "{msgstr}"\n'
        )
    po.write_text("\n".join(body), encoding="utf-8")
    for old in po.parent.glob("*.mo"):
        old.unlink()
    (tmp_path / "conf.py").write_text(
        (ROOT / "conf.py")
        .read_text(encoding="utf-8")
        .replace("ROOT = Path(__file__).resolve().parent", f"ROOT = Path({str(ROOT)!r})"),
        encoding="utf-8",
    )
    out = tmp_path / "out"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-E",
            "-q",
            "-c",
            str(tmp_path),
            "-b",
            "html",
            "-D",
            "language=da",
            str(docs),
            str(out),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    text = (out / "index.html").read_text(encoding="utf-8")
    table = text[text.index("tabula-status") : text.index("</table>")]
    row = re.findall(r"<tr.*?</tr>", table, re.S)[1]
    return [
        html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
        for c in re.findall(r"<t[hd].*?</t[hd]>", row, re.S)
    ]


def test_the_translation_shares_come_from_the_catalogue(tmp_path: Path) -> None:
    """Words are counted by provenance (the source's comment marks a source translation), and
    emptying one entry lowers the translated share and the edition's share with it."""
    full = {
        "Titre": ("Titel", ""),
        "Un deux trois quatre.": ("En to tre fire.", "source: seed 000, line 1"),
        "Cinq six.": ("Fem seks.", ""),
        "Sept huit neuf dix onze douze.": ("Syv otte ni ti elleve tolv.", ""),
    }
    # 13 words: 4 from the source, 9 by the edition (the title, 2 and 6 words)
    assert _mini_status(tmp_path, full)[2:] == ["100 %", "31 %", "69 %"]
    lacking = dict(full, **{"Cinq six.": ("", "")})
    assert _mini_status(tmp_path, lacking)[2:] == ["85 %", "31 %", "54 %"]
