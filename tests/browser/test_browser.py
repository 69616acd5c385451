"""The built site in a real browser: Debian's headless Chromium driven by Selenium.

The session's build (``tests/conftest.py``) is served on loopback by a server started here.
In each language: the root page leads to it, the Bräde chapter shows its figures (every SVG
drawn, not blank), the switcher lands on the same page in each other language, search finds
a word of the chapter, the page fits a 320 px screen without sideways scrolling, and printing
hides the switcher and the sidebar. Nothing is fetched from outside the site. A screenshot of
each is kept in ``_build/screenshots/`` (``<what>-<lang>.png``).

Marked ``browser`` and ``slow``; they need ``/usr/bin/chromium`` and ``/usr/bin/chromedriver``
(``make setup-system``).
"""

from __future__ import annotations

import base64
import functools
import json
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "_build" / "screenshots"
LANGUAGES = ("da", "sv", "de", "fr")
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
    "--hide-scrollbars",
)
# a word of the Bräde chapter, as a reader would search for it
SEARCH = {"da": "brikker", "sv": "brickor", "de": "Steine", "fr": "dames"}

pytestmark = [pytest.mark.slow, pytest.mark.browser]


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def server(site: Path) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    for path in (CHROMIUM, CHROMEDRIVER):
        if not path.exists():
            pytest.fail(f"{path} is missing: run `make setup-system` (as root) to install it")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium')}")
    options.add_argument("--window-size=1100,900")
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    driver.set_page_load_timeout(30)
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        yield driver
    finally:
        driver.quit()


def shoot(driver: Any, name: str, full: bool = True) -> Path:
    """A screenshot of the whole page (not only the window), kept as a test artifact."""
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics["cssContentSize"]
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {
            "format": "png",
            "captureBeyondViewport": full,
            **(
                {"clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"],
                          "scale": 1}}
                if full
                else {}
            ),
        },
    )  # fmt: skip
    path = SHOTS / f"{name}.png"
    path.write_bytes(base64.b64decode(shot["data"]))
    return path


def requests(driver: Any) -> list[str]:
    """Every URL the browser asked for since the last call."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def wait(driver: Any, script: str, timeout: float = 10) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(lambda d: d.execute_script(script))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_root_page_leads_to_each_language(browser, server, language) -> None:
    browser.get(f"{server}/index.html")
    if language == LANGUAGES[0]:
        shoot(browser, "root")
    browser.find_element("css selector", f'a[hreflang="{language}"]').click()
    wait(browser, "return document.readyState === 'complete'")
    assert browser.current_url == f"{server}/{language}/index.html"
    assert browser.find_element("tag name", "html").get_attribute("lang") == language
    shoot(browser, f"index-{language}")


FIGURES = """
const images = [...document.querySelectorAll('figure.tabula-board img')];
return images.map(img => {
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
  const context = canvas.getContext('2d');
  context.drawImage(img, 0, 0);
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  let inked = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] > 0 && (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200)) inked++;
  }
  const box = img.getBoundingClientRect();
  return {src: img.getAttribute('src'), complete: img.complete, width: img.naturalWidth,
          shown: box.width, inked: inked / (canvas.width * canvas.height)};
});
"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_chapter_shows_every_figure_drawn(browser, server, language) -> None:
    browser.get(f"{server}/{language}/brade/index.html")
    wait(browser, "return [...document.images].every(i => i.complete)")
    figures = browser.execute_script(FIGURES)
    assert len(figures) == 16
    for figure in figures:
        assert figure["complete"] and figure["width"] > 100, figure
        assert figure["shown"] > 100, figure  # laid out at a visible size
        assert figure["inked"] > 0.2, figure  # the board is drawn, not an empty SVG
    shoot(browser, f"brade-{language}")
    board = browser.find_element("css selector", "figure.tabula-board")
    board.screenshot(str(SHOTS / f"figure-{language}.png"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_switcher_lands_on_the_same_page(browser, server, language) -> None:
    page = "brade/index.html"
    for other in LANGUAGES:
        if other == language:
            continue
        browser.get(f"{server}/{language}/{page}")
        browser.find_element("css selector", f'nav.tabula-languages a[hreflang="{other}"]').click()
        wait(browser, "return document.readyState === 'complete'")
        assert browser.current_url == f"{server}/{other}/{page}"
        assert browser.find_element("tag name", "html").get_attribute("lang") == other


@pytest.mark.parametrize("language", LANGUAGES)
def test_search_finds_a_word_of_the_chapter(browser, server, language) -> None:
    browser.get(f"{server}/{language}/index.html")
    field = browser.find_element("css selector", "#searchbox input[name=q]")
    field.send_keys(SEARCH[language])
    field.submit()
    wait(browser, "return document.querySelectorAll('#search-results ul.search li').length > 0")
    links = [
        a.get_attribute("href")
        for a in browser.find_elements("css selector", "#search-results ul.search li a")
    ]
    assert any(link.split("?")[0].endswith(f"/{language}/brade/index.html") for link in links)
    shoot(browser, f"search-{language}", full=False)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_chapter_fits_a_320_px_screen(browser, server, language) -> None:
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 320, "height": 640, "deviceScaleFactor": 1, "mobile": True},
    )
    try:
        browser.get(f"{server}/{language}/brade/index.html")
        wait(browser, "return [...document.images].every(i => i.complete)")
        width = browser.execute_script(
            "return [document.documentElement.clientWidth, document.documentElement.scrollWidth]"
        )
        assert width[0] == 320
        assert width[1] <= width[0], f"the page scrolls sideways: {width[1]} px wide"
        wide = browser.execute_script(
            "return [...document.querySelectorAll('div.body *')]"
            ".filter(e => e.getBoundingClientRect().right > 321)"
            ".map(e => e.tagName + '.' + e.className).slice(0, 5)"
        )
        assert wide == []
        shoot(browser, f"narrow-{language}")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("language", LANGUAGES)
def test_printing_hides_the_switcher_and_sidebar(browser, server, language) -> None:
    browser.get(f"{server}/{language}/brade/index.html")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        shown = browser.execute_script(
            "return ['nav.tabula-languages', 'div.sphinxsidebar', 'div.body h1', 'figure']"
            ".map(s => getComputedStyle(document.querySelector(s)).display)"
        )
        assert shown[:2] == ["none", "none"]
        assert "none" not in shown[2:]
        printed = browser.execute_cdp_cmd("Page.printToPDF", {"printBackground": False})
        (SHOTS / f"print-{language}.pdf").write_bytes(base64.b64decode(printed["data"]))
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_the_pdf_link_serves_the_book(browser, server) -> None:
    for language in LANGUAGES:
        browser.get(f"{server}/{language}/brade/index.html")
        href = browser.find_element("css selector", "a.tabula-pdf").get_attribute("href")
        assert href == f"{server}/{language}/tabula-{language}.pdf"
        with urlopen(href) as response:
            assert response.read().startswith(b"%PDF-")


def test_nothing_is_fetched_from_outside_the_site(browser, server) -> None:
    requests(browser)  # forget what the other tests fetched; visit every kind of page again
    for language in LANGUAGES:
        for page in ("index.html", "brade/index.html", "search.html?q=x", "engine/cli.html"):
            browser.get(f"{server}/{language}/{page}")
            wait(browser, "return document.readyState === 'complete'")
    fetched = requests(browser)
    assert fetched, "the browser's network log is empty"
    outside = [u for u in fetched if not u.startswith((server + "/", "data:", "about:"))]
    assert outside == []
