"""Every word the extension itself puts on a page is translated into all four languages.

The messages are found by reading the extension's code (each ``_("…")`` call), not by
listing them here, so a new label without translations fails this test.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

EXTENSION = Path(__file__).resolve().parents[2] / "docs" / "_ext" / "tabula"
LANGUAGES = ("da", "sv", "de", "fr")


def _messages() -> dict[str, str]:
    """msgid -> where it is used."""
    found: dict[str, str] = {}
    for path in sorted(EXTENSION.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "_"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.setdefault(node.args[0].value, f"{path.name}:{node.lineno}")
    return found


def test_the_extension_has_messages_to_translate() -> None:
    assert len(_messages()) > 20


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_has_a_translation_with_the_same_placeholders(language: str) -> None:
    path = EXTENSION / "locale" / language / "LC_MESSAGES" / "tabula.po"
    with path.open("rb") as source:
        catalog = read_po(source)
    for msgid, where in _messages().items():
        message = catalog.get(msgid)
        assert message is not None and message.string, f"{where}: no {language} for {msgid!r}"
        placeholders = sorted(re.findall(r"%\(\w+\)[sd]", msgid))
        assert sorted(re.findall(r"%\(\w+\)[sd]", message.string)) == placeholders, (
            where,
            language,
        )
