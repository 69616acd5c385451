"""The site as published: the session's build (made for ``BASEURL``, whose path is
``/spel/tabula/``) served by Debian's nginx with the README's example configuration
(``tools/nginx/tabula.conf``), and crawled with Chromium under that prefix.

Every page the sitemap lists is loaded: everything it asks for (stylesheets, scripts,
images) is answered 200 from under the prefix, nothing fails, nothing comes from elsewhere;
every link of every page leads to a page that is there. Search works under the prefix in each
language; an unknown address gets the 404 page, whose links lead to the start pages. The same
tree opened from a folder, without a server, shows its pages whole and its search too.

Marked ``browser`` and ``slow``; they need ``nginx``, ``chromium`` and ``chromedriver``
(``make setup-system``).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.parse import urldefrag
from urllib.request import Request, urlopen

import pytest
from lxml import etree

from tests.browser.test_browser import SEARCH, browser, wait  # noqa: F401 (a fixture)
from tests.conftest import BASEURL, LANGUAGES, Built

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tools" / "nginx" / "tabula.conf"
PREFIX = "/spel/tabula/"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
SITEMAP = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def nginx_conf(www: Path, port: int, work: Path) -> str:
    """The README's example, pointed at this build and port, inside a minimal main file."""
    example = EXAMPLE.read_text(encoding="utf-8")
    assert "listen 80;" in example and "root /srv/www;" in example and PREFIX in example
    server = example.replace("listen 80;", f"listen 127.0.0.1:{port};")
    server = server.replace("/srv/www", str(www))
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers must read the temp folder
    temp = (
        " ".join(f"{kind}_temp_path {work / kind};" for kind in ("client_body", "proxy", "fastcgi"))
        + f" uwsgi_temp_path {work / 'uwsgi'}; scgi_temp_path {work / 'scgi'};"
    )
    return (
        f"{user}pid {work / 'nginx.pid'};\nerror_log {work / 'error.log'};\n"
        "worker_processes 1;\nevents { worker_connections 64; }\n"
        "http {\n  include /etc/nginx/mime.types;\n  default_type application/octet-stream;\n"
        f"  access_log off;\n  {temp}\n{server}\n}}\n"
    )


