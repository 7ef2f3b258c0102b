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

# JupyterLab refuses to run as root without this flag.
ROOT_ARGS := $(if $(filter 0,$(shell id -u)),--allow-root)

# Only lint paths that exist (benchmarks/ and notebooks/ may still be empty or missing).
RUFF_PATHS := $(wildcard mmlib tests benchmarks notebooks)

# Every notebook, validated by strict nbval and re-executed by `make notebooks`.
LECTURES      := $(sort $(wildcard notebooks/*.ipynb))
LABS          := $(sort $(wildcard notebooks/labs/*.ipynb))
SOLUTIONS     := $(sort $(wildcard notebooks/labs/solutions/*.ipynb))
ALL_NOTEBOOKS := $(LECTURES) $(LABS) $(SOLUTIONS)

# A fixed environment for executing notebooks: the same matplotlib backend (the kernel's inline default)
# and the same hash seed whether a notebook runs in `make notebooks`, under nbval or in JupyterLab.
export PYTHONHASHSEED := 0
unexport MPLBACKEND

# Strict nbval: every output of every cell is compared, except cells tagged nbval-ignore-output;
# notebooks/sanitize.cfg says what is compared and rewrites addresses, timings and temp paths.
NBVAL_ARGS ?= --nbval --nbval-current-env --nbval-sanitize-with notebooks/sanitize.cfg \
              --nbval-cell-timeout=120 --nbval-kernel-startup-timeout=120

# The one pytest invocation used by `make test`: unit tests (incl. the browser and packaging tests),
# the package doctests and strict nbval over every notebook, with one summary line.
PYTEST := $(PY) -m pytest -p no:randomly --doctest-modules tests mmlib $(NBVAL_ARGS) $(ALL_NOTEBOOKS) \
          $(PYTEST_ARGS)

# Executing one notebook in place (kernel python3 = this venv's kernel, as recorded in every notebook).
NBCONVERT := $(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace \
             --ExecutePreprocessor.kernel_name=python3 --ExecutePreprocessor.timeout=300

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

# Lectures and lab solutions must run without errors; the student labs keep their raising stubs
# (cells tagged raises-exception), so they run with --allow-errors.  Each notebook then records which
# code produced its outputs (checked by tests/test_notebooks.py).
notebooks: $(STAMP)
	@set -e; \
	for nb in $(LECTURES) $(SOLUTIONS); do echo "executing $$nb"; $(NBCONVERT) "$$nb"; done; \
	for nb in $(LABS); do echo "executing $$nb (errors allowed)"; $(NBCONVERT) --allow-errors "$$nb"; done
	$(PY) tests/test_notebooks.py --stamp $(ALL_NOTEBOOKS)

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .ruff_cache .hypothesis
	find . -path ./.git -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print0 | xargs -0 rm -rf
