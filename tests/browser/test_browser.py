"""The built site in a real browser: Debian's headless Chromium driven by Selenium.

The session's build (``tests/conftest.py``) is served on loopback by a server started here.
In each language: the root page leads to it, the Bräde chapter shows its figures (every SVG
drawn, not blank), the switcher lands on the same page in each other language and its every
control is named in the page's language and reached by the keyboard, search finds a word of
the chapter, the page fits a 320 px screen without sideways scrolling, its menu opens on a
phone by touch and by keyboard, it reads in light and in dark colours (its boards on a light
card), and printing hides the switcher and the sidebars. Nothing is fetched from outside the
site. A screenshot of each is kept in ``_build/screenshots/`` (``<what>-<lang>.png``; the
Bräde page at desktop and phone width, light and dark:
``brade-<lang>-<desktop|phone>-<light|dark>.png``).

Marked ``browser`` and ``slow``; they need ``/usr/bin/chromium`` and ``/usr/bin/chromedriver``
(``make setup-system``).
"""

from __future__ import annotations

import base64
import functools
import json
import re
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest
from babel.messages.pofile import read_po

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
# the site's own words (docs/_ext/tabula/locale): what the page's controls must be named
CHROME = ROOT / "docs" / "_ext" / "tabula" / "locale"
# the widths of a desktop window and of the narrowest phone
WIDTHS = {"desktop": (1100, 900, False), "phone": (320, 640, True)}

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