@pytest.fixture(scope="module")
def published(built: Built, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site under http://127.0.0.1:<port>/spel/tabula/, served by nginx."""
    if not Path(NGINX).exists():
        pytest.fail(f"{NGINX} is missing: run `make setup-system` (as root) to install it")
    work = tmp_path_factory.mktemp("nginx")
    www = work / "www"
    (www / PREFIX.strip("/")).parent.mkdir(parents=True)
    (www / PREFIX.strip("/")).symlink_to(built.html)
    port = _free_port()
    (work / "nginx.conf").write_text(nginx_conf(www, port, work), encoding="utf-8")
    server = subprocess.Popen(
        [NGINX, "-c", str(work / "nginx.conf"), "-p", str(work), "-g", "daemon off;"],
        stderr=subprocess.PIPE,
        text=True,
    )
    origin = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with urlopen(f"{origin}{PREFIX}", timeout=2):
                break
        except OSError:
            if server.poll() is not None:
                pytest.fail(f"nginx did not start: {server.stderr.read() if server.stderr else ''}")
            time.sleep(0.2)
    try:
        yield f"{origin}{PREFIX}"
    finally:
        server.terminate()
        server.wait(timeout=20)


def local(url: str, published: str) -> str:
    """A public address of the site as served here."""
    assert url.startswith(BASEURL), url
    return published + url[len(BASEURL) :]


def fetch(url: str) -> tuple[int, bytes]:
    try:
        with urlopen(Request(url), timeout=20) as response:
            return response.status, response.read()
    except HTTPError as error:
        return error.code, error.read()


def loads(driver: Any) -> tuple[list[str], dict[str, int], list[str]]:
    """What the browser asked for since the last call: addresses, their statuses, and the
    requests of those that failed (the browser's own, such as a first start's look-ups of
    the network, are not the site's: only failures of addresses in the list count)."""
    asked, statuses, failed = [], {}, []
    addresses: dict[str, str] = {}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message["params"]
        if message["method"] == "Network.requestWillBeSent":
            asked.append(params["request"]["url"])
            addresses[params["requestId"]] = params["request"]["url"]
        elif message["method"] == "Network.responseReceived":
            statuses[params["response"]["url"]] = params["response"]["status"]
        elif message["method"] == "Network.loadingFailed":
            url = addresses.get(params["requestId"], "")
            if url.startswith(("http:", "https:", "file:")):
                failed.append(f"{url}: {params.get('errorText')} ({params.get('type')})")
    return asked, statuses, failed


def pages(built: Built) -> list[str]:
    tree = etree.parse(str(built.html / "sitemap.xml"))
    return [loc.text for loc in tree.findall("s:url/s:loc", SITEMAP)]


def test_every_page_loads_whole_under_the_prefix(browser, published, built) -> None:  # noqa: F811
    listed = pages(built)
    assert len(listed) > 80
    links: set[str] = set()
    problems = []
    loads(browser)  # forget what came before
    for url in listed:
        address = local(url, published)
        browser.get(address)
        wait(browser, "return document.readyState === 'complete'")
        asked, statuses, failed = loads(browser)
        # what the page fetched (the browser's own chrome:// pages aside)
        fetched = [a for a in asked if a.startswith(("http:", "https:", "file:", "//"))]
        outside = [a for a in fetched if not a.startswith(published)]
        wrong = {a: s for a, s in statuses.items() if a.startswith("http") and s != 200}
        if outside or wrong or failed:
            problems.append(f"{address}: outside {outside}, status {wrong}, failed {failed}")
        links.update(
            browser.execute_script(
                "return [...document.querySelectorAll('a[href]')].map(a => a.href)"
            )
        )
    assert problems == [], problems[:5]
    inside = sorted({urldefrag(link)[0] for link in links if link.startswith(published)})
    outside = sorted(link for link in links if not link.startswith(published))
    broken = [link for link in inside if fetch(link)[0] != 200]
    assert broken == []
    assert len(inside) > len(listed)  # the books, the root, the search and index pages too
    # links that leave the site go to the web, never to this machine outside the prefix
    assert not [link for link in outside if link.startswith(published.split(PREFIX)[0])]


@pytest.mark.parametrize("language", LANGUAGES)
def test_search_works_under_the_prefix(browser, published, language) -> None:  # noqa: F811
    browser.get(f"{published}{language}/search.html?q={SEARCH[language]}")
    wait(browser, "return document.querySelectorAll('#search-results ul.search li').length > 0")
    found = browser.execute_script(
        "return [...document.querySelectorAll('#search-results ul.search li a')].map(a => a.href)"
    )
    assert any(f"{PREFIX}{language}/brade/index.html" in link for link in found)
    assert all(link.startswith(published) for link in found)


def test_the_books_and_e_books_are_served_with_their_types(published) -> None:
    """A reader's device opens what it is sent by its type (nginx knows none for EPUB)."""
    for language in LANGUAGES:
        files = {
            f"tabula-{language}.epub": "application/epub+zip",
            f"tabula-{language}.pdf": "application/pdf",
            f"booklets/tabula-{language}-brade.pdf": "application/pdf",
        }
        for name, kind in files.items():
            with urlopen(f"{published}{language}/{name}", timeout=20) as response:
                assert response.headers.get_content_type() == kind, name


def test_an_unknown_address_gets_the_404_page_leading_home(browser, published) -> None:  # noqa: F811
    status, body = fetch(f"{published}sv/no/such/page.html")
    assert status == 404 and b"Sidan finns inte" in body
    assert fetch(f"{published}sv/_static/")[0] == 404  # a folder is never listed
    loads(browser)
    browser.get(f"{published}de/nowhere/at/all.html")
    wait(browser, "return document.readyState === 'complete'")
    assert browser.find_element("tag name", "html").get_attribute("lang") == "de"
    first = browser.find_element("css selector", "li")  # the reader's language first
    assert first.get_attribute("lang") == "de"
    for language in LANGUAGES:
        link = browser.find_element("css selector", f'a[data-language="{language}"]')
        href = link.get_attribute("href")
        assert href == f"{published}{language}/index.html" and fetch(href)[0] == 200
    asked, _, failed = loads(browser)
    assert failed == [] and all(a.startswith(published) for a in asked)


def test_the_root_page_leads_to_every_language(browser, published) -> None:  # noqa: F811
    browser.get(published)
    hrefs = browser.execute_script(
        "return [...document.querySelectorAll('a[hreflang]')].map(a => a.href)"
    )
    assert hrefs == [f"{published}{c}/index.html" for c in LANGUAGES]
    status, robots = fetch(published.split(PREFIX)[0] + "/robots.txt")
    assert status == 200 and f"Sitemap: {BASEURL}sitemap.xml".encode() in robots


def test_the_tree_read_from_a_folder_shows_pages_whole_and_searches(browser, built) -> None:  # noqa: F811
    """Without a server (file://): the pages, their stylesheets, images and the search."""
    loads(browser)
    page = (built.html / "sv" / "brade" / "index.html").as_uri()
    browser.get(page)
    wait(browser, "return [...document.images].every(i => i.complete)")
    asked, _, failed = loads(browser)
    assert failed == [] and not [a for a in asked if a.startswith(("http:", "https:", "//"))]
    assert browser.execute_script(  # the replays' drawings wait, without an address, to be shown
        "return [...document.images].filter(i => i.getAttribute('src'))"
        ".every(i => i.naturalWidth > 0)"
    )
    search = (built.html / "sv" / "search.html").as_uri() + f"?q={SEARCH['sv']}"
    browser.get(search)
    wait(browser, "return document.querySelectorAll('#search-results ul.search li').length > 0")
    # the passage under each result needs a server: the browser refuses to read the found
    # page from a folder (README: "Reading it without a server"); forget those refusals
    time.sleep(1)
    loads(browser)
