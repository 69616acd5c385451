"""``make serve`` (tools/serve.py) and ``make dist`` (tools/dist.py) on a small site made here;
the release of the session's real build (slow)."""

from __future__ import annotations

import hashlib
import socket
import subprocess
import sys
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.error import HTTPError
from urllib.request import urlopen

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import dist  # noqa: E402
import serve  # noqa: E402

from tests.conftest import LANGUAGES, Built  # noqa: E402


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    for language in LANGUAGES:
        (root / language / "_static").mkdir(parents=True)
        (root / language / "index.html").write_text(f"<p>{language}</p>", encoding="utf-8")
        (root / language / "_static" / "a.css").write_text("p{}", encoding="utf-8")
    (root / "index.html").write_text("<p>root</p>", encoding="utf-8")
    (root / "404.html").write_text("<p>the 404 page</p>", encoding="utf-8")
    return root


def get(url: str) -> tuple[int, str]:
    try:
        with urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except HTTPError as error:
        return error.code, error.read().decode("utf-8")


@pytest.fixture
def served(site: Path) -> Iterator[str]:
    server = serve.make_server(site, 0, "/spel/tabula/", quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_serve_gives_files_under_the_prefix_and_the_404_page_elsewhere(served: str) -> None:
    assert get(f"{served}/spel/tabula/") == (200, "<p>root</p>")
    assert get(f"{served}/spel/tabula/sv/index.html") == (200, "<p>sv</p>")
    assert get(f"{served}/spel/tabula/sv/") == (200, "<p>sv</p>")  # a folder's index
    for missing in ("/spel/tabula/sv/_static/", "/spel/tabula/nope.html", "/", "/sv/index.html"):
        assert get(f"{served}{missing}") == (404, "<p>the 404 page</p>"), missing  # no listing


def test_serve_on_a_port_taken_is_one_line(site: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, str(ROOT / "tools" / "serve.py"), "--port", str(port), str(site)],
            capture_output=True,
            text=True,
            timeout=30,
        )
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"serve.py: port {port} is already in use: try make serve PORT=8001"
    )


def test_serve_without_a_site_is_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "serve.py"), str(tmp_path / "none")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert "run 'make html' first" in done.stderr


def books(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for language in LANGUAGES:
        (folder / f"tabula-{language}.pdf").write_bytes(f"%PDF {language}".encode())
    return folder


def unpack(archive: Path, into: Path) -> Path:
    with zipfile.ZipFile(archive) as bundle:
        bundle.extractall(into)
    (folder,) = into.iterdir()
    return folder


def digest(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_dist_writes_the_release_with_checksums(site: Path, tmp_path: Path) -> None:
    out = tmp_path / "dist"
    arguments = ["--site", str(site), "--pdf", str(books(tmp_path / "pdf")), "--out", str(out)]
    assert dist.main(arguments) == 0
    name = f"tabula-{dist.version()}"
    files = sorted(p.name for p in out.iterdir())
    assert files == sorted(
        ["SHA256SUMS", f"{name}-site.zip", *(f"{name}-{c}.pdf" for c in LANGUAGES)]
    )
    folder = unpack(out / f"{name}-site.zip", tmp_path / "unpacked")
    assert folder.name == name and digest(folder) == digest(site)  # the same tree
    sums = subprocess.run(
        ["sha256sum", "-c", "SHA256SUMS"], cwd=out, capture_output=True, text=True
    )
    assert sums.returncode == 0 and sums.stdout.count(": OK") == len(files) - 1
    first = (out / f"{name}-site.zip").read_bytes()
    assert dist.main(arguments) == 0
    assert (out / f"{name}-site.zip").read_bytes() == first  # reproducible


def test_dist_without_a_book_writes_nothing(site: Path, tmp_path: Path) -> None:
    pdf = books(tmp_path / "pdf")
    (pdf / "tabula-fr.pdf").unlink()
    out = tmp_path / "dist"
    assert dist.main(["--site", str(site), "--pdf", str(pdf), "--out", str(out)]) == 2
    assert not out.exists()


def test_dist_adds_the_e_books_and_booklets_that_were_built(site: Path, tmp_path: Path) -> None:
    pdf = books(tmp_path / "pdf")
    (tmp_path / "epub").mkdir()
    for language in ("sv", "de"):  # a build of two languages' e-books and booklets
        (tmp_path / "epub" / f"tabula-{language}.epub").write_bytes(b"PK epub " + language.encode())
        folder = tmp_path / "booklets" / language
        folder.mkdir(parents=True)
        for game in ("brade", "toc"):
            (folder / f"tabula-{language}-{game}.pdf").write_bytes(f"%PDF {game}".encode())
    out = tmp_path / "dist"
    assert dist.main(["--site", str(site), "--pdf", str(pdf), "--out", str(out)]) == 0
    name = f"tabula-{dist.version()}"
    extras = {p.name for p in out.iterdir()} - {"SHA256SUMS", f"{name}-site.zip"}
    extras -= {f"{name}-{c}.pdf" for c in LANGUAGES}
    assert extras == {
        f"{name}-sv.epub",
        f"{name}-de.epub",
        f"{name}-booklets-sv.zip",
        f"{name}-booklets-de.zip",
    }
    assert (out / f"{name}-de.epub").read_bytes() == b"PK epub de"
    folder = unpack(out / f"{name}-booklets-sv.zip", tmp_path / "unpacked")
    assert folder.name == f"{name}-booklets-sv"
    assert digest(folder) == digest(tmp_path / "booklets" / "sv")
    assert f"{name}-booklets-de.zip" in (out / "SHA256SUMS").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_release_of_the_real_build_unpacks_to_the_same_site(
    built: Built, tmp_path: Path
) -> None:
    out = tmp_path / "dist"
    arguments = ["--site", str(built.html), "--pdf", str(built.pdf), "--out", str(out)]
    assert dist.main(arguments) == 0
    name = f"tabula-{dist.version()}"
    folder = unpack(out / f"{name}-site.zip", tmp_path / "unpacked")
    assert digest(folder) == digest(built.html)
    for language in LANGUAGES:
        assert (out / f"{name}-{language}.pdf").read_bytes() == (
            built.pdf / f"tabula-{language}.pdf"
        ).read_bytes()
        assert (out / f"{name}-{language}.epub").read_bytes() == (
            built.epub / f"tabula-{language}.epub"
        ).read_bytes()
        booklets = unpack(out / f"{name}-booklets-{language}.zip", tmp_path / language)
        assert digest(booklets) == digest(built.booklets / language)
