# The two set-up commands of the README are `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1:8000

.PHONY: run test install install-test install-bench chromium lint bench

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install --quiet -e .

install-test: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'

install-bench: $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test,bench]'

## The site on SQLite with the sample catalogue, at http://127.0.0.1:8000, and a Celery
## worker beside it for simulations (Ctrl-C stops both)
run: install
	DEBUG=1 $(BIN)/python manage.py migrate --no-input
	DEBUG=1 $(BIN)/python manage.py load_catalogue
	DEBUG=1 $(BIN)/python manage.py runsite $(HOST)

## The whole test suite (browser tests need Debian's chromium; installed here when root)
test: install-test chromium
	$(BIN)/pytest -n 2

chromium:
	@command -v chromium >/dev/null || command -v chromium-browser >/dev/null \
	  || [ -n "$$SHEN_CHROMIUM" ] \
	  || { [ "$$(id -u)" = 0 ] && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
	  || { echo "Install Chromium for the browser tests: sudo apt-get install chromium"; exit 1; }

lint: install-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

## Every benchmark once, at its defaults (about half an hour; bench/README.md lists them)
bench: install-bench
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.catalogue
	$(BIN)/python -m bench.decks
	$(BIN)/python -m bench.matches
	$(BIN)/python -m bench.hostile
	$(BIN)/python -m bench.simulate
	$(BIN)/python -m bench.bot_latency
	$(BIN)/python -m bench.bots --minutes 10
