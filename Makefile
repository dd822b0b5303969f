# Set-up and checks in one place; README.md and .ci/run call these targets.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: play test install lint typecheck docs bench clean

# A fresh virtualenv with the project and every extra (test, docs, dev) installed.
$(VENV)/installed.stamp: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

install: $(VENV)/installed.stamp

play: install
	$(BIN)/cardgames play koikoi

# The whole test suite: tests (with hypothesis), lint, types, and a strict docs build.
test: install
	$(BIN)/pytest -q -n 2
	$(BIN)/ruff check src tests benchmarks docs/examples
	$(BIN)/mypy
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir $(VENV)/site

bench: install
	for script in benchmarks/*_bench.py; do $(BIN)/python $$script; done

clean:
	rm -rf $(VENV) site .pytest_cache .mypy_cache .ruff_cache .hypothesis
