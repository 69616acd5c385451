"""What a published site says about itself (tools/publish.py, docs/_ext/tabula/publishing.py):
the sitemap against the sitemaps.org schema, language alternates that answer each other, the
canonical address, the link preview, robots.txt and the 404 page — on a small tree made here
(fast) and on the session's real build (slow)."""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from lxml import etree

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

from publish import write_404, write_robots, write_root, write_sitemap  # noqa: E402
from tabula.publishing import normalise_baseurl  # noqa: E402

from tests.conftest import BASEURL, LANGUAGES, Built  # noqa: E402

SCHEMA = ROOT / "tests" / "data" / "sitemap.xsd"
NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


class Head(HTMLParser):
    """The ``<link>`` and ``<meta>`` elements of a page, and its ``src``/``href`` values."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str]] = []
        self.meta: dict[str, str] = {}
        self.addresses: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "link":
            self.links.append(values)
        if tag == "meta":
            key = values.get("property") or values.get("name")
            if key:
                self.meta[key] = values.get("content", "")
        for name in ("src", "href"):
            if name in values:
                self.addresses.append(values[name])


def head(path: Path) -> Head:
    parser = Head()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def alternates(page: Head) -> dict[str, str]:
    return {
        link["hreflang"]: link["href"]
        for link in page.links
        if link.get("rel") == "alternate" and "hreflang" in link
    }


def validate(sitemap: Path) -> None:
    schema = etree.XMLSchema(etree.parse(str(SCHEMA)))
    if not schema.validate(etree.parse(str(sitemap))):
        raise AssertionError(str(schema.error_log))


def sitemap_entries(sitemap: Path) -> dict[str, dict[str, str]]:
    """loc -> {hreflang: href} of every <url>."""
    tree = etree.parse(str(sitemap))
    return {
        url.findtext("s:loc", namespaces=NS): {
            link.get("hreflang"): link.get("href") for link in url.findall("x:link", NS)
        }
        for url in tree.findall("s:url", NS)
    }


def reciprocal(entries: dict[str, dict[str, str]]) -> list[str]:
    """Every language alternate of a page names a page whose alternates name it back (the
    x-default of every page is the root page, which names the language start pages only;
    it must be listed)."""
    problems = []
    for loc, links in entries.items():
        own = [lang for lang, href in links.items() if href == loc]
        for lang, href in links.items():
            if lang == "x-default" and href not in entries:
                problems.append(f"{loc}: its x-default {href} is not listed")
            if href == loc or lang == "x-default":
                continue
            back = entries.get(href)
            if back is None:
                problems.append(f"{loc}: its {lang} alternate {href} is not listed")
            elif not any(back.get(code) == loc for code in own):
                problems.append(f"{loc}: {href} does not name it back")
    return problems


# --- a small tree, written here -------------------------------------------------------------


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for language in LANGUAGES:
        for page in ("index.html", "brade/index.html", "search.html", "_static/x.html"):
            path = tmp_path / language / page
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("<!DOCTYPE html><title>x</title>", encoding="utf-8")
    (tmp_path / "sv" / "only-sv.html").write_text("<title>x</title>", encoding="utf-8")
    return tmp_path


def test_the_sitemap_lists_every_page_in_every_language_and_validates(tree: Path) -> None:
    base = "https://example.org/spel/tabula/"
    validate(write_sitemap(tree, list(LANGUAGES), base))
    entries = sitemap_entries(tree / "sitemap.xml")
    for language in LANGUAGES:
        assert f"{base}{language}/brade/index.html" in entries
        assert f"{base}{language}/search.html" not in entries  # the search form is unlisted
        assert not any("/_static/" in loc for loc in entries)
    only = entries[f"{base}sv/only-sv.html"]
    assert only == {"sv": f"{base}sv/only-sv.html", "x-default": base}  # no alternate invented
    assert entries[f"{base}da/brade/index.html"]["x-default"] == base
    assert reciprocal(entries) == []


def test_the_reciprocity_check_can_fail() -> None:
    entries = {
        "https://e.org/da/a.html": {
            "da": "https://e.org/da/a.html",
            "sv": "https://e.org/sv/a.html",
        },
        "https://e.org/sv/a.html": {"sv": "https://e.org/sv/a.html"},
    }
    assert reciprocal(entries) == [
        "https://e.org/da/a.html: https://e.org/sv/a.html does not name it back"
    ]


def test_a_sitemap_against_the_schema_can_fail(tmp_path: Path) -> None:
    bad = tmp_path / "sitemap.xml"
    bad.write_text(
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>https://e.org/a</loc>'
        '<xhtml:link rel="next" hreflang="da" href="https://e.org/b"/></url></urlset>',
        encoding="utf-8",
    )
    with pytest.raises(AssertionError):
        validate(bad)


def test_the_404_page_is_self_contained_and_offers_each_start_page(tree: Path) -> None:
    page = write_404(tree, list(LANGUAGES), "https://example.org/spel/tabula/")
    parsed = head(page)
    fetched = [a for a in parsed.addresses if not a.startswith("data:")]  # the icon is inline
    assert not [a for a in fetched if "index.html" not in a]  # no stylesheet or script to fetch
    for language in LANGUAGES:
        assert f"https://example.org/spel/tabula/{language}/index.html" in parsed.addresses
    assert parsed.meta.get("robots") == "noindex"
    # without an address, the links go to the server's root (the script finds the prefix)
    assert "/sv/index.html" in head(write_404(tree, list(LANGUAGES))).addresses


def test_the_root_page_names_its_address_and_its_languages(tree: Path) -> None:
    base = "https://example.org/spel/tabula/"
    page = head(write_root(tree, list(LANGUAGES), base, "9.9.9"))
    assert {link["href"] for link in page.links if link.get("rel") == "canonical"} == {base}
    assert alternates(page) == {
        **{c: f"{base}{c}/index.html" for c in LANGUAGES},
        "x-default": base,
    }
    assert "Tabula 9.9.9" in (tree / "index.html").read_text(encoding="utf-8")
    assert "Sitemap: https://example.org/spel/tabula/sitemap.xml" in write_robots(
        tree, base
    ).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "value", ["example.org", "ftp://example.org/", "https://e.org/a?b", "https://e.org/#x", " /x/"]
)
def test_a_public_address_that_is_not_one_is_refused_in_one_line(value: str) -> None:
    with pytest.raises(ValueError, match="not an absolute http") as caught:
        normalise_baseurl(value)
    assert "\n" not in str(caught.value)


def test_a_public_address_gets_its_closing_slash() -> None:
    assert (
        normalise_baseurl("https://example.org/spel/tabula") == "https://example.org/spel/tabula/"
    )
    assert normalise_baseurl("") == ""


# --- the session's build (tools/build.py --baseurl BASEURL) ---------------------------------


def built_pages(site: Path) -> list[Path]:
    return sorted(
        p
        for language in LANGUAGES
        for p in (site / language).rglob("*.html")
        if not p.relative_to(site / language).as_posix().startswith("_")
    )


@pytest.mark.slow
def test_every_built_page_names_its_address_and_its_other_languages(built: Built) -> None:
    site = built.html
    pages = built_pages(site)
    assert len(pages) > 80
    for path in pages:
        page = head(path)
        relative = path.relative_to(site).as_posix()
        own = relative.split("/", 1)[1]
        canonical = [link["href"] for link in page.links if link.get("rel") == "canonical"]
        assert canonical == [f"{BASEURL}{relative}"], relative
        assert alternates(page) == {
            **{c: f"{BASEURL}{c}/{own}" for c in LANGUAGES},
            "x-default": BASEURL,
        }, relative
        for code in LANGUAGES:  # every alternate exists and is built
            assert (site / code / own).is_file(), (relative, code)


@pytest.mark.slow
def test_every_built_page_has_a_preview_in_its_own_language(built: Built) -> None:
    site = built.html
    locales = {"da": "da_DK", "sv": "sv_SE", "de": "de_DE", "fr": "fr_FR"}
    for language in LANGUAGES:
        page = head(site / language / "brade" / "index.html")
        assert page.meta["og:locale"] == locales[language]
        assert page.meta["og:url"] == f"{BASEURL}{language}/brade/index.html"
        description = page.meta["description"]
        assert description == page.meta["og:description"] and len(description) > 80
        assert "%" not in description  # the provenance line is not the page's description
        image = page.meta["og:image"]
        assert image.startswith(f"{BASEURL}{language}/_images/social/") and image.endswith(".png")
        png = site / image[len(BASEURL) :]
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert page.meta["og:image:alt"]
        assert page.meta["twitter:card"] == "summary_large_image"
    # the description is the page's text in the page's language: the Swedish and German
    # descriptions of the same chapter differ
    sv = head(site / "sv" / "brade" / "index.html").meta["description"]
    de = head(site / "de" / "brade" / "index.html").meta["description"]
    assert sv != de


@pytest.mark.slow
def test_the_built_sitemap_validates_and_lists_every_page(built: Built) -> None:
    site = built.html
    validate(site / "sitemap.xml")
    entries = sitemap_entries(site / "sitemap.xml")
    listed = {loc[len(BASEURL) :] for loc in entries} - {""}
    built_ones = {p.relative_to(site).as_posix() for p in built_pages(site)}
    built_ones -= {f"{c}/search.html" for c in LANGUAGES} | {
        f"{c}/genindex.html" for c in LANGUAGES
    }
    assert listed == built_ones
    assert reciprocal(entries) == []
    robots = (site / "robots.txt").read_text(encoding="utf-8")
    assert re.search(rf"^Sitemap: {re.escape(BASEURL)}sitemap.xml$", robots, re.MULTILINE)


@pytest.mark.slow
def test_the_version_is_in_every_footer(built: Built) -> None:
    import tomllib

    version = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    for path in built_pages(built.html):
        assert f'<span class="tabula-version">Tabula {version}</span>' in path.read_text("utf-8")