def shoot(driver: Any, name: str, full: bool = True, element: str = "") -> Path:
    """A screenshot of the whole page (not only the window), of the window, or of the first
    ``element`` matching a selector, kept as a test artifact. (Not WebElement.screenshot:
    after it, chromedriver's screenshots of the window come out blank.)"""
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics["cssContentSize"]
    if element:
        size = driver.execute_script(
            "const box = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return {x: box.left + scrollX, y: box.top + scrollY, width: box.width,"
            " height: box.height}",
            element,
        )
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {
            "format": "png",
            "captureBeyondViewport": full,
            **(
                {"clip": {"x": size.get("x", 0), "y": size.get("y", 0),
                          "width": size["width"], "height": size["height"], "scale": 1}}
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
    shoot(browser, f"figure-{language}", element="figure.tabula-board")


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
    field = browser.find_element("css selector", "form[role=search] input[name=q]")
    field.send_keys(SEARCH[language])
    field.submit()
    wait(browser, "return document.querySelectorAll('#search-results ul.search li').length > 0")
    links = [
        a.get_attribute("href")
        for a in browser.find_elements("css selector", "#search-results ul.search li a")
    ]
    assert any(link.split("?")[0].endswith(f"/{language}/brade/index.html") for link in links)
    shoot(browser, f"search-{language}", full=False)


# what sticks out of a 320 px screen: an element of the text wider than the screen, unless a
# box of its own scrolls it (a wide table or a long code line scrolls there, not the page)
WIDE = """
const scrolls = e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
const boxes = [...document.querySelectorAll('article[role=main] *')].filter(scrolls);
return [...document.querySelectorAll('article[role=main] *')]
  .filter(e => e.getBoundingClientRect().right > 321)
  .filter(e => !boxes.some(box => box !== e && box.contains(e)))
  .map(e => e.tagName + '.' + e.className).slice(0, 5);
"""


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
        assert browser.execute_script(WIDE) == []
        shoot(browser, f"narrow-{language}")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("language", LANGUAGES)
def test_printing_hides_the_switcher_and_sidebars(browser, server, language) -> None:
    browser.get(f"{server}/{language}/brade/index.html")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        shown = browser.execute_script(
            "return ['nav.tabula-languages', 'aside.sidebar-drawer', 'aside.toc-drawer',"
            " '.mobile-header', 'article[role=main] h1', 'figure']"
            ".map(s => getComputedStyle(document.querySelector(s)).display)"
        )
        assert shown[:4] == ["none"] * 4
        assert "none" not in shown[4:]
        printed = browser.execute_cdp_cmd("Page.printToPDF", {"printBackground": False})
        (SHOTS / f"print-{language}.pdf").write_bytes(base64.b64decode(printed["data"]))
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def chrome(language: str) -> dict[str, str]:
    """The site's own words in ``language``: English msgid -> what the page says."""
    with (CHROME / language / "LC_MESSAGES" / "tabula.po").open("rb") as source:
        return {m.id: m.string for m in read_po(source) if m.id and isinstance(m.id, str)}


def emulate(driver: Any, width: str = "desktop", scheme: str = "") -> None:
    """A window of ``width`` (WIDTHS) whose reader prefers light or dark colours."""
    wide, high, mobile = WIDTHS[width]
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": wide, "height": high, "deviceScaleFactor": 1, "mobile": mobile},
    )
    features = [{"name": "prefers-color-scheme", "value": scheme}] if scheme else []
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


def reset(driver: Any) -> None:
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.execute_script("localStorage.clear()")


def press(driver: Any, key: str) -> str:
    """Press a key; what has the focus then (tag, id, class, its accessible name)."""
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()
    return str(
        driver.execute_script(
            "const e = document.activeElement;"
            "return [e.tagName, e.id, e.className, e.getAttribute('aria-label')"
            " || e.textContent.trim()].join(' ')"
        )
    )


# Furo's own words are English; none may be left on a page of the site
FURO_ENGLISH = ("Skip to content", "Toggle site navigation", "Toggle table of contents",
                "Toggle Light / Dark", "Back to top", "On this page", "Toggle navigation of",
                "Made with")  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_control_is_named_in_the_language_and_reached_by_keyboard(
    browser, server, language
) -> None:
    from selenium.webdriver.common.keys import Keys

    words = chrome(language)
    browser.get(f"{server}/{language}/brade/index.html")
    assert not [w for w in FURO_ENGLISH if w in browser.page_source]
    switcher = browser.find_element("css selector", "nav.tabula-languages")
    assert switcher.get_attribute("aria-label") == words["This page in each language"]
    links = switcher.find_elements("css selector", "a")
    names = [link.accessible_name for link in links]
    assert names[:5] == [
        words["Tabula in every language: choose a language"],
        "Dansk",
        "Svenska",
        "Deutsch",
        "Français",
    ]
    current = switcher.find_element("css selector", "a[aria-current=page]")
    assert current.get_attribute("hreflang") == language
    named = {  # (the menu's toggle is there on a phone only: see the menu's test)
        "#__toc": "Show the contents of this page",
        ".theme-toggle-content button": "Colours: automatic, light or dark",
        "a.skip-to-content": "Skip to the text",
        "nav.sidebar-tree": "The pages of the edition",
    }
    for selector, msgid in named.items():
        element = browser.find_element("css selector", selector)
        assert element.accessible_name == words[msgid], (selector, element.accessible_name)
    # from the top of the page, Tab reaches the skip link first, then (past the sidebar)
    # the colours and every link of the switcher
    reached = [press(browser, Keys.TAB)]
    assert reached[0].startswith("A  skip-to-content"), reached
    while len(reached) < 80 and not reached[-1].endswith(names[-1]):
        reached.append(press(browser, Keys.TAB))
    assert any(words["Colours: automatic, light or dark"] in r for r in reached)
    for name in names:
        assert any(r.startswith("A ") and r.endswith(name) for r in reached), (name, reached)
    press(browser, Keys.SHIFT + Keys.TAB)  # the focus ring is on a switcher link
    shoot(browser, f"switcher-{language}", full=False)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_menu_opens_on_a_phone_by_touch_and_by_keyboard(browser, server, language) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    drawer = (
        "const d = document.querySelector('aside.sidebar-drawer');"
        "const box = d.getBoundingClientRect();"
        "return getComputedStyle(d).visibility === 'visible' && box.left >= 0 && box.right > 100"
    )
    emulate(browser, "phone")
    try:
        browser.get(f"{server}/{language}/brade/index.html")
        assert browser.execute_script(drawer) is False  # closed, and out of the Tab order
        toggle = browser.find_element("css selector", "#__navigation")
        assert toggle.accessible_name == chrome(language)["Show the pages of the edition"]
        browser.find_element("css selector", "label.nav-overlay-icon").click()
        wait(browser, drawer)
        tree = browser.find_elements("css selector", "nav.sidebar-tree a")
        assert len(tree) > 20 and all(link.is_displayed() for link in tree[:5])
        shoot(browser, f"menu-{language}", full=False)
        # a tap beside the open drawer (right of its 240 px) closes it
        overlay = browser.find_element("css selector", "label.sidebar-overlay")
        ActionChains(browser).move_to_element_with_offset(overlay, 140, 0).click().perform()
        wait(browser, f"return !(function () {{ {drawer} }})()")

        browser.get(f"{server}/{language}/brade/index.html")
        reached = [press(browser, Keys.TAB) for _ in range(2)]
        assert reached[1].startswith("INPUT __navigation"), reached
        press(browser, Keys.SPACE)
        wait(browser, drawer)
        later = [press(browser, Keys.TAB) for _ in range(6)]
        assert any("sidebar-search" in r for r in later), later  # the drawer's search field
    finally:
        reset(browser)


RGB = re.compile(r"rgba?\((\d+), (\d+), (\d+)")


def luminance(colour: str) -> float:
    """The relative luminance (WCAG) of a computed CSS colour."""
    match = RGB.match(colour)
    assert match, colour

    def linear(value: str) -> float:
        c = int(value) / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in match.groups())
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


