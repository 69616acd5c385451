# Tabula — every command a contributor needs. `make help` lists them.
# Each target that needs Python creates the virtual environment .venv first; the targets that
# need TeX or Chromium install them first when run as root (make setup-system).

PYTHON  ?= python3
VENV    ?= .venv
PY      := $(VENV)/bin/python
LANGS   := da sv de fr
PORT    ?= 8000
# the address the site is published at (https://example.org/spel/tabula/): the pages' canonical
# and language-alternate links, link previews, sitemap.xml and robots.txt; empty: none of them
BASEURL ?=

.PHONY: help setup setup-system html pdf booklets epub verify check test test-fast lint gettext update-po \
	check-po translation-stats bench serve dist clean

help:
	@echo "make setup         the virtual environment (.venv) and the system packages (setup-system)"
	@echo "make setup-system  install XeLaTeX, poppler, epubcheck, Chromium if missing (as root;"
	@echo "                   else says what)"
	@echo "make html          build the site in all four languages into _build/html/, the e-books,"
	@echo "                   and the PDF books and booklets too when TeX is installed (warnings"
	@echo "                   are errors); with BASEURL=https://… (the public address) also the"
	@echo "                   canonical and language links, link previews, sitemap.xml and"
	@echo "                   robots.txt"
	@echo "make pdf           build the four PDF books into _build/pdf/tabula-<lang>.pdf"
	@echo "make booklets      build a booklet per game and language (A5, and A4 two-up to fold)"
	@echo "                   into _build/booklets/<lang>/tabula-<lang>-<game>[-a4].pdf"
	@echo "make epub          build the four e-books into _build/epub/tabula-<lang>.epub, checked"
	@echo "                   with epubcheck"
	@echo "make check         every gate on _build/: lint, types (mypy --strict engine), verify,"
	@echo "                   catalogues, translation gates, the four sites, books, booklets and"
	@echo "                   e-books (epubcheck) with warnings as errors, links, network loads,"
	@echo "                   alt texts"
	@echo "make test          make check, then every test: engine, catalogues, build, PDF, booklets,"
	@echo "                   e-books, browser"
	@echo "make test-fast     the tests without the site build, TeX or the browser"
	@echo "make verify        check every claim of every figure (python -m engine verify)"
	@echo "make lint          ruff over the engine, the extension, the tools and the tests"
	@echo "make gettext       regenerate the message templates in _build/gettext/"
	@echo "make update-po     bring locale/*/LC_MESSAGES/*.po up to date with the sources"
	@echo "make check-po      fail on a stale, malformed, markup-dropping or fuzzy catalogue, and"
	@echo "                   run the translation gates (tools/gates.py: numbers, letters, terms,"
	@echo "                   language, spelling, coverage)"
	@echo "make translation-stats  words per language: from the sources, by the edition, left"
	@echo "make bench         measure build, PDF, booklets, e-books, page weight and engine speed"
	@echo "                   into bench/results.md, and fuzz the engine's command line with"
	@echo "                   100,000 malformed inputs"
	@echo "make dist          the release in dist/: the site as one zip, the four books, the four"
	@echo "                   e-books, each language's booklets as one zip, SHA256SUMS"
	@echo "                   (builds first; BASEURL as for make html)"
	@echo "make serve         serve _build/html on http://127.0.0.1:$(PORT)/ (after make html;"
	@echo "                   PREFIX=/spel/tabula/ serves it under that path)"
	@echo "make clean         remove _build/ and dist/ (the figure cache in docs/_generated/ stays:"
	@echo "                   every entry is verified against its hashes when read)"

# The virtual environment, rebuilt when requirements.txt changes.
$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

# The test-only packages (requirements-test.txt: the backgammon oracle of the Toute-Table
# tests), installed for the tests alone; the site build never needs them.
$(VENV)/.installed-test: requirements-test.txt $(VENV)/.installed
	$(PY) -m pip install --quiet -r requirements-test.txt
	touch $@

setup: $(VENV)/.installed setup-system

# XeLaTeX (and its languages), poppler, Chromium and chromedriver: tools/system-packages.txt
setup-system:
	@sh tools/setup_system.sh

html: $(VENV)/.installed
	$(PY) tools/build.py --baseurl "$(BASEURL)"

pdf: $(VENV)/.installed
	$(PY) tools/build.py --pdf only

booklets: $(VENV)/.installed
	$(PY) tools/build.py --booklets only

epub: $(VENV)/.installed
	$(PY) tools/build.py --epub only

verify: $(VENV)/.installed
	$(PY) -m engine verify

check: setup $(VENV)/.installed-test
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy --strict engine
	$(PY) -m engine verify
	$(PY) tools/catalogues.py check
	$(PY) tools/gates.py
	$(PY) tools/build.py --pdf yes --booklets yes --epub yes --baseurl "$(BASEURL)"
	$(PY) tools/check_site.py _build/html

test: check $(VENV)/.installed-test
	$(PY) -m pytest

test-fast: $(VENV)/.installed-test
	$(PY) -m pytest -m "not slow and not browser"

lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

# -W: a page that fails to build (a figure whose claims do not hold) would leave its
# captions out of the templates, and update-po would then drop their translations; -E: a
# fresh read every time, so that a page left broken by an earlier run is read again.
gettext: $(VENV)/.installed
	$(PY) -m sphinx -b gettext -q -E -W --keep-going -c . -D language=en docs _build/gettext

update-po: gettext
	$(VENV)/bin/sphinx-intl update -p _build/gettext -d locale -w 79 $(addprefix -l ,$(LANGS))
	$(PY) tools/catalogues.py normalize

check-po: $(VENV)/.installed-test
	$(PY) tools/catalogues.py check
	$(PY) tools/gates.py

# the edition's translations: words translated by the sources, by the edition, and left
translation-stats: $(VENV)/.installed
	$(PY) tools/gates.py --stats

# then 100,000 malformed calls of python -m engine (tools/fuzz.py), counted into the same file
bench: $(VENV)/.installed
	$(PY) tools/bench.py --out bench/results.md
	$(PY) tools/fuzz.py --inputs 100000 --results bench/results.md

# files only (no folder listings), the site's 404 page, one line if the port is taken
serve:
	@$(PYTHON) tools/serve.py --port "$(PORT)" --prefix "$(or $(PREFIX),/)" _build/html

# the release: the site, the books, booklets and e-books built (TeX and epubcheck required),
# then archived with checksums
dist: setup
	$(PY) tools/build.py --pdf yes --booklets yes --epub yes --baseurl "$(BASEURL)"
	$(PY) tools/dist.py

clean:
	rm -rf _build dist
