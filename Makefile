# mmlib -- developer entry points.  `make lab` and `make test` are all you need.
SHELL := /bin/bash
.DEFAULT_GOAL := lab

VENV    := .venv
PY      := $(VENV)/bin/python
PIP     := $(VENV)/bin/pip
STAMP   := $(VENV)/.installed
# `make lab` needs less than `make test`: the package, JupyterLab and jupytext, numba and networkx.
LAB_STAMP := $(VENV)/.installed-lab

# Extra arguments, e.g. `make lab LAB_ARGS=--no-browser` or `make test PYTEST_ARGS='-k alpha'`.
LAB_ARGS    ?=
PYTEST_ARGS ?=

# The file browser shows students the notebooks, not their .md twins (jupytext still syncs them);
# the first five patterns are jupyter_server's defaults.
HIDE_GLOBS := ["__pycache__", "*.pyc", "*.pyo", ".DS_Store", "*~", "[0-9][0-9]_*.md"]

# JupyterLab refuses to run as root without this flag.
ROOT_ARGS := $(if $(filter 0,$(shell id -u)),--allow-root)

# Only lint paths that exist.
RUFF_PATHS := $(wildcard mmlib tests benchmarks notebooks instructor site)

# Every notebook, validated by strict nbval.  The lectures are jupytext pairs (NN_name.ipynb + NN_name.md);
# the student labs are written without outputs from instructor/labs/*.md, with their solutions beside the
# sources in instructor/solutions/.
LECTURES      := $(sort $(wildcard notebooks/[0-9]*.ipynb))
LABS          := $(sort $(wildcard notebooks/labs/*.ipynb))
SOLUTIONS     := $(sort $(wildcard instructor/solutions/*.ipynb))
ALL_NOTEBOOKS := $(LECTURES) $(LABS) $(SOLUTIONS)

# A fixed environment for executing notebooks: the same matplotlib backend (the kernel's inline default)
# and the same hash seed whether a notebook runs in `make notebooks`, under nbval or in JupyterLab.
export PYTHONHASHSEED := 0
unexport MPLBACKEND

# Strict nbval: every output of every cell is compared, except cells tagged nbval-ignore-output;
# tests/notebooks/nbval_sanitize.cfg says what is compared and rewrites addresses, timings and temp paths.
NBVAL_ARGS ?= --nbval --nbval-current-env --nbval-sanitize-with tests/notebooks/nbval_sanitize.cfg \
              --nbval-cell-timeout=120 --nbval-kernel-startup-timeout=120

# Lecture 03, the one with the most explorers (BROWSER_NOTEBOOKS; tests/conftest.py holds the same list), is executed by
# "Run All" in JupyterLab (tests/e2e/test_browser.py), whose outputs are compared with the stored ones exactly as
# strict nbval compares them (tests/notebooks/nbval_compare.py); nbval executes it itself only where there
# is no chromium for the browser tests (which skip there, outside CI).  nbval executes every other notebook
# (`make test-long` runs them all in JupyterLab too).  (Leaving the browser tests out, e.g. MARKS='not long and not browser', leaves the lectures'
# outputs unchecked: add NBVAL_NOTEBOOKS='$(ALL_NOTEBOOKS)'.)
BROWSER_NOTEBOOKS := notebooks/03_alpha_beta_pruning.ipynb
NBVAL_NOTEBOOKS   := $(if $(shell command -v chromium 2>/dev/null),$(filter-out $(BROWSER_NOTEBOOKS),$(ALL_NOTEBOOKS)),$(ALL_NOTEBOOKS))

# The one pytest invocation used by `make test`: unit tests (incl. the browser and packaging tests),
# the package doctests and strict nbval over every notebook (above), with one summary line.
# Three workers on two cores, each taking whole files (a notebook's cells run in order in one kernel; a
# browser test file keeps its JupyterLab), the longest first (tests/conftest.py): the third uses the time
# a worker spends waiting on the browser.  `make test TEST_WORKERS=2` for a machine with less memory.
# `make test` leaves out the long set (MARKS; tests/conftest.py lists it and why): the held-out grading
# campaign, nbgrader and grading on every lab where one lab is run, the fresh cases on 30 seeds where 2 are
# run, every notebook's screenshots, the website, the handout, Notebook 7, a save and reopen, a fresh
# virtualenv from the wheel and a Dask cluster.  `make test-long` runs exactly those; CI runs both.
TEST_WORKERS ?= 3
MARKS        ?= not long
PYTEST := $(PY) -m pytest -p no:randomly -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder \
          --doctest-modules tests mmlib \
          $(wildcard instructor/*.py) $(NBVAL_ARGS) $(NBVAL_NOTEBOOKS)

# Executing one notebook in place (kernel python3 = this venv's kernel, as recorded in every notebook).
# Widget state is stored, so explorers show their last view in a notebook nobody has run yet.
NBCONVERT := $(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace \
             --ExecutePreprocessor.kernel_name=python3 --ExecutePreprocessor.timeout=300 \
             --ExecutePreprocessor.store_widget_state=True --ExecutePreprocessor.record_timing=False
# Then one pass that joins the pieces of printed text a cell wrote in several flushes into one output, as
# JupyterLab shows them (the website, the handout and a reader of the .ipynb see whole lines).
COALESCE  := $(VENV)/bin/jupyter nbconvert --to notebook --inplace --log-level=WARN \
             --CoalesceStreamsPreprocessor.enabled=True
JUPYTEXT  := $(VENV)/bin/jupytext

.PHONY: lab notebook test test-long check bench notebooks execute clean install release grade exam gradescope distribution site handout lite

$(PY):
	python3 -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e '.[test]'
	touch $@

$(LAB_STAMP): pyproject.toml | $(PY)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e '.[lab,fast,graphs]'
	touch $@

install: $(STAMP)

# JupyterLab as students open it: jupyter/student/ comes first on the configuration path and switches off
# the instructor's tools (nbgrader's menus, "Create Assignment" panel and server extensions), which
# `make test` installs into the same environment.
STUDENT_CONFIG := $(CURDIR)/jupyter/student
lab: $(LAB_STAMP)
	JUPYTER_CONFIG_PATH='$(STUDENT_CONFIG)' $(VENV)/bin/jupyter lab --notebook-dir=notebooks $(ROOT_ARGS) \
	  '--ContentsManager.hide_globs=$(HIDE_GLOBS)' $(LAB_ARGS)

# The same course in the Jupyter Notebook 7 interface (the one many university hubs open by default).
notebook: $(LAB_STAMP)
	JUPYTER_CONFIG_PATH='$(STUDENT_CONFIG)' $(VENV)/bin/jupyter notebook --notebook-dir=notebooks $(ROOT_ARGS) \
	  '--ContentsManager.hide_globs=$(HIDE_GLOBS)' $(LAB_ARGS)

test: $(STAMP)
	$(VENV)/bin/ruff check $(RUFF_PATHS)
	$(VENV)/bin/mypy
	$(PYTEST) -m "$(MARKS)" $(PYTEST_ARGS)

# The long set (above): after `make test`, the same environment (the website, handout and Notebook 7 tests
# build what they need).
test-long: $(STAMP) $(if $(shell command -v npm 2>/dev/null),$(AXE_JS) $(MATHJAX_JS))
	$(PYTEST) -m long $(PYTEST_ARGS)

# The quick loop while changing code (under a minute on two free cores): lint, types, and the unit tests and
# doctests on both cores -- no notebooks, no browser, and none of the tests marked slow (each takes a second
# or more: grading, process isolation, fuzzing, big property runs, whole drawings and exams).  `make test`
# runs them all.
check: $(STAMP)
	$(VENV)/bin/ruff check $(RUFF_PATHS)
	$(VENV)/bin/mypy
	$(PY) -m pytest -q -p no:randomly -p no:nbval -n 2 -m "not browser and not slow" --doctest-modules tests mmlib \
	  $(wildcard instructor/*.py) $(PYTEST_ARGS)

# axe-core, the accessibility checker the browser tests inject into JupyterLab, from npm into build/axe/
# (gitignored).  `make test` installs it whenever npm is present; without npm the accessibility tests skip
# (outside CI) or fail (CI=true).
AXE_VERSION := 4.11.4
AXE_JS      := build/axe/node_modules/axe-core/axe.min.js
$(AXE_JS):
	mkdir -p build/axe
	npm install --prefix build/axe --no-save --no-audit --no-fund --loglevel=error axe-core@$(AXE_VERSION)
# MathJax from npm as well, for the website (below) and its browser test.
MATHJAX_VERSION := 3.2.2
MATHJAX_JS      := build/mathjax/node_modules/mathjax/es5/tex-svg-full.js
test: $(if $(shell command -v npm 2>/dev/null),$(AXE_JS) $(MATHJAX_JS))

# The course website: `make site REPOSITORY=owner/name` writes build/site/html/ (site/build.py: Jupyter Book over
# the notebooks as stored, nothing executed) for the students' repository, never this one (it holds the
# solutions): the students' distribution goes into build/site-course/ first, and the website, the browser-tab
# build (site/lite.py) and every launch button (Binder, browser tab) are made from it and open REPOSITORY.
# MathJax from npm is served by the site itself, so its pages need no network.
$(MATHJAX_JS):
	mkdir -p build/mathjax
	npm install --prefix build/mathjax --no-save --no-audit --no-fund --loglevel=error mathjax@$(MATHJAX_VERSION)

SITE_COURSE := build/site-course
.PHONY: students-repository
students-repository:
	@test -n "$(REPOSITORY)" || { echo "make site REPOSITORY=owner/name: the website launches the students' repository \
	(make distribution writes it), never this one, which holds the solutions and hidden tests"; exit 2; }

site: students-repository $(STAMP) $(if $(shell command -v npm 2>/dev/null),$(MATHJAX_JS))
	$(COURSE) distribute "$(SITE_COURSE)" --repository "$(REPOSITORY)" --force
	$(PY) site/lite.py --course "$(SITE_COURSE)" $(if $(PYODIDE),--pyodide "$(PYODIDE)")
	$(PY) site/build.py --course "$(SITE_COURSE)"

# The course in the browser: `make lite` writes build/lite/site/ (site/lite.py: JupyterLite, Pyodide's core
# from npm, mmlib's wheel; rebuilt only when something changed).  Serve it with
# `python3 -m http.server -d build/lite/site` and open lab/index.html.  Built from this checkout to try it
# here; `make lite REPOSITORY=owner/name` builds it from the students' distribution, to publish.
# PYODIDE=<path or URL of Pyodide's full release tarball> self-hosts the whole distribution (numpy, matplotlib,
# networkx included).
LITE_STAMP := $(VENV)/.installed-lite
$(LITE_STAMP): pyproject.toml | $(PY)
	$(PIP) install -q -e '.[lite]'
	touch $@

PYODIDE ?=
lite: $(if $(REPOSITORY),$(STAMP),$(LITE_STAMP))
	$(if $(REPOSITORY),$(COURSE) distribute "$(SITE_COURSE)" --repository "$(REPOSITORY)" --force)
	$(PY) site/lite.py $(if $(REPOSITORY),--course "$(SITE_COURSE)") $(if $(PYODIDE),--pyodide "$(PYODIDE)")

# The printed handout: one PDF per lecture in build/handout/ (site/handout.py: nbconvert's web PDF template
# printed by the system's chromium), with the stored figures and the explorers' still pictures.
HANDOUT_STAMP := $(VENV)/.installed-handout
$(HANDOUT_STAMP): pyproject.toml | $(PY)
	$(PIP) install -q -e '.[handout]'
	touch $@

handout: $(HANDOUT_STAMP) $(if $(shell command -v npm 2>/dev/null),$(MATHJAX_JS))
	$(PY) site/handout.py $(LECTURES)

# The benchmarks, then this checkout's searches against BENCH_BASE's, side by side in one run
# (alternating processes, CPU time; ratios new / old), e.g. `make bench BENCH_BASE=v1.2`.
BENCH_BASE ?= main
bench: $(STAMP)
	$(PY) benchmarks/run.py
	$(PY) benchmarks/side_by_side.py $(BENCH_BASE) --runs 3

# Write the student labs and solutions from their sources (student labs are stored without outputs),
# refresh every navigation cell, execute the lectures and the solutions (they must run without errors),
# then bring each lecture's .md twin up to date.  Strict nbval in `make test` proves the stored outputs.
notebooks: $(STAMP)
	$(PY) instructor/make_labs.py
	$(PY) instructor/navigation.py
	@set -e; for nb in $(LECTURES) $(SOLUTIONS); do echo "executing $$nb"; $(NBCONVERT) "$$nb"; $(COALESCE) "$$nb"; done
	$(JUPYTEXT) --sync $(LECTURES)
	$(PY) instructor/make_labs.py    # again: the student labs store the given figures of the executed solutions

# Re-execute only the notebooks named, e.g. `make execute NB=notebooks/03_alpha_beta_pruning.ipynb`.
NB ?=
execute: $(STAMP)
	@test -n "$(NB)" || { echo 'name the notebooks: make execute NB="notebooks/NN_name.ipynb ..."'; exit 2; }
	@set -e; for nb in $(NB); do echo "executing $$nb"; $(NBCONVERT) "$$nb"; $(COALESCE) "$$nb"; done
	$(if $(filter $(LECTURES),$(NB)),$(JUPYTEXT) --sync $(filter $(LECTURES),$(NB)))

# Instructors: `make release` writes the student notebooks, the solutions and the autograders
# (release/autograder/); `make grade SUBMISSIONS=folder` grades every notebook in the folder into
# $(GRADES)/scores.csv and $(GRADES)/<submission>/results.json (see README, "For instructors").
# Every instructor's target runs `mmlib-course` (the package's mmlib.course; `mmlib-course --help`).
COURSE := $(PY) -m mmlib.course
SUBMISSIONS ?=
GRADES      ?= grades
ROSTER      ?=
GRADEBOOK_ARGS ?=
release: $(STAMP)
	$(COURSE) release

grade: $(STAMP)
	@test -n "$(SUBMISSIONS)" || { echo 'name the folder of submitted notebooks: make grade SUBMISSIONS=folder'; exit 2; }
	$(COURSE) grade "$(SUBMISSIONS)" --out "$(GRADES)"
	$(COURSE) gradebook "$(GRADES)" $(if $(ROSTER),--roster "$(ROSTER)") $(GRADEBOOK_ARGS)

# Instructors: `make tournament SUBMISSIONS=folder` lets every lab 6 agent in the folder play Connect Four
# against the others and the fixed entrants, each sealed in the grader's sandbox, and writes the leaderboard
# (index.html), per-student and per-game pages, standings.csv and gradebook.csv into $(TOURNAMENT)/.
# TOURNAMENT_ARGS passes settings, e.g. '--format swiss --rounds 9 --move-seconds 1 --scheduler tcp://host:8786'
# (`mmlib-course tournament --help` lists them).  Run it again after an interruption: finished games are kept.
TOURNAMENT      ?= tournament
TOURNAMENT_ARGS ?=
.PHONY: tournament
tournament: $(STAMP)
	@test -n "$(SUBMISSIONS)" || { echo 'name the folder of lab 6 notebooks: make tournament SUBMISSIONS=folder'; exit 2; }
	$(COURSE) tournament "$(SUBMISSIONS)" --out "$(TOURNAMENT)" $(TOURNAMENT_ARGS)

# Instructors: `make gradescope` writes one autograder zip per lab into $(GRADESCOPE)/ for a Gradescope
# programming assignment; VISIBILITY (visible, after_due_date, after_published, hidden) says when students
# see each part's score and feedback, STDOUT_VISIBILITY when they see the grader's log; GRADER_ARGS go to
# the grader on Gradescope's machines (e.g. --time-limit 300).
GRADESCOPE        ?= release/gradescope
VISIBILITY        ?= visible
STDOUT_VISIBILITY ?= hidden
GRADER_ARGS       ?=
gradescope: $(STAMP)
	$(COURSE) gradescope build --out "$(GRADESCOPE)" --visibility $(VISIBILITY) \
	  --stdout-visibility $(STDOUT_VISIBILITY) $(if $(GRADER_ARGS),'--grader-args=$(GRADER_ARGS)')

# Instructors: `make distribution REPOSITORY=owner/name` writes the students' copy of the course into
# $(DIST)/ (lectures, student labs, mmlib; no solutions, hidden tests, grader or exam tools), ready to push
# as the course's repository; its Binder links open REPOSITORY.  DIST_ARGS=--force replaces an old copy
# (its .git folder stays).
DIST       ?= build/course
REPOSITORY ?=
DIST_ARGS  ?=
distribution: $(STAMP)
	$(COURSE) distribute "$(DIST)" $(if $(REPOSITORY),--repository "$(REPOSITORY)") $(DIST_ARGS)

# Instructors: `make exam STUDENTS=roster.csv` (or `N=30`) writes one seeded alpha-beta question set per
# student into $(EXAM)/: questions and key as HTML and PDF, and moodle.xml (see README, "For instructors").
# EXAM_ARGS passes constraints, e.g. EXAM_ARGS='--depth 4 --ties --cutoff ">"'.
STUDENTS  ?=
N         ?=
SEED      ?= 0
EXAM      ?= exam
EXAM_ARGS ?=
exam: $(STAMP)
	@test -n "$(STUDENTS)$(N)" || { echo 'name the students: make exam STUDENTS=roster.csv (or N=30)'; exit 2; }
	$(COURSE) exam $(if $(STUDENTS),--students "$(STUDENTS)",--n $(N)) --seed $(SEED) --out "$(EXAM)" $(EXAM_ARGS)

clean:
	rm -rf $(VENV) build dist release *.egg-info .pytest_cache .ruff_cache .hypothesis
	find . -path ./.git -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print0 | xargs -0 rm -rf
