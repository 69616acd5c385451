"""Replays and "try a roll" in Chromium, on the session's build (``tests/conftest.py``).

In each language: step forward and back through the Kermadeuc lesson and the combined
Trictrac's walkthrough (buttons and arrow keys, the counter, the step's address, what a
screen reader is told), open a step by its address, and pick throws on a Bräde and a
Trictrac figure, comparing every play the page lists with ``python -m engine legal`` and the
points with ``python -m engine score`` (the engine's command line, run here on the figure's
position). Without JavaScript nothing of them shows; at 320 px nothing overflows; a page
read from its folder (file://) loads a figure's answers too; and a page weighs under 1 MB
with all it loads. Screenshots at desktop and phone width, light and dark, are kept in
``_build/screenshots/`` (``play-*.png``).
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest
from test_browser import LANGUAGES, SHOTS, browser, server, shoot, wait  # noqa: F401

from engine.cli import main as engine
from engine.core.position import Colour
from engine.games import read_position, write_position
from engine.specs import load_spec

pytestmark = [pytest.mark.slow, pytest.mark.browser]

LESSON = "kermadeuc/index.html"
REPLAY_IMAGE = "#lecon-premier-releve img"
WALK = "trictrac-combine/index.html"


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    """What ``python -m engine`` answers (in-process)."""
    capsys.readouterr()
    assert engine(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def words(driver: Any) -> dict[str, str]:
    found: dict[str, str] = driver.execute_script("return window.tabulaWords")
    return found


def say(text: str, **values: object) -> str:
    return re.sub(r"%\((\w+)\)s", lambda m: str(values[m.group(1)]), text)


def visible_step(driver: Any, replay: str) -> dict[str, Any]:
    found: dict[str, Any] = driver.execute_script(
        """
        const section = document.getElementById(arguments[0]);
        const shown = [...section.querySelectorAll('li.tabula-replay-step')]
          .filter(li => !li.hidden && getComputedStyle(li).display !== 'none');
        const image = section.querySelector('img.tabula-replay-board');
        return {shown: shown.map(li => li.id), counter:
          section.querySelector('.tabula-replay-counter').textContent,
          live: section.querySelector('[aria-live]').textContent,
          image: image.getAttribute('src'), loaded: image.complete && image.naturalWidth > 0,
          alt: image.alt, hash: location.hash,
          data: JSON.parse(section.getAttribute('data-tabula-replay'))};
        """,
        replay,
    )
    return found


# Furo scrolls smoothly: a test that scrolls must not find the page half-way
INSTANT = "arguments[0].scrollIntoView({behavior: 'instant', block: 'center'})"


def click(driver: Any, selector: str) -> None:
    driver.execute_script("document.querySelector(arguments[0]).click()", selector)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("page", "replay"), [(LESSON, "lecon-premier-releve"), (WALK, "verlauf")])
def test_step_forward_and_back(browser, server, language, page, replay) -> None:  # noqa: F811
    browser.get(f"{server}/{language}/{page}")
    wait(browser, "return document.querySelector('section.tabula-replay:not([hidden])')")
    said = words(browser)
    first = visible_step(browser, replay)
    count = first["data"]["steps"]
    assert first["shown"] == [f"{replay}-step-1"]
    assert first["counter"] == say(said["step"], n=1, count=count)
    for _ in range(2):
        click(browser, f"#{replay} .tabula-replay-next")
    wait(browser, f"return document.querySelector('#{replay} img').naturalWidth > 0")
    third = visible_step(browser, replay)
    assert third["shown"] == [f"{replay}-step-3"] and third["hash"] == f"#{replay}-step-3"
    assert third["counter"] == say(said["step"], n=3, count=count)
    assert third["image"] == third["data"]["images"][2] and third["loaded"]
    assert third["alt"] == third["data"]["alts"][2] and third["alt"]
    assert third["live"].startswith(third["counter"])  # a screen reader hears the step
    button = browser.find_element("css selector", f"#{replay} .tabula-replay-previous")
    button.send_keys("\ue012")  # the left arrow key, from the keyboard
    second = visible_step(browser, replay)
    assert second["shown"] == [f"{replay}-step-2"]
    assert browser.execute_script(f"return document.querySelector('#{replay} img').alt")
    if language == "fr":
        shoot_node(browser, browser.find_element("css selector", f"#{replay}"),
                   f"play-replay-{replay}-desktop")  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_step_opens_from_its_address(browser, server, language) -> None:  # noqa: F811
    browser.get("about:blank")  # the same page at another address would not be loaded again
    browser.get(f"{server}/{language}/{LESSON}#lecon-premier-releve-step-23")
    wait(browser, "return document.querySelector('#lecon-premier-releve:not([hidden])')")
    found = visible_step(browser, "lecon-premier-releve")
    assert found["shown"] == ["lecon-premier-releve-step-23"]
    assert found["counter"] == say(words(browser)["step"], n=23, count=found["data"]["steps"])
    wait(browser, f"return document.querySelector('{REPLAY_IMAGE}')?.naturalWidth > 0")
    # the page opens at the replay, its board in view (Furo scrolls there smoothly)
    wait(
        browser,
        "const top = document.getElementById('lecon-premier-releve').getBoundingClientRect()"
        ".top; return -2 <= top && top < 200",
    )
    # the step the lesson's error is flagged at links its editorial note, on the page
    flag = browser.find_element(
        "css selector", "#lecon-premier-releve-step-23 .tabula-replay-wrong a"
    )
    target = flag.get_attribute("href").split("#")[1]
    assert browser.execute_script("return !!document.getElementById(arguments[0])", target)


def open_trial(driver: Any, figure: int) -> Any:
    boards = driver.find_elements("css selector", "figure.tabula-board")
    board = boards[figure]
    driver.execute_script(INSTANT, board)
    board.find_element("css selector", ".tabula-try-open").click()
    from selenium.webdriver.support.ui import WebDriverWait

    # the answers are loaded: the throws are listed
    WebDriverWait(driver, 10).until(lambda d: board.find_elements("css selector", "option"))
    return board


def pick(driver: Any, board: Any, roll: str) -> list[str]:
    from selenium.webdriver.support.ui import Select

    Select(board.find_element("css selector", "select")).select_by_value(roll)
    buttons = board.find_elements("css selector", ".tabula-try-play")
    return [b.get_attribute("data-play") for b in buttons]  # the notation (the text adds names)


@pytest.mark.parametrize("language", LANGUAGES)
def test_try_a_roll_on_a_brade_figure(browser, server, language, capsys) -> None:  # noqa: F811
    spec = load_spec("brade/explosion")
    browser.get(f"{server}/{language}/brade/index.html")
    wait(browser, "return document.querySelector('div.tabula-try:not([hidden])')")
    board = open_trial(browser, board_index(browser, spec))
    position = read_position(spec.position)
    mover = position.turn or Colour(spec.view.numbering)
    shown = write_position(position.replace(turn=mover, dice=None))
    for roll in ("6-6", "6-5", "3-1", "1-1"):
        listed = pick(browser, board, roll)
        legal = cli(capsys, "legal", "brade", "-p", shown, "-r", roll)
        assert listed == [p["play"] for p in legal], roll
        if listed == ["(no move)"]:
            summary = board.find_element("css selector", ".tabula-try-summary").text
            assert summary.endswith(
                say(words(browser)["none"], side=side(browser, mover), roll=roll)
            )
    listed = pick(browser, board, "6-5")
    board.find_elements("css selector", ".tabula-try-play")[0].click()
    arrows = browser.execute_script(
        "return arguments[0].querySelectorAll('svg.tabula-try-arrows .tabula-try-arrow').length",
        board,
    )
    assert arrows == len(listed[0].split())  # one arrow per move, over the board
    if language == "sv":
        shoot_node(browser, board, "play-try-brade-desktop")


def board_index(driver: Any, spec: Any) -> int:
    """Which board of the page is the figure ``spec`` (its data script bears its key)."""
    index: int = driver.execute_script(
        "return [...document.querySelectorAll('figure.tabula-board')]"
        ".findIndex(f => f.querySelector('div.tabula-try') && JSON.parse("
        "f.querySelector('div.tabula-try').dataset.tabulaTry).key === arguments[0])",
        trial_key(spec),
    )
    assert index >= 0, spec.id
    return index


def side(driver: Any, colour: Colour) -> str:
    return words(driver)["white" if colour is Colour.WHITE else "black"]


def trial_key(spec: Any) -> str:
    """The name of a figure's data script: its drawing's stem (engine.figures)."""
    from engine.figures import cache_key

    return f"{spec.game}-{cache_key(spec)}.try"


@pytest.mark.parametrize("language", LANGUAGES)
def test_try_a_roll_on_a_trictrac_figure(browser, server, language, capsys) -> None:  # noqa: F811
    spec = load_spec("kermadeuc/fig-5")
    browser.get(f"{server}/{language}/{LESSON}")
    wait(browser, "return document.querySelector('div.tabula-try:not([hidden])')")
    board = open_trial(browser, board_index(browser, spec))
    for roll in ("6-5", "4-3", "1-1"):
        listed = pick(browser, board, roll)
        score = cli(capsys, "score", "trictrac", "-p", spec.position, "-r", roll)
        assert listed == [p["play"] for p in score["plays"]], roll
        gains = board.find_element("css selector", ".tabula-try-scores [data-gains]")
        assert gains.get_attribute("data-gains") == (
            f"{score['gains']['mover']},{score['gains']['opponent']}"
        )
        text = board.find_element("css selector", ".tabula-try-scores").text
        for event in score["events"]:
            assert words(browser)[f"event:{event['kind']}"] in text
    if language == "fr":
        shoot_board(browser, board, "play-try-trictrac-desktop")


def shoot_board(driver: Any, board: Any, name: str) -> None:
    driver.execute_script(INSTANT, board)
    shoot_node(driver, board, name)


def shoot_node(driver: Any, node: Any, name: str) -> None:
    """A screenshot of one element, clipped from the page (not WebElement.screenshot: after
    it chromedriver's page stops answering scrolls and clicks; see test_browser.shoot)."""
    box = driver.execute_script(
        "const b = arguments[0].getBoundingClientRect();"
        "return {x: b.left + scrollX, y: b.top + scrollY, width: b.width, height: b.height}",
        node,
    )
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {"format": "png", "captureBeyondViewport": True, "clip": {**box, "scale": 1}},
    )
    (SHOTS / f"{name}.png").write_bytes(base64.b64decode(shot["data"]))


