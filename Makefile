# Set-up and checks in one place; README.md and .ci/run call these targets.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: play test check install package lint typecheck docs bench strength clean

# `make play` installs what playing needs: the package and the app extra (Textual), so that
# `cardgames play` opens the full-screen table; `make test` adds the test, docs and lint
# extras to the same virtualenv.
# (The Makefile too: a .venv made before `make play` installed the app gets it.)
$(VENV)/play.stamp: pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[app]'
	touch $@

$(VENV)/dev.stamp: $(VENV)/play.stamp
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

$(VENV)/package.stamp: $(VENV)/dev.stamp
	$(BIN)/python -m pip install --quiet -e '.[package]'
	touch $@

install: $(VENV)/dev.stamp

play: $(VENV)/play.stamp
	@echo "(the command is $(BIN)/cardgames; 'source $(BIN)/activate' puts 'cardgames' on PATH)"
	$(BIN)/cardgames play koikoi

# The whole test suite: tests (with hypothesis), lint, types, a strict docs build, and the
# package built and tested on its own (make package). README's test command; CI runs it.
test: check package

# The suite without the package step, for a quick run while working.
check: install
	$(BIN)/pytest -q -n 2
	$(BIN)/ruff check src tests benchmarks docs/examples .ci
	$(BIN)/mypy
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir $(VENV)/site

# Build the sdist and wheel, check them (twine, contents, metadata), install the wheel into a
# fresh virtualenv outside the tree and smoke-test it there; the last step of `make test`.
package: $(VENV)/package.stamp
	rm -rf dist
	$(BIN)/python -m build --outdir dist .
	$(BIN)/twine check --strict dist/*
	$(BIN)/python .ci/check_package.py dist

bench: install
	for script in benchmarks/*_bench.py; do $(BIN)/python $$script; done

# The bots' strength against their targets (slow: see benchmarks/strength.py for --games).
strength: install
	$(BIN)/python benchmarks/strength.py --games 200

clean:
	rm -rf $(VENV) site dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