COLOURS = """
const style = e => getComputedStyle(e);
const body = document.body, text = document.querySelector('article[role=main] p');
const board = document.querySelector('figure.tabula-board img');
return {page: style(body).backgroundColor, text: style(text).color,
        card: style(board).backgroundColor, padding: parseFloat(style(board).paddingLeft)};
"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_chapter_reads_in_light_and_dark_at_desktop_and_phone_width(
    browser, server, language
) -> None:
    try:
        for width in WIDTHS:
            for scheme in ("light", "dark"):
                emulate(browser, width, scheme)
                browser.get(f"{server}/{language}/brade/index.html")
                wait(browser, "return [...document.images].every(i => i.complete)")
                colours = browser.execute_script(COLOURS)
                page, text = luminance(colours["page"]), luminance(colours["text"])
                assert (page < 0.05) == (scheme == "dark"), (width, scheme, colours)
                # the text stands out (WCAG AA: a contrast of at least 4.5)
                assert (max(page, text) + 0.05) / (min(page, text) + 0.05) >= 4.5, colours
                # the boards are drawn on white: on a white card, in dark with a margin
                assert luminance(colours["card"]) > 0.95, colours
                assert (colours["padding"] > 0) == (scheme == "dark"), colours
                if width == "phone":
                    assert browser.execute_script(WIDE) == []
                browser.execute_script(
                    "const f = document.querySelector('figure.tabula-board');"
                    "window.scrollTo({top: f.getBoundingClientRect().top + scrollY - 120,"
                    " behavior: 'instant'})"
                )
                shoot(browser, f"brade-{language}-{width}-{scheme}", full=False)
        # Furo's switch: from the system's light colours to dark, kept for the next page
        emulate(browser, "desktop", "light")
        browser.get(f"{server}/{language}/brade/index.html")
        browser.find_element("css selector", ".theme-toggle-content button").click()
        assert browser.execute_script("return document.body.dataset.theme") == "dark"
        browser.get(f"{server}/{language}/index.html")
        assert luminance(browser.execute_script(COLOURS.replace(
            "figure.tabula-board img", "body"))["page"]) < 0.05  # fmt: skip
    finally:
        reset(browser)


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
