# Tabula — every command a contributor needs. `make help` lists them.
# Each target that needs Python creates the virtual environment .venv first (make setup).

PYTHON  ?= python3
VENV    ?= .venv
PY      := $(VENV)/bin/python
LANGS   := da sv de fr
PORT    ?= 8000

.PHONY: help setup html verify test test-fast lint gettext update-po check-po bench serve clean

help:
	@echo "make html       build the site in all four languages into _build/html/ (warnings are errors)"
	@echo "make test       run every test: engine, figures, catalogues, the four-language build"
	@echo "make test-fast  the tests without the site build"
	@echo "make verify     check every claim of every figure (python -m engine verify)"
	@echo "make lint       ruff over the engine, the extension, the tools and the tests"
	@echo "make gettext    regenerate the message templates in _build/gettext/"
	@echo "make update-po  bring locale/*/LC_MESSAGES/*.po up to date with the sources"
	@echo "make check-po   fail on a stale, malformed or markup-dropping catalogue"
	@echo "make bench      measure build and engine speed; results in bench/results.md"
	@echo "make serve      serve _build/html on http://127.0.0.1:$(PORT)/ (after make html)"
	@echo "make clean      remove _build/ (the figure cache in docs/_generated/ stays)"

# The virtual environment, rebuilt when requirements.txt changes.
$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

setup: $(VENV)/.installed

html: setup
	$(PY) tools/build.py

verify: setup
	$(PY) -m engine verify

test: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m engine verify
	$(PY) -m pytest

test-fast: setup
	$(PY) -m pytest -m "not slow"

lint: setup
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

gettext: setup
	$(PY) -m sphinx -b gettext -q -c . -D language=en docs _build/gettext

update-po: gettext
	$(VENV)/bin/sphinx-intl update -p _build/gettext -d locale -w 79 $(addprefix -l ,$(LANGS))
	$(PY) tools/catalogues.py normalize

check-po: setup
	$(PY) tools/catalogues.py check

bench: setup
	$(PY) tools/bench.py --out bench/results.md

serve:
	@test -f _build/html/index.html || { echo "no site yet: run 'make html' first"; exit 2; }
	@echo "Tabula is served at http://127.0.0.1:$(PORT)/ (Ctrl-C stops)"
	$(PYTHON) -m http.server $(PORT) --bind 127.0.0.1 --directory _build/html

clean:
	rm -rf _build