def test_without_javascript_nothing_of_them_shows(browser, server) -> None:  # noqa: F811
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.get(f"{server}/fr/{LESSON}")
        shown = browser.execute_script(
            "return [...document.querySelectorAll('.tabula-replay, .tabula-try')]"
            ".filter(e => getComputedStyle(e).display !== 'none').length"
        )
        assert shown == 0
        count = browser.execute_script(
            "return document.querySelectorAll('section.tabula-replay').length"
        )
        assert count == 6
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
        browser.get("about:blank")


@pytest.mark.parametrize("scheme", ("light", "dark"))
def test_usable_at_320_px(browser, server, scheme) -> None:  # noqa: F811
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 320, "height": 640, "deviceScaleFactor": 1, "mobile": True},
    )
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": scheme}]},
    )
    try:
        browser.get("about:blank")
        browser.get(f"{server}/fr/{LESSON}#lecon-premier-releve-step-5")
        wait(browser, f"return document.querySelector('{REPLAY_IMAGE}')?.naturalWidth > 0")
        board = open_trial(browser, 4)
        pick(browser, board, "6-5")
        first = board.find_elements("css selector", ".tabula-try-play")[0]
        browser.execute_script("arguments[0].click()", first)  # below the phone's fold
        widths = browser.execute_script(
            "return [document.documentElement.clientWidth, document.documentElement.scrollWidth]"
        )
        assert widths[1] <= widths[0] == 320, widths
        wide = browser.execute_script(
            "return [...document.querySelectorAll('.tabula-replay *, .tabula-try *')]"
            ".filter(e => e.getBoundingClientRect().right > 321)"
            ".map(e => e.tagName + '.' + e.className).slice(0, 5)"
        )
        assert wide == []
        replay = browser.find_element("css selector", "#lecon-premier-releve")
        browser.execute_script(INSTANT, replay)
        shoot_node(browser, replay, f"play-replay-phone-{scheme}")
        shoot_board(browser, board, f"play-try-phone-{scheme}")
        shoot(browser, f"play-phone-{scheme}", full=False)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_page_read_from_its_folder_loads_a_figures_answers(browser, site: Path) -> None:  # noqa: F811
    browser.get((site / "de" / "brade" / "index.html").as_uri())
    wait(browser, "return document.querySelector('div.tabula-try:not([hidden])')")
    board = open_trial(browser, 0)
    assert board.find_elements("css selector", ".tabula-try-play")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pages_with_replays_weigh_under_1_mb(browser, server, language) -> None:  # noqa: F811
    for page in (LESSON, WALK, "tourne-case/index.html"):
        browser.get(f"{server}/{language}/{page}")
        wait(browser, "return document.readyState === 'complete'")
        weight = browser.execute_script(
            "const size = e => e.transferSize || e.encodedBodySize || 0;"
            "return size(performance.getEntriesByType('navigation')[0]) + "
            "performance.getEntriesByType('resource').reduce((s, e) => s + size(e), 0)"
        )
        assert weight < 1_000_000, (page, weight)
