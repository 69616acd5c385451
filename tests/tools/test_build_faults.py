"""tools/build.py under faults (issue 13): each fails with one clear line, or recovers, and
never replaces the published site with a damaged one.

The fast tests play the builds with stand-ins (a language build that writes a page, fails,
or is interrupted); the slow one kills a real build half-way."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402


def tree_digest(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def run_build(
    *arguments: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build.py"), *arguments],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
    )


# --- faults found before anything is built -------------------------------------------------


def test_a_catalogue_with_broken_quoting_is_named_with_its_line(tmp_path: Path) -> None:
    locale = tmp_path / "locale"
    shutil.copytree(ROOT / "locale" / "da", locale / "da")
    po = locale / "da" / "LC_MESSAGES" / "brade.po"
    lines = po.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith('msgstr "') and i > 40)
    lines[at] = 'msgstr "an "unescaped" quote"\n'
    po.write_text("".join(lines), encoding="utf-8")
    problems = build.broken_catalogues(locale)
    assert len(problems) == 1
    assert "brade.po: not valid gettext" in problems[0] and f"line {at + 1}" in problems[0]
    assert build.broken_catalogues(ROOT / "locale") == []


def test_a_broken_catalogue_stops_the_build_before_anything_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "locale" / "sv" / "LC_MESSAGES"
    broken.mkdir(parents=True)
    (broken / "x.po").write_text('msgid "a"\nmsgstr "b\n', encoding="utf-8")
    monkeypatch.setattr(build, "LOCALE", tmp_path / "locale")
    monkeypatch.setattr(
        build, "prepare_figures", lambda jobs, books=True: pytest.fail("built anyway")
    )
    assert build.main(["--pdf", "no", "--out", str(tmp_path / "html")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0].startswith("locale/sv/LC_MESSAGES/x.po: not valid gettext") or "x.po" in err[0]
    assert err[-1] == "build.py: 1 catalogue(s) not valid gettext: nothing built"
    assert not (tmp_path / "html").exists()


def test_an_unwritable_figure_cache_is_one_line_naming_it(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    done = run_build(
        "--pdf", "no", "--out", str(tmp_path / "html"),
        env={"TABULA_FIGURE_CACHE": str(blocker / "cache")},
    )  # fmt: skip
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert str(blocker / "cache") in lines[0] and "cannot be written" in lines[0]
    assert not (tmp_path / "html").exists()


def test_a_public_address_that_is_not_one_is_one_line(tmp_path: Path) -> None:
    done = run_build("--pdf", "no", "--baseurl", "example.org/x\ny", "--out", str(tmp_path / "h"))
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "not an absolute http" in done.stderr
    assert not (tmp_path / "h").exists()


# --- the site is built aside and replaced whole ----------------------------------------------


@pytest.fixture
def stand_ins(monkeypatch: pytest.MonkeyPatch):
    """build.main with stand-ins for the figures and the language builds: ``fail`` names the
    languages whose build fails, ``interrupt`` one whose build is interrupted."""
    state: dict[str, object] = {"fail": set(), "interrupt": None, "text": "v1"}
    monkeypatch.setattr(build, "prepare_figures", lambda jobs, books=True: "figures: stand-in")
    monkeypatch.setattr(build, "tex_missing", lambda: ["xelatex"])

    def language(language, builder, out, doctrees, pdf_link=False, baseurl="", **_):
        if state["interrupt"] == language:
            raise KeyboardInterrupt
        page = out / language / "index.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(f"{language} {state['text']}", encoding="utf-8")
        (doctrees / language).mkdir(parents=True, exist_ok=True)
        ok = language not in state["fail"]  # type: ignore[operator]
        return build.Result(language, builder, ok, 0.0, 1, "" if ok else "a warning")

    monkeypatch.setattr(build, "build_language", language)

    def epub(language, epub, doctrees, site_trees=None, check=None, **_):
        epub.mkdir(parents=True, exist_ok=True)
        (epub / f"tabula-{language}.epub").write_text(f"{language} {state['text']}", "utf-8")
        return build.Result(language, "epub", True, 0.0, 1, "")

    monkeypatch.setattr(build, "build_epub", epub)
    monkeypatch.setattr(build, "epubcheck_command", lambda: ["epubcheck"])
    return state


def test_a_whole_build_replaces_the_site(tmp_path: Path, stand_ins) -> None:
    out = tmp_path / "html"
    assert build.main(["--pdf", "no", "--out", str(out)]) == 0
    assert (out / "sv" / "index.html").read_text(encoding="utf-8") == "sv v1"
    assert (out / "sv" / "tabula-sv.epub").read_text(encoding="utf-8") == "sv v1"
    assert (out / "index.html").is_file() and (out / "404.html").is_file()
    assert not (tmp_path / ".next").exists() and not (tmp_path / ".old").exists()
    stand_ins["text"] = "v2"
    assert build.main(["--pdf", "no", "--out", str(out)]) == 0
    assert (out / "da" / "index.html").read_text(encoding="utf-8") == "da v2"


def test_a_failed_build_leaves_the_published_site_as_it_was(
    tmp_path: Path, stand_ins, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "html"
    build.main(["--pdf", "no", "--out", str(out)])
    before = tree_digest(out)
    stand_ins["text"], stand_ins["fail"] = "v2", {"de"}
    assert build.main(["--pdf", "no", "--out", str(out)]) == 1
    assert tree_digest(out) == before
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert "FAILED: de html" in last and "is unchanged" in last and ".next" in last
    stand_ins["fail"] = set()  # the next build starts afresh and publishes
    assert build.main(["--pdf", "no", "--out", str(out)]) == 0
    assert (out / "de" / "index.html").read_text(encoding="utf-8") == "de v2"


def test_an_interrupted_build_leaves_the_published_site_as_it_was(
    tmp_path: Path, stand_ins
) -> None:
    out = tmp_path / "html"
    build.main(["--pdf", "no", "--out", str(out)])
    before = tree_digest(out)
    stand_ins["text"], stand_ins["interrupt"] = "v2", "de"
    with pytest.raises(KeyboardInterrupt):
        build.main(["--pdf", "no", "--out", str(out)])
    assert tree_digest(out) == before
    stand_ins["interrupt"] = None
    assert build.main(["--pdf", "no", "--out", str(out)]) == 0
    assert (out / "de" / "index.html").read_text(encoding="utf-8") == "de v2"


@pytest.mark.slow
def test_a_real_build_killed_while_writing_pages_changes_nothing(tmp_path: Path) -> None:
    """The fault as it was reported: a build killed while Sphinx writes the pages; the next
    one reported success with images missing and a short search index."""
    out = tmp_path / "html"
    arguments = ("--lang", "sv", "--pdf", "no", "--epub", "no", "--jobs", "1", "--out", str(out))
    first = run_build(*arguments)
    assert first.returncode == 0, first.stdout + first.stderr
    before = tree_digest(out)
    # without its doctrees the next build reads every page again, then writes them all
    shutil.rmtree(tmp_path / "doctrees" / "html")
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "build.py"), *arguments],
        stdout=subprocess.DEVNULL,
        cwd=ROOT,
        start_new_session=True,  # its sphinx-build too, when killed
    )
    pickle = tmp_path / ".next" / "doctrees" / "html" / "sv" / "environment.pickle"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not pickle.exists():
        time.sleep(0.1)  # Sphinx has read every page: it writes them now
    assert pickle.exists(), "the build never reached the writing of pages"
    time.sleep(1.0)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    assert tree_digest(out) == before  # the published site is untouched
    again = run_build(*arguments)
    assert again.returncode == 0, again.stdout + again.stderr
    assert tree_digest(out) == before  # and the next build gives the whole site again
