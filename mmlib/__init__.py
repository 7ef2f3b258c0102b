"""mmlib: a teaching lab for adversarial search.

Game trees (:mod:`mmlib.trees`), games (:mod:`mmlib.games`), instrumented search
(:mod:`mmlib.search`), what a search did, step by step (:mod:`mmlib.trace`), analysis
(:mod:`mmlib.analysis`), lab checkers (:mod:`mmlib.check`) and quiz questions
(:mod:`mmlib.quiz`) need only the standard library.  Drawings and
widgets live in :mod:`mmlib.draw` and :mod:`mmlib.widgets`; import them when you want
them (they load matplotlib, networkx and ipywidgets).

>>> from mmlib import search, trees
>>> search.alphabeta(trees.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])).value
3
"""

from . import analysis, check, errors, games, ordering, quiz, search, table, trace, trees
from .errors import MmlibError

__version__ = "0.1.0"

__all__ = ["analysis", "check", "errors", "games", "ordering", "quiz", "search", "table", "trace", "trees",
           "MmlibError", "__version__"]
