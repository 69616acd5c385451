"""Sphinx configuration for Tabula, built once per language.

Build one language with ``sphinx-build -c . -b html -D language=da docs _build/html/da``;
``tools/build.py`` builds all four (see README.md). Sources are in ``docs/`` (MyST), the
catalogues in ``locale/<lang>/LC_MESSAGES/``.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
sys.path.insert(0, str(ROOT))

project = "Tabula"
author = "Tabula"
copyright = "2026, Tabula"
# the edition's version, said once in pyproject.toml: page footers, the books, make dist
with open(ROOT / "pyproject.toml", "rb") as _pyproject:
    release = version = tomllib.load(_pyproject)["project"]["version"]

extensions = ["myst_parser", "tabula"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 0  # explicit labels only: anchors must not change with the language

# Each build passes -D language=xx; Swedish is the language of the foundation chapter.
language = "sv"
tabula_source_language = "sv"
tabula_languages = {"da": "Dansk", "sv": "Svenska", "de": "Deutsch", "fr": "Français"}

locale_dirs = ["../locale/"]  # relative to the source directory, docs/
gettext_compact = True  # one catalogue per chapter folder
gettext_uuid = False
gettext_location = False  # line numbers would churn every catalogue on every edit
gettext_additional_targets: list[str] = []

root_doc = "index"
exclude_patterns = ["_build", "_generated", "**/editorial.toml", ".*"]
templates_path = ["docs/_templates"]
html_static_path = ["docs/_static"]
html_css_files = ["tabula.css"]
# the site's own icon: without one, a browser asks the host's root for /favicon.ico
html_favicon = "docs/_static/favicon.svg"
# Furo: a menu on a phone, light and dark colours, the reader's own fonts (nothing loaded
# from elsewhere). docs/_templates/page.html puts Tabula's own parts in its page: the
# language switcher, the labels in the reader's language, the footer with the version.
html_theme = "furo"
html_theme_options = {
    "top_of_page_buttons": [],  # no "edit this page": the sources are not on the site
}
html_title = "Tabula"
html_last_updated_fmt = None
html_copy_source = False
html_show_sourcelink = False
numfig = False
smartquotes = False  # the sources' own punctuation is printed as it is

latex_engine = "xelatex"

# the public address (tools/build.py --baseurl; make html BASEURL=...): see tabula.publishing
tabula_baseurl = ""
ogp_site_name = "Tabula"
ogp_social_cards = {"enable": False}  # the preview is the page's first board (tabula.publishing)
ogp_enable_meta_description = False  # tabula.publishing describes a page by its own words
