# mmlib -- developer entry points.  `make lab` and `make test` are all you need.
SHELL := /bin/bash
.DEFAULT_GOAL := lab

VENV    := .venv
PY      := $(VENV)/bin/python
PIP     := $(VENV)/bin/pip
STAMP   := $(VENV)/.installed

# Extra arguments, e.g. `make lab LAB_ARGS=--no-browser` or `make test PYTEST_ARGS='-k alpha'`.
LAB_ARGS    ?=
PYTEST_ARGS ?=
# Notebook validation; will become: --nbval notebooks --sanitize-with notebooks/sanitize.cfg
NBVAL_ARGS  ?=

# JupyterLab refuses to run as root without this flag.
ROOT_ARGS := $(if $(filter 0,$(shell id -u)),--allow-root)

# Only lint paths that exist (benchmarks/ and notebooks/ may still be empty or missing).
RUFF_PATHS := $(wildcard mmlib tests benchmarks notebooks)

# The one pytest invocation used by `make test`; extend it here.
PYTEST := $(PY) -m pytest $(NBVAL_ARGS) $(PYTEST_ARGS)

.PHONY: lab test bench notebooks clean install

$(PY):
	python3 -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e '.[test]'
	touch $@

install: $(STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks $(ROOT_ARGS) $(LAB_ARGS)

test: $(STAMP)
	$(VENV)/bin/ruff check $(RUFF_PATHS)
	$(PYTEST)

bench: $(STAMP)
	$(PY) benchmarks/run.py

notebooks: $(STAMP)
	export PYTHONHASHSEED=0 MPLBACKEND=Agg; \
	shopt -s nullglob; \
	for nb in notebooks/*.ipynb notebooks/labs/*.ipynb; do \
	  echo "executing $$nb"; \
	  $(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace "$$nb" || exit 1; \
	done

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .hypothesis
	find . -path ./.git -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print0 | xargs -0 rm -rf
